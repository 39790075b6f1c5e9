import type { Lang } from '../../../common/enums.ts';
import type { Edition } from './gbt.ts';

// The citation styles the site ships, one entry each: its id (citation-js's template name), its names in
// Chinese and English, how the item is prepared for it (`family`: GB/T's and APA's adjustments in
// citations.ts) and where its CSL comes from. A style's XML is read when it is first used. APA and
// Vancouver are citation-js's own; GB/T 7714-2025 and 2015 are the project's (2025, in force since 2026-07-01, by default); IEEE, ACM, Nature and Chicago
// (author-date) are the official CSL repository's files, verbatim with their authors, in
// official-styles.json (rebuilt by scripts/csl-styles.mjs; CC BY-SA 3.0, docs/decisions/078-citation-styles.md).
// An administrator's own styles (custom-styles.ts) are stored in the database and rendered in a worker thread.

export type StyleFamily = 'gbt' | 'apa' | 'plain';

export type ShippedStyle = {
  id: string;
  name: Record<Lang, string>;
  family: StyleFamily;
  /** A GB/T style's edition (gbt.ts prepares the item for it). */
  edition?: Edition;
  /** Whether its bibliography numbers the references ([1], 1.): the number is left out, the Cite box and the report number their own. */
  numbered?: true;
  /**
   * Whether citeproc takes long to build its engine (seconds, the first time): its references are written in the
   * long-lived style worker (heavy-styles.ts), never on the main thread. APA (66 kB of CSL) and Chicago (168 kB);
   * the others build in under 0.1 s (docs/decisions/083-heavy-styles-off-thread.md).
   */
  heavy?: true;
  /** The style's XML; none for a style citation-js ships. */
  xml?: () => Promise<string>;
};

const official = (id: string) => async () =>
  ((await import('./official-styles.json', { with: { type: 'json' } })).default.styles as Record<string, string>)[id] as string;

export const shippedStyles: readonly ShippedStyle[] = [
  {
    id: 'gb-t-7714-2025',
    name: { zh: 'GB/T 7714-2025', en: 'GB/T 7714-2025' },
    family: 'gbt',
    edition: '2025',
    xml: async () => (await import('./gb-t-7714-2025.ts')).gbt7714v2025,
  },
  {
    id: 'gb-t-7714-2015',
    name: { zh: 'GB/T 7714-2015', en: 'GB/T 7714-2015' },
    family: 'gbt',
    edition: '2015',
    xml: async () => (await import('./gb-t-7714-2015.ts')).gbt7714,
  },
  { id: 'apa', name: { zh: 'APA', en: 'APA' }, family: 'apa', heavy: true },
  { id: 'ieee', name: { zh: 'IEEE', en: 'IEEE' }, family: 'plain', numbered: true, xml: official('ieee') },
  {
    id: 'association-for-computing-machinery',
    name: { zh: 'ACM', en: 'ACM' },
    family: 'plain',
    numbered: true,
    xml: official('association-for-computing-machinery'),
  },
  { id: 'nature', name: { zh: 'Nature', en: 'Nature' }, family: 'plain', numbered: true, xml: official('nature') },
  {
    id: 'chicago-author-date',
    name: { zh: '芝加哥（作者-日期）', en: 'Chicago (author-date)' },
    family: 'plain',
    heavy: true,
    xml: official('chicago-author-date'),
  },
  { id: 'vancouver', name: { zh: '温哥华（Vancouver）', en: 'Vancouver' }, family: 'plain', numbered: true },
];

/** The GB/T style the site means by "GB/T 7714": the Cite box's first style and the report's by default. */
export const DEFAULT_GBT_STYLE = 'gb-t-7714-2025';

/** The Cite box's styles when the site has chosen none: the GB/T default and APA, as before styles could be chosen. */
export const DEFAULT_CITE_STYLES: readonly string[] = [DEFAULT_GBT_STYLE, 'apa'];

export const shippedStyle = (id: string) => shippedStyles.find((s) => s.id === id);

/** The site's GB/T style: the first GB/T edition among the styles it chose (2015 is chosen so), else the default. */
export const gbtStyleOf = (chosen: readonly string[]) => chosen.find((id) => shippedStyle(id)?.family === 'gbt') ?? DEFAULT_GBT_STYLE;

/** A reference without the number a numbered style writes before it (`[3] `, `3. `; its place in the style's order, which may be sorted). */
export const unnumbered = (text: string) => text.replace(/^\[?\d{1,6}\]?\.?\s+/, '');

/** Whether a style's bibliography numbers its references (an administrator's own style, read from its XML). */
export const numbersReferences = (xml: string) => {
  const at = xml.indexOf('<bibliography');
  return at >= 0 && xml.includes('variable="citation-number"', at);
};
