import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DatabaseOptions } from '../db/database.ts';
import type { Storage } from '../storage/storage.ts';
import type { StoredFileColumn } from '../storage/file-columns.ts';
import { BackupBusy, type BackupSummary, takeBackup } from './backup.ts';
import { logActivity } from '../services/activity.ts';

// Backups the server takes by itself: one a day into BACKUP_DIR, keeping the last BACKUP_KEEP, and one
// before migrations change an existing database (docs/operations.md, "Upgrading"). Several instances
// may share BACKUP_DIR: the first to create the day's `.part` file takes it, the others skip the day.

const CHECK_EVERY_MS = 3600_000;
const FIRST_CHECK_MS = 60_000;
/** A `.part` file untouched for this long was left by a stopped process; it is removed. */
const STALE_PART_MS = 6 * 3600_000;
const DAILY = /^lab-backup-\d{4}-\d{2}-\d{2}\.tar\.gz$/;

export const dailyName = (now: Date) => `lab-backup-${now.toISOString().slice(0, 10)}.tar.gz`;

/** Takes today's backup unless it exists or another instance is taking it, then keeps the newest `keep`. */
export async function dailyBackup(
  source: DatabaseOptions,
  storage: Storage,
  dir: string,
  keep: number,
  now = new Date(),
  files?: readonly StoredFileColumn[],
): Promise<BackupSummary | undefined> {
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, dailyName(now));
  let summary: BackupSummary | undefined;
  if (!(await exists(file))) {
    const part = `${file}.part`;
    const st = await fs.stat(part).catch(() => undefined);
    if (st && now.getTime() - st.mtimeMs > STALE_PART_MS) await fs.rm(part, { force: true });
    try {
      summary = await takeBackup(source, storage, file, files);
    } catch (e) {
      if (!(e instanceof BackupBusy)) throw e;
    }
  }
  const daily = (await fs.readdir(dir)).filter((n) => DAILY.test(n)).sort();
  for (const old of daily.slice(0, Math.max(0, daily.length - keep))) await fs.rm(path.join(dir, old), { force: true });
  return summary;
}

const exists = (p: string) =>
  fs.stat(p).then(
    () => true,
    () => false,
  );

/** Runs dailyBackup within a minute of start, then every hour (a day's backup is taken once). */
export function scheduleBackups(
  app: FastifyInstance,
  source: DatabaseOptions,
  storage: Storage,
  dir: string,
  keep: number,
  firstCheckMs = FIRST_CHECK_MS,
): void {
  let running: Promise<void> | undefined;
  const check = () => {
    if (running) return;
    running = app.lab.jobs
      .time('backup', () => dailyBackup(source, storage, dir, keep, new Date(), app.lab.storedFiles))
      .then((s) => {
        if (s) app.log.info({ file: s.file, rows: s.rows, files: s.files, bytes: s.bytes, missing: s.missing.length }, 'daily backup written');
        if (s) return logActivity({ db: app.lab.db, actor: null }, { action: 'backup', resource: 'backup', record: path.basename(s.file) }).catch(() => {});
      })
      .catch((e) => {
        app.log.error({ err: e }, 'daily backup failed');
        return logActivity({ db: app.lab.db, actor: null }, { action: 'backup', resource: 'backup', outcome: 'failed' }).catch(() => {});
      })
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(check, firstCheckMs);
  const every = setInterval(check, CHECK_EVERY_MS);
  first.unref();
  every.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  });
}

/** The backup taken before migrations change a database that has data: `lab-before-{first pending migration}.tar.gz`. */
export async function backupBeforeUpgrade(source: DatabaseOptions, storage: Storage, dir: string, firstPending: string): Promise<BackupSummary | undefined> {
  const file = path.join(dir, `lab-before-${firstPending}.tar.gz`);
  if (await exists(file)) return undefined;
  try {
    return await takeBackup(source, storage, file);
  } catch (e) {
    // another instance starting at the same moment takes it
    if (e instanceof BackupBusy) return undefined;
    throw e;
  }
}
