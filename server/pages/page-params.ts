import { areas } from '../../common/enums.ts';
import { type PublicResource, publicFilterValues, publicListPath } from '../../common/resource.ts';
import { isResultKind, type ResultKinds, SEARCH_MAX_CHARS, searchKinds } from '../../common/search.ts';
import { rankParams } from '../../common/venue-ranks.ts';

// The query parameters each public page reads, in their normal form. The page cache keys a page by
// these alone, so a query string the page does not read (?utm_source=…, ?fbclid=…) neither makes an
// entry nor grows memory, and two spellings of one selection (?area=4&area=1, ?area=1&area=4&area=9x)
// share one. Loaders read them from here (PageData.params), never from the raw URL, so the key always
// holds everything the HTML depends on. The language is keyed apart (plugin.ts).

type Normalize = (values: string[]) => string;

/** A page number beyond the first ("" is the first page). */
const pageNumber: Normalize = ([v]) => (v !== undefined && /^\d{1,6}$/.test(v) && Number(v) > 1 ? String(Number(v)) : '');
/** The chosen areas of SPEC §4's filter, ascending, unknown numbers dropped ("" is All). */
export const areaList: Normalize = (vs) =>
  [...new Set(vs.filter((v) => /^\d{1,2}$/.test(v)).map(Number))]
    .filter((n) => areas.some((a) => a.num === n))
    .sort((a, b) => a - b)
    .join(',');
const formerTab: Normalize = ([v]) => (v === 'former' ? 'former' : '');
/** A search query: spaces collapsed, a generous bound (the search cuts it further and says so). */
const searchText: Normalize = ([v]) =>
  (v ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 4 * SEARCH_MAX_CHARS);
/** One of the app's result kinds ("" is every kind). */
const searchKind =
  (kinds: ResultKinds): Normalize =>
  ([v]) =>
    isResultKind(kinds, v) ? v : '';

const fixedPages: Record<string, Record<string, Normalize>> = {
  '/people': { tab: formerTab, page: pageNumber },
  // ?rank=ccf-a (one rank at a time)
  '/publication': { area: areaList, rank: ([v]) => (v !== undefined && rankParams.includes(v) ? v : ''), page: pageNumber },
  '/news': { page: pageNumber },
  '/news-archive': { page: pageNumber },
};

/** One of `values`, else "" (none chosen). */
const oneOf =
  (values: readonly string[]): Normalize =>
  ([v]) =>
    v !== undefined && values.includes(v) ? v : '';

/** A declared public resource's list page reads its page number and its filters, each one of the values it offers. */
const listPageOf = (res: PublicResource): Record<string, Normalize> => ({
  ...Object.fromEntries(Object.entries(publicFilterValues(res)).map(([param, values]) => [param, oneOf(values)])),
  page: pageNumber,
});

/**
 * The page a path names, as the table above spells it: routes match case-insensitively, and a client
 * navigation asks for the page's data at `<path>.data` (`/_root.data` for the home page).
 */
const pageOf = (path: string) =>
  path
    .toLowerCase()
    .replace(/\.data$/, '')
    .replace(/\/+$/, '') || '/';

/** The parameters `path` reads, normalized; absent ones are "". */
export type PageParams = (path: string, query: URLSearchParams) => Record<string, string>;

/**
 * The parameters the pages of one app read: the fixed pages', the search page's (of its result kinds), and the
 * list page of each public resource it serves (server/app.ts).
 */
export function pageParamsOf(served: readonly PublicResource[], kinds: ResultKinds = searchKinds): PageParams {
  const byPage: Record<string, Record<string, Normalize>> = {
    ...fixedPages,
    '/search': { q: searchText, kind: searchKind(kinds), page: pageNumber },
    ...Object.fromEntries(served.map((res) => [publicListPath(res).toLowerCase(), listPageOf(res)])),
  };
  return (path, query) => {
    const out: Record<string, string> = {};
    for (const [name, normalize] of Object.entries(byPage[pageOf(path)] ?? {})) out[name] = normalize(query.getAll(name));
    return out;
  };
}

/** The parameters as a key part: only the set ones, in a fixed order. */
export function paramsKey(params: Record<string, string>): string {
  return Object.entries(params)
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}
