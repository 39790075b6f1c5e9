import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useDismiss } from './use-dismiss.ts';

// A small accessible menu button: opens a list of actions below it; closes on choice, on Escape
// and on a click elsewhere; arrow keys move between entries.

export type DropdownEntry = { key: string; label: ReactNode; onSelect: () => void; checked?: boolean; lang?: string };

/**
 * `label` names the menu, and the button too unless `buttonLabel` does: a button that shows text must be
 * named by a text that contains it (WCAG 2.5.3, axe's label-content-name-mismatch).
 */
export function Dropdown({
  label,
  buttonLabel = label,
  button,
  entries,
  light = false,
}: {
  label: string;
  buttonLabel?: string;
  button: ReactNode;
  entries: DropdownEntry[];
  light?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const id = useId();

  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close);
  // opened: the focus on the first entry
  useEffect(() => {
    if (open) root.current?.querySelector<HTMLButtonElement>('[role="menuitem"], [role="menuitemradio"]')?.focus();
  }, [open]);

  const move = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const items = [...(root.current?.querySelectorAll<HTMLButtonElement>('.menu button') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    items[(at + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]?.focus();
  };

  const radio = entries.some((e) => e.checked !== undefined);
  return (
    <div className="menu-anchor" ref={root}>
      <button
        type="button"
        className={`icon-button${light ? ' on-light' : ''}`}
        aria-label={buttonLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {button}
      </button>
      {open && (
        <div className="menu" role="menu" id={id} aria-label={label} onKeyDown={move} tabIndex={-1}>
          {entries.map((e) => {
            const choose = () => {
              setOpen(false);
              // the focus goes back to the menu's button, not to the page's start
              root.current?.querySelector<HTMLButtonElement>('button')?.focus();
              e.onSelect();
            };
            return radio ? (
              <button key={e.key} type="button" role="menuitemradio" aria-checked={!!e.checked} lang={e.lang} onClick={choose}>
                {e.label}
              </button>
            ) : (
              <button key={e.key} type="button" role="menuitem" lang={e.lang} onClick={choose}>
                {e.label}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
