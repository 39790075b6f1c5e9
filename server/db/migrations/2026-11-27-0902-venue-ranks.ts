import type { Kysely } from 'kysely';

// Venue ranks (CCF, CORE; server/services/venue-rank.ts).
// - publication.venue_key: the editor's correction of the automatic match ('' automatic, 'none', a DBLP
//   key, an abbreviation or a name); the rank itself is not stored, so an updated list applies at once.
// - site_settings.venue_ranks: which systems the public pages show ('none', 'ccf', 'core', 'ccf,core').

type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('publication')
    .addColumn('venue_key', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('site_settings')
    .addColumn('venue_ranks', 'varchar(20)', (c) => c.notNull().defaultTo('none'))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('site_settings').dropColumn('venue_ranks').execute();
  await db.schema.alterTable('publication').dropColumn('venue_key').execute();
}
