import { type Kysely, sql } from 'kysely';

// The lab-wide "Find new papers" as a run in the background (server/sync/runs.ts), its
// state in the database so that every instance behind one proxy answers its polling. `slot` is 'lab' while a
// run goes and NULL after: its UNIQUE constraint lets one run at a time start for the whole site (NULLs are
// distinct on both databases). Transient state: a backup leaves the table out (server/backup/tables.ts).

type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('sync_run')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('slot', 'varchar(20)', (c) => c.unique())
    .addColumn('state', 'varchar(10)', (c) => c.notNull().check(sql`state in ('running', 'done', 'failed')`))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('works', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('started_by', 'integer')
    // the last sign of life of the instance running it: a run silent for long is reported failed
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('instance', 'varchar(80)', (c) => c.notNull())
    // JSON: a failed run's message key and parameters ({"key": "sync_failed", "params": {…}}), shown in the reader's language
    .addColumn('error', 'text')
    // JSON: the preview in each language ({"zh": SyncPreview, "en": SyncPreview})
    .addColumn('result', 'text')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('sync_run').ifExists().execute();
}
