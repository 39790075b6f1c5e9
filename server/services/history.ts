import type { Lang } from '../../common/enums.ts';
import { kindOf } from '../../common/kinds/index.ts';
import { inputSchema, type ResourceDef, recordTitle } from '../../common/resource.ts';
import { HISTORY_KEEP } from '../config.ts';
import { loose } from '../db/schema.ts';
import { bucketOf, storedFiles } from '../storage/file-columns.ts';
import { asBucket } from '../storage/storage.ts';
import { logActivity } from './activity.ts';
import type { Ctx } from './context.ts';
import { nowIso } from './context.ts';
import type { Crud, CrudHooks } from './crud.ts';
import { rowToWire, translateConstraint } from './records.ts';
import type { FileChanges, StoredFile } from './media.ts';
import { serverKindOf } from '../kinds/index.ts';
import { writeWithFiles } from './transaction.ts';
import { Forbidden, InputError, NotFound } from '../errors.ts';

// Revisions and the trash, for every resource whose declaration has
// `history`. The generic update (services/crud.ts) keeps the version it replaces, in its own transaction;
// the generic delete moves the record, with the rows that go with it, to the trash. Each version and
// trash entry names the stored files it refers to (`kept_file`), and a file leaves its bucket only when
// no record, version or trash entry refers to it any more (media.ts, `fileInUse`). Restoring a version is
// an update like any other (validated, checked, and itself kept as a version); restoring from the trash
// puts the record back under its own id.

type Row = Record<string, unknown>;

/** Rows that leave with a record and come back with it from the trash (a person's private files). */
export type RelatedRows = { table: string; rows: Row[] };

type Holder = 'revision' | 'trash';

/** The stored files a row of `table` refers to: a declared record's as its fields' kinds say (pictures, files), another table's key columns'. */
function filesOfRow(res: ResourceDef | undefined, table: string, row: Row): StoredFile[] {
  if (res) return Object.entries(res.fields).flatMap(([name, def]) => serverKindOf(def).files?.(name, def, row) ?? []);
  const out: StoredFile[] = [];
  for (const c of storedFiles) {
    if (c.table !== table || c.table === 'media' || c.table === 'kept_file') continue;
    const key = row[c.column];
    const bucket = bucketOf(c, row);
    if (typeof key === 'string' && key !== '' && bucket) out.push({ bucket, key });
  }
  return out;
}

/** The row as a version keeps it: without the columns that never enter one (a password hash: restoring a version never restores a password). */
function keptForm(row: Row, hooks: CrudHooks): Row {
  const out = { ...row };
  for (const c of hooks.unversioned ?? []) delete out[c];
  return out;
}

/** What a version and a trash entry say of themselves: which record, when, and who replaced or deleted it. */
const stamp = (ctx: Ctx, res: ResourceDef, current: Row) => ({
  resource: res.name,
  record: Number(current[res.id]),
  at: nowIso(),
  actor_pid: ctx.actor?.pid ?? null,
  actor: ctx.actor?.username ?? '',
});

async function keepFiles(ctx: Ctx, holder: Holder, id: number, files: StoredFile[]) {
  const unique = new Map(files.map((f) => [`${f.bucket}/${f.key}`, f]));
  if (unique.size === 0) return;
  await ctx.db
    .insertInto('kept_file')
    .values([...unique.values()].map((f) => ({ holder, holder_id: id, bucket: f.bucket, storage_key: f.key })))
    .execute();
}

/** Drops what versions or trash entries held on their files; the files nothing else refers to leave after the commit. */
async function releaseFiles(ctx: Ctx, holder: Holder, ids: number[], changes: FileChanges) {
  if (ids.length === 0) return;
  const held = await ctx.db.selectFrom('kept_file').select(['bucket', 'storage_key']).where('holder', '=', holder).where('holder_id', 'in', ids).execute();
  await ctx.db.deleteFrom('kept_file').where('holder', '=', holder).where('holder_id', 'in', ids).execute();
  for (const f of held) {
    const bucket = asBucket(f.bucket);
    if (bucket) changes.removed.push({ bucket, key: f.storage_key });
  }
}

/**
 * In an update's transaction: keeps `current` (the stored form the update replaces) as a version, if the
 * update changes it, and drops the versions beyond the last `keep`.
 */
export async function keepVersion(ctx: Ctx, res: ResourceDef, hooks: CrudHooks, current: Row, values: Row, changes: FileChanges): Promise<void> {
  const changed = Object.entries(values).some(([k, v]) => k in current && String(v ?? '') !== String(current[k] ?? ''));
  if (!changed) return;
  const id = Number(current[res.id]);
  const row = await ctx.db
    .insertInto('revision')
    .values({ ...stamp(ctx, res, current), data: JSON.stringify(keptForm(current, hooks)) })
    .returning('rid')
    .executeTakeFirstOrThrow();
  await keepFiles(ctx, 'revision', row.rid, filesOfRow(res, res.table, current));
  // the versions beyond the last `keep` go, in one statement (a save is measured: bench/history.ts); only
  // those that held files cost more
  const keep = ctx.historyKeep ?? HISTORY_KEEP;
  const cutoff = ctx.db
    .selectFrom('revision')
    .select('rid')
    .where('resource', '=', res.name)
    .where('record', '=', id)
    .orderBy('rid', 'desc')
    .limit(1)
    .offset(keep);
  const dropped = await ctx.db
    .deleteFrom('revision')
    .where('resource', '=', res.name)
    .where('record', '=', id)
    .where('rid', '<=', cutoff)
    .returning(['rid', 'data'])
    .execute();
  const holding = dropped.filter((r) => filesOfRow(res, res.table, JSON.parse(r.data) as Row).length > 0).map((r) => r.rid);
  await releaseFiles(ctx, 'revision', holding, changes);
}

/** In a delete's transaction: the record and its related rows go to the trash, holding their files. */
export async function moveToTrash(ctx: Ctx, res: ResourceDef, current: Row, related: RelatedRows[]): Promise<void> {
  const row = await ctx.db
    .insertInto('trash')
    // the whole row: an account restored from the trash logs in as it did (only administrators see the trash)
    .values({ ...stamp(ctx, res, current), data: JSON.stringify({ row: current, related }) })
    .returning('tid')
    .executeTakeFirstOrThrow();
  const files = [...filesOfRow(res, res.table, current), ...related.flatMap((r) => r.rows.flatMap((x) => filesOfRow(undefined, r.table, x)))];
  await keepFiles(ctx, 'trash', row.tid, files);
}

/** Columns of declared resources that name a person and are emptied when that person is deleted (ON DELETE SET NULL). */
const PERSON_REFERENCES = ['created_by'] as const;

// Reading and restoring: what the console's History dialog and Trash screen call (server/api/history.ts).

/** The service of a declared resource, as history uses it. */
export type Versioned = Pick<Crud, 'res' | 'hooks' | 'getRow' | 'update'>;

/**
 * What the asker may do with a record's history: everything where they may edit the record, only their
 * own fields where it is theirs (a member's profile), nothing else.
 */
function historyAccess(ctx: Ctx, { res, hooks }: Versioned, current: Row): 'all' | 'owner' {
  const actor = ctx.actor;
  if (!res.history) throw new NotFound();
  if (!actor) throw new Forbidden();
  const role = res.access.update === 'member' || actor.authority === 'admin';
  if (role && (!hooks.canUpdate || hooks.canUpdate(ctx, current))) return 'all';
  if (res.history.ownerFields && hooks.ownedBy?.(ctx, current)) return 'owner';
  throw new Forbidden();
}

/** A version as the History dialog shows it: the record as a read answers it (no hidden columns), files by name. */
const versionWire = (v: Versioned, row: Row) => rowToWire(v.res, row, { hidden: v.hooks.hidden });

export type VersionItem = { rid: number; at: string; actor: string };

/** The record as it is now and the versions kept, newest first. */
export async function listVersions(ctx: Ctx, v: Versioned, id: number): Promise<{ current: Row; versions: VersionItem[] }> {
  const current = await v.getRow(ctx.db, id);
  historyAccess(ctx, v, current);
  const rows = await ctx.db
    .selectFrom('revision')
    .select(['rid', 'at', 'actor'])
    .where('resource', '=', v.res.name)
    .where('record', '=', id)
    .orderBy('rid', 'desc')
    .execute();
  return { current: versionWire(v, current), versions: rows };
}

async function versionRow(ctx: Ctx, v: Versioned, id: number, rid: number) {
  if (!Number.isSafeInteger(rid)) throw new NotFound();
  const rev = await ctx.db
    .selectFrom('revision')
    .selectAll()
    .where('rid', '=', rid)
    .where('resource', '=', v.res.name)
    .where('record', '=', id)
    .executeTakeFirst();
  if (!rev) throw new NotFound();
  return { ...rev, row: JSON.parse(rev.data) as Row };
}

export async function getVersion(ctx: Ctx, v: Versioned, id: number, rid: number): Promise<VersionItem & { record: Row }> {
  historyAccess(ctx, v, await v.getRow(ctx.db, id));
  const rev = await versionRow(ctx, v, id, rid);
  return { rid: rev.rid, at: rev.at, actor: rev.actor, record: versionWire(v, rev.row) };
}

/**
 * Restores a version: an update with the version's values, checked as any update is (so a version that
 * today's rules refuse is refused with the field named), by whoever may edit the record; an owner
 * restores only their own fields. The record's present form is kept as a version first.
 */
export async function restoreVersion(ctx: Ctx, v: Versioned, id: number, rid: number): Promise<void> {
  const current = await v.getRow(ctx.db, id);
  const access = historyAccess(ctx, v, current);
  const rev = await versionRow(ctx, v, id, rid);
  const wire = rowToWire(v.res, rev.row);
  const allowed = access === 'owner' ? new Set(v.res.history?.ownerFields) : undefined;
  const input: Row = {};
  for (const [name, def] of Object.entries(v.res.fields)) {
    // a password is never restored; a file comes back with the version's row (its kind's `restore`)
    if (kindOf(def).secret || serverKindOf(def).restore || !(name in wire)) continue;
    if (allowed && !allowed.has(name)) continue;
    // a read's null (no picture, no slug, no year) is sent as empty, which clears the field
    input[name] = wire[name] ?? '';
  }
  const parsed = inputSchema(v.res, 'update').safeParse(input);
  if (!parsed.success) throw new InputError(parsed.error.issues);
  await v.update(ctx, id, parsed.data, { restoring: { row: access === 'all' ? rev.row : {}, rid } });
}

// The trash: administrators only (server/api/history.ts checks the role).

export type TrashItem = { tid: number; resource: string; record: number; title: string; at: string; actor: string; files: number };

/** The trash, most recently deleted first, each entry named in `lang` by its declaration. */
export async function listTrash(ctx: Ctx, lang: Lang, find: (name: string) => Versioned | undefined): Promise<TrashItem[]> {
  const rows = await ctx.db.selectFrom('trash').selectAll().orderBy('at', 'desc').orderBy('tid', 'desc').execute();
  const files = await ctx.db
    .selectFrom('kept_file')
    .select(['holder_id', (eb) => eb.fn.countAll().as('n')])
    .where('holder', '=', 'trash')
    .groupBy('holder_id')
    .execute();
  const count = new Map(files.map((f) => [f.holder_id, Number(f.n)]));
  return rows.map((r) => {
    const v = find(r.resource);
    const { row } = JSON.parse(r.data) as { row: Row };
    const title = v ? recordTitle(v.res, rowToWire(v.res, row), lang) : '';
    return { tid: r.tid, resource: r.resource, record: r.record, title, at: r.at, actor: r.actor, files: count.get(r.tid) ?? 0 };
  });
}

/** Puts a trashed record back under its own id, with its related rows and files; the resource's public pages follow. */
export async function restoreFromTrash(ctx: Ctx, tid: number, find: (name: string) => Versioned | undefined): Promise<{ resource: string; record: number }> {
  if (!Number.isSafeInteger(tid)) throw new NotFound();
  const entry = await ctx.db.selectFrom('trash').selectAll().where('tid', '=', tid).executeTakeFirst();
  const v = entry && find(entry.resource);
  if (!entry || !v) throw new NotFound();
  const { row, related } = JSON.parse(entry.data) as { row: Row; related: RelatedRows[] };
  // who created it may have been deleted meanwhile: the reference is dropped, as deleting them dropped it
  for (const column of PERSON_REFERENCES) {
    const pid = row[column];
    if (typeof pid === 'number' && !(await ctx.db.selectFrom('person').select('pid').where('pid', '=', pid).executeTakeFirst())) row[column] = null;
  }
  // a username or slug taken since is the field's error, and the entry stays in the trash
  await writeWithFiles(ctx, async (tx, changes) => {
    // the loose view (db/schema.ts): the tables are named by the declaration and by the hook that kept the rows
    await loose(tx.db).insertInto(v.res.table).values(row).execute();
    for (const r of related) if (r.rows.length) await loose(tx.db).insertInto(r.table).values(r.rows).execute();
    await tx.db.deleteFrom('trash').where('tid', '=', tid).execute();
    await releaseFiles(tx, 'trash', [tid], changes);
    await logActivity(tx, { action: 'restore', resource: v.res.name, record: entry.record, detail: ['trash'] });
  }).catch((e: unknown) => {
    throw translateConstraint(e);
  });
  if (v.hooks.publicTopic) ctx.onPublicChange?.(v.hooks.publicTopic);
  return { resource: entry.resource, record: entry.record };
}

/**
 * Deletes trash entries for good, with the versions of their records and the files nothing else refers
 * to: those deleted before `before`, or every one. Returns how many.
 */
export async function purgeTrash(ctx: Ctx, before?: string): Promise<number> {
  let q = ctx.db.selectFrom('trash').select(['tid', 'resource', 'record']);
  if (before) q = q.where('at', '<', before);
  const entries = await q.execute();
  if (entries.length === 0) return 0;
  await writeWithFiles(ctx, async (tx, changes) => {
    const tids = entries.map((e) => e.tid);
    await tx.db.deleteFrom('trash').where('tid', 'in', tids).execute();
    await releaseFiles(tx, 'trash', tids, changes);
    for (const e of entries) {
      const dropped = await tx.db.deleteFrom('revision').where('resource', '=', e.resource).where('record', '=', e.record).returning('rid').execute();
      await releaseFiles(
        tx,
        'revision',
        dropped.map((r) => r.rid),
        changes,
      );
    }
    await logActivity(tx, { action: 'purge', resource: 'trash', record: entries.length, detail: before ? ['expired'] : ['emptied'] });
  });
  return entries.length;
}

/** The moment before which trash entries are purged, `days` ago. */
export const trashCutoff = (days: number, now = Date.now()) => new Date(now - days * 24 * 3600_000).toISOString();
