import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../../tests/fixtures/images.ts';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { bucketObjects, s3Bucket, s3Client } from '../../tests/helpers/s3.ts';
import { s3Config } from '../config.ts';
import { variantOf } from '../images/variants.ts';
import { createStorage, REMOVED_KEEP_MS, RangeNotSatisfiable, type Storage } from './storage.ts';

// One contract, two back ends: every test below runs on the disk (DATA_DIR/files) and
// on an S3 bucket of a real S3 server (s3rver, started by tests/helpers/s3.ts in this process).

async function bytesOf(got: { stream: AsyncIterable<unknown> } | undefined): Promise<Buffer | undefined> {
  if (!got) return undefined;
  const chunks: Buffer[] = [];
  for await (const c of got.stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.each(['disk', 's3'] as const)('storage on %s', (kind) => {
  let scratch: string;
  let storage: Storage;
  let env: Record<string, string> = {};

  beforeAll(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-storage-'));
    env = kind === 's3' ? await s3Bucket() : {};
    storage = await createStorage({ dataDir: scratch, s3: s3Config(env) });
    await storage.init();
  });
  afterAll(async () => {
    await storage?.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('is the back end the environment names', () => {
    expect(storage.kind).toBe(kind);
  });

  it('adopts an upload (the temporary file leaves) and gives it back whole, and in ranges', async () => {
    const data = Buffer.from('0123456789abcdef');
    const upload = await storage.stage(data, 'digits.txt', 'text/plain');
    const key = await storage.adopt('data', upload, 'txt');
    expect(key).toMatch(/^[a-f0-9]{32}\.txt$/);
    expect(fs.existsSync(upload.tmpPath)).toBe(false);

    const whole = await storage.open('data', key);
    expect(whole && { size: whole.size, start: whole.start, end: whole.end }).toEqual({ size: 16, start: 0, end: 15 });
    expect(String(await bytesOf(whole))).toBe('0123456789abcdef');

    const part = await storage.open('data', key, { start: 2, end: 5 });
    expect(part && { size: part.size, start: part.start, end: part.end }).toEqual({ size: 16, start: 2, end: 5 });
    expect(String(await bytesOf(part))).toBe('2345');
    expect(String(await bytesOf(await storage.open('data', key, { start: 10 })))).toBe('abcdef');
    expect(String(await bytesOf(await storage.open('data', key, { suffix: 3 })))).toBe('def');
    // an end past the last byte stops at it
    const clamped = await storage.open('data', key, { start: 14, end: 99 });
    expect(clamped && [clamped.start, clamped.end]).toEqual([14, 15]);
    expect(String(await bytesOf(clamped))).toBe('ef');
    // a start past the end cannot be served
    const past = await storage.open('data', key, { start: 16 }).catch((e) => e);
    expect(past).toBeInstanceOf(RangeNotSatisfiable);
    expect((past as RangeNotSatisfiable).size).toBe(16);
  });

  it('streams a large file in and out unchanged (24 MB)', { timeout: 60_000 }, async () => {
    const tmp = storage.tmpPath();
    const out = fs.createWriteStream(tmp);
    const hash = createHash('sha256');
    for (let i = 0; i < 24; i++) {
      const chunk = randomBytes(1024 * 1024);
      hash.update(chunk);
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
    }
    await new Promise<void>((r) => out.end(r));
    const { Upload } = await import('../../common/upload.ts');
    const key = await storage.adopt(
      'data',
      new Upload({ tmpPath: tmp, filename: 'big.bin', size: 24 * 1024 * 1024, mimetype: 'application/octet-stream' }),
      'bin',
    );
    const got = await storage.open('data', key);
    expect(got?.size).toBe(24 * 1024 * 1024);
    const back = createHash('sha256');
    for await (const c of got?.stream ?? []) back.update(c as Buffer);
    expect(back.digest('hex')).toBe(hash.digest('hex'));
    // a range deep inside it
    const mid = await bytesOf(await storage.open('data', key, { start: 20 * 1024 * 1024, end: 20 * 1024 * 1024 + 99 }));
    expect(mid?.length).toBe(100);
  });

  it('writes bytes, lists a bucket, and finds nothing for a key it did not make', async () => {
    const data = randomBytes(1000);
    const key = await storage.write('media', data, 'png');
    expect(await storage.exists('media', key)).toBe(true);
    const listed = [];
    for await (const f of storage.files('media')) listed.push(f);
    expect(listed.map((f) => [f.key, f.size])).toContainEqual([key, 1000]);
    expect(sha((await bytesOf(await storage.open('media', key))) as Buffer)).toBe(sha(data));
    for (const bad of ['../media/x', `${'a'.repeat(32)}/../x`, 'x', '']) expect(await storage.open('media', bad)).toBeUndefined();
    expect(await storage.open('data', key)).toBeUndefined();
    expect(await storage.exists('media', `${'0'.repeat(32)}.png`)).toBe(false);
  });

  it('keeps a removed file a day in removed/ (a backup still finds it), then deletes it and its variants', async () => {
    const key = await storage.write('image', await png(640, 400), 'png');
    const variant = await variantOf(storage, 'image', key, 320);
    expect(variant).toBe(`variants/image-${key.replace('.png', '')}-320.webp`);
    const webp = await bytesOf(await storage.get(variant as string));
    expect(webp?.subarray(8, 12).toString('latin1')).toBe('WEBP');

    await storage.remove('image', key);
    expect(await storage.exists('image', key)).toBe(false);
    expect(await storage.open('image', key)).toBeUndefined();
    expect((await storage.openKept('image', key))?.size).toBeGreaterThan(0);
    // not yet a day: kept
    await storage.sweepRemoved(Date.now() + REMOVED_KEEP_MS - 60_000);
    expect(await storage.openKept('image', key)).toBeDefined();
    expect(await storage.head(variant as string)).toBeDefined();
    // a day later: gone, with its resized copies
    await storage.sweepRemoved(Date.now() + REMOVED_KEEP_MS + 60_000);
    expect(await storage.openKept('image', key)).toBeUndefined();
    expect(await storage.head(variant as string)).toBeUndefined();
  });

  it('leaves the folder of an instance starting beside it (no heartbeat yet) and takes a stale one', async () => {
    // two instances started together: each makes its folder a moment before its first heartbeat, and the
    // other's sweep at start must not take it (a variant made through the second then failed to be written)
    const starting = path.join(storage.tmpRoot, 'f'.repeat(16));
    const stale = path.join(storage.tmpRoot, 'e'.repeat(16));
    fs.mkdirSync(starting);
    fs.mkdirSync(stale);
    const old = new Date(Date.now() - 3600_000);
    fs.utimesSync(stale, old, old);
    try {
      expect(await storage.otherInstances()).toBe(1);
      await storage.sweepTmp();
      expect(fs.existsSync(starting)).toBe(true);
      expect(fs.existsSync(stale)).toBe(false);
    } finally {
      fs.rmSync(starting, { recursive: true, force: true });
    }
  });

  it('answers the readiness probe and leaves nothing behind', async () => {
    await storage.probe();
    if (kind === 's3') expect((await bucketObjects(env)).filter((o) => o.name.includes('.ready'))).toEqual([]);
  });

  if (kind === 's3') {
    it('keeps the disk layout in the bucket, and nothing of the files on the disk', async () => {
      const key = await storage.write('publication', Buffer.from('%PDF-1.4'), 'pdf');
      expect((await bucketObjects(env)).map((o) => o.name)).toContain(`publication/${key}`);
      expect(fs.existsSync(path.join(scratch, 'files'))).toBe(false);
    });

    it('puts every name below S3_PREFIX when one is set', async () => {
      const prefixed = await createStorage({ dataDir: scratch, s3: s3Config({ ...env, S3_PREFIX: 'labs/nlp/' }) });
      try {
        const key = await prefixed.write('data', Buffer.from('x'), 'txt');
        expect((await bucketObjects(env)).map((o) => o.name)).toContain(`labs/nlp/data/${key}`);
        expect(await storage.exists('data', key)).toBe(false);
        expect(await prefixed.exists('data', key)).toBe(true);
      } finally {
        await prefixed.close();
      }
    });

    it('knows of the instances on the same bucket with no disk in common, by their heartbeats there', async () => {
      expect(await storage.otherInstances()).toBe(0);
      const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-storage-other-'));
      const other = await createStorage({ dataDir: otherDir, s3: s3Config(env) });
      await other.init();
      try {
        expect(await storage.otherInstances()).toBe(1);
        expect(await other.otherInstances()).toBe(1);
      } finally {
        await other.close();
        fs.rmSync(otherDir, { recursive: true, force: true });
      }
      // a closed instance takes its heartbeat with it
      expect(await storage.otherInstances()).toBe(0);
      const client = await s3Client();
      const put = (id: string, body: object) =>
        client.send(new PutObjectCommand({ Bucket: env.S3_BUCKET, Key: `instances/${id}`, Body: JSON.stringify(body) }));
      try {
        // one on another machine counts while its heartbeat is recent; one of this machine whose process is gone does not, and is deleted
        await put('a'.repeat(16), { host: 'another-machine', pid: 1234 });
        await put('b'.repeat(16), { host: os.hostname(), pid: 2 ** 22 + 17 });
        expect(await storage.otherInstances()).toBe(1);
        expect((await bucketObjects(env)).map((o) => o.name)).not.toContain(`instances/${'b'.repeat(16)}`);
      } finally {
        await client.send(new DeleteObjectCommand({ Bucket: env.S3_BUCKET, Key: `instances/${'a'.repeat(16)}` }));
        client.destroy();
      }
      expect(await storage.otherInstances()).toBe(0);
    });

    it('refuses to start on a bucket that does not answer, naming it and never the secret', async () => {
      const wrong = await createStorage({ dataDir: scratch, s3: s3Config({ ...env, S3_BUCKET: 'no-such-bucket' }) });
      const e = await wrong.init().catch((err) => err as Error);
      await wrong.close();
      expect(e).toBeInstanceOf(Error);
      expect((e as Error).message).toContain('no-such-bucket');
      expect((e as Error).message).not.toContain(env.S3_SECRET_ACCESS_KEY as string);
    });
  }
});

describe('S3 settings', () => {
  it('are off without S3_BUCKET, and refuse half a configuration', () => {
    expect(s3Config({})).toBeUndefined();
    expect(() => s3Config({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET/);
    expect(() => s3Config({ S3_BUCKET: 'lab', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => s3Config({ S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => s3Config({ S3_BUCKET: 'lab', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => s3Config({ S3_BUCKET: 'lab', S3_PREFIX: '../x' })).toThrow(/S3_PREFIX/);
    expect(() => s3Config({ S3_BUCKET: 'lab', S3_TIMEOUT_MS: '0' })).toThrow(/S3_TIMEOUT_MS/);
    expect(() => s3Config({ S3_TIMEOUT_MS: '5000' })).toThrow(/S3_BUCKET/);
    expect(s3Config({ S3_BUCKET: 'lab', S3_TIMEOUT_MS: '2500' })?.timeoutMs).toBe(2500);
    expect(s3Config({ S3_BUCKET: 'lab', S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_FORCE_PATH_STYLE: 'true' })).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'lab',
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: true,
      prefix: '',
      timeoutMs: 10_000,
    });
  });
});
