import path from 'node:path';
import { createDatabase } from '../../server/db/database.ts';
import { logActivity } from '../../server/services/activity.ts';
import { createStorage } from '../../server/storage/storage.ts';
import { type Command, type Config, fail, megabytes } from '../command.ts';

/** A backup taken at the machine, in the activity log (best effort: the backup is written either way). */
async function logBackup(config: Config, file: string): Promise<void> {
  const db = createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await logActivity({ db, actor: null }, { action: 'backup', resource: 'backup', record: file, detail: ['lab backup'] });
  } catch {
    // an instance older than the activity log has no table for it
  } finally {
    await db.destroy();
  }
}

export const backup: Command = {
  usage: `  backup [FILE]                write a backup of the database and every stored file, while the site
                               runs (default FILE: lab-backup-DATE-TIME.tar.gz in BACKUP_DIR or here)`,
  positionals: [0, 1],
  async run({ config, positionals }) {
    const { takeBackup } = await import('../../server/backup/backup.ts');
    const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
    const file = path.resolve(positionals[0] ?? path.join(config.backupDir ?? '.', `lab-backup-${stamp}.tar.gz`));
    const storage = await createStorage(config);
    await storage.init();
    try {
      const s = await takeBackup({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }, storage, file);
      console.log(`Backup written to ${s.file}: ${s.rows} records in ${s.tables} tables, ${s.files} files (${megabytes(s.bytes)}), schema ${s.schema}.`);
      await logBackup(config, path.basename(s.file));
      for (const m of s.missing) console.warn(`warning: a record points at files/${m.bucket}/${m.key}, which this instance does not have`);
    } catch (e) {
      fail(`no backup written: ${(e as Error).message}`);
    } finally {
      await storage.close();
    }
  },
};
