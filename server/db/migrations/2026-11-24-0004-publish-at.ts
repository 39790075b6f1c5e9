import { type Kysely, sql } from 'kysely';

// Drafts and scheduling. Articles, news and seminars get `publish_at` (a moment as
// UTC ISO 8601 text, 'YYYY-MM-DDTHH:MM:SS.sssZ', whose text order is time order; NULL: at once), and
// seminars a `release` switch like the others', 1 by default so that every stored seminar stays public.

type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  for (const table of ['article', 'news', 'seminar']) {
    await db.schema.alterTable(table).addColumn('publish_at', 'varchar(40)').execute();
  }
  await db.schema
    .alterTable('seminar')
    .addColumn('release', 'integer', (c) => c.notNull().defaultTo(1).check(sql`"release" IN (0, 1)`))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('seminar').dropColumn('release').execute();
  for (const table of ['article', 'news', 'seminar']) await db.schema.alterTable(table).dropColumn('publish_at').execute();
}
