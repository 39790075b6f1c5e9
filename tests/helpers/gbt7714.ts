import type { CSL } from '@citation-js/core';

// The gbt7714 project's BibTeX output as text, and the CSL items of its example .bib, for the tests that compare
// the site's GB/T 7714 styles with it (tests/unit/gbt7714-bibtex.test.ts, tests/unit/gbt7714-2025.test.ts).

/** The .bbl's entries as plain text, by key. */
export function bblEntries(bbl: string): Map<string, string> {
  const out = new Map<string, string>();
  const body = bbl.slice(bbl.indexOf('\\bibitem'), bbl.lastIndexOf('\\end{thebibliography}'));
  for (const chunk of body.split(/\\bibitem/).slice(1)) {
    // \bibitem[label]{key}, the label may hold one level of brackets ({[2012]})
    const m = /^(?:\[(?:[^[\]]|\[[^\]]*\])*\])?\{([^}]*)\}/.exec(chunk);
    out.set(m?.[1] ?? '', latexToText(chunk.slice(m?.[0].length ?? 0)));
  }
  return out;
}

function latexToText(s: string): string {
  return s
    .replace(/\\newblock/g, ' ')
    .replace(/\\allowbreak\s*/g, '')
    .replace(/\\(url|doi|nolinkurl|cstr)\{([^}]*)\}/g, (_, _c: string, u: string) => u.replace(/~/g, '\uE001'))
    .replace(/\\href\{[^}]*\}\{([^}]*)\}/g, '$1')
    .replace(/\\quad/g, ' ')
    .replace(/\$\\times\$/g, '×')
    .replace(/\\em\s+/g, '')
    .replace(/``/g, '“')
    .replace(/''/g, '”')
    .replace(/---/g, '—')
    .replace(/--/g, '–')
    .replace(/\\([&%_#$])/g, '$1')
    .replace(/\\ /g, ' ')
    .replace(/~/g, ' ')
    .replace(/[{}]/g, '')
    .replace(/\uE001/g, '~');
}

const WIDE: Record<string, string> = {
  '，': ',',
  '．': '.',
  '：': ':',
  '；': ';',
  '（': '(',
  '）': ')',
  '［': '[',
  '］': ']',
  '／': '/',
  '！': '!',
  '？': '?',
};
/** Punctuation widths aside: full-width made half-width, then white space around it evened out. */
export function normalized(s: string): string {
  return s
    .replace(/[，．：；（）［］／！？]/g, (c) => `${WIDE[c]} `)
    .replace(/\\quad/g, ' ')
    .replace(/[’‘]/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/:\s*(?!\/)/g, ': ')
    .replace(/\s+([,.:;)\]/!?])/g, '$1')
    .replace(/([([/])\s+/g, '$1')
    .replace(/\)\s+\[/g, ')[')
    .trim();
}

/**
 * What citation-js's BibTeX reader leaves out of the CSL item and the standard's examples need: a standard's
 * and a report's number, a newspaper's type (it reads @newspaper as a document); with `holder`, a patent's
 * holder as the item's publisher (CSL-JSON has no variable of its own for it; decision 077).
 */
export function completed(item: CSL, type: string, raw: Record<string, string>, holder = false): CSL {
  const out: Record<string, unknown> = { ...item };
  if (type === 'newspaper' || raw.entrysubtype === 'newspaper') out.type = 'article-newspaper';
  if (type === 'map') out.type = 'map';
  // a preprint: CSL's article, kept where its eprint type names (Zotero writes the repository as the publisher)
  if (type === 'preprint') {
    out.type = 'article';
    const kept = raw.archiveprefix ?? raw.eprinttype;
    if (kept && !item.publisher) out.publisher = kept.replace(/[{}]/g, '');
  }
  if (raw.version && !item.version) out.version = raw.version;
  if (raw.scale && !item.scale) out.scale = raw.scale;
  if (raw.dimensions && !item.dimensions) out.dimensions = raw.dimensions;
  // an article number (biblatex's eid) where the pages would be
  if (raw.eid && !item.page) out.page = raw.eid;
  if (raw.number && !item.number && ['standard', 'techreport', 'report'].includes(type)) out.number = raw.number;
  if (holder && type === 'patent' && raw.holder)
    out.publisher = raw.holder
      .replace(/[{}]/g, '')
      .split(/\s+and\s+/)
      .join('，');
  return out as CSL;
}
