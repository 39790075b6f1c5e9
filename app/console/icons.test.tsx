import { isValidElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { advisorIcon, navIcon } from './icons.tsx';
import { consoleNav } from './nav.ts';

// Every drawer entry of the console has a picture of its own: the entries are told apart at a glance, and on a
// narrow drawer by their pictures alone. Compared by what is drawn (the SVG's paths), not by name.

const drawing = (icon: ReactElement) => [...renderToStaticMarkup(icon).matchAll(/ d="([^"]*)"/g)].map((m) => m[1]).join(' ');

describe('the console drawer’s icons', () => {
  it('each entry (the declared screens, the screens of their own and the advisor area) draws a picture no other entry draws', () => {
    const entries = [...consoleNav.map((item) => [item.path, navIcon(item)] as const), ['advisor area', advisorIcon] as const];
    const byDrawing = new Map<string, string[]>();
    for (const [path, icon] of entries) {
      expect(isValidElement(icon), path).toBe(true);
      const d = drawing(icon);
      expect(d, `${path} draws nothing`).not.toBe('');
      byDrawing.set(d, [...(byDrawing.get(d) ?? []), path]);
    }
    const shared = [...byDrawing.values()].filter((paths) => paths.length > 1);
    expect(shared).toEqual([]);
  });
});
