import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ADVISOR_PASSWORD } from '../../cli/demo/advisor-seed.ts';
import { en } from '../../app/i18n/en.ts';
import { zh } from '../../app/i18n/zh.ts';
import { loginAs } from '../helpers/client.ts';
import { fakeOpenAlex, type FakeOpenAlex, ORCID, work } from '../helpers/openalex.ts';
import { newMember } from '../fixtures/world.ts';
import { inLang } from './demo-pages.ts';
import { ADMIN, browserSuite, e2eAvailable, logInThroughPage, startSite } from './server.ts';

// In Chromium, zh and en: "Find new papers" tells a member without ids which ones are missing and links to
// their profile's field for them (an administrator: to each member's People editor); the People editor has
// the alumni fields and a former member's page shows them, without an office; the activity log names the
// advisor area's actions in words, never as keys.

const ADVISOR = 'linyunshu';
const MISSING = {
  zh: '你的个人资料里还没有 ORCID iD、OpenAlex 作者标识或 dblp 作者标识',
  en: 'your profile has no ORCID iD, OpenAlex author id or dblp person id',
} as const;

let oa: FakeOpenAlex;
beforeAll(async () => {
  oa = await fakeOpenAlex();
  oa.works = [work('501')];
});
afterAll(() => oa?.close());

describe.skipIf(!e2eAvailable)('ids in the profile, alumni and the activity log’s words, in a browser', { timeout: 120_000 }, () => {
  const suite = browserSuite(() => startSite({ OPENALEX_URL: oa.url, ORCID_URL: oa.url, DBLP_URL: oa.url, SYNC_INTERVAL_MS: '0', ADVISOR_USERNAME: ADVISOR }));

  test.each(['zh', 'en'] as const)('Find new papers names the missing ids and leads to the profile field (%s)', async (lang) => {
    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    const member = await newMember(admin);
    const { page } = await suite.open({ lang });
    await logInThroughPage(page, suite.site.url, member.username, 'member-password', '/console/publication');
    await page.getByRole('button', { name: inLang(lang, '查找新论文', 'Find new papers') }).click();
    const dialog = page.getByRole('dialog', { name: inLang(lang, '来自 OpenAlex 的新论文', 'New papers from OpenAlex') });
    await dialog.getByText(MISSING[lang]).waitFor({ timeout: 60_000 });
    // not a bare "0 members asked"
    await expect(dialog.getByText(inLang(lang, '查询了 0 位成员', '0 members asked')).count()).resolves.toBe(0);
    await dialog.getByRole('link', { name: inLang(lang, '在个人资料中填写我的标识', 'Add my ids in the profile') }).click();
    await page.waitForURL(/\/console\/profile#scholar-ids$/);
    const orcid = page.getByRole('group', { name: inLang(lang, '学术标识', 'Scholarly ids') }).getByLabel('ORCID iD');
    await orcid.waitFor();
    // the form opens at that part, ready to type
    await expect.poll(() => orcid.evaluate((el) => el === document.activeElement)).toBe(true);
    if (lang === 'en') {
      await orcid.fill(`https://orcid.org/${ORCID}`);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(async () => (await admin.get(`/api/people/?pid=${member.pid}`)).json().orcid).toBe(ORCID);
    }
  });

  test('an administrator is shown who was not asked, each linked to their People editor', async () => {
    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    const member = await newMember(admin, { name_en: 'Idless Member', name_zh: '无标识成员' });
    const { page } = await suite.open({ lang: 'en' });
    await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, '/console/publication');
    await page.getByRole('button', { name: 'Find new papers' }).click();
    const dialog = page.getByRole('dialog', { name: 'New papers from OpenAlex' });
    const link = dialog.getByRole('link', { name: 'Idless Member' });
    await link.waitFor({ timeout: 60_000 });
    await expect(link.getAttribute('href')).resolves.toBe(`/console/people?edit=${member.pid}`);
    await link.click();
    await page.getByLabel('ORCID iD').waitFor();
    await expect(page.getByLabel('English name').inputValue()).resolves.toBe('Idless Member');
  });

  test.each(['zh', 'en'] as const)('the People editor has the alumni fields, and a former member’s page shows them without an office (%s)', async (lang) => {
    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    const member = await newMember(admin, { location_en: 'Room 1001', location_zh: '1001 室', link_type: 1, link1: '# Page' });
    expect(
      (await admin.send('PUT', `/api/people/?pid=${member.pid}`, { status: 'false', graduated: 2024, now_at_zh: '某大学', now_at_en: 'Some University' }))
        .statusCode,
    ).toBe(200);
    const { page } = await suite.open({ lang });
    await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, `/console/people?edit=${member.pid}`);
    // a year is chosen from a list, as the entrance year is
    await expect(page.getByRole('combobox', { name: inLang(lang, '毕业年份', 'Graduation year') }).inputValue()).resolves.toBe('2024');
    await expect(page.getByLabel(inLang(lang, '现工作单位（英文）', 'Now at (English)')).inputValue()).resolves.toBe('Some University');
    await page.goto(suite.at(`/people/${member.username}?lang=${lang}`));
    const profile = page.locator('.profile');
    await expect(profile.locator('.alumni').textContent()).resolves.toBe(inLang(lang, '已毕业 · 2024 年毕业', 'Alumni · graduated 2024'));
    await expect(profile.locator('.now-at').textContent()).resolves.toContain(inLang(lang, '某大学', 'Some University'));
    await expect(profile.textContent()).resolves.not.toContain(inLang(lang, '1001 室', 'Room 1001'));
    const ld = await page.evaluate(() => [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '{}')));
    const person = ld.find((x) => x['@type'] === 'Person');
    expect(person).not.toHaveProperty('affiliation');
    expect(person?.alumniOf).toMatchObject({ '@type': 'ResearchOrganization' });
  });

  test.each([
    ['zh', zh],
    ['en', en],
  ] as const)('the activity screen names the advisor area’s actions in words (%s)', async (lang, m) => {
    const advisor = await loginAs(suite.site.app, ADVISOR, DEMO_ADVISOR_PASSWORD);
    const r = await advisor.send('PUT', `/api${ADVISOR}/info/`, { list: 'branch', names: '张三\n李四' });
    expect(r.statusCode, r.body).toBe(200);
    const { page } = await suite.open({ lang, width: 1366 });
    await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, '/console/activity');
    const a = m.console.activity;
    await page.getByRole('combobox', { name: a.resource, exact: true }).click();
    await page.getByRole('option', { name: a.resources.advisor, exact: true }).click();
    const table = page.getByRole('table', { name: a.title });
    const row = table.locator('tbody tr', { hasText: inLang(lang, '名单：党支部', 'Name list: Party branch') }).first();
    await row.waitFor();
    const cells = (await row.locator('td').allTextContents()).map((c) => c.trim());
    expect(cells).toContain(a.resources.advisor);
    expect(cells).toContain(a.actions.update);
    for (const raw of ['advisor', 'names branch', 'update', 'branch']) expect(cells).not.toContain(raw);
  });
});
