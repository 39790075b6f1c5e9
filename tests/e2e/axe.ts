import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

// axe-core in the e2e suites (issue #28, part 3): tests/e2e/a11y-public.test.ts and a11y-console.test.ts.

/** The rule tags of WCAG 2.0, 2.1 and 2.2 at levels A and AA (axe-core's names; 2.2 adds AA rules only). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** The rules about colours, all a colour theme changes. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
/** The two widths checked: a laptop and a phone. */
export const WIDTHS = [1280, 390] as const;
export const sized = (width: number) => ({ width, height: width < 600 ? 844 : 900 });

/**
 * axe's violations on the page as it is now, one line each: rule, impact, target, where (the page, language,
 * theme and width the caller names) and what is wrong; `include` limits it to a part, `rules` to some rules.
 */
export async function violations(page: Page, where: string, { include, rules }: { include?: string; rules?: string[] } = {}): Promise<string[]> {
  // transitions over (a dialog fading in is measured half-transparent otherwise)
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 10_000 });
  // the page's own frame: the one frame of the site is the console's markdown preview of a public page,
  // checked as such; this saves a blank page per run
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  builder = rules ? builder.withRules(rules) : builder.withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => {
      const why = n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? '';
      return `${v.id} [${v.impact}] ${n.target.join(' ')} on ${where}: ${why} — ${n.html.slice(0, 160)}`;
    }),
  );
}

/** The message of a failed "no violations" assertion: how many, then one per line. */
export const listed = (found: string[]) => `${found.length} violations:\n${found.join('\n')}`;
