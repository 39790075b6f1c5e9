import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { toLabLocal } from '../../common/instant.ts';
import { loginAs } from '../helpers/client.ts';
import { ADMIN, browserSuite, e2eAvailable, logInThroughPage } from './server.ts';

// In a real browser: an editor schedules an article in the console, previews it (the
// saved draft and the unsaved edits, in Chinese and in English), and a visitor sees it appear on the public
// site when its time comes, with nobody touching anything.

type Rec = Record<string, unknown>;

/** Clicks something that opens a new tab and answers that tab once it has loaded. */
async function inNewTab(context: BrowserContext, click: () => Promise<void>): Promise<Page> {
  const [tab] = await Promise.all([context.waitForEvent('page'), click()]);
  await tab.waitForLoadState();
  return tab;
}

describe.skipIf(!e2eAvailable)('scheduling and previewing in the console', { timeout: 180_000 }, () => {
  const suite = browserSuite();

  test('an article scheduled in the console is previewed in both languages and appears at its time', async () => {
    const { page, context } = await suite.open({ lang: 'zh' });
    await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, '/console/article');
    await page.locator('main h1').first().waitFor();

    // a new article with a publish time a little ahead, in Beijing time (whatever the browser's zone)
    const title = `定时文章 ${Date.now()}`;
    const at = new Date(Math.ceil((Date.now() + 60_000) / 1000) * 1000);
    await page.getByRole('button', { name: '添加' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('标题 *').fill(title);
    await dialog.getByLabel('摘要 *').fill('定时发布的摘要');
    await dialog.getByLabel('正文', { exact: true }).fill('## 第一节\n\n定时发布的正文');
    // one control: "Schedule at" and a time, then Save, schedules it; nothing else to press
    await dialog.getByRole('radio', { name: '定时发布' }).check();
    await dialog.getByLabel('定时发布（北京时间）').fill(toLabLocal(at.toISOString()));
    await dialog.getByRole('button', { name: '保存' }).click();
    await page.getByText('添加成功').first().waitFor();

    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    const saved = ((await admin.get('/api/article/')).json() as Rec[]).find((a) => a.title === title) as Rec;
    expect(saved).toMatchObject({ release: true, publish_at: at.toISOString() });
    const row = page.getByRole('row', { name: new RegExp(title) });
    const waiting = `定时 ${toLabLocal(at.toISOString()).slice(0, 16).replace('T', ' ')}`;
    await row.getByText(waiting).waitFor();

    // the saved draft's preview, in Chinese, then English from its bar
    const saved_ = await inNewTab(context, () => row.getByRole('link', { name: '预览' }).click());
    await saved_.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await saved_.locator('html').getAttribute('lang')).toMatch(/^zh/);
    await saved_.getByText('预览 · 已保存的版本').waitFor();
    await saved_.getByText(/定时发布：.*（北京时间）起公开/).waitFor();
    expect(await saved_.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    await saved_.getByRole('link', { name: 'English' }).click();
    await saved_.getByText('Preview · the saved version').waitFor();
    expect(await saved_.locator('html').getAttribute('lang')).toBe('en');
    await saved_.getByRole('heading', { level: 1, name: title }).waitFor();

    // the unsaved edits' preview: in English from the editor, then Chinese from the bar
    await row.getByRole('button', { name: '编辑' }).click();
    await dialog.getByLabel('标题 *').fill(`${title} 修改稿`);
    const edits = await inNewTab(context, () => dialog.getByRole('button', { name: '预览（English）' }).click());
    await edits.getByRole('heading', { level: 1, name: `${title} 修改稿` }).waitFor();
    await edits.getByText('Preview · unsaved edits').waitFor();
    await edits.getByRole('button', { name: '中文' }).click();
    await edits.getByText('预览 · 未保存的修改').waitFor();
    await edits.getByRole('heading', { level: 1, name: `${title} 修改稿` }).waitFor();
    // nothing was saved by previewing
    expect(((await admin.get(`/api/article/?aid=${saved.aid}`)).json() as Rec).title).toBe(title);
    await dialog.getByRole('button', { name: '关闭' }).click();

    // a visitor: nothing until its time, then the article, with no one doing anything
    const visitor = (await suite.open({ lang: 'en' })).page;
    expect((await visitor.goto(suite.at(`/news/${saved.aid}`)))?.status()).toBe(404);
    await visitor.goto(suite.at('/news'));
    expect(await visitor.getByText(title).count()).toBe(0);
    const wait = at.getTime() - Date.now() + 1000;
    expect(wait, 'the steps above took longer than the publish time allowed').toBeGreaterThan(0);
    await visitor.waitForTimeout(wait);
    await visitor.reload();
    await visitor.getByRole('link', { name: title }).first().waitFor();
    expect((await visitor.goto(suite.at(`/news/${saved.aid}`)))?.status()).toBe(200);
    await visitor.getByRole('heading', { level: 1, name: title }).waitFor();
    // dated by its publish time
    expect(await visitor.locator('article time').first().getAttribute('datetime')).toBe(at.toISOString());
    // and the console's list says so
    await page.reload();
    await page
      .getByRole('row', { name: new RegExp(title) })
      .getByText('已发布')
      .waitFor();
  });
});
