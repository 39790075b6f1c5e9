import type { FieldMap } from '../common/fields.ts';
import { resources } from '../common/resources/index.ts';
import { articles, infoPages, newsItems, seminars } from './services/content.ts';
import type { Crud } from './services/crud.ts';
import { people } from './services/people.ts';
import { publications } from './services/publications.ts';
import { pages, showcaseItems } from './services/site.ts';
import { uploadLimits } from './storage/storage.ts';

// Every declared resource the server serves (common/resources), with its service: the one list the API
// registers its four calls from (server/api/resource-routes.ts) and the resource and role suites walk
// (tests/api/resources.test.ts, tests/api/roles.test.ts). A new resource is a declaration, a migration,
// a service (createCrud, with hooks where it has rules of its own) and a line here.

export type Registered = {
  crud: Crud;
  /**
   * `generic`: the four calls of resource-routes.ts. `own`: its route module declares them, because
   * SPEC §7 shapes them otherwise (people: ?uid= for one's profile; info pages: PUT of the whole list and
   * errors as a flat list).
   */
  routes: 'generic' | 'own';
  /** How an update is sent: one record (multipart, PUT ?{id}=) or, for info pages, the whole list (JSON). */
  update: 'record' | 'list';
};

export const registry: readonly Registered[] = [
  { crud: people, routes: 'own', update: 'record' },
  { crud: articles, routes: 'generic', update: 'record' },
  { crud: publications, routes: 'generic', update: 'record' },
  { crud: newsItems, routes: 'generic', update: 'record' },
  { crud: seminars, routes: 'generic', update: 'record' },
  { crud: infoPages, routes: 'own', update: 'list' },
  { crud: pages, routes: 'generic', update: 'record' },
  { crud: showcaseItems, routes: 'generic', update: 'record' },
];

/** The upload limit of a resource's files, from its fields: publication files, else images, else none. */
export function fileLimitOf(fields: FieldMap): number | undefined {
  const kinds = new Set(Object.values(fields).map((f) => f.kind));
  if (kinds.has('file')) return uploadLimits.publication;
  if (kinds.has('image')) return uploadLimits.image;
  return undefined;
}

/** Declarations the registry lacks (a test keeps this empty). */
export function unregistered(): string[] {
  const names = new Set(registry.map((r) => r.crud.res.name));
  return Object.values(resources)
    .map((r) => r.name)
    .filter((n) => !names.has(n));
}
