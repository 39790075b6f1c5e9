import type { Command } from '../command.ts';
import { demoConfig, printCredentials, seed } from '../demo/instance.ts';

export const seedDemo: Command = {
  usage: '  seed-demo                    seed the demo lab into an empty database and exit',
  async run({ config: loaded }) {
    const config = demoConfig(loaded);
    const { seeded } = await seed(config);
    console.log(
      seeded ? `Demo content written to ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}.` : 'The database has content already; nothing seeded.',
    );
    printCredentials(config.dataDir, config);
  },
};
