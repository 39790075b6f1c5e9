import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { en } from '../../app/i18n/en.ts';
import { zh } from '../../app/i18n/zh.ts';
import { type Client, loginAs } from '../helpers/client.ts';
import { ADMIN, browserSuite, e2eAvailable, hydrated } from './server.ts';

// Keyboard alone, in Chromium: a secretary logs in, opens a record, edits a field and saves
// it with Tab, Shift+Tab, Enter, Space and the arrow keys (and typing); a visitor walks the public navigation
// (skip link, the phone's menu, the language and theme menus, the search). At each step the focus lands where
// it should and can be seen: the focused element is drawn differently from the same element unfocused.

type Rec = Record<string, unknown>;

/** What has the focus: its tag, accessible-ish name and a few attributes, for assertions and messages. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', name: '', text: '' };
    const labelled = el.getAttribute('aria-labelledby');
    const label =
      el.getAttribute('aria-label') ??
      (labelled ? document.getElementById(labelled)?.textContent : null) ??
      (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null) ??
      el.closest('label')?.textContent ??
      '';
    return {
      tag: el.tagName.toLowerCase(),
      name: (label || el.textContent || '').replace(/\s+/g, ' ').trim(),
      text: (el.textContent ?? '').trim(),
      inputName: el.getAttribute('name') ?? '',
      type: el.getAttribute('type') ?? '',
      role: el.getAttribute('role') ?? '',
    };
  });

/** Whether the focused element is seen to have the focus: drawn otherwise than when it has not. */
async function focusVisible(page: Page): Promise<boolean> {
  const settle = () =>
    page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  await settle();
  const clip = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r = el.getBoundingClientRect();
    const x = Math.max(0, r.x - 4);
    const y = Math.max(0, r.y - 4);
    return { x, y, width: Math.min(window.innerWidth - x, r.width + 8), height: Math.min(window.innerHeight - y, r.height + 8) };
  });
  const shot = () => page.screenshot({ clip, caret: 'initial' });
  const withFocus = await shot();
  await page.evaluate(() => {
    const w = window as unknown as { refocus?: HTMLElement };
    w.refocus = document.activeElement as HTMLElement;
    w.refocus.blur();
  });
  await settle();
  const without = await shot();
  await page.evaluate(() => (window as unknown as { refocus: HTMLElement }).refocus.focus());
  await settle();
  return !withFocus.equals(without);
}

/** Presses Tab (or Shift+Tab) until the focused element passes `wanted`; fails after `max` presses. */
async function tabTo(page: Page, wanted: (f: Awaited<ReturnType<typeof focused>>) => boolean, what: string, { back = false, max = 60 } = {}) {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    if (wanted(f)) return f;
    seen.push(`${f.tag}:${f.name.slice(0, 30)}`);
  }
  throw new Error(`${what} not reached in ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}; the focus went through ${seen.join(' → ')}`);
}

describe.skipIf(!e2eAvailable)('keyboard alone', { timeout: 180_000 }, () => {
  const suite = browserSuite();
  let admin: Client;
  beforeAll(async () => {
    admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
  });

  test('login → open a record → edit a field → save; the history dialog keeps the focus and gives it back', async () => {
    const m = zh.console;
    const { page } = await suite.open({ lang: 'zh', width: 1280, height: 900 });
    await page.goto(suite.at('/login?redirect=%2Fconsole%2Farticle'));
    await hydrated(page, 'form.login-card button[type=submit]');
    await page.locator('form.login-card button[type=submit]:not([disabled])').waitFor();

    await tabTo(page, (f) => f.inputName === 'username', 'the username field');
    expect(await focusVisible(page), 'the username field shows its focus').toBe(true);
    await page.keyboard.type(ADMIN.username);
    await page.keyboard.press('Tab');
    expect((await focused(page)).inputName).toBe('password');
    await page.keyboard.type(ADMIN.password);
    const submit = await tabTo(page, (f) => f.tag === 'button' && f.type === 'submit', 'the login button');
    expect(submit.text).toBe(zh.auth.login);
    expect(await focusVisible(page), 'the login button shows its focus').toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/console/article', { timeout: 15_000 });
    await page.getByRole('table').getByRole('button', { name: m.edit, exact: true }).first().waitFor();

    // the first row's Edit button, reached through the page
    await tabTo(page, (f) => f.tag === 'button' && f.name === m.edit, 'the first Edit button', { max: 120 });
    expect(await focusVisible(page), 'the Edit button shows its focus').toBe(true);
    const aid = await page.evaluate(() => {
      const row = document.activeElement?.closest('tr');
      return row ? [...row.querySelectorAll('td')].map((td) => td.textContent ?? '') : [];
    });
    expect(aid.length).toBeGreaterThan(0);
    await page.keyboard.press('Enter');
    const editor = page.getByRole('form', { name: m.editing });
    await editor.waitFor();
    // the opened editor has the focus, on its first field (the title)
    expect(await page.evaluate(() => !!document.activeElement?.closest('form[aria-label]'))).toBe(true);
    const first = await focused(page);
    expect(first.name).toContain('标题');
    const id = Number(new URL(page.url()).searchParams.get('edit'));
    expect(id).toBeGreaterThan(0);

    // into the title again from the next field (Tab selects a field's text), a new title typed over it
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page)).name).toContain('标题');
    expect(await focusVisible(page), 'the title field shows its focus').toBe(true);
    const title = `键盘编辑 ${Date.now()}`;
    await page.keyboard.type(title);
    await tabTo(page, (f) => f.tag === 'button' && f.text === m.save, 'the Save button');
    expect(await focusVisible(page), 'the Save button shows its focus').toBe(true);
    await page.keyboard.press('Space');
    await page.getByText(m.modified).first().waitFor();
    await editor.waitFor({ state: 'detached' });
    const saved = (await admin.get(`/api/article/?aid=${id}`)).json() as Rec;
    expect(saved.title).toBe(title);
    // the focus is back on the Edit button of the row just saved
    await expect
      .poll(() => page.evaluate(() => (document.activeElement?.closest('tr')?.textContent ?? '') + (document.activeElement?.textContent ?? '')))
      .toContain(title);
    expect((await focused(page)).name).toBe(m.edit);
    expect(await focusVisible(page), 'the Edit button shows its focus again').toBe(true);

    // the history dialog: opened from the editor, it keeps the focus inside, and gives it back when closed
    await page.keyboard.press('Enter');
    await editor.waitFor();
    await tabTo(page, (f) => f.tag === 'button' && f.text === m.history.button, 'the History button', { back: true });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: new RegExp(`^${m.history.title}`) });
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (const key of [...Array(25).fill('Tab'), ...Array(10).fill('Shift+Tab')]) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `after ${key} the focus stays in the dialog`).toBe(true);
    }
    await tabTo(page, (f) => f.tag === 'button' && f.name === m.close, 'the dialog’s Close button');
    expect(await focusVisible(page), 'the Close button shows its focus').toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page)).text).toBe(m.history.button);
  });

  test('the public navigation: skip link, the language and theme menus, the search', async () => {
    const { page } = await suite.open({ lang: 'en', width: 1280, height: 900 });
    await page.goto(suite.at('/news'));
    await hydrated(page, 'header .menu-anchor button');

    // the first Tab shows the skip link; Enter goes past the top bar to the content
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', text: en.nav.skip });
    const box = await page.locator('.skip-link').boundingBox();
    expect(box && box.y >= 0 && box.x >= 0 && box.width > 10, 'the skip link is on the screen when focused').toBe(true);
    expect(await focusVisible(page), 'the skip link shows its focus').toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main')), 'the Tab after the skip link is in the content').toBe(true);

    // the theme menu: Enter opens it on its entries, the arrows move, Enter chooses, the focus comes back
    const theme = await tabTo(page, (f) => f.name.startsWith(en.theme.label), 'the theme button', { back: true });
    expect(theme.tag).toBe('button');
    expect(await focusVisible(page), 'the theme button shows its focus').toBe(true);
    await page.keyboard.press('Enter');
    expect((await focused(page)).role).toBe('menuitemradio');
    for (let i = 0; i < 3 && (await focused(page)).text !== en.theme.dark; i++) await page.keyboard.press('ArrowDown');
    expect((await focused(page)).text).toBe(en.theme.dark);
    expect(await focusVisible(page), 'a menu entry shows its focus').toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expect.poll(async () => (await focused(page)).name).toBe(en.theme.button.replace('{{theme}}', en.theme.dark));
    expect(await focusVisible(page), 'the theme button shows its focus in the dark theme').toBe(true);

    // the language menu, next in the bar
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe(en.lang.button.replace('{{lang}}', 'EN'));
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    expect((await focused(page)).text).toBe('中文');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await expect.poll(async () => (await focused(page)).name).toBe(zh.lang.button.replace('{{lang}}', '中文'));

    // the search field of the bar, before the theme button: typed words and Enter find results
    await tabTo(page, (f) => f.tag === 'input' && f.inputName === 'q', 'the search field', { back: true });
    expect(await focusVisible(page), 'the search field shows its focus').toBe(true);
    await page.keyboard.type('argument');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'argument');
    await expect.poll(() => page.locator('main a[href^="/publication/"]').count()).toBeGreaterThan(0);
  });

  test('the public navigation on a 390 px phone: skip link, the menu, its search and links', async () => {
    const { page } = await suite.open({ lang: 'en', width: 390, height: 844 });
    await page.goto(suite.at('/'));
    await hydrated(page, 'header .menu-anchor button');
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe(en.nav.skip);
    expect(await focusVisible(page), 'the skip link shows its focus').toBe(true);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'button', name: en.nav.menu });
    expect(await focusVisible(page), 'the menu button shows its focus').toBe(true);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('navigation', { name: en.nav.menu });
    await drawer.waitFor();
    // the open menu has the focus, on its first link; Escape closes it and gives the focus back
    expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    expect((await focused(page)).text).toBe(en.nav.home);
    expect(await focusVisible(page), 'a menu link shows its focus').toBe(true);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect((await focused(page)).name).toBe(en.nav.menu);

    // a link of the menu
    await page.keyboard.press('Enter');
    await drawer.waitFor();
    await tabTo(page, (f) => f.text === en.nav.people, 'the People link');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/people');
    await drawer.waitFor({ state: 'detached' });
    expect((await focused(page)).name).toBe(en.nav.menu);

    // the menu's search field, before its first link
    await page.keyboard.press('Space');
    await drawer.waitFor();
    await tabTo(page, (f) => f.tag === 'input' && f.inputName === 'q', 'the menu’s search field', { back: true, max: 3 });
    expect(await focusVisible(page), 'the search field shows its focus').toBe(true);
    await page.keyboard.type('argument');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/search' && u.searchParams.get('q') === 'argument');
    await expect.poll(() => page.locator('main a[href^="/publication/"]').count()).toBeGreaterThan(0);
  });
});
