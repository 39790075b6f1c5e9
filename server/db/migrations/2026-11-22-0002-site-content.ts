import { type Kysely, sql } from 'kysely';

// Content SPEC §2 shows without naming a source: course and shared-task pages, the home page's
// carousels (images, annotation tools, open-source projects) and the site's own details (lab intro,
// footer, console title). Same conventions as the first migration: 0/1 booleans with a CHECK,
// enumerations as CHECKed text, empty strings rather than NULL for optional text.

type Db = Kysely<unknown>;

function isPg(db: Db): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

// Enumerations as they stood when this migration was written (a later change needs a new migration).
const pageSections = ['course', 'sharedtask'];
const showcaseKinds = ['carousel', 'tool', 'project'];

const oneOf = (column: string, values: string[]) => sql.raw(`"${column}" IN (${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`);

const bool = (name: string) => sql.raw(`"${name}" IN (0, 1)`);

export async function up(db: Db): Promise<void> {
  const id = (t: ReturnType<Db['schema']['createTable']>, name: string) =>
    t.addColumn(name, isPg(db) ? 'serial' : 'integer', (c) => (isPg(db) ? c.primaryKey() : c.primaryKey().autoIncrement()));

  await id(db.schema.createTable('site_page'), 'gid')
    .addColumn('section', 'varchar(20)', (c) => c.notNull().check(oneOf('section', pageSections)))
    .addColumn('slug', 'varchar(80)', (c) => c.notNull())
    .addColumn('title_zh', 'varchar(200)', (c) => c.notNull())
    .addColumn('title_en', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('summary_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('summary_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('markdown_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('markdown_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_url', 'varchar(300)')
    .addColumn('link', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('release', 'integer', (c) => c.notNull().defaultTo(1).check(bool('release')))
    .execute();
  // Unique (section, slug), compared without case: pages are found by slug regardless of case
  // (/curriculum/intro-to-ai), so two slugs differing only in case would make that ambiguous.
  await sql`CREATE UNIQUE INDEX site_page_section_slug ON site_page (section, lower(slug))`.execute(db);

  await id(db.schema.createTable('showcase'), 'cid')
    .addColumn('kind', 'varchar(20)', (c) => c.notNull().check(oneOf('kind', showcaseKinds)))
    .addColumn('title_zh', 'varchar(200)', (c) => c.notNull())
    .addColumn('title_en', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('description_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_url', 'varchar(300)')
    .addColumn('link', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('release', 'integer', (c) => c.notNull().defaultTo(1).check(bool('release')))
    .execute();

  // At most one row: the CHECK pins its id to 1.
  await db.schema
    .createTable('site_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('lab_name_zh', 'varchar(200)', (c) => c.notNull())
    .addColumn('lab_name_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('intro_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('intro_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('location_zh', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('location_en', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    .addColumn('qr_image_url', 'varchar(300)')
    .addColumn('filing_number', 'varchar(60)', (c) => c.notNull().defaultTo(''))
    .addColumn('console_title_zh', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('console_title_en', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const t of ['site_settings', 'showcase', 'site_page']) await db.schema.dropTable(t).ifExists().execute();
}
