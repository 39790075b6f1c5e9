import type { Kysely } from 'kysely';

// Counters shared by every instance (more than one instance): login attempts per client
// address, wrong current passwords per person. One row per key; the window it counts in ends at
// reset_at (Unix milliseconds, so bigint). See server/services/counters.ts.

type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('counters')
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
  // expired rows are deleted by reset_at
  await db.schema.createIndex('counters_reset_at').on('counters').column('reset_at').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('counters').ifExists().execute();
}
