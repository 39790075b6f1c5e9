import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { projects } from '../../cli/demo/records.ts';
import type { Lang } from '../../common/enums.ts';
import { labYear } from '../../common/instant.ts';
import { project } from '../../common/resources/index.ts';
import { loginAs } from '../helpers/client.ts';
import { fitsWidth, inLang, nameOf, shot as shotAs, shown, widths } from './demo-pages.ts';
import { ADMIN, browserSuite, e2eAvailable, hydrated, logInThroughPage } from './server.ts';

// The research projects in a real browser, on the demo lab, in both languages, at a desktop's
// and a phone's width: the list and its filters by level and status (plain links, kept in the address),
// a project's page with its people and its acknowledging publications, the project named back on each of
// those publications' pages, a member's page listing their projects, and the console choosing the
// acknowledging publications by title. Screenshots go to test-results/.

type Rec = Record<string, unknown>;
const shot = shotAs('projects');
const titleOf = (p: Rec, lang: Lang) => String((lang === 'zh' ? p.title_zh : p.title_en) || p.title_zh || p.title_en);

describe.skipIf(!e2eAvailable)('research projects in a browser', { timeout: 90_000 }, () => {
  const suite = browserSuite();
  const year = labYear();
  const finished = (p: Rec) => typeof p.end_year === 'number' && p.end_year < year;

  for (const lang of ['zh', 'en'] as const) {
    for (const width of widths) {
      test(`the projects list, filtered by level and status, ${lang}, ${width} px`, async () => {
        const { page } = await suite.open({ lang, width, height: 900 });
        await page.goto(suite.at(`/projects?lang=${lang}`));
        await hydrated(page, 'header');
        await expect.poll(() => page.locator('h1').first().textContent()).toBe(String(project.public?.nav.label[lang]));
        const cards = page.locator('.grid a.card');
        expect(await cards.count()).toBe(projects.length);
        // newest start first (of one start, the later entered); each card says its level and its years
        const order = projects.map((p, i) => ({ p, i })).sort((a, b) => Number(b.p.start_year) - Number(a.p.start_year) || b.i - a.i);
        expect(await cards.locator('h2').allTextContents()).toEqual(order.map(({ p }) => titleOf(p, lang)));
        const open = projects.find((p) => p.end_year === undefined) as Rec;
        const openCard = cards.filter({ hasText: titleOf(open, lang) });
        expect(await shown(openCard)).toContain(inLang(lang, `企业合作 · ${open.start_year} 年起`, `Industry · since ${open.start_year}`));
        await fitsWidth(page, width);
        await shot(page, `list-${lang}-${width}`);

        // the level filter: a link, the address keeps it, the chosen one marked
        const levels = page.locator('nav.filters[data-filter="level"]');
        await levels.getByRole('link', { name: inLang(lang, '国家级', 'National'), exact: true }).click();
        await page.waitForURL(/level=national/);
        await expect.poll(() => cards.count()).toBe(projects.filter((p) => p.level === 'national').length);
        expect(await levels.locator('[aria-current="true"]').textContent()).toBe(inLang(lang, '国家级', 'National'));
        // and the status filter on top of it
        const status = page.locator('nav.filters[data-filter="status"]');
        await status.getByRole('link', { name: inLang(lang, '已结题', 'Finished') }).click();
        await page.waitForURL(/status=finished/);
        expect(page.url()).toContain('level=national');
        await expect.poll(() => cards.count()).toBe(projects.filter((p) => p.level === 'national' && finished(p)).length);
        await fitsWidth(page, width);
        await shot(page, `filtered-${lang}-${width}`);
        // "all" clears one filter and keeps the other
        await levels.getByRole('link', { name: inLang(lang, '全部', 'All') }).click();
        await page.waitForURL((u) => !u.search.includes('level='));
        await expect.poll(() => cards.count()).toBe(projects.filter(finished).length);
        // the menu has the entry (on a phone, behind the menu button)
        expect(await page.locator('header a[href="/projects"]').count()).toBeGreaterThan(0);
      });

      test(`a project's page, its publications, and the project named on theirs, ${lang}, ${width} px`, async () => {
        const nsfc = projects.find((p) => p.grant_number === '62276043') as Rec;
        const { page } = await suite.open({ lang, width, height: 900 });
        await page.goto(suite.at(`/projects?lang=${lang}`));
        await hydrated(page, 'header');
        await page
          .locator('.grid a.card')
          .filter({ hasText: titleOf(nsfc, lang) })
          .click();
        await page.waitForURL(/\/projects\/\d+/);
        await hydrated(page, 'header');
        const projectUrl = new URL(page.url()).pathname;
        const details = page.locator('dl.record-details');
        const text = await shown(details);
        expect(text).toContain('62276043');
        expect(text).toContain(inLang(lang, '国家自然科学基金委员会', 'National Natural Science Foundation of China'));
        expect(text).toContain(inLang(lang, '面上项目', 'General Program'));
        expect(text).toContain(`${nsfc.start_year} – ${nsfc.end_year}`);
        expect(await details.locator('a.member', { hasText: nameOf('liqinghe', lang) }).getAttribute('href')).toBe('/people/liqinghe');
        // the acknowledging publications, in the order chosen, each linked to its page
        const papers = details.locator('.record-links a');
        expect(await papers.allTextContents()).toEqual(nsfc.papers);
        const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Rec;
        expect(ld).toMatchObject({ '@type': 'ResearchProject', identifier: '62276043' });
        await fitsWidth(page, width);
        await shot(page, `page-${lang}-${width}`);
        // a publication's page names the project that it acknowledges, linked back
        await papers.first().click();
        await page.waitForURL(/\/publication\/\d+/);
        await hydrated(page, 'header');
        const funded = page.locator('section.referring[data-resource="project"]');
        expect(await funded.locator('h2').textContent()).toBe(inLang(lang, '资助项目', 'Funded by'));
        expect(await funded.locator(`a[href="${projectUrl}"]`).textContent()).toBe(titleOf(nsfc, lang));
        await fitsWidth(page, width);
        await shot(page, `publication-${lang}-${width}`);
      });

      test(`a member's page lists their projects, ${lang}, ${width} px`, async () => {
        const { page } = await suite.open({ lang, width, height: 900 });
        await page.goto(suite.at(`/people/chenhaoran?lang=${lang}`));
        await hydrated(page, 'header');
        const section = page.locator('section.member-records').filter({ has: page.locator('h2', { hasText: String(project.public?.nav.label[lang]) }) });
        const theirs = projects.filter((p) => [...(p.pi as string[]), ...((p.members as string[] | undefined) ?? [])].includes('@chenhaoran'));
        expect(theirs.length).toBeGreaterThan(0);
        expect(await section.locator('li').count()).toBe(theirs.length);
        expect(await section.locator('li a').first().getAttribute('href')).toMatch(/^\/projects\/\d+$/);
        await fitsWidth(page, width);
      });
    }
  }

  test('a project in one language only: the other reads it with a note, its language marked', async () => {
    const only = projects.find((p) => !p.abstract_zh) as Rec;
    const { page } = await suite.open({ lang: 'zh' });
    await page.goto(suite.at('/projects?lang=zh'));
    await hydrated(page, 'header');
    await page
      .locator('.grid a.card')
      .filter({ hasText: String(only.title_zh) })
      .click();
    await page.waitForURL(/\/projects\/\d+/);
    await hydrated(page, 'header');
    expect(await page.getByTestId('language-note').count()).toBe(1);
    expect(await page.locator('.record-text [lang="en"]').first().textContent()).toContain(String(only.abstract_en).slice(0, 40));
  });

  test('the console chooses a project’s acknowledging publications by title, and the public page follows', async () => {
    const api = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    const list = (await api.get('/api/project/')).json() as Rec[];
    const target = list.find((p) => p.grant_number === 'H2024-017') as Rec;
    const before = target.publications as string[];
    const { page } = await suite.open({ lang: 'zh' });
    await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, `/console/project?edit=${target.jid}`);
    const field = page.getByRole('combobox', { name: '标注资助的论文' });
    await field.waitFor();
    // the chips name the publications, not their ids
    const root = field.locator('xpath=ancestor::div[contains(@class,"MuiAutocomplete-root")]');
    await expect.poll(() => shown(root)).toContain('Remember to Forget');
    await field.fill('WebChores');
    await page.getByRole('option', { name: /WebChores/ }).click();
    await page.screenshot({ path: path.join('test-results', 'projects-console.png') });
    await page.getByRole('button', { name: '保存' }).click();
    await page.locator('#notistack-snackbar').filter({ hasText: '修改成功' }).first().waitFor();
    const saved = (await api.get(`/api/project/?jid=${target.jid}`)).json() as Rec;
    const web = ((await api.get('/api/publication/')).json() as Rec[]).find((p) => String(p.title).startsWith('WebChores')) as Rec;
    expect(saved.publications).toEqual([...before, String(web.pid)]);
    // the publication's page now names the project
    await page.goto(suite.at(`/publication/${web.pid}?lang=zh`));
    await hydrated(page, 'header');
    expect(await page.locator(`section.referring a[href="/projects/${target.jid}"]`).count()).toBe(1);
  });
});
