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

const isSearchKind = (v: unknown): v is SearchKind => typeof v === 'string' && (searchKinds as readonly string[]).includes(v);

/** The names of the served resources with a declared public side: their records are results of that kind. */
const declaredKinds = new Set<string>();
export function declareResultKinds(names: Iterable<string>): void {
  for (const n of names) declaredKinds.add(n);
}
/** The declared public resources' kinds, in the order they were declared (after the fixed kinds on the search page). */
export const declaredResultKinds = (): string[] => [...declaredKinds];
/** A result's kind: a fixed one, or a declared public resource's name. */
export const isResultKind = (v: unknown): boolean => isSearchKind(v) || (typeof v === 'string' && declaredKinds.has(v));
