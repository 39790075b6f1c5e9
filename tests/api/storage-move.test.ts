import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantOf } from '../../server/images/variants.ts';
import { actorByUsername } from '../../server/services/auth.ts';
import type { Ctx } from '../../server/services/context.ts';
import { uploadData } from '../../server/services/files.ts';
import { png } from '../fixtures/images.ts';
import { walk } from '../fixtures/world.ts';
import { appOn, type BareInstance, bareInstance } from '../helpers/app.ts';
import { loginAs } from '../helpers/client.ts';
import { runLabAsync } from '../helpers/process.ts';
import { s3Bucket, s3Client } from '../helpers/s3.ts';

// `lab storage move --to s3|disk`: a lab's files go from DATA_DIR/files into a bucket
// and back, every object checked by size and SHA-256; a move killed half-way is taken up again, a copy
// that differs from its source is made again, and the site then serves its files from where they are.

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Every object under DATA_DIR/files, by its name there (the names of the bucket), with its SHA-256. */
function onDisk(dataDir: string): Record<string, string> {
  const root = path.join(dataDir, 'files');
  return Object.fromEntries(
    walk(root)
      .filter((rel) => !rel.startsWith('.'))
      .map((rel) => [rel.split(path.sep).join('/'), sha(fs.readFileSync(path.join(root, rel)))])
      .sort(),
  );
}

async function inBucket(env: Record<string, string>): Promise<Record<string, string>> {
  const { GetObjectCommand, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
  const client = await s3Client();
  const out: Record<string, string> = {};
  try {
    const page = await client.send(new ListObjectsV2Command({ Bucket: env.S3_BUCKET }));
    // the heartbeats of running instances (instances/) are not files
    for (const o of (page.Contents ?? []).filter((o) => !o.Key?.startsWith('instances/'))) {
      const got = await client.send(new GetObjectCommand({ Bucket: env.S3_BUCKET, Key: o.Key }));
      out[o.Key as string] = sha(Buffer.from(await (got.Body as { transformToByteArray: () => Promise<Uint8Array> }).transformToByteArray()));
    }
  } finally {
    client.destroy();
  }
  return Object.fromEntries(Object.entries(out).sort());
}

describe('lab storage move', () => {
  let inst: BareInstance;
  let s3: Record<string, string>;
  let before: Record<string, string>;
  let dataUrl: string;
  const big = randomBytes(3 * 1024 * 1024 + 17);

  beforeAll(async () => {
    inst = await bareInstance('sqlite', {});
    s3 = await s3Bucket();
    const app = await appOn(inst, { LAB_ADMIN_USERNAME: 'admin', LAB_ADMIN_PASSWORD: 'admin-password' });
    try {
      const ctx: Ctx = { db: app.lab.db, storage: app.lab.storage, actor: await actorByUsername(app.lab.db, 'admin'), lang: 'en' };
      await uploadData(ctx, 'public', [
        await ctx.storage.stage(big, 'big.bin', 'application/octet-stream'),
        await ctx.storage.stage(Buffer.from('small'), 'small.txt', 'text/plain'),
      ]);
      const row = await app.lab.db.selectFrom('data_file').select('storage_key').where('filename', '=', 'big.bin').executeTakeFirstOrThrow();
      dataUrl = `/resource/data/${row.storage_key}/big.bin`;
      // an image with a resized copy, and a removed file waiting its day
      const image = await ctx.storage.write('media', await png(800, 450), 'png');
      expect(await variantOf(ctx.storage, 'media', image, 320)).toBeDefined();
      await ctx.storage.remove('media', await ctx.storage.write('media', await png(10, 10), 'png'));
    } finally {
      await app.close();
    }
    // the bare instance's own storage stands for no running process
    await inst.storage.close();
    before = onDisk(inst.dataDir);
    expect(Object.keys(before).some((n) => n.startsWith('variants/'))).toBe(true);
    expect(Object.keys(before).some((n) => n.startsWith('removed/media/'))).toBe(true);
  }, 60_000);
  afterAll(() => inst.close());

  const lab = (args: string[], env: Record<string, string> = {}) => runLabAsync(['storage', ...args], { DATA_DIR: inst.dataDir, ...s3, ...env });

  it('says what it needs', async () => {
    const none = await runLabAsync(['storage', 'move', '--to', 's3'], { DATA_DIR: inst.dataDir });
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('S3_BUCKET is not set');
    const where = await lab(['move']);
    expect(where.status).toBe(2);
    expect(where.stderr).toContain('--to s3 or --to disk');
    expect((await lab(['copy'])).stderr).toContain('storage takes move or sweep');
  });

  it('is taken up again after a kill, makes again a copy that differs, and ends with the bucket equal to the disk', { timeout: 120_000 }, async () => {
    const killed = await lab(['move', '--to', 's3'], { LAB_FAILPOINT: 'storage-move:copied-one' });
    expect(killed.signal).toBe('SIGKILL');
    const half = await inBucket(s3);
    expect(Object.keys(half)).toHaveLength(1);
    // a copy of the right size with other bytes (a disk error, an earlier tool): found and made again
    const victim = Object.keys(before).find((n) => n.startsWith('data/') && !(n in half)) as string;
    const size = fs.statSync(path.join(inst.dataDir, 'files', victim)).size;
    const client = await s3Client();
    await client.send(new PutObjectCommand({ Bucket: s3.S3_BUCKET, Key: victim, Body: Buffer.alloc(size, 7) }));
    client.destroy();

    const r = await lab(['move', '--to', 's3']);
    expect(r.status, r.stderr).toBe(0);
    const total = Object.keys(before).length;
    expect(r.stdout).toContain(`${total} objects in s3://${s3.S3_BUCKET}/, each checked by size and SHA-256: ${total - 1} copied now`);
    expect(r.stdout).toContain('1 were there already');
    expect(r.stdout).toContain(`copied ${victim}`);
    expect(await inBucket(s3)).toEqual(before);
    // the disk is left as it was
    expect(onDisk(inst.dataDir)).toEqual(before);

    // run again: nothing to copy, everything checked
    const again = await lab(['move', '--to', 's3']);
    expect(again.stdout).toContain(`0 copied now (0.0 MB), ${total} were there already`);
  });

  it('lets the site serve the files from the bucket, with DATA_DIR/files gone', { timeout: 60_000 }, async () => {
    fs.renameSync(path.join(inst.dataDir, 'files'), path.join(inst.dataDir, '..', 'files-away'));
    const app = await appOn(inst, s3);
    try {
      expect(app.lab.storage.kind).toBe('s3');
      // data files are the lab's members' (decision 064)
      const admin = await loginAs(app, 'admin', 'admin-password');
      const r = await admin.get(dataUrl);
      expect(r.statusCode).toBe(200);
      expect(r.rawPayload.equals(big)).toBe(true);
      const part = await app.inject({ method: 'GET', url: dataUrl, headers: admin.headers({ range: 'bytes=3145728-' }) });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.equals(big.subarray(3_145_728))).toBe(true);
      // while it runs, a move is refused
      const busy = await lab(['move', '--to', 'disk']);
      expect(busy.status).toBe(2);
      expect(busy.stderr).toContain('is running on');
    } finally {
      await app.close();
    }
  });

  it('moves the files back to the disk, byte for byte', { timeout: 120_000 }, async () => {
    const r = await lab(['move', '--to', 'disk']);
    expect(r.status, r.stderr).toBe(0);
    expect(onDisk(inst.dataDir)).toEqual(before);
    const app = await appOn(inst);
    try {
      expect(app.lab.storage.kind).toBe('disk');
      expect((await (await loginAs(app, 'admin', 'admin-password')).get(dataUrl)).rawPayload.equals(big)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
