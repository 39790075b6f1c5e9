import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Lang } from '../../common/enums.ts';
import { isPublicResource, publicListPath } from '../../common/resource.ts';
import { resources } from '../../common/resources/index.ts';
import { translate } from '../../app/i18n/index.tsx';
import { menuOf } from '../../app/lib/paths.ts';
import { browserSuite, e2eAvailable, hydrated } from './server.ts';

// The public pages at an ordinary laptop's width and on a phone: the top bar holds the menu entries that fit
// and "More" with the rest (it showed no menu at all below 1440 px in Chinese, 1920 px in English), and a
// phone's publication list starts in the first screen, its filters folded away.

/** The menu's labels in `lang`: the fixed entries and every declared public resource, in their order. */
const menu = (lang: Lang) =>
  menuOf(
    Object.values(resources).flatMap((res) =>
      isPublicResource(res) ? [{ key: res.name, href: publicListPath(res), order: res.public.nav.order, label: res.public.nav.label[lang] }] : [],
    ),
  ).map((e) => ({ label: e.label ?? translate(lang, `nav.${e.key}`), href: e.href }));

/** The labels of the visible links among these, each checked whole: not cut, not covered, inside the window. */
async function shownWhole(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((els) =>
    els.flatMap((el) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || getComputedStyle(el).visibility === 'hidden') return [];
      const text = el.textContent?.trim() ?? '';
      const whole = (hit: Element | null) => !!hit && (hit === el || el.contains(hit));
      const problems = [
        el.scrollWidth > el.clientWidth + 1 ? 'cut' : '',
        r.left < 0 || r.right > window.innerWidth ? 'outside the window' : '',
        whole(document.elementFromPoint(r.left + 2, r.top + r.height / 2)) && whole(document.elementFromPoint(r.right - 2, r.top + r.height / 2))
          ? ''
          : 'covered',
      ].filter(Boolean);
      return [problems.length ? `${text}: ${problems.join(', ')}` : text];
    }),
  );
}

describe.skipIf(!e2eAvailable)('crowded screens', { timeout: 90_000 }, () => {
  const suite = browserSuite();
  const at = suite.at;

  for (const lang of ['zh', 'en'] as const)
    for (const [width, height] of [
      [1280, 800],
      [1366, 768],
      // a tablet's and a small laptop's widths: fewer entries, still whole
      [768, 1024],
      [1024, 768],
    ] as const)
      test(`at ${width}×${height} (${lang}) every menu entry is in the bar or under “More”, whole`, async () => {
        const { page, context } = await suite.open({ lang, width, height });
        const wanted = menu(lang);
        await page.goto(at('/news'));
        await hydrated(page, 'header');
        if (width < 1280 && (await page.locator('header .menu-button').isVisible())) {
          // where not even the first entry fits beside the lab's name, the phone's menu button
          expect(await page.locator('header nav.nav').isVisible()).toBe(false);
          await context.close();
          return;
        }
        expect(await page.locator('header .menu-button').isVisible(), 'no menu button').toBe(false);
        const bar = await shownWhole(page, 'header nav.nav > a');
        expect(bar.length, 'the bar holds entries').toBeGreaterThan(0);
        // the bar's entries are the menu's first ones, each shown whole
        expect(bar).toEqual(wanted.slice(0, bar.length).map((e) => e.label));
        const more = page.locator('header nav.nav .nav-more > button');
        if (bar.length < wanted.length) {
          expect(await shownWhole(page, 'header nav.nav .nav-more > button')).toEqual([inLang(lang, '更多 ▾', 'More ▾')]);
          expect(await more.getAttribute('aria-expanded')).toBe('false');
          await more.focus();
          await page.keyboard.press('Enter');
          expect(await more.getAttribute('aria-expanded')).toBe('true');
          // "More" holds the rest, in order, each whole and reachable by the keyboard
          expect(await shownWhole(page, 'header .nav-more-list a')).toEqual(wanted.slice(bar.length).map((e) => e.label));
          await page.keyboard.press('Tab');
          expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(wanted[bar.length]?.label);
          // Escape closes it and gives the focus back to its button
          await page.keyboard.press('Escape');
          expect(await more.getAttribute('aria-expanded')).toBe('false');
          expect(await page.locator('header .nav-more-list').count()).toBe(0);
          expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(inLang(lang, '更多 ▾', 'More ▾'));
        } else expect(await more.isVisible()).toBe(false);
        // nothing wider than the window
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await context.close();
      });

  test('the current page’s entry, inside “More”, marks the button and is marked in the list', async () => {
    const { page, context } = await suite.open({ lang: 'en', width: 1280, height: 800 });
    const last = menu('en').at(-1) as { label: string; href: string };
    await page.goto(at(last.href));
    await hydrated(page, 'header');
    const more = page.locator('header .nav-more > button');
    const accent = () => more.evaluate((b) => getComputedStyle(b).borderBottomColor);
    expect(await accent()).not.toBe('rgba(0, 0, 0, 0)');
    await more.click();
    const entry = page.locator('header .nav-more-list a', { hasText: last.label });
    expect(await entry.getAttribute('aria-current')).toBe('page');
    // a click elsewhere closes it
    await page.locator('main').click({ position: { x: 5, y: 300 } });
    expect(await page.locator('header .nav-more-list').count()).toBe(0);
    // on a page whose entry is in the bar, the button is not marked
    await page.goto(at('/news'));
    await hydrated(page, 'header');
    expect(await accent()).toBe('rgba(0, 0, 0, 0)');
    await context.close();
  });

  test('on a phone the bar has the menu button', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const { page, context } = await suite.open({ lang, width: 390, height: 844 });
      await page.goto(at('/news'));
      expect(await page.locator('header .menu-button').isVisible()).toBe(true);
      expect(await page.locator('header nav.nav').isVisible()).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await context.close();
    }
  });

  test('on a phone the publication list starts in the first screen, its filters behind “Filter”; on a laptop they show as before', async () => {
    for (const lang of ['zh', 'en'] as const) {
      for (const javaScriptEnabled of [true, false]) {
        const { page, context } = await suite.open({ lang, width: 390, height: 844, context: { javaScriptEnabled } });
        const where = `${lang}${javaScriptEnabled ? '' : ' without scripts'}`;
        await page.goto(at('/publication'));
        if (javaScriptEnabled) await hydrated(page, 'header');
        // the first publication whole in the first screen, starting in its upper half (below a dozen chips, it
        // started at 556 px in Chinese and 700 px in English, cut at the screen's edge)
        const first = (await page.locator('ol.publications > li').first().boundingBox()) ?? { y: 9999, height: 0 };
        expect(first.y, `${where}: the first publication starts in the screen's upper half`).toBeLessThan(844 / 2);
        expect(first.y + first.height, `${where}: the first publication whole in the first screen`).toBeLessThanOrEqual(844);
        const chip = page.locator('nav.filters .chip').first();
        expect(await chip.isVisible(), where).toBe(false);
        const summary = page.locator('details.filter-panel > summary');
        expect(await summary.textContent()).toBe(inLang(lang, '筛选', 'Filter'));
        await summary.click();
        expect(await chip.isVisible(), where).toBe(true);
        expect(await page.locator('nav.filters[data-filter="rank"] .chip').first().isVisible(), where).toBe(true);
        // a chosen area: the summary counts it
        await page.locator('nav.filters .chip').nth(1).click();
        await page.waitForURL(/area=/);
        await expect.poll(() => summary.textContent()).toBe(inLang(lang, '筛选（已选 1 项）', 'Filter (1 chosen)'));
        await context.close();
      }
      const { page, context } = await suite.open({ lang, width: 1280, height: 800 });
      await page.goto(at('/publication'));
      expect(await page.locator('nav.filters .chip').first().isVisible()).toBe(true);
      expect(await page.locator('nav.filters[data-filter="rank"] .chip').first().isVisible()).toBe(true);
      expect(await page.locator('details.filter-panel > summary').isVisible()).toBe(false);
      await context.close();
    }
  });
});

const inLang = (lang: Lang, zh: string, en: string) => (lang === 'zh' ? zh : en);
