import type { SelectQueryBuilder } from 'kysely';
import type { Lang } from '../../common/enums.ts';
import type { FieldMap } from '../../common/fields.ts';
import { kindOf } from '../../common/kinds/index.ts';
import { defaults, isPublicResource, orderGroups, type ResourceDef } from '../../common/resource.ts';
import { type Topic, topicOf } from '../cache/changes.ts';
import type { DB } from '../db/database.ts';
import { type LooseDatabase, loose, type TableName, type TableRow } from '../db/schema.ts';
import type { Ctx } from './context.ts';
import { FileChanges } from './media.ts';
import { serverKindOf } from '../kinds/index.ts';
import { inTransaction } from './transaction.ts';
import { logActivity, recordNames } from './activity.ts';
import { keepVersion, moveToTrash, type RelatedRows } from './history.ts';
import { FieldError, Forbidden, NotFound } from '../errors.ts';
import { rowToWire, translateConstraint } from './records.ts';

// The create/read/update/delete every declared resource shares. A resource's own rules
// (SPEC §4) come in as hooks; the shape of a row follows from its field declarations.
// A write is prepared first (input to columns: images processed and stored, uploads adopted, passwords
// hashed: `prepare` and `beforeWrite`), then done in one transaction with its hooks (`afterWrite`,
// `beforeDelete`, `afterDelete` get the transaction as `ctx.db`), files removed after it commits
// (server/services/transaction.ts).

type Row = Record<string, unknown>;

/** A stored row of a declared resource: its table's row as the schema types it (a table outside the schema, as a test declares, is loose). */
export type RowOf<T extends string> = T extends TableName ? TableRow<T> : Row;

export type WriteArgs<R extends Row = Row> = {
  ctx: Ctx;
  mode: 'create' | 'update';
  input: Row;
  /** Columns about to be written, built from the declared fields; hooks may add or change them. */
  values: Row;
  current: R | undefined;
  changes: FileChanges;
};

/**
 * A resource's own rules. The hooks that take its row are methods, so that a resource's hooks (of its own
 * row type) stand in the registry beside every other's (method parameters are compared both ways).
 */
export type CrudHooks<R extends Row = Row> = {
  /** Columns that never leave the server. */
  hidden?: readonly string[];
  /** Adds the declaration's derived display fields (releasestr, timestr…) to a wire object; `row` is the
   * stored row it was made from, hidden columns included. */
  decorate?: (wire: Row, lang: Lang, row: Row) => Row;
  /** Field kinds the generic code does not handle (publication file slots). */
  prepare?(args: WriteArgs<R>): Promise<void>;
  /** Rules of SPEC §4 applied to every write (timestamps, editors, links). */
  beforeWrite?(args: WriteArgs<R>): Promise<void> | void;
  /** In the write's transaction, after the row is written (`ctx.db` is the transaction). */
  afterWrite?(args: WriteArgs<R> & { id: number }): Promise<void> | void;
  canUpdate?(ctx: Ctx, current: R): boolean;
  canDelete?(ctx: Ctx, current: R): boolean;
  /** In the delete's transaction; files to remove go to `changes`, which removes them after the commit. */
  beforeDelete?(ctx: Ctx, current: R, changes: FileChanges): Promise<void> | void;
  afterDelete?(ctx: Ctx, current: R, changes: FileChanges): Promise<void> | void;
  /** Which public pages a write changes (for the page cache). */
  publicTopic?: Topic;
  /** Columns a version never keeps (services/history.ts): a password hash, so that restoring a version never restores a password. */
  unversioned?: readonly string[];
  /** The record is the asker's own (a member's profile): they may read its history and restore its owner fields. */
  ownedBy?(ctx: Ctx, current: R): boolean;
  /** Rows that leave with the record and come back with it from the trash, read before `beforeDelete`. */
  related?(ctx: Ctx, current: R): Promise<RelatedRows[]>;
};

/** A read of the resource's table, named at run time by its declaration (the loose view of db/schema.ts). */
type AnyQuery = SelectQueryBuilder<LooseDatabase, string, Row>;

/** A narrower list: a condition (a Kysely `where`), a window, the columns to read. */
export type ListOptions = {
  where?: (q: AnyQuery) => AnyQuery;
  limit?: number;
  offset?: number;
  columns?: readonly string[];
  /** Another order than the declared one. */
  orderBy?: readonly (readonly [string, 'asc' | 'desc'])[];
};

export function createCrud<T extends string>(res: ResourceDef<FieldMap, T>, hooks: NoInfer<CrudHooks<RowOf<T>>> = {}) {
  type R = RowOf<T>;
  // a declared public resource's writes change its own topic, its name (server/cache/changes.ts)
  if (isPublicResource(res) && !hooks.publicTopic) hooks = { ...hooks, publicTopic: topicOf(res) };
  const fields = Object.entries(res.fields);
  // named by the declaration: the loose view (db/schema.ts) addresses it
  const table: string = res.table;

  /** A read in the declared order (or `orderBy`), NULLs last either way: SQLite and PostgreSQL would otherwise put them at opposite ends. */
  const ordered = (q: AnyQuery, orderBy: ListOptions['orderBy'] = res.orderBy) =>
    orderBy.reduce((out, [col, dir]) => out.orderBy(col, (o) => (dir === 'desc' ? o.desc() : o.asc()).nullsLast()), q);

  async function getRow(db: DB, id: number): Promise<Row> {
    if (!Number.isSafeInteger(id)) throw new NotFound();
    const row = await loose(db).selectFrom(table).selectAll().where(res.id, '=', id).executeTakeFirst();
    if (!row) throw new NotFound();
    return row;
  }

  // sound: a whole row of res.table, which R (its row in db/schema.ts) describes; tests/api/db-schema.test.ts
  // checks the schema against the migrations and each declaration's table and fields against the schema
  const asStored = (row: Row) => row as R;

  async function columnsFrom(ctx: Ctx, mode: WriteArgs['mode'], input: Row, current: Row | undefined, changes: FileChanges) {
    const values: Row = {};
    for (const [name, def] of fields) {
      if (name in input) Object.assign(values, await serverKindOf(def).write({ ctx, name, def, input, current, changes, fields: res.fields, values }));
    }
    const args: WriteArgs<R> = { ctx, mode, input, values, current: current && asStored(current), changes };
    await hooks.prepare?.(args);
    await hooks.beforeWrite?.(args);
    return args;
  }

  /**
   * The declared fields an update changed, by name (never their values): what it writes that differs from
   * the stored row (not every field sent); a password set is a change (it is never compared).
   */
  const changedFields = (input: Row, values: Row, current: Row) =>
    Object.keys(input).filter((k) => {
      const def = res.fields[k];
      if (!def) return false;
      if (kindOf(def).secret) return typeof input[k] === 'string' && input[k] !== '';
      return k in values && !sameColumn(values[k], current[k]);
    });

  /** `id`: the record written, so the search index can read it alone (server/search/search-index.ts). */
  function published(ctx: Ctx, id: number) {
    if (hooks.publicTopic) ctx.onPublicChange?.(hooks.publicTopic, { resource: res.name, id });
  }

  /** Prepares a write, then does it in one transaction (`work` gets the transaction's context). */
  async function write<Out>(
    ctx: Ctx,
    changes: FileChanges,
    prepare: () => Promise<WriteArgs<R>>,
    work: (args: WriteArgs<R>) => Promise<Out>,
    idOf: (out: Out) => number,
  ): Promise<Out> {
    try {
      let args: WriteArgs<R>;
      try {
        args = await prepare();
      } catch (e) {
        await changes.rollback();
        throw e;
      }
      const result = await inTransaction(ctx, changes, (tx) => work({ ...args, ctx: tx }));
      published(ctx, idOf(result));
      return result;
    } catch (e) {
      throw translateConstraint(e);
    }
  }

  /** What a version takes back besides its input: each file field its name and stored file, as they were. */
  function restoreFiles(version: Row, current: Row, values: Row, changes: FileChanges) {
    for (const [name, def] of fields) {
      const restore = serverKindOf(def).restore;
      if (restore && name in version) Object.assign(values, restore({ name, def, version, current, changes }));
    }
  }

  /** A new record of an ordered list comes last in its group, unless it says where. */
  async function lastPlace(ctx: Ctx, input: Row): Promise<Row> {
    const field = res.ordered;
    if (!field || input[field] !== undefined) return {};
    let q = loose(ctx.db)
      .selectFrom(table)
      .select((eb) => eb.fn.max(field).as('last'));
    for (const col of orderGroups(res)) {
      const v = input[col] ?? defaults(res)[col];
      if (v !== undefined) q = q.where(col, '=', v);
    }
    const row = await q.executeTakeFirst();
    const last = row?.last;
    const max = res.fields[field]?.max ?? 100_000;
    return { [field]: last === null || last === undefined ? 0 : Math.min(max, Number(last) + 1) };
  }

  const self = {
    res,
    hooks,
    getRow,
    toWire: (row: Row, lang: Lang) => rowToWire(res, row, hooks, lang),

    /** Rows in the declared order, as wire objects; `where`, `limit` and `offset` run in SQL. */
    async list(ctx: Ctx, opts: ListOptions = {}): Promise<Row[]> {
      const from = loose(ctx.db).selectFrom(table);
      let q: AnyQuery = opts.columns ? from.select([...opts.columns]) : from.selectAll();
      if (opts.where) q = opts.where(q);
      q = ordered(q, opts.orderBy);
      if (opts.limit !== undefined) q = q.limit(opts.limit).offset(opts.offset ?? 0);
      const rows = await q.execute();
      return rows.map((r) => rowToWire(res, r, hooks, ctx.lang));
    },

    /** The ids `where` selects, in the declared order: a narrow sort, for reading a long list a page of ids at a time. */
    async ids(ctx: Ctx, where?: ListOptions['where']): Promise<number[]> {
      let q: AnyQuery = loose(ctx.db).selectFrom(table).select(res.id);
      if (where) q = where(q);
      return (await ordered(q).execute()).map((r) => Number(r[res.id]));
    },

    /** How many rows `where` selects. */
    async count(ctx: Ctx, where?: ListOptions['where']): Promise<number> {
      let q: AnyQuery = loose(ctx.db)
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'));
      if (where) q = where(q);
      // a loose row: the count is `unknown` here (a number on both databases, see db/database.ts)
      const row = await q.executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async get(ctx: Ctx, id: number): Promise<Row> {
      return rowToWire(res, await getRow(ctx.db, id), hooks, ctx.lang);
    },

    async create(ctx: Ctx, input: Row): Promise<number> {
      const changes = new FileChanges(ctx.storage);
      const prepare = async () => {
        const args = await columnsFrom(ctx, 'create', { ...defaults(res), ...(await lastPlace(ctx, input)), ...input }, undefined, changes);
        for (const [name, def] of fields) {
          if (def.numField && args.values[def.numField] === undefined) {
            const entry = def.options?.find((o) => o.value === args.values[name]);
            if (entry) args.values[def.numField] = entry.num;
          }
        }
        return args;
      };
      return write(
        ctx,
        changes,
        prepare,
        async (args) => {
          const row = await loose(args.ctx.db).insertInto(table).values(args.values).returning(res.id).executeTakeFirstOrThrow();
          const id = Number(row[res.id]);
          // logged before the hooks run: a hook that fails rolls the entry back with the row
          await logActivity(args.ctx, { action: 'create', resource: res.name, record: id, name: recordNames(res, { ...args.values, [res.id]: id }) });
          await hooks.afterWrite?.({ ...args, id });
          return id;
        },
        (id) => id,
      );
    },

    /**
     * Updates a record (absent fields unchanged). `restoring`: the update brings back a version of its
     * history (services/history.ts), whose files it takes as they were.
     */
    /** Whether the actor may update this record, before any input is read: a 404 or a 403 otherwise. */
    async mayUpdate(ctx: Ctx, id: number): Promise<void> {
      const current = await getRow(ctx.db, id);
      if (hooks.canUpdate && !hooks.canUpdate(ctx, asStored(current))) throw new Forbidden();
    },

    async update(ctx: Ctx, id: number, input: Row, opts: { restoring?: { row: Row; rid: number } } = {}): Promise<void> {
      const current = await getRow(ctx.db, id);
      if (hooks.canUpdate && !hooks.canUpdate(ctx, asStored(current))) throw new Forbidden();
      const changes = new FileChanges(ctx.storage);
      const prepare = async () => {
        const args = await columnsFrom(ctx, 'update', input, current, changes);
        if (opts.restoring) restoreFiles(opts.restoring.row, current, args.values, changes);
        return args;
      };
      await write(
        ctx,
        changes,
        prepare,
        async (args) => {
          if (Object.keys(args.values).length > 0) {
            await loose(args.ctx.db).updateTable(table).set(args.values).where(res.id, '=', id).execute();
          }
          if (res.history) await keepVersion(args.ctx, res, hooks, current, args.values, changes);
          const restoring = opts.restoring;
          // named from the row as written: the log reads no record again
          const name = recordNames(res, { ...current, ...args.values });
          await logActivity(
            args.ctx,
            restoring
              ? { action: 'restore', resource: res.name, record: id, detail: [`revision ${restoring.rid}`], name }
              : { action: 'update', resource: res.name, record: id, detail: changedFields(input, args.values, current), name },
          );
          // a password set is an action of its own in the log (password changes)
          if (fields.some(([name, def]) => kindOf(def).secret && typeof input[name] === 'string' && input[name] !== ''))
            await logActivity(args.ctx, { action: 'password', resource: res.name, record: id, name });
          await hooks.afterWrite?.({ ...args, id });
        },
        () => id,
      );
    },

    async remove(ctx: Ctx, id: number): Promise<void> {
      const current = await getRow(ctx.db, id);
      if (hooks.canDelete && !hooks.canDelete(ctx, asStored(current))) throw new Forbidden();
      const changes = new FileChanges(ctx.storage);
      for (const [name, def] of fields) changes.removed.push(...(serverKindOf(def).files?.(name, def, current) ?? []));
      try {
        await inTransaction(ctx, changes, async (tx) => {
          // the trash keeps the record and what leaves with it, read before the hooks remove it
          if (res.history) await moveToTrash(tx, res, current, (await hooks.related?.(tx, asStored(current))) ?? []);
          await hooks.beforeDelete?.(tx, asStored(current), changes);
          await loose(tx.db).deleteFrom(table).where(res.id, '=', id).execute();
          // named as it was: the record is gone once this is logged
          await logActivity(tx, { action: 'delete', resource: res.name, record: id, name: recordNames(res, current) });
          await hooks.afterDelete?.(tx, asStored(current), changes);
        });
      } catch (e) {
        throw translateConstraint(e);
      }
      published(ctx, id);
    },

    /**
     * Saves a new order (PUT /api/order/{name}/): the records named take the places 0, 1, 2…
     * in the order sent; the others keep theirs. Each record whose place changes is an update of its
     * order field, logged and kept in its history like any other, all in one transaction.
     */
    async reorder(ctx: Ctx, ids: readonly number[]): Promise<void> {
      const field = res.ordered;
      if (!field) throw new NotFound();
      if (new Set(ids).size !== ids.length) throw FieldError.one('ids', 'duplicate_id');
      if (ids.length === 0) return;
      const rows = await loose(ctx.db)
        .selectFrom(table)
        .select([res.id, field])
        .where(res.id, 'in', [...ids])
        .execute();
      const place = new Map(rows.map((r) => [Number(r[res.id]), r[field] === null ? null : Number(r[field])]));
      const unknown = ids.filter((id) => !place.has(id));
      if (unknown.length > 0) throw FieldError.one('ids', 'unknown_ids', { ids: unknown.join(', ') });
      await inTransaction(ctx, new FileChanges(ctx.storage), async (tx) => {
        for (const [i, id] of ids.entries()) if (place.get(id) !== i) await self.update(tx, id, { [field]: i });
      });
    },
  };
  return self;
}

export type Crud = ReturnType<typeof createCrud>;

/** Whether a column's new value is its stored one: empty and NULL alike, a number as its text (drivers differ). */
function sameColumn(a: unknown, b: unknown): boolean {
  const text = (v: unknown) => (v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v));
  return text(a) === text(b);
}
