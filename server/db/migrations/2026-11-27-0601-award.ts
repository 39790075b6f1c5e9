import { type Kysely, sql } from 'kysely';

// Awards (common/resources/award.ts, whose fields are these columns: server/db/declared-tables.ts).
// The house's conventions: 0/1 booleans with a CHECK, enums as CHECKed text, empty strings rather than NULL
// for optional text, lists as JSON text; the related publication is a publication's id or NULL (no foreign
// key: a publication deleted to the trash and restored keeps its id, and an award naming none shows none).

type Db = Kysely<unknown>;

const isPg = (db: Db) => db.getExecutor().adapter.constructor.name.startsWith('Postgres');
// the levels as they stood when this migration was written (a later change needs a new migration)
const levels = ['international', 'national', 'provincial', 'university', 'other'];
const oneOf = (column: string, values: string[]) => sql.raw(`"${column}" IN (${values.map((v) => `'${v}'`).join(', ')})`);

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('award')
    .addColumn('wid', isPg(db) ? 'serial' : 'integer', (c) => (isPg(db) ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('title_zh', 'varchar(200)', (c) => c.notNull())
    .addColumn('title_en', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('level', 'varchar(20)', (c) => c.notNull().defaultTo('national').check(oneOf('level', levels)))
    .addColumn('issuer_zh', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('issuer_en', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('recipients', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('publication', 'integer')
    .addColumn('certificate', 'varchar(300)')
    .addColumn('description_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('release', 'integer', (c) => c.notNull().defaultTo(1).check(sql.raw('"release" IN (0, 1)')))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('award').ifExists().execute();
}
