import { type Kysely, sql } from 'kysely';

// The kinds of work citation styles tell apart (docs/decisions/074-publication-kinds.md): chapters,
// reports, standards, newspaper articles, archives, data sets, preprints and talks (types 8 to 15), and the
// fields they need: a number (a report's, a standard's, a patent's), a series, a patent's application date and a
// web page's access date. The checks of type and type_num are replaced as 2026-11-25-0010 replaced them.
// Stored records move to the kind their data tells: a patent's number was its venue; a paper in no journal
// or conference with editors is a chapter of their book; one on a preprint server, or a web page there, is a
// preprint; one whose venue says it is a technical report is a report.

type Db = Kysely<unknown>;

const before = ['paper', 'monograph', 'patent', 'doctoral thesis', 'master thesis', 'software', 'webpage'];
const after = [...before, 'chapter', 'report', 'standard', 'newspaper', 'archive', 'dataset', 'preprint', 'talk'];
/** Preprint servers as a venue or a web page's site is written (lower case). */
const servers = ['arxiv', 'corr', 'psyarxiv', 'biorxiv', 'medrxiv', 'ssrn', 'chemrxiv', 'socarxiv', 'osf preprints', 'research square', 'techrxiv'];
const sites = ['arxiv.org', 'osf.io', 'psyarxiv.com', 'biorxiv.org', 'medrxiv.org', 'ssrn.com', 'papers.ssrn.com'];
const list = (values: string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

async function replaceColumn(db: Db, column: string, type: 'varchar(40)' | 'integer', empty: string | number, check: ReturnType<typeof sql.raw>) {
  const old = `${column}_before_1201`;
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

const columns: [string, string][] = [
  ['number', 'varchar(100)'],
  ['series', 'varchar(300)'],
  ['filed', 'varchar(10)'],
  ['accessed', 'varchar(10)'],
];

export async function up(db: Db): Promise<void> {
  await replaceType(db, after);
  for (const [name, type] of columns)
    await db.schema
      .alterTable('publication')
      .addColumn(name, sql.raw(type), (c) => c.notNull().defaultTo(''))
      .execute();
  await sql`UPDATE publication SET number = substr(source, 1, 100) WHERE type = 'patent'`.execute(db);
  const other = sql`type = 'paper' AND venue_kind = 'other'`;
  await sql`UPDATE publication SET type = 'preprint', type_num = 14 WHERE ${other} AND lower(source) IN (${list(servers)})`.execute(db);
  await sql`UPDATE publication SET type = 'preprint', type_num = 14, venue_kind = 'other' WHERE type = 'webpage' AND lower(source) IN (${list(sites)})`.execute(
    db,
  );
  await sql`UPDATE publication SET type = 'chapter', type_num = 8 WHERE ${other} AND editors <> '[]' AND editors <> ''`.execute(db);
  await sql`UPDATE publication SET type = 'report', type_num = 9 WHERE ${other} AND (lower(source) LIKE '%technical report%' OR source LIKE '%技术报告%')`.execute(
    db,
  );
}

export async function down(db: Db): Promise<void> {
  await sql`UPDATE publication SET type = 'paper', type_num = 1, venue_kind = 'other' WHERE type_num > 7`.execute(db);
  await replaceType(db, before);
  for (const [name] of columns) await db.schema.alterTable('publication').dropColumn(name).execute();
}
