import { writeFileSync } from 'node:fs';
import type { CSL } from '@citation-js/core';
import { type Edition, gbtItem, gbtReferenceList } from '../../server/services/csl/gbt.ts';

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
function normalized(s: string): string {
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
function completed(item: CSL, type: string, raw: Record<string, string>, holder = false): CSL {
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

/** What the site's GB/T style wrote against the .bst's entries: how many alike, the keys that differ, and each unexplained difference. */
export type BstComparison = { same: number; differing: string[]; unexplained: string[] };

/**
 * The entries of a .bib as the site reads them (its own import path) rendered by the site's GB/T style of `edition`,
 * compared entry by entry with the .bst's (`expected`, by key), punctuation widths aside; `known` explains the
 * differences expected. GBT_DIFFS=file writes the unexplained ones out to read.
 */
export async function compareWithBst(bibText: string, expected: Map<string, string>, edition: Edition, known: Record<string, string>): Promise<BstComparison> {
  const [{ parseEntries }, { recordOf }, { citeJsWith }, { shippedStyle }] = await Promise.all([
    import('../../server/services/bibtex-parse.ts'),
    import('../../server/services/bibtex-import.ts'),
    import('../../server/services/citations.ts'),
    import('../../server/services/csl/styles.ts'),
  ]);
  const style = `gb-t-7714-${edition}`;
  const Cite = await citeJsWith(shippedStyle(style) as NonNullable<ReturnType<typeof shippedStyle>>);
  const items = (await parseEntries(bibText)).flatMap((e) =>
    e.item
      ? [
          {
            key: e.key,
            type: e.type,
            item: gbtItem(completed(e.item, e.type, e.raw ?? {}, edition === '2025'), recordOf(e.item, e.type, e.raw).title_protected, edition),
          },
        ]
      : [],
  );
  const rendered = gbtReferenceList(
    Cite,
    items.map((i) => i.item),
    style,
  );
  const out: BstComparison = { same: 0, differing: [], unexplained: [] };
  for (const { key, type, item } of items) {
    const want = normalized(expected.get(key) ?? '');
    const got = normalized(rendered.get(String(item.id)) ?? '');
    if (want === got) out.same++;
    else out.differing.push(key);
    if (want !== got && !known[key]) out.unexplained.push(`${key} (${type}→${item.type})\n  bst: ${want}\n  csl: ${got}`);
  }
  if (process.env.GBT_DIFFS) writeFileSync(process.env.GBT_DIFFS, `${out.same} same\n${out.unexplained.join('\n')}\n`);
  return out;
}
