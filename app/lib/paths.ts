import { paths, sitePath } from '../../common/paths.ts';

// The public frame's menu; the addresses themselves are in common/paths.ts.
const publicNav = [
  ['home', paths.home()],
  ['news', paths.news()],
  ['people', paths.people()],
  ['curriculum', paths.curriculum()],
  ['sharedtask', paths.sharedtask()],
  ['publication', paths.publication()],
  ['discopen', paths.discopen()],
] as const;

/** A menu entry: a fixed page (its label is `nav.{key}` of the i18n files) or a declared public resource (its label given). */
export type MenuEntry = { key: string; href: string; label?: string };

/**
 * The whole menu: the fixed pages (their places are 0, 10, … 60) and the declared public resources at the
 * places their declarations give (the server sends those in the root's data).
 */
export function menuOf(declared: readonly { key: string; href: string; order: number; label: string }[] = []): MenuEntry[] {
  const fixed = publicNav.map(([key, href], i) => ({ key, href, order: i * 10 }));
  return [...fixed, ...declared].sort((a, b) => a.order - b.order).map(({ order: _, ...e }) => e);
}

/** A redirect target that stays on this site (common/paths.ts `sitePath`), else `fallback`. */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  return sitePath(target) ?? fallback;
}
