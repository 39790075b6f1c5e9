import { consoleSegment, type ResourceDef } from '../../common/resource.ts';
import { article, news, page, person, publication, showcase, site } from '../../common/resources/index.ts';
import type { SearchKind, SearchResult } from '../../common/search.ts';
import { resourceOfKind } from '../../common/search-resources.ts';

// Where the console's quick search (quick-search.tsx) takes a member for each kind of result: the
// screen that edits that record, opened on it by `?edit=<id>` (resource-screen.tsx). The search names
// some records by their public key (a username, a page's slug), not by id: those are found in the list
// the screen loads.

type Row = Record<string, unknown>;

export type RecordTarget = {
  res: ResourceDef;
  /** The screen (and tab) that lists the record, without `edit`. */
  screen: string;
} & ({ id: string } | { find: (rows: readonly Row[]) => Row | undefined });

const screenOf = (res: ResourceDef) => `/console/${consoleSegment(res)}`;
// the site-content screen (screens/site/index.client.tsx) shows the pages on its first tab
const SITE = '/console/site';
const SHOWCASE = `${SITE}?tab=showcase`;
const sameSlug = (slug: unknown, key: string) => typeof slug === 'string' && slug.toLowerCase() === key.toLowerCase();
const pageIn = (section: 'course' | 'sharedtask') => (key: string) => ({
  res: page,
  screen: SITE,
  find: (rows: readonly Row[]) => rows.find((r) => r.section === section && sameSlug(r.slug, key)),
});

const targets: Record<SearchKind, (key: string) => RecordTarget> = {
  publication: (key) => ({ res: publication, screen: screenOf(publication), id: key }),
  article: (key) => ({ res: article, screen: screenOf(article), id: key }),
  news: (key) => ({ res: news, screen: screenOf(news), id: key }),
  person: (key) => ({ res: person, screen: screenOf(person), find: (rows) => rows.find((r) => r.username === key) }),
  course: pageIn('course'),
  sharedtask: pageIn('sharedtask'),
  opensource: (key) => ({ res: showcase, screen: SHOWCASE, id: key }),
};

/** The console screen that edits a result's record; none when the member may not edit it (`access.update`). */
export function targetOf(result: Pick<SearchResult, 'kind' | 'id'>, admin: boolean): RecordTarget | undefined {
  const res = resourceOfKind(result.kind);
  if (!res || (!admin && res.access.update !== 'member')) return undefined;
  const key = result.id.slice(result.id.indexOf(':') + 1);
  // a declared public resource's record is edited on its own screen, by its id
  return Object.hasOwn(targets, result.kind) ? targets[result.kind](key) : { res, screen: screenOf(res), id: key };
}

/** The screen's address with the record's editor open. */
export const editAddress = (screen: string, id: string | number) => `${screen}${screen.includes('?') ? '&' : '?'}edit=${encodeURIComponent(String(id))}`;

/**
 * Where a record of `res` is edited, opened on it where its screen can (`?edit=`): the trash's link after
 * a restore. The info pages and the site settings have no such parameter: their screen.
 */
export function editorAddress(res: ResourceDef, id: number): string {
  if (res.console && res.console.drawer !== false) return editAddress(screenOf(res), id);
  if (res.name === page.name) return editAddress(SITE, id);
  if (res.name === showcase.name) return editAddress(SHOWCASE, id);
  if (res.name === site.name) return `${SITE}?tab=settings`;
  return `/console/${res.name}`;
}
