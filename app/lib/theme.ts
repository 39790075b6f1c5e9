import { useSyncExternalStore } from 'react';
import { THEME_COOKIE, type Theme } from '../../common/theme.ts';
import { basePath } from './base.ts';

// The colour theme on the client. The server renders the reader's choice (the `theme` cookie, root
// loader); a choice made in the frame's menu takes effect at once, here, and is kept in the cookie for the
// next page the server renders. Until then the loader's value stands.

let chosen: Theme | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The theme in force: the one chosen on this page, else the one the server rendered. */
export function useTheme(rendered: Theme): Theme {
  return useSyncExternalStore(
    subscribe,
    () => chosen ?? rendered,
    () => rendered,
  );
}

/** Applies a theme now (on <html>, without a reload) and remembers it for a year; `system` forgets the choice. */
export function chooseTheme(theme: Theme) {
  chosen = theme;
  const path = basePath() || '/';
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie the server reads; the Cookie Store API is not in every browser
  document.cookie =
    theme === 'system' ? `${THEME_COOKIE}=; path=${path}; max-age=0; samesite=lax` : `${THEME_COOKIE}=${theme}; path=${path}; max-age=31536000; samesite=lax`;
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  for (const l of listeners) l();
}
