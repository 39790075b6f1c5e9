import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { type Client, loginAs } from '../helpers/client.ts';

// Conditional GETs on every public read, page, feed and stored file (docs/decisions/080): a reader who holds
// the version gets 304 and no body; a write gives a new tag and a 200.

describe.each(dialects)('conditional GETs (%s)', (dialect) => {
  let t: TestApp;
  let admin: Client;
  let pid: number;
  beforeAll(async () => {
    // the feeds and sitemap are served beside the API (the pages need a build: tests/e2e/conditional-gets.test.ts)
    t = await makeApp(dialect, { LAB_API_ONLY: '0' });
    admin = await loginAs(t.app, 'admin', 'admin-password');
    for (const [i, year] of [2019, 2021, 2023].entries()) {
      const res = await admin.send('POST', '/api/publication/', {
        title: `Paper ${i}`,
        author: '["A"]',
        source: 'ACL',
        year: String(year),
        file1: { file: Buffer.from(`%PDF-1.4 paper ${i}`), name: `paper-${i}.pdf` },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    const list = (await t.app.inject('/api/read_publication/')).json() as { pid: number }[];
    pid = list[0]?.pid as number;
  });
  afterAll(() => t?.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { 'accept-language': 'en', 'accept-encoding': 'identity', ...headers } });

  /** 200 with a tag, then 304 without a body for that tag, in any coding, a miss or a hit alike. */
  async function heldGets304(url: string) {
    const first = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(first.statusCode, url).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag, url).toBeTruthy();
    for (const encoding of ['gzip', 'br', 'identity']) {
      const again = await get(url, { 'if-none-match': etag, 'accept-encoding': encoding });
      expect(again.statusCode, `${url} ${encoding}`).toBe(304);
      expect(again.rawPayload.length, url).toBe(0);
      expect(again.headers.etag, url).toBe(etag);
    }
    const other = await get(url, { 'if-none-match': 'W/"not-this-one"' });
    expect(other.statusCode, url).toBe(200);
    expect(other.rawPayload.length, url).toBeGreaterThan(0);
    return first;
  }

  it('answers 304 to a reader who holds any public read, page, feed, the sitemap or a stored file', async () => {
    const pdf = ((await get('/api/read_publication/')).json() as { file1_url: string }[]).find((p) => p.file1_url)?.file1_url as string;
    for (const url of [
      '/api/read_publication/',
      '/api/read_news/',
      '/api/read_people/',
      '/api/read_site/',
      '/api/read_seminar/',
      '/api/read_award/',
      // the pages (a build's) are tests/e2e/conditional-gets.test.ts's
      '/sitemap.xml',
      '/feed/news.xml',
      '/feed/publications.xml',
      '/feed/seminars.ics',
      '/robots.txt',
      pdf,
    ])
      await heldGets304(url);
  });

  it('gives a changed record a new tag and a 200, and Last-Modified that moves with it', async () => {
    for (const url of ['/api/read_publication/', '/feed/publications.xml']) {
      const before = await get(url);
      expect(before.statusCode).toBe(200);
      const res = await admin.send('PUT', `/api/publication/?pid=${pid}`, { title: `Renamed for ${url}`, author: '["A"]', source: 'ACL', year: '2023' });
      expect(res.statusCode, res.body).toBeLessThan(300);
      const after = await get(url, { 'if-none-match': before.headers.etag as string });
      expect(after.statusCode, url).toBe(200);
      expect(after.headers.etag, url).not.toBe(before.headers.etag);
      // the held version's time no longer covers the new one
      if (before.headers['last-modified']) {
        const since = await get(url, { 'if-modified-since': before.headers['last-modified'] as string });
        expect(since.statusCode, url).toBe(200);
        const now = await get(url, { 'if-modified-since': after.headers['last-modified'] as string });
        expect(now.statusCode, url).toBe(304);
      }
    }
  });

  it('keeps the stored file tag to its object: a replaced file is a new tag', async () => {
    const url = (await get('/api/read_publication/')).json() as { pid: number; file1_url: string }[];
    const item = url.find((p) => p.pid === pid) as { file1_url: string };
    const first = await heldGets304(item.file1_url);
    expect(first.headers.etag).toMatch(/^"/);
    expect(first.headers['last-modified']).toBeTruthy();
    expect((await get(item.file1_url, { 'if-modified-since': first.headers['last-modified'] as string })).statusCode).toBe(304);
    const res = await admin.send('PUT', `/api/publication/?pid=${pid}`, {
      title: 'With another file',
      author: '["A"]',
      source: 'ACL',
      year: '2023',
      file1: { file: Buffer.from('%PDF-1.4 replaced'), name: 'replaced.pdf' },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const now = ((await get('/api/read_publication/')).json() as { pid: number; file1_url: string }[]).find((p) => p.pid === pid) as { file1_url: string };
    const again = await get(now.file1_url, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe('%PDF-1.4 replaced');
    expect(again.headers.etag).not.toBe(first.headers.etag);
  });

  it('answers the whole list by default, and a page or the years since one when asked', async () => {
    const all = (await get('/api/read_publication/')).json() as { pid: number; year: number }[];
    expect(all).toHaveLength(3);
    const since = (await get('/api/read_publication/?since=2021')).json() as { year: number }[];
    expect(since.map((p) => p.year).sort()).toEqual([2021, 2023]);
    const page1 = await get('/api/read_publication/?page=1&per_page=2');
    expect(page1.json()).toEqual(all.slice(0, 2));
    expect(page1.headers['x-total-count']).toBe('3');
    expect(page1.headers.link).toBe('</api/read_publication/?page=2&per_page=2>; rel="next"');
    const page2 = await get('/api/read_publication/?page=2&per_page=2');
    expect(page2.json()).toEqual(all.slice(2));
    expect(page2.headers.link).toBeUndefined();
    // a page is held and tagged like the whole list
    expect((await get('/api/read_publication/?page=2&per_page=2', { 'if-none-match': page2.headers.etag as string })).statusCode).toBe(304);
    // junk is ignored, as if absent: the whole list
    for (const junk of ['?page=abc', '?since=-1', `?page=${'9'.repeat(200_000)}`, '?per_page=0&page=x'])
      expect((await get(`/api/read_publication/${junk}`)).json(), junk).toEqual(all);
  });
});
