import hkVariants from 'opencc-js/dict/HKVariantsRev';
import tsCharacters from 'opencc-js/dict/TSCharacters';
import twVariants from 'opencc-js/dict/TWVariantsRev';
import { stemmer } from 'stemmer';
import { scanHtml } from '../services/html-scan.ts';
import { SEARCH_MAX_CHARS, type Segment } from '../../common/search.ts';
import { identifierTerm, queryWords } from './identifiers.ts';

// How text becomes search terms, the same for the records and the queries (docs/decisions/015-site-search.md). Latin
// script: words, lower-cased and without accents, so "Résumé" and "resume" meet. Chinese (and Japanese, Korean): no
// spaces to split on, so each run of such characters gives every pair of neighbours (and its last character); a
// two-character word or given name is then one term, and a longer phrase the chain of its pairs. No dictionary to
// keep, and names a dictionary does not know are found all the same.

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
/** A run of CJK characters, or a word of any other letters and digits. */
export const RUN = new RegExp(`[${CJK}]+|(?:(?![${CJK}])[\\p{L}\\p{N}\\p{M}])+`, 'gu');
const IS_CJK = new RegExp(`^[${CJK}]`, 'u');
/** Text that is mostly CJK: a run of several such characters early on. */
const CJK_TEXT = new RegExp(`[${CJK}]{8}`, 'u');

/**
 * Traditional characters (and their Taiwan and Hong Kong variants) to simplified ones, one character for
 * one: OpenCC's character tables, as opencc-js ships them (45 KB of text, the 1 MB
 * phrase tables left out). A phrase table would change a text's length, and the offsets of the marked
 * matches are those of the text as written; a character table finds 論辯 as 论辩 all the same. Built at
 * the first Chinese character folded (about 4,000 entries).
 */
let simplified: Map<string, string> | null = null;
function simplifiedTable(): Map<string, string> {
  if (simplified) return simplified;
  const table = new Map<string, string>();
  const entries = (dict: string) => dict.split('|').map((e) => e.split(' ') as [string, ...string[]]);
  // one BMP character for one: the folded text keeps its length
  const one = (c: string | undefined): c is string => c !== undefined && c.length === 1;
  for (const [from, to] of entries(tsCharacters)) if (one(from) && one(to)) table.set(from, to);
  // a regional variant (為, 啟) through its standard traditional form (爲, 啓) to the simplified one; a variant
  // whose standard form has none (么 → 幺) stays as it is
  for (const [from, to] of [...entries(twVariants), ...entries(hkVariants)]) {
    const s = one(to) ? table.get(to) : undefined;
    if (one(from) && s && !table.has(from)) table.set(from, s);
  }
  simplified = table;
  // one class of every character the table changes: a simplified text is scanned without a call per character
  traditional = new RegExp(`[${[...table.keys()].map((c) => c.replace(/[\\\]\[^-]/g, '\\$&')).join('')}]`, 'g');
  return table;
}
let traditional = /(?!)/g;
/** Where a text may hold a character the table knows (the unified ideographs and their compatibility forms). */
const HAN_BMP = /[\u3400-\u9fff\uf900-\ufaff]/;

/** Chinese text with its traditional characters made simplified (same length). */
function simplify(s: string): string {
  if (!HAN_BMP.test(s)) return s;
  const table = simplifiedTable();
  return s.replace(traditional, (c) => table.get(c) ?? c);
}

/** Lower case, compatibility forms folded (full-width letters), accents removed, traditional Chinese made simplified. */
export function fold(s: string): string {
  return simplify(
    s
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase(),
  );
}

/**
 * Marks a stem's term: an English word is indexed as written and, where Porter's
 * stemmer makes it shorter, by its stem too, under this mark. "arguments" and "argumentation" are then
 * found by "argument"; a word as written is never a stem's term, so exact matches can weigh more.
 */
export const STEM_MARK = '\u0001';
const STEMMABLE = /^[a-z]{3,40}$/;
/** Stems of the words seen lately: a lab's vocabulary is a few tens of thousands of words, each stemmed once. */
const stems = new Map<string, string>();
const STEMS_KEPT = 50_000;

/** The stem of an English word (lower case, folded); the word itself when it has no other. */
export function stemOf(word: string): string {
  if (!STEMMABLE.test(word)) return word;
  let s = stems.get(word);
  if (s === undefined) {
    s = stemmer(word);
    if (stems.size >= STEMS_KEPT) stems.clear();
    stems.set(word, s);
  }
  return s;
}

/** A field's terms once each, with the stems' terms of its English words. */
export function withStems(terms: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const t of terms) {
    out.add(t);
    const s = stemOf(t);
    if (s !== t) out.add(STEM_MARK + s);
  }
  return [...out];
}

/** Text without accents, CJK or any other non-ASCII character (words are letters and digits here). */
const ASCII = /^[ -~]*$/;

export const isCjk = (term: string) => IS_CJK.test(term);

function pairs(run: string): string[] {
  const chars = Array.from(run);
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(`${chars[i]}${chars[i + 1]}`);
  return out;
}

/** The terms a record's text is indexed by. */
export function indexTerms(text: string): string[] {
  const out: string[] = [];
  for (const [run] of fold(text).matchAll(RUN)) {
    if (isCjk(run)) {
      // every character starts a pair but the last: a one-character query finds a pair by its first
      // character (a prefix) or the last character itself
      // pushed one by one: spreading a long run's pairs as arguments overflowed the stack
      for (const pair of pairs(run)) out.push(pair);
      // the last character: the last two code units hold it whole, a pair of surrogates or not
      out.push(Array.from(run.slice(-2)).pop() as string);
    } else out.push(run);
  }
  return out;
}

/**
 * A long text in pieces of about `size` characters, cut at a space where one is near (a word is then
 * never cut) and never inside a surrogate pair: the index reads a long text a piece at a time, letting
 * requests through between pieces. The terms of the pieces are the text's terms.
 */
export function* pieces(text: string, size = 16_384): Generator<string> {
  let from = 0;
  while (text.length - from > size) {
    let to = from + size;
    const space = text.lastIndexOf(' ', to);
    if (space > to - 256) to = space;
    else if (/[\uD800-\uDBFF]/.test(text.charAt(to - 1))) to--;
    yield text.slice(from, to);
    from = to;
  }
  yield text.slice(from);
}

/** The bounds that keep every query cheap: longer queries are cut, extra terms dropped. */
export const QUERY_LIMITS = { chars: SEARCH_MAX_CHARS, terms: 12 } as const;

export type QueryTerms = {
  /** What is looked up: Latin words (prefixes when long enough), CJK characters or pairs. */
  terms: string[];
  /** The DOIs, arXiv ids and ISBNs among the query's words, as terms (identifiers.ts); their words are not in `terms`. */
  ids: string[];
  /** The words of the query's identifiers, for a search by words when no identifier is found. */
  idWords: string[];
  /** Index words a misspelt term was read as (typo tolerance): marked where they are found. */
  near?: ReadonlyMap<string, readonly string[]>;
};

/** A text's terms as a query reads them: a Chinese run of one character is that character, a longer one its pairs. */
function wordTerms(text: string, into: string[]) {
  for (const [run] of fold(text).matchAll(RUN)) {
    const chars = Array.from(run);
    const mine = isCjk(run) ? (chars.length === 1 ? chars : pairs(run)) : [run];
    for (const t of mine) if (!into.includes(t)) into.push(t);
  }
}

/**
 * A query's terms (which a record must all contain): its identifiers, and the terms of its other words.
 * Duplicates go; beyond QUERY_LIMITS.terms the rest is ignored.
 */
export function queryTerms(q: string): QueryTerms {
  const terms: string[] = [];
  const ids: string[] = [];
  const idWords: string[] = [];
  for (const word of queryWords(q.slice(0, QUERY_LIMITS.chars))) {
    const id = identifierTerm(word);
    if (id) {
      if (!ids.includes(id)) ids.push(id);
      wordTerms(word, idWords);
    } else wordTerms(word, terms);
  }
  const kept = ids.slice(0, QUERY_LIMITS.terms);
  return { terms: terms.slice(0, QUERY_LIMITS.terms - kept.length), ids: kept, idWords: idWords.slice(0, QUERY_LIMITS.terms) };
}

/** The query as a search by words: its identifiers read as words too. */
export const asWords = (query: QueryTerms): QueryTerms => ({
  terms: [...query.idWords, ...query.terms.filter((t) => !query.idWords.includes(t))].slice(0, QUERY_LIMITS.terms),
  ids: [],
  idWords: [],
});

/**
 * Which terms also find the terms they begin: Latin terms of three characters or more ("summar" finds
 * "summarization"), and a single CJK character (the pairs it starts).
 */
const PREFIX_FROM = 3;
export const searchesPrefix = (term: string) => (isCjk(term) ? term.length === 1 : term.length >= PREFIX_FROM);

/** Where the query's terms match `text` (ranges in order, merged) and how many of its terms do. */
export function matchesIn(text: string, query: QueryTerms): { ranges: [number, number][]; terms: number } {
  const latin = query.terms.filter((t) => !isCjk(t));
  const cjk = query.terms.filter(isCjk);
  // a word matches a term as written, as its beginning, by their stems, or as a word a misspelling was read as
  const latinStems = latin.map((t) => stemOf(t));
  // Porter's stem is its word's beginning but for its last letter or two ("happy" → "happi"): a word that
  // does not begin as a term's stem does cannot share it, and is not stemmed (most words of a text)
  const stemStarts = latinStems.map((s) => s.slice(0, Math.max(1, s.length - 2)));
  const near = query.near;
  const found = new Set<string>();
  const ranges: [number, number][] = [];
  for (const m of text.matchAll(RUN)) {
    const word = m[0];
    const at = m.index;
    if (!IS_CJK.test(word)) {
      // most words are ASCII: lower case is their folding, and the costly normalization is for the others
      const f = ASCII.test(word) ? word.toLowerCase() : fold(word);
      const t = latin.find(
        (t, i) =>
          f === t ||
          (searchesPrefix(t) && f.startsWith(t)) ||
          (f.startsWith(stemStarts[i] as string) && stemOf(f) === latinStems[i]) ||
          (near?.get(t)?.includes(f) ?? false),
      );
      if (t) {
        ranges.push([at, at + word.length]);
        found.add(t);
      }
      continue;
    }
    const folded = fold(word);
    // folding leaves CJK characters as they are, so offsets in the run and in its folded form agree
    if (folded.length !== word.length) continue;
    for (const t of cjk) {
      for (let i = folded.indexOf(t); i >= 0; i = folded.indexOf(t, i + 1)) {
        ranges.push([at + i, at + i + t.length]);
        found.add(t);
      }
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([...r]);
  }
  return { ranges: merged, terms: found.size };
}

export const hitRanges = (text: string, query: QueryTerms) => matchesIn(text, query).ranges;

/** `text` cut into segments at the given ranges. */
function segmentsOf(text: string, ranges: [number, number][], from = 0, to = text.length): Segment[] {
  const out: Segment[] = [];
  let at = from;
  for (const [a, b] of ranges) {
    if (b <= from || a >= to) continue;
    const s = Math.max(a, from);
    const e = Math.min(b, to);
    if (s > at) out.push({ text: text.slice(at, s) });
    out.push({ text: text.slice(s, e), hit: true });
    at = e;
  }
  if (at < to) out.push({ text: text.slice(at, to) });
  return out;
}

/** A whole short text (a title) with its matches marked. */
export function marked(text: string, query: QueryTerms): Segment[] {
  return segmentsOf(text, hitRanges(text, query));
}

/**
 * About `width` characters of `text` around its first match (its beginning when nothing matches), cut
 * at spaces where the text has them, with an ellipsis where it was cut. `ranges`: the matches in `text`,
 * where the caller has them already.
 */
export function snippet(text: string, query: QueryTerms, latinWidth = 160, ranges = hitRanges(text, query)): Segment[] {
  if (!text) return [];
  // a Chinese character says about as much as two Latin letters, and takes twice their width
  const width = CJK_TEXT.test(text.slice(0, 200)) ? Math.round(latinWidth / 2) : latinWidth;
  const first = ranges[0]?.[0] ?? 0;
  let from = Math.max(0, first - Math.floor(width / 3));
  let to = Math.min(text.length, from + width);
  from = Math.max(0, Math.min(from, to - width));
  if (from > 0) {
    const space = text.indexOf(' ', from);
    if (space >= 0 && space < first) from = space + 1;
  }
  if (to < text.length) {
    const space = text.lastIndexOf(' ', to);
    if (space > Math.max(from, ranges[0]?.[1] ?? from)) to = space;
  }
  // never cut a surrogate pair in two
  if (from > 0 && /[\uDC00-\uDFFF]/.test(text.charAt(from))) from--;
  if (to < text.length && /[\uD800-\uDBFF]/.test(text.charAt(to - 1))) to++;
  const out = segmentsOf(text, ranges, from, to);
  if (from > 0) out.unshift({ text: '…' });
  if (to < text.length) out.push({ text: '…' });
  return out;
}

const BLOCKS = new Set([
  'br',
  'p',
  'div',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'tr',
  'td',
  'th',
  'blockquote',
  'pre',
  'hr',
  'img',
  'figure',
  'section',
]);
const spaces = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The text of sanitized HTML (news items, personal pages), block elements apart. Read by htmlparser2's
 * tokenizer, which keeps no stack of open elements: its parser's stack made thousands of nested or
 * stray tags cost time growing with the square of their number.
 */
export function textOfHtml(html: string): string {
  const s = html ?? '';
  const out: string[] = [];
  // block elements and line breaks part words; inline ones (b, a, span) do not
  const tag = (start: number, end: number) => {
    if (end - start <= 10 && BLOCKS.has(s.slice(start, end).toLowerCase())) out.push(' ');
  };
  scanHtml(s, {
    ontext: (start, end) => {
      out.push(s.slice(start, end));
    },
    ontextentity: (codepoint) => {
      out.push(String.fromCodePoint(codepoint));
    },
    onopentagname: tag,
    onclosetag: tag,
  });
  return spaces(out.join(''));
}

/** For each position of `s`, where the next `ch` is at or after it (`s.length` when none): one pass from the end. */
function nextOf(s: string, ch: number): Int32Array {
  const next = new Int32Array(s.length + 1);
  next[s.length] = s.length;
  for (let i = s.length - 1; i >= 0; i--) next[i] = s.charCodeAt(i) === ch ? i : (next[i + 1] as number);
  return next;
}

const ch = (c: string) => c.charCodeAt(0);
const NL = ch('\n');
const BANG = ch('!');
const OPEN = ch('[');
const CLOSE = ch(']');
const PAREN = ch('(');
const PAREN_END = ch(')');
const LT = ch('<');
const GT = ch('>');
const AMP = ch('&');
const SPACE = ch(' ');
const TAB = ch('\t');
const CR = ch('\r');
/** The characters a line with a block mark (or a fence, a definition, a table rule) may begin with. */
const BLOCK_START = new Set([...'#>-*+0123456789[`~|:'].map(ch));
const AUTOLINK = /^<https?:/;
const decoder = new TextDecoder('utf-16le');
const BACKSLASH = ch('\\');
/** Emphasis, code, strike-through and table marks: spaces in the text. */
const MARKS = new Set(['|', '*', '_', '~', '`'].map(ch));
/** A line that opens or closes a fenced code block (its text is kept, the fence line is not). */
const FENCE = /^\s*(?:```|~~~)/;
/** A heading, quote or list marker at a line's start: one at a time, each step taking characters. */
const BLOCK_MARK = /^ {0,3}(?:#{1,6}|>|[-*+]|\d{1,9}[.)])(?:[ \t]+|$)/;
/** A link reference definition: `[label]: address "title"`. */
const DEFINITION = /^ {0,3}\[[^\]]+\]:/;
/** A table's rule line: only pipes, colons, dashes and spaces (with at least three dashes). */
const TABLE_RULE = /^[\s|:-]*$/;

/**
 * The words of markdown (articles, course pages, personal pages): its text and code, without link
 * addresses, markup or the addresses of images (their alt text stays). A search needs the words, not the
 * structure. One pass over the text, each character looked at a bounded number of times: a member's page
 * can hold 200,000 characters, and the regular expressions this replaced took time growing with the
 * square of a run of "[". A markdown parser (micromark) is no way out: it is itself
 * quadratic on nested brackets.
 */
export function textOfMarkdown(markdown: string): string {
  const s = markdown ?? '';
  const n = s.length;
  // where each skip ends, known in advance, so no character is read again by a later skip
  const nextNl = nextOf(s, NL);
  const nextParen = nextOf(s, PAREN_END);
  const nextClose = nextOf(s, CLOSE);
  const nextGt = nextOf(s, GT);
  // the text is written as UTF-16 code units, spaces run together: no string is built per piece
  const out = new Uint16Array(n + 1);
  let len = 0;
  const space = () => {
    if (len > 0 && out[len - 1] !== SPACE) out[len++] = SPACE;
  };
  let html = false;
  for (let start = 0; start < n; ) {
    const eol = nextNl[start] as number;
    let from = start;
    start = eol + 1;
    // block marks: only a line that may begin with one is looked at as a whole
    let first = from;
    while (first < eol && (s.charCodeAt(first) === SPACE || s.charCodeAt(first) === TAB)) first++;
    if (BLOCK_START.has(s.charCodeAt(first))) {
      let line = s.slice(from, eol);
      if (FENCE.test(line) || DEFINITION.test(line) || (TABLE_RULE.test(line) && line.includes('---'))) {
        space();
        continue;
      }
      for (let m = BLOCK_MARK.exec(line); m && m[0].length > 0; m = BLOCK_MARK.exec(line)) {
        from += m[0].length;
        line = line.slice(m[0].length);
      }
    }
    for (let i = from; i < eol; i++) {
      const c = s.charCodeAt(i);
      if (c === BACKSLASH && i + 1 < eol) {
        // an escaped character is text
        out[len++] = s.charCodeAt(++i);
      } else if (c === SPACE || c === TAB || c === CR || MARKS.has(c)) {
        space();
      } else if (c === OPEN || (c === BANG && s.charCodeAt(i + 1) === OPEN)) {
        // a link's (or an image's) text stays, its brackets go
      } else if (c === CLOSE) {
        // a link's address, or the label of a reference link, goes
        const after = s.charCodeAt(i + 1);
        const end = after === PAREN ? (nextParen[i + 1] as number) : after === OPEN ? (nextClose[i + 1] as number) : eol;
        if (end < eol) {
          space();
          i = end;
        }
      } else if (c === LT && (nextGt[i] as number) < eol && AUTOLINK.test(s.slice(i, i + 8))) {
        space();
        i = nextGt[i] as number;
      } else {
        if (c === LT || c === AMP) html = true;
        out[len++] = c;
      }
    }
    space();
  }
  const text = decoder.decode(out.subarray(0, len));
  // inline HTML and entities need the parser; most markdown has neither
  return html ? textOfHtml(text) : spaces(text);
}
