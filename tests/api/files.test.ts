import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailText, messages } from '../../common/messages.ts';
import type { Bucket } from '../../server/storage/storage.ts';
import { dialects } from '../helpers/app.ts';
import { Client, type RawPart, sendRaw } from '../helpers/client.ts';
import { bmp, jpeg, png } from '../fixtures/images.ts';
import { bucketFiles, storedAs, createdId, fieldErrors, leftInTmp, makeWorld, type Member, newMember, unique, walk, type World } from '../fixtures/world.ts';

// Uploaded files: publication file slots, data files, images (checked by content, re-encoded) and
// hostile file names; everything stays under DATA_DIR/files with names the server chose.

type Row = Record<string, unknown>;

const KEY = /^[a-f0-9]{32}(\.[a-z0-9]{1,8})?$/;
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const bytes = (label: string) => Buffer.from(`%PDF-1.4 ${label} ${unique()} ${'x'.repeat(64)}`);

describe.each(dialects)('files on %s', (dialect) => {
  let w: World;
  let dataDir: string;
  beforeAll(async () => {
    w = await makeWorld(dialect);
    dataDir = w.t.dataDir;
  });
  afterAll(() => w.t.close());

  const anon = () => new Client(w.app);
  const fetchBytes = async (url: string, c: Client = anon()) => {
    const r = await c.get(url);
    return { status: r.statusCode, body: r.rawPayload, headers: r.headers };
  };
  /** The stored files of a bucket whose content equals `data`. */
  const onDisk = (bucket: Bucket, data: Buffer) => storedAs(w.app, bucket, data);
  const ok = async (p: Promise<{ statusCode: number; body: string }>) => {
    const r = await p;
    expect(r.statusCode, r.body).toBe(200);
    expect(JSON.parse(r.body)).toBe('success');
  };

  describe('publication file slots', () => {
    const pub = async (pid: number): Promise<Row> => (await w.user.get(`/api/publication/?pid=${pid}`)).json();
    const fields = () => ({ title: `With files ${unique()}`, author: '["A", "B"]', source: 'ACL' });

    it('uploads, keeps, frees and replaces a slot; the public URL serves exactly the stored bytes', async () => {
      const a = bytes('first');
      const pid = createdId(
        await w.user.send('POST', '/api/publication/', { ...fields(), file1: { file: a, name: 'Paper Final.pdf', type: 'application/pdf' } }),
      );
      const p0 = await pub(pid);
      expect(p0.file1).toBe('Paper Final.pdf');
      expect(p0.file1_url).toBe(`/resource/public/publication/${pid}/Paper%20Final.pdf`);
      expect(p0.file2).toBe('');
      const served = await fetchBytes(String(p0.file1_url));
      expect(served.status).toBe(200);
      expect(served.body.equals(a)).toBe(true);
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(String(served.headers['content-disposition'])).toContain('Paper Final.pdf');
      expect(await onDisk('publication', a)).toHaveLength(1);
      // the public list links the same file
      const listed = ((await anon().get('/api/read_publication/')).json() as Row[]).find((x) => x.pid === pid);
      expect(listed?.file1).toBe('Paper Final.pdf');

      // the current name keeps the file; absence keeps it too
      await ok(w.user.send('PUT', `/api/publication/?pid=${pid}`, { ...fields(), file1: 'Paper Final.pdf' }));
      await ok(w.user.send('PUT', `/api/publication/?pid=${pid}`, { source: 'EMNLP' }));
      expect((await pub(pid)).file1).toBe('Paper Final.pdf');
      expect((await fetchBytes(String(p0.file1_url))).body.equals(a)).toBe(true);

      // another name is not a way to point at some other file
      expect(fieldErrors(await w.user.send('PUT', `/api/publication/?pid=${pid}`, { file1: '../../lab.sqlite' }))).toEqual({ file1: ['invalid file name'] });

      // empty frees the slot: no URL, no file
      await ok(w.user.send('PUT', `/api/publication/?pid=${pid}`, { file1: '' }));
      const p1 = await pub(pid);
      expect(p1.file1).toBe('');
      expect(p1.file1_url).toBe('');
      expect((await fetchBytes(String(p0.file1_url))).status).toBe(404);
      // no longer served, but kept while the version it belongs to is (the record's history)
      expect(await onDisk('publication', a)).toHaveLength(1);

      // a new file fills it; a newer one replaces it and the old bytes are gone
      const b = bytes('second');
      const c = bytes('third');
      await ok(w.user.send('PUT', `/api/publication/?pid=${pid}`, { file1: { file: b, name: 'v2.pdf' } }));
      const urlB = String((await pub(pid)).file1_url);
      expect((await fetchBytes(urlB)).body.equals(b)).toBe(true);
      await ok(w.other.send('PUT', `/api/publication/?pid=${pid}`, { file1: { file: c, name: 'v3.pdf' } }));
      const p2 = await pub(pid);
      expect(p2.file1).toBe('v3.pdf');
      expect((await fetchBytes(String(p2.file1_url))).body.equals(c)).toBe(true);
      expect((await fetchBytes(urlB)).status).toBe(404);
      expect(await onDisk('publication', b)).toHaveLength(1);
      expect(await onDisk('publication', c)).toHaveLength(1);
    });

    it('keeps the three slots apart, even with equal names, and removes the files with the publication', async () => {
      const [f1, f2, f3] = [bytes('paper'), bytes('slides'), Buffer.from(`zip ${unique()}`)];
      const pid = createdId(
        await w.user.send('POST', '/api/publication/', {
          ...fields(),
          file1: { file: f1, name: 'same.pdf' },
          file2: { file: f2, name: 'same.pdf' },
          file3: { file: f3, name: 'dataset.zip' },
        }),
      );
      const p = await pub(pid);
      expect(p.file1).toBe('same.pdf');
      expect(p.file2).not.toBe('same.pdf');
      expect(String(p.file2)).toMatch(/\.pdf$/);
      expect((await fetchBytes(String(p.file1_url))).body.equals(f1)).toBe(true);
      expect((await fetchBytes(String(p.file2_url))).body.equals(f2)).toBe(true);
      const zip = await fetchBytes(String(p.file3_url));
      expect(zip.body.equals(f3)).toBe(true);
      // not a type that may open inline: it downloads, and never runs as a page
      expect(String(zip.headers['content-disposition'])).toMatch(/^attachment/);
      expect(zip.headers['x-content-type-options']).toBe('nosniff');

      await ok(w.user.delete(`/api/publication/?pid=${pid}`));
      for (const url of [p.file1_url, p.file2_url, p.file3_url]) expect((await fetchBytes(String(url))).status).toBe(404);
      // the trash keeps them until it is emptied; then they are gone
      for (const data of [f1, f2, f3]) expect(await onDisk('publication', data)).toHaveLength(1);
      expect((await w.admin.delete('/api/trash/')).json()).toEqual({ purged: expect.any(Number) });
      for (const data of [f1, f2, f3]) expect(await onDisk('publication', data)).toHaveLength(0);
    });

    it('keeps no file from a write that failed', async () => {
      const d = bytes('failed write');
      const r = await w.user.send('POST', '/api/publication/', { ...fields(), title: '', file1: { file: d, name: 'orphan.pdf' } });
      expect(fieldErrors(r)).toEqual({ title: ['required'] });
      const pid = createdId(await w.user.send('POST', '/api/publication/', fields()));
      const bad = await w.user.send('PUT', `/api/publication/?pid=${pid}`, { year: '1800', file1: { file: d, name: 'orphan.pdf' } });
      expect(Object.keys(fieldErrors(bad))).toEqual(['year']);
      expect((await pub(pid)).file1).toBe('');
      await sleep(50);
      expect(await onDisk('publication', d)).toHaveLength(0);
      expect(leftInTmp(w.app)).toEqual([]);
    });
  });

  describe('data files', () => {
    const list = async (url = '/api/data/', c = w.user) => {
      const r = await c.get(url);
      expect(r.statusCode, r.body).toBe(200);
      return r.json() as Row[];
    };

    it('stores a shared file under the uploader’s identity, whatever the body claims', async () => {
      const data = Buffer.from(`a,b\n1,2\n${unique()}`);
      const before = Date.now();
      const r = await w.user.send('POST', '/api/data/', {
        uid: w.other.uid,
        username: w.other.username,
        name_zh: '冒名者',
        owner: 'public',
        'files[0]': { file: data, name: 'report.csv', type: 'text/csv' },
      });
      const did = createdId(r);
      const item = (await list()).find((f) => f.did === did) as Row;
      expect(item).toMatchObject({
        did,
        filename: 'report.csv',
        size: data.length,
        owner: 'public',
        name_zh: w.user.name_zh,
        uid: w.user.uid,
        username: w.user.username,
      });
      expect(new Date(String(item.created_at)).getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(String(item.url)).toMatch(/^\/resource\/data\/[a-f0-9]{32}(\.[a-z0-9]+)?\/report\.csv$/);
      // every member sees the shared list, and its link serves them the file
      expect((await list('/api/data/', w.other)).some((f) => f.did === did)).toBe(true);
      const served = await fetchBytes(String(item.url), w.other);
      expect(served.status).toBe(200);
      expect(served.body.equals(data)).toBe(true);
      // a guessed key does not
      expect((await fetchBytes(String(item.url).replace(/\/resource\/data\/[a-f0-9]{32}/, `/resource/data/${'0'.repeat(32)}`), w.other)).status).toBe(404);
    });

    it.each([
      ['zlib', [0x78, 0x9c]],
      ['gzip', [0x1f, 0x8b, 0x08]],
      ['plain text', [0x61, 0x62]],
    ])('serves a file whose first bytes look like %s data byte for byte, to a client that accepts gzip', async (_kind, head) => {
      // random bytes after a compressed-looking head: the response compressor once passed such a file
      // through unchanged under Content-Encoding: gzip, a corrupt download (found by tests/e2e/crash.test.ts)
      const data = Buffer.concat([Buffer.from(head), randomBytes(4096)]);
      const did = createdId(await w.user.send('POST', '/api/data/', { owner: 'public', 'files[0]': { file: data, name: 'weights.bin' } }));
      const item = (await list()).find((f) => f.did === did) as Row;
      const served = await w.app.inject({ method: 'GET', url: String(item.url), headers: w.user.headers({ 'accept-encoding': 'gzip, deflate, br' }) });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-encoding']).toBeUndefined();
      expect(served.headers['content-length']).toBe(String(data.length));
      expect(served.rawPayload.equals(data)).toBe(true);
    });

    it('keeps private files to their owner', async () => {
      const data = Buffer.from(`private ${unique()}`);
      const did = createdId(await w.user.send('POST', '/api/data/', { owner: w.user.username, 'files[0]': { file: data, name: 'mine.txt' } }));
      expect((await list()).some((f) => f.did === did)).toBe(false);
      const own = await list(`/api/data/?owner=${w.user.username}`);
      expect(own.find((f) => f.did === did)).toMatchObject({ owner: w.user.username, filename: 'mine.txt' });
      expect((await w.other.get(`/api/data/?owner=${w.user.username}`)).statusCode).toBe(403);
      expect((await w.admin.get(`/api/data/?owner=${w.user.username}`)).statusCode).toBe(403);
      expect((await w.other.delete(`/api/data/?did=${did}`)).statusCode).toBe(403);
      expect((await w.admin.delete(`/api/data/?did=${did}`)).statusCode).toBe(403);
      await ok(w.user.delete(`/api/data/?did=${did}`));
      expect(await onDisk('data', data)).toHaveLength(0);
    });

    it('lets the uploader or an administrator delete a shared file, nobody else', async () => {
      const one = Buffer.from(`shared one ${unique()}`);
      const two = Buffer.from(`shared two ${unique()}`);
      const r = await w.user.send('POST', '/api/data/', {
        owner: 'public',
        'files[0]': { file: one, name: 'one.txt' },
        'files[1]': { file: two, name: 'two.txt' },
      });
      createdId(r);
      const mine = (await list()).filter((f) => f.filename === 'one.txt' || f.filename === 'two.txt');
      const d1 = mine.find((f) => f.filename === 'one.txt')?.did as number;
      const d2 = mine.find((f) => f.filename === 'two.txt')?.did as number;
      const url1 = String(mine.find((f) => f.did === d1)?.url);
      expect((await w.other.delete(`/api/data/?did=${d1}`)).statusCode).toBe(403);
      expect((await fetchBytes(url1, w.other)).status).toBe(200);
      const del = await w.user.delete(`/api/data/?did=${d1}`);
      expect(del.statusCode).toBe(200);
      expect(del.json()).toBe('success');
      expect((await fetchBytes(url1, w.other)).status).toBe(404);
      expect(await onDisk('data', one)).toHaveLength(0);
      await ok(w.admin.delete(`/api/data/?did=${d2}`));
      expect(await onDisk('data', two)).toHaveLength(0);
      expect((await w.admin.delete(`/api/data/?did=${d2}`)).statusCode).toBe(404);
      expect((await w.admin.delete('/api/data/?did=abc')).statusCode).toBe(404);
    });

    it('opens for the lab’s members only (a private file for its owner only), never kept by a shared cache', async () => {
      const shared = Buffer.from(`members only ${unique()}`);
      const sharedDid = createdId(await w.user.send('POST', '/api/data/', { owner: 'public', 'files[0]': { file: shared, name: 'members.txt' } }));
      const url = String((await list()).find((f) => f.did === sharedDid)?.url);
      // anonymous, in either language, by GET or HEAD, or with a token that is no session: not the file
      for (const lang of ['en', 'zh'] as const) {
        const c = anon();
        c.lang = lang;
        const res = await c.get(url);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ detail: detailText(lang, 'unauthenticated') });
        expect(res.headers['cache-control']).toBe('private, no-store');
      }
      expect((await w.app.inject({ method: 'HEAD', url })).statusCode).toBe(401);
      expect((await fetchBytes(url, new Client(w.app, 'not-a-session-token-0123456789'))).status).toBe(401);
      // any member, by the API's token or by the console's cookie on a tab opened from the site
      for (const m of [w.user, w.other, w.admin]) {
        const served = await fetchBytes(url, m);
        expect(served.status).toBe(200);
        expect(served.body.equals(shared)).toBe(true);
        expect(served.headers['cache-control']).toBe('private, no-store');
      }
      const byCookie = (site?: string) =>
        w.app.inject({ method: 'GET', url, headers: { cookie: `lab_session=${w.other.token}`, ...(site ? { 'sec-fetch-site': site } : {}) } });
      for (const site of [undefined, 'same-origin', 'none']) {
        const res = await byCookie(site);
        expect(res.statusCode, String(site)).toBe(200);
        expect(res.rawPayload.equals(shared)).toBe(true);
      }
      // another site cannot make a member's browser fetch it for its own page
      expect((await byCookie('cross-site')).statusCode).toBe(401);

      const secret = Buffer.from(`only mine ${unique()}`);
      const privateDid = createdId(await w.user.send('POST', '/api/data/', { owner: w.user.username, 'files[0]': { file: secret, name: 'mine.txt' } }));
      const privateUrl = String((await list(`/api/data/?owner=${w.user.username}`)).find((f) => f.did === privateDid)?.url);
      const own = await fetchBytes(privateUrl, w.user);
      expect(own.status).toBe(200);
      expect(own.body.equals(secret)).toBe(true);
      expect(own.headers['cache-control']).toBe('private, no-store');
      expect((await fetchBytes(privateUrl)).status).toBe(401);
      for (const m of [w.other, w.admin]) {
        const res = await fetchBytes(privateUrl, m);
        expect(res.status).toBe(404);
        expect(res.body.includes(secret)).toBe(false);
      }
      await ok(w.user.delete(`/api/data/?did=${privateDid}`));
    });

    it('asks for files and for a multipart body', async () => {
      expect(fieldErrors(await w.user.send('POST', '/api/data/', { owner: 'public' }))).toEqual({ files: ['a file is expected'] });
      expect((await w.user.json('POST', '/api/data/', { owner: 'public' })).statusCode).toBe(415);
    });
  });

  describe('private files follow their owner', () => {
    const privateUpload = async (m: Member, data: Buffer) =>
      createdId(await m.send('POST', '/api/data/', { owner: m.username, 'files[0]': { file: data, name: 'private.txt' } }));

    it('a renamed member keeps their private files; a newcomer with the old username gets none', async () => {
      const m = await newMember(w.admin);
      const oldName = m.username;
      const data = Buffer.from(`private before rename ${unique()}`);
      const did = await privateUpload(m, data);
      const renamed = `renamed${unique()}`;
      expect((await w.admin.send('PUT', `/api/people/?pid=${m.pid}`, { username: renamed })).statusCode).toBe(200);
      const mine = (await m.get(`/api/data/?owner=${renamed}`)).json() as Row[];
      expect(mine.find((f) => f.did === did)).toMatchObject({ owner: renamed, username: renamed });
      const newcomer = await newMember(w.admin, { username: oldName });
      expect((await newcomer.get(`/api/data/?owner=${oldName}`)).json()).toEqual([]);
      expect((await newcomer.delete(`/api/data/?did=${did}`)).statusCode).toBe(403);
      await ok(m.delete(`/api/data/?did=${did}`));
    });

    it('deleting a member removes their private files and images; their shared files stay', async () => {
      const m = await newMember(w.admin);
      const secret = Buffer.from(`private of a leaver ${unique()}`);
      const shared = Buffer.from(`shared by a leaver ${unique()}`);
      const did = await privateUpload(m, secret);
      const sharedDid = createdId(await m.send('POST', '/api/data/', { owner: 'public', 'files[0]': { file: shared, name: 'shared.txt' } }));
      const privateUrl = String(((await m.get(`/api/data/?owner=${m.username}`)).json() as Row[]).find((f) => f.did === did)?.url);
      const iid = createdId(await m.send('POST', '/api/image/', { 'files[0]': { file: await png(7, 7), name: 'leaver.png' } }));
      const imageUrl = String(((await m.get('/api/image/')).json() as Row[]).find((i) => i.iid === iid)?.url);
      const imageBytes = (await fetchBytes(imageUrl)).body;
      const images = (await bucketFiles(w.app, 'image')).length;

      await ok(w.admin.delete(`/api/people/?pid=${m.pid}`));
      expect((await fetchBytes(privateUrl, w.admin)).status).toBe(404);
      expect((await fetchBytes(imageUrl)).status).toBe(404);
      // the trash keeps them with the member until it is emptied; then they are gone
      expect(await onDisk('data', secret)).toHaveLength(1);
      expect((await w.admin.delete('/api/trash/')).json()).toEqual({ purged: expect.any(Number) });
      expect(await onDisk('data', secret)).toHaveLength(0);
      expect(await onDisk('image', imageBytes)).toHaveLength(0);
      expect(await bucketFiles(w.app, 'image')).toHaveLength(images - 1);
      const sharedItem = ((await w.user.get('/api/data/')).json() as Row[]).find((f) => f.did === sharedDid);
      expect(sharedItem).toMatchObject({ owner: 'public', name_zh: m.name_zh });
      expect((await fetchBytes(String(sharedItem?.url), w.user)).body.equals(shared)).toBe(true);

      const newcomer = await newMember(w.admin, { username: m.username });
      expect((await newcomer.get(`/api/data/?owner=${m.username}`)).json()).toEqual([]);
    });
  });

  describe('images', () => {
    const images = async (c = w.user) => (await c.get('/api/image/')).json() as Row[];

    it('accepts png, jpeg and bmp, re-encoded, with JPEG metadata stripped', async () => {
      const original = await jpeg(40, 30);
      expect(original.includes(Buffer.from('secret-gps-owner'))).toBe(true);
      const before = (await images()).length;
      const r = await w.user.send('POST', '/api/image/', {
        username: w.other.username,
        'files[0]': { file: await png(30, 20), name: 'chart.png', type: 'image/png' },
        'files[1]': { file: original, name: 'photo.jpg', type: 'image/jpeg' },
        'files[2]': { file: bmp(10, 12), name: 'scan.bmp', type: 'image/bmp' },
      });
      createdId(r);
      const all = await images();
      expect(all).toHaveLength(before + 3);
      expect((await images(w.other)).length).toBe(0);
      const byName = (n: string) => all.find((i) => String(i.filename).startsWith(n)) as Row;
      for (const [name, format, width, height] of [
        ['chart', 'png', 30, 20],
        ['photo', 'jpeg', 40, 30],
        ['scan', 'png', 10, 12],
      ] as const) {
        const img = byName(name);
        expect(img, name).toBeDefined();
        expect(img).toMatchObject({ username: w.user.username });
        expect(typeof img.iid).toBe('number');
        const served = await fetchBytes(String(img.url));
        expect(served.status).toBe(200);
        expect(served.body.length).toBe(img.size);
        const meta = await sharp(served.body).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([format, width, height]);
        expect(meta.exif).toBeUndefined();
        expect(served.body.includes(Buffer.from('secret-gps-owner'))).toBe(false);
      }
    });

    it.each([
      ['a text file named .png', () => Buffer.from('this is not an image at all'), 'fake.png'],
      ['GIF bytes', () => GIF, 'anim.gif'],
      ['a GIF named .png', () => GIF, 'anim.png'],
      ['a truncated PNG', async () => (await png(20, 20)).subarray(0, 40), 'cut.png'],
    ] as const)('refuses %s with 415 naming the field, and keeps nothing of the batch', async (_label, make, name) => {
      const before = await images();
      const stored = (await bucketFiles(w.app, 'image')).length;
      const r = await w.user.send('POST', '/api/image/', {
        'files[0]': { file: await png(5, 5), name: 'fine.png' },
        'files[1]': { file: await make(), name, type: 'image/png' },
      });
      expect(fieldErrors(r, 415)).toEqual({ 'files[1]': ['images must be png, jpeg or bmp'] });
      expect(await images()).toEqual(before);
      expect(await bucketFiles(w.app, 'image')).toHaveLength(stored);
    });

    it('deletes one’s own image with "success"', async () => {
      const iid = createdId(await w.user.send('POST', '/api/image/', { 'files[0]': { file: await png(6, 6), name: 'gone.png' } }));
      const img = (await images()).find((i) => i.iid === iid) as Row;
      expect((await fetchBytes(String(img.url))).status).toBe(200);
      expect((await w.other.delete(`/api/image/?iid=${iid}`)).statusCode).toBe(403);
      await ok(w.user.delete(`/api/image/?iid=${iid}`));
      expect((await fetchBytes(String(img.url))).status).toBe(404);
    });

    it('checks the article cover against 800x450 (image_url)', async () => {
      for (const [wd, ht] of [
        [799, 450],
        [800, 449],
        [450, 800],
      ] as const) {
        const r = await w.user.send('POST', '/api/article/', { title: 'Cover', abstract: 'x', image_url: { file: await png(wd, ht), name: 'cover.png' } });
        expect(fieldErrors(r), `${wd}x${ht}`).toEqual({ image_url: ['the image must be at least 800×450 pixels'] });
      }
      const aid = createdId(
        await w.user.send('POST', '/api/article/', { title: 'Cover', abstract: 'x', image_url: { file: await png(800, 450), name: 'cover.png' } }),
      );
      const a = (await w.user.get(`/api/article/?aid=${aid}`)).json();
      expect(a.image_url).toMatch(/^\/resource\/media\/[a-f0-9]{32}\.png$/);
      const served = await fetchBytes(a.image_url);
      const meta = await sharp(served.body).metadata();
      expect([meta.width, meta.height]).toEqual([800, 450]);
      // a failed replacement keeps the cover; a new one replaces it, and the old file stays while its version does
      const small = await w.user.send('PUT', `/api/article/?aid=${aid}`, { image_url: { file: await png(100, 100), name: 'tiny.png' } });
      expect(Object.keys(fieldErrors(small))).toEqual(['image_url']);
      const notImage = await w.user.send('PUT', `/api/article/?aid=${aid}`, { image_url: { file: Buffer.from('<svg onload=alert(1)>'), name: 'x.png' } });
      expect(fieldErrors(notImage, 415)).toEqual({ image_url: ['images must be png, jpeg or bmp'] });
      expect((await w.user.get(`/api/article/?aid=${aid}`)).json().image_url).toBe(a.image_url);
      await ok(w.user.send('PUT', `/api/article/?aid=${aid}`, { image_url: { file: await jpeg(1600, 900), name: 'big.jpg' } }));
      const next = (await w.user.get(`/api/article/?aid=${aid}`)).json().image_url;
      expect(next).toMatch(/^\/resource\/media\/[a-f0-9]{32}\.jpg$/);
      expect((await fetchBytes(a.image_url)).status).toBe(200);
      expect((await fetchBytes(next)).body.includes(Buffer.from('secret-gps-owner'))).toBe(false);
      // sent empty, the cover is cleared; deleted and the trash emptied, no version holds either file and both go
      await ok(w.user.send('PUT', `/api/article/?aid=${aid}`, { image_url: '' }));
      expect((await w.user.get(`/api/article/?aid=${aid}`)).json().image_url ?? '').toBe('');
      await ok(w.user.delete(`/api/article/?aid=${aid}`));
      expect((await w.admin.delete('/api/trash/')).statusCode).toBe(200);
      expect((await fetchBytes(a.image_url)).status).toBe(404);
      expect((await fetchBytes(next)).status).toBe(404);
    });

    it('checks the seminar speaker photo against 400x400', async () => {
      const refused = await w.admin.send('POST', '/api/seminar/', { title_zh: '照片', image_url: { file: await png(399, 400), name: 'p.png' } });
      expect(fieldErrors(refused)).toEqual({ image_url: ['the image must be at least 400×400 pixels'] });
      const sid = createdId(await w.admin.send('POST', '/api/seminar/', { title_zh: '照片', image_url: { file: await jpeg(400, 400), name: 'p.jpg' } }));
      const s = (await w.admin.get(`/api/seminar/?sid=${sid}`)).json();
      const served = await fetchBytes(s.image_url);
      expect(served.status).toBe(200);
      // square crops are stored as png
      expect((await sharp(served.body).metadata()).format).toBe('png');
    });
  });

  describe('hostile file names', () => {
    const names: [string, string | Buffer][] = [
      ['../../x', '../../x'],
      ['..\\..\\x.pdf', '..\\..\\x.pdf'],
      ['a NUL inside', 'a\u0000b.pdf'],
      ['400 characters', `${'n'.repeat(396)}.pdf`],
      ['300 bytes of Chinese', `${'论'.repeat(100)}.pdf`],
      ['non-UTF-8 bytes', Buffer.concat([Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from('report.pdf')])],
      ['only dots', '..'],
      ['an absolute path', '/etc/passwd'],
    ];

    const checkName = (name: unknown) => {
      const s = String(name);
      expect(s).not.toBe('');
      for (const bad of ['/', '\\', '\u0000']) expect(s.includes(bad), JSON.stringify(bad)).toBe(false);
      expect(s).not.toMatch(/^\.\.?$/);
      expect(Buffer.byteLength(s)).toBeLessThanOrEqual(255);
    };

    it.each(names)('stores a data file named %s inside DATA_DIR/files, served by its URL', async (_label, filename) => {
      const data = Buffer.from(`hostile ${unique()}`);
      const parts: RawPart[] = [
        { name: 'owner', value: 'public' },
        { name: 'files[0]', filename, data, type: 'application/pdf' },
      ];
      const did = createdId(await sendRaw(w.user, 'POST', '/api/data/', parts));
      const item = ((await w.user.get('/api/data/')).json() as Row[]).find((f) => f.did === did) as Row;
      checkName(item.filename);
      const served = await fetchBytes(String(item.url), w.user);
      expect(served.status).toBe(200);
      expect(served.body.equals(data)).toBe(true);
      expect(await onDisk('data', data)).toHaveLength(1);
    });

    it.each(names)('stores a publication file named %s, served by its URL', async (_label, filename) => {
      const data = Buffer.from(`hostile publication ${unique()}`);
      const parts: RawPart[] = [
        { name: 'title', value: 'Hostile name' },
        { name: 'author', value: '["Mallory"]' },
        { name: 'source', value: 'Nowhere' },
        { name: 'file1', filename, data },
      ];
      const pid = createdId(await sendRaw(w.user, 'POST', '/api/publication/', parts));
      const p = (await w.user.get(`/api/publication/?pid=${pid}`)).json();
      checkName(p.file1);
      expect(p.file1_url).toBe(`/resource/public/publication/${pid}/${encodeURIComponent(p.file1)}`);
      const served = await fetchBytes(p.file1_url);
      expect(served.status).toBe(200);
      expect(served.body.equals(data)).toBe(true);
    });

    it('leaves nothing outside DATA_DIR/files (and its tmp/), nothing above DATA_DIR', async () => {
      await sleep(50);
      for (const rel of walk(dataDir)) {
        const parts = rel.split(path.sep);
        if (parts[0] === 'files' && parts[1] === 'variants') {
          // files/variants/{name}: an image's resized copies (server/images/variants.ts), made as it is uploaded
          expect(parts, rel).toHaveLength(3);
          expect(parts[2], rel).toMatch(/^(image|media)-[a-f0-9]{32}-\d{2,4}\.(webp|avif)$/);
        } else if (parts[0] === 'files') {
          // files/{bucket}/{key}, or files/removed/{bucket}/{key} for a removed file waiting its day
          const inBucket = parts[1] === 'removed' ? parts.slice(1) : parts;
          expect(inBucket, rel).toHaveLength(3);
          expect(['publication', 'data', 'image', 'media']).toContain(inBucket[1]);
          expect(inBucket[2], rel).toMatch(KEY);
        } else if (parts[0] !== 'tmp') {
          expect(rel, rel).toMatch(/^lab\.sqlite(-wal|-shm|-journal)?$/);
        }
      }
      for (const rel of ['x', 'x.pdf', '../x', '../x.pdf', '../../x', '../../x.pdf', 'files/x', 'files/data/x']) {
        expect(fs.existsSync(path.resolve(dataDir, rel)), rel).toBe(false);
      }
      expect(leftInTmp(w.app)).toEqual([]);
    });
  });

  describe('size limits', () => {
    it('answers 413 for an image over 20 MB and keeps nothing', async () => {
      const before = (await bucketFiles(w.app, 'image')).length;
      const big = Buffer.concat([await png(10, 10), Buffer.alloc(21 * 1024 * 1024, 1)]);
      const r = await w.user.send('POST', '/api/image/', { 'files[0]': { file: big, name: 'huge.png', type: 'image/png' } });
      expect(r.statusCode, r.body).toBe(413);
      expect(r.json().detail).toMatch(/too large/i);
      expect(await bucketFiles(w.app, 'image')).toHaveLength(before);
      // the temporary file is removed asynchronously once the answer is out
      await expect.poll(() => leftInTmp(w.app)).toEqual([]);
    });

    it('answers 413 for an article cover over 20 MB', async () => {
      const big = Buffer.concat([await png(800, 450), Buffer.alloc(21 * 1024 * 1024, 1)]);
      const r = await w.user.send('POST', '/api/article/', { title: 'Huge cover', abstract: 'x', image_url: { file: big, name: 'huge.png' } });
      expect(r.statusCode, r.body).toBe(413);
      expect(((await w.user.get('/api/article/')).json() as Row[]).some((a) => a.title === 'Huge cover')).toBe(false);
    });
  });
});
