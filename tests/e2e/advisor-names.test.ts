import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_ADVISOR_PASSWORD } from '../../cli/demo/advisor-seed.ts';
import type { Lang } from '../../common/enums.ts';
import { en } from '../../app/i18n/en.ts';
import { translateText } from '../../app/i18n/index.tsx';
import { zh } from '../../app/i18n/zh.ts';
import { browserSuite, e2eAvailable, logInThroughPage, sessionTokenOf, startSite } from './server.ts';

// The advisor replaces a name list from a roster .xlsx (docs/advisor.md "Importing a name list"): the
// import shows what it read and what would change, Cancel keeps the list, confirming replaces it, and the
// list it replaced is an earlier version the advisor restores, also after a preview; the activity log
// says it in words. In English and in Chinese, each on a list of its own.

const ADVISOR = 'linyunshu';
const texts = { zh, en } as const;
/** Which demo list each language's run imports into, and that list's name in the select. */
const LISTS = { en: { list: 'branch', option: /^Party branch/ }, zh: { list: 'probationary', option: /^预备党员/ } } as const;
const NEWCOMERS = { en: ['甲新同学', '乙新同学', '丙新同学'], zh: ['丁新同学', '戊新同学', '己新同学'] } as const;
type Lists = { info: Record<string, string[]> };

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** {{name}} placeholders filled, as the pages' translator does. */
const fmt = (template: string, params: Record<string, string | number>) => translateText(template, params);

/** A roster as class advisors keep it, written with exceljs (the library the server reads it with): a title row above 序号, 学号, 姓名, 性别, 政治面貌. */
async function roster(names: string[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('名单');
  ws.addRow(['2021级学生名单']);
  ws.mergeCells('A1:E1');
  ws.addRow(['序号', '学号', '姓名', '性别', '政治面貌']);
  for (const [i, n] of names.entries()) ws.addRow([i + 1, 2021_0001 + i, n, i % 2 ? '女' : '男', '共青团员']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe.skipIf(!e2eAvailable)('advisor area: importing a name list', { timeout: 120_000 }, () => {
  const suite = browserSuite(() => startSite({ ADVISOR_USERNAME: ADVISOR }));
  const at = suite.at;

  async function advisorPage(lang: Lang, width = 1280, height = 800): Promise<Page> {
    const { page } = await suite.open({ lang, width, height });
    await page.context().addCookies([{ name: 'lang', value: lang, url: suite.site.url }]);
    await logInThroughPage(page, suite.site.url, ADVISOR, DEMO_ADVISOR_PASSWORD, `/${ADVISOR}/info`);
    await page.locator('main h1').first().waitFor();
    return page;
  }

  async function listsOf(page: Page): Promise<Lists['info']> {
    const res = await fetch(at(`/api${ADVISOR}/info/`), { headers: { authorization: `Token ${await sessionTokenOf(page)}` } });
    expect(res.status).toBe(200);
    return ((await res.json()) as Lists).info;
  }

  for (const lang of ['en', 'zh'] as const) {
    test(`imports a roster: a preview with counts, Cancel changes nothing, Confirm replaces, the old list is restored (${lang})`, async () => {
      const a = texts[lang].advisor;
      const { list, option } = LISTS[lang];
      const page = await advisorPage(lang);
      const main = page.getByRole('main');
      const before = (await listsOf(page))[list] ?? [];
      expect(before.length).toBeGreaterThan(10);
      const n = before.length;
      // the roster: all but the first and the last two of the list, and three newcomers
      const names = [...before.slice(1, n - 2), ...NEWCOMERS[lang]];
      const file = { name: '名单.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await roster(names) };

      const select = main.getByRole('combobox', { name: a.list });
      await select.click();
      await page.getByRole('option', { name: option }).click();
      await expect.poll(() => select.textContent()).toContain(fmt(a.people, { n }));
      await main.getByRole('button', { name: a.manage }).click();
      const versions = page.getByTestId('name-versions').locator('li');
      await main.getByRole('heading', { name: a.versions }).waitFor();

      const dialog = page.getByRole('dialog', { name: a.previewTitle });
      const chips = () => dialog.getByTestId('name-change').locator('.MuiChip-label').allTextContents();
      const expectedChips = [fmt(a.people, { n }), fmt(a.nAdded, { n: 3 }), fmt(a.nRemoved, { n: 3 }), fmt(a.nKept, { n: n - 3 })];

      // the preview: which column, how many come and go; Cancel keeps the list as it was
      await main.locator('input[type=file]').setInputFiles(file);
      await dialog.waitFor();
      await expect.poll(chips).toEqual(expectedChips);
      expect(await dialog.getByTestId('name-source').textContent()).toBe(fmt(a.fromHeader, { column: 'C', header: '姓名', row: 2 }));
      expect(await dialog.getByTestId('names-added').textContent()).toContain(NEWCOMERS[lang].join(lang === 'zh' ? '、' : ', '));
      expect(await dialog.getByTestId('names-removed').textContent()).toContain(before[0]);
      const versionsBefore = await versions.count();
      await dialog.getByRole('button', { name: a.cancel }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect((await listsOf(page))[list]).toEqual(before);
      expect(await versions.count()).toBe(versionsBefore);

      // again, and confirmed
      await main.locator('input[type=file]').setInputFiles(file);
      await expect.poll(chips).toEqual(expectedChips);
      await dialog.getByRole('button', { name: a.confirmImport }).click();
      await page
        .locator('#notistack-snackbar')
        .filter({ hasText: fmt(a.change.import, { added: 3, removed: 3 }) })
        .first()
        .waitFor();
      await expect.poll(async () => (await listsOf(page))[list]).toEqual(names);
      await expect.poll(() => select.textContent()).toContain(fmt(a.people, { n: names.length }));

      // the list it replaced is the newest earlier version: restore it, after its own preview
      await expect.poll(() => versions.count()).toBe(versionsBefore + 1);
      const newest = versions.first();
      // "Until <time> · n names · replaced by an import", the time as the reader's browser writes it
      const line = fmt(a.versionLine, { at: '\u0000', n, reason: a.reason.import }).split('\u0000');
      expect(await newest.locator('.MuiListItemText-primary').textContent()).toMatch(new RegExp(`^${literal(line[0] ?? '')}.+${literal(line[1] ?? '')}$`));
      await newest.getByRole('button', { name: a.restore }).click();
      const restoreDialog = page.getByRole('dialog', { name: new RegExp(a.restoreTitle.split('{{')[0] ?? '') });
      await restoreDialog.waitFor();
      expect(await restoreDialog.getByTestId('name-change').locator('.MuiChip-label').allTextContents()).toEqual([
        fmt(a.people, { n }),
        fmt(a.nAdded, { n: 3 }),
        fmt(a.nRemoved, { n: 3 }),
        fmt(a.nKept, { n: n - 3 }),
      ]);
      await restoreDialog.getByRole('button', { name: a.confirmRestore }).click();
      await page
        .locator('#notistack-snackbar')
        .filter({ hasText: fmt(a.change.restore, { added: 3, removed: 3 }) })
        .first()
        .waitFor();
      await expect.poll(async () => (await listsOf(page))[list]).toEqual(before);
      await expect.poll(() => select.textContent()).toContain(fmt(a.people, { n }));

      // the activity log, in words: the import and the restore, and which list
      await page.goto(at('/console/profile'));
      const mine = page.getByRole('region', { name: texts[lang].console.activity.mine });
      await mine
        .getByText(fmt(a.change.import, { added: 3, removed: 3 }))
        .first()
        .waitFor();
      await mine
        .getByText(fmt(a.change.restore, { added: 3, removed: 3 }))
        .first()
        .waitFor();
      expect(await mine.textContent()).not.toContain(`names ${list}`);
    });
  }

  test('on a phone (390×844, zh): the preview fills the screen, its counts and buttons fit without sideways scrolling; Cancel saves nothing', async () => {
    const a = zh.advisor;
    const page = await advisorPage('zh', 390, 844);
    const main = page.getByRole('main');
    const before = await listsOf(page);
    const names = [...(before.class ?? []).slice(0, 40), ...NEWCOMERS.zh];
    await main.getByRole('button', { name: a.manage }).click();
    await main.locator('input[type=file]').setInputFiles({ name: 'class.xlsx', mimeType: 'application/octet-stream', buffer: await roster(names) });
    const dialog = page.getByRole('dialog', { name: a.previewTitle });
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByTestId('name-change').locator('.MuiChip-label').allTextContents())
      .toEqual([fmt(a.people, { n: 43 }), fmt(a.nAdded, { n: 3 }), fmt(a.nRemoved, { n: (before.class?.length ?? 0) - 40 }), fmt(a.nKept, { n: 40 })]);
    const box = await dialog.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
    for (const name of [a.cancel, a.confirmImport]) {
      const b = await dialog.getByRole('button', { name }).boundingBox();
      expect(b && b.x >= 0 && b.x + b.width <= 390, name).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await dialog.getByRole('button', { name: a.cancel }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await listsOf(page)).toEqual(before);
  });
});
