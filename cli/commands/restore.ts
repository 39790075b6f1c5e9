import path from 'node:path';
import { createStorage } from '../../server/storage/storage.ts';
import { type Command, fail, megabytes } from '../command.ts';

export const restore: Command = {
  usage: `  restore FILE [--force]       restore a backup into this instance (stop the server first); an
                               instance with content is replaced only with --force`,
  positionals: [1, 1],
  async run({ config, values, positionals }) {
    const { restoreBackup } = await import('../../server/backup/restore.ts');
    const { BadArchive, RestoreRefused } = await import('../../server/backup/archive.ts');
    const file = path.resolve(positionals[0] as string);
    const storage = await createStorage(config);
    await storage.init();
    try {
      const s = await restoreBackup({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }, storage, file, { force: values.force ?? false });
      console.log(
        `Restored ${s.rows} records in ${s.tables} tables and ${s.files} files (${megabytes(s.bytes)}) from a ${s.from === 'postgres' ? 'PostgreSQL' : 'SQLite'} backup into ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}.`,
      );
    } catch (e) {
      if (e instanceof RestoreRefused || e instanceof BadArchive) fail(`nothing restored: ${e.message}`);
      // anything else (the database unreachable, a full disk): the reason, never a stack trace; the
      // records are as they were (one transaction), and the command can be run again
      console.error(`lab: the restore failed: ${(e as Error).message}`);
      process.exit(1);
    } finally {
      await storage.close();
    }
  },
};
