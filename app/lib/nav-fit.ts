// From which window width the top bar can show the whole menu (every declared public resource adds
// an entry, and the English menu of ten entries no longer fit a 1280 px bar: it scrolled sideways, its last
// entries out of sight). Below that width the bar shows the menu button, as on a phone. Decided on the server
// from the words themselves, so the page is the same before and after its scripts run.

/** The widths the bar switches at (app/styles/public.css has a rule for each). */
const NAV_BREAKPOINTS = [600, 900, 1100, 1280, 1440, 1600, 1920] as const;
export type NavBreakpoint = (typeof NAV_BREAKPOINTS)[number];

/** A character's width in px at the bar's sizes: Chinese (and other wide) characters, else Latin capitals. */
const wide = (c: number) => (c >= 0x2e80 && c <= 0xa4cf) || (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xff00 && c <= 0xff60);
function textWidth(text: string, narrow: number, cjk: number): number {
  let w = 0;
  for (const ch of text) w += wide(ch.codePointAt(0) as number) ? cjk : narrow;
  return w;
}

/** The smallest breakpoint at which the lab's name, the menu's labels and the bar's buttons fit; the widest when none does. */
export function navBreakpoint(labName: string, labels: readonly string[]): NavBreakpoint {
  // the name: 1.1rem, semi-bold, at most 28em wide; each entry: 0.9rem capitals, 12 px each side, 2 px apart
  const brand = Math.min(textWidth(labName, 10, 18), 28 * 17.6) + 16;
  const nav = labels.reduce((sum, label) => sum + textWidth(label, 10.2, 14.6) + 26, 0);
  // the toolbar's padding and gaps, the theme, language and account buttons; the search is a field from 1280 px
  const rest = (width: number) => 32 + 5 * 8 + 44 + 84 + 44 + (width >= 1280 ? 220 : 44);
  return NAV_BREAKPOINTS.find((b) => brand + nav + rest(b) <= b) ?? 1920;
}
