import { type Kysely, sql } from 'kysely';

// The advisor's earlier name lists (docs/advisor.md "Earlier versions"): each time a list is replaced (a
// paste saved, an import confirmed, a version restored) the list it replaces is kept here, its names as a
// JSON array, so a wrong import can be undone. The newest few per list are kept (server/services/advisor.ts).

type Db = Kysely<unknown>;
const isPg = (db: Db) => db.getExecutor().adapter.constructor.name.startsWith('Postgres');

// As they stood when this migration was written (a later change needs a new migration).
const nameLists = ['class', 'branch', 'probationary', 'disadvantaged'];
const reasons = ['save', 'import', 'restore'];
const oneOf = (column: string, values: string[]) => sql.raw(`"${column}" IN (${values.map((v) => `'${v}'`).join(', ')})`);

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('advisor_name_version')
    .addColumn('id', isPg(db) ? 'serial' : 'integer', (c) => (isPg(db) ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('list', 'varchar(20)', (c) => c.notNull().check(oneOf('list', nameLists)))
    // when it was replaced (ISO 8601), and by what
    .addColumn('at', 'varchar(40)', (c) => c.notNull())
    .addColumn('reason', 'varchar(10)', (c) => c.notNull().check(oneOf('reason', reasons)))
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('names', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('advisor_name_version_list').on('advisor_name_version').columns(['list', 'id']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('advisor_name_version').ifExists().execute();
}
