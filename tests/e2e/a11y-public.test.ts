import { describe, expect, test } from 'vitest';
import { en } from '../../app/i18n/en.ts';
import { zh } from '../../app/i18n/zh.ts';
import { COLOUR_RULES, listed, sized, violations, WIDTHS, withAxe } from './axe.ts';
import { browserSuite, e2eAvailable, hydrated } from './server.ts';
import { isPublicResource, publicListPath } from '../../common/resource.ts';
import { resources } from '../../common/resources/index.ts';

// Accessibility with no exceptions, the public site: axe-core on one page of each kind in
// both languages and both themes, at 1280 and 390 px, with the home page's menus open and its bar solid:
// 0 violations of the WCAG 2.2 A/AA rules (tests/e2e/axe.ts). A failure lists each violation as rule,
// impact, target and page. The console is tests/e2e/a11y-console.test.ts.

const messages = { zh, en } as const;
type Lang = keyof typeof messages;
type Scheme = 'light' | 'dark';
const LANGS: Lang[] = ['zh', 'en'];
const SCHEMES: Scheme[] = ['light', 'dark'];

describe.skipIf(!e2eAvailable)('accessibility of the public site (axe-core, WCAG 2.2 A/AA)', { timeout: 600_000 }, () => {
  const suite = browserSuite();
  const at = suite.at;

  // -------------------------------------------------------------------------------------------
  // The public site: one page of each kind, in both languages and themes, at both widths

  /** One page of each kind: the lists, an item of each, the search with results, the login and the not-found page. */
  async function publicPages(): Promise<string[]> {
    const xml = await (await fetch(at('/sitemap.xml'))).text();
    const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL((m[1] ?? '').replaceAll('&amp;', '&')).pathname);
    const first = (re: RegExp) => {
      const p = paths.find((x) => re.test(x));
      if (!p) throw new Error(`the sitemap has no page like ${re}`);
      return p;
    };
    return [
      '/',
      '/news',
      first(/^\/news\/[^/]+$/),
      '/news-archive',
      first(/^\/news-item\/\d+$/),
      '/people',
      first(/^\/people\/[^/]+$/),
      '/curriculum',
      first(/^\/curriculum\/[^/]+$/),
      '/sharedtask',
      first(/^\/sharedtask\/[^/]+$/),
      '/publication',
      first(/^\/publication\/\d+$/),
      '/DISCOpen',
      // each resource declared with a public part: its list and a record's page
      ...Object.values(resources).flatMap((res) => (isPublicResource(res) ? [publicListPath(res), first(new RegExp(`^/${res.public.segment}/\\d+$`))] : [])),
      '/search?q=argument',
      '/search',
      '/login',
      '/no-such-page',
    ];
  }

  test('the check itself finds what it must: text without contrast, an image without a text, in a page of the site', async () => {
    const { page, context } = await suite.open({ lang: 'en' });
    await withAxe(context);
    await page.goto(at('/people?lang=en'));
    await hydrated(page, 'header .menu-anchor button');
    await page.evaluate(() => {
      const p = document.createElement('p');
      p.id = 'faint';
      p.textContent = 'faint text';
      p.style.cssText = 'color:#eee;background:#fff';
      const img = document.createElement('img');
      img.id = 'nameless';
      img.src = '/static/favicon.svg';
      document.querySelector('main')?.append(p, img);
    });
    const found = await violations(page, '/people');
    expect(found.filter((v) => v.startsWith('color-contrast [serious] #faint'))).toHaveLength(1);
    expect(found.filter((v) => v.startsWith('image-alt [critical] #nameless'))).toHaveLength(1);
    expect(await violations(page, '/people', { rules: COLOUR_RULES })).toEqual([expect.stringMatching(/^color-contrast .*#faint/)]);
    expect(await violations(page, '/people', { include: 'header' })).toEqual([]);
  });

  // each page loaded once a language and width, and checked in both themes: the system's scheme switched in place
  // (the themes differ in their colours alone, so the dark one is checked by the colour rules)
  test.each(LANGS.flatMap((lang) => WIDTHS.map((width) => [lang, width] as const)))(
    'public pages in %s at %i px, in the light and the dark theme: 0 violations',
    async (lang, width) => {
      const pages = await publicPages();
      const found: string[] = [];
      const { page } = await suite.open({ lang, ...sized(width), context: { colorScheme: 'light' } });
      await withAxe(page.context());
      for (const p of pages) {
        const url = `${p}${p.includes('?') ? '&' : '?'}lang=${lang}`;
        await page.emulateMedia({ colorScheme: 'light' });
        const res = await page.goto(at(url));
        expect([200, 404], url).toContain(res?.status());
        await hydrated(page, p === '/login' ? 'form.login-card button[type=submit]' : 'header .menu-anchor button');
        for (const scheme of SCHEMES) {
          await page.emulateMedia({ colorScheme: scheme });
          const where = `${url} (${scheme}, ${width} px)`;
          const rules = scheme === 'dark' ? COLOUR_RULES : undefined;
          found.push(...(await violations(page, where, { rules })));
          if (p !== '/') continue;
          // the home page's menus, open: the phone menu on a phone, the language and theme menus
          if (width < 600) {
            await page.locator('header .menu-button').click();
            await page.locator('nav.drawer').waitFor();
            found.push(...(await violations(page, `${where}, menu open`, { rules })));
            await page.keyboard.press('Escape');
            await page.locator('nav.drawer').waitFor({ state: 'hidden' });
          }
          // the bar's "More", where the menu does not fit whole
          const more = page.locator('header .nav-more > button');
          if (await more.isVisible()) {
            await more.click();
            await page.locator('header .nav-more-list').waitFor();
            found.push(...(await violations(page, `${where}, More open`, { rules, include: 'header' })));
            await page.keyboard.press('Escape');
            await page.locator('header .nav-more-list').waitFor({ state: 'detached' });
          }
          for (const name of [messages[lang].lang.label, messages[lang].theme.label]) {
            await page
              .locator('header')
              .getByRole('button', { name: new RegExp(`^${name}`) })
              .click();
            await page.getByRole('menu').waitFor();
            found.push(...(await violations(page, `${where}, ${name} menu open`, { rules, include: 'header' })));
            await page.keyboard.press('Escape');
            await page.getByRole('menu').waitFor({ state: 'hidden' });
          }
        }
        if (p !== '/') continue;
        // and with its top bar solid (past the first screen): the bar's colours change
        await page.evaluate(() => window.scrollTo(0, 1200));
        await page.locator('header.appbar:not(.transparent)').waitFor();
        for (const scheme of SCHEMES) {
          await page.emulateMedia({ colorScheme: scheme });
          found.push(...(await violations(page, `${url} (${scheme}, ${width} px), scrolled`, { rules: COLOUR_RULES, include: 'header' })));
        }
      }
      expect(found, listed(found)).toEqual([]);
    },
  );
});
