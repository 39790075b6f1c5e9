import type { CSL } from '@citation-js/core';
import { citeJs } from './citations.ts';
import type { ParsedEntry } from './bibtex-parse.ts';

// RIS (CNKI, Web of Science, Scopus, Zotero) into the entries the BibTeX import reads: each record's CSL
// item by citation-js's RIS plugin, and its type and fields as their BibTeX equivalents, so that the
// import's reading of a BibTeX entry (recordOf) applies unchanged. EndNote's tagged and XML files are
// read into the same records (server/services/endnote-parse.ts). Every step is one pass over the text.

/** A record as tags and their values in the file's order, and the line it starts on. */
export type RisRecord = { line: number; tags: Map<string, string[]> };

/** A tag line as the spec writes it (two letters or a letter and a digit, two spaces, a hyphen); some tools drop the space after an empty value's hyphen. */
const TAG_LINE = /^([A-Z][A-Z0-9]) {1,2}-(?: |$)/;
// as the reader opens a record (an empty "TY  -" too), so that the cap counts every record it would read
const RECORD_START = /^(?:\uFEFF)?TY {1,2}-(?: |$)/gm;

/** How many records a RIS text holds (one pass, nothing kept). */
export function countRis(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(RECORD_START)) n++;
  return n;
}

/** Each line of a text with its number, CRLF or LF, without splitting the whole text at once into a second copy's worth of arrays. */
export function* linesOf(text: string): Generator<[string, number]> {
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let n = 1;
  while (at <= text.length) {
    const end = text.indexOf('\n', at);
    const stop = end < 0 ? text.length : end;
    yield [text.slice(at, text.charCodeAt(stop - 1) === 13 ? stop - 1 : stop), n++];
    if (end < 0) return;
    at = end + 1;
  }
}

/** A RIS text cut into its records: a line that is no tag continues the value before it; lines outside a record are ignored. */
export function risRecordsOf(text: string): RisRecord[] {
  const records: RisRecord[] = [];
  let current: RisRecord | undefined;
  let last: string[] | undefined;
  for (const [line, n] of linesOf(text)) {
    const m = TAG_LINE.exec(line);
    if (!m) {
      const more = line.trim();
      if (last && more) last[last.length - 1] = `${last[last.length - 1]} ${more}`;
      continue;
    }
    const tag = m[1] as string;
    const value = line.slice(m[0].length).trim();
    if (tag === 'ER') {
      current = undefined;
      last = undefined;
      continue;
    }
    if (tag === 'TY') {
      current = { line: n, tags: new Map() };
      records.push(current);
    }
    if (!current || !value) {
      last = undefined;
      continue;
    }
    const values = current.tags.get(tag) ?? [];
    values.push(value);
    current.tags.set(tag, values);
    last = values;
  }
  return records;
}

/** RIS reference types as BibTeX entry types (what recordOf reads); a type not named is a @misc. */
const BIBTEX_TYPES: Readonly<Record<string, string>> = {
  JOUR: 'article',
  JFULL: 'article',
  EJOUR: 'article',
  MGZN: 'article',
  NEWS: 'article',
  INPR: 'article',
  ABST: 'article',
  CONF: 'inproceedings',
  CPAPER: 'inproceedings',
  CHAP: 'incollection',
  ECHAP: 'incollection',
  BOOK: 'book',
  EBOOK: 'book',
  EDBOOK: 'book',
  THES: 'phdthesis',
  RPRT: 'techreport',
  PAT: 'patent',
  STAND: 'standard',
  DATA: 'dataset',
  COMP: 'software',
  ELEC: 'online',
  WEB: 'online',
  BLOG: 'online',
  UNPB: 'unpublished',
  MANSCPT: 'unpublished',
  SLIDE: 'presentation',
  SOUND: 'presentation',
  VIDEO: 'presentation',
  ADVS: 'presentation',
};

/** A master's degree as theses name it (CNKI's 硕士, EndNote's and Zotero's "Master's thesis", M.S., MA). */
const MASTER = /master|硕士|\bM\.?(?:S|A|Sc|Eng|Phil)\b/i;

/** A value as the head of a tag's values. */
const first = (tags: Map<string, string[]>, ...names: string[]) => {
  for (const name of names) {
    const v = tags.get(name)?.[0];
    if (v) return v;
  }
  return undefined;
};
const all = (tags: Map<string, string[]>, ...names: string[]) => names.flatMap((n) => tags.get(n) ?? []);

const MONTHS = /^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i;

/**
 * A record's tags as the 2011 RIS spec names them, which citation-js's RIS plugin reads best: the older
 * tags (A1, T1, Y1, JF, JO, BT, N2, VO: Reference Manager's and CNKI's) become the newer, a journal's name
 * is its secondary title, a date written as a month only (Web of Science's "DA  - JUN") is left to the
 * month field, and an address that is no web address (EndNote's "<Go to ISI>://…") is not a URL.
 */
function normalized(type: string, tags: Map<string, string[]>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = { TY: type };
  const set = (tag: string, values: string[]) => {
    if (values.length > 0) out[tag] = values.length === 1 ? (values[0] as string) : values;
  };
  const aliases: Record<string, string[]> = {
    AU: ['AU', 'A1'],
    A2: ['A2', 'ED'],
    TI: ['TI', 'T1', 'CT'],
    AB: ['AB', 'N2'],
    VL: ['VL', 'VO'],
    IS: ['IS', 'CP'],
    KW: ['KW'],
  };
  for (const [tag, names] of Object.entries(aliases)) set(tag, all(tags, ...names).slice(0, tag === 'AB' ? 1 : undefined));
  const container = first(tags, 'T2', 'JF', 'BT', 'JO', 'JA', 'J2', 'J1');
  if (container) out.T2 = container;
  for (const tag of ['A3', 'A4', 'PB', 'CY', 'SN', 'DO', 'ET', 'M1', 'M3', 'LA', 'SP', 'EP', 'ST', 'N1', 'C1', 'AN', 'DB', 'DP']) {
    set(tag, (tags.get(tag) ?? []).slice(0, 1));
  }
  // an article number (Web of Science's and Zotero's C7) where there are no pages
  if (!out.SP && tags.get('C7')?.[0]) out.SP = tags.get('C7')?.[0] as string;
  const year = /^\d{4}/.exec(first(tags, 'PY', 'Y1', 'DA') ?? '')?.[0];
  if (year) out.PY = year;
  const date = first(tags, 'DA', 'Y1');
  if (date && /^\d{4}\/\d{1,2}/.test(date)) out.DA = date;
  const urls = all(tags, 'UR', 'L2').filter((u) => /^https?:\/\/\S+$/i.test(u));
  if (urls[0]) out.UR = urls[0];
  return out;
}

/** The month a record names where it is no full date: Web of Science's "DA  - JUN", "Y1  - 2019/03//". */
function monthWritten(tags: Map<string, string[]>): string | undefined {
  const date = first(tags, 'DA', 'Y1', 'PY') ?? '';
  if (MONTHS.test(date)) return date.slice(0, 3);
  return /^\d{4}\/(\d{1,2})/.exec(date)?.[1];
}

type Reader = (record: Record<string, string | string[]>) => CSL[];
let reader: Reader | undefined;
async function risReader(): Promise<Reader> {
  if (reader) return reader;
  await citeJs();
  const { plugins } = await import('@citation-js/core');
  await import('@citation-js/plugin-ris');
  const options = { forceType: '@ris/record', target: '@csl/list+object', generateGraph: false, maxChainLength: 10, strict: true };
  reader = (record) => plugins.input.chain(record, options) as unknown as CSL[];
  return reader;
}

const joined = (values: string[]) => values.join(' and ');

/** One record as the import's entry: its CSL item, and its type and fields as BibTeX would write them. */
function entryOf(read: Reader, record: RisRecord): ParsedEntry {
  const { tags } = record;
  const written = (first(tags, 'TY') ?? '').toUpperCase().replace(/^JOURN$/, 'JOUR');
  const key = first(tags, 'ID', 'AN') ?? '';
  const degree = first(tags, 'M3', 'U1') ?? '';
  const type = written === 'THES' && MASTER.test(degree) ? 'mastersthesis' : (BIBTEX_TYPES[written] ?? 'misc');
  const base = { type, key: key.slice(0, 300), line: record.line };
  const ris = normalized(written || 'GEN', tags);
  const item = read(ris)[0];
  if (!item) return { ...base, error: 'no record' };
  const { _graph: _, ...csl } = item as CSL & { _graph?: unknown };
  // what the plugin leaves out for some types (a thesis's DOI, a report's volume): read as written
  const doi = first(tags, 'DO');
  if (doi && !csl.DOI) csl.DOI = doi;
  // a conference paper's PY is the plugin's event date: with no DA, the year is the publication's
  if (!csl.issued?.['date-parts']?.[0]?.[0] && ris.PY) csl.issued = { 'date-parts': [[Number(ris.PY)]] };
  if (written === 'THES' && degree) csl.genre = degree;
  // a slide deck or a recording of a talk is a presentation (the plugin reads SLIDE as a film)
  if (type === 'presentation') (csl as { type: string }).type = 'speech';
  const publisher = first(tags, 'PB');
  const authors = all(tags, 'AU', 'A1');
  const editors = all(tags, 'A2', 'ED');
  const raw: Record<string, string> = {
    ...(first(tags, 'TI', 'T1', 'CT') ? { title: first(tags, 'TI', 'T1', 'CT') as string } : {}),
    ...(authors.length > 0 ? { author: joined(authors) } : {}),
    ...(editors.length > 0 && type !== 'article' ? { editor: joined(editors) } : {}),
    ...(tags.has('KW') ? { keywords: all(tags, 'KW').join('; ') } : {}),
    // a thesis's school and a report's institution are BibTeX's, not a publisher
    ...(publisher ? { [type.endsWith('thesis') ? 'school' : type === 'techreport' ? 'institution' : 'publisher']: publisher } : {}),
    ...(first(tags, 'CY') ? { address: first(tags, 'CY') as string } : {}),
    ...(written === 'THES' || written === 'PAT' || written === 'RPRT' ? (degree ? { type: degree } : {}) : {}),
    ...(written === 'PAT' || written === 'RPRT' ? numberOf(tags) : {}),
    ...(written === 'NEWS' ? { entrysubtype: 'newspaper' } : {}),
    ...(monthWritten(tags) ? { month: monthWritten(tags) as string } : {}),
  };
  if (ris.T2) raw[type === 'article' ? 'journal' : 'booktitle'] = ris.T2 as string;
  return { ...base, item: csl, raw };
}

/** A patent's or a report's number as BibTeX's `number`. */
function numberOf(tags: Map<string, string[]>): Record<string, string> {
  const n = first(tags, 'M1', 'IS', 'SN');
  return n ? { number: n } : {};
}

/** Records (from a RIS, .enw or EndNote XML file) into the import's entries, each read alone: one that fails is reported by its line. */
export async function parseRecords(records: RisRecord[]): Promise<ParsedEntry[]> {
  const read = await risReader();
  return records.map((record) => {
    try {
      return entryOf(read, record);
    } catch (e) {
      return {
        type: 'misc',
        key: first(record.tags, 'ID') ?? '',
        line: record.line,
        error: ((e as Error).message.split('\n')[0] ?? 'unreadable').slice(0, 300),
      };
    }
  });
}
