import type { Kysely } from 'kysely';

// The activity log names a record as it was called when it was acted on (JSON {"zh": …, "en": …}), so the
// console shows a name rather than an id, and a deleted record keeps its name (server/services/activity.ts).

type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('activity')
    .addColumn('record_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('activity').dropColumn('record_name').execute();
}
