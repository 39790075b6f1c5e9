import type { Kysely } from 'kysely';

// Revisions and the trash. A revision is a record's stored form before an
// update, as JSON; a trash entry a deleted record's, with the rows that went with it. `kept_file` names
// the stored files a revision or a trash entry still refers to, so that a replaced or deleted file stays
// in its bucket while anything could bring it back (server/services/history.ts).

type Db = Kysely<unknown>;

function isPg(db: Db): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

export async function up(db: Db): Promise<void> {
  const serial = (name: string) =>
    [
      name,
      isPg(db) ? 'serial' : 'integer',
      (c: import('kysely').ColumnDefinitionBuilder) => (isPg(db) ? c.primaryKey() : c.primaryKey().autoIncrement()),
    ] as const;
  await db.schema
    .createTable('revision')
    .addColumn(...serial('rid'))
    .addColumn('resource', 'varchar(40)', (c) => c.notNull())
    .addColumn('record', 'integer', (c) => c.notNull())
    .addColumn('at', 'varchar(40)', (c) => c.notNull())
    .addColumn('actor_pid', 'integer')
    .addColumn('actor', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('revision_record').on('revision').columns(['resource', 'record', 'rid']).execute();
  await db.schema
    .createTable('trash')
    .addColumn(...serial('tid'))
    .addColumn('resource', 'varchar(40)', (c) => c.notNull())
    .addColumn('record', 'integer', (c) => c.notNull())
    .addColumn('at', 'varchar(40)', (c) => c.notNull())
    .addColumn('actor_pid', 'integer')
    .addColumn('actor', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trash_at').on('trash').column('at').execute();
  await db.schema
    .createTable('kept_file')
    .addColumn('holder', 'varchar(20)', (c) => c.notNull())
    .addColumn('holder_id', 'integer', (c) => c.notNull())
    .addColumn('bucket', 'varchar(20)', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(200)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('kept_file_key').on('kept_file').columns(['storage_key', 'bucket']).execute();
  await db.schema.createIndex('kept_file_holder').on('kept_file').columns(['holder', 'holder_id']).execute();
}

export async function down(db: Db): Promise<void> {
  for (const t of ['kept_file', 'trash', 'revision']) await db.schema.dropTable(t).ifExists().execute();
}
