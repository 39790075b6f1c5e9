import type { FieldMap } from '../common/fields.ts';
import type { z } from 'zod';
import { isPublicResource, publicReadPath, publicSchema, type ResourceDef } from '../common/resource.ts';
import { type ResourceName, resources } from '../common/resources/index.ts';
import {
  PublicArticleItemSchema,
  PublicNewsSchema,
  PublicPageSchema,
  PublicPersonItemSchema,
  PublicPublicationItemSchema,
  PublicSeminarSchema,
  PublicShowcaseSchema,
} from '../common/wire.ts';
import { articles, infoPages, newsItems, seminars } from './services/content.ts';
import { type Crud, createCrud } from './services/crud.ts';
import { people } from './services/people.ts';
import { publications } from './services/publications.ts';
import { pages, showcaseItems } from './services/site.ts';
import { serverKindOf } from './kinds/index.ts';

// Every declared resource the server serves (common/resources), with its service: the one list the API
// registers its four calls from (server/api/resource-routes.ts) and the resource and role suites walk
// (tests/api/resources.test.ts, tests/api/roles.test.ts), and the public reads the privacy suite holds to
// their projections (tests/api/response-schemas.test.ts). A new resource is a declaration and a migration;
// a service (createCrud, with hooks) and a line here only where it has rules of its own. tests/api/db-schema.test.ts checks each one's table and fields against db/schema.ts.

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
  /** Its public read, where the public sees it (server/api/public.ts, site.ts serve it). */
  publicRead?: PublicRead;
};

/** A resource's public read (SPEC §7 read_*): where it is, and what each record of it shows. */
export type PublicRead = {
  readonly path: `/api/read_${string}/`;
  /** One record as the public sees it (common/wire.ts): the route answers it; the suites hold every answer to exactly that. */
  readonly item: z.ZodType;
  /** The queries whose answer is a list of such records ('' is the bare path, the default). */
  readonly lists?: readonly string[];
};

/**
 * The declared resources served otherwise than by the generic service and calls alone, by name: their
 * service (with hooks) and how they are served. A resource whose declaration has a `public` part has its
 * read from it (`publicRead` is then left out). A declaration not named here has no rules of its
 * own: it is served by `createCrud` of its declaration and the generic calls (`served` below), so a new
 * resource takes no line here (the awards and patents).
 */
const registered = {
  person: { crud: people, routes: 'own', update: 'record', publicRead: { path: '/api/read_people/', item: PublicPersonItemSchema } },
  article: { crud: articles, routes: 'generic', update: 'record', publicRead: { path: '/api/read_article/', item: PublicArticleItemSchema } },
  publication: { crud: publications, routes: 'generic', update: 'record', publicRead: { path: '/api/read_publication/', item: PublicPublicationItemSchema } },
  news: { crud: newsItems, routes: 'generic', update: 'record', publicRead: { path: '/api/read_news/', item: PublicNewsSchema } },
  seminar: { crud: seminars, routes: 'generic', update: 'record', publicRead: { path: '/api/read_seminar/', item: PublicSeminarSchema } },
  // members only: no public read
  info: { crud: infoPages, routes: 'own', update: 'list' },
  page: {
    crud: pages,
    routes: 'generic',
    update: 'record',
    publicRead: { path: '/api/read_page/', item: PublicPageSchema, lists: ['?section=course', '?section=sharedtask'] },
  },
  showcase: {
    crud: showcaseItems,
    routes: 'generic',
    update: 'record',
    publicRead: { path: '/api/read_showcase/', item: PublicShowcaseSchema, lists: ['', '?kind=carousel', '?kind=tool', '?kind=project'] },
  },
} satisfies Partial<Record<ResourceName, Registered>>;

/** A declared resource as the registry serves it: its own entry, else the generic service and calls. */
function served(res: ResourceDef): Registered {
  const own = (registered as Partial<Record<string, Registered>>)[res.name];
  return own ?? { crud: createCrud(res), routes: 'generic', update: 'record' };
}

/** Every declared resource, served, as one list in the order of `resources` (common/resources/index.ts). */
export const registry: readonly Registered[] = Object.values(resources as Record<string, ResourceDef>).map(served);

/** A resource's public read: the one it names, or the one its declaration's `public` part gives (server/api/public.ts serves it). */
function publicReadOf(r: Registered): PublicRead | undefined {
  if (r.publicRead) return r.publicRead;
  const res = r.crud.res;
  return isPublicResource(res) ? { path: publicReadPath(res), item: publicSchema(res), lists: [''] } : undefined;
}

/** Every public read of a resource, from the registry. */
export const publicReads = (list: readonly Registered[] = registry): PublicRead[] => list.flatMap((r) => publicReadOf(r) ?? []);

/** The upload limit of a resource's files, from its fields: the largest its kinds take (a file's, else an image's), else none. */
export function fileLimitOf(fields: FieldMap): number | undefined {
  const limits = Object.values(fields).flatMap((f) => serverKindOf(f).uploadLimit ?? []);
  return limits.length > 0 ? Math.max(...limits) : undefined;
}

/** Declarations the registry lacks (a test keeps this empty). */
export function unregistered(): string[] {
  const names = new Set(registry.map((r) => r.crud.res.name));
  return Object.values(resources)
    .map((r) => r.name)
    .filter((n) => !names.has(n));
}
