import { type Kysely, sql } from 'kysely';

// Patents and software copyrights (common/resources/patent.ts, whose fields are these columns:
// server/db/declared-tables.ts), with the house's conventions (0/1 booleans and enums CHECKed, empty strings
// for optional text, dates as YYYY-MM-DD text, lists as JSON text). Publications of the type "patent" stay
// where they are (docs/decisions/045-people-fields-awards-and-patents.md).

type Db = Kysely<unknown>;

const isPg = (db: Db) => db.getExecutor().adapter.constructor.name.startsWith('Postgres');
// the kinds and statuses as they stood when this migration was written
const kinds = ['invention', 'utility model', 'software copyright'];
const statuses = ['filed', 'granted'];
const oneOf = (column: string, values: string[]) => sql.raw(`"${column}" IN (${values.map((v) => `'${v}'`).join(', ')})`);

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('patent')
    .addColumn('tid', isPg(db) ? 'serial' : 'integer', (c) => (isPg(db) ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull().defaultTo('invention').check(oneOf('kind', kinds)))
    .addColumn('number', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('title_zh', 'varchar(300)', (c) => c.notNull())
    .addColumn('title_en', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('inventors', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('filed').check(oneOf('status', statuses)))
    .addColumn('filed_on', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('granted_on', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    // the same work in the bibliography (a publication's id), or NULL; no foreign key, as an award's
    .addColumn('publication', 'integer')
    .addColumn('abstract_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('abstract_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('release', 'integer', (c) => c.notNull().defaultTo(1).check(sql.raw('"release" IN (0, 1)')))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('patent').ifExists().execute();
}
