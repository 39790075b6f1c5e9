import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

// Files live under DATA_DIR/files/{bucket}/{key}; keys are chosen here (random, 128 bits), never taken
// from a request, and every path is checked to stay inside its bucket.

export const buckets = ['publication', 'data', 'image', 'media'] as const;
export type Bucket = (typeof buckets)[number];

const KEY_RE = /^[a-f0-9]{32}(\.[a-z0-9]{1,8})?$/;

export class Storage {
  readonly root: string;
  readonly tmpDir: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'files');
    this.tmpDir = path.join(dataDir, 'tmp');
  }

  async init(): Promise<void> {
    await fs.mkdir(this.tmpDir, { recursive: true });
    for (const b of buckets) await fs.mkdir(path.join(this.root, b), { recursive: true });
  }

  static newKey(ext = ''): string {
    const clean = ext.toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 8);
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

  tmpPath(): string {
    return path.join(this.tmpDir, Storage.newKey('part'));
  }

  /** Moves an uploaded temporary file into a bucket under a new key. */
  async adopt(bucket: Bucket, tmpPath: string, ext = ''): Promise<string> {
    if (path.dirname(path.resolve(tmpPath)) !== this.tmpDir) throw new Error('not an upload of ours');
    const key = Storage.newKey(ext);
    await fs.rename(tmpPath, this.pathOf(bucket, key) as string);
    return key;
  }

  async write(bucket: Bucket, data: Buffer, ext = ''): Promise<string> {
    const key = Storage.newKey(ext);
    await fs.writeFile(this.pathOf(bucket, key) as string, data, { flag: 'wx' });
    return key;
  }

  async remove(bucket: Bucket, key: string | null | undefined): Promise<void> {
    if (!key) return;
    const p = this.pathOf(bucket, key);
    if (p) await fs.rm(p, { force: true });
  }
}

/**
 * A display name made safe: no directories, control characters or NULs, NFC, at most 180 bytes,
 * extension kept. Used as data and as the last URL segment of publication files, never as a path.
 */
export function safeFileName(original: string, fallback = 'file'): string {
  let name = original.normalize('NFC').replace(/\\/g, '/');
  name = name.slice(name.lastIndexOf('/') + 1);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  name = name.replace(/[\u0000-\u001f\u007f\u0080-\u009f\ufffd]/g, '').replace(/[<>:"|?*#%&{}$!'`=@+^~[\]]/g, '_');
  name = name.replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  if (name === '' || name === '.' || name === '..') name = fallback;
  const ext = path.extname(name).slice(0, 12);
  let base = name.slice(0, name.length - path.extname(name).length);
  while (Buffer.byteLength(base + ext) > 180) base = base.slice(0, -1);
  return (base || fallback) + ext;
}

export function extensionOf(name: string): string {
  return path.extname(name).slice(1).toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 8);
}
