import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild, type Site, startSite } from './server.ts';

// Security of the built pages over real HTTP: the Host header and X-Forwarded-* must not
// end up in canonical links, feeds or robots.txt, nor be served to the next visitor from the page
// cache; a malformed lang cookie must not break a page. The API-side holes are in
// tests/api/security.test.ts.

type Answer = { status: number; body: string };

/** GET over a plain socket: unlike fetch, http.request may set Host. */
function get(site: Site, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { port } = new URL(site.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: Number(port), path, method: 'GET', headers: { 'accept-language': 'en', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];

/** The absolute addresses of a page's <link href> and og:url (relative ones are the page's own). */
const absoluteLinks = (html: string) =>
  [...html.matchAll(/<link\b[^>]*\bhref="([^"]*)"/g), ...html.matchAll(/<meta property="og:url" content="([^"]*)"/g)]
    .map((m) => m[1] as string)
    .filter((u) => /^[a-z][a-z0-9+.-]*:/i.test(u));

const LOCAL_ORIGIN = /^http:\/\/(127\.0\.0\.1|localhost):\d+\//;

const BAD_COOKIE = 'lang=%E0%A4%A';

describe('pages and the request’s own headers', () => {
  let site: Site;
  beforeAll(async () => {
    await ensureBuild();
    site = await startSite();
  }, 240_000);
  afterAll(() => site?.close());

  // first in the file, so that no clean copy is cached yet when the forged Host asks for the page
  it.each(['/curriculum', '/', '/sitemap.xml', '/robots.txt', '/feed/news.xml'])('%s: a forged Host is neither echoed nor cached for others', async (path) => {
    const forged = await get(site, path, { host: 'evil.example' });
    expect(forged.body, 'the answer to the forged Host').not.toContain('evil.example');
    const normal = await get(site, path);
    expect(normal.status).toBe(200);
    expect(normal.body, 'the next visitor’s answer').not.toContain('evil.example');
  });

  it('keeps X-Forwarded-Proto and X-Forwarded-Host out of canonical links', async () => {
    const path = `/people?probe=${Date.now()}`;
    const forged = await get(site, path, { 'x-forwarded-proto': 'javascript', 'x-forwarded-host': 'evil.example' });
    const normal = await get(site, path);
    for (const [label, answer] of [
      ['forged headers', forged],
      ['the next visitor', normal],
    ] as const) {
      expect(answer.status, label).toBe(200);
      expect(answer.body, label).not.toContain('evil.example');
      expect(canonicalOf(answer.body), label).toMatch(LOCAL_ORIGIN);
      // the hreflang alternates and og:url are built from the same origin
      for (const url of absoluteLinks(answer.body)) expect(url, label).toMatch(LOCAL_ORIGIN);
    }
  });

  it('still gives an ordinary request its own address as canonical', async () => {
    // a query of its own: a page another test cached does not answer it
    const html = (await get(site, `/curriculum?ordinary=${Date.now()}`)).body;
    expect(canonicalOf(html)).toBe(`${site.url}/curriculum`);
  });

  it.each(['/', '/people', '/curriculum'])('%s answers a malformed lang cookie', async (path) => {
    const r = await get(site, path, { cookie: BAD_COOKIE });
    expect(r.status).toBe(200);
    expect(r.body).toContain('</html>');
  });
});

describe('pages with PUBLIC_URL set', () => {
  let site: Site;
  beforeAll(async () => {
    await ensureBuild();
    site = await startSite({ PUBLIC_URL: 'https://lab.example.org' });
  }, 240_000);
  afterAll(() => site?.close());

  it('use PUBLIC_URL for canonical links whatever Host says', async () => {
    const forged = await get(site, '/curriculum', { host: 'evil.example' });
    expect(canonicalOf(forged.body)).toBe('https://lab.example.org/curriculum');
    const normal = await get(site, '/curriculum');
    expect(canonicalOf(normal.body)).toBe('https://lab.example.org/curriculum');
    expect(normal.body).not.toContain('evil.example');
  });
});
