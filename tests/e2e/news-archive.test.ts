import { describe, expect, test } from 'vitest';
import { translate } from '../../app/i18n/index.tsx';
import type { Lang } from '../../common/enums.ts';
import { fitsWidth, shot as shotAs, shown, widths } from './demo-pages.ts';
import { browserSuite, e2eAvailable, hydrated } from './server.ts';

// The news items' archive and pages (docs/decisions/067) on the demo lab: the home page shows the latest few and
// links to the archive, ten a page under a heading per year, where every item is reached by clicking, at a
// desktop's and a phone's width in both languages; each item's own page is what the feed links to, and the
// sitemap names the archive's pages. Screenshots go to test-results/.

const shot = shotAs('news-archive');

type News = { nid: number; date: string; content_zh: string; content_en: string };

/** The characters of a piece of HTML or a page's text without tags and spaces, to compare them (the demo's news are short). */
const letters = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, '');

describe.skipIf(!e2eAvailable)('the news archive', { timeout: 90_000 }, () => {
  const suite = browserSuite();
  const at = suite.at;
  /** The released news, newest first (the archive's order: by date, then the newer id). */
  const released = async () => ((await (await fetch(at('/api/read_news/'))).json()) as News[]).sort((a, b) => b.date.localeCompare(a.date) || b.nid - a.nid);

  test('links each news item of the feed to its own page, which shows it, in both languages', async () => {
    const news = await released();
    for (const lang of ['zh', 'en'] as const) {
      const feed = await (await fetch(at(`/feed/news.xml?lang=${lang}`))).text();
      const links = [...feed.matchAll(/<link>([^<]+)<\/link>/g)].map((m) => m[1] as string).filter((l) => l.includes('/news-item/'));
      expect(links.length, lang).toBe(news.length);
      for (const link of links) {
        const nid = Number(new URL(link).pathname.split('/').at(-1));
        const item = news.find((n) => n.nid === nid);
        expect(item, link).toBeDefined();
        const res = await fetch(`${link}?lang=${lang}`);
        expect(res.status, link).toBe(200);
        const page = letters(await res.text());
        expect(page, link).toContain(letters(lang === 'zh' ? (item as News).content_zh : (item as News).content_en));
      }
    }
  });

  test("lists the archive's pages in the sitemap, each a page that answers", async () => {
    const news = await released();
    const sitemap = await (await fetch(at('/sitemap.xml'))).text();
    const pages = Math.ceil(news.length / 10);
    expect(pages).toBeGreaterThan(1);
    for (let p = 1; p <= pages; p++) {
      const path = p === 1 ? '/news-archive' : `/news-archive?page=${p}`;
      expect(sitemap, path).toContain(`<loc>${at(path)}</loc>`);
      expect((await fetch(at(path))).status, path).toBe(200);
    }
    expect(sitemap).not.toContain(`<loc>${at(`/news-archive?page=${pages + 1}`)}</loc>`);
    for (const n of news) expect(sitemap, String(n.nid)).toContain(`<loc>${at(`/news-item/${n.nid}`)}</loc>`);
  });

  for (const lang of ['zh', 'en'] as Lang[])
    for (const width of widths)
      test(`reaches the oldest news item from the home page by clicking (${lang}, ${width} px)`, async () => {
        const t = (key: string, params?: Record<string, string | number>) => translate(lang, key, params);
        const news = await released();
        const oldest = news.at(-1) as News;
        const { page } = await suite.open({ lang, width, height: width > 600 ? 800 : 844 });
        await page.goto(at('/'));
        await hydrated(page, 'main');
        // the home page shows the latest few only
        expect(await page.locator(`#news-${oldest.nid}`).count()).toBe(0);
        await page.getByRole('link', { name: t('home.moreNews') }).click();
        await page.waitForURL((u) => u.pathname === '/news-archive');
        await page.getByRole('heading', { level: 1, name: t('newsArchive.title') }).waitFor();
        // a heading for each year of the page's items, newest first
        const years = [...new Set(news.slice(0, 10).map((n) => n.date.slice(0, 4)))];
        expect(await page.locator('main h2').allInnerTexts()).toEqual(years);
        // on through the pages until the oldest item shows
        while ((await page.locator(`#news-${oldest.nid}`).count()) === 0) {
          const before = page.url();
          await page
            .getByRole('navigation', { name: t('pager.label') })
            .getByRole('link', { name: t('pager.next') })
            .click();
          await page.waitForURL((u) => u.href !== before);
          await hydrated(page, 'main');
        }
        const entry = page.locator(`#news-${oldest.nid}`);
        expect(letters(await shown(entry))).toContain(letters(lang === 'zh' ? oldest.content_zh : oldest.content_en));
        await fitsWidth(page, width);
        await shot(page, `archive-${lang}-${width}`);
        // its date leads to its own page
        await entry.getByRole('link', { name: oldest.date }).click();
        await page.waitForURL((u) => u.pathname === `/news-item/${oldest.nid}`);
        await page.locator('article.news-item').waitFor();
        expect(letters(await shown(page.locator('main')))).toContain(letters(lang === 'zh' ? oldest.content_zh : oldest.content_en));
        expect(await page.title()).toMatch(/ · /);
        await fitsWidth(page, width);
        await shot(page, `item-${lang}-${width}`);
        // and back to the archive page that lists it
        await page.getByRole('link', { name: t('newsArchive.back') }).click();
        await page.waitForURL((u) => u.pathname === '/news-archive' && u.hash === `#news-${oldest.nid}`);
        await page.locator(`#news-${oldest.nid}`).waitFor();
      });
});
