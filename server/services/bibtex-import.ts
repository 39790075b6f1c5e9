import type { CSL, CSLName } from '@citation-js/core';
import type { Lang } from '../../common/enums.ts';
import { inputSchema } from '../../common/resource.ts';
import { publication } from '../../common/resources/publication.ts';
import type { ImportChoice, ImportEntry, ImportedRecord } from '../../common/wire.ts';
import { zodFieldErrors } from '../../common/messages.ts';
import { citeJs } from './citations.ts';
import type { Ctx } from './context.ts';
import { publications } from './publications.ts';
import { writeWithFiles } from './transaction.ts';
import { InputError } from '../errors.ts';

// BibTeX into publications (issue #14, point 3). A file is cut into its entries first, each parsed alone
// by citation-js (LaTeX accents and braces become Unicode), so a broken entry is reported with its key
// and line and the others still come through. Each entry becomes a publication's fields, checked with
// the declaration's own schema, and is compared with what is stored: the same DOI, or the same title
// (letters and digits, case ignored) and year, is a duplicate to skip or to update. The import itself is
// one transaction: every chosen entry, or none.

const ENTRY_START = /^[ \t]*@([a-zA-Z]+)[ \t]*[{(][ \t]*([^,\s]*)/gm;

type Chunk = { type: string; key: string; line: number; text: string };

/** The file cut at each line that opens an entry; @string definitions travel with every entry. */
export function entriesOf(text: string): { entries: Chunk[]; strings: string } {
  const starts: { at: number; type: string; key: string }[] = [];
  for (const m of text.matchAll(ENTRY_START)) starts.push({ at: m.index ?? 0, type: (m[1] ?? '').toLowerCase(), key: m[2] ?? '' });
  const chunks = starts.map((s, i) => ({
    type: s.type,
    key: s.key,
    line: text.slice(0, s.at).split('\n').length,
    text: text.slice(s.at, starts[i + 1]?.at ?? text.length),
  }));
  const strings = chunks
    .filter((c) => c.type === 'string')
    .map((c) => c.text)
    .join('\n');
  return { entries: chunks.filter((c) => c.type !== 'string' && c.type !== 'comment' && c.type !== 'preamble'), strings };
}

/** A name as the lab writes it: "Given Family", but a Chinese name family first and unspaced (李青禾). */
const nameOf = (n: CSLName) => {
  if (n.literal) return clean(n.literal);
  const cjk = /[\u3400-\u9fff]/.test(`${n.family ?? ''}${n.given ?? ''}`);
  return clean(cjk ? `${n.family ?? ''}${n.given ?? ''}` : [n.given, n.family].filter(Boolean).join(' '));
};

/**
 * Text as readers expect it: LaTeX's dotless i under an accent ({\'\i}) becomes the accented i, \TeX and
 * \LaTeX their names, and every string is in composed form (NFC), so "María" from a .bib equals "María"
 * typed in the console.
 */
const clean = (v: unknown) =>
  String(v ?? '')
    .replace(/ı([\u0300-\u036f])/g, 'i$1')
    .replace(/\\(La)?TeX\b/g, '$1TeX')
    .normalize('NFC')
    .trim();

/** A CSL item (what citation-js reads from BibTeX) as a publication's fields. */
export function recordOf(item: CSL, entryType: string): ImportedRecord {
  const book = item.type === 'book' || item.type === 'chapter';
  // classic BibTeX has no patent type: reference managers and Scholar write a @misc whose number or note
  // names the patent (CN 2024…, US Patent 10,…), and so does this site's export
  const patentText = clean(item.number ?? item.note);
  const patent = item.type === 'patent' || /patent|专利/i.test(patentText);
  const [year, month] = item.issued?.['date-parts']?.[0] ?? [];
  const keywords = clean(item.keyword)
    .split(/[,;]/)
    .map((k) => k.trim())
    .filter(Boolean);
  return {
    title: clean(item.title),
    author: (item.author ?? []).map(nameOf).filter(Boolean),
    // a preprint names no venue: its archive, or arXiv by its address
    source:
      (patent ? patentText : '') ||
      clean(item['container-title'] ?? item['event-title'] ?? item.publisher ?? item.archive) ||
      (/arxiv\.org\//i.test(String(item.URL ?? '')) ? 'arXiv' : ''),
    type: patent ? 'patent' : book ? 'monograph' : 'paper',
    venue_kind: item.type === 'article-journal' ? 'journal' : item.type === 'paper-conference' ? 'conference' : 'other',
    year: Number(year) || 0,
    ...(Number(month) >= 1 && Number(month) <= 12 ? { month: Number(month) } : {}),
    doi: clean(item.DOI),
    abstract: clean(item.abstract),
    keywords,
    link1: clean(item.URL),
    entryType,
  };
}

/** The declaration's schema over a record given its area: what it refuses, field by field. */
function checked(record: ImportedRecord, area: string) {
  const { entryType: _, ...fields } = record;
  return inputSchema(publication, 'create').safeParse({ ...fields, area });
}

/** What the schema refuses in a record, one line per field ("year: …"), in the reader's language. */
function problemsOf(record: ImportedRecord, lang: Lang): string[] {
  const result = checked(record, 'none');
  if (result.success) return [];
  return Object.entries(zodFieldErrors(lang, result.error.issues)).map(([field, ms]) => `${field}: ${ms.join('; ')}`);
}

const titleKey = (title: string) => title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Reads a .bib text into its entries, each with its publication, its problems and its duplicate. */
export async function previewImport(ctx: Ctx, text: string): Promise<ImportEntry[]> {
  const Cite = await citeJs();
  const { entries, strings } = entriesOf(text);
  const stored = await ctx.db.selectFrom('publication').select(['pid', 'title', 'year', 'doi']).execute();
  const byDoi = new Map(stored.filter((p) => p.doi).map((p) => [p.doi.toLowerCase(), p]));
  const byTitle = new Map(stored.map((p) => [`${titleKey(p.title)}|${p.year}`, p]));
  const out: ImportEntry[] = [];
  for (const [i, chunk] of entries.entries()) {
    const base = { index: i + 1, line: chunk.line, key: chunk.key };
    let item: CSL | undefined;
    try {
      item = new Cite(`${strings}\n${chunk.text}`).data[0];
    } catch (e) {
      // the parser's line and column count from the entry (with the file's @strings before it): the entry's own line is given
      out.push({ ...base, problems: [((e as Error).message.split('\n')[0] ?? 'unreadable').replace(/ at line \d+ col \d+:?$/, '')] });
      continue;
    }
    if (!item) {
      out.push({ ...base, problems: ['no entry'] });
      continue;
    }
    const record = recordOf(item, chunk.type);
    const same = (record.doi && byDoi.get(record.doi.toLowerCase())) || byTitle.get(`${titleKey(record.title)}|${record.year}`);
    out.push({
      ...base,
      record,
      problems: problemsOf(record, ctx.lang),
      ...(same
        ? { duplicateOf: { pid: same.pid, title: same.title, by: record.doi && same.doi.toLowerCase() === record.doi.toLowerCase() ? 'doi' : 'title' } }
        : {}),
    });
  }
  return out;
}

/**
 * Imports the chosen entries in one transaction: all of them, or (on any refusal) none. A refused entry
 * is reported by its place in the list ("entries.3.year").
 */
export async function importPublications(ctx: Ctx, chosen: readonly ImportChoice[]): Promise<{ created: number[]; updated: number[] }> {
  const issues = chosen.flatMap((c, i) => {
    const result = checked(c.record, c.area);
    // each refusal named by the entry's place and field, one name (the answer's keys are flat): entries.3.year
    return result.success ? [] : result.error.issues.map((issue) => ({ ...issue, path: [['entries', i, ...issue.path].join('.')] }));
  });
  if (issues.length > 0) throw new InputError(issues);
  return writeWithFiles(ctx, async (tx) => {
    const created: number[] = [];
    const updated: number[] = [];
    for (const c of chosen) {
      const { entryType: _, ...fields } = c.record;
      const input = { ...fields, area: c.area };
      if (c.update !== undefined) {
        await publications.update(tx, c.update, input);
        updated.push(c.update);
      } else created.push(await publications.create(tx, input));
    }
    return { created, updated };
  });
}
