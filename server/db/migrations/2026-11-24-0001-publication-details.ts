import { type Kysely, sql } from 'kysely';

// What a publication's own page, Google Scholar and a citation need beyond SPEC §3's fields: its
// DOI, abstract and keywords (a JSON list), and whether its venue is a conference or a journal (Scholar's
// citation_conference_title or citation_journal_title, BibTeX's @inproceedings or @article), and which
// member each author is (a JSON list beside the author list: a person's id, "none" or "auto"). All optional:
// old records and old clients keep working. Records already stored get their venue's kind from their type
// and the venue's name, which an editor may correct.

type Db = Kysely<unknown>;

const venueKinds = ['conference', 'journal', 'other'];
const oneOf = (column: string, values: string[]) => sql.raw(`"${column}" IN (${values.map((v) => `'${v}'`).join(', ')})`);

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('publication')
    .addColumn('doi', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('publication')
    .addColumn('abstract', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('publication')
    .addColumn('keywords', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('publication')
    .addColumn('author_members', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('publication')
    .addColumn('venue_kind', 'varchar(20)', (c) => c.notNull().defaultTo('conference').check(oneOf('venue_kind', venueKinds)))
    .execute();
  await sql`UPDATE publication SET venue_kind = 'journal' WHERE type_num = 1 AND (lower(source) LIKE '%journal%' OR lower(source) LIKE '%transactions%' OR source LIKE '%学报%')`.execute(
    db,
  );
  await sql`UPDATE publication SET venue_kind = 'other' WHERE type_num <> 1`.execute(db);
}

export async function down(db: Db): Promise<void> {
  for (const column of ['venue_kind', 'author_members', 'keywords', 'abstract', 'doi']) await db.schema.alterTable('publication').dropColumn(column).execute();
}
