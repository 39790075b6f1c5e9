import { sql } from 'kysely';
import type { DB } from '../db/database.ts';

// Counters in the database, so that every instance and every restart sees the same count: login
// attempts per client address, wrong current passwords per person. A counter counts in a fixed window
// that starts with its first hit; a hit after the window has ended starts a new one at 1.

export type Count = { count: number; resetAt: number };

/** About one hit in this many also deletes the counters whose window has ended, so the table stays small. */
const SWEEP_EVERY = 100;

/** Counts one more hit on `key` (atomic on both databases) and answers the count and when its window ends (Unix ms). */
export async function hit(db: DB, key: string, windowMs: number, now = Date.now()): Promise<Count> {
  const resetAt = now + windowMs;
  const ended = sql<boolean>`${sql.ref('counters.reset_at')} <= ${now}`;
  const row = await db
    .insertInto('counters')
    .values({ key, count: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when ${ended} then 1 else ${sql.ref('counters.count')} + 1 end`,
        reset_at: sql`case when ${ended} then ${resetAt} else ${sql.ref('counters.reset_at')} end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
  if (Math.random() * SWEEP_EVERY < 1) await sweep(db, now).catch(() => {});
  return { count: row.count, resetAt: row.reset_at };
}

/** The count of `key` in its current window, without counting (0 once the window has ended). */
export async function peek(db: DB, key: string, now = Date.now()): Promise<Count> {
  const row = await db.selectFrom('counters').select(['count', 'reset_at']).where('key', '=', key).where('reset_at', '>', now).executeTakeFirst();
  return row ? { count: row.count, resetAt: row.reset_at } : { count: 0, resetAt: now };
}

/** Forgets `key` (a right password clears its misses). */
export async function reset(db: DB, key: string): Promise<void> {
  await db.deleteFrom('counters').where('key', '=', key).execute();
}

/** Deletes every counter whose window has ended. */
export async function sweep(db: DB, now = Date.now()): Promise<void> {
  await db.deleteFrom('counters').where('reset_at', '<=', now).execute();
}
