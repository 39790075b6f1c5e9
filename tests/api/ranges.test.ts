import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadData } from '../../server/services/files.ts';
import { actorByUsername } from '../../server/services/auth.ts';
import type { Ctx } from '../../server/services/context.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { loginAs } from '../helpers/client.ts';

// Byte ranges of stored files: a download resumed or a video sought asks for part of
// the file, and gets 206 with Content-Range; a range past the end is 416; several ranges, or a header that
// is not a range, get the whole file. On the disk here, and on S3 in tests/api/files-on-s3.test.ts.
describe.each(dialects)('byte ranges of stored files, on %s', (dialect) => {
  let t: TestApp;
  let url: string;
  // data files are the lab's members' (decision 064)
  let member: Record<string, string>;
  const bytes = randomBytes(100_000);
  beforeAll(async () => {
    t = await makeApp(dialect);
    const ctx: Ctx = { db: t.app.lab.db, storage: t.app.lab.storage, actor: await actorByUsername(t.app.lab.db, 'admin'), lang: 'en' };
    await uploadData(ctx, 'public', [await ctx.storage.stage(bytes, 'range.bin', 'application/octet-stream')]);
    const row = await t.app.lab.db.selectFrom('data_file').select(['storage_key']).where('filename', '=', 'range.bin').executeTakeFirstOrThrow();
    url = `/resource/data/${row.storage_key}/range.bin`;
    member = { authorization: `Token ${(await loginAs(t.app, 'admin', 'admin-password')).token}` };
  });
  afterAll(() => t.close());

  const get = (range?: string) => t.app.inject({ method: 'GET', url, headers: range ? { ...member, range } : member });

  it('sends the whole file, saying it takes ranges', async () => {
    const r = await get();
    expect(r.statusCode).toBe(200);
    expect(r.headers['accept-ranges']).toBe('bytes');
    expect(r.headers['content-length']).toBe('100000');
    expect(r.rawPayload.equals(bytes)).toBe(true);
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=99990-', 99_990, 99_999],
    ['bytes=-10', 99_990, 99_999],
    ['bytes=50000-50000', 50_000, 50_000],
    ['bytes=99000-200000', 99_000, 99_999],
  ])('answers %s with 206 and those bytes', async (range, start, end) => {
    const r = await get(range);
    expect(r.statusCode).toBe(206);
    expect(r.headers['content-range']).toBe(`bytes ${start}-${end}/100000`);
    expect(r.headers['content-length']).toBe(String(end - start + 1));
    expect(r.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it('answers HEAD with the size and no body, and then still answers', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await t.app.inject({ method: 'HEAD', url, headers: member });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-length']).toBe('100000');
      expect(r.rawPayload.length).toBe(0);
    }
    // (bytes=0-1, not 0-0: s3rver reads an end of 0 as no end, and sends the whole object)
    const first = await get('bytes=0-1');
    expect([first.statusCode, first.headers['content-range']]).toEqual([206, 'bytes 0-1/100000']);
    expect(first.rawPayload.equals(bytes.subarray(0, 2))).toBe(true);
  });

  it('answers a range past the end with 416 and the size', async () => {
    const r = await get('bytes=100000-');
    expect(r.statusCode).toBe(416);
    expect(r.headers['content-range']).toBe('bytes */100000');
  });

  it.each(['bytes=0-1,5-6', 'bytes=9-2', 'lines=1-2', 'bytes=-', `bytes=${'1'.repeat(500)}-`])('sends the whole file for %s', async (range) => {
    const r = await get(range);
    expect(r.statusCode).toBe(200);
    expect(r.rawPayload.equals(bytes)).toBe(true);
  });
});
