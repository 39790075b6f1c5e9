import { isPublicNow, isPublicResource, type PublicResource, publicPageSize, publicProjection, publicRecordPath, publicText } from '../../common/resource.ts';
import { NotFound } from '../errors.ts';
import type { Crud, ListOptions } from '../services/crud.ts';
import { type Ctx, nowIso } from '../services/context.ts';
import type { SearchDoc } from '../search/documents.ts';
import type { SearchKind } from '../../common/search.ts';
import { mapInTurns } from '../search/turns.ts';
import { shownValue } from './cards.ts';
import type { Registered } from '../registry.ts';

// The public side of a declared resource (issue #27), from its declaration's `public` part alone: which
// records are public, the projection they leave the server as, a page of them, one of them, and their
// search documents. The read (server/api/public.ts), the pages (server/pages/page-data.ts), the sitemap
// (server/pages/feeds.ts), the search (server/app.ts) and the cache (its crud announces its name) use these.

/** A served resource with a public side, and its service. */
export type PublicCrud = Crud & { res: PublicResource };

/** The served resources that declare a public side. */
export function publicCruds(resources: readonly Registered[]): PublicCrud[] {
  return resources.flatMap((r) => (isPublicResource(r.crud.res) ? [r.crud as PublicCrud] : []));
}

/**
 * The declaration's rule of which records are public, as a condition of the query: released (`releasedBy`)
 * and within its public window (`until` not passed, at `now`).
 */
export function publicWhere(res: PublicResource, now: string = nowIso()): ListOptions['where'] | undefined {
  const { releasedBy: flag, until } = res.public;
  if (!flag && !until) return undefined;
  return (q) => {
    let out = flag ? q.where(flag, '=', 1) : q;
    if (until) out = out.where((eb) => eb.or([eb(until, 'is', null), eb(until, '>', now)]));
    return out;
  };
}

const isPublicRow = (res: PublicResource, row: Record<string, unknown>) => isPublicNow(res, row);

/** Every public record, in the declared order, as the public sees it (the projection: no other field). */
export async function publicRecords(crud: PublicCrud, ctx: Ctx, window: { limit?: number; offset?: number } = {}): Promise<Record<string, unknown>[]> {
  const where = publicWhere(crud.res);
  const rows = await crud.list(ctx, { ...(where ? { where } : {}), ...window });
  return rows.map((r) => publicProjection(crud.res, r));
}

/** How many records are public. */
export const publicCount = (crud: PublicCrud, ctx: Ctx) => crud.count(ctx, publicWhere(crud.res));

/** One public record as the public sees it; NotFound for one that is not public or does not exist. */
export async function publicRecord(crud: PublicCrud, ctx: Ctx, id: number): Promise<Record<string, unknown>> {
  const row = await crud.get(ctx, id);
  if (!isPublicRow(crud.res, row)) throw new NotFound();
  return publicProjection(crud.res, row);
}

/** A page of the public list, numbered from 1; null beyond the last. */
export async function publicListPage(crud: PublicCrud, ctx: Ctx, page: number) {
  const size = publicPageSize(crud.res);
  const total = await publicCount(crud, ctx);
  const pages = Math.max(1, Math.ceil(total / size));
  if (!Number.isInteger(page) || page < 1 || page > pages) return null;
  const items = await publicRecords(crud, ctx, { limit: size, offset: (page - 1) * size });
  return { items, total, page, pages, size };
}

/** The search documents of a public resource: one per public record, of kind `{name}`, found by the declared title, text and meta. */
export async function publicDocuments(crud: PublicCrud, ctx: Ctx): Promise<SearchDoc[]> {
  const res = crud.res;
  const rows = await publicRecords(crud, ctx);
  const both = (key: string, row: Record<string, unknown>) => ({ zh: publicText(row, key, 'zh'), en: publicText(row, key, 'en') });
  return mapInTurns(rows, (row) => {
    const text = (lang: 'zh' | 'en') =>
      (res.public.text ?? [])
        .map((k) => shownValue(res, row, k, lang))
        .filter(Boolean)
        .join(' ');
    const id = String(row[res.id]);
    return {
      id: `${res.name}:${id}`,
      // a kind of its own at run time (common/search.ts, declareResultKinds), which the fixed kinds' type does not name
      kind: res.name as SearchKind,
      title: both(res.public.title, row),
      names: '',
      keywords: '',
      venue: '',
      body: { zh: text('zh') || text('en'), en: text('en') || text('zh') },
      url: publicRecordPath(res, id),
      external: false,
      meta: res.public.meta ? { zh: shownValue(res, row, res.public.meta, 'zh'), en: shownValue(res, row, res.public.meta, 'en') } : { zh: '', en: '' },
    };
  });
}
