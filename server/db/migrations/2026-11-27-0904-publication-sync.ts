import { type Kysely, sql } from 'kysely';

// Publications that keep themselves current (server/sync/). A member's ids at the
// scholarly indexes; what the indexes say of each stored publication (its OpenAlex work, citations,
// retraction, a DOI found for it, its preprint, its links' health) in a table of its own, so the
// publication's declared fields stay what people edit; the works a reader dismissed, never proposed again;
// and the claims that let one instance of several run a day's job. A site setting shows citation counts.

type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  for (const column of ['orcid', 'dblp', 'openalex'])
    await db.schema
      .alterTable('person')
      .addColumn(column, 'varchar(80)', (c) => c.notNull().defaultTo(''))
      .execute();
  await db.schema
    .alterTable('site_settings')
    .addColumn('show_citations', 'integer', (c) => c.notNull().defaultTo(0).check(sql`show_citations in (0, 1)`))
    .execute();
  await db.schema
    .createTable('publication_sync')
    // the publication's pid: no foreign key, as an award's publication (a deleted one's row is dropped by the job)
    .addColumn('pid', 'integer', (c) => c.primaryKey())
    .addColumn('openalex', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('cited_by_count', 'integer')
    .addColumn('cited_at', 'varchar(30)')
    .addColumn('retracted', 'integer', (c) => c.notNull().defaultTo(0).check(sql`retracted in (0, 1)`))
    .addColumn('doi_found', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('preprint_url', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    // JSON: each of link1–link3 answering 404, with the first time it did ({"link1": "2026-11-20T…"})
    .addColumn('broken_links', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .createTable('sync_dismissed')
    // openalex:W…, doi:10.… or title:{letters and digits}|{year}: what a proposal is known by
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('dismissed_by', 'integer')
    .addColumn('dismissed_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('job_claim')
    .addColumn('job', 'varchar(60)', (c) => c.notNull())
    .addColumn('period', 'varchar(20)', (c) => c.notNull())
    .addColumn('instance', 'varchar(80)', (c) => c.notNull())
    .addColumn('claimed_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_claim_pk', ['job', 'period'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('job_claim').ifExists().execute();
  await db.schema.dropTable('sync_dismissed').ifExists().execute();
  await db.schema.dropTable('publication_sync').ifExists().execute();
  await db.schema.alterTable('site_settings').dropColumn('show_citations').execute();
  for (const column of ['openalex', 'dblp', 'orcid']) await db.schema.alterTable('person').dropColumn(column).execute();
}
