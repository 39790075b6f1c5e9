import { authorKey, BY_NAME, indexMembers, linkOf, NOT_A_MEMBER } from '../../common/authors.ts';
import { areas, type Lang } from '../../common/enums.ts';
import { readRef, referredPids } from '../../common/person-refs.ts';
import { type KindCounts, publicationKinds, type ReportKind, type ReportSummary, reportKinds, UNRANKED } from '../../common/report.ts';
import { awardLevels } from '../../common/resources/award.ts';
import { patentStatuses } from '../../common/resources/patent.ts';
import { projectLevels } from '../../common/resources/project.ts';
import type { PublicPublication } from '../../common/wire.ts';
import { registry } from '../registry.ts';
import type { Ctx } from './context.ts';
import { peopleLightList } from './people.ts';
import { publicationItemColumns, publications } from './publications.ts';
import { asWire } from './wire.ts';

// The achievement report (成果统计): the lab's records of a period, narrowed to members,
// areas and kinds, and their counts. Which year a record counts in
// (docs/decisions/051-the-achievement-report.md): a publication's and an award's year, a patent's grant year
// (its filing year while it is only filed), a project every year it runs within the period (its start year to
// its end year, an open end to the period's end; docs/decisions/072-report-years-list-filters-body-images.md).
// The files made from it are in report-files.ts.

/** A venue's rank (CCF, CORE…) where a rank source knows the publication's venue; none: one "unranked" group. */
export type RankOf = (p: PublicPublication) => string | undefined;

export type ReportFilter = {
  from: number;
  to: number;
  kinds: readonly ReportKind[];
  /** Only records naming one of these members (person ids); empty or absent: everyone. */
  members?: readonly number[];
  /** Only publications of these areas; the other kinds have no area and are not narrowed by it. */
  areas?: readonly string[];
};

type Person = { pid: number; username: string; name_zh: string; name_en: string };

/** A name of a record's list of people: a lab member (by id) or someone outside the lab, as written. */
export type NamedPerson = { pid?: number; name: string };

type Row = Record<string, unknown>;

export type ReportItem = {
  kind: ReportKind;
  /** The year it is listed under: a project's start year, which may be before the period. */
  year: number;
  /** A project's years that count, within the period (first, last); the others count in `year` alone. */
  span?: { first: number; last: number };
  /** Rank of a publication's venue, level of an award or project, status of a patent; UNRANKED where there is none. */
  group: string;
  people: NamedPerson[];
  /** The members the record names (person ids), each once. */
  members: number[];
  area?: string;
  publication?: PublicPublication;
  record?: Row;
};

export type Report = {
  filter: ReportFilter;
  items: ReportItem[];
  people: Map<number, Person>;
  /** Whether a rank source was given: the files then show a rank column and group by it. */
  ranked: boolean;
  /** The style its references are written in (the site's GB/T style unless chosen): a shipped one's id, or an administrator's own with its XML. */
  style?: ReportStyle;
};

/** A style of the report's references: its id, its name for the column, and an administrator's own style's XML. */
export type ReportStyle = { id: string; name: string; xml?: string };

const str = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);
const yearOf = (date: unknown) => (/^\d{4}/.test(str(date)) ? Number(str(date).slice(0, 4)) : undefined);

/** A member's name in the report's language (the other one where it is empty). */
export const personName = (p: Person, lang: Lang) => (lang === 'zh' ? p.name_zh || p.name_en : p.name_en || p.name_zh) || p.username;

/** Which kind a publication counts as: a paper by its venue, other works as "other"; a patent publication not at all. */
function publicationKind(p: PublicPublication): ReportKind | undefined {
  // the patents register counts patents (a patent publication is its bibliography entry;
  // docs/decisions/045-people-fields-awards-and-patents.md)
  if (p.type === 'patent') return undefined;
  if (p.type === 'paper' && p.venue_kind === 'journal') return 'journal';
  if (p.type === 'paper' && p.venue_kind === 'conference') return 'conference';
  return 'other';
}

/** The rows of a declared resource (awards, patents, projects) whose `where` holds. */
function crudOf(name: string) {
  const found = registry.find((r) => r.crud.res.name === name);
  if (!found) throw new Error(`${name} is not declared`);
  return found.crud;
}

/** A people field's items: members by id (the name they have now), others as written. */
function peopleOf(items: readonly string[], people: Map<number, Person>): NamedPerson[] {
  return items.flatMap((item): NamedPerson[] => {
    const ref = readRef(item);
    if ('name' in ref) return ref.name ? [{ name: ref.name }] : [];
    const pid = 'pid' in ref ? Number(ref.pid) : undefined;
    const m = pid === undefined ? undefined : people.get(pid);
    return m ? [{ pid: m.pid, name: '' }] : [];
  });
}

/** Publications read at a time. */
const PAGE = 500;

const levelOrder = (levels: readonly { value: string }[]) => (v: string) => levels.findIndex((l) => l.value === v);

/** Selects the records of the report. `rankOf`: the venue rank of a publication (none by default). */
export async function buildReport(ctx: Ctx, filter: ReportFilter, rankOf?: RankOf): Promise<Report> {
  const { from, to } = filter;
  const kinds = new Set(filter.kinds);
  const people = new Map((await peopleLightList(ctx)).map((p) => [p.pid, p]));
  const index = indexMembers([...people.values()]);
  const items: ReportItem[] = [];

  if (publicationKinds.some((k) => kinds.has(k))) {
    // the ids in the report's order first (a narrow sort), then the rows a page of ids at a time, the event
    // loop given back between pages: SQLite reads synchronously, 10,000 rows read and converted at once held
    // it for over a second, and an OFFSET page sorted every whole row again, 20-40 ms a page (bench/report.ts)
    const ids = await publications.ids(ctx, (q) => {
      let out = q.where('year', '>=', from).where('year', '<=', to).where('type', '!=', 'patent');
      if (filter.areas?.length) out = out.where('area', 'in', [...filter.areas]);
      return out;
    });
    for (let at = 0; at < ids.length; at += PAGE) {
      const page = ids.slice(at, at + PAGE);
      // a slice of the ordered ids comes back in the same order
      const got = asWire<PublicPublication[]>(await publications.list(ctx, { columns: publicationItemColumns, where: (q) => q.where('pid', 'in', page) }));
      for (const p of got) {
        const kind = publicationKind(p);
        if (!kind || !kinds.has(kind)) continue;
        // which member each author is: linked by id, or left to be matched by name (common/authors.ts)
        const named = p.author.map((name, i): NamedPerson => {
          const link = linkOf(p, i);
          const m = link === NOT_A_MEMBER ? undefined : link === BY_NAME ? index.byName.get(authorKey(name)) : index.byPid.get(link);
          return m ? { pid: m.pid, name } : { name };
        });
        items.push({
          kind,
          year: p.year,
          group: rankOf?.(p) ?? UNRANKED,
          people: named,
          members: [...new Set(named.flatMap((n) => (n.pid === undefined ? [] : [n.pid])))],
          area: p.area,
          publication: { ...p, abstract: '' },
        });
      }
      await new Promise((done) => setImmediate(done));
    }
  }

  // the registers are small (tens to hundreds of records): read whole, placed in a year here
  const declared = async (name: string, yearOfRow: (r: Row) => number | undefined) => {
    const rows = await crudOf(name).list(ctx);
    return rows.flatMap((r) => {
      const year = yearOfRow(r);
      return year !== undefined && year >= from && year <= to ? [{ r, year }] : [];
    });
  };
  const named = (r: Row, fields: readonly string[]) => {
    const items = [...new Set(fields.flatMap((f) => list(r[f])))];
    return { people: peopleOf(items, people), members: [...new Set(referredPids(items).map(Number))].filter((pid) => people.has(pid)) };
  };

  if (kinds.has('award'))
    for (const { r, year } of await declared('award', (r) => (typeof r.year === 'number' ? r.year : undefined)))
      items.push({ kind: 'award', year, group: str(r.level), ...named(r, ['recipients']), record: r });
  if (kinds.has('patent') || kinds.has('software'))
    for (const { r, year } of await declared('patent', (r) => (r.status === 'granted' ? (yearOf(r.granted_on) ?? yearOf(r.filed_on)) : yearOf(r.filed_on)))) {
      const kind: ReportKind = r.kind === 'software copyright' ? 'software' : 'patent';
      if (kinds.has(kind)) items.push({ kind, year, group: str(r.status), ...named(r, ['inventors']), record: r });
    }
  if (kinds.has('project'))
    // a project runs from its start year to its end year (an open end: to the period's end) and counts in each
    // of those years the period holds
    for (const r of await crudOf('project').list(ctx)) {
      if (typeof r.start_year !== 'number') continue;
      const end = typeof r.end_year === 'number' ? Math.max(r.end_year, r.start_year) : to;
      if (r.start_year > to || end < from) continue;
      const span = { first: Math.max(r.start_year, from), last: Math.min(end, to) };
      items.push({ kind: 'project', year: r.start_year, span, group: str(r.level), ...named(r, ['pi', 'members']), record: r });
    }

  const chosen = new Set(filter.members ?? []);
  const kept = chosen.size === 0 ? items : items.filter((i) => i.members.some((pid) => chosen.has(pid)));
  return { filter, items: sortItems(kept), people, ranked: rankOf !== undefined };
}

const kindOrder = (k: ReportKind) => reportKinds.findIndex((x) => x.value === k);
const groupOrders: Partial<Record<ReportKind, (g: string) => number>> = {
  award: levelOrder(awardLevels),
  project: levelOrder(projectLevels),
  // granted before filed
  patent: (g) => -levelOrder(patentStatuses)(g),
  software: (g) => -levelOrder(patentStatuses)(g),
};

/** Compares two groups of a kind: levels in their declared order, ranks by name, the unranked last. */
function compareGroups(kind: ReportKind, a: string, b: string): number {
  const order = groupOrders[kind];
  if (order) return order(a) - order(b);
  if (a === b) return 0;
  if (a === UNRANKED) return 1;
  if (b === UNRANKED) return -1;
  return a < b ? -1 : 1;
}

/** As annual reports list them: by kind, then rank (or level), then year, newest first; the stored order within a year. */
function sortItems(items: ReportItem[]): ReportItem[] {
  return items
    .map((item, i) => ({ item, i }))
    .sort(
      (a, b) =>
        kindOrder(a.item.kind) - kindOrder(b.item.kind) || compareGroups(a.item.kind, a.item.group, b.item.group) || b.item.year - a.item.year || a.i - b.i,
    )
    .map(({ item }) => item);
}

/** The rows from the first to the last that counts anything (the empty ones between stay). */
function trimmed<T extends KindCounts>(rows: T[]): T[] {
  const first = rows.findIndex((r) => r.total > 0);
  const last = rows.findLastIndex((r) => r.total > 0);
  return first < 0 ? [] : rows.slice(first, last + 1);
}

const add = (c: KindCounts, kind: ReportKind) => {
  c.counts[kind] = (c.counts[kind] ?? 0) + 1;
  c.total += 1;
};

/** The report's counts: by year (every year of the period), kind, area, member and, with a rank source, venue rank. */
export function summaryOf(report: Report): ReportSummary {
  const { from, to, kinds } = report.filter;
  const byKind: KindCounts = { counts: {}, total: 0 };
  const byYear = new Map<number, { year: number } & KindCounts>();
  for (let y = to; y >= from; y -= 1) byYear.set(y, { year: y, counts: {}, total: 0 });
  const byArea = new Map<string, ReportSummary['byArea'][number]>();
  const byMember = new Map<number, ReportSummary['byMember'][number]>();
  const byRank = new Map<string, { rank: string } & KindCounts>();
  const only = new Set(report.filter.members ?? []);
  for (const item of report.items) {
    add(byKind, item.kind);
    const { first, last } = item.span ?? { first: item.year, last: item.year };
    for (let year = first; year <= last; year += 1) {
      const y = byYear.get(year);
      if (y) add(y, item.kind);
    }
    if (item.area !== undefined) {
      const a = areas.find((x) => x.value === item.area) ?? { value: item.area, zh: item.area, en: item.area };
      const row = byArea.get(a.value) ?? { area: a.value, zh: a.zh, en: a.en, counts: {}, total: 0 };
      add(row, item.kind);
      byArea.set(a.value, row);
    }
    for (const pid of item.members) {
      if (only.size > 0 && !only.has(pid)) continue;
      const p = report.people.get(pid);
      if (!p) continue;
      const row = byMember.get(pid) ?? { pid, name_zh: p.name_zh, name_en: p.name_en, counts: {}, total: 0 };
      add(row, item.kind);
      byMember.set(pid, row);
    }
    if (report.ranked && item.publication) {
      const row = byRank.get(item.group) ?? { rank: item.group, counts: {}, total: 0 };
      add(row, item.kind);
      byRank.set(item.group, row);
    }
  }
  const areaOrder = (v: string) => areas.findIndex((a) => a.value === v);
  return {
    from,
    to,
    kinds: [...kinds],
    total: report.items.length,
    byKind,
    // the period's years from the last to the first that holds a record: "all years" is not 150 empty rows
    byYear: trimmed([...byYear.values()]),
    byArea: [...byArea.values()].sort((a, b) => areaOrder(a.area) - areaOrder(b.area)),
    byMember: [...byMember.values()].sort((a, b) => b.total - a.total || a.pid - b.pid),
    ...(report.ranked ? { byRank: [...byRank.values()].sort((a, b) => compareGroups('journal', a.rank, b.rank)) } : {}),
  };
}
