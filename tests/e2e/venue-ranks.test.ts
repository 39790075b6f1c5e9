import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { areas, enumLabel, type Lang } from '../../common/enums.ts';
import { loginAs } from '../helpers/client.ts';
import { ADMIN, browserSuite, e2eAvailable, hydrated, logInThroughPage } from './server.ts';

// Venue ranks in a real browser, on the demo lab (a lab in China: its site shows CCF's
// list), in both languages, at a desktop's and a phone's width: the badges on the publication list and a
// publication's page, the rank filter's links with the area filter (kept in the address, the count
// following), the same without JavaScript, and the console's list naming each publication's match.
// Screenshots go to test-results/.

type Rec = Record<string, unknown>;
const widths = [1280, 390] as const;
const inLang = (lang: Lang, zh: string, en: string) => (lang === 'zh' ? zh : en);
// biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point (not hidden nodes, not scripts)
const shown = (l: Locator) => l.innerText();
const shot = (page: Page, name: string) => page.screenshot({ path: path.join('test-results', `venue-ranks-${name}.png`), fullPage: true });
const countText = (lang: Lang, n: number) => inLang(lang, `共 ${n} 篇`, `${n} publications`);

/** Opens the publication list's filters where they are folded (on a phone: a "Filter" disclosure). */
async function openFilters(page: Page) {
  const summary = page.locator('details.filter-panel > summary');
  if (await summary.isVisible()) await summary.click();
}

describe.skipIf(!e2eAvailable)('venue ranks in a browser', { timeout: 90_000 }, () => {
  const suite = browserSuite();
  let all: Rec[] | undefined;
  /** The demo's publications as the console lists them, each with every system's match. */
  const publications = async () => {
    all ??= ((await (await loginAs(suite.site.app, ADMIN.username, ADMIN.password)).get('/api/publication/')).json() as Rec[]).filter(Boolean);
    return all;
  };
  const ranked = async (rank: string) => (await publications()).filter((p) => String(p.venue_rank).split(' · ').includes(rank));
  const fitsWidth = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  for (const lang of ['zh', 'en'] as const) {
    for (const width of widths) {
      test(`badges and the rank filter with the area filter, ${lang}, ${width} px`, async () => {
        const ccfA = await ranked('CCF A');
        const ccfB = await ranked('CCF B');
        expect(ccfA.length).toBeGreaterThan(1);
        const { page } = await suite.open({ lang, width, height: 900 });
        await page.goto(suite.at(`/publication?lang=${lang}`));
        await hydrated(page, 'header');
        const items = page.locator('ol.publications > li');
        const total = (await publications()).length;
        expect(await items.count()).toBe(Math.min(total, 100));
        // the badges say their system and rank in text; CORE is not shown on this site
        const acl = items.filter({ hasText: 'ACL 2025' }).first();
        expect(await acl.locator('.rank-badge').allTextContents()).toEqual(['CCF A']);
        expect(await items.filter({ hasText: 'CIKM 2019' }).first().locator('.rank-badge').allTextContents()).toEqual(['CCF B']);
        expect(await items.filter({ hasText: 'EMNLP 2026 Findings' }).first().locator('.rank-badge').count()).toBe(0);
        expect(await page.locator('.rank-badge', { hasText: 'CORE' }).count()).toBe(0);
        await fitsWidth(page, width);
        await shot(page, `list-${lang}-${width}`);

        // the rank filter: links, the chosen one marked, the address keeps it, the count follows
        await openFilters(page);
        const ranks = page.locator('nav.filters[data-filter="rank"]');
        // "any rank", then each CCF rank some publication has, in order
        const offered = await ranks.getByRole('link').allTextContents();
        expect(offered.slice(0, 3)).toEqual([inLang(lang, '全部等级', 'Any rank'), 'CCF A', 'CCF B']);
        expect(offered.slice(1)).toEqual(['CCF A', 'CCF B', 'CCF C'].filter((r) => offered.includes(r)));
        await ranks.getByRole('link', { name: 'CCF A', exact: true }).click();
        await page.waitForURL(/rank=ccf-a/);
        await expect.poll(() => items.count()).toBe(ccfA.length);
        expect(await ranks.locator('[aria-current="true"]').textContent()).toBe('CCF A');
        for (const badge of await items.locator('.rank-badge').allTextContents()) expect(badge).toBe('CCF A');
        expect(await shown(page.locator('.container > p.muted.small').first())).toContain(countText(lang, ccfA.length));

        // with an area on top: both in the address, only what both select
        const area = ccfA[0]?.area as string;
        const areaName = enumLabel(areas, area, lang);
        await page.locator('nav.filters').first().getByRole('link', { name: areaName, exact: true }).click();
        await page.waitForURL((u) => u.search.includes('area=') && u.search.includes('rank=ccf-a'));
        const both = ccfA.filter((p) => p.area === area);
        await expect.poll(() => items.count()).toBe(both.length);
        expect(await items.locator('.rank-badge').allTextContents()).toEqual(both.map(() => 'CCF A'));
        await fitsWidth(page, width);
        await shot(page, `filtered-${lang}-${width}`);

        // another rank keeps the area; "any rank" clears the rank and keeps the area
        await ranks.getByRole('link', { name: 'CCF B', exact: true }).click();
        await page.waitForURL(/rank=ccf-b/);
        expect(page.url()).toContain('area=');
        await expect.poll(() => items.count()).toBe(ccfB.filter((p) => p.area === area).length);
        await ranks.getByRole('link', { name: inLang(lang, '全部等级', 'Any rank') }).click();
        await page.waitForURL((u) => !u.search.includes('rank=') && u.search.includes('area='));
        await expect.poll(() => items.count()).toBe((await publications()).filter((p) => p.area === area).length);

        // a publication's page shows its badge too
        await page.goto(suite.at(`/publication/${ccfA[0]?.pid}?lang=${lang}`));
        await hydrated(page, 'header');
        expect(await page.locator('main .rank-badge').allTextContents()).toEqual(['CCF A']);
        await fitsWidth(page, width);
      });
    }
  }

  test('the rank filter works without JavaScript', async () => {
    const ccfB = await ranked('CCF B');
    const { page } = await suite.open({ lang: 'en', width: 390, context: { javaScriptEnabled: false } });
    await page.goto(suite.at('/publication?lang=en'));
    await openFilters(page);
    await page.locator('nav.filters[data-filter="rank"]').getByRole('link', { name: 'CCF B', exact: true }).click();
    await page.waitForURL(/rank=ccf-b/);
    const items = page.locator('ol.publications > li');
    expect(await items.count()).toBe(ccfB.length);
    expect(await items.locator('.rank-badge').allTextContents()).toEqual(ccfB.map(() => 'CCF B'));
    expect(await page.locator('nav.filters[data-filter="rank"] [aria-current="true"]').textContent()).toBe('CCF B');
  });

  test("the console's list names each publication's match in every list", async () => {
    const acl = (await publications()).find((p) => p.source === 'ACL 2026') as Rec;
    expect(acl.venue_rank).toBe('CCF A · CORE A*');
    const { page } = await suite.open({ lang: 'zh', width: 1280 });
    await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, '/console/publication');
    await page.getByRole('columnheader', { name: '等级' }).waitFor();
    await page.screenshot({ path: path.join('test-results', 'venue-ranks-console.png') });
    const row = page.getByRole('row').filter({ hasText: String(acl.title) });
    await expect.poll(() => shown(row)).toContain('CCF A · CORE A*');
  });

  for (const [lang, width] of [
    ['zh', 1280],
    ['en', 390],
  ] as const) {
    test(`the console corrects a match by choosing a venue of the lists, ${lang}, ${width} px`, async () => {
      const api = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
      const made = await api.send('POST', '/api/publication/', {
        title: `Picker paper ${lang}`,
        author: JSON.stringify(['Wei Li']),
        source: 'A venue of no list',
        year: '2024',
      });
      const pid = Number(made.headers['x-resource-id']);
      expect(pid).toBeGreaterThan(0);
      const { page } = await suite.open({ lang, width });
      await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, '/console/publication');
      await page.getByRole('searchbox', { name: inLang(lang, '筛选', 'Filter') }).fill(`Picker paper ${lang}`);
      // the only one the filter leaves: a table's row on a desktop, a card on a phone
      await page.locator('main').getByText(`Picker paper ${lang}`, { exact: true }).first().waitFor();
      await page
        .locator('main')
        .getByRole('button', { name: inLang(lang, '编辑', 'Edit'), exact: true })
        .click();
      const dialog = page.getByRole('form', { name: inLang(lang, '编辑中', 'Editing') });
      const field = dialog.getByRole('combobox', { name: inLang(lang, '等级匹配', 'Rank match') });
      // saved with no match: said under the field
      await dialog.getByText(inLang(lang, '已保存的匹配：无', 'Saved match: none')).waitFor();
      await field.fill('tkde');
      const option = page.getByRole('option', { name: /CCF A · TKDE — IEEE Transactions on Knowledge and Data Engineering/i });
      await option.click();
      expect(await field.inputValue()).toBe('journals/tkde');
      await shot(page, `picker-${lang}-${width}`);
      await fitsWidth(page, width);
      await dialog.getByRole('button', { name: inLang(lang, '保存', 'Save') }).click();
      await expect.poll(async () => ((await api.get(`/api/publication/?pid=${pid}`)).json() as Rec).venue_rank).toBe('CCF A');
      expect(((await api.get(`/api/publication/?pid=${pid}`)).json() as Rec).venue_key).toBe('journals/tkde');
      await api.delete(`/api/publication/?pid=${pid}`);
    });
  }
});
