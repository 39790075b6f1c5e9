import type { activityActions, activityOutcomes } from '../../common/wire.ts';
import type { TableRow } from '../db/schema.ts';
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
};

/** Appends an entry, on `ctx.db`: inside a write's transaction when `ctx` is the transaction's. */
export async function logActivity(ctx: Pick<Ctx, 'db' | 'actor' | 'address'>, entry: ActivityEntry): Promise<void> {
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
