import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { DEMO_USER_PASSWORD } from '../../cli/demo/seed.ts';
import { siteSettings } from '../../cli/demo/site-content.ts';
import { enumLabel, type Lang, showcaseKinds } from '../../common/enums.ts';
import { page as pageRes } from '../../common/resources/page.ts';
import { showcase } from '../../common/resources/showcase.ts';
import { site as siteRes } from '../../common/resources/site.ts';
import { en } from '../../app/i18n/en.ts';
import { zh } from '../../app/i18n/zh.ts';
import { ADMIN, browserSuite, e2eAvailable, logInThroughPage, sessionTokenOf } from './server.ts';

// The console's info pages (SPEC §2 console/info, §4 Info transitions, §6, §7 Info pages, §8) and the
// site-content screen (docs/site-content.md) in a real browser: an administrator adds, edits, sorts
// (drag and drop) and deletes info tabs; an ordinary member only reads them and is refused by the
// server; the administrator creates a course page, renames the lab in English and adds a showcase item,
// each seen where the public reads it.

type InfoPage = { iid: number; aspect: string; markdown: string; order: number };
const MEMBER = { username: 'demo.user', password: DEMO_USER_PASSWORD } as const;
const texts = { zh, en } as const;
/** A label as the console's editor shows it (the declaration's label, " *" when required). */
const labelOf = (def: { label: { zh: string; en: string }; required?: boolean }, lang: Lang) => `${def.label[lang]}${def.required ? ' *' : ''}`;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

describe.skipIf(!e2eAvailable)('console: info pages and site content', { timeout: 90_000 }, () => {
  const suite = browserSuite();
  let adminToken: string;

  const at = suite.at;

  async function login(username: string, password: string): Promise<string> {
    const { csrftoken } = (await (await fetch(at('/api/csrf/'))).json()) as { csrftoken: string };
    const res = await fetch(at('/api/login/'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrftoken}`, 'x-csrftoken': csrftoken },
      body: JSON.stringify({ username, password }),
    });
    const body = (await res.json()) as { loginStatus: string; token: string };
    expect(body.loginStatus).toBe('success');
    return body.token;
  }

  async function apiGet<T>(path: string, token = adminToken): Promise<T> {
    const res = await fetch(at(path), { headers: { authorization: `Token ${token}` } });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    return (await res.json()) as T;
  }

  const infoPages = async () => (await apiGet<InfoPage[]>('/api/info/')).sort((a, b) => a.order - b.order || a.iid - b.iid);

  async function addInfoPage(aspect: string, markdown: string): Promise<number> {
    const body = new FormData();
    for (const [k, v] of Object.entries({ iid: '-1', aspect, markdown, order: String((await infoPages()).length) })) body.append(k, v);
    const res = await fetch(at('/api/info/'), { method: 'POST', headers: { authorization: `Token ${adminToken}` }, body });
    expect(res.status, await res.clone().text()).toBe(200);
    return Number(res.headers.get('x-resource-id'));
  }

  beforeAll(async () => {
    adminToken = await login(ADMIN.username, ADMIN.password);
  });

  /** Logs in through /login in a fresh browser context and lands on `target` in the console. */
  async function consoleAs(lang: Lang, user: { username: string; password: string }, target: string, width = 1366): Promise<Page> {
    const { page } = await suite.open({ lang, width });
    await logInThroughPage(page, suite.site.url, user.username, user.password, target);
    await page.locator('main h1').first().waitFor();
    return page;
  }

  const infoTabs = (page: Page, lang: Lang) => page.getByRole('tablist', { name: texts[lang].consoleInfo.tabs }).getByRole('tab');
  const tabNames = (page: Page, lang: Lang) => infoTabs(page, lang).allTextContents();
  const selectedTab = (page: Page, lang: Lang) =>
    page.getByRole('tablist', { name: texts[lang].consoleInfo.tabs }).getByRole('tab', { selected: true }).textContent();
  const button = (page: Page, name: string) => page.getByRole('main').getByRole('button', { name, exact: true });
  /** A green (or red) message of SPEC §8. */
  const message = (page: Page, text: string) => page.locator('#notistack-snackbar').filter({ hasText: text }).first();

  // -------------------------------------------------------------------------------------------
  // Info pages

  test('an administrator adds a tab (selected, last, order = count), then edits it: save and preview renders it', async () => {
    const m = zh.consoleInfo;
    const page = await consoleAs('zh', ADMIN, '/console/info');
    const before = await infoPages();
    await expect.poll(() => tabNames(page, 'zh')).toEqual(before.map((p) => p.aspect));
    expect(await selectedTab(page, 'zh')).toBe(before[0]?.aspect);

    const aspect = unique('实验设备');
    await button(page, m.add).click();
    const dialog = page.getByRole('dialog', { name: m.addTitle });
    // an empty name is refused in the dialog, nothing is sent
    await dialog.getByRole('button', { name: zh.console.confirm }).click();
    await dialog.getByText(zh.console.required).waitFor();
    await dialog.getByLabel(`${m.aspect} *`).fill(aspect);
    await dialog.getByRole('button', { name: zh.console.confirm }).click();
    await message(page, zh.console.added).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await expect.poll(() => tabNames(page, 'zh')).toEqual([...before.map((p) => p.aspect), aspect]);
    expect(await selectedTab(page, 'zh')).toBe(aspect);
    const added = (await infoPages()).find((p) => p.aspect === aspect);
    expect(added).toMatchObject({ aspect, markdown: '', order: before.length });

    // edit: the tab becomes the editor and the button 'save and preview'
    await button(page, m.edit).click();
    expect(await button(page, m.edit).count()).toBe(0);
    const editor = page.getByRole('textbox', { name: m.content });
    await editor.fill('# 设备清单\n\n- 一台 **示波器**\n- 两台服务器');
    // the live preview beside the editor
    await page.getByLabel(zh.console.preview).getByRole('heading', { name: '设备清单' }).waitFor();
    await button(page, m.saveAndPreview).click();
    await message(page, zh.console.saved).waitFor();

    // back in view mode: the rendered markdown, no editor, the edit button again
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('heading', { name: '设备清单', level: 1 }).waitFor();
    expect(await panel.locator('strong').textContent()).toBe('示波器');
    expect(await page.getByRole('textbox', { name: m.content }).count()).toBe(0);
    await button(page, m.edit).waitFor();
    expect(await button(page, m.saveAndPreview).count()).toBe(0);
    expect(await selectedTab(page, 'zh')).toBe(aspect);

    const saved = (await infoPages()).find((p) => p.iid === added?.iid);
    expect(saved).toMatchObject({ aspect, markdown: '# 设备清单\n\n- 一台 **示波器**\n- 两台服务器', order: before.length });
    // every other page came through the whole-list save unchanged
    expect((await infoPages()).filter((p) => p.iid !== added?.iid)).toEqual(before);
  });

  test('sorting by drag and drop: cancel restores the order, confirm saves it by position', async () => {
    const m = en.consoleInfo;
    const page = await consoleAs('en', ADMIN, '/console/info');
    const before = await infoPages();
    expect(before.length).toBeGreaterThanOrEqual(3);
    await expect.poll(() => tabNames(page, 'en')).toEqual(before.map((p) => p.aspect));

    // the console's one sort dialog (app/console/sort-dialog.tsx)
    const dialog = page.getByRole('dialog', { name: en.consoleWork.sort.title.replace('{{list}}', m.tabs) });
    const rows = dialog.locator('[data-id]');
    const orderInDialog = () => rows.evaluateAll((els) => els.map((el) => Number((el as HTMLElement).dataset.id)));
    const row = (aspect: string) => dialog.getByRole('button', { name: en.consoleWork.sort.handle.replace('{{name}}', aspect), exact: true });
    async function drag(from: Locator, to: Locator) {
      const a = await from.boundingBox();
      const b = await to.boundingBox();
      if (!a || !b) throw new Error('no box to drag');
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + (b.y > a.y ? 8 : -8), { steps: 4 });
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 + (b.y > a.y ? 4 : -4), { steps: 20 });
      await page.mouse.up();
      // dnd-kit swallows clicks for 50 ms after a drop, and the drop animation runs 250 ms: a person
      // does not click within that time either
      await page.waitForTimeout(400);
    }
    const ids = before.map((p) => p.iid);
    const first = before[0] as InfoPage;
    const last = before.at(-1) as InfoPage;

    // drag the first entry onto the last one, then cancel
    await button(page, m.sort).click();
    await expect.poll(orderInDialog).toEqual(ids);
    await drag(row(first.aspect), row(last.aspect));
    await expect.poll(orderInDialog).toEqual([...ids.slice(1), first.iid]);
    await dialog.getByRole('button', { name: en.console.cancel }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await tabNames(page, 'en')).toEqual(before.map((p) => p.aspect));
    expect(await infoPages()).toEqual(before);
    // reopened, the dialog shows the previous order again
    await button(page, m.sort).click();
    await expect.poll(orderInDialog).toEqual(ids);

    // drag the last entry to the top and confirm
    await drag(row(last.aspect), row(first.aspect));
    const wanted = [last.iid, ...ids.slice(0, -1)];
    await expect.poll(orderInDialog).toEqual(wanted);
    await dialog.getByRole('button', { name: en.console.confirm, exact: true }).click();
    await message(page, en.console.saved).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const aspects = wanted.map((iid) => before.find((p) => p.iid === iid)?.aspect);
    await expect.poll(() => tabNames(page, 'en')).toEqual(aspects);

    // stored: order by position, contents unchanged; and so after a reload
    const after = await infoPages();
    expect(after.map((p) => p.iid)).toEqual(wanted);
    expect(after.map((p) => p.order)).toEqual(wanted.map((_, i) => i));
    for (const p of after)
      expect(p).toMatchObject({ aspect: before.find((b) => b.iid === p.iid)?.aspect, markdown: before.find((b) => b.iid === p.iid)?.markdown });
    await page.reload();
    await expect.poll(() => tabNames(page, 'en')).toEqual(aspects);
  });

  test('deleting the current tab asks first, then reloads and selects the first tab', async () => {
    const m = en.consoleInfo;
    const aspect = unique('Temporary');
    const iid = await addInfoPage(aspect, `# ${aspect}`);
    const page = await consoleAs('en', ADMIN, '/console/info');
    const before = await infoPages();
    await expect.poll(() => tabNames(page, 'en')).toEqual(before.map((p) => p.aspect));
    await infoTabs(page, 'en').filter({ hasText: aspect }).click();
    await page.getByRole('tabpanel').getByRole('heading', { name: aspect }).waitFor();

    // the dialog names the tab; cancel keeps it
    await button(page, m.delete).click();
    const question = m.confirmDelete.replace('{{aspect}}', aspect);
    const dialog = page.getByRole('dialog', { name: question });
    await dialog.getByRole('button', { name: en.console.cancel }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await infoPages()).some((p) => p.iid === iid)).toBe(true);
    expect(await selectedTab(page, 'en')).toBe(aspect);

    await button(page, m.delete).click();
    await dialog.getByRole('button', { name: en.console.confirm, exact: true }).click();
    await message(page, en.console.deleted).waitFor();
    const rest = before.filter((p) => p.iid !== iid);
    await expect.poll(() => tabNames(page, 'en')).toEqual(rest.map((p) => p.aspect));
    expect(await selectedTab(page, 'en')).toBe(rest[0]?.aspect);
    expect((await infoPages()).map((p) => p.iid)).toEqual(rest.map((p) => p.iid));
  });

  test('an ordinary member sees the tabs only, and the server refuses their writes (403)', async () => {
    const m = en.consoleInfo;
    const page = await consoleAs('en', MEMBER, '/console/info');
    const pages = await infoPages();
    await expect.poll(() => tabNames(page, 'en')).toEqual(pages.map((p) => p.aspect));
    // the second tab shows its markdown rendered
    const second = pages[1] as InfoPage;
    await infoTabs(page, 'en').nth(1).click();
    const heading = /^#{1,3} +(.+)$/m.exec(second.markdown)?.[1]?.trim();
    if (heading) await page.getByRole('tabpanel').getByRole('heading', { name: heading }).first().waitFor();
    for (const name of [m.add, m.delete, m.sort, m.edit, m.saveAndPreview]) expect(await button(page, name).count(), name).toBe(0);

    const token = await sessionTokenOf(page);
    expect(token).toBeTruthy();
    const auth = { authorization: `Token ${token}` };
    const put = await fetch(at('/api/info/'), {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(pages.map((p, i) => ({ iid: p.iid, aspect: `${p.aspect}!`, markdown: p.markdown, order: pages.length - i }))),
    });
    expect(put.status).toBe(403);
    const form = new FormData();
    form.append('aspect', 'Not allowed');
    expect((await fetch(at('/api/info/'), { method: 'POST', headers: auth, body: form })).status).toBe(403);
    expect((await fetch(at(`/api/info/?iid=${second.iid}`), { method: 'DELETE', headers: auth })).status).toBe(403);
    expect(await infoPages()).toEqual(pages);
  });

  // -------------------------------------------------------------------------------------------
  // Site content

  test('a course page created on the site screen shows on the public /curriculum page', async () => {
    const m = zh.consoleSite;
    const page = await consoleAs('zh', ADMIN, '/console/site');
    const f = pageRes.fields;
    const slug = unique('E2E-Course');
    const title = { zh: `端到端测试课程 ${slug}`, en: `End-to-end course ${slug}` };
    await page.getByRole('heading', { name: m.pages, level: 1 }).waitFor();
    await button(page, zh.console.add).click();
    const editor = page.getByRole('form', { name: zh.console.newItem });
    // the section defaults to courses
    expect(await editor.getByRole('combobox', { name: labelOf(f.section, 'zh') }).textContent()).toContain('课程');
    await editor.getByLabel(labelOf(f.slug, 'zh'), { exact: true }).fill(slug);
    await editor.getByLabel(labelOf(f.title_zh, 'zh'), { exact: true }).fill(title.zh);
    await editor.getByLabel(labelOf(f.title_en, 'zh'), { exact: true }).fill(title.en);
    await editor.getByRole('textbox', { name: labelOf(f.markdown_en, 'zh') }).fill('## Syllabus of the e2e course\n\nWeek 1: **testing**.');
    await editor.getByRole('button', { name: zh.console.save, exact: true }).click();
    await message(page, zh.console.added).waitFor();
    await editor.waitFor({ state: 'hidden' });
    await page.getByRole('table').getByRole('link', { name: slug }).waitFor();

    const list = await (await fetch(at('/curriculum?lang=en'))).text();
    expect(list).toContain(title.en);
    expect(list).toContain(`href="/curriculum/${slug}"`);
    expect(await (await fetch(at('/curriculum?lang=zh'))).text()).toContain(title.zh);
    // its own page, found without regard to case, renders the English markdown
    const own = await fetch(at(`/curriculum/${slug.toLowerCase()}?lang=en`));
    expect(own.status).toBe(200);
    const html = await own.text();
    expect(html).toContain('Syllabus of the e2e course');
    expect(html).toContain('<strong>testing</strong>');
  });

  test("changing the site's English lab name changes the public footer (validated first)", async () => {
    const m = en.consoleSite;
    const page = await consoleAs('en', ADMIN, '/console/site?tab=settings');
    const field = page.getByLabel(labelOf(siteRes.fields.lab_name_en, 'en'), { exact: true });
    await expect.poll(() => field.inputValue()).toBe(siteSettings.lab_name_en);
    const footerName = async (lang: Lang) => /class="lab-name">([^<]*)</.exec(await (await fetch(at(`/news?lang=${lang}`))).text())?.[1];
    expect(await footerName('en')).toBe(siteSettings.lab_name_en);

    // an emptied lab name is refused before anything is sent
    await field.fill('');
    await page.getByRole('button', { name: m.save, exact: true }).click();
    await page.getByText(en.console.required, { exact: true }).first().waitFor();
    expect((await apiGet<Record<string, unknown>>('/api/site/')).lab_name_en).toBe(siteSettings.lab_name_en);

    const name = `Lab of End-to-End Tests ${unique('x')}`;
    await field.fill(name);
    await page.getByRole('button', { name: m.save, exact: true }).click();
    await message(page, en.console.saved).waitFor();
    expect((await apiGet<Record<string, unknown>>('/api/site/')).lab_name_en).toBe(name);
    expect(await footerName('en')).toBe(name);
    expect(await footerName('zh')).toBe(siteSettings.lab_name_zh);
    // the other settings were saved as they were
    const stored = await apiGet<Record<string, unknown>>('/api/site/');
    expect(stored).toMatchObject({ lab_name_zh: siteSettings.lab_name_zh, email: siteSettings.email, filing_number: siteSettings.filing_number });
    expect(String(stored.qr_image_url)).toMatch(/^\/resource\//);
    // and the public page in a browser shows it
    await page.goto(at('/news?lang=en'));
    expect(await page.locator('footer .lab-name').textContent()).toBe(name);
  });

  test('a showcase item with a cropped image is added', async () => {
    const m = en.consoleSite;
    const page = await consoleAs('en', ADMIN, '/console/site?tab=showcase');
    const f = showcase.fields;
    await page.getByRole('heading', { name: m.showcase, level: 1 }).waitFor();
    await button(page, en.console.add).click();
    const editor = page.getByRole('form', { name: en.console.newItem });
    await editor.getByRole('combobox', { name: labelOf(f.kind, 'en') }).click();
    await page.getByRole('option', { name: enumLabel(showcaseKinds, 'tool', 'en') }).click();
    const title = unique('E2E Tool');
    await editor.getByLabel(labelOf(f.title_zh, 'en'), { exact: true }).fill(`标注工具 ${title}`);
    await editor.getByLabel(labelOf(f.title_en, 'en'), { exact: true }).fill(title);
    await editor.getByLabel(labelOf(f.link, 'en'), { exact: true }).fill('https://example.org/e2e-tool');
    // a 1000×600 picture, cropped at 16:9 to 800×450
    const picture = await sharp({ create: { width: 1000, height: 600, channels: 3, background: { r: 30, g: 120, b: 200 } } })
      .png()
      .toBuffer();
    await editor.locator('input[type="file"]').setInputFiles({ name: 'tool.png', mimeType: 'image/png', buffer: picture });
    const crop = page.getByRole('dialog', { name: en.console.crop });
    const confirmCrop = crop.getByRole('button', { name: en.console.confirm, exact: true });
    await expect.poll(() => confirmCrop.isEnabled()).toBe(true);
    await confirmCrop.click();
    await crop.waitFor({ state: 'hidden' });
    await editor.locator('img[src^="blob:"]').waitFor();
    await editor.getByRole('button', { name: en.console.save, exact: true }).click();
    await message(page, en.console.added).waitFor();
    await editor.waitFor({ state: 'hidden' });

    type Item = { cid: number; kind: string; title_en: string; image_url: string | null; link: string; release: boolean };
    const item = (await apiGet<Item[]>('/api/showcase/')).find((x) => x.title_en === title);
    expect(item).toMatchObject({ kind: 'tool', link: 'https://example.org/e2e-tool', release: true });
    expect(item?.image_url).toMatch(/^\/resource\//);
    const image = await fetch(at(String(item?.image_url)));
    expect(image.status).toBe(200);
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([800, 450]);
    // listed on the screen and in the public read of the tools
    const tools = (await (await fetch(at('/api/read_showcase/?kind=tool'))).json()) as Item[];
    expect(tools.some((x) => x.cid === item?.cid)).toBe(true);
    // the table has 10 rows a page: the new tool is on the last one
    const rows = await apiGet<Item[]>('/api/showcase/');
    for (let i = 1; i < Math.ceil(rows.length / 10); i++) await page.getByRole('button', { name: en.console.pageNext }).click();
    await page.getByRole('table').getByText(title, { exact: true }).waitFor();
  });
});
