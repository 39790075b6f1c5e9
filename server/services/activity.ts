import { nameLists, type Lang } from '../../common/enums.ts';
import { t } from '../../common/messages.ts';
import { type ResourceDef, recordTitle } from '../../common/resource.ts';
import { resources, site } from '../../common/resources/index.ts';
import type { activityActions, activityOutcomes } from '../../common/wire.ts';
import type { DB } from '../db/database.ts';
import { loose, type TableRow } from '../db/schema.ts';
import type { Ctx } from './context.ts';
import { nowIso } from './context.ts';

// The activity log: who did what, when, from where, and how it ended. A write logs
// itself inside its own transaction (services/crud.ts), so a write that fails leaves no entry and one that
// succeeds always has one; logins, failed logins and backups log on their own. Entries are only ever
// appended: nothing in the server updates or deletes them.

type Action = (typeof activityActions)[number];
type Outcome = (typeof activityOutcomes)[number];

export type ActivityEntry = {
  action: Action;
  /** The declared resource (its name), or what else was acted on ('session', 'file', 'backup'). */
  resource?: string;
  /** The record's id, or the username a login was tried with. */
  record?: string | number;
  outcome?: Outcome;
  /** Names, never values: the fields a change set, the files an upload stored. */
  detail?: readonly string[];
  /** The record's name in both languages, where the record is gone by the time it is logged (a delete); else read from it. */
  name?: Names;
};

type Names = { zh: string; en: string };

/** The declared resources an entry's record may be of, by name. */
const declared = new Map<string, ResourceDef>([...Object.values(resources), site].map((r) => [r.name, r as ResourceDef]));

/** A record's name now, in both languages (its console list's title cell); undefined when it is gone or has none. */
async function namesOf(db: DB, res: ResourceDef, id: number): Promise<Names | undefined> {
  const row = await loose(db).selectFrom(res.table).selectAll().where(res.id, '=', id).executeTakeFirst();
  return row ? recordNames(res, row) : undefined;
}

/** A row's name in both languages, as the log keeps it (each capped). */
export function recordNames(res: ResourceDef, row: Record<string, unknown>): Names | undefined {
  const zh = recordTitle(res, row, 'zh').slice(0, 300);
  const en = recordTitle(res, row, 'en').slice(0, 300);
  return zh || en ? { zh, en } : undefined;
}

/** Appends an entry, on `ctx.db`: inside a write's transaction when `ctx` is the transaction's. */
export async function logActivity(ctx: Pick<Ctx, 'db' | 'actor' | 'address'>, entry: ActivityEntry): Promise<void> {
  // the record's name as it is called now, so the log names it even once it is renamed or deleted
  const res = entry.resource ? declared.get(entry.resource) : undefined;
  const name = entry.name ?? (res && typeof entry.record === 'number' ? await namesOf(ctx.db, res, entry.record) : undefined);
  await ctx.db
    .insertInto('activity')
    .values({
      at: nowIso(),
      actor_pid: ctx.actor?.pid ?? null,
      actor: ctx.actor?.username ?? '',
      address: (ctx.address ?? '').slice(0, 64),
      action: entry.action,
      resource: entry.resource ?? '',
      record: String(entry.record ?? '').slice(0, 200),
      outcome: entry.outcome ?? 'ok',
      detail: (entry.detail ?? []).join(',').slice(0, 2000),
      record_name: name ? JSON.stringify(name) : '',
    })
    .execute();
}

export type ActivityRow = TableRow<'activity'>;

export type ActivityFilter = { actor?: number; resource?: string; action?: string; from?: string; to?: string; limit: number; offset: number };

/** Entries, newest first, of one person, resource, action or time span; with how many there are in all. */
export async function listActivity(ctx: Pick<Ctx, 'db'>, f: ActivityFilter): Promise<{ total: number; entries: ActivityRow[] }> {
  let q = ctx.db.selectFrom('activity');
  if (f.actor !== undefined) q = q.where('actor_pid', '=', f.actor);
  if (f.resource) q = q.where('resource', '=', f.resource);
  if (f.action) q = q.where('action', '=', f.action);
  if (f.from) q = q.where('at', '>=', f.from);
  if (f.to) q = q.where('at', '<', f.to);
  const [count, entries] = await Promise.all([
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    q.selectAll().orderBy('at', 'desc').orderBy('eid', 'desc').limit(f.limit).offset(f.offset).execute(),
  ]);
  return { total: Number(count?.n ?? 0), entries };
}

export type ActivityExportFilter = Omit<ActivityFilter, 'limit' | 'offset'> & { cap: number };

/**
 * Every matching entry, newest first, up to `cap`, a batch at a time: an export of a busy year never holds
 * the whole log at once. Batches follow (at, eid) rather than an offset, so each costs the same.
 */
export async function* eachActivity(ctx: Pick<Ctx, 'db'>, f: ActivityExportFilter, batch = 2000): AsyncGenerator<ActivityRow[]> {
  let left = f.cap;
  let after: { at: string; eid: number } | undefined;
  while (left > 0) {
    let q = ctx.db.selectFrom('activity');
    if (f.actor !== undefined) q = q.where('actor_pid', '=', f.actor);
    if (f.resource) q = q.where('resource', '=', f.resource);
    if (f.action) q = q.where('action', '=', f.action);
    if (f.from) q = q.where('at', '>=', f.from);
    if (f.to) q = q.where('at', '<', f.to);
    const last = after;
    if (last) q = q.where((eb) => eb.or([eb('at', '<', last.at), eb.and([eb('at', '=', last.at), eb('eid', '<', last.eid)])]));
    const rows = await q.selectAll().orderBy('at', 'desc').orderBy('eid', 'desc').limit(Math.min(batch, left)).execute();
    if (rows.length === 0) return;
    yield rows;
    left -= rows.length;
    const end = rows[rows.length - 1] as ActivityRow;
    after = { at: end.at, eid: end.eid };
    if (rows.length < Math.min(batch, left + rows.length)) return;
  }
}

/**
 * What each entry is about, named in `lang`: a record by its name when it was acted on (older entries: its name
 * now, or "#id (deleted)"), the advisor's settings, reports and lists in words, a file by its name; never a bare
 * key. One query per resource for a page of entries.
 */
export async function entryNames(db: DB, rows: readonly ActivityRow[], lang: Lang): Promise<string[]> {
  const stored = rows.map((r) => {
    if (!r.record_name) return undefined;
    try {
      const n = JSON.parse(r.record_name) as Partial<Names>;
      return (lang === 'zh' ? n.zh || n.en : n.en || n.zh) || undefined;
    } catch {
      return undefined;
    }
  });
  // older entries of declared records: their names now, asked once per resource
  const asked = new Map<string, Set<number>>();
  rows.forEach((r, i) => {
    if (stored[i] === undefined && declared.has(r.resource) && /^\d{1,10}$/.test(r.record)) {
      const ids = asked.get(r.resource) ?? new Set<number>();
      ids.add(Number(r.record));
      asked.set(r.resource, ids);
    }
  });
  const now = new Map<string, string>();
  for (const [name, ids] of asked) {
    const res = declared.get(name) as ResourceDef;
    const found = await loose(db)
      .selectFrom(res.table)
      .selectAll()
      .where(res.id, 'in', [...ids])
      .execute();
    for (const row of found) now.set(`${name}:${String(row[res.id])}`, recordTitle(res, row, lang));
  }
  return rows.map((r, i) => {
    const kept = stored[i];
    if (kept !== undefined) return kept;
    if (declared.has(r.resource) && /^\d{1,10}$/.test(r.record)) return now.get(`${r.resource}:${r.record}`) || t(lang, 'activity_deleted', { id: r.record });
    return otherName(r, lang);
  });
}

/** What an entry not about a declared record is about, in words. */
function otherName(r: ActivityRow, lang: Lang): string {
  if (r.resource === 'advisor') {
    if (r.record === 'settings') return t(lang, 'activity_advisor_settings');
    if (r.record === 'reports') return t(lang, 'activity_advisor_reports');
    const [what, arg = ''] = r.record.split(' ', 2);
    if (what === 'names') {
      const list = nameLists.find((l) => l.value === arg);
      return t(lang, 'activity_advisor_names', { list: list ? list[lang] : arg });
    }
    if (what === 'reminders') return t(lang, 'activity_advisor_reminders', { date: arg });
  }
  // the files by their names (the detail holds the name stored)
  if ((r.resource === 'data_file' || r.resource === 'image') && r.detail) return r.detail.split(',')[0] ?? r.record;
  if (r.action === 'purge' && /^\d{1,10}$/.test(r.record)) return t(lang, 'activity_trash_count', { n: r.record });
  // a login's username, a backup's file, a timetable's term: names already
  return r.record;
}
