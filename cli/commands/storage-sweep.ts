import { createDatabase, migrate } from '../../server/db/database.ts';
import { createStorage } from '../../server/storage/storage.ts';
import { type Command, fail } from '../command.ts';

export const storageSweep: Command = {
  usage: `  storage sweep [--older-than MINUTES]
                               take the stored files no record points at (a write killed before its
                               commit) out of their buckets; they wait a day in removed/ (default 60)`,
  async run({ config, values }) {
    const { sweepOrphans } = await import('../../server/storage/orphans.ts');
    const minutes = values['older-than'] === undefined ? 60 : Number(values['older-than']);
    if (!Number.isFinite(minutes) || minutes < 0) fail('--older-than takes a number of minutes (0 or more)');
    if (minutes < 60) console.warn('warning: a file younger than an hour may belong to a write under way: use this with the servers stopped');
    const db = createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    const storage = await createStorage(config);
    try {
      await migrate(db);
      await storage.init();
      const r = await sweepOrphans(db, storage, { graceMs: minutes * 60_000 });
      for (const o of r.orphans) console.log(`taken out: ${o.bucket}/${o.key} (${o.size} bytes), waits a day in removed/`);
      console.log(`${r.orphans.length} stored files no record points at were taken out of ${storage.where}; ${r.kept} are in use.`);
    } catch (e) {
      console.error(`lab: the sweep failed: ${(e as Error).message}`);
      process.exit(1);
    } finally {
      await storage.close();
      await db.destroy();
    }
  },
};
