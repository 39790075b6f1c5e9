import { useCallback, useId, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import type { NavBreakpoint } from '../lib/nav-fit.ts';
import { useT } from '../i18n/index.tsx';
import { useDismiss } from './use-dismiss.ts';

export type BarEntry = { key: string; href: string; label: string; below?: NavBreakpoint | 'all' };

/**
 * The top bar's "More ▾": a disclosure button (not a menu of actions: its entries are links) that opens the
 * entries the bar has no room for at the window's width. Which those are is the stylesheet's business
 * (`data-below`, app/lib/nav-fit.ts), so the list holds every entry that is ever moved here. Escape, a click
 * elsewhere, the focus leaving it or a chosen link close it; Escape gives the focus back to the button.
 */
export function NavMore({ entries, current }: { entries: BarEntry[]; current?: BarEntry }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const root = useRef<HTMLDivElement>(null);
  const id = useId();
  const moved = entries.filter((e) => e.below !== undefined);
  // the button is needed below the widest width an entry moves at
  const below = moved.some((e) => e.below === 'all') ? 'all' : moved.map((e) => e.below as number).reduce((a, b) => Math.max(a, b), 0);

  useDismiss(root, open, close, { focusOut: true });

  if (moved.length === 0) return null;
  return (
    // the current page's entry, where it is in "More", marks the button (app/styles/public.css)
    <div className="nav-more" ref={root} data-below={below} data-current-below={current?.below}>
      <button type="button" aria-expanded={open} aria-controls={open ? id : undefined} onClick={() => setOpen((o) => !o)}>
        {t('nav.more')}
        <span aria-hidden="true"> ▾</span>
      </button>
      {open && (
        <ul className="menu nav-more-list" id={id}>
          {moved.map(({ key, href, label, below }) => (
            <li key={key} data-below={below}>
              <NavLink to={href} end={href === '/'} onClick={() => setOpen(false)}>
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
