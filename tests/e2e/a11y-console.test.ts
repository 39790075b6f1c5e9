import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { en } from '../../app/i18n/en.ts';
import { zh } from '../../app/i18n/zh.ts';
import { consoleNav } from '../../app/console/nav.ts';
import { type Client, loginAs } from '../helpers/client.ts';
import { listed, sized, violations, WIDTHS, withAxe } from './axe.ts';
import { ADMIN, browserSuite, e2eAvailable, logInThroughPage, networkQuiet, viaConsoleNav } from './server.ts';

// Accessibility with no exceptions, the console: axe-core on every screen its own nav
// declares (app/console/nav.ts) and on its dialogs (record editors, history, image crop, confirmations,
// trash), at 1280 and 390 px, in its light theme (its dark theme is not checked here): 0 violations
// of the WCAG 2.2 A/AA rules (tests/e2e/axe.ts). The BibTeX preview dialog is checked by the part that reworks it.

const messages = { zh, en } as const;
type Lang = keyof typeof messages;

describe.skipIf(!e2eAvailable)('accessibility of the console (axe-core, WCAG 2.2 A/AA)', { timeout: 600_000 }, () => {
  const suite = browserSuite();
  const at = suite.at;
  let admin: Client;
  beforeAll(async () => {
    admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
  });

  // -------------------------------------------------------------------------------------------
  // The console, light (its dark theme is not checked here): every screen of its nav and its dialogs

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

  let consoleState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
  async function consolePage(lang: Lang, width: number): Promise<Page> {
    if (!consoleState) {
      const { page, context } = await suite.open({ lang, ...sized(1280), context: { colorScheme: 'light' } });
      await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, '/console');
      consoleState = await context.storageState();
    }
    const { page } = await suite.open({ lang, ...sized(width), context: { colorScheme: 'light', storageState: consoleState } });
    await withAxe(page.context());
    // the language the console shows is the `lang` cookie's
    await page.context().addCookies([{ name: 'lang', value: lang, url: at('/') }]);
    return page;
  }

  // the console's language changes its words, not its structure: both widths in Chinese (its first language), 1280 px in English
  test.each([
    ['zh', 1280],
    ['zh', 390],
    ['en', 1280],
  ] as const)('every console screen of the nav in %s at %i px: 0 violations', async (lang, width) => {
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

    const page = await consolePage(lang, width);
    const found: string[] = [];
    await page.goto(at('/console'));
    for (const item of consoleNav) {
      const where = `${item.path} (${lang}, ${width} px)`;
      await viaConsoleNav(page, item.path);
      await settled(page);
      found.push(...(await violations(page, where)));
    }
    expect(found, listed(found)).toEqual([]);
  });

  test.each(WIDTHS)('the console dialogs at %i px: record editor, history, image crop, confirmation, trash: 0 violations', async (width) => {
    const lang: Lang = 'zh';
    const m = messages[lang].console;
    const page = await consolePage(lang, width);
    const found: string[] = [];
    const check = async (what: string, include?: string) => found.push(...(await violations(page, `${what} (${lang}, ${width} px)`, { include })));

    // each declared screen's editor, opened from its first record (the row it edits marked as selected)
    await page.goto(at('/console'));
    for (const item of consoleNav.filter((n) => 'res' in n)) {
      await viaConsoleNav(page, item.path);
      await settled(page);
      const edit = page.getByRole('button', { name: m.edit, exact: true }).first();
      if ((await edit.count()) === 0) continue;
      await edit.click();
      await page.getByRole('form', { name: new RegExp(m.editing) }).waitFor();
      await settled(page);
      await check(`the editor of ${item.path}`);
    }

    // the article editor: its history, and the crop of a new cover
    await page.goto(at('/console/article'));
    await settled(page);
    await page.getByRole('button', { name: m.edit, exact: true }).first().click();
    const editor = page.getByRole('form', { name: new RegExp(m.editing) });
    await editor.getByRole('button', { name: m.history.button }).click();
    await page.getByRole('dialog', { name: new RegExp(`^${m.history.title}`) }).waitFor();
    await settled(page);
    await check('the history dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: new RegExp(`^${m.history.title}`) }).waitFor({ state: 'detached' });
    await editor
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await png(1600, 1000) });
    const crop = page.getByRole('dialog', { name: m.crop });
    await crop.waitFor();
    await check('the crop dialog');
    await crop.getByRole('button', { name: m.cancel }).click();
    await crop.waitFor({ state: 'detached' });

    // a confirmation: deleting a record, cancelled
    await page.goto(at('/console/news'));
    await settled(page);
    await page.getByRole('button', { name: m.delete, exact: true }).first().click();
    await page.getByRole('dialog').getByText(m.confirmDelete).waitFor();
    await check('the delete confirmation');
    await page.getByRole('dialog').getByRole('button', { name: m.cancel }).click();

    // the trash with a record in it, and its "empty trash" question
    const trashed = await admin.send('POST', '/api/article/', { title: `Trashed dialog ${width}`, abstract: 'a11y', type: 'lab hot topic', markdown: 'x' });
    expect((await admin.delete(`/api/article/?aid=${trashed.headers['x-resource-id']}`)).statusCode).toBe(200);
    await page.goto(at('/console/trash'));
    await settled(page);
    await page.getByText(`Trashed dialog ${width}`).first().waitFor();
    await page
      .getByRole('button', { name: new RegExp(`^${m.trash.restore}`) })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await check('the trash restore confirmation');
    await page.getByRole('dialog').getByRole('button', { name: m.cancel }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: m.trash.emptyTrash }).click();
    await page.getByRole('dialog').waitFor();
    await check('the empty-trash question');
    expect(found, listed(found)).toEqual([]);
  });
});
