import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_USER_PASSWORD } from '../../cli/demo/seed.ts';
import { loginAs } from '../helpers/client.ts';
import { ADMIN, browserSuite, e2eAvailable, logInThroughPage, startSite } from './server.ts';

// The console's quick "go to record" search, in Chromium: the words marked in each
// option, the kind in the interface language, Enter opening the record's editor through ?edit=, what an
// ordinary member gets instead (the public page in a new tab), the keyboard, and a phone's width.

type Rec = Record<string, unknown>;

describe.skipIf(!e2eAvailable)('the console quick search in a browser', { timeout: 90_000 }, () => {
  const suite = browserSuite(async () => {
    const site = await startSite();
    // the demo is seeded past the services' announcements: the search index reads it again, as at a start
    for (const topic of site.app.lab.changes.topics) site.app.lab.changes.changed(topic);
    await site.app.lab.search.settled();
    await site.app.lab.unpublished.settled();
    return site;
  });

  type Who = { width?: number; username?: string; password?: string };
  async function logIn(lang: 'zh' | 'en', target: string, { width = 1366, username, password }: Who = {}): Promise<Page> {
    const { page } = await suite.open({ lang, width });
    await logInThroughPage(page, suite.site.url, username ?? ADMIN.username, password ?? ADMIN.password, target);
    await page.locator('main h1').first().waitFor();
    return page;
  }

  async function idOf(path: string, match: (r: Rec) => boolean, key: string): Promise<string> {
    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    const found = ((await admin.get(path)).json() as Rec[]).find(match);
    expect(found, path).toBeDefined();
    return String(found?.[key]);
  }

  const searchField = (page: Page, lang: 'zh' | 'en') => page.getByRole('combobox', { name: lang === 'zh' ? '跳转到记录' : 'Go to a record' });
  const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  test('zh: a word of a publication title, marked in its option, Enter opens its editor; closing it leaves the address bare', async () => {
    const title = 'Who Wins the Debate? Predicting Persuasiveness from Argument Graphs';
    const pid = await idOf('/api/publication/', (r) => r.title === title, 'pid');
    const page = await logIn('zh', '/console');
    const field = searchField(page, 'zh');
    await field.fill('persuasiveness');
    const option = page.getByRole('option', { name: /Predicting Persuasiveness/ });
    await option.waitFor();
    expect(await option.locator('mark').allTextContents()).toEqual(['Persuasiveness']);
    // the kind in the interface language, then the venue
    await expect(option.textContent()).resolves.toContain('论文 · EMNLP 2023');
    // the first option is highlighted: Enter chooses it
    await field.press('Enter');
    await page.waitForURL((u) => u.pathname === '/console/publication' && u.searchParams.get('edit') === pid);
    const editor = page.getByRole('form', { name: '编辑中' });
    await expect(editor.getByLabel('标题 *').inputValue()).resolves.toBe(title);
    await expect(field.inputValue()).resolves.toBe('');
    await editor.getByRole('button', { name: '关闭' }).click();
    await page.waitForURL((u) => u.pathname === '/console/publication' && !u.searchParams.has('edit'));
    // the address alone opens the editor too: a reload lands on it
    await page.goto(suite.at(`/console/publication?edit=${pid}`));
    await expect(page.getByRole('form', { name: '编辑中' }).getByLabel('标题 *').inputValue()).resolves.toBe(title);
  });

  test('en: an article by a Chinese word, its kind in English, its dialog editor; "/" focuses the field and Escape clears it', async () => {
    const title = '用 PyTorch Geometric 搭建第一个图神经网络';
    const aid = await idOf('/api/article/', (r) => r.title === title, 'aid');
    const page = await logIn('en', '/console/publication');
    const field = searchField(page, 'en');
    await page.locator('main h1').click();
    await page.keyboard.press('/');
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    // "/" was the shortcut, not a character typed
    await expect(field.inputValue()).resolves.toBe('');
    await page.keyboard.type('x');
    await page.getByRole('presentation').getByText('Type at least 2 characters').waitFor();
    await page.keyboard.press('Escape');
    await expect(field.inputValue()).resolves.toBe('');
    await page.keyboard.type('图神经网络');
    const option = page.getByRole('option', { name: /搭建第一个/ });
    await option.waitFor();
    expect(await option.locator('mark').allTextContents()).toEqual(['图神经网络']);
    await expect(option.textContent()).resolves.toContain('Article');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/console/article' && u.searchParams.get('edit') === aid);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Title *').inputValue()).resolves.toBe(title);
    // Escape closes the dialog, and the address forgets the record
    await page.keyboard.press('Escape');
    await page.waitForURL((u) => u.pathname === '/console/article' && !u.searchParams.has('edit'));
  });

  test('records named by their public key: a member by username, a shared task by slug, arrows choosing among options', async () => {
    const pid = await idOf('/api/people/', (r) => r.username === 'sunyihang', 'pid');
    const gid = await idOf('/api/page/', (r) => r.slug === 'ArgMine-2026', 'gid');
    const page = await logIn('zh', '/console');
    const field = searchField(page, 'zh');
    await field.fill('孙一航');
    await page
      .getByRole('option', { name: /孙一航/ })
      .first()
      .waitFor();
    await field.press('Enter');
    await page.waitForURL((u) => u.pathname === '/console/people' && u.searchParams.get('edit') === pid);
    await expect(page.getByRole('form', { name: '编辑中' }).getByLabel('用户名 *').inputValue()).resolves.toBe('sunyihang');

    await field.fill('论辩');
    const options = page.getByRole('option');
    await options.first().waitFor();
    const names = await options.allTextContents();
    const at = names.findIndex((n) => n.includes('ArgMine 2026'));
    expect(at, names.join(' | ')).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < at; i++) await field.press('ArrowDown');
    await field.press('Enter');
    await page.waitForURL((u) => u.pathname === '/console/site' && u.searchParams.get('edit') === gid);
    await expect(page.getByRole('dialog').getByLabel('短链接 *').inputValue()).resolves.toBe('ArgMine-2026');
  });

  test('an ordinary member: what only administrators edit opens its public page in a new tab', async () => {
    const page = await logIn('zh', '/console', { username: 'demo.user', password: DEMO_USER_PASSWORD });
    const field = searchField(page, 'zh');
    await field.fill('集群');
    const news = page.getByRole('option', { name: /GPU 集群完成扩容/ });
    await news.waitFor();
    await expect(news.textContent()).resolves.toContain('新闻');
    await expect(news.getByRole('img', { name: '在新标签页打开其公开页面' }).count()).resolves.toBe(1);
    const [tab] = await Promise.all([page.context().waitForEvent('page'), news.click()]);
    // a news item's own page
    await tab.waitForURL((u) => /^\/news-item\/\d+$/.test(u.pathname));
    await expect.poll(() => tab.locator('main').textContent()).toContain('实验室 GPU 集群新增两台计算节点');
    expect(new URL(page.url()).pathname).toBe('/console');
  });

  test('an ordinary member finds their own draft, marked as one, and a misspelt word with "did you mean"', async () => {
    const member = await loginAs(suite.site.app, 'demo.user', DEMO_USER_PASSWORD);
    const created = await member.send('POST', '/api/article/', {
      title: 'Zephyrion field notes',
      abstract: 'Unfinished',
      markdown: 'Body',
      type: 'lab hot topic',
      release: 'false',
    });
    expect(created.statusCode, created.body).toBe(200);
    await suite.site.app.lab.unpublished.settled();
    for (const lang of ['zh', 'en'] as const) {
      const page = await logIn(lang, '/console', { username: 'demo.user', password: DEMO_USER_PASSWORD });
      const field = searchField(page, lang);
      await field.fill('zephyrion');
      const draft = page.getByRole('option', { name: /Zephyrion field notes/ });
      await draft.waitFor();
      await expect(draft.textContent()).resolves.toContain(lang === 'zh' ? '文章 · 草稿' : 'Article · Draft');
      await field.fill('zephyrlon notes');
      await draft.waitFor();
      await expect(page.locator('.quick-search-suggestion').textContent()).resolves.toBe(
        lang === 'zh' ? '您是不是要找“zephyrion notes”？下面是它的结果。' : 'Did you mean “zephyrion notes”? Its results are shown.',
      );
      // Enter opens the draft's editor
      await field.press('Enter');
      await page.waitForURL((u) => u.pathname.startsWith('/console/') && u.searchParams.has('edit'));
    }
  });

  test('at 390 px: the field is in the app bar, its options fit, and the page does not scroll sideways', async () => {
    const title = 'Who Wins the Debate? Predicting Persuasiveness from Argument Graphs';
    const pid = await idOf('/api/publication/', (r) => r.title === title, 'pid');
    const page = await logIn('en', '/console/article', { width: 390 });
    const field = searchField(page, 'en');
    await expect(field.isVisible()).resolves.toBe(true);
    const box = await field.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await field.fill('persuasiveness');
    const option = page.getByRole('option', { name: /Predicting Persuasiveness/ });
    await option.waitFor();
    await expect(option.textContent()).resolves.toContain('Publication');
    const list = await page.getByRole('listbox').boundingBox();
    expect(list && list.x >= 0 && list.x + list.width <= 390, JSON.stringify(list)).toBe(true);
    expect(await noSideways(page)).toBe(true);
    await option.click();
    await page.waitForURL((u) => u.pathname === '/console/publication' && u.searchParams.get('edit') === pid);
    // on a phone the side editor is a drawer over the list
    await expect(page.getByRole('form', { name: 'Editing' }).getByLabel('Title *').inputValue()).resolves.toBe(title);
    expect(await noSideways(page)).toBe(true);
  });
});
