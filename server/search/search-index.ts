import { createHash } from 'node:crypto';
import type { Lang } from '../../common/enums.ts';
import { pick } from '../../common/lang.ts';
import {
  SEARCH_MAX_CHARS,
  SEARCH_PAGE_SIZE,
  SEARCH_REACHABLE,
  type SearchAnswer,
  type SearchKind,
  type ResultKinds,
  type SearchResult,
  searchKinds,
} from '../../common/search.ts';
import { fixedTopics, type Topic } from '../cache/changes.ts';
import type { SearchDoc } from './documents.ts';
import { InvertedIndex, type QueryTerm } from './inverted-index.ts';
import { turns } from './turns.ts';
import {
  asWords,
  fold,
  indexTerms,
  isCjk,
  pieces,
  matchesIn,
  marked,
  type QueryTerms,
  queryTerms,
  RUN,
  STEM_MARK,
  searchesPrefix,
  snippet,
  stemOf,
  withStems,
} from './text.ts';

// The site search's index: in this process, built at start from the public records and brought up to date
// after every public change, made here or reported by another instance (docs/decisions/015-site-search.md).
// Each change re-reads the documents of its topic and touches only those that differ.

const joined = (b: { zh: string; en: string }) => (b.zh === b.en ? b.zh : `${b.zh} ${b.en}`);

/**
 * The fields a record is searched in, with how much a match in each weighs: a title or an author's name above
 * keywords and venue, those above the body; its identifiers (DOI, arXiv id, ISBN: terms already) as a title.
 */
const FIELDS: readonly ({ weight: number } & ({ text: (d: SearchDoc) => string } | { terms: (d: SearchDoc) => readonly string[] }))[] = [
  { weight: 4, text: (d) => joined(d.title) },
  { weight: 4, text: (d) => d.names },
  { weight: 2, text: (d) => d.keywords },
  { weight: 1.5, text: (d) => d.venue },
  { weight: 1, text: (d) => joined(d.body) },
  { weight: 4, terms: (d) => d.ids ?? [] },
];

/**
 * How much a match counts beside one of the word as typed: by its stem ("arguments"
 * for "argument"), and as a word a misspelling is read as. A prefix's words count 0.5 (inverted-index.ts).
 */
const STEM_WEIGHT = 0.7;
const NEAR_WEIGHT = 0.4;
/** Fewer results than this, and a query's misspelt words are read as the nearest words of the index. */
const FEW_RESULTS = 5;
/** Words this long or longer are read as near words; within one edit, two from NEAR_TWO characters on. */
const NEAR_FROM = 5;
const NEAR_TWO = 9;
/** Longer words are not misspellings of any word a lab writes: not looked for. */
const NEAR_UNTIL = 32;

/** How much of a text's beginning a snippet is looked for in. */
const SNIPPET_SCAN = 3000;

type Loader = (topic: Topic) => Promise<SearchDoc[]> | undefined;
/** The documents of these ids (`{kind}:{id}`) that are public, or undefined where the topic is read only whole. */
type SomeLoader = (topic: Topic, ids: readonly string[]) => Promise<SearchDoc[]> | undefined;
/** Changed records named in one pause above which the whole topic is read instead. */
const NAMED_MAX = 1000;
/** `sum`: a digest of the document as last indexed, to tell a changed one without serializing the kept one again. */
type Kept = { doc: SearchDoc; topic: Topic; sum: string };
type Ranked = {
  all: Kept[];
  byKind: Map<string, Kept[]>;
  /** Of the fixed kinds, and of each declared public resource found. */
  counts: Record<string, number>;
  pages: Map<string, SearchResult[]>;
  /** The query the results were found by: the words of the identifiers when no identifier was found, the near words. */
  query: QueryTerms;
  /** A misspelt term → the index word it is most likely (for "did you mean"). */
  corrected: Map<string, string>;
};
/** Shown pages kept per ranking (kind, page number and language). */
const PAGES_KEPT = 8;
/** Queries whose ranking is kept. */
const RANKED_KEEP = 200;

/**
 * The pause before re-reading a topic after a change, from what the last read took: a burst of writes (a
 * lab importing its history through the API) is read once per pause rather than once per write, which
 * bounds the index's share of the process and the garbage it makes (each read is every record of the
 * topic); a write is still searchable well within a second.
 */
export const refreshPause = (lastMs: number) => Math.min(400, Math.max(50, 2 * lastMs));
/** The longest a search waits for the changes announced before it to be indexed (`#current`). */
const FRESH_WAIT_MS = 1500;

export type SearchStats = { documents: number; buildMs: number; refreshes: number };

export class SearchIndex {
  readonly #load: Loader;
  readonly #index = new InvertedIndex(
    FIELDS.map((f) => f.weight),
    { deferCompaction: true },
  );
  readonly #docs = new Map<string, Kept>();
  /** Rankings of recent queries, least recently asked first; emptied by any change of the index. */
  readonly #ranked = new Map<string, Ranked>();
  #version = 0;
  /** Topics to read again, whole ('all') or only the named documents, and the run doing it. */
  readonly #pending = new Map<Topic, Set<string> | 'all'>();
  #running: Promise<void> | null = null;
  /** How long the last refresh took (ms). */
  #lastMs = 0;
  #closed = false;
  #ready: Promise<void> | null = null;
  readonly #topics: readonly Topic[];
  readonly stats: SearchStats = { documents: 0, buildMs: 0, refreshes: 0 };
  readonly #onError: (e: unknown) => void;
  readonly #loadSome: SomeLoader;
  /** The kinds every answer counts (`lab.resultKinds`). */
  readonly #kinds: ResultKinds;

  constructor(
    load: Loader,
    onError: (e: unknown) => void = () => {},
    loadSome: SomeLoader = () => undefined,
    topics: readonly Topic[] = fixedTopics,
    kinds: ResultKinds = searchKinds,
  ) {
    this.#load = load;
    this.#onError = onError;
    this.#loadSome = loadSome;
    this.#kinds = kinds;
    this.#topics = topics;
  }

  /**
   * The first build, begun by the first call that needs it (the server begins it once it listens: a 10k lab's
   * index takes seconds of turns, which the first page must not share; docs/performance.md). A search before
   * it ends waits for it; a failed build is reported, and searches find nothing.
   */
  get ready(): Promise<void> {
    // closed before it began (a server stopped within its first second): nothing to build
    if (!this.#ready && this.#closed) return Promise.resolve();
    if (!this.#ready) {
      const started = performance.now();
      this.#ready = this.#refresh(this.#topics.map((t) => [t, 'all'] as const)).then(() => {
        this.stats.buildMs = Math.round(performance.now() - started);
      });
      this.#ready.catch(this.#onError);
    }
    return this.#ready;
  }

  /**
   * Reads `topic` again (coalesced: changes while a read runs are read once more after it); with `id`
   * (`{kind}:{id}`), only that document where the topic can be read in part: a lab writing its 10,000
   * publications one by one makes no garbage of 10,000 documents a pause.
   */
  changed(topic: Topic, id?: string): Promise<void> {
    const named = this.#pending.get(topic);
    if (id === undefined || named === 'all' || (named && named.size >= NAMED_MAX)) this.#pending.set(topic, 'all');
    else if (named) named.add(id);
    else this.#pending.set(topic, new Set([id]));
    if (!this.#running) {
      this.#running = (async () => {
        await this.ready.catch(() => {});
        while (this.#pending.size > 0 && !this.#closed) {
          await new Promise((r) => setTimeout(r, refreshPause(this.#lastMs)).unref());
          const batch = [...this.#pending];
          this.#pending.clear();
          const started = performance.now();
          await this.#refresh(batch).catch(this.#onError);
          this.#lastMs = performance.now() - started;
        }
      })().finally(() => {
        this.#running = null;
      });
    }
    return this.#running;
  }

  /** Resolves once every change announced so far is searchable. */
  async settled(): Promise<void> {
    await this.#ready?.catch(() => {});
    while (this.#running) await this.#running;
  }

  /** Counts the changes of the index: an answer kept under one version holds for it alone (the caches' keys). */
  get version(): number {
    return this.#version;
  }

  #changed() {
    this.#version++;
    this.#ranked.clear();
  }

  close() {
    this.#closed = true;
  }

  async #refresh(batch: readonly (readonly [Topic, Set<string> | 'all'])[]) {
    for (const [topic, which] of batch) {
      // named documents are read alone where the topic allows it, else the whole topic
      const some = which === 'all' ? undefined : this.#loadSome(topic, [...which]);
      const named = some ? (which as Set<string>) : null;
      const loading = some ?? this.#load(topic);
      if (!loading) continue;
      const docs = await loading;
      if (this.#closed) return;
      const seen = new Set<string>();
      const clock = turns();
      for (const doc of docs) {
        // a long build leaves the process free to answer requests every few milliseconds
        const due = clock.due();
        if (due) {
          await due;
          if (this.#closed) return;
        }
        seen.add(doc.id);
        const kept = this.#docs.get(doc.id);
        const sum = createHash('sha1').update(JSON.stringify(doc)).digest('base64url');
        if (kept && kept.sum === sum) continue;
        // a long text (a member's page may hold 200,000 characters) is read in pieces, in turns
        const fields: string[][] = [];
        for (const f of FIELDS) {
          if ('terms' in f) {
            fields.push([...f.terms(doc)]);
            continue;
          }
          const terms: string[] = [];
          for (const piece of pieces(f.text(doc))) {
            const due = clock.due();
            if (due) {
              await due;
              if (this.#closed) return;
            }
            for (const term of indexTerms(piece)) terms.push(term);
          }
          fields.push(withStems(terms));
        }
        this.#index.set(doc.id, fields);
        this.#docs.set(doc.id, { doc, topic, sum });
        this.#changed();
      }
      // what was read and is not there any more: of the named documents, or of the whole topic
      for (const id of named ?? this.#docs.keys()) {
        const kept = this.#docs.get(id);
        if (!kept || kept.topic !== topic || seen.has(id)) continue;
        this.#index.remove(id);
        this.#docs.delete(id);
        this.#changed();
      }
      this.stats.refreshes++;
      // the dead slots of replaced and removed records dropped, in turns too
      if (this.#index.compactionDue) {
        for (const _ of this.#index.compaction()) {
          const due = clock.due();
          if (due) {
            await due;
            if (this.#closed) return;
          }
        }
      }
    }
    this.stats.documents = this.#docs.size;
  }

  /**
   * Waits for the changes announced so far, within FRESH_WAIT_MS: a record saved a moment ago is found
   * (the refresh waits a pause first, up to 400 ms), and a stream of writes never holds a reader for long.
   */
  async #current(): Promise<void> {
    await this.ready.catch(() => {});
    if (!this.#running) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.#running.catch(() => {}), new Promise((done) => (timer = setTimeout(done, FRESH_WAIT_MS)))]);
    clearTimeout(timer);
  }

  /** One page of results for `q`, of one kind or of all, shown in `lang`. */
  async search(input: { q: string; kind?: SearchKind | null; page?: number; lang: Lang }): Promise<SearchAnswer> {
    await this.#current();
    const cut = input.q.length > SEARCH_MAX_CHARS;
    const q = input.q.slice(0, SEARCH_MAX_CHARS).trim();
    const kind = input.kind ?? null;
    const ranked = this.#rank(queryTerms(q));
    const { all, byKind, counts, query } = ranked;
    const matching = kind ? (byKind.get(kind) ?? []) : all;
    const total = kind ? (counts[kind] ?? 0) : all.length === 0 ? 0 : Object.values(counts).reduce((a, b) => a + b, 0);
    const pages = Math.max(1, Math.ceil(matching.length / SEARCH_PAGE_SIZE));
    const page = Math.min(Math.max(1, Math.trunc(input.page ?? 1)), pages);
    // the shown page, with its titles and snippets marked, is kept with the ranking (a few per query)
    const shownKey = `${kind ?? ''} ${page} ${input.lang}`;
    let results = ranked.pages.get(shownKey);
    if (!results) {
      results = matching.slice((page - 1) * SEARCH_PAGE_SIZE, page * SEARCH_PAGE_SIZE).map(({ doc }) => this.#result(doc, query, input.lang));
      if (ranked.pages.size >= PAGES_KEPT) ranked.pages.delete(ranked.pages.keys().next().value as string);
      ranked.pages.set(shownKey, results);
    }
    const didYouMean = ranked.corrected.size > 0 ? corrected(q, ranked.corrected) : undefined;
    // every fixed kind is counted, and each served resource with a declared public side, 0 or not
    const allCounts = Object.fromEntries(this.#kinds.map((k) => [k, counts[k] ?? 0])) as Record<SearchKind, number>;
    return { q, cut, kind, page, pages, total, capped: total > matching.length, counts: allCounts, results, ...(didYouMean ? { didYouMean } : {}) };
  }

  /**
   * The best `limit` results of the kinds given for `q` (the console's search of unpublished records),
   * with how many there are of each of those kinds and the query's "did you mean".
   */
  async best(input: { q: string; kinds: ReadonlySet<SearchKind>; lang: Lang; limit: number }): Promise<{
    results: SearchResult[];
    counts: Partial<Record<SearchKind, number>>;
    didYouMean?: string;
  }> {
    await this.#current();
    const q = input.q.slice(0, SEARCH_MAX_CHARS).trim();
    const ranked = this.#rank(queryTerms(q));
    const counts: Partial<Record<SearchKind, number>> = {};
    for (const k of input.kinds) if ((ranked.counts[k] ?? 0) > 0) counts[k] = ranked.counts[k] as number;
    const results = ranked.all
      .filter(({ doc }) => input.kinds.has(doc.kind))
      .slice(0, input.limit)
      .map(({ doc }) => this.#result(doc, ranked.query, input.lang));
    const didYouMean = ranked.corrected.size > 0 && results.length > 0 ? corrected(q, ranked.corrected) : undefined;
    return { results, counts, ...(didYouMean ? { didYouMean } : {}) };
  }

  /**
   * The records matching every term, best first: the best SEARCH_REACHABLE of all kinds and of each kind,
   * and how many of each kind there are. Kept for the next asker of the same terms until the index changes
   * (popular queries repeat; the ranking is most of a search's cost), the latest RANKED_KEEP of them.
   * Identifiers no record has are searched as words; fewer than FEW_RESULTS found, misspelt words as the
   * index's words nearest them.
   */
  #rank(asked: QueryTerms): Ranked {
    const key = [...asked.ids, '', ...asked.terms].join('\u0000');
    const known = this.#ranked.get(key);
    if (known) {
      this.#ranked.delete(key);
      this.#ranked.set(key, known);
      return known;
    }
    let query = asked;
    let found = this.#find(query);
    if (found.length === 0 && query.ids.length > 0) {
      query = asWords(query);
      found = this.#find(query);
    }
    const corrected = new Map<string, string>();
    if (found.length < FEW_RESULTS) {
      const near = this.#nearWords(query);
      if (near.size > 0) {
        const wider = { ...query, near: new Map([...near].map(([t, words]) => [t, words.map((w) => w.term)])) };
        const more = this.#find(wider);
        if (more.length > found.length) {
          found = more;
          query = wider;
          for (const [t, words] of near) corrected.set(t, (words[0] as { term: string }).term);
        }
      }
    }
    const counts: Record<string, number> = Object.fromEntries(searchKinds.map((k) => [k, 0]));
    const ranked: Ranked = { all: [], byKind: new Map(), counts, pages: new Map(), query, corrected };
    for (const id of found) {
      const kept = this.#docs.get(id);
      if (!kept) continue;
      const k = kept.doc.kind;
      counts[k] = (counts[k] ?? 0) + 1;
      if (ranked.all.length < SEARCH_REACHABLE) ranked.all.push(kept);
      const ofKind = ranked.byKind.get(k) ?? [];
      if (ofKind.length < SEARCH_REACHABLE) ofKind.push(kept);
      ranked.byKind.set(k, ofKind);
    }
    this.#ranked.set(key, ranked);
    if (this.#ranked.size > RANKED_KEEP) this.#ranked.delete(this.#ranked.keys().next().value as string);
    return ranked;
  }

  /** The ids of the records holding every term of `query` (each as written, by its stem or as a near word), best first. */
  #find(query: QueryTerms): string[] {
    const { terms, ids, near } = query;
    if (terms.length + ids.length === 0) return [];
    const asked: QueryTerm[] = ids.map((term) => ({ term, prefix: false }));
    for (const [i, term] of terms.entries()) {
      // a Latin term is a prefix only where it is the last (the word being typed)
      const prefix = searchesPrefix(term) && (isCjk(term) || i === terms.length - 1);
      if (isCjk(term)) {
        asked.push({ term, prefix });
        continue;
      }
      const also = new Map<string, number>();
      const stem = stemOf(term);
      also.set(STEM_MARK + stem, STEM_WEIGHT);
      if (stem !== term) also.set(stem, STEM_WEIGHT);
      for (const w of near?.get(term) ?? []) {
        also.set(w, NEAR_WEIGHT);
        also.set(STEM_MARK + stemOf(w), NEAR_WEIGHT);
      }
      asked.push({ term, prefix, also });
    }
    return this.#index.search(asked);
  }

  /**
   * The misspelt words of a query and the index's words nearest each: a word of NEAR_FROM letters or more,
   * without a digit, that the index does not hold as written (nor, the last word, as the beginning of a word).
   */
  #nearWords(query: QueryTerms): Map<string, ReturnType<InvertedIndex['near']>> {
    const out = new Map<string, ReturnType<InvertedIndex['near']>>();
    for (const [i, term] of query.terms.entries()) {
      // a word with a digit is a number, a code or a name (2024, gpt4, topic734): another one near it is
      // another thing, never what was meant, and looking for it made every new such query cost milliseconds
      if (isCjk(term) || term.length < NEAR_FROM || term.length > NEAR_UNTIL || /\d/.test(term)) continue;
      // only the last word is read as the beginning of one (#find): "persuasiv essays" holds a misspelt word.
      // A word the site holds only by its stem is looked near too: "minning" shares its stem "min" with other
      // words, and "mining" is what was meant; the near words count only where they find more (#rank).
      const typing = i === query.terms.length - 1 && this.#index.begins(term);
      if (typing || this.#index.postings(term) > 0) continue;
      const near = this.#index.near(term, term.length >= NEAR_TWO ? 2 : 1);
      if (near.length > 0) out.set(term, near);
    }
    return out;
  }

  #result(doc: SearchDoc, query: QueryTerms, lang: Lang): SearchResult {
    const other: Lang = lang === 'zh' ? 'en' : 'zh';
    // the body in the reader's language, unless the other one holds more of what was searched
    // the snippet is cut from the beginning of a long text: what a reader sees first, and a bounded cost
    const mine = doc.body[lang].slice(0, SNIPPET_SCAN);
    const theirs = doc.body[other].slice(0, SNIPPET_SCAN);
    // each text is read for its matches once: they choose the body and place its snippet
    const inMine = matchesIn(mine, query);
    const inTheirs = theirs === mine ? inMine : matchesIn(theirs, query);
    const [body, ranges] = inTheirs.terms > inMine.terms ? [theirs, inTheirs.ranges] : [mine, inMine.ranges];
    return {
      kind: doc.kind,
      id: doc.id,
      url: doc.url,
      external: doc.external,
      title: marked(pick(doc.title.zh, doc.title.en, lang), query),
      snippet: snippet(body, query, undefined, ranges),
      meta: pick(doc.meta.zh, doc.meta.en, lang),
    };
  }
}

/** The query as written with its misspelt words replaced by the words they were read as ("did you mean"). */
function corrected(q: string, words: ReadonlyMap<string, string>): string {
  return q.replace(RUN, (word) => words.get(fold(word)) ?? word);
}
