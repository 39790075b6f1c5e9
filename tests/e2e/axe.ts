import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';

// axe-core in the e2e suites (accessibility and colour checks): tests/e2e/a11y-public.test.ts, a11y-console.test.ts, theme.test.ts
// and bibtex-import.test.ts. axe goes into a context's pages as an init script (`withAxe`), which each page compiles
// as it loads: injecting its 550 KB into a page for each check (as @axe-core/playwright does, twice a check in
// its legacy mode) was most of a check's time, 0.7 s of about 1.2 s (docs/testing.md).

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The rule tags of WCAG 2.0, 2.1 and 2.2 at levels A and AA (axe-core's names; 2.2 adds AA rules only). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** The rules about colours, all a colour theme changes. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
/** The two widths checked: a laptop and a phone. */
export const WIDTHS = [1280, 390] as const;
export const sized = (width: number) => ({ width, height: width < 600 ? 844 : 900 });

/** Every page the context opens from now on has axe-core (as `window.axe`), whatever its script policy. */
export const withAxe = (context: BrowserContext) => context.addInitScript({ path: AXE_SOURCE });

/**
 * axe's violations on the page as it is now (a page of a context given to `withAxe`), one line each: rule, impact,
 * target, where (the page, language, theme and width the caller names) and what is wrong; `include` limits it to a
 * part (a selector), `rules` to some rules (else the WCAG A/AA ones); `also` adds rules beyond those (axe's best practices).
 */
export async function violations(
  page: Page,
  where: string,
  { include, rules, also = [] }: { include?: string; rules?: string[]; also?: string[] } = {},
): Promise<string[]> {
  // transitions over (a dialog fading in is measured half-transparent otherwise)
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 10_000 });
  const options: RunOptions = {
    runOnly: rules ? { type: 'rule', values: [...rules, ...also] } : { type: 'tag', values: WCAG_TAGS },
    ...(also.length > 0 && !rules ? { rules: Object.fromEntries(also.map((id) => [id, { enabled: true }])) } : {}),
    // passes and the rest are not read: axe then makes no selector for their nodes
    resultTypes: ['violations'],
  };
  const found = await page.evaluate(
    async ({ include, options }) => {
      const axe = (window as unknown as { axe?: { run: (context: unknown, options: RunOptions) => Promise<AxeResults> } }).axe;
      if (!axe) throw new Error('axe-core is not in this page: open it in a context given to withAxe');
      const result = await axe.run(include ? { include: [include] } : document, options);
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.map((n) => ({ target: n.target.map(String), html: n.html, failureSummary: n.failureSummary })),
      }));
    },
    { include, options },
  );
  return found.flatMap((v) =>
    v.nodes.map((n) => {
      const why = n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? '';
      return `${v.id} [${v.impact}] ${n.target.join(' ')} on ${where}: ${why} — ${n.html.slice(0, 160)}`;
    }),
  );
}

/** The message of a failed "no violations" assertion: how many, then one per line. */
export const listed = (found: string[]) => `${found.length} violations:\n${found.join('\n')}`;
