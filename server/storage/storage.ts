import { randomBytes } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from '../../common/upload.ts';
import type { S3Config } from '../config.ts';

// Stored files, on one of two back ends chosen by the environment (createStorage): the local disk
// (DiskStorage, under DATA_DIR/files, the default) or an S3-compatible bucket (S3Storage, server/storage/s3.ts,
// when S3_BUCKET is set). Both hold the same objects under the same names:
//   {bucket}/{key}            a stored file (bucket: publication, data, image, media, file)
//   removed/{bucket}/{key}    a removed file, waiting REMOVED_KEEP_MS before it is deleted, so a backup whose
//                             snapshot still shows its record finds it (server/backup)
//   variants/{name}.webp|avif resized copies of images (server/images/variants.ts)
// Keys are chosen here (random, 128 bits), never taken from a request. A stored file never changes: a new
// version is a new key. Uploads in flight are always local, in this instance's own folder of DATA_DIR/tmp;
// a back end is given whole files (moveIn), and gives them back as streams, whole or a byte range (get):
// no caller holds a whole file in memory, and none knows which back end it talks to.

export const MB = 1024 * 1024;

/** Upload size limits by kind (documented in docs/operations.md). */
export const uploadLimits = {
  image: 20 * MB,
  publication: 100 * MB,
  data: 512 * MB,
  /** the advisor's report exports and name lists */
  sheet: 20 * MB,
} as const;

export const buckets = ['publication', 'data', 'image', 'media', 'file'] as const;
export type Bucket = (typeof buckets)[number];

/** A stored value as a bucket's name, if it is one. */
export const asBucket = (v: unknown): Bucket | undefined => ((buckets as readonly unknown[]).includes(v) ? (v as Bucket) : undefined);

const KEY_RE = /^[a-f0-9]{32}(\.[a-z0-9]{1,8})?$/;
const VARIANT_RE = /^[a-z]+-[a-f0-9]{32}-\d{2,4}\.(webp|avif)$/;

/** How often a running instance marks its temporary folder as alive, and when a silent one counts as gone. */
const HEARTBEAT_MS = 60_000;
const GONE_AFTER_MS = 3 * HEARTBEAT_MS;
const ALIVE = '.alive';
/** How long a removed file is kept in removed/ before it is deleted. */
export const REMOVED_KEEP_MS = 24 * 3600_000;
const REMOVED = 'removed';
const VARIANTS = 'variants';
/** Where instances sharing a bucket (and no disk) leave their heartbeats: instances/{id}. */
const INSTANCES = 'instances';
const INSTANCE_RE = /^[a-f0-9]{16}$/;

/** An object of a back end: its name (see the top of this file), size in bytes and time of last change (ms). */
export type StoredObject = { name: string; size: number; modified: number };

/** A byte range asked for: first and last byte (inclusive), or the last `suffix` bytes. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

/** What `get` gives: the bytes from `start` to `end` (inclusive) of an object of `size` bytes, stored at `modified` (ms) when known. */
export type ObjectStream = { size: number; start: number; end: number; stream: Readable; modified?: number };

/** The range asked for cannot be served from an object of `size` bytes (HTTP 416). */
export class RangeNotSatisfiable extends Error {
  readonly size: number;
  constructor(size: number) {
    super(`range not satisfiable (size ${size})`);
    this.size = size;
  }
}

/**
 * The place of the objects did not answer (a bucket silent past S3_TIMEOUT_MS, or out of reach): the request
 * can be tried again later; the message, for the log, names the bucket and what was asked of it.
 */
export class StorageUnavailable extends Error {}

/** The first and last byte of `range` in an object of `size` bytes, or RangeNotSatisfiable. */
export function resolveRange(range: ByteRange | undefined, size: number): { start: number; end: number } {
  if (!range) return { start: 0, end: size - 1 };
  if ('suffix' in range) {
    if (range.suffix <= 0 || size === 0) throw new RangeNotSatisfiable(size);
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size) throw new RangeNotSatisfiable(size);
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/** The name of a stored file, of one waiting in removed/, or of a variant; undefined for anything not made here. */
export function objectName(bucket: Bucket, key: string, where: 'stored' | 'removed' = 'stored'): string | undefined {
  if (!buckets.includes(bucket) || !KEY_RE.test(key)) return undefined;
  return where === 'stored' ? `${bucket}/${key}` : `${REMOVED}/${bucket}/${key}`;
}
export function variantName(name: string): string | undefined {
  return VARIANT_RE.test(name) ? `${VARIANTS}/${name}` : undefined;
}
/** Whether `name` is one a back end may hold (the only names moveIn, get and the rest accept). */
export function isObjectName(name: string): boolean {
  const parts = name.split('/');
  if (parts.length === 2 && parts[0] === VARIANTS) return VARIANT_RE.test(parts[1] as string);
  if (parts.length === 2 && parts[0] === INSTANCES) return INSTANCE_RE.test(parts[1] as string);
  if (parts.length === 3 && parts[0] === REMOVED) return asBucket(parts[1]) !== undefined && KEY_RE.test(parts[2] as string);
  return parts.length === 2 && asBucket(parts[0]) !== undefined && KEY_RE.test(parts[1] as string);
}

/**
 * The stored files of an instance. The temporary folder (uploads in flight, staging of backups and
 * restores) is local to each instance; the objects are the back end's (DiskStorage or S3Storage).
 */
export abstract class Storage {
  /** Which back end holds the objects: 'disk' (DATA_DIR/files) or 's3' (a bucket). */
  abstract readonly kind: 'disk' | 's3';
  /** Where the objects are, for messages: a folder, or s3://bucket/prefix. */
  abstract readonly where: string;
  readonly dataDir: string;
  /** DATA_DIR/tmp: one folder per running instance (several may share a DATA_DIR). */
  readonly tmpRoot: string;
  /** This instance's folder of uploads in flight. */
  readonly tmpDir: string;
  private heartbeat: NodeJS.Timeout | undefined;
  private leaving: Promise<void> | undefined;
  private beating = false;

  constructor(dataDir: string) {
    this.dataDir = dataDir;
    this.tmpRoot = path.join(dataDir, 'tmp');
    this.tmpDir = path.join(this.tmpRoot, randomBytes(8).toString('hex'));
  }

  // ---- what a back end provides (names are checked with isObjectName by the callers below) ----

  /** Makes the back end ready (folders, or a check that the bucket answers). */
  protected abstract prepare(): Promise<void>;
  /** Moves a local file in as object `name` (the local file is gone afterwards); an existing object is replaced. */
  abstract moveIn(localPath: string, name: string): Promise<void>;
  /** Writes bytes as object `name`, which must not exist yet. */
  protected abstract putBytes(name: string, data: Buffer): Promise<void>;
  /** The bytes of object `name` (a range of them), or undefined if there is no such object. */
  abstract get(name: string, range?: ByteRange): Promise<ObjectStream | undefined>;
  /** Size and time of object `name`, or undefined. */
  abstract head(name: string): Promise<StoredObject | undefined>;
  /** Renames object `from` to `to`, its time becoming now; false if there was no `from`. */
  protected abstract rename(from: string, to: string): Promise<boolean>;
  /** Deletes object `name` (nothing if absent). */
  abstract delete(name: string): Promise<void>;
  /** Every object whose name starts with `prefix` (which ends with '/'), in no particular order. */
  abstract list(prefix: string): AsyncIterable<StoredObject>;
  /** Writes and deletes a small object: throws if the back end cannot take a write now (/readyz). */
  abstract probe(): Promise<void>;
  /** Releases what the back end holds (connections, this instance's heartbeat in a shared bucket). */
  protected async closeBackend(): Promise<void> {}
  /**
   * Instances that share the objects but maybe no disk (a bucket): this one's heartbeat is written with
   * each of its local ones, and the running others are known by theirs. A disk shared by the instances
   * holds their heartbeats already (DATA_DIR/tmp), so DiskStorage has nothing more to do.
   */
  protected async touchShared(_id: string, _body: string): Promise<void> {}
  protected async sharedInstances(): Promise<{ id: string; body: string; modified: number }[]> {
    return [];
  }
  protected async forgetShared(_id: string): Promise<void> {}

  // ---- the instance's local temporary folder ----

  async init(): Promise<void> {
    await this.prepare();
    await fs.mkdir(this.tmpDir, { recursive: true });
    await this.touch();
    await this.sweepTmp();
    await this.runningElsewhere();
    await this.sweepRemoved();
    this.heartbeat = setInterval(() => {
      this.touch()
        .then(() => this.sweepTmp())
        .then(() => this.runningElsewhere())
        .then(() => this.sweepRemoved())
        .catch(() => {});
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /**
   * The stop has begun: no more heartbeats, and this instance's shared one is deleted now, beside the requests
   * still finishing, so a silent bucket holds the stop up for S3_TIMEOUT_MS once, not once for each.
   */
  stopping(): void {
    clearInterval(this.heartbeat);
    // a start that failed before the first heartbeat has none to delete (and a silent bucket to wait for)
    if (this.beating) this.leaving ??= this.forgetShared(this.instanceId).catch(() => {});
  }

  async close(): Promise<void> {
    this.stopping();
    fsSync.rmSync(this.tmpDir, { recursive: true, force: true });
    await this.leaving;
    await this.closeBackend();
  }

  /** This instance's name among the others: its temporary folder's. */
  get instanceId(): string {
    return path.basename(this.tmpDir);
  }

  private async touch(): Promise<void> {
    const alive = path.join(this.tmpDir, ALIVE);
    const body = JSON.stringify({ host: os.hostname(), pid: process.pid });
    await fs.writeFile(alive, body);
    // this machine's time, not a file server's (NFS): the instances compare it with their own clocks
    const now = new Date();
    await fs.utimes(alive, now, now);
    await this.touchShared(this.instanceId, body);
    this.beating = true;
  }

  /** The other instances running on the shared objects (a bucket), by id; their silent heartbeats are deleted. */
  private async runningElsewhere(): Promise<Set<string>> {
    const running = new Set<string>();
    for (const h of await this.sharedInstances()) {
      if (h.id === this.instanceId) continue;
      if (heartbeatAlive(h.modified, h.body)) running.add(h.id);
      else await this.forgetShared(h.id);
    }
    return running;
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

  /**
   * How many other instances (servers, CLI commands) are running now on this DATA_DIR, or on the same
   * bucket from other machines.
   */
  async otherInstances(): Promise<number> {
    const others = await this.runningElsewhere();
    for (const entry of await fs.readdir(this.tmpRoot, { withFileTypes: true })) {
      const full = path.join(this.tmpRoot, entry.name);
      if (full !== this.tmpDir && entry.isDirectory() && (await isAlive(full))) others.add(entry.name);
    }
    return others.size;
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

  // ---- stored files ----

  /** Moves an uploaded temporary file into a bucket under a new key. */
  async adopt(bucket: Bucket, upload: Upload, ext = ''): Promise<string> {
    const from = this.tmpFileOf(upload);
    const key = Storage.newKey(ext);
    await this.moveIn(from, objectName(bucket, key) as string);
    return key;
  }

  async write(bucket: Bucket, data: Buffer, ext = ''): Promise<string> {
    const key = Storage.newKey(ext);
    await this.putBytes(objectName(bucket, key) as string, data);
    return key;
  }

  /** Moves a local file in under a key it already has (a restore, a move between back ends). */
  async putKey(bucket: Bucket, key: string, localPath: string): Promise<void> {
    const name = objectName(bucket, key);
    if (!name) throw new Error(`not a stored file's key: ${bucket}/${key}`);
    await this.moveIn(localPath, name);
  }

  /** A stored file's bytes (or a range of them); undefined for anything that is not a key we made, or is gone. */
  async open(bucket: Bucket, key: string, range?: ByteRange): Promise<ObjectStream | undefined> {
    const name = objectName(bucket, key);
    return name ? this.get(name, range) : undefined;
  }

  /** A stored file's bytes, or those of the copy waiting in removed/ (a backup of a snapshot that still names it). */
  async openKept(bucket: Bucket, key: string): Promise<ObjectStream | undefined> {
    const name = objectName(bucket, key);
    if (!name) return undefined;
    return (await this.get(name)) ?? this.get(objectName(bucket, key, 'removed') as string);
  }

  /** Whether a stored file is there (in its bucket). */
  async exists(bucket: Bucket, key: string): Promise<boolean> {
    const name = objectName(bucket, key);
    return name ? (await this.head(name)) !== undefined : false;
  }

  /** The files of a bucket (not those waiting in removed/). */
  async *files(bucket: Bucket): AsyncIterable<StoredObject & { key: string }> {
    for await (const o of this.list(`${bucket}/`)) {
      const key = o.name.slice(bucket.length + 1);
      if (Storage.isKey(key)) yield { ...o, key };
    }
  }

  /** Takes a file out of its bucket; it waits in removed/ for REMOVED_KEEP_MS (see the top of this file). */
  async remove(bucket: Bucket, key: string | null | undefined): Promise<void> {
    if (!key) return;
    const name = objectName(bucket, key);
    if (!name) return;
    await this.rename(name, objectName(bucket, key, 'removed') as string);
  }

  /** Deletes removed files (and the resized copies of removed images) once they have waited REMOVED_KEEP_MS. */
  async sweepRemoved(now = Date.now()): Promise<void> {
    // the name prefix of the resized copies of each file deleted (server/images/variants.ts)
    const gone: string[] = [];
    for (const bucket of buckets) {
      const prefix = `${REMOVED}/${bucket}/`;
      for await (const o of this.list(prefix)) {
        if (now - o.modified < REMOVED_KEEP_MS) continue;
        await this.delete(o.name);
        gone.push(`${VARIANTS}/${bucket}-${o.name.slice(prefix.length).replace(/\.[a-z0-9]+$/, '')}-`);
      }
    }
    if (gone.length === 0) return;
    for await (const v of this.list(`${VARIANTS}/`)) {
      if (gone.some((prefix) => v.name.startsWith(prefix))) await this.delete(v.name);
    }
  }
}

/** Files under DATA_DIR/files: object names are paths below it. The default back end. */
export class DiskStorage extends Storage {
  readonly kind = 'disk' as const;
  readonly root: string;
  readonly where: string;

  constructor(dataDir: string) {
    super(dataDir);
    this.root = path.join(dataDir, 'files');
    this.where = this.root;
  }

  /** The absolute path of an object, or undefined for a name no back end holds. */
  private pathOfName(name: string): string | undefined {
    if (!isObjectName(name)) return undefined;
    const full = path.join(this.root, name);
    return full.startsWith(this.root + path.sep) ? full : undefined;
  }
  private need(name: string): string {
    const p = this.pathOfName(name);
    if (!p) throw new Error(`not an object name: ${name}`);
    return p;
  }

  protected async prepare(): Promise<void> {
    for (const b of buckets) {
      await fs.mkdir(path.join(this.root, b), { recursive: true });
      await fs.mkdir(path.join(this.root, REMOVED, b), { recursive: true });
    }
    await fs.mkdir(path.join(this.root, VARIANTS), { recursive: true });
  }

  async moveIn(localPath: string, name: string): Promise<void> {
    const to = this.need(name);
    try {
      await fs.rename(localPath, to);
    } catch (e) {
      // another file system (DATA_DIR/tmp mounted apart): copy, then remove the local file
      if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
      const part = `${to}.${randomBytes(6).toString('hex')}.tmp`;
      await fs.copyFile(localPath, part);
      await fs.rename(part, to);
      await fs.rm(localPath, { force: true });
    }
  }

  protected async putBytes(name: string, data: Buffer): Promise<void> {
    await fs.writeFile(this.need(name), data, { flag: 'wx' });
  }

  async get(name: string, range?: ByteRange): Promise<ObjectStream | undefined> {
    const p = this.pathOfName(name);
    if (!p) return undefined;
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(p, fsSync.constants.O_RDONLY | fsSync.constants.O_NOFOLLOW);
    } catch {
      return undefined;
    }
    try {
      const st = await handle.stat();
      if (!st.isFile()) throw new Error('not a file');
      const { start, end } = resolveRange(range, st.size);
      // an empty file: an empty stream (createReadStream would read it whole with end -1)
      const stream = st.size === 0 ? Readable.from([]) : handle.createReadStream({ start, end, autoClose: true });
      if (st.size === 0) await handle.close();
      return { size: st.size, start, end, stream, modified: st.mtimeMs };
    } catch (e) {
      await handle.close();
      if (e instanceof RangeNotSatisfiable) throw e;
      return undefined;
    }
  }

  async head(name: string): Promise<StoredObject | undefined> {
    const p = this.pathOfName(name);
    const st = p ? await fs.stat(p).catch(() => undefined) : undefined;
    return st?.isFile() ? { name, size: st.size, modified: st.mtimeMs } : undefined;
  }

  protected async rename(from: string, to: string): Promise<boolean> {
    const target = this.need(to);
    try {
      await fs.rename(this.need(from), target);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw e;
    }
    // the wait in removed/ counts from the removal, not from the upload
    const now = new Date();
    await fs.utimes(target, now, now).catch(() => {});
    return true;
  }

  async delete(name: string): Promise<void> {
    const p = this.pathOfName(name);
    if (p) await fs.rm(p, { force: true });
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    const dir = path.join(this.root, prefix);
    if (!dir.startsWith(this.root + path.sep)) return;
    for (const entry of await fs.readdir(dir, { withFileTypes: true }).catch(() => [] as fsSync.Dirent[])) {
      if (!entry.isFile()) continue;
      const name = prefix + entry.name;
      if (!isObjectName(name)) continue;
      const st = await fs.stat(path.join(dir, entry.name)).catch(() => undefined);
      if (st) yield { name, size: st.size, modified: st.mtimeMs };
    }
  }

  async probe(): Promise<void> {
    const probe = path.join(this.root, `.ready-${process.pid}-${Date.now()}`);
    await fs.writeFile(probe, 'ok');
    await fs.rm(probe, { force: true });
  }
}

/**
 * Whether the instance of a temporary folder is running: its heartbeat is recent and, when it ran on
 * this machine, its process still exists (a process killed a second ago is not waited for).
 */
async function isAlive(instanceDir: string): Promise<boolean> {
  const alive = path.join(instanceDir, ALIVE);
  const st = await fs.stat(alive).catch(() => undefined);
  // no heartbeat yet: an instance starting (its folder is made a moment before its first heartbeat) while the
  // folder is young; two instances started together each saw the other's new folder and took it
  if (!st) {
    const folder = await fs.stat(instanceDir).catch(() => undefined);
    return folder !== undefined && Date.now() - folder.mtimeMs < GONE_AFTER_MS;
  }
  return heartbeatAlive(st.mtimeMs, await fs.readFile(alive, 'utf8').catch(() => ''));
}

/** Whether a heartbeat written at `modified` ({host, pid}) is of a running instance. */
function heartbeatAlive(modified: number, body: string): boolean {
  if (Date.now() - modified >= GONE_AFTER_MS) return false;
  let owner: { host?: unknown; pid?: unknown } = {};
  try {
    owner = JSON.parse(body);
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

/** The instance's storage: a bucket when S3 is configured (server/storage/s3.ts), DATA_DIR's disk otherwise. */
export async function createStorage(config: { dataDir: string; s3?: S3Config | undefined }): Promise<Storage> {
  if (!config.s3) return new DiskStorage(config.dataDir);
  const { S3Storage } = await import('./s3.ts');
  return new S3Storage(config.dataDir, config.s3);
}
