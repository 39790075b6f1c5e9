import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

// `npm start`: one process serving the API, the stored files and the pages.
const config = loadConfig();
const app = await buildApp({ config, logger: true });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(() => process.exit(0));
  });
}
await app.listen({ port: config.port, host: config.host });
if (config.production && !config.publicUrl && config.allowedHosts.length === 0) {
  app.log.warn('PUBLIC_URL is not set: canonical links, the sitemap and feeds name the listening address (docs/security.md)');
}
