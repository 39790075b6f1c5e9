import { paths } from '../../common/paths.ts';

// The public frame's menu; the addresses themselves are in common/paths.ts.
export const publicNav = [
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
 * places their declarations give (issue #27; the server sends those in the root's data).
 */
export function menuOf(declared: readonly { key: string; href: string; order: number; label: string }[] = []): MenuEntry[] {
  const fixed = publicNav.map(([key, href], i) => ({ key, href, order: i * 10 }));
  return [...fixed, ...declared].sort((a, b) => a.order - b.order).map(({ order: _, ...e }) => e);
}

/** Any origin: a path is judged by whether it resolves to the origin it is resolved against. */
const HERE = 'https://here.invalid';

/**
 * A redirect target that stays on this site: a path that the URL parser resolves to this origin, given
 * as it resolved it. A check of the text alone misses what the parser drops or rewrites (`/\t/evil.example`
 * loses its tab and becomes `//evil.example`; `/\evil` becomes `//evil`), so the parser decides (issue #25).
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target?.startsWith('/')) return fallback;
  let url: URL;
  try {
    url = new URL(target, HERE);
  } catch {
    return fallback;
  }
  if (url.origin !== HERE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
