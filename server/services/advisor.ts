import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  addDays,
  type DateCount,
  diffNames,
  type NameDiff,
  type PinganBase,
  type PinganDay,
  type PinganToday,
  type PinganYesterday,
  type ReportRow,
  type SourceFailure,
} from '../../common/advisor.ts';
import { enumValues, nameLists } from '../../common/enums.ts';
import { isRealDate } from '../../common/fields.ts';
import { fieldSchema } from '../../common/kinds/index.ts';
import type { DB } from '../db/database.ts';
import type { RowUpdate } from '../db/schema.ts';
import type { ImportedRow } from '../pingan/import-file.ts';
import type { DayReport, PinganSource, StudentReport } from '../pingan/source.ts';
import { NotFound, FieldError } from '../errors.ts';
import { logActivity } from './activity.ts';
import { type Ctx, nowIso } from './context.ts';

// The class-advisor area (SPEC §2 advisor, §3 "Advisor reminder data", §7): the stored parameters and
// cookie, the day's figures from the data sources, recorded reminders, imported reports and the
// checker's name lists. Who may call this is the route's business (server/api/advisor.ts).

const COOKIE_MAX = 8192;
const PEOPLE_MAX = 100_000;
export const NAMES_MAX = 1000;
export const NAME_MAX = 50;
const REMIND_MAX = 500;

const count = fieldSchema({ kind: 'int', label: { zh: '', en: '' }, min: 0, max: PEOPLE_MAX });
const emptyIsZero = z.preprocess((v) => (v === '' ? 0 : v), count);

const moveSchema = z.string().transform((s, ctx) => {
  if (s.trim() === '') return null;
  try {
    const v = JSON.parse(s) as { date?: unknown; count?: unknown };
    const n = typeof v.count === 'string' && /^\d{1,6}$/.test(v.count) ? Number(v.count) : v.count;
    if (typeof v.date === 'string' && isRealDate(v.date) && typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= PEOPLE_MAX) {
      return { date: v.date, count: n };
    }
  } catch {
    /* fall through */
  }
  ctx.addIssue({ code: 'custom', message: 'invalid_move' });
  return z.NEVER;
});

/** PUT ?remind=0: every field optional; an absent one stays as it is. */
export const PinganParamsSchema = z.object({
  // one line of printable ASCII: it travels as an HTTP header
  cookie: z
    .string({ error: 'invalid_cookie' })
    .max(COOKIE_MAX, { error: 'too_long' })
    .transform((s) => s.trim())
    .refine((s) => /^[\x20-\x7e]*$/.test(s), { error: 'invalid_cookie' })
    .optional(),
  selfdez: emptyIsZero.optional(),
  selfdyz: emptyIsZero.optional(),
  xwzs: emptyIsZero.optional(),
  lixiao_temp: moveSchema.optional(),
  fanxiao_temp: moveSchema.optional(),
});

/** PUT ?remind=1: the people reminded, as a JSON list. */
export const RemindSchema = z.object({
  remind: z.string({ error: 'invalid_remind' }).transform((s, ctx) => {
    try {
      const list = z
        .array(z.object({ xgh: z.string().trim().min(1).max(40), realname: z.string().trim().min(1).max(NAME_MAX) }))
        .min(1)
        .max(REMIND_MAX)
        .parse(JSON.parse(s));
      return list;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'invalid_remind' });
      return z.NEVER;
    }
  }),
});

export const NameListSchema = z.object({
  list: z.string({ error: 'required' }).refine((s) => (enumValues(nameLists) as string[]).includes(s), {
    error: 'invalid_enum',
    params: { options: enumValues(nameLists).join(', ') },
  }),
});

type Settings = { cookie: string; refresh_cookie: boolean; selfdez: number; selfdyz: number; xwzs: number };

async function settings(db: DB): Promise<Settings> {
  const row = await db.selectFrom('advisor_settings').selectAll().where('id', '=', 1).executeTakeFirst();
  return {
    cookie: row?.cookie ?? '',
    refresh_cookie: row?.refresh_cookie === 1,
    selfdez: row?.selfdez ?? 0,
    selfdyz: row?.selfdyz ?? 0,
    xwzs: row?.xwzs ?? 0,
  };
}

type SettingsUpdate = Omit<RowUpdate<'advisor_settings'>, 'id'>;

async function updateSettings(db: DB, values: SettingsUpdate) {
  if (Object.keys(values).length === 0) return;
  await db
    .insertInto('advisor_settings')
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

/**
 * Everything the page shows whatever it asks for (mount=1), for the month up to `date`. `known`: the
 * settings as the caller has just read (and maybe updated) them.
 */
export async function pinganBase(ctx: Ctx, date: string, upstream: boolean, known?: Settings): Promise<PinganBase> {
  const from = addDays(date, -30);
  const [s, moves, remind, today, imported] = await Promise.all([
    known ?? settings(ctx.db),
    ctx.db.selectFrom('advisor_move').selectAll().where('date', '>=', from).where('date', '<=', date).orderBy('date', 'desc').execute(),
    ctx.db
      .selectFrom('advisor_remind')
      .select(['xgh', sql<string>`max(realname)`.as('realname'), sql<number>`count(*)`.as('count')])
      .groupBy('xgh')
      .orderBy(sql`count(*)`, 'desc')
      // among equals, the most recently reminded first: someone reminded today shows up in the chart
      .orderBy(sql`max(date)`, 'desc')
      .orderBy('xgh')
      .limit(10)
      .execute(),
    ctx.db.selectFrom('advisor_remind').select('xgh').where('date', '=', date).orderBy('xgh').execute(),
    ctx.db.selectFrom('advisor_report').select('date').distinct().orderBy('date', 'desc').limit(31).execute(),
  ]);
  const month = (kind: string): DateCount[] => moves.filter((m) => m.kind === kind).map((m) => ({ date: m.date, count: m.count }));
  const byDate = (list: DateCount[]) => Object.fromEntries(list.map((m) => [m.date, m.count]));
  const lixiao_month = month('lixiao');
  const fanxiao_month = month('fanxiao');
  return {
    cookie: s.cookie,
    refresh_cookie: s.cookie === '' || s.refresh_cookie,
    upstream,
    selfdez: s.selfdez,
    selfdyz: s.selfdyz,
    xwzs: s.xwzs,
    lixiao: byDate(lixiao_month),
    fanxiao: byDate(fanxiao_month),
    lixiao_month,
    fanxiao_month,
    remind: remind.map((r) => ({ xgh: r.xgh, realname: r.realname, count: r.count })),
    remind_today: today.map((r) => r.xgh),
    imported_dates: imported.map((r) => r.date),
  };
}

/** Failures after which the stored cookie must be replaced (the page says "needs update"). */
const cookieFailures: SourceFailure[] = ['cookie_rejected', 'timeout'];

type Fetched = { report: DayReport | null; source: PinganDay['source']; source_error: SourceFailure | null; settings: Settings };

/**
 * The day's reports: from the first source that has them. The upstream comes first when configured;
 * imported reports stand in when it fails, and the failure is still reported.
 */
async function fetchDay(db: DB, sources: PinganSource[], date: string): Promise<Fetched> {
  let s = await settings(db);
  let firstFailure: SourceFailure | null = null;
  for (const source of sources) {
    const result = await source.day(date, s.cookie);
    if (source.kind === 'upstream') {
      const stale = !result.ok && cookieFailures.includes(result.failure);
      if (stale !== s.refresh_cookie) {
        await updateSettings(db, { refresh_cookie: stale ? 1 : 0 });
        s = { ...s, refresh_cookie: stale };
      }
    }
    if (result.ok) return { report: result.report, source: source.kind, source_error: firstFailure, settings: s };
    firstFailure ??= result.failure;
  }
  return { report: null, source: null, source_error: firstFailure ?? 'no_data', settings: s };
}

const row = (s: StudentReport): ReportRow => ({ realname: s.realname, xgh: s.xgh, uptime: s.uptime, status: s.status });

function figures(date: string, fetched: Fetched, xwzs: number): PinganDay & { students: StudentReport[] } {
  const students = [...(fetched.report?.students ?? [])].sort((a, b) => a.xgh.localeCompare(b.xgh));
  const zrs = students.length;
  return {
    date,
    source: fetched.source,
    source_error: fetched.source_error,
    zrs,
    xzs: students.filter((s) => s.reported).length,
    zxrs: Math.max(0, zrs - xwzs),
    dez: students.filter((s) => s.doses >= 2).length,
    dyz: students.filter((s) => s.doses >= 1).length,
    students,
  };
}

/** mount=2: today's reminder, the people who have not reported on `date`. */
export async function pinganToday(ctx: Ctx, sources: PinganSource[], date: string, upstream: boolean): Promise<PinganToday> {
  const fetched = await fetchDay(ctx.db, sources, date);
  const base = await pinganBase(ctx, date, upstream, fetched.settings);
  const { students, ...day } = figures(date, fetched, base.xwzs);
  const weishangbao = students.filter((s) => !s.reported).map(row);
  return {
    ...base,
    ...day,
    weishangbao,
    weishangbao_name: weishangbao.map((r) => r.realname).join('、'),
    num_weishangbao: weishangbao.length,
  };
}

/** mount=3: yesterday's zero report for `dateYes`: who did not report, whose status was abnormal. */
export async function pinganYesterday(ctx: Ctx, sources: PinganSource[], dateYes: string, upstream: boolean): Promise<PinganYesterday> {
  const fetched = await fetchDay(ctx.db, sources, dateYes);
  const base = await pinganBase(ctx, dateYes, upstream, fetched.settings);
  const { students, ...day } = figures(dateYes, fetched, base.xwzs);
  return {
    ...base,
    ...day,
    weishangbao_yes: students.filter((s) => !s.reported).map(row),
    buzhengchang_yes: students.filter((s) => s.reported && s.abnormal).map(row),
  };
}

/** PUT ?remind=0: the parameters, the cookie, and a leave/return count for a date (0 removes it). */
export async function savePinganParams(ctx: Ctx, input: z.infer<typeof PinganParamsSchema>) {
  await ctx.db.transaction().execute(async (trx) => {
    const values: SettingsUpdate = {};
    if (input.cookie !== undefined) {
      values.cookie = input.cookie;
      // a new cookie is presumed usable until a source says otherwise
      values.refresh_cookie = 0;
    }
    for (const k of ['selfdez', 'selfdyz', 'xwzs'] as const) if (input[k] !== undefined) values[k] = input[k] as number;
    await updateSettings(trx, values);
    for (const kind of ['lixiao', 'fanxiao'] as const) {
      const move = input[`${kind}_temp`];
      if (!move) continue;
      await trx.deleteFrom('advisor_move').where('kind', '=', kind).where('date', '=', move.date).execute();
      if (move.count > 0) await trx.insertInto('advisor_move').values({ kind, date: move.date, count: move.count }).execute();
    }
  });
}

/** PUT ?remind=1: the people reminded on `date`; a person recorded twice on one date counts once. */
export async function recordReminders(ctx: Ctx, date: string, people: { xgh: string; realname: string }[]) {
  const unique = [...new Map(people.map((p) => [p.xgh, p])).values()];
  await ctx.db
    .insertInto('advisor_remind')
    .values(unique.map((p) => ({ date, xgh: p.xgh, realname: p.realname })))
    .onConflict((oc) => oc.columns(['date', 'xgh']).doUpdateSet({ realname: sql`excluded.realname` }))
    .execute();
}

/** Stores an imported export: the dates it covers are replaced as a whole. */
export async function storeImportedReports(ctx: Ctx, rows: ImportedRow[]): Promise<{ rows: number; dates: string[] }> {
  const dates = [...new Set(rows.map((r) => r.date))].sort();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('advisor_report').where('date', 'in', dates).execute();
    // in slices: SQLite allows a limited number of bound values per statement
    for (let i = 0; i < rows.length; i += 500) {
      await trx
        .insertInto('advisor_report')
        .values(
          rows.slice(i, i + 500).map((r) => ({
            date: r.date,
            xgh: r.xgh,
            realname: r.realname,
            reported: r.reported ? 1 : 0,
            uptime: r.uptime,
            status: r.status,
            abnormal: r.abnormal ? 1 : 0,
            doses: r.doses,
          })),
        )
        .execute();
    }
  });
  return { rows: rows.length, dates };
}

/** GET /api{advisor}/info/: the name lists and their names in both languages. */
export async function nameListsOf(ctx: Ctx) {
  const rows = await ctx.db.selectFrom('advisor_name').select(['list', 'name']).orderBy('list').orderBy('position').execute();
  const info: Record<string, string[]> = Object.fromEntries(nameLists.map((l) => [l.value, []]));
  for (const r of rows) info[r.list]?.push(r.name);
  const col_name_dict = Object.fromEntries(nameLists.map((l) => [l.value, { zh: l.zh, en: l.en }]));
  return { info, col_name_dict };
}

/** A list's version: a digest of its names in order. A preview carries it; a confirm made on another version is refused. */
function nameListVersion(names: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(names)).digest('hex').slice(0, 16);
}

/** How many earlier versions of each list are kept. */
const NAME_VERSIONS_KEPT = 20;

export type NameVersionReason = 'save' | 'import' | 'restore';

async function namesOf(db: DB, list: string): Promise<string[]> {
  const rows = await db.selectFrom('advisor_name').select('name').where('list', '=', list).orderBy('position').execute();
  return rows.map((r) => r.name);
}

/** The list as stored, its version, and what replacing it with `next` would change (a preview: nothing is written). */
export async function previewNameList(ctx: Ctx, list: string, next: string[]) {
  const current = await namesOf(ctx.db, list);
  return { base: nameListVersion(current), count: next.length, ...diffNames(current, next) };
}

/**
 * Replaces one list (names already trimmed, unique and checked), keeping the list it replaces as an earlier
 * version. With `base`, the list must still be the version the caller previewed: otherwise nothing changes
 * and the field `base` says the list has changed since. With `change` (the advisor's calls) the change is
 * logged, as counts.
 */
export async function saveNameList(
  ctx: Ctx,
  list: string,
  names: string[],
  change?: { reason: NameVersionReason; base?: string | undefined },
): Promise<NameDiff> {
  const reason = change?.reason ?? 'save';
  const base = change?.base;
  return ctx.db.transaction().execute(async (trx) => {
    // one writer of the lists at a time (PostgreSQL holds this row's lock to the commit): a confirm checks
    // the version it was based on against what no one else can change before it writes
    await trx
      .insertInto('advisor_settings')
      .values({ id: 1 })
      .onConflict((oc) => oc.column('id').doUpdateSet({ id: 1 }))
      .execute();
    const current = await namesOf(trx, list);
    if (base !== undefined && base !== nameListVersion(current)) throw FieldError.one('base', 'names_stale');
    const diff = diffNames(current, names);
    if (current.length > 0 && (diff.added.length > 0 || diff.removed.length > 0 || current.length !== names.length || current.some((n, i) => n !== names[i]))) {
      await trx
        .insertInto('advisor_name_version')
        .values({ list, at: nowIso(), reason, count: current.length, names: JSON.stringify(current) })
        .execute();
      const old = await trx
        .selectFrom('advisor_name_version')
        .select('id')
        .where('list', '=', list)
        .orderBy('id', 'desc')
        .offset(NAME_VERSIONS_KEPT)
        .limit(1000)
        .execute();
      if (old.length > 0)
        await trx
          .deleteFrom('advisor_name_version')
          .where(
            'id',
            'in',
            old.map((r) => r.id),
          )
          .execute();
    }
    await trx.deleteFrom('advisor_name').where('list', '=', list).execute();
    for (let i = 0; i < names.length; i += 500) {
      await trx
        .insertInto('advisor_name')
        .values(names.slice(i, i + 500).map((name, j) => ({ list, position: i + j + 1, name })))
        .execute();
    }
    // the advisor's own changes are logged (the demo's seeding is not)
    if (change)
      await logActivity(
        { ...ctx, db: trx },
        {
          action: reason === 'restore' ? 'restore' : 'update',
          resource: 'advisor',
          record: `names ${list}`,
          // counts, never the names
          detail: [reason, `added ${diff.added.length}`, `removed ${diff.removed.length}`, `total ${names.length}`],
        },
      );
    return diff;
  });
}

/** The earlier versions of a list, newest first: when each was replaced, by what, and how many names it held. */
export async function nameVersions(ctx: Ctx, list: string) {
  return ctx.db.selectFrom('advisor_name_version').select(['id', 'at', 'reason', 'count']).where('list', '=', list).orderBy('id', 'desc').execute();
}

/** One earlier version with its names; NotFound when there is none of that id. */
export async function nameVersion(ctx: Ctx, id: number) {
  const row = await ctx.db.selectFrom('advisor_name_version').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFound();
  return { id: row.id, list: row.list, at: row.at, reason: row.reason, count: row.count, names: JSON.parse(row.names) as string[] };
}
