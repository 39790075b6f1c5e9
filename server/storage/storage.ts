import { randomBytes } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Upload } from '../../common/upload.ts';

// Files live under DATA_DIR/files/{bucket}/{key}; keys are chosen here (random, 128 bits), never taken
// from a request, and every path is checked to stay inside its bucket. A stored file never changes: a new
// version is a new key. A removed file waits a day in DATA_DIR/files/removed/{bucket} before it is
// deleted, so a backup whose snapshot still shows its record finds it (server/backup).

export const MB = 1024 * 1024;

/** Upload size limits by kind (documented in docs/operations.md). */
export const uploadLimits = {
  image: 20 * MB,
  publication: 100 * MB,
  data: 512 * MB,
  /** the advisor's report exports and name lists */
  sheet: 20 * MB,
} as const;

export const buckets = ['publication', 'data', 'image', 'media'] as const;
export type Bucket = (typeof buckets)[number];

/**
 * Every column that holds the key of a stored file, and its bucket: what a backup copies with the
 * records, and what a restore checks (tests/api/backup.test.ts holds it to the schema).
 */
export type StoredFileColumn = { table: string; column: string; bucket: Bucket | { readonly column: string } };

export const storedFiles: readonly StoredFileColumn[] = [
  { table: 'publication', column: 'file1_key', bucket: 'publication' },
  { table: 'publication', column: 'file2_key', bucket: 'publication' },
  { table: 'publication', column: 'file3_key', bucket: 'publication' },
  { table: 'data_file', column: 'storage_key', bucket: 'data' },
  { table: 'image', column: 'storage_key', bucket: 'image' },
  { table: 'media', column: 'storage_key', bucket: 'media' },
  // files a revision or a trash entry keeps (services/history.ts): the bucket is the row's own
  { table: 'kept_file', column: 'storage_key', bucket: { column: 'bucket' } },
];

/** A stored value as a bucket's name, if it is one. */
export const asBucket = (v: unknown): Bucket | undefined => ((buckets as readonly unknown[]).includes(v) ? (v as Bucket) : undefined);

/** The bucket of a row's stored file: the column's own, or the one the row names (undefined if it names none). */
export function bucketOf(f: StoredFileColumn, row: Record<string, unknown>): Bucket | undefined {
  return typeof f.bucket === 'string' ? f.bucket : asBucket(row[f.bucket.column]);
}

const KEY_RE = /^[a-f0-9]{32}(\.[a-z0-9]{1,8})?$/;

/** How often a running instance marks its temporary folder as alive, and when a silent one counts as gone. */
const HEARTBEAT_MS = 60_000;
const GONE_AFTER_MS = 3 * HEARTBEAT_MS;
const ALIVE = '.alive';
/** How long a removed file is kept in files/removed before it is deleted. */
export const REMOVED_KEEP_MS = 24 * 3600_000;
const REMOVED = 'removed';

export class Storage {
  readonly root: string;
  /** DATA_DIR/tmp: one folder per running instance (several may share a DATA_DIR). */
  readonly tmpRoot: string;
  /** This instance's folder of uploads in flight. */
  readonly tmpDir: string;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'files');
    this.tmpRoot = path.join(dataDir, 'tmp');
    this.tmpDir = path.join(this.tmpRoot, randomBytes(8).toString('hex'));
  }

  async init(): Promise<void> {
    for (const b of buckets) {
      await fs.mkdir(path.join(this.root, b), { recursive: true });
      await fs.mkdir(path.join(this.root, REMOVED, b), { recursive: true });
    }
    await fs.mkdir(this.tmpDir, { recursive: true });
    await this.touch();
    await this.sweepTmp();
    await this.sweepRemoved();
    this.heartbeat = setInterval(() => {
      this.touch()
        .then(() => this.sweepTmp())
        .then(() => this.sweepRemoved())
        .catch(() => {});
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  close(): void {
    clearInterval(this.heartbeat);
    fsSync.rmSync(this.tmpDir, { recursive: true, force: true });
  }

  private async touch(): Promise<void> {
    const alive = path.join(this.tmpDir, ALIVE);
    await fs.writeFile(alive, JSON.stringify({ host: os.hostname(), pid: process.pid }));
    // this machine's time, not a file server's (NFS): the instances compare it with their own clocks
    const now = new Date();
    await fs.utimes(alive, now, now);
  }

  /**
   * Removes what no running instance will read again: loose files in tmp/ (older layouts, crashes) and
   * the folders of instances whose heartbeat stopped. Uploads in flight sit in a live instance's folder.
   */
  async sweepTmp(): Promise<void> {
    for (const entry of await fs.readdir(this.tmpRoot, { withFileTypes: true })) {
      const full = path.join(this.tmpRoot, entry.name);
      if (full === this.tmpDir) continue;
      if (entry.isDirectory() && (await isAlive(full))) continue;
      await fs.rm(full, { recursive: true, force: true });
    }
  }

  /** How many other instances (servers, CLI commands) are running on this DATA_DIR now. */
  async otherInstances(): Promise<number> {
    let n = 0;
    for (const entry of await fs.readdir(this.tmpRoot, { withFileTypes: true })) {
      const full = path.join(this.tmpRoot, entry.name);
      if (full !== this.tmpDir && entry.isDirectory() && (await isAlive(full))) n++;
    }
    return n;
  }

  /** Deletes removed files (and the resized copies of removed images) once they have waited REMOVED_KEEP_MS. */
  async sweepRemoved(now = Date.now()): Promise<void> {
    // the name prefix of the resized copies of each file deleted (server/images/variants.ts)
    const gone: string[] = [];
    for (const bucket of buckets) {
      const dir = path.join(this.root, REMOVED, bucket);
      for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
        const full = path.join(dir, name);
        const st = await fs.stat(full).catch(() => undefined);
        if (!st || now - st.mtimeMs < REMOVED_KEEP_MS) continue;
        await fs.rm(full, { force: true });
        gone.push(`${bucket}-${name.replace(/\.[a-z0-9]+$/, '')}-`);
      }
    }
    if (gone.length === 0) return;
    const variants = path.join(this.root, 'variants');
    for (const v of await fs.readdir(variants).catch(() => [] as string[])) {
      if (gone.some((prefix) => v.startsWith(prefix))) await fs.rm(path.join(variants, v), { force: true });
    }
  }

  static newKey(ext = ''): string {
    const clean = ext
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 8);
    return randomBytes(16).toString('hex') + (clean ? `.${clean}` : '');
  }

  static isKey(key: string): boolean {
    return KEY_RE.test(key);
  }

  /** The absolute path of a stored file, or undefined for anything that is not a key we made. */
  pathOf(bucket: Bucket, key: string): string | undefined {
    if (!buckets.includes(bucket) || !Storage.isKey(key)) return undefined;
    const dir = path.join(this.root, bucket);
    const full = path.join(dir, key);
    return path.dirname(full) === dir ? full : undefined;
  }

  /** A new temporary file name in this instance's folder. */
  tmpPath(): string {
    return path.join(this.tmpDir, Storage.newKey('part'));
  }

  /** The temporary file of an upload, only if it is one of ours: a name we chose, in our folder. */
  private tmpFileOf(upload: Upload): string {
    const p = path.resolve(upload.tmpPath);
    if (!Upload.is(upload) || path.dirname(p) !== this.tmpDir || !Storage.isKey(path.basename(p))) throw new Error('not an upload of ours');
    return p;
  }

  /** Writes bytes as a temporary upload (the demo seeds its files this way, through the same services). */
  async stage(data: Buffer, filename: string, mimetype: string): Promise<Upload> {
    const tmpPath = this.tmpPath();
    await fs.writeFile(tmpPath, data, { flag: 'wx' });
    return new Upload({ tmpPath, filename, size: data.length, mimetype });
  }

  /** The bytes of an upload, at most `max` of them (a larger file is refused, not read). */
  async readUpload(upload: Upload, max: number): Promise<Buffer> {
    const file = await fs.open(this.tmpFileOf(upload), fsSync.constants.O_RDONLY | fsSync.constants.O_NOFOLLOW);
    try {
      const st = await file.stat();
      if (!st.isFile() || st.size > max) throw new TooLarge(max);
      return await file.readFile();
    } finally {
      await file.close();
    }
  }

  /** Moves an uploaded temporary file into a bucket under a new key. */
  async adopt(bucket: Bucket, upload: Upload, ext = ''): Promise<string> {
    const from = this.tmpFileOf(upload);
    const key = Storage.newKey(ext);
    await fs.rename(from, this.pathOf(bucket, key) as string);
    return key;
  }

  async write(bucket: Bucket, data: Buffer, ext = ''): Promise<string> {
    const key = Storage.newKey(ext);
    await fs.writeFile(this.pathOf(bucket, key) as string, data, { flag: 'wx' });
    return key;
  }

  /** Takes a file out of its bucket; it waits in files/removed for REMOVED_KEEP_MS (see the top of this file). */
  async remove(bucket: Bucket, key: string | null | undefined): Promise<void> {
    if (!key) return;
    const p = this.pathOf(bucket, key);
    if (!p) return;
    const waiting = path.join(this.root, REMOVED, bucket, key);
    try {
      await fs.rename(p, waiting);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    // the wait counts from the removal, not from the upload
    const now = new Date();
    await fs.utimes(waiting, now, now).catch(() => {});
  }

  /** Where a stored file is now: its bucket, or files/removed while it waits there. */
  async locate(bucket: Bucket, key: string): Promise<string | undefined> {
    const p = this.pathOf(bucket, key);
    if (!p) return undefined;
    for (const candidate of [p, path.join(this.root, REMOVED, bucket, key)]) {
      if (
        await fs.stat(candidate).then(
          (st) => st.isFile(),
          () => false,
        )
      )
        return candidate;
    }
    return undefined;
  }
}

/**
 * Whether the instance of a temporary folder is running: its heartbeat is recent and, when it ran on
 * this machine, its process still exists (a process killed a second ago is not waited for).
 */
async function isAlive(instanceDir: string): Promise<boolean> {
  const alive = path.join(instanceDir, ALIVE);
  const st = await fs.stat(alive).catch(() => undefined);
  if (!st || Date.now() - st.mtimeMs >= GONE_AFTER_MS) return false;
  let owner: { host?: unknown; pid?: unknown } = {};
  try {
    owner = JSON.parse(await fs.readFile(alive, 'utf8'));
  } catch {
    // an older version's empty heartbeat, or one being written: judged by its age alone
  }
  if (owner?.host !== os.hostname() || typeof owner.pid !== 'number') return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists under another user
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** An upload larger than its reader accepts. */
export class TooLarge extends Error {
  readonly max: number;
  constructor(max: number) {
    super(`larger than ${max} bytes`);
    this.max = max;
  }
}

/** Longest display name kept, in UTF-8 bytes; longer input is cut before any other work. */
const NAME_BYTES = 180;
const NAME_INPUT_MAX = 1024;

/** `s` cut to at most `bytes` UTF-8 bytes without splitting a character. */
function cutUtf8(s: string, bytes: number): string {
  let used = 0;
  let end = 0;
  for (const ch of s) {
    const size = Buffer.byteLength(ch);
    if (used + size > bytes) break;
    used += size;
    end += ch.length;
  }
  return s.slice(0, end);
}

/**
 * A display name made safe: no directories, control characters or NULs, NFC, at most 180 bytes,
 * extension kept. Used as data and as the last URL segment of publication files, never as a path.
 */
export function safeFileName(original: string, fallback = 'file'): string {
  // every step below is linear; the input is bounded first so none of them can be made slow
  let name = original
    .slice(-NAME_INPUT_MAX * 4)
    .normalize('NFC')
    .replace(/\\/g, '/');
  name = name
    .slice(name.lastIndexOf('/') + 1)
    .slice(-NAME_INPUT_MAX)
    .toWellFormed();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  name = name.replace(/[\u0000-\u001f\u007f\u0080-\u009f\ufffd]/g, '').replace(/[<>:"|?*#%&{}$!'`=@+^~[\]]/g, '_');
  name = name.replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  if (name === '' || name === '.' || name === '..') name = fallback;
  const ext = cutUtf8(path.extname(name), 24);
  const base = cutUtf8(name.slice(0, name.length - path.extname(name).length), NAME_BYTES - Buffer.byteLength(ext));
  return (base || fallback) + ext;
}

export function extensionOf(name: string): string {
  return path
    .extname(name)
    .slice(1)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 8);
}
