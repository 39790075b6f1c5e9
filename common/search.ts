// The site search: what can be asked and what comes back, for the API (server/api/search.ts),
// the search page and the console's quick search.

/** What a result can be, in the order the page offers them. */
export const searchKinds = ['publication', 'article', 'news', 'person', 'course', 'sharedtask', 'opensource'] as const;
export type SearchKind = (typeof searchKinds)[number];

/** Results on one page of the search. */
export const SEARCH_PAGE_SIZE = 20;
/** How far down the results one can page (of all kinds, and of each kind): a visitor refines before that. */
export const SEARCH_REACHABLE = 500;
/** A query is at most this long (longer ones are cut, and the answer says so). */
export const SEARCH_MAX_CHARS = 100;

// the answer's schemas live in wire.ts: this module is loaded by public pages, which load no zod
// (docs/decisions/014-publications-others-can-use.md)
export type { Segment, SearchResult, SearchAnswer } from './wire.ts';

/**
 * What a result can be in one app: every fixed kind, then the names of the public resources it serves
 * with a declared public side, in their order (server/app.ts builds it, `lab.resultKinds`). Typed as the
 * fixed kinds, which alone the pages and the console name.
 */
export type ResultKinds = readonly SearchKind[];
export const resultKindsOf = (declared: Iterable<string>): ResultKinds => [...new Set<string>([...searchKinds, ...declared])] as SearchKind[];
/** Whether `v` is one of `kinds`. */
export const isResultKind = (kinds: ResultKinds, v: unknown): v is SearchKind => typeof v === 'string' && (kinds as readonly string[]).includes(v);
