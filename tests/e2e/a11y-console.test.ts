import type { BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ADVISOR_PASSWORD } from '../../cli/demo/advisor-seed.ts';
import { en } from '../../app/i18n/en.ts';
import { zh } from '../../app/i18n/zh.ts';
import { consoleNav } from '../../app/console/nav.ts';
import { type Client, loginAs } from '../helpers/client.ts';
import { COLOUR_RULES, listed, sized, violations, withAxe } from './axe.ts';
import { ADMIN, browserSuite, e2eAvailable, logInThroughPage, networkQuiet, startSite, viaConsoleNav } from './server.ts';

// Accessibility with no exceptions, the console: axe-core on every screen its own nav declares
// (app/console/nav.ts), on its dialogs (each record editor, new and opened, the reorder dialogs, history, image
// crop and insertion, the imports, confirmations, trash, the info pages' own) and on the class advisor's area, in
// Chinese and English, at 1280 and 390 px, in the light and the dark theme: 0 violations of the WCAG 2.2 A/AA rules
// (tests/e2e/axe.ts). Each screen is loaded once and checked in both themes, the system's scheme switched in place
// (docs/testing.md): every rule (and three of axe's best practices, ALSO) in the light theme, the colour rules in the dark one (a theme changes colours alone).
// The BibTeX preview dialog is checked by bibtex-import.test.ts.

const messages = { zh, en } as const;
type Lang = keyof typeof messages;
/** The demo's teacher made the class advisor (cli/demo/content.ts), whose area is seeded with the demo. */
const ADVISOR = 'linyunshu';

/**
 * axe's best practices the console keeps too, beyond WCAG's rules: a role its element may have (a label is no
 * button), headings in order, and landmarks each named apart (two markdown previews in one editor).
 */
const ALSO = ['aria-allowed-role', 'heading-order', 'landmark-unique'];

/** The page's theme as its body shows it: dark when its background is. */
const bodyIsDark = (page: Page) =>
  page.evaluate(() => {
    const [r = 255, g = 255, b = 255] = (getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? []).map(Number);
    return r + g + b < 200;
  });

/**
 * axe on the page as it is now in both themes: every rule in the light one, then the colour rules in the dark one
 * (the system's scheme switched in place and seen in force), and back to light.
 */
async function inBothThemes(page: Page, where: string, include?: string): Promise<string[]> {
  const found = await violations(page, `${where}, light`, { include, also: ALSO });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => bodyIsDark(page), { message: `${where} turns dark` }).toBe(true);
  found.push(...(await violations(page, `${where}, dark`, { include, rules: COLOUR_RULES })));
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => bodyIsDark(page), { message: `${where} turns light` }).toBe(false);
  return found;
}

describe.skipIf(!e2eAvailable)('accessibility of the console (axe-core, WCAG 2.2 A/AA)', { timeout: 600_000 }, () => {
  // the demo with its class advisor, whose area is checked too (no upstream: the area works from the imported reports)
  const suite = browserSuite(() => startSite({ ADVISOR_USERNAME: ADVISOR }));
  const at = suite.at;
  let admin: Client;
  beforeAll(async () => {
    admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
  });

  async function png(width: number, height: number): Promise<Buffer> {
    return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
      .png()
      .toBuffer();
  }

  /** Waits until the console's screen has its data: no request pending, no progress shown. */
  async function settled(page: Page) {
    await page.locator('main h1').first().waitFor({ timeout: 60_000 }); // a screen under a loaded CI machine may take longer than 30 s
    await networkQuiet(page);
    await page.waitForFunction(() => !document.querySelector('[role="progressbar"]'));
  }

  const states = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>>();
  /** A page of a fresh context logged in as `who` (logged in once a file), in the light theme, with axe. */
  async function loggedIn(lang: Lang, width: number, who: { username: string; password: string } = ADMIN, first = '/console'): Promise<Page> {
    if (!states.has(who.username)) {
      const { page, context } = await suite.open({ lang, ...sized(1280), context: { colorScheme: 'light' } });
      await logInThroughPage(page, suite.site.url, who.username, who.password, first);
      states.set(who.username, await context.storageState());
    }
    const { page } = await suite.open({ lang, ...sized(width), context: { colorScheme: 'light', storageState: states.get(who.username) } });
    await withAxe(page.context());
    // the language the console shows is the `lang` cookie's
    await page.context().addCookies([{ name: 'lang', value: lang, url: at('/') }]);
    return page;
  }

  /** Opens a dialog with `open`, checks it in both themes, and closes it (Escape unless `close` is given). */
  async function dialogChecked(page: Page, found: string[], where: string, open: () => Promise<unknown>, close?: (dialog: Locator) => Promise<unknown>) {
    // a dialog may open over another (the history over a record's dialog): the one opened is the last, gone when the count is back
    // (by their role attribute: the one below is hidden from the accessibility tree while another is open)
    const dialogs = page.locator('[role="dialog"]');
    const before = await dialogs.count();
    await open();
    await expect.poll(() => dialogs.count(), { message: `${where} opens` }).toBe(before + 1);
    await networkQuiet(page);
    found.push(...(await inBothThemes(page, where)));
    if (close) await close(dialogs.last());
    else await page.keyboard.press('Escape');
    await expect.poll(() => dialogs.count(), { message: `${where} closes` }).toBe(before);
  }

  /**
   * A record screen's dialogs (app/console/resource-screen.tsx): the editor of a new record and of the first one
   * (a side panel, a drawer on a phone or a dialog, as declared), and the reorder dialog of an ordered list.
   */
  async function recordDialogs(page: Page, found: string[], where: string, lang: Lang) {
    const m = messages[lang].console;
    const main = page.locator('main');
    const editor = page.getByRole('form', { name: new RegExp(`^(${m.newItem}|${m.editing})`) });
    const add = main.getByRole('button', { name: m.add, exact: true }).first();
    if ((await add.count()) > 0) {
      await add.click();
      await editor.waitFor();
      await networkQuiet(page);
      found.push(...(await inBothThemes(page, `the new record's editor of ${where}`)));
      await editor.getByRole('button', { name: m.close, exact: true }).click();
      await editor.waitFor({ state: 'detached' });
    }
    const edit = main.getByRole('button', { name: m.edit, exact: true }).first();
    if ((await edit.count()) > 0) {
      await edit.click();
      await editor.waitFor();
      await networkQuiet(page);
      found.push(...(await inBothThemes(page, `the editor of ${where}`)));
      await editor.getByRole('button', { name: m.close, exact: true }).click();
      await editor.waitFor({ state: 'detached' });
    }
    const reorder = main.getByRole('button', { name: messages[lang].consoleWork.sort.button, exact: true });
    if ((await reorder.count()) > 0 && (await reorder.first().isEnabled())) {
      await dialogChecked(page, found, `the reorder dialog of ${where}`, () => reorder.first().click());
    }
  }

  // the console's language changes its words, not its structure: both widths in Chinese (its first language), 1280 px in English
  const LOOKS = [
    ['zh', 1280],
    ['zh', 390],
    ['en', 1280],
  ] as const;

  test.each(LOOKS)('every console screen of the nav in %s at %i px, light and dark: 0 violations', async (lang, width) => {
    // a scheduled article and a record in the trash, so that their chips and cards are drawn
    const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const scheduled = await admin.send('POST', '/api/article/', {
      title: `Scheduled ${lang} ${width}`,
      abstract: 'a11y',
      type: 'lab hot topic',
      markdown: 'text',
      release: 'true',
      publish_at: future,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const trashed = await admin.send('POST', '/api/article/', { title: `Trashed ${lang} ${width}`, abstract: 'a11y', type: 'lab hot topic', markdown: 'x' });
    expect((await admin.delete(`/api/article/?aid=${trashed.headers['x-resource-id']}`)).statusCode).toBe(200);

    const page = await loggedIn(lang, width);
    const found: string[] = [];
    await page.goto(at('/console'));
    for (const item of consoleNav) {
      const where = `${item.path} (${lang}, ${width} px)`;
      await viaConsoleNav(page, item.path);
      await settled(page);
      found.push(...(await inBothThemes(page, where)));
    }
    expect(found, listed(found)).toEqual([]);
  });

  test.each(LOOKS)('the console dialogs in %s at %i px, light and dark: 0 violations', async (lang, width) => {
    const m = messages[lang].console;
    const w = messages[lang].consoleWork;
    const page = await loggedIn(lang, width);
    const found: string[] = [];
    const here = (what: string) => `${what} (${lang}, ${width} px)`;

    // each declared screen's editors (new and opened) and reorder dialog
    await page.goto(at('/console'));
    for (const item of consoleNav.filter((n) => 'res' in n)) {
      await viaConsoleNav(page, item.path);
      await settled(page);
      await recordDialogs(page, found, here(item.path), lang);
    }
    // the site's own lists (pages, showcase), each a tab of the site screen
    await viaConsoleNav(page, '/console/site');
    await settled(page);
    for (const tab of ['pages', 'showcase'] as const) {
      await page.getByRole('tab', { name: messages[lang].consoleSite[tab] }).click();
      await page.getByRole('tab', { name: messages[lang].consoleSite[tab], selected: true }).waitFor();
      await settled(page);
      await recordDialogs(page, found, here(`/console/site?tab=${tab}`), lang);
    }

    // the publications' imports: BibTeX (empty; its preview is bibtex-import.test.ts's) and the list's health
    await viaConsoleNav(page, '/console/publication');
    await settled(page);
    await dialogChecked(page, found, here('the BibTeX import dialog'), () => page.getByRole('button', { name: messages[lang].consoleImport.open }).click());
    await dialogChecked(page, found, here("the publication list's health"), () => page.getByRole('button', { name: messages[lang].consoleSync.flags }).click());

    // a project's editor: the image insertion of its markdown field
    await viaConsoleNav(page, '/console/project');
    await settled(page);
    await page.locator('main').getByRole('button', { name: m.edit, exact: true }).first().click();
    const projectEditor = page.getByRole('form', { name: new RegExp(`^${m.editing}`) });
    await projectEditor.waitFor();
    await dialogChecked(page, found, here('the image insertion'), () => projectEditor.getByRole('button', { name: w.image.button }).first().click());
    await projectEditor.getByRole('button', { name: m.close, exact: true }).click();

    // the article editor: its history, and the crop of a new cover
    await viaConsoleNav(page, '/console/article');
    await settled(page);
    await page.locator('main').getByRole('button', { name: m.edit, exact: true }).first().click();
    const editor = page.getByRole('form', { name: new RegExp(`^${m.editing}`) });
    await dialogChecked(page, found, here('the history dialog'), () => editor.getByRole('button', { name: m.history.button }).click());
    await editor
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await png(1600, 1000) });
    await page.getByRole('dialog', { name: m.crop }).waitFor();
    found.push(...(await inBothThemes(page, here('the crop dialog'))));
    await page.getByRole('dialog', { name: m.crop }).getByRole('button', { name: m.cancel }).click();
    await page.getByRole('dialog', { name: m.crop }).waitFor({ state: 'detached' });
    await editor.getByRole('button', { name: m.close, exact: true }).click();

    // the info pages: reorder, add, and the page in edit mode
    const info = messages[lang].consoleInfo;
    await viaConsoleNav(page, '/console/info');
    await settled(page);
    await dialogChecked(page, found, here('the info pages’ reorder dialog'), () => page.getByRole('button', { name: info.sort, exact: true }).click());
    await dialogChecked(page, found, here('the info pages’ add dialog'), () => page.getByRole('button', { name: info.add, exact: true }).click());
    await page.getByRole('button', { name: info.edit, exact: true }).click();
    await page.getByRole('button', { name: info.discard }).waitFor();
    found.push(...(await inBothThemes(page, here('an info page in edit mode'))));
    await page.getByRole('button', { name: info.discard }).click();

    // a confirmation: deleting a record, cancelled
    await viaConsoleNav(page, '/console/news');
    await settled(page);
    await dialogChecked(
      page,
      found,
      here('the delete confirmation'),
      () => page.locator('main').getByRole('button', { name: m.delete, exact: true }).first().click(),
      (dialog) => dialog.getByRole('button', { name: m.cancel }).click(),
    );

    // the trash with a record in it: restoring, and its "empty trash" question
    const title = `Trashed dialog ${lang} ${width}`;
    const trashed = await admin.send('POST', '/api/article/', { title, abstract: 'a11y', type: 'lab hot topic', markdown: 'x' });
    expect((await admin.delete(`/api/article/?aid=${trashed.headers['x-resource-id']}`)).statusCode).toBe(200);
    await viaConsoleNav(page, '/console/trash');
    await settled(page);
    await page.getByText(title).first().waitFor();
    const cancel = (dialog: Locator) => dialog.getByRole('button', { name: m.cancel }).click();
    await dialogChecked(
      page,
      found,
      here('the trash restore confirmation'),
      () =>
        page
          .getByRole('button', { name: new RegExp(`^${m.trash.restore}`) })
          .first()
          .click(),
      cancel,
    );
    await dialogChecked(page, found, here('the empty-trash question'), () => page.getByRole('button', { name: m.trash.emptyTrash }).click(), cancel);
    expect(found, listed(found)).toEqual([]);
  });

  test.each([
    ['zh', 1280],
    ['en', 390],
  ] as const)('the class advisor’s area in %s at %i px, light and dark: 0 violations', async (lang, width) => {
    const a = messages[lang].advisor;
    const page = await loggedIn(lang, width, { username: ADVISOR, password: DEMO_ADVISOR_PASSWORD }, `/${ADVISOR}/pingan`);
    const found: string[] = [];
    const here = (what: string) => `${what} (${lang}, ${width} px)`;
    await page.goto(at(`/${ADVISOR}/pingan`));
    await settled(page);
    found.push(...(await inBothThemes(page, here('the daily reports'))));
    // today's reminder, with the chart of reminders; yesterday's zero report
    await page.getByRole('button', { name: a.today, exact: true }).click();
    await page.getByTestId('remind-chart').waitFor();
    await settled(page);
    found.push(...(await inBothThemes(page, here("today's reminder"))));
    await page.getByRole('button', { name: a.yesterday, exact: true }).click();
    await settled(page);
    found.push(...(await inBothThemes(page, here("yesterday's report"))));
    await page.locator(`[role="navigation"] a[href="/${ADVISOR}/info"]`).first().dispatchEvent('click');
    await page.waitForURL((u) => u.pathname === `/${ADVISOR}/info`);
    await settled(page);
    found.push(...(await inBothThemes(page, here('the class information'))));
    expect(found, listed(found)).toEqual([]);
  });
});
