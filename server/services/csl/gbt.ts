import type { CSL, CSLName, Cite as CiteClass } from '@citation-js/core';

// What the GB/T 7714 styles (gb-t-7714-2015.ts, gb-t-7714-2025.ts) are given and how they are run: the CSL-JSON
// item made ready in JavaScript where CSL cannot say it (citeproc-js's text-case="sentence" only upper-cases a
// title's first letter and lower-cases nothing reliably, and a CSL style cannot test a title's script), then
// the item's language set, which chooses the style's layout: locale="zh" for one written in Han characters
// (等, 译), the default for the others (et al., trans.). Decision 077.

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;
/** The edition of the standard a style follows. */
export type Edition = '2015' | '2025';

const WORD_EDITIONS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** 2025's punctuation in titles: the full-width comma, colon, semicolon and parentheses, without spaces around them (white space made one space first, so that each pattern looks at one space at most: linear). */
const fullWidth = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .replace(/ ?, /g, '，')
    .replace(/ ?: /g, '：')
    .replace(/ ?; /g, '；')
    .replace(/ ?\( ?/g, '（')
    .replace(/ ?\) ?/g, '）');

/** Words a title in title case writes in lower case: not counted when telling title case from sentence case. */
const MINOR = new Set(['and', 'the', 'for', 'nor', 'but', 'yet', 'with', 'from', 'into', 'onto', 'over', 'via', 'per', 'not']);
const ordinal = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;

/** Chinese when the title, the first name or the container is written in Han characters (as gbt7714.bst decides). */
function isChinese(csl: CSL): boolean {
  const first = csl.author?.[0] ?? csl.editor?.[0];
  const name = first ? `${first.literal ?? ''}${first.family ?? ''}${first.given ?? ''}` : '';
  return HAN.test(`${csl.title ?? ''}${name}${csl['container-title'] ?? ''}`);
}

/**
 * An English title in sentence case, as GB/T 7714's examples write it (gbt7714.bst's default): a word written
 * Capitalized (an ASCII capital and no other capital) is lower-cased, but for the title's first word, the
 * first after a colon where `subtitle` (2015's examples; 2025's write the subtitle in lower case), the pronoun I and the words the record protects (`keep`, the .bib's braced words);
 * acronyms and mixed case (OCLC, iPhone) stay, and so does every letter outside ASCII. A title already in
 * sentence case (fewer than half of its longer words capitalized) is left as written, so its proper nouns
 * stay. One pass over the words: linear.
 */
export function gbtSentenceCase(title: string, keep: readonly string[] = [], subtitle = true): string {
  const kept = new Set(keep);
  const longer = title
    .split(/[\s—–]+/)
    .slice(1)
    .filter((w) => /^[A-Za-z]{3,}/.test(w) && !MINOR.has(w.toLowerCase()));
  const capitalized = longer.filter((w) => /^[A-Z]/.test(w)).length;
  if (longer.length === 0 || capitalized * 2 < longer.length) return title;
  let first = true;
  return title.replace(/(\S+)(\s*)/g, (_, word: string, space: string) => {
    const bare = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    const keepFirst = first;
    const out = kept.has(bare)
      ? word
      : word.replace(/(^|[-—–/(“"‘'])([A-Z])([^A-Z\s—–-]*)(?=$|[-—–])/g, (m, before: string, a: string, rest: string, at: number) =>
          (keepFirst && at === 0) || `${a}${rest}` === 'I' || /[A-Z]/.test(rest) ? m : `${before}${a.toLowerCase()}${rest}`,
        );
    first = subtitle && /[:：]$/.test(word);
    return out + space;
  });
}

/**
 * A name as GB/T writes it where CSL cannot: a person's family name in capitals here rather than by the
 * style's text-case (citeproc-js would put a body's whole name in capitals too), a body's name whole and as
 * written, a suffix after a comma ("PEEBLES P Z, Jr.").
 */
function gbtName(n: CSLName, edition: Edition): CSLName {
  if (n.literal || !n.family) return n;
  // a body written in braces reaches CSL as a family name of many words and no given name
  if (!n.given && /\s/.test(n.family)) return { literal: n.family };
  const particle = n['non-dropping-particle'] ?? '';
  const written = `${particle ? `${particle} ` : ''}${n.family}`;
  const family = n.given && edition === '2015' ? written.toUpperCase() : written;
  if (!n.suffix) {
    const { 'non-dropping-particle': _, ...rest } = n;
    return { ...rest, family };
  }
  const initials = n.given
    ?.split(/[\s.]+/)
    .filter(Boolean)
    .map((g) => g[0]?.toUpperCase())
    .join(' ');
  return { literal: `${family}${initials ? ` ${initials}` : ''}${edition === '2015' ? ', ' : '，'}${n.suffix}` };
}

/** "and others" (BibTeX's) as the list's et al. or 等: CSL's et-al term is only for lists cut after the third. */
function gbtNames(names: CSLName[] | undefined, chinese: boolean, edition: Edition): CSLName[] | undefined {
  return names?.map((n) => (!n.given && !n.literal && n.family === 'others' ? { literal: chinese ? '等' : 'et al.' } : gbtName(n, edition)));
}

/**
 * The item a GB/T 7714 style is given: its language (zh-CN when written in Han characters, else en, which
 * chooses the style's layout), an English title in sentence case (`keep`: the record's protected words),
 * page ranges with a hyphen, a book's numbered volume as 第 1 卷 or Vol. 1, a numbered edition as 2版 or
 * 2nd ed. (none for the first), a word edition followed by "ed.", bodies' names whole, and no DOI where the
 * address already carries it.
 */
export function gbtItem(csl: CSL, keep: readonly string[] = [], edition: Edition = '2015'): CSL {
  const chinese = isChinese(csl);
  const out: Record<string, unknown> = { ...csl, language: chinese ? 'zh-CN' : 'en' };
  const subtitle = edition === '2015';
  if (csl.title && !HAN.test(csl.title)) out.title = gbtSentenceCase(csl.title, keep, subtitle);
  // 2025 writes a book's title in sentence case too (a chapter's, a paper's), not a journal's
  const container = csl['container-title'];
  if (edition === '2025' && container && !HAN.test(container) && ['chapter', 'paper-conference'].includes(csl.type))
    out['container-title'] = gbtSentenceCase(container, keep, false);
  if (edition === '2025') {
    if (typeof out.title === 'string') out.title = fullWidth(out.title);
    if (typeof csl.scale === 'string') out.scale = csl.scale.replace(/:/g, '：');
    if (typeof out['container-title'] === 'string') out['container-title'] = fullWidth(out['container-title']);
  }
  if (typeof csl.page === 'string') out.page = csl.page.replace(/\s*[–—]\s*|\s*-+\s*/g, '-');
  for (const v of ['author', 'editor', 'translator'] as const) if (csl[v]) out[v] = gbtNames(csl[v], chinese, edition);
  const volume = String(csl.volume ?? '');
  if (/^\d+$/.test(volume) && ['book', 'chapter', 'paper-conference'].includes(csl.type)) out.volume = chinese ? `第 ${volume} 卷` : `Vol. ${volume}`;
  let edited = String(csl.edition ?? '').trim();
  const word = WORD_EDITIONS.indexOf(edited.toLowerCase());
  if (edition === '2025' && word >= 0) edited = String(word + 1);
  const han = /^(\d+)\s*版$/.exec(edited);
  if (edition === '2025' && han) out.edition = `${han[1]} 版`;
  else if (/^\d+$/.test(edited))
    out.edition = Number(edited) <= 1 ? undefined : chinese ? `${edited}${edition === '2015' ? '' : ' '}版` : `${ordinal(Number(edited))} ed.`;
  else if (!chinese && /^[A-Za-z][A-Za-z. ]*$/.test(edited) && !/\bed\.$/i.test(edited)) out.edition = `${edited} ed.`;
  if (csl.DOI && csl.URL?.toLowerCase().includes(csl.DOI.toLowerCase())) out.DOI = undefined;
  return out as CSL;
}

/**
 * GB/T 7714 references of CSL items by the style registered as `style`, each as the standard writes it, by
 * id: one CSL run for them all. The CSL processor's en dash in page ranges is the standard's hyphen.
 */
export function gbtReferenceList(Cite: typeof CiteClass, items: readonly CSL[], style: string): Map<string, string> {
  const entries = new Cite(items as CSL[]).format('bibliography', { format: 'text', template: style, lang: 'en-US', asEntryArray: true }) as [string, string][];
  const byId = new Map(items.map((item) => [String(item.id), item]));
  return new Map(
    entries.map(([id, text]) => {
      // a fragment with nothing before its imprint (the standard's own examples of one element) starts with it
      let out = text
        .trim()
        .replace(/\.\s*\.$/, '.')
        .replace(/^\.\s+/, '');
      // the CSL processor writes a hyphen in a page range or a number as an en dash; GB/T keeps the hyphen (2063-2065)
      for (const v of [byId.get(id)?.page, byId.get(id)?.number]) {
        const written = String(v ?? '');
        if (written.includes('-')) out = out.replace(written.replace(/-/g, '–'), written);
      }
      return [id, out];
    }),
  );
}
