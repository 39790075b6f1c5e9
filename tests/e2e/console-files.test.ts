import type { Locator, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { DEMO_USER_PASSWORD } from '../../cli/demo/seed.ts';
import { termOf } from '../../common/schedule.ts';
import { type Client, createMember, loginAs } from '../helpers/client.ts';
import { ADMIN, browserSuite, e2eAvailable, logInThroughPage } from './server.ts';

// The member screens of the console in a real browser: shared and private data files,
// private images, one's own profile, one's weekly schedule and the console home's time overview.

type Rec = Record<string, unknown>;
type FileRec = { did: number; filename: string; url: string; size: number; name_zh: string; owner: string };
type ImageRec = { iid: number; filename: string; url: string; size: number };
type Pair = [number, number];
type Overview = Record<string, { name: string; name_en: string; uid: string; occupy: Pair[] }[]>;

async function png(width: number, height: number, r: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r, g: 90, b: 160 } } })
    .png()
    .toBuffer();
}

/** SPEC §9 image sizes: one decimal, by 1024 (the images here are small). */
const imageSize = (n: number) => (n < 1024 ? `${n.toFixed(1)}B` : `${(n / 1024).toFixed(1)}K`);

describe.skipIf(!e2eAvailable)('console files, images, profile and schedules in a browser', { timeout: 90_000 }, () => {
  const suite = browserSuite();
  let admin: Client;
  beforeAll(async () => {
    admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
  });

  const open = (lang: 'zh' | 'en' = 'zh', width = 1366) => suite.open({ lang, width });

  /** Logs in through the real login page and lands on `target`. */
  async function logIn(page: Page, username: string, password: string, target: string) {
    await logInThroughPage(page, suite.site.url, username, password, target);
  }

  /**
   * Records the multipart bodies the page's XMLHttpRequests send (Chromium does not hand file parts to
   * request events): each as [name, value] pairs, a file as "file:<name>:<size>".
   */
  async function recordForms(page: Page) {
    await page.addInitScript(() => {
      const sent: [string, string][][] = [];
      (window as unknown as { __forms: typeof sent }).__forms = sent;
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
        if (body instanceof FormData) sent.push([...body.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${v.name}:${v.size}`]));
        return send.call(this, body);
      };
    });
    return async () => page.evaluate(() => (window as unknown as { __forms: [string, string][][] }).__forms);
  }

  /** Requests the page sends to an API path with a method (to check what went over the wire, or that nothing did). */
  function watch(page: Page, method: string, path: string): Request[] {
    const seen: Request[] = [];
    page.on('request', (r) => {
      if (r.method() === method && new URL(r.url()).pathname === path) seen.push(r);
    });
    return seen;
  }

  const confirmDialog = async (page: Page, question: string) => {
    const dialog = page.getByRole('dialog');
    await dialog.getByText(question).waitFor();
    await dialog.getByRole('button', { name: /^(确定|OK)$/ }).click();
  };

  /** The rendered text of an element (innerText: what is shown). */
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point (not hidden nodes)
  const shown = (l: Locator) => l.innerText();

  /** The page itself never scrolls sideways (wide content scrolls inside its own box). */
  const noPageScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  // -------------------------------------------------------------------------------------------
  // Shared data

  test('shared data: upload with owner public, listed with size and uploader, link opens in a new tab, delete', async () => {
    const me = (await admin.get('/api/me/')).json() as Rec;
    const { page, context } = await open('zh');
    const forms = await recordForms(page);
    await logIn(page, ADMIN.username, ADMIN.password, '/console/data');
    const posts = watch(page, 'POST', '/api/data/');
    const table = page.getByRole('table', { name: '共享数据' });
    await table.getByRole('row').nth(1).waitFor();
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['序号', '上传时间', '文件名', '大小', '上传者', '操作']);

    const content = 'lab shared file\n'.repeat(200); // 3200 bytes
    await page.locator('input[type=file]').setInputFiles({ name: 'e2e-shared.txt', mimeType: 'text/plain', buffer: Buffer.from(content) });
    await page.getByText('已选择 1 个文件').waitFor();
    await page.getByRole('button', { name: '上传', exact: true }).click();
    await page.getByText('文件上传成功').first().waitFor();

    // the multipart body of SPEC §7: files[0] with owner public, uid, username, name_zh
    expect(posts).toHaveLength(1);
    expect(await forms()).toEqual([
      [
        ['uid', String(me.uid)],
        ['username', ADMIN.username],
        ['name_zh', String(me.name_zh)],
        ['owner', 'public'],
        ['files[0]', 'file:e2e-shared.txt:3200'],
      ],
    ]);

    const saved = ((await admin.get('/api/data/')).json() as FileRec[]).find((f) => f.filename === 'e2e-shared.txt');
    expect(saved).toMatchObject({ owner: 'public', size: 3200, name_zh: me.name_zh });
    const row = table.getByRole('row').filter({ hasText: 'e2e-shared.txt' });
    // the list is read again after the upload's message: its row, then its cells (allInnerTexts does not wait)
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    // newest first: serial 1, local upload time, name, size 3200 B = 3.13K, uploader
    expect(cells.slice(0, 5)).toEqual(['1', expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/), 'e2e-shared.txt', '3.13K', String(me.name_zh)]);

    const link = row.getByRole('link', { name: /e2e-shared\.txt/ });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('href')).toBe(saved?.url);
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(saved?.url);
    expect((await shown(tab.locator('body'))).trim()).toBe(content.trim());
    await tab.close();

    await row.getByRole('button', { name: '删除 e2e-shared.txt' }).click();
    await confirmDialog(page, '确认删除？');
    await page.getByText('删除文件成功').first().waitFor();
    await row.waitFor({ state: 'detached' });
    expect(((await admin.get('/api/data/')).json() as FileRec[]).some((f) => f.filename === 'e2e-shared.txt')).toBe(false);
  });

  test('shared data: an ordinary member may delete only what they uploaded', async () => {
    const res = await admin.send('POST', '/api/data/', {
      owner: 'public',
      'files[0]': { file: Buffer.from('admin file'), name: 'from-admin.txt', type: 'text/plain' },
    });
    expect(res.statusCode).toBe(200);
    const { page } = await open('zh');
    await logIn(page, 'demo.user', DEMO_USER_PASSWORD, '/console/data');
    const table = page.getByRole('table', { name: '共享数据' });
    const theirs = table.getByRole('row').filter({ hasText: 'from-admin.txt' });
    const own = table.getByRole('row').filter({ hasText: '实验室手册.pdf' });
    await theirs.waitFor();
    await own.waitFor();
    expect(await theirs.getByRole('button').count()).toBe(0);
    expect(await own.getByRole('button', { name: '删除 实验室手册.pdf' }).count()).toBe(1);
    // and the server refuses it anyway
    const member = await loginAs(suite.site.app, 'demo.user', DEMO_USER_PASSWORD);
    const did = ((await member.get('/api/data/')).json() as FileRec[]).find((f) => f.filename === 'from-admin.txt')?.did;
    expect((await member.delete(`/api/data/?did=${did}`)).statusCode).toBe(403);
  });

  // -------------------------------------------------------------------------------------------
  // Private data

  test("private data: one's own files only, without the uploader column; upload two, delete one", async () => {
    const member = await createMember(admin);
    const secret = await admin.send('POST', '/api/data/', {
      owner: ADMIN.username,
      'files[0]': { file: Buffer.from('mine'), name: 'admin-secret.txt', type: 'text/plain' },
    });
    expect(secret.statusCode).toBe(200);
    // another member's files are refused by the server
    expect((await member.get(`/api/data/?owner=${ADMIN.username}`)).statusCode).toBe(403);

    const { page } = await open('zh');
    const gets = watch(page, 'GET', '/api/data/');
    const forms = await recordForms(page);
    await logIn(page, member.username, 'member-password', '/console/private_data');
    const table = page.getByRole('table', { name: '我的数据' });
    await table.getByText('暂无记录').waitFor();
    expect(gets.map((r) => new URL(r.url()).search)).toContain(`?owner=${member.username}`);
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['序号', '上传时间', '文件名', '大小', '操作']);

    await page.locator('input[type=file]').setInputFiles([
      { name: 'notes-a.txt', mimeType: 'text/plain', buffer: Buffer.alloc(100, 97) },
      { name: 'notes-b.csv', mimeType: 'text/csv', buffer: Buffer.alloc(1536, 98) },
    ]);
    await page.getByText('已选择 2 个文件').waitFor();
    await page.getByRole('button', { name: '上传', exact: true }).click();
    await page.getByText('文件上传成功').first().waitFor();
    await table.getByRole('row').filter({ hasText: 'notes-b.csv' }).waitFor();
    const sent = Object.fromEntries((await forms())[0] ?? []);
    expect(sent).toEqual({
      uid: member.uid,
      username: member.username,
      name_zh: '测试成员',
      owner: member.username,
      'files[0]': 'file:notes-a.txt:100',
      'files[1]': 'file:notes-b.csv:1536',
    });
    expect(await shown(table.getByRole('row').filter({ hasText: 'notes-a.txt' }).getByRole('cell').nth(3))).toBe('100.00B');
    expect(await shown(table.getByRole('row').filter({ hasText: 'notes-b.csv' }).getByRole('cell').nth(3))).toBe('1.50K');
    expect(await table.getByText('admin-secret.txt').count()).toBe(0);
    expect(((await member.get(`/api/data/?owner=${member.username}`)).json() as FileRec[]).map((f) => f.owner)).toEqual([member.username, member.username]);
    // nothing of it is shared
    expect(((await admin.get('/api/data/')).json() as FileRec[]).some((f) => f.filename.startsWith('notes-'))).toBe(false);

    await table.getByRole('button', { name: '删除 notes-a.txt' }).click();
    await confirmDialog(page, '确认删除？');
    await page.getByText('删除文件成功').first().waitFor();
    await table.getByText('notes-a.txt').waitFor({ state: 'detached' });
    expect(((await member.get(`/api/data/?owner=${member.username}`)).json() as FileRec[]).map((f) => f.filename)).toEqual(['notes-b.csv']);
  });

  // -------------------------------------------------------------------------------------------
  // Private images

  test('images: previews, one cancelled before the upload, the gallery, a refused file, delete', async () => {
    const member = await createMember(admin);
    const { page } = await open('zh');
    const forms = await recordForms(page);
    await logIn(page, member.username, 'member-password', '/console/private_image');
    await page.getByText('暂无图片记录').waitFor();
    const posts = watch(page, 'POST', '/api/image/');
    const [first, third] = await Promise.all([png(320, 200, 30), png(240, 240, 220)]);

    await page.locator('input[type=file]').setInputFiles([
      { name: 'first.png', mimeType: 'image/png', buffer: first },
      { name: 'second.png', mimeType: 'image/png', buffer: await png(200, 320, 120) },
      { name: 'third.png', mimeType: 'image/png', buffer: third },
    ]);
    const pending = page.getByRole('list', { name: '待上传' });
    await expect.poll(() => pending.getByRole('listitem').count()).toBe(3);
    // every chosen picture is previewed before anything is sent
    await expect.poll(() => pending.locator('img').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length)).toBe(3);
    await pending.getByRole('button', { name: '移除 second.png' }).click();
    await expect.poll(() => pending.getByRole('listitem').count()).toBe(2);
    expect(posts).toHaveLength(0);

    await page.getByRole('button', { name: '确认上传' }).click();
    await page.getByText('图片上传成功').first().waitFor();
    expect(posts).toHaveLength(1);
    // the multipart body of SPEC §7: username, screenname and files[i] without the cancelled one
    expect(await forms()).toEqual([
      [
        ['username', member.username],
        ['screenname', '测试成员'],
        ['files[0]', `file:first.png:${first.length}`],
        ['files[1]', `file:third.png:${third.length}`],
      ],
    ]);

    const saved = (await member.get(`/api/image/?username=${member.username}`)).json() as ImageRec[];
    expect(saved.map((i) => i.filename).sort()).toEqual(['first.png', 'third.png']);
    const gallery = page.getByRole('list', { name: '已保存的图片' });
    await expect.poll(() => gallery.getByRole('listitem').count()).toBe(2);
    expect(await pending.count()).toBe(0);
    for (const img of saved) {
      const card = gallery.getByRole('listitem').filter({ hasText: img.filename });
      const link = card.getByRole('link', { name: new RegExp(img.filename.replace('.', '\\.')) });
      expect(await link.getAttribute('href')).toBe(img.url);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await shown(card)).toContain(imageSize(img.size));
      await expect.poll(() => card.locator('img').evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    }

    // a file that only claims to be a picture: '出错啦' and the server's field message; it stays chosen
    await page.locator('input[type=file]').setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
    await page.getByRole('button', { name: '确认上传' }).click();
    const alert = page.locator('#notistack-snackbar').filter({ hasText: '出错啦' });
    await alert.waitFor();
    expect(await shown(alert)).toMatch(/files\[0\]：\S/);
    expect(await pending.getByRole('listitem').count()).toBe(1);
    await pending.getByRole('button', { name: '移除 broken.png' }).click();
    // what is not an image at all is refused when chosen
    await page.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await page.getByText('只能上传 png、jpeg、jpg、bmp 图片：notes.txt').waitFor();
    expect(await pending.count()).toBe(0);

    await gallery.getByRole('button', { name: '删除 first.png' }).click();
    await confirmDialog(page, '确认删除？');
    await page.getByText('删除图片成功').first().waitFor();
    await expect.poll(() => gallery.getByRole('listitem').count()).toBe(1);
    await gallery.getByRole('button', { name: '删除 third.png' }).click();
    await confirmDialog(page, '确认删除？');
    await page.getByText('暂无图片记录').waitFor();
    expect((await member.get(`/api/image/?username=${member.username}`)).json()).toEqual([]);
  });

  // -------------------------------------------------------------------------------------------
  // Profile

  test('profile: rules checked before saving, nothing sent; a saved English name shows in the drawer', async () => {
    const member = await createMember(admin, { name_en: 'Before Rename' });
    const { page } = await open('en');
    await logIn(page, member.username, 'member-password', '/console/profile');
    const puts = watch(page, 'PUT', '/api/people/');
    const english = page.getByLabel('English name *');
    await expect.poll(() => english.inputValue()).toBe('Before Rename');
    expect(await page.getByLabel('ID *').isDisabled()).toBe(true);
    expect(await page.getByLabel('Username *').isDisabled()).toBe(true);
    expect(await page.getByLabel('ID *').inputValue()).toBe(member.uid);
    const save = page.getByRole('button', { name: 'Save' });

    await page.getByLabel('Password', { exact: true }).fill('abcdefgh');
    await page.getByLabel('Confirm password').fill('abcdefgX');
    await save.click();
    await page.locator('p.Mui-error').filter({ hasText: 'the two passwords must match' }).first().waitFor();
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('short');
    await save.click();
    await page.locator('p.Mui-error').filter({ hasText: 'at least 10 characters' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('');
    await page.getByLabel('Confirm password').fill('');
    await english.fill('');
    await save.click();
    await page.locator('p.Mui-error').filter({ hasText: 'required' }).waitFor();
    expect(puts).toHaveLength(0);

    const drawer = page.getByRole('navigation', { name: 'Menu' });
    expect(await shown(drawer)).toContain('Before Rename');
    await english.fill('Renamed Member');
    await save.click();
    await page.getByText('modified', { exact: true }).first().waitFor();
    expect(puts).toHaveLength(1);
    expect(puts[0]?.url()).toBe(`${suite.site.url}/api/people/?uid=${member.uid}`);
    const profile = (await admin.get(`/api/people/?uid=${member.uid}`)).json() as Rec;
    expect(profile).toMatchObject({ name_en: 'Renamed Member', name_zh: '测试成员', link: `/people/${member.username}` });
    // the stored login and the drawer follow without a reload
    await expect.poll(() => shown(drawer)).toContain('Renamed Member');
    expect(await page.evaluate(() => localStorage.getItem('name_en'))).toBe('Renamed Member');
    await page.reload();
    await expect.poll(() => shown(page.getByRole('navigation', { name: 'Menu' }))).toContain('Renamed Member');
  });

  test('profile: a new password works; an external personal page sets the link', async () => {
    const member = await createMember(admin);
    const { page } = await open('zh');
    await logIn(page, member.username, 'member-password', '/console/profile');
    await expect.poll(() => page.getByLabel('中文名 *').inputValue()).toBe('测试成员');
    await page.getByLabel('当前密码').fill('member-password');
    await page.getByLabel('密码', { exact: true }).fill('brand-new-password');
    await page.getByLabel('确认密码').fill('brand-new-password');
    await page.getByRole('combobox', { name: '个人主页类型' }).click();
    await page.getByRole('option', { name: /已有/ }).click();
    // the external link is required for that type
    await page.getByRole('button', { name: '保存' }).click();
    await page.locator('p.Mui-error').filter({ hasText: '必填' }).waitFor();
    await page.getByRole('textbox', { name: '已有主页链接' }).fill('https://example.org/~member');
    // a new portrait, cropped to a 600×600 png
    await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await png(900, 700, 200) });
    await page.getByRole('dialog', { name: '裁剪' }).getByRole('button', { name: '确定' }).click();
    await page.getByRole('dialog', { name: '裁剪' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('修改成功').first().waitFor();
    const profile = (await admin.get(`/api/people/?uid=${member.uid}`)).json() as Rec;
    expect(profile).toMatchObject({ link_type: 3, link3: 'https://example.org/~member', link: 'https://example.org/~member' });
    const portrait = String(profile.portrait_url);
    expect(portrait).toMatch(/^\/resource\/media\//);
    const meta = await sharp(Buffer.from(await (await fetch(`${suite.site.url}${portrait}`)).arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 600, 600]);
    // the drawer's avatar and the stored login follow
    expect(await page.evaluate(() => localStorage.getItem('portrait'))).toBe(portrait);
    await expect.poll(() => page.getByRole('navigation', { name: '菜单' }).locator('img').first().getAttribute('src')).toBe(portrait);
    await loginAs(suite.site.app, member.username, 'brand-new-password');
    // the page that changed it stays logged in
    await page.reload();
    await expect.poll(() => page.getByLabel('中文名 *').inputValue()).toBe('测试成员');
  });

  test("SPEC §9's pinyin password logs nobody in: the login page says an invitation is needed", async () => {
    const n = Date.now() % 1_000_000;
    const created = await admin.send('POST', '/api/people/', {
      uid: `INIT${n}`,
      username: `init${n}`,
      name_zh: '王小明',
      name_en: 'Xiaoming Wang',
      type: 'master',
    });
    expect(created.statusCode, created.body).toBe(200);
    for (const lang of ['en', 'zh'] as const) {
      const { page } = await open(lang);
      await page.goto(`${suite.site.url}/login?redirect=${encodeURIComponent('/console/article')}`);
      await page.locator('form.login-card button[type=submit]:not([disabled])').waitFor();
      await page.locator('input[name="username"]').fill(`init${n}`);
      await page.locator('input[name="password"]').fill('wangxiaoming');
      await page.locator('input[name="password"]').press('Enter');
      await page.getByText(lang === 'en' ? 'must first set its password through an invitation link' : '需要先通过邀请链接设置密码').waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
    }
  });

  // -------------------------------------------------------------------------------------------
  // Schedules

  test('private time: cells toggle by click and keyboard, saved for the term, still there after a reload', async () => {
    const member = await createMember(admin);
    const { page } = await open('en');
    await logIn(page, member.username, 'member-password', '/console/private_time');
    const puts = watch(page, 'PUT', '/apiprivate/disctime/');
    await page.getByText('Click a blank cell to mark class or fixed-schedule time, click it again to cancel, then save.').waitFor();
    const cell = (name: string) => page.getByRole('button', { name, exact: true });
    const monday1 = cell('Mon period 1 08:00–08:45');
    const wednesday7 = cell('Wed period 7 13:45–14:30');
    const friday12 = cell('Fri period 12 18:05–18:50');
    await monday1.waitFor();
    expect(await page.locator('main button[aria-pressed="true"]').count()).toBe(0);
    expect(await page.locator('main button[aria-pressed]').count()).toBe(7 * 15);
    await monday1.click();
    await wednesday7.click();
    await friday12.focus();
    await page.keyboard.press('Space');
    await cell('Sun period 15 20:20–21:05').click();
    await cell('Sun period 15 20:20–21:05').click();
    expect(await friday12.getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('main button[aria-pressed="true"]').count()).toBe(3);

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('saved', { exact: true }).first().waitFor();
    expect(puts).toHaveLength(1);
    expect(puts[0]?.postDataJSON()).toEqual({
      uid: member.uid,
      name: '测试成员',
      term: termOf(),
      occupy: [
        [1, 1],
        [3, 7],
        [5, 12],
      ],
    });
    const stored = (await member.get(`/apiprivate/disctime/?uid=${member.uid}`)).json() as { term: string; occupy: Pair[] }[];
    expect(stored).toEqual([
      {
        term: termOf(),
        occupy: [
          [1, 1],
          [3, 7],
          [5, 12],
        ],
      },
    ]);

    await page.reload();
    await expect.poll(() => page.locator('main button[aria-pressed="true"]').count()).toBe(3);
    for (const c of [monday1, wednesday7, friday12]) expect(await c.getAttribute('aria-pressed')).toBe('true');
    await monday1.click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => ((await member.get(`/apiprivate/disctime/?uid=${member.uid}`)).json() as { occupy: Pair[] }[])[0]?.occupy)
      .toEqual([
        [3, 7],
        [5, 12],
      ]);
    await page.reload();
    await expect.poll(() => page.locator('main button[aria-pressed="true"]').count()).toBe(2);
    expect(await monday1.getAttribute('aria-pressed')).toBe('false');
  });

  test('private time at 390 px: the grid scrolls inside its box, not the page', async () => {
    const member = await createMember(admin);
    const { page } = await open('zh', 390);
    await logIn(page, member.username, 'member-password', '/console/private_time');
    const sunday = page.getByRole('button', { name: '周日 第 15 节 20:20–21:05', exact: true });
    await sunday.waitFor();
    expect(await noPageScroll(page)).toBe(true);
    await sunday.scrollIntoViewIfNeeded();
    await sunday.click();
    expect(await sunday.getAttribute('aria-pressed')).toBe('true');
    expect(await noPageScroll(page)).toBe(true);
  });

  test('home: per-cell counts of occupied members, who they are, one member highlighted, another term', async () => {
    const term = termOf();
    const member = await createMember(admin, { name_zh: '时间测试', name_en: 'Time Tester' });
    const me = (await admin.get('/api/me/')).json() as Rec;
    expect(me.analytics_url).toBeNull();
    expect(
      (
        await admin.json('PUT', '/apiprivate/disctime/', {
          uid: me.uid,
          name: me.name_zh,
          term,
          occupy: [
            [1, 1],
            [1, 2],
            [2, 3],
          ],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await member.json('PUT', '/apiprivate/disctime/', {
          uid: member.uid,
          name: '时间测试',
          term,
          occupy: [
            [1, 1],
            [2, 3],
            [4, 5],
          ],
        })
      ).statusCode,
    ).toBe(200);
    const overview = (await admin.get('/apiprivate/disctime/')).json() as Overview;
    const countsOf = (t: string) => {
      const counts = Array.from({ length: 15 * 7 }, () => 0);
      for (const m of overview[t] ?? []) for (const [d, p] of m.occupy) counts[(p - 1) * 7 + (d - 1)] = (counts[(p - 1) * 7 + (d - 1)] ?? 0) + 1;
      return counts;
    };

    const { page } = await open('zh');
    await logIn(page, ADMIN.username, ADMIN.password, '/console');
    await page.getByRole('heading', { name: '成员时间管理' }).waitFor();
    // no ANALYTICS_URL: no traffic-analysis link
    expect(await page.getByText('网站流量分析').count()).toBe(0);
    const [a, b, s] = term.split('-');
    await expect.poll(() => shown(page.getByRole('combobox', { name: '学期' }))).toBe(`${a}-${b} 学年第 ${s} 学期（当前）`);
    const cells = page.locator('button[data-count]');
    await expect.poll(() => cells.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-count'))))).toEqual(countsOf(term));
    // rows are periods, columns Monday..Sunday: Monday period 1 is the first cell
    const monday1 = cells.first();
    expect(await shown(monday1)).toBe(String(countsOf(term)[0]));
    expect(countsOf(term)[0]).toBeGreaterThanOrEqual(2);
    const names = (overview[term] ?? []).filter((m) => m.occupy.some(([d, p]) => d === 1 && p === 1)).map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining([String(me.name_zh), '时间测试']));
    await monday1.hover();
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    for (const n of names) expect(await shown(tooltip)).toContain(n);
    await monday1.click();
    const details = page.locator('[aria-live="polite"]').filter({ hasText: '周一 第 1 节' });
    await details.getByText(`占用（${names.length}）`).waitFor();
    for (const n of names) expect(await details.getByText(n, { exact: true }).count()).toBe(1);

    // one member's own periods highlighted
    await page.getByRole('combobox', { name: '突出显示成员' }).click();
    await page.getByRole('option', { name: '时间测试' }).click();
    await expect.poll(() => page.locator('button[data-member-busy="true"]').count()).toBe(3);
    const marked = await page.locator('button[data-member-busy="true"]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    expect(marked.map((l) => l.split('：')[0]?.replace(/ \d\d:\d\d–\d\d:\d\d$/, ''))).toEqual(['周一 第 1 节', '周二 第 3 节', '周四 第 5 节']);

    // another term with demo data
    const other = Object.keys(overview).find((k) => k !== term && (overview[k] ?? []).length > 0);
    expect(other).toBeTruthy();
    const [oa, ob, os] = String(other).split('-');
    await page.getByRole('combobox', { name: '学期' }).click();
    await page.getByRole('option', { name: `${oa}-${ob} 学年第 ${os} 学期` }).click();
    await expect.poll(() => cells.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-count'))))).toEqual(countsOf(String(other)));
    await page.getByText(`本学期已有 ${(overview[String(other)] ?? []).length} 位成员填写时间`).waitFor();
  });

  test('home at 390 px in English: readable, the grid fits or scrolls inside its box', async () => {
    const { page } = await open('en', 390);
    await logIn(page, 'demo.user', DEMO_USER_PASSWORD, '/console');
    await page.getByRole('heading', { name: 'Time management' }).waitFor();
    await page.locator('button[data-count]').first().waitFor();
    expect(await page.locator('button[data-count]').count()).toBe(7 * 15);
    expect(await noPageScroll(page)).toBe(true);
    const box = await page.getByRole('region', { name: "Members' busy periods" }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  });
});
