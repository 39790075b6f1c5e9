import type { Ctx } from './context.ts';
import { FileChanges } from './media.ts';

// One write, all or nothing: its database changes in one transaction, with the
// files it stored written before that transaction commits (a committed record never points at a missing
// file) and the files it replaced or removed taken out only after it commits (a rolled-back write still
// has them). Slow work that reads nothing it must hold (processing an image, hashing a password) is done
// before, so the transaction holds the database only as long as the writes take: SQLite has one writer.

/** The file changes of the writes run inside a larger one, by its transaction: they follow its outcome. */
const joined = new WeakMap<object, FileChanges[]>();

/**
 * Runs `work` in a transaction, on a context whose `db` is that transaction. On failure the database
 * rolls back and the files the write stored are dropped; on success the files it removed leave. A write
 * run inside another's transaction (the records of one import) joins it: its database changes and its
 * files stand or fall with that write.
 */
export async function inTransaction<T>(ctx: Ctx, changes: FileChanges, work: (tx: Ctx) => Promise<T>): Promise<T> {
  const outer = ctx.db.isTransaction ? joined.get(ctx.db) : undefined;
  if (outer) {
    try {
      const r = await work(ctx);
      await changes.settle(ctx.db);
      outer.push(changes);
      return r;
    } catch (e) {
      await changes.rollback();
      throw e;
    }
  }
  const inner: FileChanges[] = [];
  let result: T;
  try {
    result = await ctx.db.transaction().execute(async (trx) => {
      joined.set(trx, inner);
      const r = await work({ ...ctx, db: trx });
      await changes.settle(trx);
      return r;
    });
  } catch (e) {
    await changes.rollback();
    for (const c of inner) await c.rollback();
    throw e;
  }
  await changes.commit();
  for (const c of inner) await c.commit();
  return result;
}

/** A write that stores or removes files outside a resource's hooks (uploads, deletions of files). */
export function writeWithFiles<T>(ctx: Ctx, work: (tx: Ctx, changes: FileChanges) => Promise<T>): Promise<T> {
  const changes = new FileChanges(ctx.storage);
  return inTransaction(ctx, changes, (tx) => work(tx, changes));
}
