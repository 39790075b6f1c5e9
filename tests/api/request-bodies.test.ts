import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { type Client, createMember, loginAs } from '../helpers/client.ts';

// Multipart bodies of callers who will be refused are never read: only routes that
// declare a multipart body read one (any other answers 415 before reading), who may write which record
// (?pid=, ?uid=) is decided before the body, the uploads an instance reads at once are bounded
// (UPLOADS_IN_FLIGHT, 503) and an upload that would eat into the disk's reserve is refused (DISK_RESERVE_MB,
// 507) with nothing half written. Over a real socket: an answer must come while the body is still unsent.

const BOUNDARY = 'XbodyX';
const MB = 1024 * 1024;

/** Every file under DATA_DIR/tmp, heartbeats aside. */
function tmpFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, 'tmp');
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name !== '.alive')
    .map((e) => path.join(e.parentPath, e.name));
}

function head(port: number, method: string, url: string, length: number, extra: Record<string, string> = {}) {
  return Buffer.from(
    [
      `${method} ${url} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
      `Content-Length: ${length}`,
      ...Object.entries(extra).map(([k, v]) => `${k}: ${v}`),
    ].join('\r\n') + '\r\n\r\n',
  );
}
const fileStart = (field: string, filename: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);

/** Writes `bytes` on a new socket; the status line and headers of an answer that comes within `waitMs` (the body still unsent), or undefined. */
function answerBeforeBody(port: number, bytes: Buffer, waitMs = 4000) {
  return new Promise<{ status: number; head: string } | undefined>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let got = '';
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(got);
      resolve(m ? { status: Number(m[1]), head: got.split('\r\n\r\n')[0] ?? '' } : undefined);
    };
    const timer = setTimeout(settle, waitMs);
    socket.on('data', (d) => {
      got += d.toString('latin1');
      if (got.includes('\r\n\r\n')) settle();
    });
    socket.on('error', settle);
    socket.on('close', settle);
    socket.write(bytes);
  });
}

const listen = async (t: TestApp) => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return (t.app.server.address() as AddressInfo).port;
};

describe.each(dialects)('multipart bodies of refused callers on %s', (dialect) => {
  let t: TestApp;
  let port: number;
  let admin: Client;
  let member: Awaited<ReturnType<typeof createMember>>;
  let other: Awaited<ReturnType<typeof createMember>>;
  const MB1 = Buffer.alloc(MB, 1);

  beforeAll(async () => {
    t = await makeApp(dialect);
    admin = await loginAs(t.app, 'admin', 'admin-password');
    member = await createMember(admin);
    other = await createMember(admin);
    port = await listen(t);
  });
  afterAll(() => t?.close());

  it.each([
    ['POST', '/api/logout/', 415],
    ['POST', '/api/nonexistent', 415],
    ['POST', '/people/someone', 415],
    ['PUT', '/resource/x', 415],
    ['POST', '/api/login/', 415],
    // who may call it comes first
    ['PUT', '/apiprivate/disctime/', 401],
  ])('answers an anonymous multipart %s %s with %i before reading it, keeping nothing', { timeout: 15_000 }, async (method, url, status) => {
    // 15 MB declared, within what routes without files used to read into a temporary file
    const bytes = Buffer.concat([head(port, method, url, 15 * MB), fileStart('file', 'x.bin'), MB1]);
    const answer = await answerBeforeBody(port, bytes);
    expect(answer?.status, 'no answer while the body was incomplete').toBe(status);
    await sleep(300);
    expect(tmpFiles(t.dataDir)).toEqual([]);
  });

  it('tells the caller which body a call takes instead', async () => {
    const r = await admin.send('PUT', '/apiprivate/disctime/', { uid: member.uid });
    expect(r.statusCode).toBe(415);
    expect(r.json().detail).toMatch(/no multipart/i);
  });

  it('keeps accepting SPEC’s text-only multipart forms (seminar, news, info)', async () => {
    const seminar = await admin.send('POST', '/api/seminar/', { date: '2026-11-24', speaker: 'Speaker', title: 'Title', place: 'Room 1' });
    expect([200, 400], seminar.body).toContain(seminar.statusCode);
    expect(seminar.statusCode === 400 ? JSON.stringify(seminar.json()) : '').not.toMatch(/multipart/);
    const news = await admin.send('POST', '/api/news/', { date: '2026-11-24', abstract: `news ${Date.now()}` });
    expect(news.statusCode, news.body).toBe(200);
  });

  it.each([
    ['someone else’s person record (?pid=)', () => `/api/people/?pid=${other.pid}`, 403],
    ['someone else’s profile (?uid=)', () => `/api/people/?uid=${other.uid}`, 403],
    ['a record that does not exist (?pid=)', () => '/api/people/?pid=999999', 403],
  ])('answers a member’s 8 MB portrait for %s before reading it', { timeout: 15_000 }, async (_what, url, status) => {
    const bytes = Buffer.concat([head(port, 'PUT', url(), 8 * MB, { Authorization: `Token ${member.token}` }), fileStart('portrait_url', 'p.png'), MB1]);
    const answer = await answerBeforeBody(port, bytes);
    expect(answer?.status, 'no answer while the body was incomplete').toBe(status);
    await sleep(300);
    expect(tmpFiles(t.dataDir)).toEqual([]);
  });

  it.each([
    ['a person that does not exist', '/api/people/?pid=999999', 'portrait_url'],
    ['a pid that cannot name a person', '/api/people/?pid=x', 'portrait_url'],
    ['an article that does not exist', '/api/article/?aid=999999', 'image_url'],
  ])('answers an administrator’s 8 MB file for %s with 404 before reading it', { timeout: 15_000 }, async (_what, url, field) => {
    const bytes = Buffer.concat([head(port, 'PUT', url, 8 * MB, { Authorization: `Token ${admin.token}` }), fileStart(field, 'p.png'), MB1]);
    expect((await answerBeforeBody(port, bytes))?.status, 'no answer while the body was incomplete').toBe(404);
  });

  it('answers a member’s upload to someone else’s folder with 403 once the owner is read, before the file is written', { timeout: 15_000 }, async () => {
    const owner = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="owner"\r\n\r\n${other.username}\r\n`);
    const bytes = Buffer.concat([
      head(port, 'POST', '/api/data/', 50 * MB, { Authorization: `Token ${member.token}` }),
      owner,
      fileStart('files[0]', 'theirs.bin'),
      MB1,
    ]);
    expect((await answerBeforeBody(port, bytes))?.status, 'no answer while the body was incomplete').toBe(403);
    await sleep(300);
    expect(tmpFiles(t.dataDir)).toEqual([]);
  });

  it('still lets a member save their own profile as multipart', async () => {
    const r = await member.send('PUT', `/api/people/?uid=${member.uid}`, { name_en: 'Own Name' });
    expect(r.statusCode, r.body).toBe(200);
  });
});

describe.each(dialects)('upload capacity on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  let port: number;
  const upload = (name: string) =>
    admin.send('POST', '/api/data/', { owner: 'public', 'files[0]': { file: Buffer.from(`data ${name}`), name, type: 'text/plain' } });

  describe('UPLOADS_IN_FLIGHT=1', () => {
    beforeAll(async () => {
      t = await makeApp(dialect, { UPLOADS_IN_FLIGHT: '1' });
      admin = await loginAs(t.app, 'admin', 'admin-password');
      port = await listen(t);
    });
    afterAll(() => t?.close());

    it('answers a second upload while one is under way with 503 before reading it, then takes uploads again', { timeout: 30_000 }, async () => {
      // the first upload: 10 MB declared, 1 MB sent, then the client waits
      const first = net.connect({ host: '127.0.0.1', port });
      first.on('error', () => {});
      first.write(
        Buffer.concat([
          head(port, 'POST', '/api/data/', 10 * MB, { Authorization: `Token ${admin.token}` }),
          fileStart('files[0]', 'slow.bin'),
          Buffer.alloc(MB),
        ]),
      );
      // under way once its file is being written
      for (let i = 0; tmpFiles(t.dataDir).length === 0; i++) {
        expect(i, 'the first upload never started').toBeLessThan(200);
        await sleep(50);
      }
      const second = await answerBeforeBody(
        port,
        Buffer.concat([
          head(port, 'POST', '/api/data/', 2 * MB, { Authorization: `Token ${admin.token}` }),
          fileStart('files[0]', 'second.bin'),
          Buffer.alloc(MB),
        ]),
      );
      expect(second?.status, 'no answer while the body was incomplete').toBe(503);
      expect(second?.head).toMatch(/retry-after: 5/i);
      const refused = await upload('refused.txt');
      expect(refused.statusCode).toBe(503);
      expect(refused.json().detail).toMatch(/too many uploads/i);
      first.destroy();
      // the first one gone, uploads are taken again
      let after = await upload('after.txt');
      for (let i = 0; after.statusCode === 503 && i < 100; i++) {
        await sleep(50);
        after = await upload('after.txt');
      }
      expect(after.statusCode, after.body).toBe(200);
    });
  });

  describe('DISK_RESERVE_MB above the free space', () => {
    beforeAll(async () => {
      // a reserve no disk has: every upload would eat into it
      t = await makeApp(dialect, { DISK_RESERVE_MB: String(1024 ** 4) });
      admin = await loginAs(t.app, 'admin', 'admin-password');
    });
    afterAll(() => t?.close());

    it('answers an upload with 507, writing nothing, while forms without files still go through', async () => {
      const before = (await admin.get('/api/data/')).json() as unknown[];
      const r = await upload('full.txt');
      expect(r.statusCode, r.body).toBe(507);
      admin.lang = 'zh';
      const zh = await upload('full.txt');
      admin.lang = 'en';
      expect(r.json().detail).toMatch(/storage space/i);
      expect(zh.json().detail).toMatch(/存储空间/i);
      expect(tmpFiles(t.dataDir)).toEqual([]);
      expect((await admin.get('/api/data/')).json()).toEqual(before);
      const news = await admin.send('POST', '/api/news/', { date: '2026-11-24', abstract: `news ${Date.now()}` });
      expect(news.statusCode, news.body).toBe(200);
    });
  });
});
