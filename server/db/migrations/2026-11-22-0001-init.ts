import { type Kysely, sql } from 'kysely';

// The first schema: every entity of SPEC §3. Booleans are 0/1 integers with a CHECK (the same on
// SQLite and PostgreSQL); lists are JSON text; instants are ISO 8601 text; login times Unix seconds.

type Db = Kysely<unknown>;

function isPg(db: Db): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

function idType(db: Db) {
  return isPg(db) ? 'serial' : 'integer';
}

// Enumerations as they stood when this migration was written (a later change needs a new migration).
const personTypes = [
  'professor',
  'associate professor',
  'young researcher',
  'young associate researcher',
  'postdoc',
  'PhD',
  'master',
  'undergraduate',
  'former member',
  'other',
];
const areas = [
  'none',
  'social computing',
  'knowledge modeling and privacy computing',
  'human-computer interaction and embodied learning',
  'multimodal and machine learning',
  'computational argumentation',
  'smart healthcare',
  'graph models',
  'agents',
  'social simulation',
];
const articleTypes = ['seminar notice', 'report summary', 'lab hot topic', 'paper reading', 'technical tutorial'];
const publicationTypes = ['paper', 'monograph', 'patent'];

const oneOf = (column: string, values: string[]) => sql.raw(`"${column}" IN (${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`);

const bool = (name: string) => sql.raw(`"${name}" IN (0, 1)`);

export async function up(db: Db): Promise<void> {
  const id = (t: ReturnType<Db['schema']['createTable']>, name: string) =>
    t.addColumn(name, idType(db), (c) => (isPg(db) ? c.primaryKey() : c.primaryKey().autoIncrement()));

  await id(db.schema.createTable('person'), 'pid')
    .addColumn('uid', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('username', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('name_zh', 'varchar(100)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(100)', (c) => c.notNull())
    .addColumn('description_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'varchar(40)', (c) => c.notNull().check(oneOf('type', personTypes)))
    .addColumn('type_num', 'integer', (c) => c.notNull().check(sql`type_num BETWEEN 1 AND 8`))
    .addColumn('area', 'varchar(80)', (c) => c.notNull().defaultTo('none').check(oneOf('area', areas)))
    .addColumn('area_num', 'integer', (c) => c.notNull().defaultTo(0).check(sql`area_num BETWEEN 0 AND 9`))
    .addColumn('entrance', 'integer')
    .addColumn('authority', 'varchar(10)', (c) => c.notNull().defaultTo('user').check(sql`authority IN ('admin', 'user')`))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1).check(bool('status')))
    .addColumn('portrait_url', 'varchar(300)')
    .addColumn('link', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('link_type', 'integer', (c) => c.notNull().defaultTo(0).check(sql`link_type BETWEEN 0 AND 3`))
    .addColumn('link1', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link3', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('location_zh', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('location_en', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0).check(bool('must_change_password')))
    .execute();

  await db.schema
    .createTable('session')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('person_pid', 'integer', (c) => c.notNull().references('person.pid').onDelete('cascade'))
    .addColumn('login_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('session_person').on('session').column('person_pid').execute();

  await id(db.schema.createTable('article'), 'aid')
    .addColumn('slug', 'varchar(80)', (c) => c.unique())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('abstract', 'text', (c) => c.notNull())
    .addColumn('image_url', 'varchar(300)')
    .addColumn('type', 'varchar(40)', (c) => c.notNull().check(oneOf('type', articleTypes)))
    .addColumn('type_num', 'integer', (c) => c.notNull().check(sql`type_num BETWEEN 1 AND 5`))
    .addColumn('authors', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('authors_index', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('editors', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('markdown', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('release', 'integer', (c) => c.notNull().defaultTo(0).check(bool('release')))
    .addColumn('time1', 'varchar(40)', (c) => c.notNull())
    .addColumn('time2', 'varchar(40)', (c) => c.notNull())
    .addColumn('time3', 'varchar(40)')
    .addColumn('created_by', 'integer', (c) => c.references('person.pid').onDelete('set null'))
    .execute();

  await id(db.schema.createTable('news'), 'nid')
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('abstract', 'varchar(1000)', (c) => c.notNull())
    .addColumn('release', 'integer', (c) => c.notNull().defaultTo(0).check(bool('release')))
    .addColumn('emphasize', 'integer', (c) => c.notNull().defaultTo(0).check(bool('emphasize')))
    .addColumn('content_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content_en', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  let seminar = id(db.schema.createTable('seminar'), 'sid');
  for (const f of ['title', 'abstract', 'speaker', 'ins', 'des', 'host', 'host_ins']) {
    const kind = f === 'abstract' || f === 'des' ? 'text' : 'varchar(300)';
    for (const lang of ['zh', 'en']) seminar = seminar.addColumn(`${f}_${lang}`, kind, (c) => c.notNull().defaultTo(''));
  }
  await seminar
    .addColumn('image_url', 'varchar(300)')
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('start', 'varchar(5)', (c) => c.notNull().defaultTo('14:00'))
    .addColumn('end', 'varchar(5)', (c) => c.notNull().defaultTo('15:30'))
    .addColumn('room_type', 'varchar(40)', (c) => c.notNull().defaultTo('Tencent meeting').check(sql`room_type IN ('Tencent meeting', 'Zoom meeting')`))
    .addColumn('room_id', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('room_pw', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('live_link', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .execute();

  let pub = id(db.schema.createTable('publication'), 'pid')
    .addColumn('type', 'varchar(40)', (c) => c.notNull().check(oneOf('type', publicationTypes)))
    .addColumn('type_num', 'integer', (c) => c.notNull().check(sql`type_num BETWEEN 1 AND 3`))
    .addColumn('area', 'varchar(80)', (c) => c.notNull().check(oneOf('area', areas)))
    .addColumn('area_num', 'integer', (c) => c.notNull().check(sql`area_num BETWEEN 0 AND 9`))
    .addColumn('title', 'varchar(500)', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull().defaultTo(1).check(sql`month BETWEEN 1 AND 12`))
    .addColumn('source', 'varchar(300)', (c) => c.notNull())
    .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('person.pid').onDelete('set null'));
  for (const n of [1, 2, 3]) {
    pub = pub.addColumn(`file${n}`, 'varchar(255)', (c) => c.notNull().defaultTo('')).addColumn(`file${n}_key`, 'varchar(100)');
  }
  for (const n of [1, 2, 3, 4]) pub = pub.addColumn(`link${n}`, 'varchar(2000)', (c) => c.notNull().defaultTo(''));
  await pub.execute();

  await id(db.schema.createTable('info_page'), 'iid')
    .addColumn('aspect', 'varchar(100)', (c) => c.notNull())
    .addColumn('markdown', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await id(db.schema.createTable('data_file'), 'did')
    .addColumn('filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('size', 'bigint', (c) => c.notNull().check(sql`size >= 0`))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('owner', 'varchar(40)', (c) => c.notNull())
    .addColumn('person_pid', 'integer', (c) => c.references('person.pid').onDelete('set null'))
    .addColumn('uid', 'varchar(40)', (c) => c.notNull())
    .addColumn('username', 'varchar(40)', (c) => c.notNull())
    .addColumn('name_zh', 'varchar(100)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('data_file_owner').on('data_file').column('owner').execute();

  await id(db.schema.createTable('image'), 'iid')
    .addColumn('filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('size', 'bigint', (c) => c.notNull().check(sql`size >= 0`))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('person_pid', 'integer', (c) => c.notNull().references('person.pid').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('image_person').on('image').column('person_pid').execute();

  await db.schema
    .createTable('schedule')
    .addColumn('person_pid', 'integer', (c) => c.notNull().references('person.pid').onDelete('cascade'))
    .addColumn('term', 'varchar(20)', (c) => c.notNull())
    .addColumn('occupy', 'text', (c) => c.notNull().defaultTo('[]'))
    .addPrimaryKeyConstraint('schedule_pk', ['person_pid', 'term'])
    .execute();

  // Uploaded images that entities point at (cover, speaker photo, portrait): one row per stored file.
  await db.schema
    .createTable('media')
    .addColumn('storage_key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const t of ['media', 'schedule', 'image', 'data_file', 'info_page', 'publication', 'seminar', 'news', 'article', 'session', 'person']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
