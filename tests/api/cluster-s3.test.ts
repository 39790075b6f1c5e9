import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { png } from '../fixtures/images.ts';
import { buildWithRetry, dialects, PG_URL } from '../helpers/app.ts';
import { form, type Part } from '../helpers/client.ts';
import { sha256 } from '../helpers/contents.ts';
import { runLabAsync } from '../helpers/process.ts';
import { bucketObjects, s3Bucket } from '../helpers/s3.ts';

// Two instances on one PostgreSQL database with their files in one S3 bucket (the test S3 server,
// tests/helpers/s3.ts) and NO shared disk: each has a DATA_DIR of its own. What one
// stores, the other serves, whole or in byte ranges (206) read from the bucket; images resized by one are
// served by the other; what one removes, the other no longer serves. tests/api/cluster.test.ts holds the
// rest of the multi-instance behaviour (one DATA_DIR); this file only what changes with a bucket.

type Instance = { app: FastifyInstance; base: string; dataDir: string };

const client = (base: string, token?: string) => {
  const headers = (extra: Record<string, string> = {}) => ({ 'accept-language': 'en', ...(token ? { authorization: `Token ${token}` } : {}), ...extra });
  return {
    get: (url: string, extra: Record<string, string> = {}) => fetch(base + url, { headers: headers(extra) }),
    send: (method: 'POST' | 'PUT' | 'DELETE', url: string, fields: Record<string, Part | undefined> = {}) =>
      fetch(base + url, { method, headers: headers(), ...(method === 'DELETE' ? {} : { body: form(fields) }) }),
  };
};

async function login(base: string): Promise<string> {
  const csrf = await fetch(`${base}/api/csrf/`);
  const token = /csrftoken=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] as string;
  const res = await fetch(`${base}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `csrftoken=${token}`, 'x-csrftoken': token },
    body: JSON.stringify({ username: 'admin', password: 'admin-password' }),
  });
  const body = (await res.json()) as { loginStatus: string; token?: string };
  if (body.loginStatus !== 'success') throw new Error(`login: ${res.status} ${JSON.stringify(body)}`);
  return body.token as string;
}

async function expectCreated(res: Response): Promise<number> {
  expect(res.status, await res.clone().text()).toBe(200);
  return Number(res.headers.get('x-resource-id'));
}

describe.skipIf(!dialects.includes('postgres'))('two instances on one PostgreSQL database, files in one S3 bucket, no shared disk', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-cluster-s3-'));
  let s3: Record<string, string>;
  let a: Instance;
  let b: Instance;
  const sql = async (text: string) => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    try {
      return await c.query(text);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    await sql(`CREATE SCHEMA ${schema}`);
    s3 = await s3Bucket();
    const started: Instance[] = [];
    await Promise.all(
      ['a', 'b'].map(async (name) => {
        const dataDir = path.join(scratch, name, 'data');
        const config = loadConfig({
          DATA_DIR: dataDir,
          DATABASE_URL: PG_URL,
          LAB_ADMIN_USERNAME: 'admin',
          LAB_ADMIN_PASSWORD: 'admin-password',
          CACHE_PATIENCE_MS: '15000',
          LAB_API_ONLY: '1',
          ...s3,
        });
        const app = await buildWithRetry(() => buildApp({ config, pgSchema: schema }), schema);
        started.push({ app, dataDir, base: await app.listen({ port: 0, host: '127.0.0.1' }) });
      }),
    );
    [a, b] = started.sort((x, y) => x.dataDir.localeCompare(y.dataDir)) as [Instance, Instance];
  });

  afterAll(async () => {
    await Promise.all([a?.app.close(), b?.app.close()]);
    await sql(`DROP SCHEMA ${schema} CASCADE`);
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('keeps no stored file on either disk: both name the bucket', () => {
    expect(a.dataDir).not.toBe(b.dataDir);
    for (const i of [a, b]) {
      expect(i.app.lab.storage.kind).toBe('s3');
      expect(i.app.lab.storage.where).toBe(`s3://${s3.S3_BUCKET}/`);
    }
  });

  it('serves through B the publication files and images uploaded through A, and through A the variants B made', async () => {
    const viaA = client(a.base, await login(a.base));
    const bytes = Buffer.from(`%PDF-1.4 cluster ${randomBytes(8).toString('hex')}`);
    const pid = await expectCreated(
      await viaA.send('POST', '/api/publication/', {
        title: 'Shared file',
        author: '["A"]',
        source: 'ACL',
        file1: { file: bytes, name: 'shared.pdf', type: 'application/pdf' },
      }),
    );
    const pub = (await (await viaA.get(`/api/publication/?pid=${pid}`)).json()) as { file1_url: string };
    const served = await client(b.base).get(pub.file1_url);
    expect(served.status).toBe(200);
    expect(served.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);

    const aid = await expectCreated(
      await viaA.send('POST', '/api/article/', { title: 'Cover', abstract: 'x', image_url: { file: await png(800, 450), name: 'cover.png' } }),
    );
    const article = (await (await viaA.get(`/api/article/?aid=${aid}`)).json()) as { image_url: string };
    expect((await client(b.base).get(article.image_url)).status).toBe(200);
    const variant = await client(b.base).get(`${article.image_url}?w=320`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get('content-type')).toBe('image/webp');
    const webp = Buffer.from(await variant.arrayBuffer());
    const key = article.image_url.split('/').pop() as string;
    // B made it into the bucket, where A finds it
    expect((await bucketObjects(s3)).map((o) => o.name)).toContain(`variants/media-${key.replace(/\.\w+$/, '')}-320.webp`);
    const again = await client(a.base).get(`${article.image_url}?w=320`);
    expect(Buffer.from(await again.arrayBuffer()).equals(webp)).toBe(true);

    for (const i of [a, b]) expect(fs.existsSync(path.join(i.dataDir, 'files'))).toBe(false);
  });

  it('answers byte ranges of a large file from the bucket with 206, through either instance', { timeout: 60_000 }, async () => {
    const token = await login(a.base);
    const viaA = client(a.base, token);
    const size = 6 * 1024 * 1024 + 123;
    const bytes = randomBytes(size);
    await expectCreated(
      await viaA.send('POST', '/api/data/', { owner: 'public', 'files[0]': { file: bytes, name: 'corpus.bin', type: 'application/octet-stream' } }),
    );
    const list = (await (await viaA.get('/api/data/')).json()) as { filename: string; url: string }[];
    const url = list.find((d) => d.filename === 'corpus.bin')?.url as string;
    expect(url).toMatch(/^\/resource\/data\//);
    const key = url.split('/')[3] as string;
    expect(await bucketObjects(s3)).toContainEqual({ name: `data/${key}`, size });

    for (const i of [b, a]) {
      const whole = await client(i.base, token).get(url);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-length')).toBe(String(size));
      expect(sha256(Buffer.from(await whole.arrayBuffer()))).toBe(sha256(bytes));

      const start = 5 * 1024 * 1024;
      const mid = await client(i.base, token).get(url, { range: `bytes=${start}-${start + 65_535}` });
      expect(mid.status).toBe(206);
      expect(mid.headers.get('content-range')).toBe(`bytes ${start}-${start + 65_535}/${size}`);
      expect(mid.headers.get('content-length')).toBe('65536');
      expect(Buffer.from(await mid.arrayBuffer()).equals(bytes.subarray(start, start + 65_536))).toBe(true);

      // the rest from an offset (a resumed download), and the last bytes
      const rest = await client(i.base, token).get(url, { range: `bytes=${size - 1000}-` });
      expect(rest.status).toBe(206);
      expect(Buffer.from(await rest.arrayBuffer()).equals(bytes.subarray(size - 1000))).toBe(true);
      const tail = await client(i.base, token).get(url, { range: 'bytes=-77' });
      expect(tail.status).toBe(206);
      expect(tail.headers.get('content-range')).toBe(`bytes ${size - 77}-${size - 1}/${size}`);
      expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(size - 77))).toBe(true);

      // past the end: 416 with the size; several ranges or a malformed one: the whole file
      const past = await client(i.base, token).get(url, { range: `bytes=${size}-` });
      expect(past.status).toBe(416);
      expect(past.headers.get('content-range')).toBe(`bytes */${size}`);
      await past.arrayBuffer();
      for (const range of ['bytes=0-1,5-6', 'bytes=9-2', 'lines=1-2', `bytes=${'9'.repeat(200)}-`]) {
        const r = await client(i.base, token).get(url, { range });
        expect(r.status, range).toBe(200);
        expect(r.headers.get('content-length')).toBe(String(size));
        await r.body?.cancel();
      }
    }
  });

  it('refuses a restore or a move from a third machine while they run: their heartbeats are in the bucket', { timeout: 60_000 }, async () => {
    const third = path.join(scratch, 'c', 'data');
    fs.mkdirSync(third, { recursive: true });
    const archive = path.join(scratch, 'any.tar.gz');
    fs.writeFileSync(archive, 'not looked at: the refusal comes first');
    const restore = await runLabAsync(['restore', archive], { DATA_DIR: third, ...s3 });
    expect(restore.status).toBe(2);
    expect(restore.stderr).toContain(`is running on ${third} or s3://${s3.S3_BUCKET}/: stop it first`);
    const move = await runLabAsync(['storage', 'move', '--to', 'disk'], { DATA_DIR: third, ...s3 });
    expect(move.status).toBe(2);
    expect(move.stderr).toContain('is running on');
    expect(fs.existsSync(path.join(third, 'files', 'data'))).toBe(true);
    expect(fs.readdirSync(path.join(third, 'files', 'data'))).toEqual([]);
  });

  it('no longer serves through A a data file deleted through B', async () => {
    const token = await login(a.base);
    const viaA = client(a.base, token);
    const bytes = randomBytes(4096);
    const did = await expectCreated(
      await viaA.send('POST', '/api/data/', { owner: 'public', 'files[0]': { file: bytes, name: 'gone.bin', type: 'application/octet-stream' } }),
    );
    const list = (await (await viaA.get('/api/data/')).json()) as { did: number; url: string }[];
    const url = list.find((d) => d.did === did)?.url as string;
    expect((await client(a.base, token).get(url)).status).toBe(200);
    const viaB = client(b.base, await login(b.base));
    expect((await viaB.send('DELETE', `/api/data/?did=${did}`)).status).toBe(200);
    expect((await client(a.base, token).get(url)).status).toBe(404);
    // it waits its day in the bucket's removed/ (the trash or a backup may still need it)
    const key = url.split('/')[3] as string;
    const names = (await bucketObjects(s3)).map((o) => o.name);
    expect(names.some((n) => n === `removed/data/${key}` || n === `data/${key}`)).toBe(true);
  });
});
