import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { DEMO_ADVISOR_PASSWORD, demoClass } from '../../cli/demo/advisor-seed.ts';
import { people } from '../../cli/demo/content.ts';
import { DEMO_USER_PASSWORD } from '../../cli/demo/seed.ts';
import { addDays, chinaDate, type PinganBase, type PinganYesterday, zeroReport } from '../../common/advisor.ts';
import type { Lang } from '../../common/enums.ts';
import { en } from '../../app/i18n/en.ts';
import { translateText } from '../../app/i18n/index.tsx';
import { zh } from '../../app/i18n/zh.ts';
import { browserSuite, e2eAvailable, hydrated, logInThroughPage, sessionTokenOf, startSite } from './server.ts';

// The class-advisor area (SPEC §2 advisor) in a real browser against a real loopback
// "reporting system" that keeps the upstream contract of docs/advisor.md: the advisor pastes the cookie,
// sees today's non-reporters, records reminders, copies yesterday's zero report and checks a name list;
// anyone else is kept out; the pages work in Chinese and on a phone.

const ADVISOR = 'linyunshu';
// the demo's teacher of that name (cli/demo/content.ts), made the advisor
const advisorPerson = people.find((p) => p.username === ADVISOR);
if (!advisorPerson) throw new Error(`the demo has no person ${ADVISOR}`);
const advisorName = { zh: advisorPerson.name_zh, en: advisorPerson.name_en };
const texts = { zh, en } as const;
const SECRET = `JSESSIONID=e2e-${randomBytes(8).toString('hex')}`;
const today = chinaDate();
const yesterday = addDays(today, -1);

// The upstream's class: made-up names outside the demo roster. Reminded today, they lead the people
// reminded once in the chart's top 10 (among equal counts the most recently reminded come first).
const ROSTER = [
  '欧阳明月',
  '司马云帆',
  '诸葛清风',
  '上官若水',
  '慕容星河',
  '东方晓岚',
  '南宫瑾瑜',
  '令狐语冰',
  '皇甫晨曦',
  '尉迟秋水',
  '公孙夏禾',
  '长孙海棠',
].map((realname, i) => ({
  xgh: `20210901${String(i + 1).padStart(2, '0')}`,
  realname,
}));
const students = (...at: number[]) => ROSTER.filter((_, i) => at.includes(i));
const NOT_TODAY = students(1, 4, 8);
const NOT_YESTERDAY = students(3, 7);
const [ABNORMAL_YESTERDAY] = students(10) as [(typeof ROSTER)[number]];

type UpstreamRequest = { path: string; date: string | null; cookie: string | undefined; accept: string | undefined; status: number };

/** The day's answer of the contract: everyone reported and well, but for today's and yesterday's cases. */
function dayAnswer(date: string) {
  const missing = date === today ? NOT_TODAY : date === yesterday ? NOT_YESTERDAY : [];
  return {
    date,
    students: ROSTER.map((s, i) => {
      const reported = !missing.includes(s);
      return {
        ...s,
        reported,
        uptime: reported ? `${date} 07:${String(10 + i).padStart(2, '0')}` : null,
        status: reported ? (date === yesterday && s === ABNORMAL_YESTERDAY ? '发热' : '正常') : null,
        doses: i % 4,
      };
    }),
  };
}

/** {{name}} placeholders filled, as the pages' translator does. */
const fmt = (template: string, params: Record<string, string | number>) => translateText(template, params);

describe.skipIf(!e2eAvailable)('advisor area: daily reports and name lists', { timeout: 90_000 }, () => {
  let upstream: http.Server;
  const received: UpstreamRequest[] = [];

  // the site's data source: a loopback server started first, so the site can be told its address
  const suite = browserSuite(async () => {
    upstream = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const date = url.searchParams.get('date');
      const answer = (status: number, body: unknown) => {
        received.push({ path: url.pathname, date, cookie: req.headers.cookie, accept: req.headers.accept, status });
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'GET' || url.pathname !== '/report') return answer(404, { error: 'not found' });
      if (req.headers.cookie !== SECRET) return answer(401, { error: 'login required' });
      if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return answer(400, { error: 'date' });
      answer(200, dayAnswer(date));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as AddressInfo;
    return startSite({ ADVISOR_USERNAME: ADVISOR, PINGAN_UPSTREAM_URL: `http://127.0.0.1:${port}/report`, PINGAN_UPSTREAM_TIMEOUT_MS: '3000' });
  });
  const at = suite.at;

  afterAll(async () => {
    upstream?.closeAllConnections();
    await new Promise((resolve) => (upstream ? upstream.close(resolve) : resolve(undefined)));
  });

  type ContextOptions = { lang?: Lang; width?: number; height?: number };

  async function newPage({ lang = 'en', width = 1366, height = 900 }: ContextOptions = {}): Promise<Page> {
    // the zero report's Copy button writes to the clipboard, which the test reads back
    return (await suite.open({ lang, width, height, context: { permissions: ['clipboard-read', 'clipboard-write'] } })).page;
  }

  /** The advisor, logged in through /login, on `target` of the area. */
  async function advisorPage(target = `/${ADVISOR}/pingan`, opts: ContextOptions = {}): Promise<Page> {
    const page = await newPage(opts);
    await logInThroughPage(page, suite.site.url, ADVISOR, DEMO_ADVISOR_PASSWORD, target);
    await page.locator('main h1').first().waitFor();
    return page;
  }

  const tokenOf = async (page: Page) => {
    const token = await sessionTokenOf(page);
    expect(token).toBeTruthy();
    return token as string;
  };

  async function apiGet<T>(path: string, token: string): Promise<T> {
    const res = await fetch(at(path), { headers: { authorization: `Token ${token}` } });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    return (await res.json()) as T;
  }

  /** Stores the upstream's cookie through the API, so a test does not depend on the one before it. */
  async function storeCookie(token: string, cookie = SECRET) {
    const body = new FormData();
    body.append('cookie', cookie);
    const res = await fetch(at(`/api${ADVISOR}/pingan/?remind=0`), { method: 'PUT', headers: { authorization: `Token ${token}` }, body });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  const main = (page: Page) => page.getByRole('main');
  const button = (page: Page, name: string) => main(page).getByRole('button', { name, exact: true });
  const drawer = (page: Page, lang: Lang) => page.getByRole('navigation', { name: texts[lang].console.menu });
  const chip = (page: Page) => page.getByTestId('cookie-status');
  /** A green (or red) message of SPEC §8. */
  const message = (page: Page, text: string) => page.locator('#notistack-snackbar').filter({ hasText: text }).first();
  const table = (page: Page, caption: string) => main(page).getByRole('table', { name: caption, exact: true });
  /** The first column (the name) of a table's rows. */
  const tableNames = (page: Page, caption: string) => table(page, caption).locator('tbody tr td:first-child').allTextContents();
  const remindList = (page: Page) => page.getByTestId('remind-list').locator('li').allTextContents();
  const zeroReportText = (page: Page) => page.getByTestId('zero-report').inputValue();
  const names = (rows: { realname: string }[]) => rows.map((r) => r.realname);

  // -------------------------------------------------------------------------------------------
  // Daily reports

  test('the advisor pastes the cookie: a refused one needs updating, the right one shows today’s non-reporters', async () => {
    const a = en.advisor;
    const page = await advisorPage();

    // the drawer: who is logged in, as what, and the area's links
    const nav = drawer(page, 'en');
    await nav.getByText(advisorName.en, { exact: true }).waitFor();
    await nav.getByText(a.authority, { exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: a.pingan }).getAttribute('href')).toBe(`/${ADVISOR}/pingan`);
    expect(await nav.getByRole('link', { name: a.info }).getAttribute('href')).toBe(`/${ADVISOR}/info`);
    expect(await main(page).locator('h1').textContent()).toBe(a.pingan);

    // no cookie stored yet
    await expect.poll(() => chip(page).textContent()).toBe(`Cookie: ${a.needsUpdate}`);
    const field = main(page).getByRole('textbox', { name: a.cookie });
    expect(await field.inputValue()).toBe('');
    expect(await button(page, a.saveCookie).isDisabled()).toBe(true);

    // a cookie the upstream refuses: presumed usable once saved, "needs update" once refused
    const wrong = 'JSESSIONID=expired';
    await field.fill(wrong);
    await button(page, a.saveCookie).click();
    await message(page, en.console.saved).waitFor();
    await expect.poll(() => chip(page).textContent()).toBe(`Cookie: ${a.usable}`);
    await button(page, a.today).click();
    await main(page)
      .getByRole('region', { name: `${a.today} · ${today}` })
      .waitFor();
    await main(page).getByText(a.failure.cookie_rejected).waitFor();
    await expect.poll(() => chip(page).textContent()).toBe(`Cookie: ${a.needsUpdate}`);
    expect(received.filter((r) => r.cookie === wrong).map((r) => [r.path, r.date, r.status])).toEqual([['/report', today, 401]]);

    // the right cookie
    const before = received.length;
    await field.fill(SECRET);
    await button(page, a.saveCookie).click();
    await message(page, en.console.saved).waitFor();
    // disabled again once the page has the saved cookie back (the refetch follows the message)
    await expect.poll(() => button(page, a.saveCookie).isDisabled()).toBe(true);
    await button(page, a.today).click();
    await expect.poll(() => tableNames(page, a.notReported)).toEqual(names(NOT_TODAY));
    await expect.poll(() => chip(page).textContent()).toBe(`Cookie: ${a.usable}`);
    expect(await main(page).getByText(a.failure.cookie_rejected).count()).toBe(0);
    expect(await page.getByTestId('today-figures').textContent()).toBe(
      fmt(a.figures, { zrs: ROSTER.length, xzs: ROSTER.length - NOT_TODAY.length, num: NOT_TODAY.length }),
    );
    // the table's other columns: the student ID and the status of one who has not reported
    const firstRow = table(page, a.notReported).locator('tbody tr').first().locator('td');
    expect(await firstRow.allTextContents()).toEqual([NOT_TODAY[0]?.realname, NOT_TODAY[0]?.xgh, a.statusNone]);

    // the upstream was asked for today with exactly the stored cookie, as JSON
    const asked = received.slice(before);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((r) => r.path === '/report' && r.cookie === SECRET && r.accept === 'application/json' && r.status === 200)).toBe(true);
    expect(asked.some((r) => r.date === today)).toBe(true);
    // kept on the server: a fresh load shows it to its owner, usable
    await page.reload();
    await expect.poll(() => main(page).getByRole('textbox', { name: a.cookie }).inputValue()).toBe(SECRET);
    await expect.poll(() => chip(page).textContent()).toBe(`Cookie: ${a.usable}`);
  });

  test('recording reminders: the chart lists the three with one reminder each, the button is spent for the day', async () => {
    const a = en.advisor;
    const page = await advisorPage();
    const token = await tokenOf(page);
    await storeCookie(token);
    const beforeApi = await apiGet<PinganBase>(`/api${ADVISOR}/pingan/?mount=1`, token);
    // new names: nobody in the upstream's class has been reminded before
    expect(beforeApi.remind.filter((r) => r.xgh.startsWith('20210901'))).toEqual([]);
    expect(beforeApi.remind_today).toEqual([]);

    await button(page, a.today).click();
    await expect.poll(() => tableNames(page, a.notReported)).toEqual(names(NOT_TODAY));
    const record = button(page, a.record);
    expect(await record.isEnabled()).toBe(true);
    await record.click();
    await message(page, fmt(a.recorded, { n: NOT_TODAY.length })).waitFor();

    const expected = NOT_TODAY.map((s) => `${s.realname}: 1`);
    await expect.poll(async () => (await remindList(page)).filter((line) => expected.includes(line))).toEqual(expected);
    expect(await page.locator('[data-testid=remind-chart] svg').count()).toBeGreaterThan(0);
    // one bar per person in the list
    const bars = page.locator('[data-testid=remind-chart] svg .MuiBarChart-element');
    await expect.poll(() => bars.count()).toBe((await remindList(page)).length);
    await button(page, a.recordedToday).waitFor();
    expect(await button(page, a.recordedToday).isDisabled()).toBe(true);
    expect(await button(page, a.record).count()).toBe(0);

    const after = await apiGet<PinganBase>(`/api${ADVISOR}/pingan/?mount=1`, token);
    for (const s of NOT_TODAY) expect(after.remind).toContainEqual({ xgh: s.xgh, realname: s.realname, count: 1 });
    expect(after.remind_today).toEqual(NOT_TODAY.map((s) => s.xgh));
    // the page's list is the API's top 10
    expect(await remindList(page)).toEqual(after.remind.map((r) => `${r.realname}: ${r.count}`));
  });

  test('yesterday’s zero report: the text, the two tables, and Copy puts exactly that text on the clipboard', async () => {
    const a = en.advisor;
    const page = await advisorPage();
    const token = await tokenOf(page);
    await storeCookie(token);

    await button(page, a.yesterday).click();
    await page.getByTestId('zero-report').waitFor();
    const data = await apiGet<PinganYesterday>(`/api${ADVISOR}/pingan/?mount=3&date_yes=${yesterday}`, token);
    expect(data).toMatchObject({ date: yesterday, source: 'upstream', source_error: null, zrs: ROSTER.length, xzs: ROSTER.length - NOT_YESTERDAY.length });
    expect(names(data.weishangbao_yes)).toEqual(names(NOT_YESTERDAY));
    expect(data.buzhengchang_yes).toEqual([
      { realname: ABNORMAL_YESTERDAY.realname, xgh: ABNORMAL_YESTERDAY.xgh, uptime: `${yesterday} 07:20`, status: '发热' },
    ]);

    const expected = zeroReport('en', data);
    await expect.poll(() => zeroReportText(page)).toBe(expected);
    expect(expected).toContain(`[Zero report, ${yesterday}]`);
    expect(expected).toContain(`Headcount ${ROSTER.length},`);
    expect(expected).toContain(`2 not submitted (${names(NOT_YESTERDAY).join(', ')})`);
    expect(expected).toContain(`1 with an abnormal status (${ABNORMAL_YESTERDAY.realname})`);

    expect(await tableNames(page, a.yesNotReported)).toEqual(names(NOT_YESTERDAY));
    expect(await tableNames(page, a.yesAbnormal)).toEqual([ABNORMAL_YESTERDAY.realname]);
    expect(await table(page, a.yesAbnormal).locator('tbody tr td').allTextContents()).toEqual([
      ABNORMAL_YESTERDAY.realname,
      ABNORMAL_YESTERDAY.xgh,
      '发热',
      `${yesterday} 07:20`,
    ]);

    await page.evaluate(() => navigator.clipboard.writeText('before'));
    await button(page, a.copy).click();
    await message(page, a.copied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    expect(received.some((r) => r.date === yesterday && r.cookie === SECRET && r.status === 200)).toBe(true);
  });

  // -------------------------------------------------------------------------------------------
  // Name lists

  test('the name-list checker: totals, who is missing, who is not on the list; editing a list updates its count', async () => {
    const a = en.advisor;
    const page = await advisorPage();
    const token = await tokenOf(page);
    // through the drawer's link, as the advisor goes there
    await drawer(page, 'en').getByRole('link', { name: a.info }).click();
    await page.waitForURL(at(`/${ADVISOR}/info`));
    await main(page).locator('h1', { hasText: a.info }).waitFor();

    type Lists = { info: Record<string, string[]>; col_name_dict: Record<string, { zh: string; en: string }> };
    const lists = await apiGet<Lists>(`/api${ADVISOR}/info/`, token);
    const branch = lists.info.branch ?? [];
    expect(branch).toHaveLength(33);
    expect(lists.col_name_dict.branch?.en).toBe('Party branch');

    const select = main(page).getByRole('combobox', { name: a.list });
    await expect.poll(() => select.textContent()).toBe(`Whole class · ${fmt(a.people, { n: 80 })}`);
    await select.click();
    await page.getByRole('option', { name: /^Party branch/ }).click();
    await expect.poll(() => select.textContent()).toBe(`Party branch · ${fmt(a.people, { n: 33 })}`);

    const present = branch.filter((_, i) => [0, 5, 12, 20, 32].includes(i));
    const stranger = '外来同学';
    expect(demoClass().map((s) => s.realname)).not.toContain(stranger);
    await main(page)
      .getByRole('textbox', { name: a.paste })
      .fill([...present, '', `  ${present[1]}  `, stranger].join('\n'));

    const totals = () => page.getByTestId('check-totals').locator('.MuiChip-label').allTextContents();
    await expect.poll(totals).toEqual([`${a.total} 33`, `${a.reported} ${present.length}`, `${a.unreported} ${33 - present.length}`]);
    expect(await page.getByTestId('unreported-names').textContent()).toBe(branch.filter((n) => !present.includes(n)).join(', '));
    await main(page)
      .getByRole('alert')
      .filter({ hasText: `${a.notOnList}: ${stranger}` })
      .waitFor();

    // edit the list: one more name
    await button(page, a.manage).click();
    const editor = main(page).getByRole('textbox', { name: fmt(a.listNames, { list: 'Party branch' }) });
    await editor.waitFor();
    expect(await editor.inputValue()).toBe(branch.join('\n'));
    const newcomer = '新来同学';
    await editor.fill(`${branch.join('\n')}\n${newcomer}`);
    await button(page, a.saveList).click();
    await message(page, a.listSaved).waitFor();

    await expect.poll(() => select.textContent()).toBe(`Party branch · ${fmt(a.people, { n: 34 })}`);
    await expect.poll(totals).toEqual([`${a.total} 34`, `${a.reported} ${present.length}`, `${a.unreported} ${34 - present.length}`]);
    expect(await page.getByTestId('unreported-names').textContent()).toContain(newcomer);
    const saved = await apiGet<Lists>(`/api${ADVISOR}/info/`, token);
    expect(saved.info.branch).toEqual([...branch, newcomer]);
    // the other lists are untouched
    expect(saved.info.class).toEqual(lists.info.class);
  });

  // -------------------------------------------------------------------------------------------
  // Who gets in

  test('only the advisor: a member is sent to the console, a visitor to the login page (and, logged in there, back), another prefix is a 404', async () => {
    // an ordinary member
    const member = await newPage();
    await logInThroughPage(member, suite.site.url, 'demo.user', DEMO_USER_PASSWORD, '/console');
    await member.goto(at(`/${ADVISOR}/pingan`));
    await member.waitForURL((u) => u.pathname === '/console');
    expect(await member.getByTestId('cookie-status').count()).toBe(0);
    const memberToken = await tokenOf(member);
    const refused = await fetch(at(`/api${ADVISOR}/pingan/?mount=1`), { headers: { authorization: `Token ${memberToken}` } });
    expect(refused.status).toBe(403);
    // the cookie is not in the refusal either
    expect(await refused.text()).not.toContain(SECRET);

    // nobody logged in
    const visitor = await newPage();
    await visitor.goto(at(`/${ADVISOR}/pingan`));
    await visitor.waitForURL((u) => `${u.pathname}${u.search}` === '/login?redirect=%2Flinyunshu%2Fpingan');
    expect((await fetch(at(`/api${ADVISOR}/pingan/?mount=1`))).status).toBe(401);
    // the advisor's login there lands on the area
    await hydrated(visitor, 'form.login-card button[type=submit]');
    await visitor.locator('form.login-card button[type=submit]:not([disabled])').waitFor();
    await visitor.locator('input[name="username"]').fill(ADVISOR);
    await visitor.locator('input[name="password"]').fill(DEMO_ADVISOR_PASSWORD);
    await visitor.locator('input[name="password"]').press('Enter');
    await visitor.waitForURL((u) => `${u.pathname}${u.search}` === `/${ADVISOR}/pingan`, { timeout: 15_000 });
    await expect.poll(() => visitor.getByRole('main').locator('h1').textContent()).toBe(en.advisor.pingan);

    // the area exists only under the advisor's name
    expect((await fetch(at(`/${ADVISOR}/pingan`))).status).toBe(200);
    expect((await fetch(at('/nobody/pingan'))).status).toBe(404);
    expect((await fetch(at('/nobody/info'))).status).toBe(404);
  });

  // -------------------------------------------------------------------------------------------
  // Languages and phones

  test('in Chinese, switched in the drawer: labels, the cookie status and the zero report in Chinese', async () => {
    const a = zh.advisor;
    const page = await advisorPage();
    const token = await tokenOf(page);
    await storeCookie(token);
    await drawer(page, 'en').getByRole('button', { name: '中文', exact: true }).click();

    await main(page).locator('h1', { hasText: a.pingan }).waitFor();
    const nav = drawer(page, 'zh');
    await nav.getByText(advisorName.zh, { exact: true }).waitFor();
    await nav.getByText(a.authority, { exact: true }).waitFor();
    await nav.getByRole('link', { name: a.pingan }).waitFor();
    await nav.getByRole('link', { name: a.info }).waitFor();
    await expect.poll(() => chip(page).textContent()).toBe(`Cookie: ${a.usable}`);
    await main(page).getByRole('textbox', { name: a.cookie }).waitFor();

    await button(page, a.today).click();
    await expect.poll(() => tableNames(page, a.notReported)).toEqual(names(NOT_TODAY));
    expect(await page.getByTestId('today-figures').textContent()).toBe(
      fmt(a.figures, { zrs: ROSTER.length, xzs: ROSTER.length - NOT_TODAY.length, num: NOT_TODAY.length }),
    );

    await button(page, a.yesterday).click();
    await page.getByTestId('zero-report').waitFor();
    const data = await apiGet<PinganYesterday>(`/api${ADVISOR}/pingan/?mount=3&date_yes=${yesterday}`, token);
    const expected = zeroReport('zh', data);
    await expect.poll(() => zeroReportText(page)).toBe(expected);
    expect(expected).toContain(`本班应到 ${ROSTER.length} 人`);
    expect(expected).toContain(`未上报 2 人（${names(NOT_YESTERDAY).join('、')}）`);
    expect(expected).toContain(`健康状况异常 1 人（${ABNORMAL_YESTERDAY.realname}）`);
    expect(await tableNames(page, a.yesNotReported)).toEqual(names(NOT_YESTERDAY));
    expect(await tableNames(page, a.yesAbnormal)).toEqual([ABNORMAL_YESTERDAY.realname]);
    await button(page, a.copy).waitFor();
  });

  test('on a phone (390×844, Chinese by cookie): the menu opens the drawer, today’s table fits without sideways scrolling', async () => {
    const a = zh.advisor;
    const page = await newPage({ lang: 'en', width: 390, height: 844 });
    // the language the drawer's switch would store, set before the first page loads
    await page.context().addCookies([{ name: 'lang', value: 'zh', url: suite.site.url }]);
    await logInThroughPage(page, suite.site.url, ADVISOR, DEMO_ADVISOR_PASSWORD, `/${ADVISOR}/pingan`);
    await main(page).locator('h1', { hasText: a.pingan }).waitFor();
    await storeCookie(await tokenOf(page));
    const noPageScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

    // the drawer is closed until the menu button opens it
    const pinganLink = drawer(page, 'zh').getByRole('link', { name: a.pingan });
    expect(await pinganLink.isVisible()).toBe(false);
    await page.getByRole('button', { name: zh.console.menu, exact: true }).click();
    await pinganLink.waitFor({ state: 'visible' });
    await drawer(page, 'zh').getByRole('link', { name: a.info }).click();
    await page.waitForURL(at(`/${ADVISOR}/info`));
    await main(page).locator('h1', { hasText: a.info }).waitFor();
    // the drawer closes when the page changes
    await pinganLink.waitFor({ state: 'hidden' });
    expect(await noPageScroll()).toBe(true);

    await page.getByRole('button', { name: zh.console.menu, exact: true }).click();
    await pinganLink.click();
    await page.waitForURL(at(`/${ADVISOR}/pingan`));
    await pinganLink.waitFor({ state: 'hidden' });
    await button(page, a.today).click();
    await expect.poll(() => tableNames(page, a.notReported)).toEqual(names(NOT_TODAY));
    expect(await table(page, a.notReported).isVisible()).toBe(true);
    expect(await noPageScroll()).toBe(true);
    await button(page, a.yesterday).click();
    await page.getByTestId('zero-report').waitFor();
    expect(await noPageScroll()).toBe(true);
  });
});
