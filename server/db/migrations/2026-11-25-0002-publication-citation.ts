import { type Kysely, sql } from 'kysely';

// What a citation needs beyond the venue and the year: volume, issue, pages, publisher, the
// editors (of a book or proceedings), edition and ISBN; each author's and editor's name parts as the BibTeX
// parser read them (a JSON object per name, beside the names as displayed); and a month that may be unknown
// (NULL) where every record had one, January by default. Old records keep their month: one imported with an
// invented January cannot be told from a real one (docs/decisions/026-real-bibliographies.md). The month
// column is replaced (renamed, added, copied, dropped) because SQLite cannot drop a NOT NULL in place.

type Db = Kysely<unknown>;

const texts: [string, string, string][] = [
  ['author_parts', 'text', '[]'],
  ['volume', 'varchar(50)', ''],
  ['issue', 'varchar(50)', ''],
  ['pages', 'varchar(50)', ''],
  ['publisher', 'varchar(300)', ''],
  ['editors', 'text', '[]'],
  ['editor_parts', 'text', '[]'],
  ['edition', 'varchar(50)', ''],
  ['isbn', 'varchar(50)', ''],
];

export async function up(db: Db): Promise<void> {
  for (const [column, type, empty] of texts) {
    await db.schema
      .alterTable('publication')
      .addColumn(column, sql.raw(type), (c) => c.notNull().defaultTo(empty))
      .execute();
  }
  await db.schema.alterTable('publication').renameColumn('month', 'month_before_26').execute();
  await db.schema
    .alterTable('publication')
    .addColumn('month', 'integer', (c) => c.check(sql`month IS NULL OR month BETWEEN 1 AND 12`))
    .execute();
  await sql`UPDATE publication SET month = month_before_26`.execute(db);
  await db.schema.alterTable('publication').dropColumn('month_before_26').execute();
}

export async function down(db: Db): Promise<void> {
  await sql`UPDATE publication SET month = 1 WHERE month IS NULL`.execute(db);
  for (const [column] of texts) await db.schema.alterTable('publication').dropColumn(column).execute();
}
