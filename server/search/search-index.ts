import { createHash } from 'node:crypto';
import MiniSearch from 'minisearch';
import type { Lang } from '../../common/enums.ts';
import { pick } from '../../common/lang.ts';
import { SEARCH_MAX_CHARS, SEARCH_PAGE_SIZE, type SearchAnswer, type SearchKind, type SearchResult, searchKinds } from '../../common/search.ts';
import { type Topic, topics } from '../cache/changes.ts';
import type { SearchDoc } from './documents.ts';
import { indexTerms, matchesIn, marked, queryTerms, searchesPrefix, snippet } from './text.ts';

// The site search's index: in this process, built at start from the public records and brought up to
// date after every public change, made here or reported by another instance (docs/decisions.md, "Site
// search"). Each change re-reads the documents of its topic and touches only those that differ.

/** How a field's match weighs: a title or an author's name above keywords and venue, those above the body. */
const BOOST = { title: 4, names: 4, keywords: 2, venue: 1.5, body: 1 };
const FIELDS = Object.keys(BOOST);

type Loader = (topic: Topic) => Promise<SearchDoc[]> | undefined;
type Kept = { doc: SearchDoc; digest: string; topic: Topic };

const joined = (b: { zh: string; en: string }) => (b.zh === b.en ? b.zh : `${b.zh} ${b.en}`);
const digestOf = (doc: SearchDoc) => createHash('sha1').update(JSON.stringify(doc)).digest('base64');

export type SearchStats = { documents: number; buildMs: number; refreshes: number };

export class SearchIndex {
  readonly #load: Loader;
  readonly #mini = new MiniSearch<SearchDoc>({
    fields: FIELDS,
    storeFields: [],
    extractField: (doc, field) => {
      const d = doc as SearchDoc;
      if (field === 'id') return d.id;
      if (field === 'title') return joined(d.title);
      if (field === 'body') return joined(d.body);
      return String(d[field as 'names' | 'keywords' | 'venue'] ?? '');
    },
    tokenize: indexTerms,
    processTerm: (t) => t,
  });
  readonly #docs = new Map<string, Kept>();
  /** Topics to read again, and the run doing it. */
  readonly #pending = new Set<Topic>();
  #running: Promise<void> | null = null;
  #closed = false;
  readonly ready: Promise<void>;
  readonly stats: SearchStats = { documents: 0, buildMs: 0, refreshes: 0 };
  readonly #onError: (e: unknown) => void;

  constructor(load: Loader, onError: (e: unknown) => void = () => {}) {
    this.#load = load;
    this.#onError = onError;
    const started = performance.now();
    this.ready = this.#refresh([...topics]).then(() => {
      this.stats.buildMs = Math.round(performance.now() - started);
    });
    // a search before the first build ends waits for it; a failed build is reported, and searches find nothing
    this.ready.catch(onError);
  }

  /** Reads `topic` again (coalesced: changes while a read runs are read once more after it). */
  changed(topic: Topic): Promise<void> {
    this.#pending.add(topic);
    if (!this.#running) {
      this.#running = (async () => {
        await this.ready.catch(() => {});
        while (this.#pending.size > 0 && !this.#closed) {
          const batch = [...this.#pending];
          this.#pending.clear();
          await this.#refresh(batch).catch(this.#onError);
        }
      })().finally(() => {
        this.#running = null;
      });
    }
    return this.#running;
  }

  /** Resolves once every change announced so far is searchable. */
  async settled(): Promise<void> {
    await this.ready.catch(() => {});
    while (this.#running) await this.#running;
  }

  close() {
    this.#closed = true;
  }

  async #refresh(batch: readonly Topic[]) {
    for (const topic of batch) {
      const loading = this.#load(topic);
      if (!loading) continue;
      const docs = await loading;
      if (this.#closed) return;
      const seen = new Set<string>();
      for (const doc of docs) {
        seen.add(doc.id);
        const digest = digestOf(doc);
        const kept = this.#docs.get(doc.id);
        if (kept?.digest === digest) continue;
        if (kept) this.#mini.replace(doc);
        else this.#mini.add(doc);
        this.#docs.set(doc.id, { doc, digest, topic });
      }
      for (const [id, kept] of this.#docs) {
        if (kept.topic !== topic || seen.has(id)) continue;
        this.#mini.discard(id);
        this.#docs.delete(id);
      }
      this.stats.refreshes++;
    }
    this.stats.documents = this.#docs.size;
  }

  /** One page of results for `q`, of one kind or of all, shown in `lang`. */
  async search(input: { q: string; kind?: SearchKind | null; page?: number; lang: Lang }): Promise<SearchAnswer> {
    await this.ready.catch(() => {});
    const cut = input.q.length > SEARCH_MAX_CHARS;
    const q = input.q.slice(0, SEARCH_MAX_CHARS).trim();
    const query = queryTerms(q);
    const counts = Object.fromEntries(searchKinds.map((k) => [k, 0])) as Record<SearchKind, number>;
    const kind = input.kind ?? null;
    const found =
      query.terms.length === 0
        ? []
        : this.#mini.search(query.terms.join(' '), {
            tokenize: (s) => s.split(' '),
            processTerm: (t) => t,
            prefix: searchesPrefix,
            combineWith: 'AND',
            boost: BOOST,
          });
    const matching: Kept[] = [];
    for (const r of found) {
      const kept = this.#docs.get(r.id as string);
      if (!kept) continue;
      counts[kept.doc.kind]++;
      if (!kind || kept.doc.kind === kind) matching.push(kept);
    }
    const pages = Math.max(1, Math.ceil(matching.length / SEARCH_PAGE_SIZE));
    const page = Math.min(Math.max(1, Math.trunc(input.page ?? 1)), pages);
    const shown = matching.slice((page - 1) * SEARCH_PAGE_SIZE, page * SEARCH_PAGE_SIZE);
    return { q, cut, kind, page, pages, total: matching.length, counts, results: shown.map(({ doc }) => this.#result(doc, query, input.lang)) };
  }

  #result(doc: SearchDoc, query: ReturnType<typeof queryTerms>, lang: Lang): SearchResult {
    const other: Lang = lang === 'zh' ? 'en' : 'zh';
    // the body in the reader's language, unless the other one holds more of what was searched
    const mine = doc.body[lang];
    const theirs = doc.body[other];
    const body = theirs !== mine && matchesIn(theirs, query).terms > matchesIn(mine, query).terms ? theirs : mine;
    return {
      kind: doc.kind,
      id: doc.id,
      url: doc.url,
      external: doc.external,
      title: marked(pick(doc.title.zh, doc.title.en, lang), query),
      snippet: snippet(body, query),
      meta: pick(doc.meta.zh, doc.meta.en, lang),
    };
  }
}
