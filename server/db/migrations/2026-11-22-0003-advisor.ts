import { type Kysely, sql } from 'kysely';

// The class-advisor area (SPEC §2 advisor, §3 "Advisor reminder data"): the advisor's settings and
// stored cookie, the leave/return counts they enter, the reminders they record, the reports imported
// from the reporting system's export, and the name lists of the checker. One advisor per site
// (ADVISOR_USERNAME), so the settings are one row. Same conventions as the earlier migrations.

type Db = Kysely<unknown>;

// Enumerations as they stood when this migration was written (a later change needs a new migration).
const moveKinds = ['lixiao', 'fanxiao'];
const nameLists = ['class', 'branch', 'probationary', 'disadvantaged'];

const oneOf = (column: string, values: string[]) => sql.raw(`"${column}" IN (${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`);

const bool = (name: string) => sql.raw(`"${name}" IN (0, 1)`);
const notNegative = (name: string) => sql.raw(`"${name}" >= 0`);

export async function up(db: Db): Promise<void> {
  // At most one row: the CHECK pins its id to 1.
  await db.schema
    .createTable('advisor_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('cookie', 'text', (c) => c.notNull().defaultTo(''))
    // 1 once the data source refused the cookie or timed out; a new cookie or a good answer clears it
    .addColumn('refresh_cookie', 'integer', (c) => c.notNull().defaultTo(0).check(bool('refresh_cookie')))
    .addColumn('selfdez', 'integer', (c) => c.notNull().defaultTo(0).check(notNegative('selfdez')))
    .addColumn('selfdyz', 'integer', (c) => c.notNull().defaultTo(0).check(notNegative('selfdyz')))
    .addColumn('xwzs', 'integer', (c) => c.notNull().defaultTo(0).check(notNegative('xwzs')))
    .execute();

  await db.schema
    .createTable('advisor_move')
    .addColumn('kind', 'varchar(10)', (c) => c.notNull().check(oneOf('kind', moveKinds)))
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().check(notNegative('count')))
    .addPrimaryKeyConstraint('advisor_move_pk', ['kind', 'date'])
    .execute();

  // One row per person reminded on a date: recording the same day twice counts once.
  await db.schema
    .createTable('advisor_remind')
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('xgh', 'varchar(40)', (c) => c.notNull())
    .addColumn('realname', 'varchar(50)', (c) => c.notNull())
    .addPrimaryKeyConstraint('advisor_remind_pk', ['date', 'xgh'])
    .execute();
  await db.schema.createIndex('advisor_remind_xgh').on('advisor_remind').column('xgh').execute();

  await db.schema
    .createTable('advisor_report')
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('xgh', 'varchar(40)', (c) => c.notNull())
    .addColumn('realname', 'varchar(50)', (c) => c.notNull())
    .addColumn('reported', 'integer', (c) => c.notNull().check(bool('reported')))
    .addColumn('uptime', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('abnormal', 'integer', (c) => c.notNull().defaultTo(0).check(bool('abnormal')))
    .addColumn('doses', 'integer', (c) => c.notNull().defaultTo(0).check(sql`doses BETWEEN 0 AND 3`))
    .addPrimaryKeyConstraint('advisor_report_pk', ['date', 'xgh'])
    .execute();

  await db.schema
    .createTable('advisor_name')
    .addColumn('list', 'varchar(20)', (c) => c.notNull().check(oneOf('list', nameLists)))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addPrimaryKeyConstraint('advisor_name_pk', ['list', 'position'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const t of ['advisor_name', 'advisor_report', 'advisor_remind', 'advisor_move', 'advisor_settings']) await db.schema.dropTable(t).ifExists().execute();
}
