import type { CSL } from '@citation-js/core';
import type { MessageKey } from '../../common/messages.ts';
import { citeJs } from './citations.ts';
import { plainLatex } from './plain-text.ts';

// A .bib text cut into its entries and each parsed alone by citation-js (LaTeX accents and braces become
// Unicode), so a broken entry is reported with its key and line and the others still come through. This
// is what the import's worker runs (server/services/bibtex-worker.ts): every step is linear in the text,
// and the whole of it runs off the server's event loop.

const ENTRY_START = /^[ \t]*@([a-zA-Z]+)[ \t]*[{(][ \t]*([^,\s]*)/gm;
const NOT_ENTRIES = new Set(['string', 'comment', 'preamble']);

/** A @string definition, and its place among them (one may use those defined before it). */
type StringDef = { text: string; order: number };
type Chunk = { type: string; key: string; line: number; text: string };

/** The file cut at each line that opens an entry; the @string definitions apart, by name. */
export function entriesOf(text: string): { entries: Chunk[]; strings: Map<string, StringDef> } {
  const chunks: Chunk[] = [];
  // lines are counted as the text is walked, once (counting from the start for each entry was quadratic)
  let line = 1;
  let counted = 0;
  let last: { at: number; type: string; key: string } | null = null;
  const close = (end: number) => {
    if (!last) return;
    chunks.push({ type: last.type, key: last.key, line, text: text.slice(last.at, end) });
  };
  for (const m of text.matchAll(ENTRY_START)) {
    const at = m.index ?? 0;
    close(at);
    for (let i = text.indexOf('\n', counted); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) line++;
    counted = at;
    last = { at, type: (m[1] ?? '').toLowerCase(), key: m[2] ?? '' };
  }
  close(text.length);
  const strings = new Map<string, StringDef>();
  for (const c of chunks) {
    if (c.type !== 'string') continue;
    const name = STRING_NAME.exec(c.text)?.[1];
    if (name) strings.set(name.toLowerCase(), { text: c.text, order: strings.size });
  }
  return { entries: chunks.filter((c) => !NOT_ENTRIES.has(c.type)), strings };
}

/** How many entries a text holds (cheap: one pass, nothing kept), to refuse a too large one before reading it. */
export function countEntries(text: string): number {
  let n = 0;
  for (const m of text.matchAll(ENTRY_START)) if (!NOT_ENTRIES.has((m[1] ?? '').toLowerCase())) n++;
  return n;
}

const STRING_NAME = /^[ \t]*@[a-zA-Z]+[ \t]*[{(][ \t]*([^=\s{}(),"#]+)/;
/** The words of an entry that may name a @string. */
const WORD = /[A-Za-z_][\w:.+/-]*/g;

/**
 * The @string definitions an entry uses, with those they use in turn: sending every definition with every
 * entry made a file of many of both quadratic.
 */
function stringsFor(chunk: string, strings: Map<string, StringDef>): string {
  if (strings.size === 0) return '';
  const used = new Map<string, StringDef>();
  const queue = [chunk];
  for (let text = queue.pop(); text !== undefined; text = queue.pop()) {
    for (const [word] of text.matchAll(WORD)) {
      const name = word.toLowerCase();
      const def = strings.get(name);
      if (def === undefined || used.has(name)) continue;
      used.set(name, def);
      queue.push(def.text);
    }
  }
  // in the file's order: a definition may use those before it
  return [...used.values()]
    .sort((a, b) => a.order - b.order)
    .map((d) => d.text)
    .join('\n');
}

/** One entry as read: its CSL item and the fields as written (names lower-case), or why it could not be read. */
export type ParsedEntry = {
  type: string;
  key: string;
  line: number;
  item?: CSL;
  raw?: Record<string, string>;
  error?: string;
  /** why it could not be read, as a message the preview gives in the reader's language */
  errorKey?: MessageKey;
};

type RawEntry = { type: string; label: string; properties: Record<string, string> };

/**
 * citation-js's own reader of .bib text into entries of fields as written, by its public plugin API
 * (forced to BibTeX: its type detection does not know @entry(…), which its grammar reads).
 */
async function bibFile(): Promise<(text: string) => RawEntry[]> {
  await citeJs();
  const { plugins } = await import('@citation-js/core');
  const options = { forceType: '@biblatex/text', target: '@biblatex/entries+list', generateGraph: false, maxChainLength: 10, strict: true };
  return (text) => plugins.input.chain(text, options) as unknown as RawEntry[];
}

/** A paragraph break kept through citation-js (which makes every run of white space one space). */
export const PARAGRAPH = '\uE000';
/** Markup the lab's own pages put in BibTeX names (al-folio's <b> for members): gone before names are read. */
const NAME_MARKUP = /<\/?(?:b|i|em|strong|u|span|sup|sub|small)\b[^<>]*>|<br\s*\/?>/gi;

/**
 * Fields of text a record shows: their LaTeX, math and markup made Unicode by the one converter
 * (server/services/plain-text.ts) before citation-js reads them, which leaves \dots, \mbox and \quad as they
 * are, writes "undefined" for dblp's {\^{}} and raises the ")" of $O(n^2)$.
 */
const TEXT_FIELDS = [
  'title',
  'subtitle',
  'titleaddon',
  'shorttitle',
  'booktitle',
  'booksubtitle',
  'maintitle',
  'eventtitle',
  'journal',
  'journaltitle',
  'journalsubtitle',
  'series',
  'publisher',
  'organization',
  'institution',
  'school',
  'howpublished',
  'note',
  'address',
  'location',
  'author',
  'editor',
];

/**
 * The fields as citation-js should read them: a keyword list's line breaks made separators (EndNote writes
 * one a line), an abstract's blank lines kept, HTML taken out of names before they are split, the text
 * fields' LaTeX and markup made Unicode.
 */
export function prepared(fields: Record<string, string>): Record<string, string> {
  const out = { ...fields };
  // each pattern starts at a line break only, so runs of spaces are never scanned twice (linear)
  if (out.keywords) out.keywords = out.keywords.replace(/\n/g, ';');
  if (out.abstract) out.abstract = out.abstract.replace(/\r\n?/g, '\n').replace(/\n[ \t]*\n/g, ` ${PARAGRAPH} `);
  for (const f of ['author', 'editor']) if (out[f]) out[f] = out[f].replace(NAME_MARKUP, ' ');
  for (const f of TEXT_FIELDS) if (out[f]) out[f] = plainLatex(out[f]);
  return out;
}

/** A .bib text into its entries, each parsed alone. */
export async function parseEntries(text: string): Promise<ParsedEntry[]> {
  const Cite = await citeJs();
  const readFile = await bibFile();
  const { entries, strings } = entriesOf(text);
  return entries.map((chunk) => {
    const base = { type: chunk.type, key: chunk.key, line: chunk.line };
    try {
      const read = readFile(`${stringsFor(chunk.text, strings)}\n${chunk.text}`)[0];
      if (!read) return { ...base, error: 'no entry' };
      const raw = Object.fromEntries(Object.entries(read.properties).map(([k, v]) => [k.toLowerCase(), String(v)]));
      const cited = new Cite([{ ...read, properties: prepared(raw) }]).data[0] as (CSL & { _graph?: unknown }) | undefined;
      if (!cited) return { ...base, error: 'no entry' };
      // its parse history repeats the entry: not sent back from the worker
      const { _graph: _, ...item } = cited;
      return { ...base, item, raw };
    } catch (e) {
      // the parser's line and column count from the entry (with its @strings before it): the entry's own line is given
      return { ...base, error: ((e as Error).message.split('\n')[0] ?? 'unreadable').replace(/ at line \d+ col \d+:?$/, '') };
    }
  });
}
