import { type Kysely, sql } from 'kysely';

// The kinds of work a lab's bibliography holds beyond SPEC's paper, monograph and patent —
// doctoral and master's theses, software and web pages (types 4 to 7) — and the place of publication
// (BibTeX's address or location), and the title's words a .bib protects with braces (point 3). The checks of type and type_num list the allowed values, and SQLite
// cannot change a check in place: both columns are replaced (renamed, added with the new check, copied,
// dropped), as the month was in 2026-11-25-0002. Every stored record keeps its type.

type Db = Kysely<unknown>;

const before = ['paper', 'monograph', 'patent'];
const after = [...before, 'doctoral thesis', 'master thesis', 'software', 'webpage'];

/** A column replaced by one with another check (renamed, added, copied, dropped): neither database changes a check in place on SQLite. */
async function replaceColumn(db: Db, column: string, type: 'varchar(40)' | 'integer', empty: string | number, check: ReturnType<typeof sql.raw>) {
  const old = `${column}_before_26`;
  await db.schema.alterTable('publication').renameColumn(column, old).execute();
  await db.schema
    .alterTable('publication')
    .addColumn(column, sql.raw(type), (c) => c.notNull().defaultTo(empty).check(check))
    .execute();
  await sql`UPDATE publication SET ${sql.ref(column)} = ${sql.ref(old)}`.execute(db);
  await db.schema.alterTable('publication').dropColumn(old).execute();
}

async function replaceType(db: Db, values: string[]): Promise<void> {
  await replaceColumn(db, 'type', 'varchar(40)', 'paper', sql.raw(`"type" IN (${values.map((v) => `'${v}'`).join(', ')})`));
  await replaceColumn(db, 'type_num', 'integer', 1, sql.raw(`type_num BETWEEN 1 AND ${values.length}`));
}

export async function up(db: Db): Promise<void> {
  await replaceType(db, after);
  await db.schema
    .alterTable('publication')
    .addColumn('place', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('publication')
    .addColumn('title_protected', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Db): Promise<void> {
  // the new kinds have no place in SPEC's three: a thesis was stored as a monograph, the others as papers
  await sql`UPDATE publication SET type = 'monograph', type_num = 2 WHERE type IN ('doctoral thesis', 'master thesis')`.execute(db);
  await sql`UPDATE publication SET type = 'paper', type_num = 1 WHERE type IN ('software', 'webpage')`.execute(db);
  await replaceType(db, before);
  await db.schema.alterTable('publication').dropColumn('place').execute();
  await db.schema.alterTable('publication').dropColumn('title_protected').execute();
}
