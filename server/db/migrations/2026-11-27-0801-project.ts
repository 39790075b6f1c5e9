import { type Kysely, sql } from 'kysely';

// Research projects (common/resources/project.ts, whose fields are these columns:
// server/db/declared-tables.ts). The house's conventions: 0/1 booleans with a CHECK, enums as CHECKed text,
// empty strings rather than NULL for optional text, lists as JSON text (the people, the acknowledging
// publications' ids: no foreign key, as an award's publication); an open end year and an unknown amount are NULL.

type Db = Kysely<unknown>;

const isPg = (db: Db) => db.getExecutor().adapter.constructor.name.startsWith('Postgres');
// the values as they stood when this migration was written (a later change needs a new migration)
const levels = ['national', 'provincial', 'industry', 'international', 'other'];
const roles = ['lead', 'partner'];
const oneOf = (column: string, values: string[]) => sql.raw(`"${column}" IN (${values.map((v) => `'${v}'`).join(', ')})`);

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('project')
    .addColumn('jid', isPg(db) ? 'serial' : 'integer', (c) => (isPg(db) ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('title_zh', 'varchar(300)', (c) => c.notNull())
    .addColumn('title_en', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('funder_zh', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('funder_en', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('programme_zh', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('programme_en', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('level', 'varchar(20)', (c) => c.notNull().defaultTo('national').check(oneOf('level', levels)))
    .addColumn('grant_number', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('role', 'varchar(20)', (c) => c.notNull().defaultTo('lead').check(oneOf('role', roles)))
    .addColumn('pi', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('members', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('start_year', 'integer', (c) => c.notNull())
    .addColumn('end_year', 'integer')
    .addColumn('amount', 'integer')
    .addColumn('abstract_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('abstract_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('publications', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('release', 'integer', (c) => c.notNull().defaultTo(1).check(sql.raw('"release" IN (0, 1)')))
    .execute();
  // the public list's order
  await db.schema.createIndex('project_start').on('project').columns(['start_year', 'jid']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('project').ifExists().execute();
}
