import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { listed, violations, withAxe } from './axe.ts';
import { browserSuite, e2eAvailable, hydrated } from './server.ts';

// The dark theme of the public site: it follows the system without a choice, the
// frame's menu chooses and remembers (the `theme` cookie), the server renders the choice so the first
// paint has it (and keeps one cached page per theme), and every public page passes axe's colour-contrast
// rule in both themes, in both languages.

type Scheme = 'light' | 'dark';

/** The data-theme attribute of the <html> element in a page's HTML as the server sent it (null: none). */
const themeInHtml = (html: string) => {
  const tag = /<html\b[^>]*>/.exec(html)?.[0] ?? '';
  return /\sdata-theme="([^"]*)"/.exec(tag)?.[1] ?? null;
};

/** The relative luminance of a computed rgb() colour: under 0.1 is dark, over 0.8 light. */
const luminance = (rgb: string) => {
  const [r, g, b] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((c) => {
    const v = Number(c) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
};

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const dataTheme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme ?? null);

/** The palette in force: every custom property the stylesheet declares on :root, as computed now. */
const palette = (page: Page) =>
  page.evaluate(() => {
    const names = new Set<string>();
    const visit = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSMediaRule) visit(rule.cssRules);
        else if (rule instanceof CSSStyleRule && rule.selectorText.startsWith(':root'))
          for (const name of rule.style) if (name.startsWith('--')) names.add(name);
      }
    };
    for (const sheet of document.styleSheets) visit(sheet.cssRules);
    const style = getComputedStyle(document.documentElement);
    return Object.fromEntries([...names].sort().map((n) => [n, style.getPropertyValue(n).trim()]));
  });

describe.skipIf(!e2eAvailable)('the colour themes', { timeout: 60_000 }, () => {
  const suite = browserSuite();
  const at = suite.at;
  const open = (scheme: Scheme, options: { lang?: 'zh' | 'en'; width?: number; height?: number } = {}) =>
    suite.open({ ...options, context: { colorScheme: scheme } });
  const themeButton = (page: Page) => page.locator('header').getByRole('button', { name: /^(Colour theme|配色)/ });
  async function choose(page: Page, name: string) {
    await themeButton(page).click();
    await page.getByRole('menuitemradio', { name, exact: true }).click();
  }

  test('without a choice it follows the system: dark when the system prefers dark', async () => {
    const { page } = await open('dark');
    const res = await page.goto(at('/people'));
    expect(themeInHtml((await res?.text()) ?? '')).toBeNull();
    expect(luminance(await bodyBackground(page))).toBeLessThan(0.1);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
    const light = await open('light');
    await light.page.goto(at('/people'));
    expect(luminance(await bodyBackground(light.page))).toBeGreaterThan(0.8);
  });

  test('a chosen theme overrides the system, and the dark palette is the same either way', async () => {
    const systemDark = (await open('dark')).page;
    await systemDark.goto(at('/news'));
    const chosenDark = await open('light');
    await chosenDark.context.addCookies([{ name: 'theme', value: 'dark', url: at('/') }]);
    await chosenDark.page.goto(at('/news'));
    expect(await dataTheme(chosenDark.page)).toBe('dark');
    const dark = await palette(systemDark);
    expect(Object.keys(dark).length).toBeGreaterThan(20);
    expect(await palette(chosenDark.page)).toEqual(dark);

    const systemLight = (await open('light')).page;
    await systemLight.goto(at('/news'));
    const chosenLight = await open('dark');
    await chosenLight.context.addCookies([{ name: 'theme', value: 'light', url: at('/') }]);
    await chosenLight.page.goto(at('/news'));
    expect(await palette(chosenLight.page)).toEqual(await palette(systemLight));
    expect(await palette(systemLight)).not.toEqual(dark);
  });

  test('the menu applies a choice at once, remembers it in a cookie and the server renders it on reload', async () => {
    const { page, context } = await open('dark', { width: 1920 });
    await page.goto(at('/'));
    await hydrated(page, 'header .menu-anchor button');
    expect(await themeButton(page).getAttribute('aria-label')).toBe('Colour theme: As the system');

    await choose(page, 'Light');
    expect(await dataTheme(page)).toBe('light');
    expect(luminance(await bodyBackground(page))).toBeGreaterThan(0.8);
    expect(await themeButton(page).getAttribute('aria-label')).toBe('Colour theme: Light');
    const cookie = (await context.cookies()).find((c) => c.name === 'theme');
    expect(cookie).toMatchObject({ value: 'light', path: '/', sameSite: 'Lax' });
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);

    // the server's own HTML carries the choice: no paint in the system's dark first
    const reloaded = await page.reload();
    expect(themeInHtml((await reloaded?.text()) ?? '')).toBe('light');
    expect(luminance(await bodyBackground(page))).toBeGreaterThan(0.8);

    // a page reached in the browser keeps it
    await hydrated(page, 'header .menu-anchor button');
    await page.locator('header nav').getByRole('link', { name: 'People', exact: true }).click();
    await page.waitForURL(at('/people'));
    await page.locator('.page-header h1').waitFor();
    expect(await dataTheme(page)).toBe('light');

    await choose(page, 'Dark');
    expect(await dataTheme(page)).toBe('dark');
    expect(luminance(await bodyBackground(page))).toBeLessThan(0.1);

    // "as the system" forgets the choice
    await choose(page, 'As the system');
    expect(await dataTheme(page)).toBeNull();
    expect((await context.cookies()).find((c) => c.name === 'theme')).toBeUndefined();
    expect(luminance(await bodyBackground(page))).toBeLessThan(0.1);
    const again = await page.reload();
    expect(themeInHtml((await again?.text()) ?? '')).toBeNull();
  });

  test('the menu has its name and entries in Chinese', async () => {
    const { page } = await open('light', { lang: 'zh' });
    await page.goto(at('/?lang=zh'));
    await hydrated(page, 'header .menu-anchor button');
    expect(await themeButton(page).getAttribute('aria-label')).toBe('配色：跟随系统');
    await choose(page, '深色');
    expect(await dataTheme(page)).toBe('dark');
    expect(await themeButton(page).getAttribute('aria-label')).toBe('配色：深色');
  });

  test('the page cache keeps one page per theme, and a junk cookie shares the no-choice page', async () => {
    const get = async (cookie?: string) => {
      const res = await fetch(at('/curriculum/Intro-to-AI'), { headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) } });
      return { state: res.headers.get('x-cache'), theme: themeInHtml(await res.text()) };
    };
    const cache = suite.site.app.responseCache;
    const before = cache.size;
    expect(await get('theme=dark')).toEqual({ state: 'miss', theme: 'dark' });
    expect(await get()).toEqual({ state: 'miss', theme: null });
    expect(await get('theme=light')).toEqual({ state: 'miss', theme: 'light' });
    expect(await get('theme=<script>')).toEqual({ state: 'hit', theme: null });
    expect(await get('theme=%3Cscript%3E; lang=en')).toEqual({ state: 'hit', theme: null });
    expect(await get('theme=dark')).toEqual({ state: 'hit', theme: 'dark' });
    expect(await get('theme=light')).toEqual({ state: 'hit', theme: 'light' });
    for (let i = 0; i < 20; i++) expect((await get(`theme=junk${i}`)).theme).toBeNull();
    expect(cache.size - before).toBe(3);
  });

  test.each([390, 360])('on a %i px phone the menu is in the top bar, within reach, and nothing scrolls sideways', async (width) => {
    for (const lang of ['en', 'zh'] as const) {
      const { page } = await open('dark', { lang, width, height: 844 });
      for (const p of ['/', '/people', '/publication/1']) {
        await page.goto(at(`${p}${p.includes('?') ? '&' : '?'}lang=${lang}`));
        await hydrated(page, 'header .menu-anchor button');
        const button = themeButton(page);
        expect(await button.isVisible()).toBe(true);
        const box = await button.boundingBox();
        expect(box?.x).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
        expect(box?.height).toBeGreaterThanOrEqual(44);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${p} in ${lang}`).toBeLessThanOrEqual(width);
        // the toolbar's own items all fit inside it
        const overflow = await page.evaluate(() => {
          const bar = document.querySelector('.toolbar') as HTMLElement;
          return bar.scrollWidth - bar.clientWidth;
        });
        expect(overflow, `${p} in ${lang}: the top bar overflows`).toBe(0);
      }
      // reachable by keyboard, and the menu fits the screen
      await themeButton(page).focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await menu.waitFor();
      const box = await menu.boundingBox();
      expect(box?.x).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      expect(await dataTheme(page)).toBe('light');
    }
  });

  // -------------------------------------------------------------------------------------------
  // Contrast: axe on every public page (the sitemap's, the login and the not-found page), in both
  // themes and both languages; the home page also with its top bar solid

  async function publicPaths(): Promise<string[]> {
    const xml = await (await fetch(at('/sitemap.xml'))).text();
    const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
      const u = new URL((m[1] ?? '').replaceAll('&amp;', '&'));
      return u.pathname + u.search;
    });
    expect(paths.length).toBeGreaterThan(20);
    return [...paths, '/publication?area=1', '/login', '/no-such-page'];
  }

  // Each page is loaded once a language and checked in both themes: the system's scheme is switched in place
  // (Playwright's emulated media, as a reader's system switching at dusk), which is the same palette a chosen
  // theme gives (the test of the chosen theme above proves it), for half the page loads of a load per theme.
  test.each(['en', 'zh'] as const)(
    'every public page passes the colour-contrast rule in the light and the dark theme, in %s',
    { timeout: 360_000 },
    async (lang) => {
      const queue = await publicPaths();
      const { context } = await open('light', { lang });
      await withAxe(context);
      const failures: string[] = [];
      /** The page as it is now, in `scheme`: switched to it, seen to be in it, and checked. */
      const inScheme = async (page: Page, url: string, scheme: Scheme, where = url) => {
        await page.emulateMedia({ colorScheme: scheme });
        // (axe's check waits for the transitions of the switch to end, so the colour is read after it)
        failures.push(...(await violations(page, `${where} (${scheme})`, { rules: ['color-contrast'] })));
        expect(luminance(await bodyBackground(page)) < 0.1, `${where} is ${scheme}`).toBe(scheme === 'dark');
      };
      const check = async (page: Page, p: string) => {
        const url = `${p}${p.includes('?') ? '&' : '?'}lang=${lang}`;
        await page.emulateMedia({ colorScheme: 'light' });
        const res = await page.goto(at(url));
        expect([200, 404], url).toContain(res?.status());
        await inScheme(page, url, 'light');
        await inScheme(page, url, 'dark');
        if (p === '/') {
          // the bar turns solid past max(width / 3, 200 px): check it (and the page under it) solid too
          await hydrated(page, 'header .menu-anchor button');
          await page.evaluate(() => window.scrollTo(0, 800));
          // solid, its colour transition over (a fixed wait is not enough on a busy machine)
          await page.waitForFunction(() => {
            const bar = document.querySelector('header.appbar:not(.transparent)');
            return !!bar && bar.getAnimations().length === 0 && !getComputedStyle(bar).backgroundColor.startsWith('rgba');
          });
          await inScheme(page, url, 'dark', `${url} (scrolled)`);
          await inScheme(page, url, 'light', `${url} (scrolled)`);
        }
      };
      // three tabs take the pages in turn
      const tabs = await Promise.all([1, 2, 3].map(() => context.newPage()));
      await Promise.all(
        tabs.map(async (page) => {
          for (let p = queue.shift(); p !== undefined; p = queue.shift()) await check(page, p);
        }),
      );
      expect(failures, listed(failures)).toEqual([]);
    },
  );
});
