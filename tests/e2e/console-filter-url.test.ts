import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { loginAs } from '../helpers/client.ts';
import { ADMIN, browserSuite, e2eAvailable, logInThroughPage, viaConsoleNav } from './server.ts';

// A console list's filter as a secretary uses it: a member's Chinese name finds the papers that name her in
// English (their authors are linked to her), and the filter is kept in the address, so a reload and Back
// show it and its results again (the API's side: tests/api/list-params.test.ts).

describe.skipIf(!e2eAvailable)('the console list filter kept in the address', { timeout: 180_000 }, () => {
  const suite = browserSuite();

  /** The list call whose filter is `q` answered, and the table redrawn. */
  async function listedWith(page: Page, q: string, act: () => Promise<unknown>) {
    const answered = page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname === '/api/publication/' && url.searchParams.has('limit') && url.searchParams.get('q') === q && r.ok();
    });
    await act();
    await answered;
    await page.waitForTimeout(200);
  }

  const titles = (page: Page) => page.locator('main table tbody tr').evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[3]?.textContent ?? ''));

  test('a Chinese name finds her English-named papers, and a reload and Back keep the filter', async () => {
    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    const q = '李清禾';
    const found = (await admin.get(`/api/publication/?q=${encodeURIComponent(q)}&limit=10`)).json() as { title: string; author: string[] }[];
    // some of them name her only in English: found through the links to her
    const english = found.find((p) => !p.author.includes(q) && p.author.includes('Qinghe Li'));
    expect(english).toBeDefined();

    const { page } = await suite.open({ lang: 'zh', width: 1280 });
    await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, '/console/publication');
    await page.locator('main h1').first().waitFor();
    const box = page.getByRole('searchbox', { name: '筛选' });
    await listedWith(page, q, () => box.fill(q));
    const shown = await titles(page);
    expect(shown).toContain(english?.title);
    await page.waitForURL((u) => u.searchParams.get('q') === q);

    // a reload: the same filter, asked of the server again, and the same rows
    await listedWith(page, q, () => page.reload());
    await expect.poll(() => box.inputValue()).toBe(q);
    expect(await titles(page)).toEqual(shown);

    // another screen, then Back
    await viaConsoleNav(page, '/console/news');
    await listedWith(page, q, () => page.goBack());
    await expect.poll(() => box.inputValue()).toBe(q);
    expect(await titles(page)).toEqual(shown);

    // cleared: gone from the address too
    const all = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/publication/' && !new URL(r.url()).searchParams.has('q') && r.ok());
    await box.fill('');
    await all;
    await page.waitForURL((u) => !u.searchParams.has('q'));
  });
});
