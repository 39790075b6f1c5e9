import { cookieValue } from './lang.ts';

// The colour theme of the public site: the reader's own choice from the frame's theme menu,
// kept in the `theme` cookie so the server renders it (docs/decisions/016-dark-theme.md); without one the site follows
// the system's preference (prefers-color-scheme). Anything but `light` or `dark` counts as no choice.

export const THEME_COOKIE = 'theme';

export const themes = ['system', 'light', 'dark'] as const;
export type Theme = (typeof themes)[number];

/** The theme a request's cookies chose: one of three values whatever the header holds. */
export function themeOfCookie(cookieHeader: string | null | undefined): Theme {
  const v = cookieValue(cookieHeader, THEME_COOKIE);
  return v === 'light' || v === 'dark' ? v : 'system';
}
