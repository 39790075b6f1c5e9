import type { Kysely } from 'kysely';

// The activity log: one row per write through the API, login, failed login and
// backup, appended and never changed (no route edits or deletes it). `at` is ISO 8601 text; `actor` is the
// username as it was, so an entry still says who after the account is renamed or removed.

type Db = Kysely<unknown>;

function isPg(db: Db): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('activity')
    .addColumn('eid', isPg(db) ? 'serial' : 'integer', (c) => (isPg(db) ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('at', 'varchar(40)', (c) => c.notNull())
    .addColumn('actor_pid', 'integer')
    .addColumn('actor', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('resource', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('record', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('outcome', 'varchar(20)', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // the Activity screen filters by person, resource and time, newest first
  await db.schema.createIndex('activity_at').on('activity').column('at').execute();
  await db.schema.createIndex('activity_actor').on('activity').columns(['actor_pid', 'at']).execute();
  await db.schema.createIndex('activity_resource').on('activity').columns(['resource', 'at']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('activity').ifExists().execute();
}
