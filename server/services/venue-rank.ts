import aliasesFile from '../venue-ranks/aliases.json' with { type: 'json' };
import ccfFile from '../venue-ranks/ccf.json' with { type: 'json' };
import coreFile from '../venue-ranks/core.json' with { type: 'json' };
import { NO_RANK, type RankSystem, type VenueRank } from '../../common/venue-ranks.ts';

// Which entry of CCF's list and of CORE's ranks a publication's venue is. Tried in order:
// the editor's correction (the publication's `venue_key`: "none", a DBLP key, an abbreviation or a name);
// the DBLP key of a dblp link among its links; its venue's name as written, normalized (case, punctuation,
// "Proceedings of the", years, ordinals, "International"), whole, by its parts between commas, in
// parentheses ("(ACL)"), beside its acronym ("CHI Conference on …", "… Intervention – MICCAI 2023"), alone
// ("ACL 2024", "KDD '23"), or as dblp abbreviates a journal ("IEEE Trans. Knowl. Data Eng."). A name several
// entries share counts only when they have one rank; workshops, findings and companions of a venue are never
// the venue.
// CORE's whole list has short acronyms that other venues share (SAC, ICS, ACE, SPM, ATC…): an entry found by
// a part of the name is not taken when the rest of the name is another venue's (no word in common with the
// entry's own name), nor when the name's publisher is not the entry's ("IEEE MultiMedia" is not "ACM
// Multimedia"), nor is CORE's entry taken when it has no word in common with the CCF entry of the same name.
// Pure and fast: the lists are indexed once, each venue is read once (at most MAX_CHARS of it), one
// character at a time, and the answers are memoized.

type VenueEntry = {
  system: RankSystem;
  rank: string;
  /** The abbreviation, "" when the list gives none. */
  abbr: string;
  name: string;
  kind: 'conference' | 'journal';
  /** DBLP keys (conf/acl, journals/tkde); CORE gives none. */
  dblp: string[];
  /** CCF's field (arch, network, security, se, db, theory, graphics, ai, hci, cross); "" for CORE. */
  field: string;
};

/** What a publication offers for the match. */
export type VenueInput = {
  source?: string | null;
  venue_kind?: string | null;
  venue_key?: string | null;
  links?: readonly (string | null | undefined)[];
};

/** Longer than any venue's name; the rest of a longer text is never read. */
const MAX_CHARS = 400;

const STOP = new Set(['the', 'of', 'on', 'in', 'for', 'and', 'a', 'an', 'at', 'to', 'with', 'proceedings', 'proc', 'annual', 'international', 'intl', 'int']);
/** Publishers' names before a venue's, dropped unless nothing else is left ("Proceedings of the IEEE"). */
const PUBLISHERS = new Set(['acm', 'ieee', 'cvf', 'usenix', 'siam', 'ifip']);
/** Words of a venue beside a list's venue: its workshops, findings, companions, demos. */
const BESIDE = new Set([
  'workshop',
  'workshops',
  'findings',
  'companion',
  'adjunct',
  'demo',
  'demos',
  'demonstrations',
  'doctoral',
  'posters',
  'poster',
  'tutorial',
  'tutorials',
  'abstracts',
  'colocated',
  'satellite',
]);
/** Words that say a name is a venue's, not which venue it is. */
const VENUE_WORDS = new Set([
  'conference',
  'conferences',
  'symposium',
  'symposia',
  'workshop',
  'workshops',
  'congress',
  'meeting',
  'colloquium',
  'forum',
  'summit',
  'journal',
  'transactions',
  'proceedings',
  'proc',
]);
/** Words too common in venues' names to tell two of them apart. */
const WEAK = new Set([
  'computer',
  'computers',
  'computing',
  'computation',
  'computational',
  'information',
  'system',
  'systems',
  'technology',
  'technologies',
  'application',
  'applications',
  'science',
  'sciences',
  'advances',
  'advanced',
  'research',
]);
const NUMBER_WORDS = new Set(
  (
    'first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth ' +
    'seventeenth eighteenth nineteenth twentieth thirtieth fortieth fiftieth sixtieth seventieth eightieth ninetieth hundredth ' +
    'twenty thirty forty fifty sixty seventy eighty ninety one two three four five six seven eight nine volume vol'
  ).split(' '),
);

const isDigit = (c: number) => c >= 48 && c <= 57;
/** A number, or an ordinal written with digits (62nd, 1st), or a volume's number. */
function isNumberToken(t: string): boolean {
  let i = 0;
  while (i < t.length && isDigit(t.charCodeAt(i))) i++;
  if (i === 0) return NUMBER_WORDS.has(t);
  const rest = t.slice(i);
  return rest === '' || rest === 'st' || rest === 'nd' || rest === 'rd' || rest === 'th';
}

const LETTER = /[\p{L}\p{N}]/u;

/**
 * A name's words, lower case, without stop words and numbers; the words in parentheses apart; the parts
 * between commas or colons apart. One pass over at most MAX_CHARS characters.
 */
function wordsOf(text: string): { words: string[]; parens: string[][]; parts: string[][]; abbreviated: boolean } {
  const s = text.slice(0, MAX_CHARS).toLowerCase();
  const words: string[] = [];
  const parens: string[][] = [];
  const parts: string[][] = [[]];
  let depth = 0;
  let word = '';
  let abbreviated = false;
  const end = () => {
    if (!word) return;
    if (depth > 0) parens[parens.length - 1]?.push(word);
    else {
      words.push(word);
      parts[parts.length - 1]?.push(word);
    }
    word = '';
  };
  for (const ch of s) {
    if (LETTER.test(ch)) {
      word += ch;
      continue;
    }
    if (ch === '.' && word) abbreviated = true;
    end();
    if (ch === '&' || ch === '+') {
      // "Processing & Management" is "Processing and Management"; "CODES+ISSS" keeps its plus
      word = ch === '&' ? 'and' : ch;
      end();
    } else if (ch === '(') {
      depth++;
      if (depth === 1) parens.push([]);
    } else if (ch === ')') {
      if (depth > 0) depth--;
    } else if ((ch === ',' || ch === ':') && depth === 0) {
      parts.push([]);
    }
  }
  end();
  return { words, parens, parts: parts.filter((p) => p.length > 0), abbreviated };
}

/** The key a list of words is looked up by: stop words, numbers and (unless alone) publishers left out. */
function keyOf(ws: readonly string[]): string {
  const kept = ws.filter((w) => !STOP.has(w) && !isNumberToken(w));
  const named = kept.filter((w) => !PUBLISHERS.has(w));
  return (named.length > 0 ? named : kept).join(' ');
}

export const normalizeVenue = (text: string) => keyOf(wordsOf(text).words);

/** The words that tell which venue a name is: no stop words, numbers, publishers, "conference"s or weak words. */
const telling = (w: string) => !STOP.has(w) && !isNumberToken(w) && !PUBLISHERS.has(w) && !VENUE_WORDS.has(w) && !WEAK.has(w);

/** What an entry's names say, for checking a match found by a part of a venue's name. */
type Facts = {
  /** The telling words of its name, former names and aliases. */
  words: Set<string>;
  /** The words of its abbreviation: no evidence either way. */
  abbr: Set<string>;
  /** The publishers its names give (ACM, IEEE…); none when they give none. */
  publishers: Set<string>;
};

type Index = {
  byName: Map<string, VenueEntry[]>;
  byDblp: Map<string, VenueEntry[]>;
  /** Each entry's name as words, for dblp's abbreviations, by the number of words. */
  byLength: Map<number, { words: string[]; entry: VenueEntry }[]>;
  facts: Map<VenueEntry, Facts>;
};

const add = <K, V>(m: Map<K, V[]>, k: K, v: V) => {
  const list = m.get(k);
  if (!list) m.set(k, [v]);
  else if (!list.includes(v)) list.push(v);
};

function indexOf(entries: readonly VenueEntry[], aliases: Record<string, readonly string[]>): Index {
  const byName = new Map<string, VenueEntry[]>();
  const byDblp = new Map<string, VenueEntry[]>();
  const byLength = new Map<number, { words: string[]; entry: VenueEntry }[]>();
  const facts = new Map<VenueEntry, Facts>();
  for (const e of entries) {
    const names = [e.name, e.abbr, ...(aliases[e.dblp[0] ?? ''] ?? []), ...(aliases[e.abbr] ?? [])];
    const abbr = new Set(allWords(e.abbr));
    const fact: Facts = { words: new Set(), abbr, publishers: new Set() };
    for (const n of names) {
      const k = n && normalizeVenue(n);
      if (k) add(byName, k, e);
      for (const w of allWords(n)) {
        if (PUBLISHERS.has(w)) fact.publishers.add(w);
        else if (telling(w) && !abbr.has(w)) fact.words.add(w);
      }
    }
    facts.set(e, fact);
    for (const d of e.dblp) add(byDblp, d.toLowerCase(), e);
    const words = keyOf(wordsOf(e.name).words).split(' ');
    add(byLength, words.length, { words, entry: e });
  }
  return { byName, byDblp, byLength, facts };
}

/** A name's words, those in parentheses too. */
function allWords(text: string): string[] {
  const { words, parens } = wordsOf(text);
  return parens.length > 0 ? words.concat(...parens) : words;
}

/** How often each word of a list of words occurs, and how many of them are telling or venue words. */
type Tally = { counts: Map<string, number>; telling: number; venue: number };
function tallyOf(...lists: (readonly string[])[]): Tally {
  const t: Tally = { counts: new Map(), telling: 0, venue: 0 };
  for (const list of lists) {
    for (const w of list) {
      t.counts.set(w, (t.counts.get(w) ?? 0) + 1);
      if (telling(w)) t.telling++;
      else if (VENUE_WORDS.has(w)) t.venue++;
    }
  }
  return t;
}
const NO_WORDS = tallyOf();

/**
 * Whether the rest of a venue's name (its words `all` less the `part` that found the entry) lets the entry be
 * the venue: the rest tells nothing, or shares a telling word with the entry's names. `strict` false (the rest
 * may be a place or a date: "ECCV 2022, Tel Aviv, Israel") refuses only a rest that names a venue ("SAC '23:
 * … Symposium on Applied Computing"). Counts, not a scan of the rest: linear in the name however it is cut.
 */
function fits(facts: Facts | undefined, all: Tally, part: Tally, strict: boolean): boolean {
  if (!facts) return true;
  const rest = (w: string) => (all.counts.get(w) ?? 0) - (part.counts.get(w) ?? 0);
  for (const w of facts.words) if (rest(w) > 0) return true;
  // the rest's telling words, less the entry's abbreviation ("ECCV 2022 … (ECCV)")
  let told = all.telling - part.telling;
  for (const w of facts.abbr) if (telling(w)) told -= rest(w);
  return told <= 0 || (!strict && all.venue - part.venue === 0);
}

/** Whether a name's publishers (ACM, IEEE…) and the entry's leave it possible: both name some, none shared. */
const samePublisher = (facts: Facts | undefined, publishers: ReadonlySet<string>) =>
  !facts || facts.publishers.size === 0 || publishers.size === 0 || [...publishers].some((p) => facts.publishers.has(p));

type Row = (string | string[])[];
const entriesOf = (system: RankSystem, rows: readonly Row[]): VenueEntry[] =>
  system === 'ccf'
    ? rows.map(([rank, kind, field, abbr, dblp, name]) => ({
        system,
        rank: String(rank),
        kind: kind === 'journal' ? 'journal' : 'conference',
        field: String(field),
        abbr: String(abbr),
        dblp: String(dblp).split(';').filter(Boolean),
        name: String(name),
      }))
    : rows.map(([rank, abbr, name]) => ({ system, rank: String(rank), kind: 'conference', field: '', abbr: String(abbr), dblp: [], name: String(name) }));

let indexes: Record<RankSystem, Index> | undefined;
/** The two lists, indexed on first use. */
function lists(): Record<RankSystem, Index> {
  indexes ??= {
    ccf: indexOf(entriesOf('ccf', ccfFile.venues as Row[]), aliasesFile.ccf),
    core: indexOf(entriesOf('core', coreFile.venues as Row[]), aliasesFile.core),
  };
  return indexes;
}

/** A DBLP key in a dblp address (dblp.org/rec/conf/acl/XuL24, dblp.org/db/journals/tkde/…), lower case. */
export function dblpKeyOf(url: string): string {
  const s = url.slice(0, MAX_CHARS).toLowerCase();
  for (const host of ['dblp.org/', 'dblp.uni-trier.de/', 'dblp.dagstuhl.de/']) {
    const at = s.indexOf(host);
    if (at < 0) continue;
    const parts = s
      .slice(at + host.length)
      .split(/[/?#]/, 5)
      .filter(Boolean);
    const i = parts[0] === 'rec' || parts[0] === 'db' ? 1 : 0;
    const [kind, venue] = [parts[i], parts[i + 1]];
    if ((kind === 'conf' || kind === 'journals') && venue) return `${kind}/${venue.replace(/\.(?:html|bib|xml)$/, '')}`;
  }
  return '';
}

/** The one rank the entries agree on, preferring the publication's kind; undefined when they disagree. */
function agreed(found: readonly VenueEntry[] | undefined, kind: string | null | undefined): VenueEntry | undefined {
  if (!found || found.length === 0) return undefined;
  const ofKind = kind === 'journal' || kind === 'conference' ? found.filter((e) => e.kind === kind) : found;
  const pool = ofKind.length > 0 ? ofKind : found;
  return pool.every((e) => e.rank === pool[0]?.rank) ? pool[0] : undefined;
}

/** dblp's abbreviated names: as many words, each the start of the entry's word ("Trans." of "Transactions"). */
function byAbbreviation(index: Index, words: readonly string[]): VenueEntry[] {
  if (words.length < 2) return [];
  const out: VenueEntry[] = [];
  for (const { words: full, entry } of index.byLength.get(words.length) ?? []) {
    if (full.every((w, i) => w.startsWith(words[i] as string))) out.push(entry);
  }
  return out;
}

/** Whether a venue's name says it is a workshop, findings or companion of another. */
export function isBeside(text: string): boolean {
  const { words, parens } = wordsOf(text);
  return words.some((w) => BESIDE.has(w)) || parens.some((p) => p.some((w) => BESIDE.has(w)));
}

/** The entry a venue's name is in one list, or undefined. */
function byText(index: Index, text: string, kind: string | null | undefined): VenueEntry | undefined {
  const { words, parens, parts, abbreviated } = wordsOf(text);
  const all = tallyOf(words, ...parens);
  const publishers = new Set([...all.counts.keys()].filter((w) => PUBLISHERS.has(w)));
  // the entries of a key that the rest of the name and its publisher leave possible, if they have one rank
  // (a whole name of several words is the entry's; a word alone, "SAC 2023 (…)", is checked like a part)
  const look = (ws: readonly string[], strict: boolean, whole = false) => {
    const k = keyOf(ws);
    const found = k ? index.byName.get(k) : undefined;
    if (!found) return undefined;
    const part = whole && k.includes(' ') ? all : tallyOf(ws);
    return agreed(
      found.filter((e) => samePublisher(index.facts.get(e), publishers) && fits(index.facts.get(e), all, part, strict)),
      kind,
    );
  };
  const whole = look(words, false, true);
  if (whole) return whole;
  // a workshop, findings or companion of a venue is not the venue: only its own whole name counts
  if (isBeside(text)) return undefined;
  for (const part of parts.length > 1 ? parts : []) {
    const found = look(part, false);
    if (found) return found;
  }
  // "Information and Computer Security (ICS)" is not ICS when the name beside it is another venue's
  for (const p of parens) {
    const found = look(p, true);
    if (found) return found;
  }
  // "CHI Conference on Human Factors…": a leading acronym, then the name it abbreviates; or the name, then
  // the acronym (Springer's "Medical Image Computing and Computer Assisted Intervention – MICCAI 2023")
  const kept = keyOf(words).split(' ');
  if (kept.length > 1) {
    for (const [acronym, name] of [
      [kept[0], kept.slice(1)],
      [kept[kept.length - 1], kept.slice(0, -1)],
    ] as const) {
      const by = agreed(index.byName.get(acronym as string), kind);
      if (by && agreed(index.byName.get(name.join(' ')), kind) === by && samePublisher(index.facts.get(by), publishers)) return by;
    }
  }
  if (abbreviated) return agreed(byAbbreviation(index, kept), kind);
  return undefined;
}

const memo = new Map<string, VenueRank[]>();
const MEMO_MAX = 20_000;

/** The venue's rank in each system (not only the shown ones), or none. */
export function venueRanks(p: VenueInput): VenueRank[] {
  const key = `${p.venue_kind ?? ''}\u0001${(p.venue_key ?? '').slice(0, MAX_CHARS)}\u0001${(p.source ?? '').slice(0, MAX_CHARS)}\u0001${(p.links ?? []).map((l) => (l ?? '').slice(0, MAX_CHARS)).join('\u0001')}`;
  const known = memo.get(key);
  if (known) return known;
  const found = matchVenue(p);
  if (memo.size >= MEMO_MAX) memo.clear();
  memo.set(key, found);
  return found;
}

/** The match itself, never memoized (the linear-time test). */
export function matchVenue(p: VenueInput): VenueRank[] {
  const given = (p.venue_key ?? '').trim();
  if (given.toLowerCase() === NO_RANK) return [];
  const { ccf, core } = lists();
  const kind = p.venue_kind;
  const fromKey = (k: string) => agreed(ccf.byDblp.get(k.toLowerCase()), kind);
  let c: VenueEntry | undefined;
  let o: VenueEntry | undefined;
  // a DBLP key (the editor's, or the one a dblp BibTeX import found) decides CCF's entry, the venue's name the rest
  const givenKey = /^(?:conf|journals)\/[\w-]{1,60}$/i.test(given);
  if (given && !givenKey) {
    // the editor's choice: a name or abbreviation of either list
    c = byText(ccf, given, kind);
    o = kind === 'journal' ? undefined : byText(core, given, kind);
  } else {
    // dblp files a venue's findings and some of its workshops under the venue's key: the name says which it is
    // (a key the editor gave is their word)
    const beside = isBeside(p.source ?? '');
    if (givenKey) c = fromKey(given);
    for (const link of beside ? [] : (p.links ?? [])) {
      const k = link ? dblpKeyOf(link) : '';
      c ??= k ? fromKey(k) : undefined;
    }
    const source = p.source ?? '';
    c ??= byText(ccf, source, kind);
    o = kind === 'journal' ? undefined : byText(core, source, kind);
  }
  // CORE has no DBLP keys: a conference CCF's list knows is looked up there by its abbreviation and name; CORE's
  // entry has a word of CCF's name in common (CCF's ATC is USENIX's, CORE's ATC is Advanced and Trusted Computing)
  if (c?.kind === 'conference') {
    const ccfName = tallyOf(allWords(c.name));
    const sameAbbr = (e: VenueEntry) => e.abbr !== '' && e.abbr.trim().toLowerCase() === c.abbr.trim().toLowerCase();
    const named = (e: VenueEntry | undefined) => (e && (sameAbbr(e) || fits(core.facts.get(e), ccfName, NO_WORDS, true)) ? e : undefined);
    o = named(o);
    o ??= (c.abbr && named(byText(core, c.abbr, kind))) || byText(core, c.name, kind);
  }
  const out: VenueRank[] = [];
  if (c) out.push({ system: 'ccf', rank: c.rank, venue: c.abbr || c.name });
  if (o) out.push({ system: 'core', rank: o.rank, venue: o.abbr || o.name });
  return out;
}

/** The entry the matcher chose in one system, for the console's explanation and the tests. */
export function matchedEntry(p: VenueInput, system: RankSystem): string | undefined {
  return venueRanks(p).find((r) => r.system === system)?.venue;
}

/** The columns of a publication the match reads. */
export const rankColumns = ['pid', 'source', 'venue_kind', 'venue_key', 'link1', 'link2', 'link3', 'link4'] as const;

/** A publication's ranks in the shown systems. */
export function shownRanks(p: Record<string, unknown>, shown: readonly RankSystem[]): VenueRank[] {
  if (shown.length === 0) return [];
  const text = (k: string) => (typeof p[k] === 'string' ? (p[k] as string) : '');
  const found = venueRanks({
    source: text('source'),
    venue_kind: text('venue_kind'),
    venue_key: text('venue_key'),
    links: [text('link1'), text('link2'), text('link3'), text('link4')],
  });
  return found.filter((r) => shown.includes(r.system));
}

/** A venue of the lists as the console's picker offers it: `key` is what a correction stores (its DBLP key, else its abbreviation, else its name). */
export type VenueChoice = { key: string; system: RankSystem; rank: string; abbr: string; name: string; kind: VenueEntry['kind'] };

let choices: (VenueChoice & { text: string })[] | undefined;

/**
 * The venues of the lists whose abbreviation, name or DBLP key holds `q` (case ignored): those whose
 * abbreviation is `q` first, then those it begins, then the rest, CCF before CORE; at most `limit`. The
 * correction picker's (GET /api/venue-ranks/); one pass over about 1,500 entries, `q` bounded.
 */
export function findVenues(q: string, limit = 20): VenueChoice[] {
  choices ??= (['ccf', 'core'] as const).flatMap((system) =>
    entriesOf(system, (system === 'ccf' ? ccfFile : coreFile).venues as Row[]).map((e) => ({
      key: e.dblp[0] ?? (e.abbr || e.name),
      system,
      rank: e.rank,
      abbr: e.abbr,
      name: e.name,
      kind: e.kind,
      text: `${e.abbr}\u0001${e.name}\u0001${e.dblp.join('\u0001')}`.toLowerCase(),
    })),
  );
  const want = q.trim().toLowerCase().slice(0, 100);
  if (!want) return [];
  const order = (c: VenueChoice) => (c.abbr.toLowerCase() === want ? 0 : c.abbr.toLowerCase().startsWith(want) ? 1 : 2);
  return choices
    .filter((c) => c.text.includes(want))
    .map((c, i) => ({ c, i }))
    .sort((a, b) => order(a.c) - order(b.c) || a.i - b.i)
    .slice(0, limit)
    .map(({ c: { text: _, ...choice } }) => choice);
}
