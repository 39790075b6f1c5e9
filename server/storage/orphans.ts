import type { FastifyInstance } from 'fastify';
import type { DB } from '../db/database.ts';
import { loose } from '../db/schema.ts';
import { type Bucket, buckets, type Storage } from './storage.ts';
import { bucketOf, type StoredFileColumn, storedFiles } from './file-columns.ts';

// Stored files that no record points at: a write stores its file before its records commit (a record never
// points at a file that is not there, server/services/media.ts), so a process killed in between (kill -9, a
// power cut) leaves the file behind, and so does one killed after a commit and before the replaced file left.
// The sweep takes such files out of their buckets, on the disk as in a bucket: into removed/, where they
// wait their day like any removed file (a backup of an older snapshot may still want them), then go.
//
// A file younger than the grace period is left alone: its write may still be under way (the stored file
// comes first, the records a moment later). An hour is far longer than any write takes. The keys are read
// before the files are listed, so a file stored after that read is younger than the grace period.

/** How old a file no record points at must be before the sweep takes it (a write under way is younger). */
export const ORPHAN_GRACE_MS = 3600_000;

/** Every `bucket/key` a record, a revision or the trash points at (the columns of storage.ts's storedFiles). */
export async function referencedFiles(db: DB, files: readonly StoredFileColumn[] = storedFiles): Promise<Set<string>> {
  const held = new Set<string>();
  for (const f of files) {
    const columns = typeof f.bucket === 'string' ? [f.column] : [f.column, f.bucket.column];
    // tables and columns named by storage.ts: the loose view (db/schema.ts)
    const rows = await loose(db).selectFrom(f.table).select(columns).where(f.column, 'is not', null).execute();
    for (const row of rows) {
      const key = row[f.column];
      const bucket = bucketOf(f, row);
      if (typeof key === 'string' && key !== '' && bucket) held.add(`${bucket}/${key}`);
    }
  }
  return held;
}

export type SweepResult = { orphans: { bucket: Bucket; key: string; size: number }[]; kept: number };

/** Takes the files no record points at, older than `graceMs`, out of their buckets (into removed/). */
export async function sweepOrphans(
  db: DB,
  storage: Storage,
  opts: { graceMs?: number; now?: number; files?: readonly StoredFileColumn[] } = {},
): Promise<SweepResult> {
  const graceMs = opts.graceMs ?? ORPHAN_GRACE_MS;
  const now = opts.now ?? Date.now();
  const held = await referencedFiles(db, opts.files);
  const result: SweepResult = { orphans: [], kept: 0 };
  for (const bucket of buckets) {
    const leaving: { key: string; size: number }[] = [];
    for await (const f of storage.files(bucket)) {
      if (held.has(`${bucket}/${f.key}`)) result.kept++;
      else if (now - f.modified >= graceMs) leaving.push(f);
    }
    for (const f of leaving) {
      await storage.remove(bucket, f.key);
      result.orphans.push({ bucket, key: f.key, size: f.size });
    }
  }
  return result;
}

/** The sweep of each server, hourly (the first an hour after the start); returns what stops it. */
export function scheduleOrphanSweep(app: FastifyInstance): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = app.lab.jobs
      .time('storage-sweep', async () => {
        const { orphans } = await sweepOrphans(app.lab.db, app.lab.storage, { files: app.lab.storedFiles });
        if (orphans.length) app.log.warn({ orphans: orphans.length }, 'stored files no record points at were taken out of their buckets');
      })
      .catch((e: unknown) => app.log.error({ err: e }, 'the stored files could not be swept'));
  }, ORPHAN_GRACE_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
