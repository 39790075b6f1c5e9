import { createHash } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { createDatabase, type DatabaseOptions, type DB, migrate } from '../db/database.ts';
import { loose } from '../db/schema.ts';
import { type Bucket, buckets, Storage } from '../storage/storage.ts';
import { bucketOf, storedFiles } from '../storage/file-columns.ts';
import {
  BadArchive,
  FORMAT_VERSION,
  fileEntry,
  HEADER,
  type Header,
  headerSchema,
  isCellValue,
  MANIFEST,
  type Manifest,
  manifestSchema,
  RestoreRefused,
  tableEntry,
} from './archive.ts';
import { schemaVersion, type TableInfo, tablesOf, writeSequences } from './tables.ts';

// `lab restore <file> [--force]`. In order, so that stopping at any point leaves the instance as it was
// or whole:
//   1. refuse while a server runs on DATA_DIR, and refuse a non-empty instance without --force;
//   2. unpack the archive into this process's temporary folder, checking every SHA-256, the schema
//      version and that every record's file is there, before anything of the instance is touched;
//   3. move the files into their buckets (new names beside the old; nothing points at them yet);
//   4. in ONE transaction: empty every table, insert every row, set the id counters; commit;
//   5. only then, when --force replaced records, take the files no restored record points at out of
//      the buckets.
// A crash before 4 commits leaves the old records (or an empty instance, which a new restore takes).

/** One entry of the archive as tar-stream reads it. */
type Entry = tar.Extract extends AsyncIterable<infer E> ? E : never;

const JSON_ENTRY_MAX = 64 * 1024 * 1024;
const BATCH = 200;
/**
 * What an archive may unpack to, counted as it is read: its manifest comes last, so
 * until then nothing says how much is coming. JSON lines compress about 10 to 20 times and stored files
 * hardly at all; gzip can reach 1000. A few MB, and 50 times the archive's size, are far above any real
 * backup and keep a small hostile archive from filling the disk before its missing manifest is noticed.
 */
const UNPACK_SLACK = 2 * 1024 * 1024;
const UNPACK_RATIO = 50;

export type RestoreSummary = { schema: string; from: Header['database']; tables: number; rows: number; files: number; bytes: number };
export type RestoreOptions = { force?: boolean };

/** A test's way to stop the process at a named step (tests/e2e/crash.test.ts); unset in real use. */
function failpoint(name: string): void {
  if (process.env.LAB_FAILPOINT === name) process.kill(process.pid, 'SIGKILL');
}

type Staged = {
  header: Header;
  manifest: Manifest;
  dir: string;
  tables: Map<string, { path: string; sha256: string; lines: number }>;
  files: Map<string, { path: string; size: number; sha256: string }>;
};

/** Counts the bytes unpacked so far against the archive's budget; throws past it. */
type Budget = (bytes: number) => void;

async function readSmall(entry: Entry, budget: Budget): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of entry) {
    const c = chunk as Buffer;
    budget(c.length);
    size += c.length;
    if (size > JSON_ENTRY_MAX) throw new BadArchive(`${entry.header.name} is too large`);
    chunks.push(c);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new BadArchive(`${entry.header.name} is not valid JSON`);
  }
}

/** Writes an entry to `to`, returning its SHA-256, size and number of lines; stops past the budget. */
async function stageEntry(entry: Entry, to: string, budget: Budget) {
  const hash = createHash('sha256');
  let size = 0;
  let lines = 0;
  // each chunk is counted before it is written: past the budget, the pipeline fails with nothing more written
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      try {
        budget(chunk.length);
      } catch (e) {
        done(e as Error);
        return;
      }
      hash.update(chunk);
      size += chunk.length;
      for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
      done(null, chunk);
    },
  });
  await pipeline(entry, count, fsSync.createWriteStream(to, { flags: 'wx', mode: 0o600 }));
  return { sha256: hash.digest('hex'), size, lines };
}

/** Unpacks and checks the archive; nothing of the instance is touched. */
async function unpack(file: string, dir: string, expectSchema: string): Promise<Staged> {
  await fs.mkdir(path.join(dir, 'db'), { recursive: true });
  for (const b of buckets) await fs.mkdir(path.join(dir, 'files', b), { recursive: true });
  const staged: Staged = { header: undefined as unknown as Header, manifest: undefined as unknown as Manifest, dir, tables: new Map(), files: new Map() };
  const limit = UNPACK_SLACK + UNPACK_RATIO * (await fs.stat(file)).size;
  let unpacked = 0;
  const budget: Budget = (bytes) => {
    unpacked += bytes;
    if (unpacked > limit)
      throw new BadArchive(`the archive unpacks to more than ${UNPACK_RATIO} times its size before its ${MANIFEST}: not a backup this site wrote`);
  };
  const extract = tar.extract();
  const reading = pipeline(fsSync.createReadStream(file), createGunzip(), extract);
  reading.catch(() => {});
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (entry.header.type !== 'file') throw new BadArchive(`${name}: not a plain file`);
      if (!staged.header) {
        if (name !== HEADER) throw new BadArchive(`not a lab backup (${HEADER} is not its first entry)`);
        const h = headerSchema.safeParse(await readSmall(entry, budget));
        if (!h.success) throw new BadArchive(`not a lab backup (${HEADER} is not one)`);
        if (h.data.version > FORMAT_VERSION)
          throw new RestoreRefused(`this backup was made by a newer version of the site (format ${h.data.version}); upgrade first`);
        if (h.data.schema !== expectSchema) {
          throw new RestoreRefused(
            h.data.schema > expectSchema
              ? `this backup was made by a newer version of the site (schema ${h.data.schema}, this one knows ${expectSchema}); upgrade the site first`
              : `this backup was made by an older version of the site (schema ${h.data.schema}); restore it with that version, then start this one to upgrade`,
          );
        }
        staged.header = h.data;
        continue;
      }
      if (staged.manifest) throw new BadArchive(`${name} after ${MANIFEST}`);
      if (name === MANIFEST) {
        const m = manifestSchema.safeParse(await readSmall(entry, budget));
        if (!m.success) throw new BadArchive(`${MANIFEST} is damaged`);
        staged.manifest = m.data;
        continue;
      }
      const table = /^db\/([a-z_][a-z0-9_]{0,62})\.jsonl$/.exec(name)?.[1];
      const stored = /^files\/([a-z]+)\/([^/]+)$/.exec(name);
      if (table) {
        if (staged.tables.has(table)) throw new BadArchive(`${name} twice`);
        const to = path.join(dir, 'db', `${table}.jsonl`);
        const s = await stageEntry(entry, to, budget);
        staged.tables.set(table, { path: to, sha256: s.sha256, lines: s.lines });
      } else if (stored && buckets.includes(stored[1] as Bucket) && Storage.isKey(stored[2] as string)) {
        if (staged.files.has(name)) throw new BadArchive(`${name} twice`);
        const to = path.join(dir, 'files', stored[1] as string, stored[2] as string);
        const s = await stageEntry(entry, to, budget);
        staged.files.set(name, { path: to, size: s.size, sha256: s.sha256 });
      } else {
        throw new BadArchive(`${name}: not an entry a backup holds`);
      }
    }
    await reading;
  } catch (e) {
    if (e instanceof BadArchive || e instanceof RestoreRefused) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') throw e;
    throw new BadArchive(`the archive is damaged or not a backup (${(e as Error).message})`);
  }
  if (!staged.header) throw new BadArchive('the archive is empty');
  if (!staged.manifest) throw new BadArchive(`the archive ends before its ${MANIFEST}: it is incomplete`);
  for (const t of staged.manifest.tables) {
    const s = staged.tables.get(t.name);
    if (!s) throw new BadArchive(`${tableEntry(t.name)} is missing`);
    if (s.sha256 !== t.sha256 || s.lines !== t.rows) throw new BadArchive(`${tableEntry(t.name)} does not match its checksum`);
  }
  if (staged.tables.size !== staged.manifest.tables.length) throw new BadArchive('the archive holds a table its manifest does not list');
  for (const f of staged.manifest.files) {
    const s = staged.files.get(fileEntry(f.bucket, f.key));
    if (!s) throw new BadArchive(`${fileEntry(f.bucket, f.key)} is missing`);
    if (s.size !== f.size || s.sha256 !== f.sha256) throw new BadArchive(`${fileEntry(f.bucket, f.key)} does not match its checksum`);
  }
  if (staged.files.size !== staged.manifest.files.length) throw new BadArchive('the archive holds a file its manifest does not list');
  return staged;
}

/**
 * The records the instance holds already, or undefined when it has none. Stored files no record points
 * at (what a killed restore moved in) are not content: a restore without --force leaves them be.
 */
async function contentOf(db: DB, tables: TableInfo[]): Promise<string | undefined> {
  const held: string[] = [];
  for (const t of tables) {
    const r = await loose(db)
      .selectFrom(t.name)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    if (Number(r?.n ?? 0) > 0) held.push(`${r?.n} ${t.name}`);
  }
  return held.length ? held.join(', ') : undefined;
}

/** Reads a staged table's rows, checked against the target's columns, and the file keys they hold. */
async function* rowsOf(staged: Staged, table: Manifest['tables'][number], target: TableInfo) {
  const cols = new Set(target.columns);
  if (table.columns.length !== cols.size || table.columns.some((c) => !cols.has(c))) {
    throw new BadArchive(`table ${table.name} has other columns in the backup than in this site's schema`);
  }
  const file = staged.tables.get(table.name)?.path as string;
  const lines = readline.createInterface({ input: fsSync.createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    let values: unknown;
    try {
      values = JSON.parse(line);
    } catch {
      throw new BadArchive(`${tableEntry(table.name)} holds a line that is not a row`);
    }
    if (!Array.isArray(values) || values.length !== table.columns.length || !values.every(isCellValue))
      throw new BadArchive(`${tableEntry(table.name)} holds a malformed row`);
    yield Object.fromEntries(table.columns.map((c, i) => [c, values[i]])) as Record<string, string | number | null>;
  }
}

/**
 * Restores the backup in `file` into the instance (database `target`, files of `storage`), which must be
 * empty unless `force`. Throws RestoreRefused or BadArchive, with nothing changed, when it cannot.
 */
export async function restoreBackup(target: DatabaseOptions, storage: Storage, file: string, opts: RestoreOptions = {}): Promise<RestoreSummary> {
  if (
    !(await fs.stat(file).then(
      (st) => st.isFile(),
      () => false,
    ))
  )
    throw new RestoreRefused(`${file}: no such file`);
  if ((await storage.otherInstances()) > 0) {
    throw new RestoreRefused(
      `a server or another lab command is running on ${storage.kind === 's3' ? `${storage.dataDir} or ${storage.where}` : storage.dataDir}: stop it first`,
    );
  }
  const db = createDatabase(target);
  const dir = path.join(storage.tmpDir, 'restore');
  try {
    await migrate(db, target.pgSchema);
    const schema = (await schemaVersion(db)) as string;
    const tables = await tablesOf(db);
    const held = await contentOf(db, tables);
    if (held && !opts.force) throw new RestoreRefused(`this instance is not empty (${held}); add --force to replace all of it with the backup`);

    const staged = await unpack(file, dir, schema);
    const byName = new Map(tables.map((t) => [t.name, t]));
    const listed = new Set(staged.manifest.tables.map((t) => t.name));
    const absent = tables.filter((t) => !listed.has(t.name)).map((t) => t.name);
    const unknown = [...listed].filter((n) => !byName.has(n));
    if (absent.length || unknown.length) throw new BadArchive(`the backup's tables differ from this site's schema (${[...absent, ...unknown].join(', ')})`);

    // every record's file is in the archive (or was already missing when the backup was taken)
    const present = new Set([...staged.manifest.files, ...staged.manifest.missing].map((f) => fileEntry(f.bucket, f.key)));
    const keep = new Set<string>();
    for (const t of staged.manifest.tables) {
      const fileColumns = storedFiles.filter((f) => f.table === t.name);
      if (!fileColumns.length) continue;
      for await (const row of rowsOf(staged, t, byName.get(t.name) as TableInfo)) {
        for (const f of fileColumns) {
          const key = row[f.column];
          const bucket = bucketOf(f, row);
          if (typeof key !== 'string' || key === '') continue;
          if (!bucket) throw new BadArchive(`${t.name} names no bucket for ${key}`);
          if (!present.has(fileEntry(bucket, key))) throw new BadArchive(`${t.name} points at ${fileEntry(bucket, key)}, which the archive lacks`);
          keep.add(fileEntry(bucket, key));
        }
      }
    }

    // 3. files first: a committed record never lacks its file
    let bytes = 0;
    for (const f of staged.manifest.files) {
      await storage.putKey(f.bucket, f.key, staged.files.get(fileEntry(f.bucket, f.key))?.path as string);
      bytes += f.size;
    }
    failpoint('restore:files-moved');

    // 4. the records, all or nothing
    let rows = 0;
    await db.transaction().execute(async (trx) => {
      // tables as the database lists them: the loose view (db/schema.ts)
      const tx = loose(trx);
      for (const t of [...tables].reverse()) await tx.deleteFrom(t.name).execute();
      for (const t of tables) {
        const listedTable = staged.manifest.tables.find((m) => m.name === t.name) as Manifest['tables'][number];
        let batch: Record<string, string | number | null>[] = [];
        const flush = async () => {
          if (batch.length) await tx.insertInto(t.name).values(batch).execute();
          rows += batch.length;
          batch = [];
        };
        for await (const row of rowsOf(staged, listedTable, t)) {
          batch.push(row);
          if (batch.length >= BATCH) await flush();
        }
        await flush();
      }
      await writeSequences(trx, tables, staged.manifest.sequences);
      failpoint('restore:before-commit');
    });

    // 5. with --force, what the replaced records pointed at leaves the buckets (it waits a day in
    // files/removed); without, the instance had no records, and files found there are left as they are
    if (held)
      for (const b of buckets) {
        const leaving: string[] = [];
        for await (const f of storage.files(b)) if (!keep.has(fileEntry(b, f.key))) leaving.push(f.key);
        for (const key of leaving) await storage.remove(b, key);
      }
    return { schema, from: staged.header.database, tables: tables.length, rows, files: staged.manifest.files.length, bytes };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
    await db.destroy();
  }
}
