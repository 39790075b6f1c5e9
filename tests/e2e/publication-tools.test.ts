import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loginAs } from '../helpers/client.ts';
import { ADMIN, browserSuite, e2eAvailable, logInThroughPage, root, startSite } from './server.ts';

// In Chromium: the publication editor's "Fill" takes a DOI's metadata from a registry (a loopback
// server speaking Crossref's JSON, at CROSSREF_URL) into the form, to check and save (point 4); the editor
// says which member each author is, and the public pages follow it, in both languages and on a phone (point 6).

let crossref: http.Server;
let crossrefUrl = '';
beforeAll(async () => {
  crossref = http.createServer((req, res) => {
    res.writeHead(req.url === '/works/10.1145%2F3589334.3645413' ? 200 : 404, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        status: 'ok',
        message: {
          type: 'journal-article',
          title: ['Filled From Its DOI'],
          author: [{ given: 'Ada', family: 'Lovelace' }],
          'container-title': ['Journal of Tests'],
          published: { 'date-parts': [[2023, 9]] },
          abstract: '<jats:p>Found by the registry.</jats:p>',
        },
      }),
    );
  });
  await new Promise<void>((r) => crossref.listen(0, '127.0.0.1', () => r()));
  crossrefUrl = `http://127.0.0.1:${(crossref.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => crossref.close(() => r())));

describe.skipIf(!e2eAvailable)('publications in a browser: the editor, the import and the cite block', { timeout: 90_000 }, () => {
  const suite = browserSuite(() => startSite({ CROSSREF_URL: crossrefUrl, DATACITE_URL: crossrefUrl, DOI_LOOKUP_TIMEOUT_MS: '2000' }));

  test('fills title, authors, venue, date and abstract from a DOI, saves them, and says so when a DOI is unknown', async () => {
    const { page } = await suite.open({ lang: 'zh' });
    await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, '/console/publication');
    await page.getByRole('button', { name: '添加' }).click();
    const editor = page.getByRole('form', { name: '新建' });
    await editor.getByLabel('DOI').fill('10.9999/unknown');
    await editor.getByRole('button', { name: '填写' }).click();
    await page.getByText('在 Crossref 和 DataCite 都找不到这个 DOI').first().waitFor();
    await expect(editor.getByLabel('标题 *').inputValue()).resolves.toBe('');
    await editor.getByLabel('DOI').fill('10.1145/3589334.3645413');
    await editor.getByRole('button', { name: '填写' }).click();
    await page.getByText('已按 DOI 填写，请核对后保存').first().waitFor();
    await expect(editor.getByLabel('标题 *').inputValue()).resolves.toBe('Filled From Its DOI');
    await expect(editor.getByLabel('发表平台 *').inputValue()).resolves.toBe('Journal of Tests');
    await editor.getByRole('button', { name: '保存' }).click();
    await page.getByText('添加成功').first().waitFor();
    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    const saved = ((await admin.get('/api/publication/')).json() as Record<string, unknown>[]).find((p) => p.title === 'Filled From Its DOI');
    expect(saved).toMatchObject({
      author: ['Ada Lovelace'],
      venue_kind: 'journal',
      year: 2023,
      month: 9,
      doi: '10.1145/3589334.3645413',
      abstract: 'Found by the registry.',
    });
  });

  test("the editor shows the fields of the kind chosen: a patent's number and application date, not a paper's issue", async () => {
    const { page } = await suite.open({ lang: 'zh' });
    await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, '/console/publication');
    await page.getByRole('button', { name: '添加' }).click();
    const editor = page.getByRole('form', { name: '新建' });
    await editor.getByLabel('期', { exact: true }).waitFor();
    await expect(editor.getByLabel('申请日期').count()).resolves.toBe(0);
    await editor.getByRole('combobox', { name: '类型', exact: true }).click();
    await page.getByRole('option', { name: '专利', exact: true }).click();
    await editor.getByLabel('申请日期').first().waitFor();
    await editor.getByLabel('编号（报告号、标准号、专利号）').waitFor();
    await expect(editor.getByLabel('期', { exact: true }).count()).resolves.toBe(0);
    // an edited book: editors and no authors, saved
    await editor.getByRole('combobox', { name: '类型', exact: true }).click();
    await page.getByRole('option', { name: '专著', exact: true }).click();
    await editor.getByLabel('标题 *').fill('An Edited Handbook');
    await editor.getByLabel('发表平台 *').fill('Springer');
    const editors = editor.getByLabel('编者', { exact: true });
    await editors.fill('Ana Sousa');
    await editors.press('Enter');
    await editor.getByRole('button', { name: '保存' }).click();
    await page.getByText('添加成功').first().waitFor();
  });

  test('the editor says which member each author is; the list, the publication and the member pages follow, in both languages and on a phone', async () => {
    const { page } = await suite.open({ lang: 'zh' });
    await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, '/console/publication');
    await page.getByRole('button', { name: '添加' }).click();
    const editor = page.getByRole('form', { name: '新建' });
    await editor.getByLabel('标题 *').fill('Members Chosen By Hand');
    // not starred: editors may stand for authors (docs/decisions/075-editors-and-years-as-written.md)
    const authors = editor.getByLabel('作者列表', { exact: true });
    for (const name of ['Yihang Sun', 'Z. Guo', 'Xinyue Zhao', 'Ada Lovelace']) {
      await authors.fill(name);
      await authors.press('Enter');
    }
    await editor.getByLabel('发表平台 *').fill('Test Venue 2026');
    // one row per author: the one member of a name is found by it; "Z. Guo" is chosen, Xinyue Zhao is said not to be her
    await expect(editor.getByLabel('Yihang Sun').inputValue()).resolves.toBe('按姓名：孙一航 / Yihang Sun');
    await expect(editor.getByLabel('Ada Lovelace').inputValue()).resolves.toBe('按姓名：无对应成员');
    await editor.getByLabel('Z. Guo').click();
    await editor.getByLabel('Z. Guo').fill('郭志');
    await page.getByRole('option', { name: '郭志衡 / Zhiheng Guo' }).click();
    await editor.getByLabel('Xinyue Zhao').click();
    await page.getByRole('option', { name: '不是本实验室成员' }).click();
    await editor.getByRole('button', { name: '保存' }).click();
    await page.getByText('添加成功').first().waitFor();

    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    const people = (await admin.get('/api/read_people/?onlylist=1')).json() as { pid: number; username: string }[];
    const pidOf = (u: string) => String(people.find((p) => p.username === u)?.pid);
    const saved = ((await admin.get('/api/publication/')).json() as { pid: number; title: string; author_members: string[] }[]).find(
      (p) => p.title === 'Members Chosen By Hand',
    );
    expect(saved?.author_members).toEqual([pidOf('sunyihang'), pidOf('guozhiheng'), 'none', 'auto']);

    // the publication's page and the list: members linked, the others plain
    const members = (scope: string) =>
      page.evaluate((sel) => [...document.querySelectorAll(sel)].map((a) => `${a.textContent}→${a.getAttribute('href') ?? ''}`), `${scope} .member`);
    for (const lang of ['zh', 'en']) {
      await page.goto(suite.at(`/publication/${saved?.pid}?lang=${lang}`));
      expect(await members('main')).toEqual(['Yihang Sun→/people/sunyihang', 'Z. Guo→/people/guozhiheng']);
      await page.goto(suite.at(`/publication?lang=${lang}`));
      expect(await members(`li:has(a[href="/publication/${saved?.pid}"])`)).toEqual(['Yihang Sun→/people/sunyihang', 'Z. Guo→/people/guozhiheng']);
    }
    // the member's page lists it under its year, in both languages, and fits a phone's screen
    const phone = (await suite.open({ lang: 'en', width: 390, height: 844 })).page;
    for (const [lang, heading] of [
      ['zh', '论文'],
      ['en', 'Publications'],
    ]) {
      await phone.goto(suite.at(`/people/guozhiheng?lang=${lang}`));
      const section = phone.locator('#member-publications').locator('..');
      await expect(phone.locator('#member-publications').textContent()).resolves.toBe(heading);
      await expect(section.getByRole('link', { name: 'Members Chosen By Hand' }).count()).resolves.toBe(1);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    // said not to be her: not on Xinyue Zhao's page, though the name is hers
    await phone.goto(suite.at('/people/zhaoxinyue?lang=en'));
    await expect(phone.getByRole('link', { name: 'Members Chosen By Hand' }).count()).resolves.toBe(0);
  });

  test('imports a .bib chosen as a file: a preview of each entry, the broken one named, the duplicate left out, the area set for all', async () => {
    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    const before = ((await admin.get('/api/publication/')).json() as unknown[]).length;
    const { page } = await suite.open({ lang: 'en' });
    await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, '/console/publication');
    await page.getByRole('button', { name: 'Import BibTeX' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles(path.join(root, 'tests', 'fixtures', 'bib', 'real-world.bib'));
    await expect.poll(() => dialog.getByLabel('BibTeX, RIS or EndNote text').inputValue()).toContain('@inproceedings{muller2020bert');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    // LaTeX turned into Unicode, the broken entry named with its line, the demo's own paper flagged
    await dialog.getByText('BERT for Social Media: A Study of Émotion').waitFor();
    await dialog.getByText('Jörg Müller, María García, Zhang San').waitFor();
    await dialog.getByText('broken2021').waitFor();
    await expect(dialog.getByRole('checkbox', { name: 'Import broken2021' }).isDisabled()).resolves.toBe(true);
    await dialog.getByText(/^Same title and year as publication #\d+$/).waitFor();
    await expect(dialog.getByRole('checkbox', { name: 'Import zhao2025polarization' }).isChecked()).resolves.toBe(false);
    // one area for all
    await dialog.getByLabel('Area for all').click();
    await page.getByRole('option', { name: 'Social computing' }).click();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    const chosen = await dialog.getByRole('checkbox', { name: /^Import / }).evaluateAll((boxes) => boxes.filter((b) => (b as HTMLInputElement).checked).length);
    expect(chosen).toBeGreaterThanOrEqual(3);
    await dialog.getByRole('button', { name: `Import ${chosen}` }).click();
    // the server's result in the reader's language: the duplicate left out is counted
    await page.getByText(`Imported: ${chosen} added, 0 updated, 1 skipped as duplicates, 0 refused`).first().waitFor();
    const after = (await admin.get('/api/publication/')).json() as { title: string; area: string; author: string[] }[];
    expect(after.length).toBe(before + chosen);
    const bert = after.find((p) => p.title === 'BERT for Social Media: A Study of Émotion');
    expect(bert).toMatchObject({ area: 'social computing', author: ['Jörg Müller', 'María García', 'Zhang San'] });
  });

  test('"Cite" on the list opens the entry\'s references, each copied with its button', async () => {
    const { page } = await suite.open({ lang: 'en', context: { permissions: ['clipboard-read', 'clipboard-write'] } });
    await page.goto(suite.at('/publication?lang=en'));
    await page.getByRole('link', { name: 'Cite' }).first().click();
    await page.waitForURL(/\/publication\/\d+#cite$/);
    const bibtex = page.locator('.cite-block').filter({ hasText: 'BibTeX' });
    await bibtex.getByRole('button', { name: 'Copy' }).click();
    await bibtex.getByRole('button', { name: 'Copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^@\w+\{/);
    expect(copied).toBe(await bibtex.locator('pre').textContent());
    for (const style of ['GB/T 7714', 'APA'])
      await expect(page.locator('.cite-block').filter({ hasText: style }).getByRole('button', { name: 'Copy' }).count()).resolves.toBe(1);
  });
});
