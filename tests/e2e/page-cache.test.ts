import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, loginAs } from '../helpers/client.ts';
import { ADMIN, type Site, startSite } from './server.ts';

// The shared answers of the built server over real HTTP: keys that ignore what a page does
// not read, one render per key under a crowd, stale-while-revalidate after a write, invalidation by
// topic, ETag/304 for pages and reads, and the long lists a page at a time.

describe('the response cache and the long lists', () => {
  let site: Site;
  let admin: Client;
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(site.url + path, { headers: { 'accept-language': 'en', ...headers }, redirect: 'manual' });
  const state = (res: Response) => res.headers.get('x-cache');
  const addPublication = async (title: string, area = 'social computing') => {
    const res = await admin.send('POST', '/api/publication/', { title, author: '["A. Author"]', source: 'ACL', area, year: 2020 });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    site = await startSite();
    admin = await loginAs(site.app, ADMIN.username, ADMIN.password);
  }, 240_000);
  afterAll(() => site?.close());

  it('shares one entry between URLs that differ only in what the page does not read', async () => {
    expect(state(await get('/people'))).toBe('miss');
    const size = site.app.responseCache.size;
    for (let i = 0; i < 50; i++) {
      const res = await get(`/people?utm_source=n${i}&fbclid=${i}`);
      expect(state(res)).toBe('hit');
    }
    expect(site.app.responseCache.size).toBe(size);
    // one selection in two spellings is one entry; an unknown area drops out of it
    expect(state(await get('/publication?area=4&area=1'))).toBe('miss');
    expect(state(await get('/publication?area=1&area=4&area=99&area=x'))).toBe('hit');
    // what the page reads keeps pages apart
    const former = await get('/people?tab=former');
    expect(state(former)).toBe('miss');
    expect(await former.text()).toContain('aria-current="page"');
  });

  it('keeps one page per address, not one per spelling: another spelling is sent to its own (301), a record id has one spelling', async () => {
    /** The status and Location of a raw request path, as sent (no client normalises it first). */
    const raw = (path: string) =>
      new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
        const u = new URL(site.url);
        http
          .get({ host: u.hostname, port: u.port, path, headers: { 'accept-language': 'en' } }, (res) => {
            res.resume();
            resolve({ status: res.statusCode ?? 0, location: res.headers.location });
          })
          .on('error', reject);
      });
    expect(await raw('/PUBLICATION')).toEqual({ status: 301, location: '/publication' });
    expect(await raw('//publication')).toEqual({ status: 301, location: '/publication' });
    expect(await raw('/publication/')).toEqual({ status: 301, location: '/publication' });
    expect(await raw('/discopen?lang=en&x=1')).toEqual({ status: 301, location: '/DISCOpen?lang=en&x=1' });
    expect(await raw('/People/liqinghe')).toEqual({ status: 301, location: '/people/liqinghe' });
    // never an address of another host
    expect(await raw('//evil.example/x')).toEqual({ status: 301, location: '/evil.example/x' });
    expect((await raw('/\\evil.example//x')).location ?? '').not.toMatch(/^\/[/\\]/);
    // the address as it is spelled is the page
    expect((await raw('/publication')).status).toBe(200);
    expect((await raw('/DISCOpen')).status).toBe(200);
    // a record has one id: a leading zero finds nothing
    expect((await raw('/publication/1')).status).toBe(200);
    expect((await raw('/publication/01')).status).toBe(404);
    expect((await raw('/news/0001')).status).toBe(404);

    // so 100 spellings of a page and 100 of pages not found leave the cache as it was
    await get('/publication');
    const size = site.app.responseCache.size;
    const renders = site.app.responseCache.snapshot().renders;
    for (let i = 0; i < 100; i++) {
      const spelled = [...'publication'].map((ch, k) => (((i * 37) >> (k % 9)) & 1 ? ch.toUpperCase() : ch)).join('');
      const res = await get(`/${spelled}${'/'.repeat(i % 3)}`);
      expect([200, 301]).toContain(res.status);
      if (res.status === 200) expect(state(res)).toBe('hit');
      expect((await get(`/no-such-page-${i}`)).status).toBe(404);
    }
    expect(site.app.responseCache.size).toBe(size);
    expect(site.app.responseCache.snapshot().renders - renders).toBe(100);
  }, 120_000);

  it('renders a cold page once for a crowd of concurrent readers', async () => {
    const before = site.app.responseCache.snapshot().renders;
    const answers = await Promise.all(Array.from({ length: 20 }, () => get('/curriculum?lang=zh')));
    const states = answers.map(state);
    expect(states.filter((s) => s === 'miss')).toHaveLength(1);
    expect(states.filter((s) => s === 'shared' || s === 'hit')).toHaveLength(19);
    expect(site.app.responseCache.snapshot().renders - before).toBe(1);
    const bodies = new Set(await Promise.all(answers.map((r) => r.text())));
    expect(bodies.size).toBe(1);
  });

  it('after a write, renders the page anew once while the other readers get the previous one', async () => {
    await get('/publication');
    expect(state(await get('/publication'))).toBe('hit');
    const marker = `Stale-while-revalidate ${Date.now()}`;
    await addPublication(marker);
    const answers = await Promise.all(Array.from({ length: 10 }, () => get('/publication')));
    const states = answers.map(state);
    expect(states.filter((s) => s === 'miss')).toHaveLength(1);
    expect(states.filter((s) => s === 'stale')).toHaveLength(9);
    const fresh = answers[states.indexOf('miss')] as Response;
    expect(await fresh.text()).toContain(marker);
    const next = await get('/publication');
    expect(state(next)).toBe('hit');
    expect(await next.text()).toContain(marker);
  });

  it('leaves pages a write cannot change in the cache', async () => {
    await get('/people');
    await get('/DISCOpen');
    await get('/publication');
    await get('/api/read_people/');
    await addPublication(`Targeted ${Date.now()}`);
    expect(state(await get('/people'))).toBe('hit');
    expect(state(await get('/DISCOpen'))).toBe('hit');
    expect(state(await get('/api/read_people/'))).toBe('hit');
    expect(state(await get('/publication'))).toBe('miss');
    // the frame (site settings) is on every page: a change of them reaches every one
    const res = await admin.json('PUT', '/api/site/', { email: `lab${Date.now()}@example.org` });
    expect(res.statusCode).toBe(200);
    expect(state(await get('/people'))).toBe('miss');
    expect(state(await get('/DISCOpen'))).toBe('miss');
  });

  it('answers 304 to a client that holds the current version, of pages and reads', async () => {
    for (const path of ['/news', '/api/read_publication/']) {
      const first = await get(path);
      const etag = first.headers.get('etag');
      expect(etag, path).toMatch(/^W\/"[\w-]+"$/);
      const again = await get(path, { 'if-none-match': etag as string });
      expect(again.status, path).toBe(304);
      expect(await again.text()).toBe('');
      expect((await get(path, { 'if-none-match': 'W/"something-else"' })).status).toBe(200);
    }
  });

  it('caches public reads for strangers only, and renews them after a write', async () => {
    await get('/api/read_publication/');
    const hit = await get('/api/read_publication/', { 'accept-encoding': 'gzip' });
    expect(state(hit)).toBe('hit');
    expect(hit.headers.get('content-encoding')).toBe('gzip');
    const list = (await hit.json()) as { title: string }[];
    const withToken = await fetch(`${site.url}/api/read_publication/`, { headers: { authorization: `Token ${admin.token}` } });
    expect(withToken.status).toBe(200);
    expect(state(withToken)).toBeNull();
    const title = `Read cache ${Date.now()}`;
    await addPublication(title);
    const after = await get('/api/read_publication/');
    expect(state(after)).toBe('miss');
    const titles = ((await after.json()) as { title: string }[]).map((p) => p.title);
    expect(titles).toContain(title);
    expect(titles).toHaveLength(list.length + 1);
    // a switch that is not "1" shares the answer without it
    await get('/api/read_seminar/');
    expect(state(await get('/api/read_seminar/?recent=yes'))).toBe('hit');
  });

  it('lists publications a page at a time, numbered down over the whole selection, every page a link', async () => {
    const before = ((await (await get('/api/read_publication/')).json()) as unknown[]).length;
    const add = 205 - before;
    for (let i = 0; i < add; i++) await addPublication(`Bulk ${String(i).padStart(3, '0')}`, i % 4 === 0 ? 'graph models' : 'agents');
    const total = 205;
    const first = await (await get('/publication')).text();
    expect(first.match(/<li>/g)?.length ?? 0).toBeGreaterThanOrEqual(100);
    expect(first).toContain(`start="${total}"`);
    expect(first).toContain('href="/publication?page=2"');
    expect(first).toContain('href="/publication?page=3"');
    const third = await get('/publication?page=3');
    expect(third.status).toBe(200);
    const thirdHtml = await third.text();
    expect(thirdHtml).toContain(`start="${total - 200}"`);
    expect(thirdHtml).toContain(`<link rel="canonical" href="${site.url}/publication?page=3"/>`);
    expect((await get('/publication?page=4')).status).toBe(404);
    // the area filter covers the whole list, not the page shown
    const agents = await (await get('/publication?area=8')).text();
    const all = (await (await get('/api/read_publication/')).json()) as { area_num: number }[];
    const agentsCount = all.filter((p) => p.area_num === 8).length;
    expect(agentsCount).toBeGreaterThan(100);
    expect(agents).toContain(`start="${agentsCount}"`);
    expect(agents).toContain('href="/publication?area=8&amp;page=2"');
    const sitemap = await (await get('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${site.url}/publication?page=3</loc>`);
    expect(sitemap).not.toContain(`<loc>${site.url}/publication?page=4</loc>`);
    expect(sitemap).toContain(`<loc>${site.url}/people?tab=former</loc>`);
  });

  it('answers HEAD as GET would, without the body', async () => {
    const raw = (method: 'GET' | 'HEAD', p: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number }>((resolve, reject) => {
        const req = http.request(`${site.url}${p}`, { method, headers: { 'accept-language': 'zh', 'accept-encoding': 'identity' } }, (res) => {
          let bytes = 0;
          res.on('data', (d: Buffer) => {
            bytes += d.length;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const p of ['/sharedtask', '/no-such-page-for-head']) {
      const head = await raw('HEAD', p);
      const get = await raw('GET', p);
      expect(head.status, p).toBe(get.status);
      expect(head.headers['content-type'], p).toBe('text/html; charset=utf-8');
      expect(head.bytes, p).toBe(0);
      if (get.status === 200) expect(Number(head.headers['content-length']), p).toBe(get.bytes);
    }
  });

  it('keeps the first HTML of the long list small', async () => {
    const res = await get('/publication', { 'accept-encoding': 'gzip' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    // the bound is 300 KB gzip at 10,000 publications; a page holds 100 of them whatever the total
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(1000);
    expect(Number(res.headers.get('content-length'))).toBeLessThan(300 * 1024);
  });
});
