import { buildApp } from '../../server/app.ts';
import type { Command } from '../command.ts';
import { demoConfig, printCredentials, seed } from '../demo/instance.ts';

export const demo: Command = {
  usage: '  demo                         seed the demo lab if the database is empty, then start the site',
  async run({ config: loaded }) {
    const config = demoConfig(loaded);
    const { seeded } = await seed(config);
    const app = await buildApp({ config, logger: false });
    await app.listen({ port: config.port, host: config.host });
    console.log(
      `${seeded ? 'Seeded the demo lab. ' : ''}The site runs at http://${config.host}:${app.server.address() && typeof app.server.address() === 'object' ? (app.server.address() as { port: number }).port : config.port}${config.basePath}/`,
    );
    console.log(`Log in at ${config.basePath}/login with:`);
    printCredentials(config.dataDir, config);
    console.log(`API documentation: ${config.basePath}/api/docs   Stop with Ctrl+C.`);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close().then(() => process.exit(0)));
  },
};
