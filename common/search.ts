import { z } from 'zod';

// The site search (issue #15): what can be asked and what comes back, for the API (server/api/search.ts),
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

/** A piece of shown text; `hit` where it matched the query. */
export const SegmentSchema = z.strictObject({ text: z.string(), hit: z.literal(true).optional() });
export type Segment = z.infer<typeof SegmentSchema>;

export const SearchResultSchema = z.strictObject({
  kind: z.enum(searchKinds),
  /** `{kind}:{its id}`: publication:12, person:zhangsan, … */
  id: z.string(),
  /** Its page (or, for a project or a member without a page here, where it is shown); null when it has none. */
  url: z.string().nullable(),
  /** Its page on this site opens in place; any other address in a new tab. */
  external: z.boolean(),
  title: z.array(SegmentSchema),
  snippet: z.array(SegmentSchema),
  /** A line of what it is: venue and year, a date, a member's role. */
  meta: z.string(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchAnswerSchema = z.strictObject({
  /** The query as searched (cut to SEARCH_MAX_CHARS). */
  q: z.string(),
  cut: z.boolean().describe('the query was longer than the limit and was cut'),
  kind: z.enum(searchKinds).nullable(),
  page: z.number().int(),
  pages: z.number().int(),
  /** Results of the chosen kind (of every kind when none is chosen). */
  total: z.number().int(),
  capped: z.boolean().describe(`more results than the best ${SEARCH_REACHABLE}, which alone can be paged to`),
  /** Results of each kind, whichever is chosen. */
  counts: z.record(z.enum(searchKinds), z.number().int()),
  results: z.array(SearchResultSchema),
});
export type SearchAnswer = z.infer<typeof SearchAnswerSchema>;

export const isSearchKind = (v: unknown): v is SearchKind => typeof v === 'string' && (searchKinds as readonly string[]).includes(v);
