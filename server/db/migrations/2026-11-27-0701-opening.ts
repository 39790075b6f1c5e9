import { type Kysely, sql } from 'kysely';

// Openings (common/resources/opening.ts), the positions and admissions of /join. The
// house's conventions: 0/1 booleans with a CHECK, the kind as CHECKed text, empty strings rather than NULL
// for optional text; the deadline is a moment as UTC ISO 8601 text (common/instant.ts), NULL for none.

type Db = Kysely<unknown>;

const isPg = (db: Db) => db.getExecutor().adapter.constructor.name.startsWith('Postgres');

// the kinds as they stood when this migration was written (a later change needs a new migration)
const kinds = ['PhD', 'Master', 'Postdoc', 'Research assistant', 'Intern'];

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('opening')
    .addColumn('oid', isPg(db) ? 'serial' : 'integer', (c) => (isPg(db) ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('kind', 'varchar(40)', (c) => c.notNull().check(sql.raw(`"kind" IN (${kinds.map((k) => `'${k}'`).join(', ')})`)))
    .addColumn('title_zh', 'varchar(200)', (c) => c.notNull())
    .addColumn('title_en', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('description_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('apply_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('apply_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('posted', 'varchar(10)', (c) => c.notNull())
    .addColumn('deadline', 'varchar(40)')
    .addColumn('release', 'integer', (c) => c.notNull().defaultTo(0).check(sql`"release" IN (0, 1)`))
    .execute();
  // the public list's order and the publish timer's look for the next deadline
  await db.schema.createIndex('opening_posted').on('opening').columns(['posted', 'oid']).execute();
  await db.schema.createIndex('opening_deadline').on('opening').column('deadline').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('opening').ifExists().execute();
}
