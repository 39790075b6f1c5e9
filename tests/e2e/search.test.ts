import { describe, expect, test } from 'vitest';
import { loginAs } from '../helpers/client.ts';
import { ADMIN, browserSuite, e2eAvailable, hydrated } from './server.ts';

// In Chromium, on the demo lab: the search field of the frame and the search page, with and
// without JavaScript, in both languages, on a desktop and a phone; results marked, narrowed by kind, paged;
// a new record found as soon as it is saved; a draft never.

describe.skipIf(!e2eAvailable)('site search in a browser', { timeout: 90_000 }, () => {
  const suite = browserSuite();

  test('without JavaScript: the bar field searches, results are marked and narrowed by kind with real links', async () => {
    const { page } = await suite.open({ lang: 'en', context: { javaScriptEnabled: false } });
    await page.goto(suite.at('/publication'));
    const field = page.getByRole('search').getByRole('searchbox', { name: 'Search this site' });
    await field.fill('argument mining');
    await field.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'argument mining');
    await expect(page.title()).resolves.toBe('Search results for “argument mining” · Data Intelligence and Social Computing Lab');
    const results = page.locator('.search-results > li');
    expect(await results.count()).toBeGreaterThan(2);
    await expect(page.locator('.search-results mark').first().textContent()).resolves.toMatch(/argument|mining/i);
    // the filter by kind is a link: it narrows to publications, and their count is the one the chip said
    const chip = page.getByRole('link', { name: /^Publication \((\d+)\)$/ });
    const count = Number(/\((\d+)\)/.exec((await chip.textContent()) ?? '')?.[1]);
    await chip.click();
    await page.waitForURL((u) => u.searchParams.get('kind') === 'publication');
    expect(await results.count()).toBe(count);
    await expect(page.locator('.search-kind .badge').allTextContents()).resolves.toEqual(Array(count).fill('Publication'));
    // a result opens its page
    await results.first().locator('h2 a').click();
    await page.waitForURL((u) => /^\/publication\/\d+$/.test(u.pathname));
    await expect(page.locator('h1').textContent()).resolves.toMatch(/Argument/i);
    // search pages are not for search engines' indexes
    await page.goto(suite.at('/search?q=graph'));
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex, follow');
  });

  test('in Chinese: a two-character word, a given name, and the messages of an empty and a fruitless search', async () => {
    const { page } = await suite.open({ lang: 'zh' });
    await page.goto(suite.at('/search'));
    await expect(page.locator('.search-page').textContent()).resolves.toContain('输入关键词搜索本站');
    await hydrated(page, '.search-form button');
    await page.locator('#search-q').fill('清禾');
    await page.locator('#search-q').press('Enter');
    await page.waitForURL((u) => u.searchParams.get('q') === '清禾');
    const first = page.locator('.search-results > li').first();
    await expect(first.locator('.badge').textContent()).resolves.toBe('成员');
    await expect(first.locator('h2 mark').textContent()).resolves.toBe('清禾');
    await expect(first.locator('h2').textContent()).resolves.toMatch(/^李清禾/);
    await page.goto(suite.at('/search?q=情感'));
    await expect(page.locator('.search-results mark').first().textContent()).resolves.toBe('情感');
    await page.goto(suite.at('/search?q=zzqxw'));
    await expect(page.locator('.search-none').textContent()).resolves.toContain('没有找到与“zzqxw”相关的内容');
  });

  test('pages through many results with links, and finds a new record as soon as it is saved, never a draft', async () => {
    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    for (let i = 0; i < 23; i++) {
      const r = await admin.send('POST', '/api/publication/', {
        title: `Paging probe ${i} of the quillwort`,
        author: '["P. Probe"]',
        source: 'V',
        year: '2020',
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    const draft = await admin.send('POST', '/api/article/', {
      title: 'Quillwort notes, unpublished',
      abstract: 'draft',
      markdown: 'quillwort',
      type: 'lab hot topic',
      release: 'false',
    });
    expect(draft.statusCode).toBe(200);
    const { page } = await suite.open({ lang: 'en' });
    await page.goto(suite.at('/search?q=quillwort'));
    await expect(page.locator('.search-page [aria-live]').textContent()).resolves.toBe('23 results');
    expect(await page.locator('.search-results > li').count()).toBe(20);
    await expect(page.locator('.search-results').textContent()).resolves.not.toContain('unpublished');
    await page.getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    expect(await page.locator('.search-results > li').count()).toBe(3);
  });

  test('a misspelt word: "did you mean" in both languages, its results shown, its link searching the word', async () => {
    // without near words, stems and folding, "argumnet" would find nothing, "論辯" nothing, "arguments" one of the many "argument" finds
    for (const lang of ['en', 'zh'] as const) {
      const { page } = await suite.open({ lang });
      await page.goto(suite.at('/search?q=argumnet'));
      const suggestion = page.locator('.search-suggestion');
      await expect(suggestion.textContent()).resolves.toBe(
        lang === 'zh' ? '您是不是要找 argument？下面是它的结果。' : 'Did you mean argument? Its results are shown.',
      );
      expect(await page.locator('.search-results > li').count()).toBeGreaterThan(2);
      await expect(page.locator('.search-results mark').first().textContent()).resolves.toMatch(/^argument/i);
      await suggestion.getByRole('link', { name: 'argument' }).click();
      await page.waitForURL((u) => u.searchParams.get('q') === 'argument');
      await page.locator('.search-results > li').first().waitFor();
      // the page navigates in place: the previous answer's line stays until the new answer is shown
      await expect.poll(() => page.locator('.search-suggestion').count()).toBe(0);
    }
    const { page } = await suite.open({ lang: 'zh' });
    await page.goto(suite.at('/search?q=論辯'));
    await expect(page.locator('.search-results mark').first().textContent()).resolves.toBe('论辩');
    await expect(page.locator('.search-suggestion').count()).resolves.toBe(0);
  });

  test('a letter doubled or missing, in any word, is forgiven like a swap: "argument minning", "argumen graphs"', async () => {
    for (const [lang, width] of [
      ['en', 1280],
      ['zh', 390],
    ] as const) {
      const { page } = await suite.open({ lang, width, height: width > 500 ? 800 : 844 });
      await page.goto(suite.at('/search?q=argument%20minning'));
      await expect(page.locator('.search-suggestion a').first().textContent()).resolves.toBe('argument mining');
      expect(await page.locator('.search-results > li').count()).toBeGreaterThan(0);
      // a word that only begins a word of the site is read as a beginning only where it is the last
      await page.goto(suite.at('/search?q=argumen%20graphs'));
      await expect(page.locator('.search-suggestion a').first().textContent()).resolves.toBe('argument graphs');
    }
  });

  test('on a phone: the menu holds the field, the page fits the screen in both languages', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const { page } = await suite.open({ lang, width: 390, height: 844 });
      await page.goto(suite.at('/'));
      await hydrated(page, '.menu-button');
      await page.locator('.menu-button').click();
      const field = page.locator('.drawer input[name="q"]');
      await field.fill(lang === 'zh' ? '论辩' : 'privacy');
      await field.press('Enter');
      await page.waitForURL((u) => u.pathname === '/search');
      await page.locator('.search-results > li').first().waitFor();
      await expect(page.locator('.drawer').count()).resolves.toBe(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, lang).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/search-phone-${lang}.png` });
    }
  });
});
