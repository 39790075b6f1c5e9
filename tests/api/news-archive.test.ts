import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageData } from '../../server/pages/page-data.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { Client, loginAs } from '../helpers/client.ts';
import { createdId } from '../fixtures/world.ts';

// The news items' archive and pages (docs/decisions/067): every released item on a page of the archive,
// newest first, ten a page; each on a page of its own that the feed, the search and the sitemap name, and
// that knows which archive page lists it. Drafts and items scheduled for later are on none of them.

const pageRequest = (url: string, lang: 'zh' | 'en' = 'en') =>
  ({ url, method: 'GET', headers: { 'accept-language': lang }, pageOrigin: 'https://lab.example' }) as unknown as FastifyRequest;

describe.each(dialects)('the news archive on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  /** The released items, newest first, as the archive must list them. */
  const released: { nid: number; date: string }[] = [];
  const hidden: number[] = [];
  const data = (url: string, lang: 'zh' | 'en' = 'en') => createPageData(t.app.lab, pageRequest(url, lang));

  beforeAll(async () => {
    t = await makeApp(dialect, { LAB_API_ONLY: '0' });
    admin = await loginAs(t.app, 'admin', 'admin-password');
    // 14 released items over two years, two of them on one day (the later id is the newer)
    const dates = ['2024-03-01', '2024-06-15', '2024-06-15', '2024-09-30', '2024-12-31', '2025-01-01', '2025-02-10'];
    for (const [i, date] of [...dates, ...dates.map((d) => d.replace(/^2024/, '2023').replace(/^2025/, '2024'))].entries()) {
      const nid = createdId(
        await admin.send('POST', '/api/news/', {
          abstract: `Item ${i}`,
          date,
          release: 'true',
          content_zh: `<p>第 ${i} 条动态。后面还有一句。</p>`,
          content_en: `<p>News item number ${i}. A second sentence follows.</p>`,
        }),
      );
      released.push({ nid, date });
    }
    released.sort((a, b) => b.date.localeCompare(a.date) || b.nid - a.nid);
    hidden.push(createdId(await admin.send('POST', '/api/news/', { abstract: 'Draft', date: '2099-01-01', content_en: '<p>draft</p>' })));
    hidden.push(
      createdId(
        await admin.send('POST', '/api/news/', {
          abstract: 'Later',
          date: '2099-01-01',
          release: 'true',
          publish_at: '2099-01-01T00:00:00+08:00',
          content_en: '<p>later</p>',
        }),
      ),
    );
  });
  afterAll(() => t.close());

  it('lists every released item, newest first, ten a page, and no page beyond the last', async () => {
    const first = await data('/news-archive').newsPage();
    const second = await data('/news-archive?page=2').newsPage();
    expect(first).toMatchObject({ total: 14, page: 1, pages: 2, size: 10 });
    expect(second).toMatchObject({ total: 14, page: 2, pages: 2 });
    expect([...(first?.items ?? []), ...(second?.items ?? [])].map((n) => n.nid)).toEqual(released.map((n) => n.nid));
    expect(await data('/news-archive?page=3').newsPage()).toBeNull();
  });

  it('gives each released item a page that points to the archive page listing it, and none to the others', async () => {
    for (const [i, { nid }] of released.entries()) {
      const found = await data(`/news-item/${nid}`).newsItem(String(nid));
      expect(found?.item.nid, String(nid)).toBe(nid);
      expect(found?.archivePage, String(nid)).toBe(i < 10 ? 1 : 2);
    }
    for (const word of [...hidden.map(String), `0${released[0]?.nid}`, 'x', '99999999'])
      expect(await data(`/news-item/${word}`).newsItem(word), word).toBeNull();
  });

  it("names an item by its first sentence in the reader's language", async () => {
    const { nid } = released[0] as { nid: number };
    expect((await data(`/news-item/${nid}`, 'en').newsItem(String(nid)))?.headline).toMatch(/^News item number \d+\.$/);
    expect((await data(`/news-item/${nid}`, 'zh').newsItem(String(nid)))?.headline).toMatch(/^第 \d+ 条动态。$/);
  });

  it("links each news item of the feed to its own page, and lists the archive's pages and every item's page in the sitemap", async () => {
    const anonymous = new Client(t.app);
    const feed = (await anonymous.get('/feed/news.xml')).body;
    const links = [...feed.matchAll(/<link>([^<]+)<\/link>/g)].map((m) => new URL(m[1] as string).pathname).filter((l) => l.startsWith('/news-item/'));
    expect(links.sort()).toEqual(released.map((n) => `/news-item/${n.nid}`).sort());
    expect(feed).not.toContain('/#news-');

    const sitemap = (await anonymous.get('/sitemap.xml')).body;
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
      const url = new URL((m[1] as string).replaceAll('&amp;', '&'));
      return `${url.pathname}${url.search}`;
    });
    expect(locs).toContain('/news-archive');
    expect(locs).toContain('/news-archive?page=2');
    expect(locs).not.toContain('/news-archive?page=3');
    for (const { nid } of released) expect(locs, String(nid)).toContain(`/news-item/${nid}`);
    for (const nid of hidden) expect(locs, String(nid)).not.toContain(`/news-item/${nid}`);
  });
});
