import type { Lang } from '../../common/enums.ts';
import { labYear } from '../../common/instant.ts';
import {
  fieldLabel,
  isPublicNow,
  isPublicResource,
  type PublicCardData,
  type PublicFilter,
  publicFilterValues,
  type PublicDetail,
  type PublicResource,
  publicPageOf,
  publicPageSize,
  publicProjection,
  publicRecordPath,
  recordTitle,
  type ResourceDef,
} from '../../common/resource.ts';
import { periodText, publicText } from './shown.ts';
import { resources } from '../../common/resources/index.ts';
import { loose } from '../db/schema.ts';
import { rowToWire } from '../services/records.ts';
import { publicPeople } from '../services/people.ts';
import { containing, isPeopleField, mayName, names, peopleFields } from '../services/person-refs.ts';
import { NotFound } from '../errors.ts';
import { type Referred, referredIds, serverKindOf } from '../kinds/index.ts';
import type { Crud, ListOptions } from '../services/crud.ts';
import { type Ctx, nowIso } from '../services/context.ts';
import type { SearchDoc } from '../search/documents.ts';
import type { SearchKind } from '../../common/search.ts';
import { mapInTurns } from '../search/turns.ts';
import { cardOf, metaOf, shownValue } from './cards.ts';
import type { Registered } from '../registry.ts';

// The public side of a declared resource, from its declaration's `public` part alone: which
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
function publicWhere(res: PublicResource, now: string = nowIso()): ListOptions['where'] | undefined {
  const { releasedBy: flag, until } = res.public;
  if (!flag && !until) return undefined;
  return (q) => {
    let out = flag ? q.where(flag, '=', 1) : q;
    if (until) out = out.where((eb) => eb.or([eb(until, 'is', null), eb(until, '>', now)]));
    return out;
  };
}

const isPublicRow = (res: PublicResource, row: Record<string, unknown>) => isPublicNow(res, row);

/** The filters chosen (`public.filters`), by query parameter: each a value it offers; others are dropped. */
export type Chosen = Readonly<Record<string, string>>;

/** The chosen filters' values among a query's (the first of each parameter), those a filter offers only. */
export function chosenFilters(res: PublicResource, query: (name: string) => string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [param, values] of Object.entries(publicFilterValues(res))) {
    const v = query(param);
    if (v !== undefined && values.includes(v)) out[param] = v;
  }
  return out;
}

/** The public rule, narrowed to the chosen filters: an enum by its value, a period by its state in this year (Beijing). */
function listWhere(res: PublicResource, chosen: Chosen): ListOptions['where'] | undefined {
  const released = publicWhere(res);
  const offered = publicFilterValues(res);
  const picks = Object.entries(chosen).filter(([param, v]) => offered[param]?.includes(v));
  if (picks.length === 0) return released;
  const period = res.public.period;
  const year = labYear();
  return (q) => {
    let out = released ? released(q) : q;
    for (const [param, v] of picks) {
      if (period && param === period.param) {
        const ends = period.ends;
        out = v === 'finished' ? out.where(ends, '<', year) : out.where((eb) => eb.or([eb(ends, 'is', null), eb(ends, '>=', year)]));
      } else out = out.where(param, '=', v);
    }
    return out;
  };
}

/** Every public record (of the chosen filters), in the declared order, as the public sees it (the projection: no other field). */
export async function publicRecords(
  crud: PublicCrud,
  ctx: Ctx,
  window: { limit?: number; offset?: number } = {},
  chosen: Chosen = {},
): Promise<Record<string, unknown>[]> {
  const where = listWhere(crud.res, chosen);
  const rows = await crud.list(ctx, { ...(where ? { where } : {}), ...window });
  return rows.map((r) => publicProjection(crud.res, r));
}

/** How many records are public (of the chosen filters). */
export const publicCount = (crud: PublicCrud, ctx: Ctx, chosen: Chosen = {}) => crud.count(ctx, listWhere(crud.res, chosen));

/** The list page's filters as it draws them: each choice's link keeps the other filters and goes to the first page. */
export function publicFilters(res: PublicResource, chosen: Chosen, lang: Lang): PublicFilter[] {
  const base = `/${res.public.segment}`;
  const link = (param: string, value: string) => {
    const q = new URLSearchParams(Object.entries({ ...chosen, [param]: value }).filter(([, v]) => v !== ''));
    const s = q.toString();
    return s ? `${base}?${s}` : base;
  };
  const all = lang === 'zh' ? '全部' : 'All';
  return (res.public.filters ?? []).flatMap((name): PublicFilter[] => {
    const period = res.public.period;
    const def = res.fields[name];
    const choices: { value: string; label: string }[] | undefined =
      name === 'period' && period
        ? [
            { value: 'ongoing', label: period.ongoing[lang] },
            { value: 'finished', label: period.finished[lang] },
          ]
        : def?.options
          ? def.options.map((o) => ({ value: o.value, label: o[lang] }))
          : undefined;
    if (!choices) return [];
    const param = name === 'period' && period ? period.param : name;
    const label = name === 'period' && period ? period.label[lang] : fieldLabel(res, name, lang);
    return [
      {
        param,
        label,
        chosen: chosen[param] ?? '',
        options: [{ value: '', label: all, href: link(param, '') }, ...choices.map((c) => ({ ...c, href: link(param, c.value) }))],
      },
    ];
  });
}

/** One public record as the public sees it; NotFound for one that is not public or does not exist. */
export async function publicRecord(crud: PublicCrud, ctx: Ctx, id: number): Promise<Record<string, unknown>> {
  const row = await crud.get(ctx, id);
  if (!isPublicRow(crud.res, row)) throw new NotFound();
  return publicProjection(crud.res, row);
}

/** A page of the public list, numbered from 1; null beyond the last. */
export async function publicListPage(crud: PublicCrud, ctx: Ctx, page: number, chosen: Chosen = {}) {
  const size = publicPageSize(crud.res);
  const total = await publicCount(crud, ctx, chosen);
  const pages = Math.max(1, Math.ceil(total / size));
  if (!Number.isInteger(page) || page < 1 || page > pages) return null;
  const items = await publicRecords(crud, ctx, { limit: size, offset: (page - 1) * size }, chosen);
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
      // a kind of its own at run time (common/search.ts, ResultKinds), which the fixed kinds' type does not name
      kind: res.name as SearchKind,
      title: both(res.public.title, row),
      names: '',
      keywords: '',
      venue: '',
      body: { zh: text('zh') || text('en'), en: text('en') || text('zh') },
      url: publicRecordPath(res, id),
      external: false,
      meta: { zh: metaOf(res, row, 'zh'), en: metaOf(res, row, 'en') },
    };
  });
}

/** What the details of some records refer to: the members their people fields name, the records their `refers` fields name. */

async function referredBy(res: PublicResource, ctx: Ctx, rows: readonly Record<string, unknown>[]): Promise<Referred> {
  const shown = new Set((res.public.details ?? []).map(detailKey));
  const out: Referred = { members: {}, records: new Map() };
  if (peopleFields(res).some((f) => shown.has(f) && rows.some((r) => Array.isArray(r[f]) && (r[f] as unknown[]).length > 0))) {
    for (const m of await publicPeople(ctx)) {
      out.members[String(m.pid)] = { username: m.username, name_zh: m.name_zh, name_en: m.name_en, page: m.link_type === 1 || m.link_type === 2 };
    }
  }
  for (const [name, def] of Object.entries(res.fields)) {
    const target = def.refers ? (resources as Record<string, ResourceDef>)[def.refers] : undefined;
    if (!shown.has(name) || !target) continue;
    const ids = [...new Set(rows.flatMap((r) => referredIds(r[name])))];
    if (ids.length === 0) continue;
    const found: Record<string, unknown>[] = [];
    // in batches: a database bounds a query's parameters
    for (let i = 0; i < ids.length; i += 500)
      found.push(
        ...(await loose(ctx.db)
          .selectFrom(target.table)
          .selectAll()
          .where(target.id, 'in', ids.slice(i, i + 500))
          .execute()),
      );
    for (const row of found) {
      // only a record with a public page is named, and as the public sees it
      const wire = rowToWire(target, row);
      const href = publicPageOf(target, wire);
      if (href) out.records.set(`${target.name}:${String(row[target.id])}`, { title: recordTitle(target, wire, ctx.lang), href });
    }
  }
  return out;
}

type DetailName = NonNullable<PublicResource['public']['details']>[number];
const detailKey = (d: DetailName) => (typeof d === 'string' ? d : d.key);

function detailOf(res: PublicResource, named: DetailName, row: Record<string, unknown>, lang: Lang, referred: Referred): PublicDetail | undefined {
  const key = detailKey(named);
  const def = res.fields[key];
  const period = key === 'period' ? res.public.period : undefined;
  const label = typeof named === 'string' ? (period ? period.label[lang] : fieldLabel(res, key, lang)) : named.label[lang];
  if (period) {
    const text = periodText(res, row, lang);
    return text ? { key, label, text } : undefined;
  }
  const value = def ? row[key] : publicText(row, key, lang);
  if (value === undefined || value === null || value === '') return undefined;
  // a field as its kind shows it (server/kinds/); a pair as its text in the reader's language
  if (def) return serverKindOf(def).detail({ def, key, label, value, lang, referred });
  return { key, label, text: String(value) };
}

/** Records of a public resource as their cards and pages show them, in the reader's language, with their details and JSON-LD. */
export async function publicCards(res: PublicResource, ctx: Ctx, rows: readonly Record<string, unknown>[], lang: Lang, origin = ''): Promise<PublicCardData[]> {
  const referred = await referredBy(res, ctx, rows);
  return rows.map((row) => {
    const details = (res.public.details ?? []).flatMap((k) => detailOf(res, k, row, lang, referred) ?? []);
    const people = details.flatMap((d) => (d.people ?? []).map((p) => p.name)).join(lang === 'zh' ? '、' : ', ');
    // the card as its kinds show it, in the reader's language where it exists (server/public/cards.ts), and the details
    const card: PublicCardData = {
      ...cardOf(res, row, lang),
      ...(people ? { people } : {}),
      ...(details.length > 0 ? { details } : {}),
    };
    const type = typeof res.public.schemaType === 'function' ? res.public.schemaType(row) : res.public.schemaType;
    if (type) card.jsonLd = jsonLdOf(type, card, origin);
    return card;
  });
}

/** A record's JSON-LD: its type, name, description, address, and the people its people fields name (as creators). */
function jsonLdOf(type: string, card: PublicCardData, origin: string): Record<string, unknown> {
  const creators = (card.details ?? []).flatMap((d) =>
    (d.people ?? []).map((p) => ({ '@type': 'Person', name: p.name, ...(p.href ? { url: `${origin}${p.href}` } : {}) })),
  );
  return {
    '@context': 'https://schema.org',
    '@type': type,
    name: card.title,
    url: `${origin}${card.href}`,
    ...(card.text[0] ? { description: card.text[0].slice(0, 500) } : {}),
    ...(creators.length > 0 ? { creator: creators } : {}),
  };
}

/**
 * The public records of every declared public resource that name a member in one of its people fields
 * (a member's page lists them), by resource in the registry's order; resources naming none left out.
 */
export async function publicRecordsNaming(cruds: readonly PublicCrud[], ctx: Ctx, pid: number, lang: Lang) {
  const out: { name: string; label: string; href: string; cards: PublicCardData[]; personProperty?: string }[] = [];
  for (const crud of cruds) {
    const fields = peopleFields(crud.res).filter((f) => crud.res.public.fields.includes(f));
    if (fields.length === 0) continue;
    const released = publicWhere(crud.res);
    const rows = await crud.list(ctx, {
      where: (q) => {
        const narrowed = q.where((eb) => eb.or(fields.map((f) => eb(f, 'like', mayName(pid)))));
        return released ? released(narrowed) : narrowed;
      },
    });
    const theirs = rows.filter((r) => fields.some((f) => names(Array.isArray(r[f]) ? (r[f] as string[]) : [], pid))).map((r) => publicProjection(crud.res, r));
    if (theirs.length === 0) continue;
    const property = crud.res.public.personProperty;
    out.push({
      name: crud.res.name,
      label: crud.res.public.nav.label[lang],
      href: `/${crud.res.public.segment}`,
      cards: await publicCards(crud.res, ctx, theirs, lang),
      ...(property ? { personProperty: property } : {}),
    });
  }
  return out;
}

/**
 * The public records of every declared public resource that refer to one record of `target` in a public
 * field (a project's acknowledging publications, an award's related publication), by resource and
 * field in the registry's order, headed by the field's `referredAs` (else the resource's menu label).
 */
export async function publicRecordsReferring(cruds: readonly PublicCrud[], ctx: Ctx, target: string, id: number, lang: Lang) {
  const out: { name: string; label: string; cards: PublicCardData[] }[] = [];
  for (const crud of cruds) {
    for (const [field, def] of Object.entries(crud.res.fields)) {
      if (def.refers !== target || !crud.res.public.fields.includes(field)) continue;
      const released = publicWhere(crud.res);
      const rows = await crud.list(ctx, {
        where: (q) => {
          // a list is JSON text: the database narrows by the quoted id, the list decides
          const narrowed = def.kind === 'list' ? q.where(field, 'like', containing(`"${id}"`)) : q.where(field, '=', id);
          return released ? released(narrowed) : narrowed;
        },
      });
      const theirs = rows.filter((r) => referredIds(r[field]).includes(id)).map((r) => publicProjection(crud.res, r));
      if (theirs.length === 0) continue;
      out.push({
        name: crud.res.name,
        label: def.referredAs?.[lang] ?? crud.res.public.nav.label[lang],
        cards: await publicCards(crud.res, ctx, theirs, lang),
      });
    }
  }
  return out;
}

/** The declared public resources with a public field that refers to `target`: the topics its page reads besides its own. */
export const referringTopics = (cruds: readonly PublicCrud[], target: string) =>
  cruds.filter((c) => Object.entries(c.res.fields).some(([f, def]) => def.refers === target && c.res.public.fields.includes(f))).map((c) => c.res.name);

/** The cache topics a record page of `res` reads besides its own: the people its details name, the resources its details refer to. */
export function detailTopics(res: PublicResource): string[] {
  const shown = new Set((res.public.details ?? []).map(detailKey));
  const out = new Set<string>();
  for (const [name, def] of Object.entries(res.fields)) {
    if (!shown.has(name)) continue;
    if (isPeopleField(def)) out.add('people');
    // a referred resource's topic is its name (publication's is too)
    if (def.refers) out.add(def.refers);
  }
  return [...out];
}
