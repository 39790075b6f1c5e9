import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

// `npm start`: one process serving the API, the stored files and the pages.

/** A start that failed (a setting, the database, the bucket, the port): one line saying why, no stack, exit 1. */
function refuseToStart(e: unknown): never {
  const why = (e instanceof Error ? e.message : String(e)).replace(/\r?\n/g, ' ');
  process.stderr.write(`the site did not start: ${why}\n`);
  process.exit(1);
}

const config = await Promise.resolve()
  .then(() => loadConfig())
  .catch(refuseToStart);
const app = await buildApp({ config, logger: true }).catch(refuseToStart);

/** How long a stop may take: requests in flight get this long to finish (systemd waits 30 s). */
const STOP_WITHIN_MS = 10_000;

// SIGTERM/SIGINT: take no new requests (new connections are refused, idle keep-alive ones closed at
// once), let the ones in flight finish, close the database and exit; past STOP_WITHIN_MS, exit anyway.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'stopping: finishing the requests in flight');
    setTimeout(() => {
      app.log.warn(`requests still in flight after ${STOP_WITHIN_MS / 1000} s: exiting without them`);
      process.exit(1);
    }, STOP_WITHIN_MS).unref();
    app.close().then(
      () => process.exit(0),
      (e) => {
        app.log.error({ err: e }, 'stopping failed');
        process.exit(1);
      },
    );
  });
}
await app.listen({ port: config.port, host: config.host }).catch(refuseToStart);
if (config.production && !config.publicUrl && config.allowedHosts.length === 0) {
  app.log.warn('PUBLIC_URL is not set: canonical links, the sitemap and feeds name the listening address (docs/security.md)');
}
