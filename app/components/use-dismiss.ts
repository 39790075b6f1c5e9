import { type RefObject, useEffect } from 'react';

/**
 * While `open`: a press outside `root` (and, with `focusOut`, the focus moving outside it) closes it, and Escape
 * closes it and gives the focus back to its first button (the one that opened it). The language menu and the
 * top bar's "More" share it.
 */
export function useDismiss(root: RefObject<HTMLElement | null>, open: boolean, close: () => void, { focusOut = false } = {}) {
  useEffect(() => {
    if (!open) return;
    const away = (e: Event) => {
      if (root.current && !root.current.contains(e.target as Node)) close();
    };
    const key = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        close();
        root.current?.querySelector<HTMLButtonElement>('button')?.focus();
      }
    };
    document.addEventListener('mousedown', away);
    if (focusOut) document.addEventListener('focusin', away);
    document.addEventListener('keydown', key);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('focusin', away);
      document.removeEventListener('keydown', key);
    };
  }, [open, close, root, focusOut]);
}
