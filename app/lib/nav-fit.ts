// How much of the menu the top bar holds at each width: the entries that fit, in their order, then a
// "More" menu with the rest (a 1280 px laptop showed only the menu button when the bar waited for the whole
// menu to fit). Below the width the first entry fits at, the bar has the menu button, as on a phone. Decided on
// the server from the words themselves (app/styles/public.css has a rule per breakpoint), so the first paint
// is right before the page's scripts run.

/** The widths the bar switches at (app/styles/public.css has a rule for each). */
const NAV_BREAKPOINTS = [600, 768, 900, 1024, 1100, 1280, 1366, 1440, 1600, 1920] as const;
export type NavBreakpoint = (typeof NAV_BREAKPOINTS)[number];

const wide = (c: number) => (c >= 0x2e80 && c <= 0xa4cf) || (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xff00 && c <= 0xff60);
const thin = new Set([...'fijlrtI .,:;\'’"!|()-/']);
const broad = new Set([...'mwMW@%']);

/**
 * A text's width in px at 0.9rem, a little over what the bar's fonts draw (Segoe UI, Roboto, Arial and the
 * CJK fonts): an entry estimated too narrow would be cut, one too wide only moves to "More" a width earlier.
 */
function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0) as number;
    if (wide(c)) w += 14.6;
    else if (thin.has(ch)) w += 4.6;
    else if (broad.has(ch)) w += 12;
    else if (ch >= 'A' && ch <= 'Z') w += 10;
    else w += 7.6;
  }
  return w;
}

/** An entry's width in the bar: its label, 12 px each side, 2 px to the next. */
const entryWidth = (label: string) => textWidth(label) + 26;

export type NavFit = {
  /** From which width the bar shows the menu (below it, the menu button). */
  from: NavBreakpoint;
  /**
   * For each entry, the width below which it moves from the bar to "More" (undefined: it stays in the bar
   * wherever the bar shows the menu; 'all': it is in "More" at every width).
   */
  below: (NavBreakpoint | 'all' | undefined)[];
};

/** Where the bar holds each of the menu's entries, given the lab's name, the labels and the "More" button's label. */
export function navFit(labName: string, labels: readonly string[], more: string): NavFit {
  // the name: 1.1rem semi-bold, at most 28em wide, and 16 px of margin
  const brand = Math.min(textWidth(labName) * 1.26, 28 * 17.6) + 16;
  const moreWidth = entryWidth(`${more} ▾`);
  // the toolbar's padding and gaps, the theme, language and account buttons; the search is a field from 1280 px
  const rest = (width: number) => 32 + 5 * 8 + 44 + 84 + 44 + (width >= 1280 ? 220 : 44);
  const widths = labels.map(entryWidth);
  const total = widths.reduce((a, b) => a + b, 0);
  /** How many entries the bar holds at a width: all, or as many as fit beside "More". */
  const count = (b: number) => {
    const room = b - brand - rest(b);
    if (total <= room) return labels.length;
    let used = moreWidth;
    let n = 0;
    while (n < widths.length && used + (widths[n] as number) <= room) used += widths[n++] as number;
    return n;
  };
  // an entry is in the bar from the smallest width from which every wider one holds it too
  const below: NavFit['below'] = labels.map(() => 'all');
  let held = count(NAV_BREAKPOINTS.at(-1) as number);
  for (let i = 0; i < held; i++) below[i] = NAV_BREAKPOINTS.at(-1);
  for (let k = NAV_BREAKPOINTS.length - 2; k >= 0; k--) {
    held = Math.min(held, count(NAV_BREAKPOINTS[k] as number));
    for (let i = 0; i < held; i++) below[i] = NAV_BREAKPOINTS[k];
  }
  const from = below[0] === undefined || below[0] === 'all' ? 1920 : below[0];
  // wherever the bar shows the menu it holds the entries that fit from its first width: nothing to say for them
  return { from, below: below.map((b) => (b === from ? undefined : b)) };
}
