import type { ResourceDef } from './resource.ts';
import { article, news, page, person, publication, resources, showcase } from './resources/index.ts';
import type { SearchKind } from './search.ts';

// The resource that edits each kind of search result: its access decides who may edit the record (the
// console's quick search, app/console/record-targets.ts, and the server's search of unpublished records,
// server/api/search.ts). Kept apart from common/search.ts, which the public pages load without
// the resources' declarations.
export const searchKindResources: Record<SearchKind, ResourceDef> = {
  publication,
  article,
  news,
  person,
  course: page,
  sharedtask: page,
  opensource: showcase,
};

/** The resource that edits results of `kind`: a fixed kind's, or the declared public resource of that name. */
export function resourceOfKind(kind: string): ResourceDef | undefined {
  if (Object.hasOwn(searchKindResources, kind)) return searchKindResources[kind as SearchKind];
  return Object.values(resources as Record<string, ResourceDef>).find((r) => r.public && r.name === kind);
}
