import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';

// A shared answer is sent from the cache with the headers it was rendered with (a
// cached /publication.bib lost its Content-Disposition), over real HTTP.

/** The headers of an answer, less those that name the moment or the cache's state. */
const headersOf = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => !['date', 'x-cache', 'keep-alive', 'connection'].includes(name)));

describe.each(dialects)('headers of cached answers (%s)', (dialect) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    // the exports are served beside the pages (server/pages/citations.ts)
    t = await makeApp(dialect, { LAB_API_ONLY: '0' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps every header of what it stores: a BibTeX export is still an attachment-named download from the cache', async () => {
    for (const path of ['/publication.bib', '/publication.json?area=1', '/api/read_site/']) {
      const get = (encoding: string) => fetch(`${base}${path}`, { headers: { 'accept-language': 'en', 'accept-encoding': encoding } });
      const first = await get('gzip');
      const second = await get('gzip');
      expect(first.headers.get('x-cache'), path).toBe('miss');
      expect(second.headers.get('x-cache'), path).toBe('hit');
      expect(headersOf(second), path).toEqual(headersOf(first));
      expect(await second.text()).toBe(await first.text());
      // the plain form from the cache: the same headers but its coding and length
      const plain = await get('identity');
      expect(plain.headers.get('x-cache'), path).toBe('hit');
      const { 'content-encoding': _coding, 'content-length': _length, ...rest } = headersOf(first);
      expect(headersOf(plain), path).toMatchObject(rest);
      expect(plain.headers.get('content-encoding')).toBeNull();
    }
    const bib = await fetch(`${base}/publication.bib`);
    expect(bib.headers.get('x-cache')).toBe('hit');
    expect(bib.headers.get('content-disposition')).toBe('inline; filename="publications.bib"');
  });

  it('answers from the cache only what is provably a shared read (the first hook answers hits)', async () => {
    const url = `${base}/api/read_site/`;
    await fetch(url);
    const hit = await fetch(url);
    expect(hit.headers.get('x-cache')).toBe('hit');
    const etag = hit.headers.get('etag') as string;
    // a caller presenting a session, a console cookie or any Authorization is answered by the route itself
    const sessions: Record<string, string>[] = [{ authorization: 'Token nope' }, { 'x-lab-console': '1', cookie: 'lab_session=aaaaaaaaaaaaaaaaaaaaaaaa' }];
    for (const headers of sessions) {
      const res = await fetch(url, { headers });
      expect(res.headers.get('x-cache'), JSON.stringify(headers)).toBeNull();
    }
    // a conditional request still gets its 304, HEAD its headers without a body
    const cond = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(cond.status).toBe(304);
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    expect(await head.text()).toBe('');
    // a NUL in the URL is refused as before, even where the key it maps to is cached
    expect((await fetch(`${url}?x=%00`)).status).toBe(400);
    // brotli, gzip or plain as the client accepts
    expect((await fetch(url, { headers: { 'accept-encoding': 'br' } })).headers.get('content-encoding')).toBe('br');
    expect((await fetch(url, { headers: { 'accept-encoding': 'gzip;q=0, br;q=0' } })).headers.get('content-encoding')).toBeNull();
  });
});
