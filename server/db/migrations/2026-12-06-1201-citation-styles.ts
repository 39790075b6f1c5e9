import type { Kysely } from 'kysely';

// Citation styles (docs/decisions/078-citation-styles.md):
// - csl_style: an administrator's own CSL styles, the file as uploaded (bounded, checked: server/services/csl/custom-styles.ts)
// - site_settings.cite_styles: the styles the Cite box offers, in order, comma-separated ids ('' is the default: GB/T and APA)

type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('csl_style')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('xml', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('site_settings')
    .addColumn('cite_styles', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('site_settings').dropColumn('cite_styles').execute();
  await db.schema.dropTable('csl_style').execute();
}
