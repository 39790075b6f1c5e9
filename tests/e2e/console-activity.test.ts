import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { en } from '../../app/i18n/en.ts';
import { zh } from '../../app/i18n/zh.ts';
import { DEMO_USER_PASSWORD } from '../../cli/demo/seed.ts';
import { ADMIN, browserSuite, e2eAvailable, logInThroughPage } from './server.ts';

// The activity log in the console. An administrator reads, filters and exports it in
// either language and on a phone; a member has no such screen, and reads their own entries in the profile.

const MEMBER = { username: 'demo.user', password: DEMO_USER_PASSWORD };

describe.skipIf(!e2eAvailable)('the activity log in the console', { timeout: 90_000 }, () => {
  const suite = browserSuite();

  async function logIn(lang: 'zh' | 'en', who: { username: string; password: string }, target: string, width = 1366): Promise<Page> {
    const { page } = await suite.open({ lang, width });
    await logInThroughPage(page, suite.site.url, who.username, who.password, target);
    await page.locator('main h1').first().waitFor();
    return page;
  }

  const noPageScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

  /** The texts of one column of the activity table, by its header. */
  async function column(page: Page, table: string, header: string): Promise<string[]> {
    const grid = page.getByRole('table', { name: table });
    await grid.locator('tbody tr td').first().waitFor();
    const headers = await grid.locator('thead th').allTextContents();
    const i = headers.indexOf(header);
    expect(i, `${header} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
    return grid.locator(`tbody tr td:nth-child(${i + 1})`).allTextContents();
  }

  test.each([
    ['zh', zh],
    ['en', en],
  ] as const)('an administrator reads the log in %s, filters it by action and finds their own login', async (lang, m) => {
    const a = m.console.activity;
    // a member's login and a failed one, so that there is more than one person's entries
    const member = await logIn(lang, MEMBER, '/console');
    await member.context().close();
    const page = await logIn(lang, ADMIN, '/console/activity');
    await page.getByRole('heading', { name: a.title, level: 1 }).waitFor();
    await expect(page.getByRole('navigation').getByRole('link', { name: a.title }).isVisible()).resolves.toBe(true);
    const people = await column(page, a.title, a.person);
    expect(people).toContain(ADMIN.username);
    expect(people).toContain(MEMBER.username);
    expect(await page.getByRole('status').textContent()).toMatch(/\d/);

    await page.getByRole('combobox', { name: a.action, exact: true }).click();
    await page.getByRole('option', { name: a.actions.login, exact: true }).click();
    await expect.poll(async () => [...new Set(await column(page, a.title, a.action))], { timeout: 10_000 }).toEqual([a.actions.login]);
    const rows = page.getByRole('table', { name: a.title }).locator('tbody tr', { hasText: ADMIN.username });
    await expect(rows.first().textContent()).resolves.toContain(a.outcomes.ok);
    expect(await column(page, a.title, a.resource)).toContain(a.resources.session);

    // the export takes the same filter
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: a.exportCsv }).click()]);
    expect(download.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = fs.readFileSync((await download.path()) as string);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('time,person,person_id,address,action,resource,record,outcome,detail');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => l.split(',')[4] === 'login')).toBe(true);
  });

  test('an ordinary member has no Activity screen, is refused at its address, and reads their own entries in the profile', async () => {
    const page = await logIn('zh', MEMBER, '/console');
    const a = zh.console.activity;
    const nav = page.getByRole('navigation', { name: zh.console.menu });
    await nav.getByRole('link').first().waitFor();
    expect(await nav.getByRole('link').allTextContents()).not.toContain(a.title);
    await page.goto(suite.at('/console/activity'));
    await page.getByText(a.adminOnly).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);

    await page.goto(suite.at('/console/profile'));
    const mine = page.getByRole('region', { name: a.mine });
    await mine.waitFor();
    const actions = await column(page, a.mine, a.action);
    expect(actions).toContain(a.actions.login);
    // their own entries only: no person column, and every record of a login is their name
    expect(await mine.locator('thead th').allTextContents()).not.toContain(a.person);
    const records = await column(page, a.mine, a.record);
    const logins = actions.map((x, i) => (x === a.actions.login ? records[i] : null)).filter((x) => x !== null);
    expect(new Set(logins)).toEqual(new Set([MEMBER.username]));
  });

  test('at 390 px the log is cards and filters that fit, without sideways scrolling', async () => {
    const page = await logIn('en', ADMIN, '/console/activity', 390);
    const a = en.console.activity;
    const cards = page.getByRole('list', { name: a.title });
    await cards.locator('li dl').first().waitFor();
    expect(await cards.locator('li').first().textContent()).toContain(a.action);
    await page.getByRole('button', { name: a.exportXlsx }).waitFor();
    expect(await noPageScroll(page)).toBe(true);
    for (const name of [a.action, a.resource]) {
      const box = await page.getByRole('combobox', { name, exact: true }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390, name).toBe(true);
    }
  });
});
