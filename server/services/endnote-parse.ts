import { SaxesParser } from 'saxes';
import { linesOf, type RisRecord } from './ris-parse.ts';

// EndNote's two export formats (and CNKI's "EndNote" export, the tagged one) read into RIS records, which
// the RIS reading turns into the import's entries (server/services/ris-parse.ts). The tagged format
// (.enw, CNKI's .txt) is one "%X value" line per field; EndNote XML is read by saxes, which reads no DTD,
// so an entity it declares (a billion laughs, an external file) is never expanded or fetched: its
// reference is an error, and the file is refused. Both are one pass over the text.

/** EndNote's reference types (as named in .enw's %0 and XML's ref-type name) as RIS types. */
const RIS_TYPES: Readonly<Record<string, string>> = {
  'journal article': 'JOUR',
  'electronic article': 'EJOUR',
  'magazine article': 'MGZN',
  'newspaper article': 'NEWS',
  'conference paper': 'CPAPER',
  'conference proceedings': 'CONF',
  book: 'BOOK',
  'edited book': 'EDBOOK',
  'electronic book': 'EBOOK',
  'book section': 'CHAP',
  'electronic book section': 'ECHAP',
  thesis: 'THES',
  report: 'RPRT',
  patent: 'PAT',
  standard: 'STAND',
  dataset: 'DATA',
  'computer program': 'COMP',
  'web page': 'ELEC',
  blog: 'BLOG',
  'unpublished work': 'UNPB',
  manuscript: 'MANSCPT',
  presentation: 'SLIDE',
  'audiovisual material': 'ADVS',
  'film or broadcast': 'VIDEO',
  generic: 'GEN',
};
const risType = (name: string) => RIS_TYPES[name.trim().toLowerCase().replace(/\s+/g, ' ')] ?? 'GEN';

/** .enw's field tags as RIS tags. */
const ENW_TAGS: Readonly<Record<string, string>> = {
  A: 'AU',
  E: 'A2',
  Y: 'A3',
  T: 'TI',
  J: 'T2',
  B: 'T2',
  D: 'PY',
  '8': 'DA',
  V: 'VL',
  N: 'IS',
  P: 'SP',
  '@': 'SN',
  R: 'DO',
  U: 'UR',
  K: 'KW',
  X: 'AB',
  I: 'PB',
  C: 'CY',
  '9': 'M3',
  '7': 'ET',
  '+': 'AD',
  Z: 'N1',
  '!': 'ST',
  G: 'LA',
  W: 'DP',
  M: 'AN',
  F: 'ID',
  L: 'CN',
};

// as the reader opens a record ("%0" with or without its type), so that the cap counts every record it would read
const ENW_START = /^(?:\uFEFF)?%0/gm;
/** How many records a tagged EndNote text holds. */
export function countEnw(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(ENW_START)) n++;
  return n;
}

/** A page range ("45-67") as RIS's start and end pages. */
function addPages(tags: Map<string, string[]>, pages: string) {
  const dash = pages.search(/[-–—]/);
  tags.set('SP', [dash > 0 ? pages.slice(0, dash).trim() : pages]);
  if (dash > 0 && pages.slice(dash + 1).trim()) tags.set('EP', [pages.slice(dash + 1).replace(/^[-–—\s]+/, '')]);
}

function add(tags: Map<string, string[]>, tag: string, value: string) {
  if (!value) return;
  if (tag === 'SP') return addPages(tags, value);
  const values = tags.get(tag) ?? [];
  values.push(value);
  tags.set(tag, values);
}

/** A tagged EndNote text (%0 opens a record; a line that is no tag continues the field before it) as RIS records. */
export function enwRecordsOf(text: string): RisRecord[] {
  const records: RisRecord[] = [];
  let current: RisRecord | undefined;
  let last: { tag: string; values: string[] } | undefined;
  for (const [line, n] of linesOf(text)) {
    const m = /^%(\S) ?/.exec(line);
    if (!m) {
      const more = line.trim();
      // EndNote writes keywords one a line: a continuation of %K is another keyword
      if (last && more) {
        if (last.tag === 'KW') last.values.push(more);
        else last.values[last.values.length - 1] = `${last.values[last.values.length - 1]} ${more}`;
      }
      continue;
    }
    const value = line.slice(m[0].length).trim();
    if (m[1] === '0') {
      current = { line: n, tags: new Map([['TY', [risType(value)]]]) };
      records.push(current);
      last = undefined;
      continue;
    }
    const tag = ENW_TAGS[m[1] as string];
    if (!current || !tag || !value) {
      last = undefined;
      continue;
    }
    add(current.tags, tag, value);
    last = tag === 'SP' ? undefined : { tag, values: current.tags.get(tag) as string[] };
  }
  return records;
}

/** EndNote XML's fields (by their element's path inside a record) as RIS tags. */
const XML_TAGS: Readonly<Record<string, string>> = {
  'contributors/authors/author': 'AU',
  'contributors/secondary-authors/author': 'A2',
  'contributors/tertiary-authors/author': 'A3',
  'titles/title': 'TI',
  'titles/secondary-title': 'T2',
  'titles/short-title': 'ST',
  'periodical/full-title': 'JF',
  'periodical/abbr-1': 'J2',
  pages: 'SP',
  volume: 'VL',
  number: 'IS',
  edition: 'ET',
  'dates/year': 'PY',
  'dates/pub-dates/date': 'DA',
  'keywords/keyword': 'KW',
  abstract: 'AB',
  'urls/related-urls/url': 'UR',
  'urls/web-urls/url': 'UR',
  'electronic-resource-num': 'DO',
  publisher: 'PB',
  'pub-location': 'CY',
  isbn: 'SN',
  'work-type': 'M3',
  'auth-address': 'AD',
  notes: 'N1',
  label: 'ID',
  'rec-number': 'ID',
  'accession-num': 'AN',
  language: 'LA',
  'remote-database-provider': 'DP',
};

/** A record's opening tag in any of its forms (<record>, <record/>, <record a="…">). */
const XML_RECORD = /<record[\s/>]/g;
/** How many records an EndNote XML text holds. */
export function countXml(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(XML_RECORD)) n++;
  return n;
}

/** Why an XML text is refused: the line where its reading stopped, and the parser's reason. */
export class XmlRefused extends Error {
  readonly line: number;
  constructor(line: number, reason: string) {
    super(reason);
    this.line = line;
  }
}

/** An EndNote XML text as RIS records; refused (XmlRefused) where it is no well-formed XML or uses an entity. */
export function xmlRecordsOf(text: string): RisRecord[] {
  const records: RisRecord[] = [];
  const parser = new SaxesParser({ position: true });
  let current: RisRecord | undefined;
  // the element names inside the current record, and the text of the field being read
  const path: string[] = [];
  let field: { tag: string; depth: number; text: string[] } | undefined;
  // the first error stops the reading (thrown out of write): going on made one error per character of "<<<…", seconds of them
  parser.on('error', (e) => {
    throw new XmlRefused(parser.line, e.message.replace(/^(?:[^:]*:)?\d+:\d+: /, '').slice(0, 200));
  });
  parser.on('opentag', (node) => {
    if (node.name === 'record') {
      current = { line: parser.line, tags: new Map() };
      records.push(current);
      path.length = 0;
      return;
    }
    if (!current) return;
    path.push(node.name);
    if (node.name === 'ref-type') {
      const name = node.attributes.name;
      if (typeof name === 'string') current.tags.set('TY', [risType(name)]);
    }
    // a field is at most four elements deep: a deeper path is never joined (deep XML stays linear)
    if (!field && path.length <= 4) {
      const tag = XML_TAGS[path.join('/')];
      if (tag) field = { tag, depth: path.length, text: [] };
    }
  });
  const onText = (t: string) => {
    if (field) field.text.push(t);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (node) => {
    if (node.name === 'record') {
      current = undefined;
      path.length = 0;
      return;
    }
    if (!current) return;
    if (field && path.length === field.depth) {
      add(current.tags, field.tag, field.text.join('').replace(/\s+/g, ' ').trim());
      field = undefined;
    }
    path.pop();
  });
  parser.write(text).close();
  for (const r of records) if (!r.tags.has('TY')) r.tags.set('TY', ['GEN']);
  return records;
}
