import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { messages as serverMessages } from '../../common/messages.ts';
import { en } from '../../app/i18n/en.ts';
import { zh } from '../../app/i18n/zh.ts';
import { labYear } from '../../common/instant.ts';
import { award, project, publication } from '../../common/resources/index.ts';
import { loginAs } from '../helpers/client.ts';
import { ADMIN, browserSuite, e2eAvailable, logInThroughPage, viaConsoleNav } from './server.ts';

// What a member types into the console's list fields (authors, editors, keywords) and year fields, in a real
// browser, in both languages and on a phone: typed text is never lost (a click elsewhere or Save adds it),
// commas, semicolons, "and" and 、 separate names ("Song, Keqin" stays one), a pasted list becomes its names,
// the required message goes as the first name is added, members are suggested; a year is typed or chosen from
// its declaration's bounds (a grant's end in 2029, an award of 1995).

type Rec = Record<string, unknown>;

describe.skipIf(!e2eAvailable)('typed lists and years in the console', { timeout: 120_000 }, () => {
  const suite = browserSuite();
  const admin = () => loginAs(suite.site.app, ADMIN.username, ADMIN.password);

  async function consoleAt(lang: 'zh' | 'en', width: number, target: string): Promise<Page> {
    const { page } = await suite.open({ lang, width, height: width < 600 ? 844 : 800 });
    await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, target);
    await page.locator('main h1').first().waitFor();
    return page;
  }
  /** The Autocomplete a combobox belongs to: its chips and its helper text. */
  const rootOf = (field: Locator) => field.locator('xpath=ancestor::div[contains(@class,"MuiAutocomplete-root")]');
  const chips = (field: Locator) => rootOf(field).locator('.MuiChip-label').allTextContents();
  const errorOf = (field: Locator) => rootOf(field).locator('p.Mui-error');
  /** A paste into the field, as the browser sends it (its clipboard data). */
  const paste = (field: Locator, text: string) =>
    field.evaluate((el, t) => {
      const data = new DataTransfer();
      data.setData('text/plain', t);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);

  for (const [lang, width] of [
    ['zh', 1280],
    ['en', 1280],
    ['zh', 390],
  ] as const) {
    test(`a publication's authors typed, pasted and suggested, saved with every one (${lang}, ${width} px)`, async () => {
      const t = lang === 'zh' ? zh : en;
      const label = (name: keyof typeof publication.fields) => publication.fields[name].label[lang];
      const page = await consoleAt(lang, width, '/console/publication');
      await page.getByRole('button', { name: t.console.add, exact: true }).click();
      const editor = page.getByRole('form', { name: t.console.newItem });
      const title = `Typed Authors ${lang} ${width}`;
      await editor.getByLabel(`${label('title')} *`).fill(title);
      // required unless editors are given: no star, the server says so beside it
      const authors = editor.getByRole('combobox', { name: label('author'), exact: true });

      // saved without authors (nor editors): required, beside the field; the message goes as the first names are added.
      // The platform is filled: a cross-field check runs once every field has passed its own
      await editor.getByLabel(`${label('source')} *`).fill('ACL');
      await editor.getByRole('button', { name: t.console.save, exact: true }).click();
      await errorOf(authors).filter({ hasText: serverMessages.required[lang] }).waitFor();
      await authors.fill('Keqin Song, Qinghe Li');
      await authors.press('Enter');
      expect(await chips(authors)).toEqual(['Keqin Song', 'Qinghe Li']);
      expect(await errorOf(authors).count()).toBe(0);

      // "Last, First" is one name; a pasted Chinese list is its names
      await authors.fill('Song, Keqin');
      await authors.press('Enter');
      await paste(authors, '张三、李四');
      expect(await chips(authors)).toEqual(['Keqin Song', 'Qinghe Li', 'Song, Keqin', '张三', '李四']);
      expect(await authors.inputValue()).toBe('');

      // a member suggested by a part of either name
      await authors.fill('孙一');
      await page.getByRole('option', { name: /^孙一航 Yihang Sun/ }).click();

      // typed without Enter: kept as the field loses the focus, and the last one as Save is clicked
      await authors.fill('Wei Zhang and Ada Lovelace');
      await editor.getByLabel(`${label('source')} *`).click();
      await editor.getByLabel(`${label('source')} *`).fill('Typed Venue');
      const keywords = editor.getByRole('combobox', { name: label('keywords') });
      await keywords.fill('social computing, privacy and security');
      await authors.click();
      await authors.fill('王五');
      // the chips as they wrap, for a look (test-results/)
      await rootOf(authors).screenshot({ path: path.join('test-results', `typed-lists-${lang}-${width}.png`) });
      await editor.getByRole('button', { name: t.console.save, exact: true }).click();

      const api = await admin();
      const saved = async () => ((await api.get('/api/publication/')).json() as Rec[]).find((p) => p.title === title);
      await expect.poll(saved).toMatchObject({
        author: ['Keqin Song', 'Qinghe Li', 'Song, Keqin', '张三', '李四', '孙一航', 'Wei Zhang', 'Ada Lovelace', '王五'],
        keywords: ['social computing', 'privacy and security'],
      });
    });
  }

  for (const lang of ['zh', 'en'] as const) {
    test(`a running project's end year 2029 is chosen and an award of 1995 typed, both saved; a year out of bounds is refused in words (${lang})`, async () => {
      const t = lang === 'zh' ? zh : en;
      const api = await admin();
      const page = await consoleAt(lang, 1280, '/console/project');
      await page.getByRole('button', { name: t.console.add, exact: true }).click();
      const editor = page.getByRole('form', { name: t.console.newItem });
      const title = `Running Grant ${lang}`;
      await editor.getByLabel(`${project.fields.title_zh.label[lang]} *`).fill(title);
      await editor.getByRole('combobox', { name: `${project.fields.start_year.label[lang]} *` }).fill('2024');
      // the end year's list, opened empty, shows this year; 2029 is further up, chosen from it
      await editor.getByRole('combobox', { name: project.fields.end_year.label[lang] }).click();
      const listbox = page.getByRole('listbox');
      const thisYear = listbox.getByRole('option', { name: String(labYear()), exact: true });
      await expect
        .poll(async () => {
          const [box, option] = [await listbox.boundingBox(), await thisYear.boundingBox()];
          return !!box && !!option && option.y >= box.y && option.y + option.height <= box.y + box.height;
        })
        .toBe(true);
      await listbox.getByRole('option', { name: '2029', exact: true }).click();
      await editor.getByRole('button', { name: t.console.save, exact: true }).click();
      const projects = async () => ((await api.get('/api/project/')).json() as Rec[]).find((p) => p.title_zh === title);
      await expect.poll(projects).toMatchObject({ start_year: 2024, end_year: 2029 });

      await viaConsoleNav(page, '/console/award');
      await page.getByRole('button', { name: t.console.add, exact: true }).click();
      const awardTitle = `Old Award ${lang}`;
      await editor.getByLabel(`${award.fields.title_zh.label[lang]} *`).fill(awardTitle);
      const year = editor.getByRole('combobox', { name: `${award.fields.year.label[lang]} *` });
      // out of bounds: refused before sending, with the bounds named
      await year.fill('1940');
      await editor.getByRole('button', { name: t.console.save, exact: true }).click();
      await editor.getByText(serverMessages.out_of_range[lang].replace('{min}', '1950').replace('{max}', '2100')).first().waitFor();
      await year.fill('1995');
      await editor.getByRole('button', { name: t.console.save, exact: true }).click();
      const awards = async () => ((await api.get('/api/award/')).json() as Rec[]).find((a) => a.title_zh === awardTitle);
      await expect.poll(awards).toMatchObject({ year: 1995 });
    });
  }
});
