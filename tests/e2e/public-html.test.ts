import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureBuild, type Site, startSite } from './server.ts';

// The public HTML of every demo page, in both languages, byte for byte: a change to
// the code behind the pages that is meant to change nothing visible must leave this file as it is. The
// demo is seeded and served at a fixed moment and time zone, so its dates are the same on every run and machine; what
// differs by build or run alone is replaced before hashing: the test server's address, the build's asset
// names and version, and the random keys of stored files (numbered in order of appearance).
// When a change is meant to alter a page, update the record with `npx vitest run tests/e2e/public-html.test.ts -u`
// and say why in the commit. A page that differs is written to a folder whose path the failure prints.

const SEEDED_AT = new Date('2026-11-20T02:00:00.000Z');
const record = path.join(import.meta.dirname, '__snapshots__', 'public-html.json');

/** The page with what a build or a run chooses replaced by stable names. */
function normalize(html: string, origin: string): string {
  const keys = new Map<string, string>();
  return (
    html
      .replaceAll(origin, 'https://lab.example')
      // the address in other schemes too (the seminar calendar's webcal:)
      .replaceAll(new URL(origin).host, 'lab.example')
      // how the build splits and names its chunks is not the page: a module moved between chunks renames one
      .replace(/\/assets\/[\w.-]+?-[\w-]{8}\.(js|css)/g, '/assets/ASSET.$1')
      .replace(/"version": "[0-9a-f]{8}"/g, '"version": "BUILD"')
      .replace(/\b[0-9a-f]{32}\b/g, (key) => {
        if (!keys.has(key)) keys.set(key, `KEY${keys.size + 1}`);
        return keys.get(key) as string;
      })
  );
}

describe('the public HTML of the demo', () => {
  let site: Site;
  const tz = process.env.TZ;

  beforeAll(async () => {
    await ensureBuild();
    process.env.TZ = 'Asia/Shanghai';
    // only Date is faked, and it stands still at the fixed moment (the records' times are stored to the
    // millisecond); timers and the server's waits are real
    vi.useFakeTimers({ toFake: ['Date'], now: SEEDED_AT });
    site = await startSite();
  }, 240_000);
  afterAll(async () => {
    await site?.close();
    vi.useRealTimers();
    if (tz === undefined) delete process.env.TZ;
    else process.env.TZ = tz;
  });

  it('is unchanged on every page of the sitemap and the not-found page, in Chinese and English', async () => {
    const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL((m[1] as string).replaceAll('&amp;', '&')).pathname);
    const pages = [...new Set([...paths, '/no-such-page'])].sort();
    // the sitemap names every kind of public page of the demo
    for (const kind of ['/', '/news', '/people', '/publication', '/curriculum', '/sharedtask', '/DISCOpen']) expect(pages).toContain(kind);
    expect(pages.some((p) => /^\/news\/\d+$/.test(p))).toBe(true);
    expect(pages.some((p) => /^\/people\/[\w.-]+$/.test(p))).toBe(true);

    const digests: Record<string, string> = {};
    const differing = fs.mkdtempSync(path.join(os.tmpdir(), 'public-html-'));
    for (const page of pages) {
      for (const lang of ['zh', 'en']) {
        const res = await fetch(`${site.url}${page}?lang=${lang}`);
        const html = normalize(await res.text(), site.url);
        const name = `${page}?lang=${lang}`;
        digests[name] = `${res.status} ${createHash('sha256').update(html).digest('hex').slice(0, 16)}`;
        fs.writeFileSync(path.join(differing, `${name.replaceAll('/', '_')}.html`), html);
      }
    }
    await expect(`${JSON.stringify(digests, null, 2)}\n`, `the pages as rendered now are in ${differing}`).toMatchFileSnapshot(record);
    fs.rmSync(differing, { recursive: true, force: true });
  }, 240_000);

  it('replaces only what a build or a run chooses', () => {
    const page =
      '<script src="/assets/entry.client-Ab3_x9Zq.js"></script><img src="/upload/0123456789abcdef0123456789abcdef.png"><a href="/files/0123456789abcdef0123456789abcdef.png">';
    expect(normalize(page, 'http://127.0.0.1:1234')).toBe('<script src="/assets/ASSET.js"></script><img src="/upload/KEY1.png"><a href="/files/KEY1.png">');
    expect(normalize('<a href="http://127.0.0.1:1234/news">2026-11-20 10:00</a>', 'http://127.0.0.1:1234')).toBe(
      '<a href="https://lab.example/news">2026-11-20 10:00</a>',
    );
    expect(normalize('<a href="webcal://127.0.0.1:1234/feed/seminars.ics">', 'http://127.0.0.1:1234')).toBe(
      '<a href="webcal://lab.example/feed/seminars.ics">',
    );
  });
});
