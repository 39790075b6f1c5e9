import type { Ctx } from './context.ts';
import { FileChanges } from './media.ts';

// One write, all or nothing (issue #13, point 4): its database changes in one transaction, with the
// files it stored written before that transaction commits (a committed record never points at a missing
// file) and the files it replaced or removed taken out only after it commits (a rolled-back write still
// has them). Slow work that reads nothing it must hold (processing an image, hashing a password) is done
// before, so the transaction holds the database only as long as the writes take: SQLite has one writer.

/**
 * Runs `work` in a transaction, on a context whose `db` is that transaction. On failure the database
 * rolls back and the files the write stored are dropped; on success the files it removed leave.
 */
export async function inTransaction<T>(ctx: Ctx, changes: FileChanges, work: (tx: Ctx) => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await ctx.db.transaction().execute(async (trx) => {
      const r = await work({ ...ctx, db: trx });
      await changes.settle(trx);
      return r;
    });
  } catch (e) {
    await changes.rollback();
    throw e;
  }
  await changes.commit();
  return result;
}

/** A write that stores or removes files outside a resource's hooks (uploads, deletions of files). */
export function writeWithFiles<T>(ctx: Ctx, work: (tx: Ctx, changes: FileChanges) => Promise<T>): Promise<T> {
  const changes = new FileChanges(ctx.storage);
  return inTransaction(ctx, changes, (tx) => work(tx, changes));
}
