import { createHash } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { createDatabase, type DatabaseOptions, type DB, isPostgres } from '../db/database.ts';
import { loose } from '../db/schema.ts';
import { type Bucket, buckets, type Storage } from '../storage/storage.ts';
import { bucketOf, type StoredFileColumn, storedFiles } from '../storage/file-columns.ts';
import { FORMAT, FORMAT_VERSION, fileEntry, HEADER, type Header, isCellValue, MANIFEST, type Manifest, tableEntry } from './archive.ts';
import { readSequences, schemaVersion, type TableInfo, tablesOf } from './tables.ts';

// `lab backup` and the daily backups (server/backup/schedule.ts): a consistent snapshot of every table,
// read in one transaction on a connection of its own while the site keeps serving and writing (SQLite
// in WAL mode gives that reader a fixed snapshot; PostgreSQL a REPEATABLE READ transaction), then every
// file its records point at. Stored files never change and a removed one waits a day before it is
// deleted (server/storage/storage.ts), so each file the snapshot names is still there to copy.

const PAGE = 1000;

export type BackupSummary = { file: string; schema: string; tables: number; rows: number; files: number; bytes: number; missing: Manifest['missing'] };

/** Another backup is being written to the same file now. */
export class BackupBusy extends Error {}

type Dumped = { table: TableInfo; staged: string; rows: number; sha256: string };

/** Writes one table to a JSON-lines file, page by page in primary-key order; notes the file keys it holds. */
/**
 * Tables whose rows a backup leaves out: the members' TOTP seeds (and their recovery codes' hashes). A backup is
 * copied off the server and kept for long; with the password hashes, the seeds would hand a reader of a leaked copy
 * both factors. After a restore every two-factor login is off: members turn it on again, administrators are sent to
 * enrolment where the site requires it (docs/decisions/058-security-third-round.md).
 */
const NOT_BACKED_UP: ReadonlySet<string> = new Set(['two_factor']);

async function dumpTable(db: DB, table: TableInfo, staged: string, keys: Map<string, Set<string>>, files: readonly StoredFileColumn[]): Promise<Dumped> {
  const hash = createHash('sha256');
  const out = fsSync.createWriteStream(staged, { flags: 'wx' });
  const fileColumns = files.filter((f) => f.table === table.name);
  let rows = 0;
  try {
    for (let offset = 0; !NOT_BACKED_UP.has(table.name); offset += PAGE) {
      // the tables as the database lists them, so the loose view (db/schema.ts)
      let q = loose(db).selectFrom(table.name).select(table.columns);
      for (const k of table.primaryKey) q = q.orderBy(k);
      const page = await q.limit(PAGE).offset(offset).execute();
      let chunk = '';
      for (const row of page) {
        const values = table.columns.map((c) => row[c] ?? null);
        const bad = values.findIndex((v) => !isCellValue(v));
        if (bad >= 0) throw new Error(`${table.name}.${table.columns[bad]} holds a value a backup cannot carry`);
        chunk += `${JSON.stringify(values)}\n`;
        for (const f of fileColumns) {
          const key = row[f.column];
          const bucket = bucketOf(f, row);
          if (typeof key === 'string' && key !== '' && bucket) keys.get(bucket)?.add(key);
        }
      }
      rows += page.length;
      hash.update(chunk);
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
      if (page.length < PAGE) break;
      // one page at a time, so a backup in the server's own process leaves it time to answer
      await new Promise((r) => setImmediate(r));
    }
  } finally {
    await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  }
  return { table, staged, rows, sha256: hash.digest('hex') };
}

/** Reads every table in one snapshot. */
async function snapshot(source: DatabaseOptions, staging: string, files: readonly StoredFileColumn[]) {
  const db = createDatabase(source);
  try {
    const read = async (trx: DB) => {
      const schema = await schemaVersion(trx);
      if (!schema) throw new Error('the database has no schema yet: nothing to back up');
      const tables = await tablesOf(trx);
      const sequences = await readSequences(trx, tables);
      const keys = new Map<string, Set<string>>(buckets.map((b) => [b, new Set<string>()]));
      const dumped: Dumped[] = [];
      for (const t of tables) dumped.push(await dumpTable(trx, t, path.join(staging, `${t.name}.jsonl`), keys, files));
      return { schema, dumped, sequences, keys, database: isPostgres(trx) ? ('postgres' as const) : ('sqlite' as const) };
    };
    return isPostgres(db)
      ? await db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(read)
      : await db.transaction().execute(read);
  } finally {
    await db.destroy();
  }
}

/** Adds one file (a local path, or a stored file's stream) to the archive, hashing it on the way; its size must be what it was when listed. */
async function addFile(pack: tar.Pack, name: string, from: string | Readable, size: number): Promise<string> {
  const hash = createHash('sha256');
  let seen = 0;
  const input = typeof from === 'string' ? fsSync.createReadStream(from) : from;
  input.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    seen += chunk.length;
  });
  await pipeline(input, pack.entry({ name, size, mode: 0o600 }));
  if (seen !== size) throw new Error(`${name} changed while it was copied`);
  return hash.digest('hex');
}

/**
 * Writes a backup of the instance (database `source`, files of `storage`) to `file`. The archive is
 * written beside it as `file.part` and renamed when complete, so a file of that name is always whole.
 */
export async function takeBackup(
  source: DatabaseOptions,
  storage: Storage,
  file: string,
  /** The columns that keep stored files: the app's served resources' (every declared one's unless given). */
  files: readonly StoredFileColumn[] = storedFiles,
): Promise<BackupSummary> {
  const part = `${file}.part`;
  let out: fsSync.WriteStream;
  try {
    await fs.mkdir(path.dirname(file), { recursive: true });
    const handle = await fs.open(part, 'wx', 0o600);
    out = handle.createWriteStream();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw new BackupBusy(`${part} exists: another backup is being written there`);
    throw e;
  }
  const staging = path.join(storage.tmpDir, `backup-${path.basename(file).replace(/[^\w.-]/g, '_')}`);
  let written = false;
  try {
    await fs.mkdir(staging, { recursive: true });
    const snap = await snapshot(source, staging, files);
    const pack = tar.pack();
    const done = pipeline(pack, createGzip({ level: 6 }), out);
    done.catch(() => {});
    const header: Header = { format: FORMAT, version: FORMAT_VERSION, schema: snap.schema, database: snap.database, createdAt: new Date().toISOString() };
    pack.entry({ name: HEADER, mode: 0o600 }, JSON.stringify(header, null, 2));
    const manifest: Manifest = { tables: [], sequences: snap.sequences, files: [], missing: [] };
    for (const d of snap.dumped) {
      const size = (await fs.stat(d.staged)).size;
      await addFile(pack, tableEntry(d.table.name), d.staged, size);
      manifest.tables.push({ name: d.table.name, columns: d.table.columns, rows: d.rows, sha256: d.sha256 });
      await fs.rm(d.staged);
    }
    let bytes = 0;
    for (const [bucket, keys] of snap.keys) {
      for (const key of [...keys].sort()) {
        const at = await storage.openKept(bucket as Bucket, key);
        if (!at) {
          manifest.missing.push({ bucket: bucket as Bucket, key });
          continue;
        }
        const size = at.size;
        const sha256 = await addFile(pack, fileEntry(bucket, key), at.stream, size);
        manifest.files.push({ bucket: bucket as Bucket, key, size, sha256 });
        bytes += size;
      }
    }
    pack.entry({ name: MANIFEST, mode: 0o600 }, JSON.stringify(manifest));
    pack.finalize();
    await done;
    const fd = await fs.open(part, 'r');
    await fd.sync().finally(() => fd.close());
    await fs.rename(part, file);
    written = true;
    return {
      file,
      schema: snap.schema,
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((n, t) => n + t.rows, 0),
      files: manifest.files.length,
      bytes,
      missing: manifest.missing,
    };
  } finally {
    if (!written) {
      out.destroy();
      await fs.rm(part, { force: true });
    }
    await fs.rm(staging, { recursive: true, force: true });
  }
}
