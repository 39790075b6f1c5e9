import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { opening } from '../../common/resources/opening.ts';
import { en } from '../../app/i18n/en.ts';
import { zh } from '../../app/i18n/zh.ts';
import { loginAs } from '../helpers/client.ts';
import { ADMIN, browserSuite, e2eAvailable, logInThroughPage } from './server.ts';

// The console's small things, as a member meets them: the calendar's heading as each language writes a month,
// buttons that keep the case of their words, the Markdown toolbar's icons (an emoji drew an empty box where the
// machine has no emoji font), one asterisk on a required label, and an opening published when saved, as a
// project is.

type Rec = Record<string, unknown>;

describe.skipIf(!e2eAvailable)('the console’s small things', { timeout: 120_000 }, () => {
  const suite = browserSuite();
  async function console_(lang: 'zh' | 'en', target: string, width = 1280): Promise<Page> {
    const { page } = await suite.open({ lang, width, height: width > 500 ? 800 : 844 });
    await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, target);
    await page.locator('main h1').first().waitFor();
    return page;
  }

  test('the calendar writes a month as YYYY年M月 in Chinese and as "Month YYYY" in English; buttons keep their case', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const w = lang === 'zh' ? zh : en;
      const page = await console_(lang, '/console/news');
      await page.getByRole('button', { name: w.console.add }).click();
      await page.getByRole('button', { name: lang === 'zh' ? /^选择日期/ : /^Choose date/ }).click();
      const heading = page.locator('.MuiPickersCalendarHeader-label');
      await heading.waitFor();
      const now = new Date();
      const month = now.toLocaleString('en', { month: 'long', timeZone: 'Asia/Shanghai' });
      const year = Number(now.toLocaleString('en', { year: 'numeric', timeZone: 'Asia/Shanghai' }));
      const monthNo = Number(now.toLocaleString('en', { month: 'numeric', timeZone: 'Asia/Shanghai' }));
      expect(await heading.textContent()).toBe(lang === 'zh' ? `${year}年${monthNo}月` : `${month} ${year}`);
      await page.keyboard.press('Escape');
      // MUI's buttons are upper-cased unless the theme says otherwise: "导入 BIBTEX", an address in capitals
      const transform = await page.getByRole('button', { name: w.console.save }).evaluate((b) => getComputedStyle(b).textTransform);
      expect(transform).toBe('none');
    }
  });

  test('the Markdown toolbar draws its link, quote and table as icons; the alt text has one asterisk', async () => {
    const api = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    const aid = ((await api.get('/api/article/')).json() as Rec[])[0]?.aid as number;
    for (const [lang, width] of [
      ['zh', 1280],
      ['en', 390],
    ] as const) {
      const w = lang === 'zh' ? zh : en;
      const page = await console_(lang, `/console/article?edit=${aid}`, width);
      const toolbar = page.getByRole('group', { name: w.console.markdownTools.toolbar }).first();
      for (const tool of ['link', 'quote', 'table'] as const) {
        const button = toolbar.getByRole('button', { name: w.console.markdownTools[tool], exact: true });
        expect(await button.evaluate((b) => b.querySelectorAll('svg').length), tool).toBe(1);
        expect((await button.textContent())?.trim(), tool).toBe('');
      }
      await page.getByRole('button', { name: w.consoleWork.image.button, exact: true }).first().click();
      const dialog = page.getByRole('dialog', { name: w.consoleWork.image.title });
      const label = await dialog.locator('label').filter({ hasText: w.consoleWork.image.alt }).first().textContent();
      expect(label?.match(/\*/g)?.length, label ?? '').toBe(1);
      await page.keyboard.press('Escape');
    }
  });

  test('an opening saved without touching its switch is published, as a project is, and shows on /join', async () => {
    const page = await console_('zh', '/console/opening');
    await page.getByRole('button', { name: zh.console.add }).click();
    await page.getByLabel('标题（中文） *').fill('科研助理（测试）');
    await page.getByRole('button', { name: zh.console.save }).click();
    const api = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    await expect.poll(async () => ((await api.get(opening.path)).json() as Rec[]).find((o) => o.title_zh === '科研助理（测试）')?.release).toBe(true);
    const visitor = (await suite.open({ lang: 'zh', width: 390, height: 844 })).page;
    await visitor.goto(suite.at('/join'));
    await visitor.getByText('科研助理（测试）').first().waitFor();
  });
});
