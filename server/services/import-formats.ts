import type { ImportFormat } from '../../common/wire.ts';
import { countEntries, type ParsedEntry, parseEntries } from './bibtex-parse.ts';
import { countEnw, countXml, enwRecordsOf, xmlRecordsOf } from './endnote-parse.ts';
import { countGbt, gbtRecordsOf, looksLikeGbt } from './gbt7714-parse.ts';
import { countRis, parseRecords, risRecordsOf } from './ris-parse.ts';

// The reference files the import reads: BibTeX, RIS (CNKI, Web of Science, Scopus, Zotero), EndNote's
// tagged export (.enw, and CNKI's "EndNote" .txt) and EndNote XML. Each is read into the same entries
// (a CSL item, and its type and fields as BibTeX's), so the preview, its duplicates and the import are one.

/**
 * The format a text is written in, by its own marks: an XML declaration or <xml><records> is EndNote XML,
 * (a text opening with "<" is read as XML, and refused when it is none), a line "TY  - " opens a RIS record, a line "%0 " an EndNote one, a numbered line with a type mark ("[1] … [J]. …") a GB/T 7714 list; anything else is read as BibTeX.
 */
export function detectFormat(text: string): ImportFormat {
  const head = text
    .slice(0, 2000)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('<')) return 'endnote-xml';
  if (/^TY {1,2}- /m.test(head)) return 'ris';
  if (/^%0 /m.test(head)) return 'enw';
  if (looksLikeGbt(head)) return 'gbt7714';
  // a file that opens with a long preamble: its marks are looked for in the whole text (each pattern anchored, linear)
  if (!/^[ \t]*@[a-zA-Z]/m.test(head)) {
    if (/^TY {1,2}- /m.test(text)) return 'ris';
    if (/^%0 /m.test(text)) return 'enw';
  }
  return 'bibtex';
}

/** How many entries a text of a format holds: cheap, to refuse a too large one before reading it. */
export function countOf(text: string, format: ImportFormat): number {
  if (format === 'ris') return countRis(text);
  if (format === 'enw') return countEnw(text);
  if (format === 'endnote-xml') return countXml(text);
  if (format === 'gbt7714') return countGbt(text);
  return countEntries(text);
}

/** A text of a format into its entries, each read alone. */
export async function parseText(text: string, format: ImportFormat): Promise<ParsedEntry[]> {
  if (format === 'ris') return parseRecords(risRecordsOf(text));
  if (format === 'enw') return parseRecords(enwRecordsOf(text));
  if (format === 'endnote-xml') return parseRecords(xmlRecordsOf(text));
  if (format === 'gbt7714') {
    const { records, unread } = gbtRecordsOf(text);
    const notUnderstood = unread.map(
      (u): ParsedEntry => ({ type: 'misc', key: u.number, line: u.line, error: 'not understood', errorKey: 'import_gbt_not_understood' }),
    );
    return [...(await parseRecords(records)), ...notUnderstood].sort((a, b) => a.line - b.line);
  }
  return parseEntries(text);
}
