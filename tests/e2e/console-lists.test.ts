import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_USER_PASSWORD } from '../../cli/demo/seed.ts';
import { consoleNav } from '../../app/console/nav.ts';
import { loginAs } from '../helpers/client.ts';
import { listed, violations, withAxe } from './axe.ts';
import { ADMIN, browserSuite, e2eAvailable, logInThroughPage, networkQuiet, viaConsoleNav } from './server.ts';

// The console as a secretary uses it: every declared list filters, sorts and pages on
// the server and remembers its page size; an open side editor at 1280 px leaves the row's buttons in view;
// a member sees only what they may do; every screen speaks Chinese in the Chinese console; and in the dark
// scheme every screen passes axe's colour-contrast rule.

describe.skipIf(!e2eAvailable)('console lists, layout, language and colours', { timeout: 180_000 }, () => {
  const suite = browserSuite();

  async function logIn(page: Page, username: string, password: string, target: string) {
    await logInThroughPage(page, suite.site.url, username, password, target);
    await page.locator('main h1').first().waitFor();
  }

  /** The table's rows once the list call whose query `wanted` accepts has answered. */
  async function afterList(page: Page, wanted: (query: URLSearchParams) => boolean, act: () => Promise<unknown>) {
    const answered = page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname === '/api/publication/' && url.searchParams.has('limit') && wanted(url.searchParams) && r.ok();
    });
    await act();
    await answered;
    // the table redraws after the answer
    await page.waitForTimeout(200);
  }

  const firstCells = (page: Page, column: number) =>
    page.locator('main table tbody tr').evaluateAll((rows, c) => rows.map((r) => r.querySelectorAll('td')[c]?.textContent ?? ''), column);

  test('a list filters and sorts on the server, and remembers its page size', async () => {
    const { page } = await suite.open({ lang: 'zh', width: 1366 });
    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    const every = (await admin.get('/api/publication/')).json() as { title: string; year: number; author: string[] }[];
    // a word of one paper's author list (not shown in the table: the declaration's `console.filter`)
    const target = every.find((p) => p.author.length > 0) as { title: string; author: string[] };
    const word = (target.author[0] ?? '').split(/\s+/)[0] as string;
    // as many as the server finds (tests/api/list-params.test.ts holds what it finds)
    const expected = Number((await admin.get(`/api/publication/?q=${encodeURIComponent(word)}&limit=1`)).headers['x-total-count']);
    expect(expected).toBeGreaterThan(0);

    await logIn(page, ADMIN.username, ADMIN.password, '/console/publication');
    await afterList(
      page,
      (s) => s.get('q') === word,
      () => page.getByRole('searchbox', { name: '筛选' }).fill(word),
    );
    const titles = await firstCells(page, 3);
    expect(titles).toContain(target.title);
    expect(titles.length).toBe(Math.min(expected, 10));
    expect(
      await page
        .locator('main')
        .getByText(new RegExp(`共 ${expected} 条`))
        .count(),
    ).toBe(1);
    await afterList(
      page,
      (s) => !s.has('q'),
      () => page.getByRole('searchbox', { name: '筛选' }).fill(''),
    );

    // the year's heading sorts ascending, then descending, by asking the server
    await afterList(
      page,
      (s) => s.get('sort') === 'year' && s.get('order') === 'asc',
      () => page.getByRole('columnheader', { name: '年份' }).getByRole('button').click(),
    );
    const years = (await firstCells(page, 1)).map(Number);
    expect(years[0]).toBe(Math.min(...every.map((p) => p.year)));
    expect(years).toEqual([...years].sort((a, b) => a - b));
    await afterList(
      page,
      (s) => s.get('sort') === 'year' && s.get('order') === 'desc',
      () => page.getByRole('columnheader', { name: '年份' }).getByRole('button').click(),
    );
    expect(Number((await firstCells(page, 1))[0])).toBe(Math.max(...every.map((p) => p.year)));

    // 25 a page, kept after a reload
    await afterList(
      page,
      (s) => s.get('limit') === '25',
      async () => {
        await page.getByRole('combobox', { name: /每页行数/ }).click();
        await page.getByRole('option', { name: '25' }).click();
      },
    );
    expect((await firstCells(page, 1)).length).toBe(Math.min(25, every.length));
    await afterList(
      page,
      (s) => s.get('limit') === '25',
      () => page.reload(),
    );
    expect((await firstCells(page, 1)).length).toBe(Math.min(25, every.length));
    // per screen: the articles' list keeps its own
    expect(await page.evaluate(() => localStorage.getItem('console.pageSize.article'))).toBeNull();
  });

  test('at 1280 px an open side editor leaves every button of the rows in view', async () => {
    const { page } = await suite.open({ lang: 'zh', width: 1280, height: 900 });
    await logIn(page, ADMIN.username, ADMIN.password, '/console/publication');
    await page.locator('main table tbody tr').first().getByRole('button', { name: '编辑' }).click();
    await page.locator('form[aria-label="编辑中"]').waitFor();
    const hidden = await page.locator('main table tbody tr').evaluateAll((rows) =>
      rows.slice(0, 3).flatMap((row) =>
        [...row.querySelectorAll('button, a[href]')].flatMap((b) => {
          const r = b.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return hit && (hit === b || b.contains(hit)) ? [] : [`${b.textContent} at ${Math.round(r.left)}–${Math.round(r.right)}`];
        }),
      ),
    );
    expect(hidden).toEqual([]);
  });

  test('at 1280 px an open side editor leaves the table’s columns readable and its headings on one line', async () => {
    const { page } = await suite.open({ lang: 'zh', width: 1280, height: 800 });
    await logIn(page, ADMIN.username, ADMIN.password, '/console/publication');
    await page.locator('main table tbody tr').first().getByRole('button', { name: '编辑' }).click();
    await page.locator('form[aria-label="编辑中"]').waitFor();
    const table = page.locator('main table').first();
    const headings = await table.locator('thead th').evaluateAll((ths) =>
      ths.map((th) => {
        // one line: the heading is no taller than its text's line height plus its padding
        const style = getComputedStyle(th);
        const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.5;
        const padding = Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom);
        const { width, height } = th.getBoundingClientRect();
        return { text: th.textContent ?? '', width, lines: Math.round((height - padding) / line), em: Number.parseFloat(style.fontSize) };
      }),
    );
    const area = headings.findIndex((h) => h.text.includes('方向'));
    expect(area, 'the area column is shown').toBeGreaterThan(-1);
    const heading = headings[area] as { width: number; em: number };
    expect(heading.width, 'the area heading at least three characters wide').toBeGreaterThanOrEqual(3 * heading.em);
    const cell = await table.locator('tbody tr').first().locator('td').nth(area).boundingBox();
    expect(cell?.width ?? 0, 'an area cell at least three characters wide').toBeGreaterThanOrEqual(3 * heading.em);
    for (const h of headings) expect(h.lines, `heading "${h.text}" on one line`).toBe(1);
    // the table scrolls sideways in its own box, the page does not
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  });

  test('an ordinary member on the people screen sees why, and no button or table they could not use', async () => {
    const { page } = await suite.open({ lang: 'zh', width: 1366 });
    await logIn(page, 'demo.user', DEMO_USER_PASSWORD, '/console/people');
    await page.getByText('只有管理员可以查看和编辑成员').waitFor();
    expect(await page.getByRole('button', { name: '添加' }).count()).toBe(0);
    expect(await page.locator('main table').count()).toBe(0);
    expect(await page.locator('main').getByRole('searchbox').count()).toBe(0);
  });

  /** The console's screens, from its declared drawer (app/console/nav.ts). */
  const screens = consoleNav.map((item) => item.path);

  /**
   * Text of the interface that is Latin-only in the Chinese console. The rule: every visible text node
   * (and every placeholder, title and aria-label) that has a Latin letter and no Chinese character counts,
   * except
   * - data: the cells of a list (td, dd) and what the reader typed or the lab stored (inputs, the member's
   *   name and address in the drawer, links to records), outside their buttons;
   * - addresses (a path or a URL), which are data too;
   * - a mark a control shows (B, I, H2 of the markdown toolbar) inside a control whose name is in Chinese;
   * - names that are the same in every language: the language switch's "English", brand and standard
   *   names (DOI, ISBN, PDF, URL, BibTeX, Markdown, HTML, ORCID, Google Scholar, WeChat…), units (B, K, M,
   *   G, TB, px);
   * which are the allow-list below.
   */
  async function latinOnly(page: Page): Promise<string[]> {
    return page.evaluate(() => {
      const allowed =
        /^(English|DOI|ISBN|PDF|pdf|URL|ID|BibTeX|bib|Markdown|HTML|ORCID|ORCID iD|Google Scholar|WeChat|GitHub|Crossref|DataCite|CSV|JSON|RSS|arXiv|OpenAlex|dblp|(?:CCF|CORE) (?:A\*|[ABC])|[0-9.,:/ ×x%—–-]*(B|K|M|G|TB|KB|MB|GB|px)?|AM|PM)$/;
      const cjk = /[\u3000-\u9fff\uff00-\uffef]/;
      const latin = /[A-Za-z]/;
      const address = /^(\/|https?:\/\/)\S*$/;
      const namedInChinese = (el: Element) => cjk.test(el.closest('button, [role=button]')?.getAttribute('aria-label') ?? '');
      const isData = (el: Element | null) =>
        !!el?.closest('td, dd, [data-data], input, textarea, [contenteditable]') && !el?.closest('button, [role=button], th');
      const visible = (el: Element) => {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && !el.closest('[aria-hidden="true"]');
      };
      const bad = new Set<string>();
      const check = (text: string, el: Element, what: string) => {
        const s = text.replace(/\s+/g, ' ').trim();
        if (!s || !latin.test(s) || cjk.test(s) || allowed.test(s) || address.test(s) || (what === 'text' && namedInChinese(el))) return;
        bad.add(
          `${what} "${s.slice(0, 80)}" in <${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? ` class="${el.className.split(' ')[0]}"` : ''}>`,
        );
      };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        if (!el || isData(el) || !visible(el) || el.closest('script, style, noscript, [data-drawer-user]')) continue;
        check(n.textContent ?? '', el, 'text');
      }
      for (const el of document.querySelectorAll('[placeholder], [title], [aria-label]')) {
        if (!visible(el) || el.closest('[data-drawer-user]')) continue;
        for (const attr of ['placeholder', 'title', 'aria-label']) {
          const v = el.getAttribute(attr);
          if (v && !(attr === 'title' && isData(el))) check(v, el, attr);
        }
      }
      return [...bad];
    });
  }

  test('every console screen in Chinese shows no interface text in Latin letters only', async () => {
    const { page } = await suite.open({ lang: 'zh', width: 1366 });
    await logIn(page, ADMIN.username, ADMIN.password, '/console');
    const found: string[] = [];
    for (const screen of screens) {
      await viaConsoleNav(page, screen);
      await page.locator('main h1, main h5, main h6').first().waitFor();
      await networkQuiet(page);
      for (const line of await latinOnly(page)) found.push(`${screen}: ${line}`);
    }
    // an editor with its date picker open: MUI's and the pickers' own words
    await page.goto(suite.at('/console/news'));
    await page.getByRole('button', { name: '添加' }).click();
    await page.locator('main form').first().waitFor();
    const calendar = page.locator('main form').getByRole('button', { name: /选择日期|Choose date/ });
    await calendar.first().click();
    await page.locator('.MuiDateCalendar-root').first().waitFor();
    for (const line of await latinOnly(page)) found.push(`/console/news editor: ${line}`);
    expect(found).toEqual([]);
  }, 420_000);

  test('every console screen passes the colour-contrast rule in the dark scheme', async () => {
    const { page, context } = await suite.open({ lang: 'zh', width: 1366, context: { colorScheme: 'dark' } });
    await withAxe(context);
    await logIn(page, ADMIN.username, ADMIN.password, '/console');
    const found: string[] = [];
    for (const screen of screens) {
      await viaConsoleNav(page, screen);
      await page.locator('main h1, main h5, main h6').first().waitFor();
      await networkQuiet(page);
      // the scheme in force is the dark one: a light console would pass the rule without showing anything
      const paper = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(paper, screen).not.toBe('rgb(245, 247, 250)');
      found.push(...(await violations(page, screen, { rules: ['color-contrast'] })));
    }
    expect(found, listed(found)).toEqual([]);
  }, 420_000);
});
