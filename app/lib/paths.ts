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

/** A redirect target that stays on this site: a path, never an absolute or protocol-relative URL. */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}
