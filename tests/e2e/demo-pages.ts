import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { people as demoPeople } from '../../cli/demo/content.ts';
import type { Lang } from '../../common/enums.ts';

// What the browser tests of the demo lab's declared pages share (records.test.ts, projects.test.ts): the
// widths they are seen at, a text in the page's language, a demo member's name, and the checks of a page.

export const widths = [1280, 390] as const;
export const inLang = (lang: Lang, zh: string, en: string) => (lang === 'zh' ? zh : en);

/** A demo member's name in `lang`. */
export function nameOf(username: string, lang: Lang): string {
  const p = demoPeople.find((x) => x.username === username);
  if (!p) throw new Error(`no demo person ${username}`);
  return lang === 'zh' ? p.name_zh : p.name_en;
}

// biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point (not hidden nodes, not scripts)
export const shown = (l: Locator) => l.innerText();

/** A full-page screenshot in test-results/, named `{prefix}-{name}.png`. */
export const shot = (prefix: string) => (page: Page, name: string) =>
  page.screenshot({ path: path.join('test-results', `${prefix}-${name}.png`), fullPage: true });

/** No part of the page is wider than the window (a phone scrolls down, never sideways). */
export const fitsWidth = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
