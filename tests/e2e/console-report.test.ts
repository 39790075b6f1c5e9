import fs from 'node:fs';
import Excel from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { en } from '../../app/i18n/en.ts';
import { zh } from '../../app/i18n/zh.ts';
import { DEMO_USER_PASSWORD } from '../../cli/demo/seed.ts';
import { reportKinds, reportYearRule } from '../../common/report.ts';
import { ADMIN, browserSuite, e2eAvailable, logInThroughPage } from './server.ts';

// The achievement report in the console. An administrator opens it from the drawer, sees
// the counts of the demo lab's last five years as a chart and tables, narrows the kinds and downloads the
// workbook, on a desktop and on a phone, in either language; a member has no such screen.

describe.skipIf(!e2eAvailable)('the achievement report in the console', { timeout: 120_000 }, () => {
  const suite = browserSuite();

  async function logIn(lang: 'zh' | 'en', who: { username: string; password: string }, target: string, width: number): Promise<Page> {
    const { page } = await suite.open({ lang, width });
    await logInThroughPage(page, suite.site.url, who.username, who.password, target);
    await page.locator('main h1').first().waitFor();
    return page;
  }

  test.each([
    ['zh', zh, 1280],
    ['en', en, 390],
  ] as const)('an administrator reads the counts in %s and downloads the workbook', async (lang, m, width) => {
    const r = m.console.report;
    const page = await logIn(lang, ADMIN, '/console', width);
    // from the drawer (a menu button on a phone)
    if (width < 900) await page.getByRole('button', { name: m.console.menu }).first().click();
    await page.getByRole('link', { name: r.title }).click();
    await page.getByRole('heading', { name: r.title, level: 1 }).waitFor();

    const byYear = page.getByRole('table', { name: r.byYear });
    await byYear.locator('tbody tr').first().waitFor();
    const headers = await byYear.locator('thead th').allTextContents();
    expect(headers).toEqual([r.year, ...reportKinds.map((k) => k[lang]), r.sum]);
    const rows = await byYear.locator('tbody tr').allTextContents();
    // the years of the period that hold records, then the sum
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const sumRow = byYear.locator('tbody tr').last();
    const total = Number(await sumRow.locator('td').last().textContent());
    expect(total).toBeGreaterThan(10);
    await expect(page.getByRole('status').textContent()).resolves.toContain(String(total));
    // the chart draws bars
    const chart = page.getByTestId('report-chart');
    await chart.locator('svg').first().waitFor();
    await expect.poll(() => chart.locator('svg rect, svg path').count()).toBeGreaterThan(5);
    await page.getByRole('table', { name: r.byMember }).waitFor();
    // which years a record counts in (a project: every year it runs) is said under the table by year
    expect(await page.getByTestId('report-year-rule').textContent()).toBe(reportYearRule[lang]);
    // nothing wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);

    // awards alone: the total falls to the awards'
    for (const k of reportKinds.filter((x) => x.value !== 'award')) await page.getByRole('button', { name: k[lang], exact: true }).click();
    await expect.poll(async () => byYear.locator('thead th').allTextContents(), { timeout: 10_000 }).toEqual([r.year, reportKinds[5]?.[lang], r.sum]);
    const awards = Number(await byYear.locator('tbody tr').last().locator('td').last().textContent());
    expect(awards).toBeGreaterThan(0);
    expect(awards).toBeLessThan(total);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: r.exportXlsx }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^report-\\d{4}-\\d{4}-${lang}\\.xlsx$`));
    const book = new Excel.Workbook();
    await book.xlsx.load(fs.readFileSync((await download.path()) as string) as unknown as ArrayBuffer);
    // the summary and the awards' sheet, a header and a row per award
    expect(book.worksheets.map((s) => s.name)).toEqual([lang === 'zh' ? '汇总' : 'Summary', reportKinds[5]?.[lang]]);
    expect(book.worksheets[1]?.actualRowCount).toBe(awards + 1);
  });

  test('an ordinary member has no report in the drawer and is refused at its address', async () => {
    const page = await logIn('zh', { username: 'demo.user', password: DEMO_USER_PASSWORD }, '/console', 1280);
    const nav = page.getByRole('navigation', { name: zh.console.menu });
    await nav.getByRole('link').first().waitFor();
    expect(await nav.getByRole('link').allTextContents()).not.toContain(zh.console.report.title);
    await page.goto(suite.at('/console/report'));
    await page.getByText(zh.console.report.adminOnly).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
  });
});
