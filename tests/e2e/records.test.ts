import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { awards, patents } from '../../cli/demo/records.ts';
import { award, patent } from '../../common/resources/index.ts';
import { loginAs } from '../helpers/client.ts';
import { fitsWidth, inLang, nameOf, shot as shotAs, shown, widths } from './demo-pages.ts';
import { ADMIN, browserSuite, e2eAvailable, hydrated, logInThroughPage } from './server.ts';

// The awards and patents in a real browser, on the demo lab, in both languages, at a desktop's
// and a phone's width: their list pages, a record page's details (members linked to their pages, people
// outside the lab as written, the related publication), the JSON-LD a software copyright carries, the
// menu entries, and a member's page listing the records that name them. Screenshots go to test-results/.

type Rec = Record<string, unknown>;
const shot = shotAs('records');

describe.skipIf(!e2eAvailable)('awards, patents and a member’s records in a browser', { timeout: 90_000 }, () => {
  const suite = browserSuite();
  const api = async <T>(p: string): Promise<T> => (await (await fetch(suite.at(p))).json()) as T;

  test('the console edits an award’s recipients (a member chosen by name, an outsider typed) and its related publication', async () => {
    const api = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    const list = (await api.get('/api/award/')).json() as Rec[];
    const target = list.find((a) => a.title_zh === '北京市科学技术奖自然科学奖三等奖') as Rec;
    const { page } = await suite.open({ lang: 'zh' });
    await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, `/console/award?edit=${target.wid}`);
    const people = page.getByRole('combobox', { name: '获奖人' });
    await people.waitFor();
    // the chips name the members, not their ids, once the member list has come (ids meanwhile, on a busy machine)
    const field = people.locator('xpath=ancestor::div[contains(@class,"MuiAutocomplete-root")]');
    await expect.poll(() => shown(field), { timeout: 15_000 }).toContain('李清禾 / Qinghe Li');
    expect(await shown(field)).not.toMatch(/#\d/);
    await people.fill('赵欣');
    await page.getByRole('option', { name: /赵欣悦/ }).click();
    await people.fill('Ada Lovelace (Outside)');
    await people.press('Enter');
    const paper = page.getByRole('combobox', { name: '相关论文' });
    await paper.fill('DebateDial');
    await page.getByRole('option', { name: /DebateDial/ }).click();
    await page.screenshot({ path: path.join('test-results', 'records-console-award.png') });
    await page.getByRole('button', { name: '保存' }).click();
    await page.locator('#notistack-snackbar').filter({ hasText: '修改成功' }).first().waitFor();
    const saved = (await api.get(`/api/award/?wid=${target.wid}`)).json() as Rec;
    const zhao = ((await api.get('/api/read_people/?username=zhaoxinyue')).json() as Rec).pid;
    const recipients = saved.recipients as string[];
    expect(recipients.slice(-2)).toEqual([`pid:${zhao}`, 'Ada Lovelace (Outside)']);
    expect(recipients.slice(0, -2).every((r) => /^pid:\d+$/.test(r))).toBe(true);
    const debate = ((await api.get('/api/publication/')).json() as Rec[]).find((p) => String(p.title).startsWith('DebateDial')) as Rec;
    expect(saved.publication).toBe(debate.pid);
  });

  for (const lang of ['zh', 'en'] as const) {
    for (const width of widths) {
      test(`the awards list and an award's page, ${lang}, ${width} px`, async () => {
        const { page } = await suite.open({ lang, width, height: 900 });
        await page.goto(suite.at(`/awards?lang=${lang}`));
        await hydrated(page, 'header');
        expect(await page.locator('html').getAttribute('lang')).toBe(lang === 'zh' ? 'zh-CN' : 'en');
        await expect.poll(() => page.locator('h1').first().textContent()).toBe(String(award.public?.nav.label[lang]));
        // every demo award, newest first, each card naming its people
        const cards = page.locator('.grid a.card');
        expect(await cards.count()).toBe(awards.length);
        const newest = [...awards].sort((a, b) => Number(b.year) - Number(a.year))[0] as Rec;
        expect(await cards.first().locator('h2').textContent()).toBe(String(lang === 'zh' ? newest.title_zh : newest.title_en));
        const acl = cards.filter({ hasText: lang === 'zh' ? 'ACL 2024 杰出论文奖' : 'ACL 2024 Outstanding Paper Award' });
        expect(await shown(acl)).toContain(nameOf('sunyihang', lang));
        expect(await shown(acl)).toContain('Emily Hart (University of Edinburgh)');
        await fitsWidth(page, width);
        await shot(page, `awards-${lang}-${width}`);

        // the menu has the entry (on a phone, behind the menu button)
        const entry = page.locator(`header a[href="/awards"]`);
        expect(await entry.count()).toBeGreaterThan(0);

        await acl.click();
        await page.waitForURL(/\/awards\/\d+/);
        await hydrated(page, 'header');
        const details = page.locator('dl.record-details');
        // a member with a page is a link to it; one without is highlighted; an outsider is as written
        const sun = details.locator('a.member', { hasText: nameOf('sunyihang', lang) });
        expect(await sun.getAttribute('href')).toBe('/people/sunyihang');
        expect(await details.locator('a.member', { hasText: nameOf('chenhaoran', lang) }).getAttribute('href')).toBe('/people/chenhaoran');
        expect(await shown(details)).toContain('Emily Hart (University of Edinburgh)');
        expect(await details.locator('a.member', { hasText: 'Emily Hart' }).count()).toBe(0);
        // the level in the reader's language, the related publication linked to its page
        expect(await shown(details)).toContain(inLang(lang, '国际级', 'International'));
        const paper = details.locator('a[href^="/publication/"]');
        expect(await paper.textContent()).toBe('Structure-Aware Argument Mining with Graph Prompting');
        await fitsWidth(page, width);
        await shot(page, `award-${lang}-${width}`);
        // no schema.org type for an award: no JSON-LD of its own
        expect(await page.locator('script[type="application/ld+json"]').count()).toBe(0);
        await sun.click();
        await page.waitForURL(/\/people\/sunyihang/);
      });

      test(`the patents list and a software copyright's page, ${lang}, ${width} px`, async () => {
        const { page } = await suite.open({ lang, width, height: 900 });
        await page.goto(suite.at(`/patents?lang=${lang}`));
        await hydrated(page, 'header');
        await expect.poll(() => page.locator('h1').first().textContent()).toBe(String(patent.public?.nav.label[lang]));
        const cards = page.locator('.grid a.card');
        expect(await cards.count()).toBe(patents.length);
        // the kind is each card's line under its title
        expect(await shown(page.locator('.grid'))).toContain(inLang(lang, '软件著作权', 'Software copyright'));
        await fitsWidth(page, width);
        await shot(page, `patents-${lang}-${width}`);

        const sw = patents.find((p) => p.number === '2023SR0456789') as Rec;
        await cards.filter({ hasText: String(lang === 'zh' ? sw.title_zh : sw.title_en) }).click();
        await page.waitForURL(/\/patents\/\d+/);
        await hydrated(page, 'header');
        const details = page.locator('dl.record-details');
        const text = await shown(details);
        expect(text).toContain('2023SR0456789');
        expect(text).toContain(inLang(lang, '已授权（登记）', 'Granted (registered)'));
        expect(text).toContain('2023-06-15');
        expect(await details.locator('a.member', { hasText: nameOf('guozhiheng', lang) }).getAttribute('href')).toBe('/people/guozhiheng');
        // a registered program is a schema.org SoftwareApplication, its people its creators
        const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Rec;
        expect(ld).toMatchObject({ '@type': 'SoftwareApplication', name: lang === 'zh' ? sw.title_zh : sw.title_en });
        expect((ld.creator as Rec[]).map((c) => c.name)).toEqual([nameOf('guozhiheng', lang), nameOf('fengzirui', lang)]);
        await fitsWidth(page, width);
        await shot(page, `patent-${lang}-${width}`);
      });

      test(`a member's page lists their awards and patents next to their publications, ${lang}, ${width} px`, async () => {
        const { page } = await suite.open({ lang, width, height: 900 });
        await page.goto(suite.at(`/people/chenhaoran?lang=${lang}`));
        await hydrated(page, 'header');
        const awardsSection = page.locator('section.member-records').filter({ has: page.locator('h2', { hasText: String(award.public?.nav.label[lang]) }) });
        const patentsSection = page.locator('section.member-records').filter({ has: page.locator('h2', { hasText: String(patent.public?.nav.label[lang]) }) });
        const theirs = (list: Rec[], field: string) => list.filter((r) => (r[field] as string[]).includes('@chenhaoran'));
        expect(await awardsSection.locator('li').count()).toBe(theirs(awards, 'recipients').length);
        expect(await patentsSection.locator('li').count()).toBe(theirs(patents, 'inventors').length);
        // each links to its page, which names them
        const first = awardsSection.locator('li a').first();
        const href = (await first.getAttribute('href')) ?? '';
        expect(href).toMatch(/^\/awards\/\d+$/);
        // next to their publications
        expect(await page.locator('#member-publications').count()).toBe(1);
        // their Person (schema.org) names their awards, which have no type of their own
        const lds = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as Rec);
        const person = lds.find((x) => x['@type'] === 'Person');
        expect([...((person?.award as string[] | undefined) ?? [])].sort()).toEqual(
          theirs(awards, 'recipients')
            .map((a) => String(lang === 'zh' ? a.title_zh : a.title_en))
            .sort(),
        );
        await fitsWidth(page, width);
        await shot(page, `member-${lang}-${width}`);
        const read = await api<Rec>(`/api/read_award/?wid=${href.split('/').pop()}`);
        expect((read.recipients as string[]).some((r) => /^pid:\d+$/.test(r))).toBe(true);
      });
    }
  }
});
