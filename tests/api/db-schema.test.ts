import { sql, type TableMetadata } from 'kysely';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { defineResource, type ResourceDef } from '../../common/resource.ts';
import { resources, site } from '../../common/resources/index.ts';
import { createDatabase, type DB, migrate } from '../../server/db/database.ts';
import { type DerivedTable, derivedTable } from '../../server/db/declared-tables.ts';
import { type Column, type Kind, type TableName, tables } from '../../server/db/schema.ts';
import { registry } from '../../server/registry.ts';
import { type BareInstance, bareInstance, dialects } from '../helpers/app.ts';

// The schema declared once (server/db/schema.ts) is the schema the migrations make: on each database a
// freshly migrated instance has the same tables, the same columns, and each column the same kind,
// nullability and default (or generated id) as declared. A migration that adds, drops or changes a
// column without the declaration fails here. And every declared resource names a table and columns of it.

type Declared = Readonly<Record<string, Readonly<Record<string, Column>>>>;

/** What the database says of a column, in the declaration's terms. */
type Seen = { kind: Kind | 'other'; dataType: string; nullable: boolean; hasDefault: boolean; autoIncrementing: boolean; primaryKey: boolean };

const kindOf = (dataType: string): Seen['kind'] => (/int|serial/i.test(dataType) ? 'int' : /char|text/i.test(dataType) ? 'text' : 'other');

/** Every way the database's tables differ from the declaration, one line each (none: they agree). */
function differences(seen: Record<string, Record<string, Seen>>, declared: Declared, dialect: 'sqlite' | 'postgres'): string[] {
  const out: string[] = [];
  for (const t of Object.keys(seen)) if (!(t in declared)) out.push(`table ${t} is not declared`);
  for (const [t, columns] of Object.entries(declared)) {
    const cols = seen[t];
    if (!cols) {
      out.push(`table ${t} is declared but not made`);
      continue;
    }
    for (const c of Object.keys(cols)) if (!(c in columns)) out.push(`${t}.${c} is not declared`);
    for (const [c, want] of Object.entries(columns)) {
      const got = cols[c];
      if (!got) {
        out.push(`${t}.${c} is declared but not made`);
        continue;
      }
      // booleans are CHECKed integers on both databases
      const kind = want.kind === 'bool01' ? 'int' : want.kind;
      if (got.kind !== kind) out.push(`${t}.${c} is ${got.dataType}, declared ${want.kind}`);
      // SQLite lets a primary key other than INTEGER PRIMARY KEY hold NULL unless it says NOT NULL (a
      // quirk kept for compatibility) and reports none as NOT NULL; PostgreSQL says what it enforces
      const nullable = dialect === 'sqlite' && got.primaryKey ? false : got.nullable;
      if (nullable !== want.nullable) out.push(`${t}.${c} is ${nullable ? '' : 'not '}nullable, declared ${want.nullable ? '' : 'not '}nullable`);
      if (want.fill === 'serial' && !got.autoIncrementing) out.push(`${t}.${c} is not a generated id, declared one`);
      // SQLite calls any lone INTEGER PRIMARY KEY auto-incrementing (a rowid), AUTOINCREMENT or not: the
      // pinned ids of the one-row tables are too; PostgreSQL tells them apart
      if (dialect === 'postgres' && got.autoIncrementing && want.fill !== 'serial') out.push(`${t}.${c} is a generated id, not declared one`);
      const defaulted = got.hasDefault && !got.autoIncrementing;
      if (defaulted !== (want.fill === 'default'))
        out.push(`${t}.${c} ${defaulted ? 'has' : 'has no'} default, declared ${want.fill === 'default' ? 'with' : 'without'}`);
    }
  }
  return out;
}

/**
 * Kysely's introspection reads every schema of the PostgreSQL database; when another test file drops
 * its schema meanwhile, PostgreSQL answers that a schema or table does not exist, naming one not ours.
 */
async function retried<T>(work: () => Promise<T>, ownSchema: string): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (e) {
      const err = e as { code?: string; message?: string };
      const otherGone = (err.code === '3F000' || err.code === '42P01') && !String(err.message).includes(ownSchema);
      if (!otherGone || attempt >= 5) throw e;
    }
  }
}

async function primaryKeyOf(db: DB, table: string): Promise<Set<string>> {
  const r = await sql<{ name: string }>`select name from pragma_table_info(${table}) where pk > 0`.execute(db);
  return new Set(r.rows.map((c) => c.name));
}

async function seenTables(db: DB, dialect: 'sqlite' | 'postgres', schema: string): Promise<Record<string, Record<string, Seen>>> {
  const all: TableMetadata[] = await retried(() => db.introspection.getTables(), schema);
  const ours = all.filter((t) => !t.isView && (dialect === 'sqlite' || t.schema === schema));
  const out: Record<string, Record<string, Seen>> = {};
  for (const t of ours) {
    const primaryKey = dialect === 'sqlite' ? await primaryKeyOf(db, t.name) : new Set<string>();
    out[t.name] = Object.fromEntries(
      t.columns.map((c) => [
        c.name,
        {
          kind: kindOf(c.dataType),
          dataType: c.dataType,
          nullable: c.isNullable,
          hasDefault: c.hasDefaultValue,
          autoIncrementing: c.isAutoIncrementing,
          primaryKey: primaryKey.has(c.name),
        },
      ]),
    );
  }
  return out;
}

describe.each(dialects)('the declared schema and the migrations on %s', (dialect) => {
  let inst: BareInstance;
  let db: DB;
  let seen: Record<string, Record<string, Seen>>;
  beforeAll(async () => {
    inst = await bareInstance(dialect);
    db = createDatabase(inst.db);
    await retried(() => migrate(db, inst.db.pgSchema), inst.schema);
    seen = await seenTables(db, dialect, inst.schema);
  });
  afterAll(async () => {
    await db?.destroy();
    await inst?.close();
  });

  it('has the declared tables, columns, kinds, nullability and defaults', () => {
    expect(Object.keys(seen).length).toBeGreaterThan(0);
    expect(differences(seen, tables, dialect)).toEqual([]);
  });

  it('notices a column or a table the declaration lacks or has too many of, and a wrong declaration of one', () => {
    const { counters: _, ...withoutCounters } = tables;
    const wrong: Declared = {
      ...withoutCounters,
      person: { ...tables.person, nickname: { kind: 'text', nullable: false } },
      news: Object.fromEntries(Object.entries(tables.news).filter(([c]) => c !== 'emphasize')),
      media: { ...tables.media, width: { kind: 'text', nullable: true, fill: 'default' } },
      article: { ...tables.article, aid: { kind: 'int', nullable: false } },
      no_such_table: { id: { kind: 'int', nullable: false, fill: 'serial' } },
    };
    expect(differences(seen, wrong, dialect).sort()).toEqual(
      [
        'table counters is not declared',
        'person.nickname is declared but not made',
        'news.emphasize is not declared',
        `media.width is ${seen.media?.width?.dataType}, declared text`,
        'media.width is not nullable, declared nullable',
        'media.width has no default, declared with',
        ...(dialect === 'postgres' ? ['article.aid is a generated id, not declared one'] : []),
        'table no_such_table is declared but not made',
      ].sort(),
    );
  });
});

describe('the declared resources and the schema', () => {
  const declared: Declared = tables;
  const entries: { res: ResourceDef; hidden: readonly string[]; derived: readonly string[] }[] = [
    ...registry.map((r) => ({ res: r.crud.res, hidden: r.crud.hooks.hidden ?? [], derived: Object.keys(r.crud.res.derived ?? {}) })),
    { res: site, hidden: [], derived: [] },
  ];

  it('every registered resource has one', () => {
    expect(entries.map((e) => e.res.name).sort()).toEqual([...Object.keys(resources), 'site'].sort());
  });

  it.each(entries.map((e) => [e.res.name, e] as const))('%s names its table, and columns of it', (_, { res, hidden, derived }) => {
    const columns = declared[res.table];
    expect(columns, `table ${res.table}`).toBeDefined();
    const missing = (names: readonly string[]) => names.filter((n) => !(n in (columns ?? {})));
    const stored = Object.entries(res.fields).filter(([, def]) => def.kind !== 'password');
    expect(missing([res.id]), 'id').toEqual([]);
    expect(missing(stored.map(([n]) => n)), 'fields').toEqual([]);
    expect(missing(stored.flatMap(([, def]) => (def.numField ? [def.numField] : []))), 'numeric twins').toEqual([]);
    expect(missing(res.orderBy.map(([c]) => c)), 'order').toEqual([]);
    expect(missing(hidden), 'hidden columns').toEqual([]);
    // a bilingual column names a pair of fields, {key}_zh and {key}_en
    const listed = res.listColumns.flatMap((c) =>
      typeof c === 'string' ? [c] : c.bilingual ? [`${c.key}_zh`, `${c.key}_en`] : [c.key, ...(c.with ? [c.with] : [])],
    );
    expect(missing(listed.filter((c) => !derived.includes(c))), 'list columns').toEqual([]);
  });

  it('names only tables of the schema, as types too', () => {
    expectTypeOf<(typeof resources)[keyof typeof resources]['table'] | (typeof site)['table']>().toExtend<TableName>();
  });
});

// A new resource's columns are written in its declaration and its migration only;
// schema.ts derives its table (server/db/declared-tables.ts). Here a resource with a field of every stored kind,
// and its table made the way docs/adding-a-resource.md tells a migration to make one, agree on both databases.
const trophy = defineResource({
  name: 'trophy',
  label: { zh: '奖杯', en: 'Trophies' },
  table: 'trophy',
  id: 'tid',
  path: '/api/trophy/',
  fields: {
    title_zh: { kind: 'text', label: { zh: '名称', en: 'Title' }, required: true, max: 200 },
    title_en: { kind: 'text', label: { zh: '英文名称', en: 'English title' }, max: 200 },
    body: { kind: 'longtext', label: { zh: '介绍', en: 'About' }, max: 10_000 },
    link: { kind: 'url', label: { zh: '链接', en: 'Link' } },
    contact: { kind: 'email', label: { zh: '邮箱', en: 'E-mail' } },
    day: { kind: 'date', label: { zh: '日期', en: 'Date' }, required: true },
    at: { kind: 'time', label: { zh: '时间', en: 'Time' } },
    publish_at: { kind: 'instant', label: { zh: '发布时间', en: 'Publish at' } },
    release: { kind: 'bool', label: { zh: '发布', en: 'Released' }, default: false },
    year: { kind: 'int', label: { zh: '年份', en: 'Year' }, required: true, min: 1950, max: 2100 },
    // required with a default the server fills: no DEFAULT in the table, as the older tables
    posted: { kind: 'date', label: { zh: '发布日期', en: 'Posted' }, required: true, default: () => '2026-01-01' },
    places: { kind: 'int', label: { zh: '名额', en: 'Places' }, required: true, default: 1, min: 1, max: 100 },
    rank: { kind: 'int', label: { zh: '名次', en: 'Rank' }, min: 1, max: 100 },
    order: { kind: 'int', label: { zh: '排序', en: 'Order' }, default: 0 },
    level: {
      kind: 'enum',
      label: { zh: '级别', en: 'Level' },
      required: true,
      options: [{ value: 'national', num: 0, zh: '国家级', en: 'national' }],
      numField: 'level_num',
    },
    tags: { kind: 'list', label: { zh: '标签', en: 'Tags' }, max: 20 },
    picture: { kind: 'image', label: { zh: '图片', en: 'Picture' } },
    code: { kind: 'text', label: { zh: '编号', en: 'Number' }, max: 50, nullable: true },
    secret: { kind: 'password', label: { zh: '口令', en: 'Password' } },
  },
  access: { read: 'admin', create: 'admin', update: 'admin', delete: 'admin' },
  listColumns: ['tid'],
  orderBy: [['tid', 'desc']],
});

/** The trophy's migration, written as docs/adding-a-resource.md says. */
async function makeTrophy(db: DB, dialect: 'sqlite' | 'postgres') {
  const pg = dialect === 'postgres';
  await db.schema
    .createTable('trophy')
    .addColumn('tid', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('title_zh', 'varchar(200)', (c) => c.notNull())
    .addColumn('title_en', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('contact', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('at', 'varchar(5)', (c) => c.notNull().defaultTo(''))
    .addColumn('publish_at', 'varchar(40)')
    .addColumn('release', 'integer', (c) => c.notNull().defaultTo(0).check(sql`"release" IN (0, 1)`))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('posted', 'varchar(10)', (c) => c.notNull())
    .addColumn('places', 'integer', (c) => c.notNull())
    .addColumn('rank', 'integer')
    .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('level', 'varchar(20)', (c) => c.notNull().check(sql`"level" IN ('national')`))
    .addColumn('level_num', 'integer', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('picture', 'varchar(300)')
    .addColumn('code', 'varchar(50)')
    .execute();
}

describe.each(dialects)('a table derived from its declaration, on %s', (dialect) => {
  let inst: BareInstance;
  let db: DB;
  beforeAll(async () => {
    inst = await bareInstance(dialect);
    db = createDatabase(inst.db);
    await retried(() => migrate(db, inst.db.pgSchema), inst.schema);
    await makeTrophy(db, dialect);
  });
  afterAll(async () => {
    await db?.destroy();
    await inst?.close();
  });

  it('is the table its migration made: every stored kind, its id, an enum twin, and no password column', async () => {
    const seen = await seenTables(db, dialect, inst.schema);
    const derived = derivedTable(trophy);
    expect(Object.keys(derived)).not.toContain('secret');
    expect(differences({ trophy: seen.trophy ?? {} }, { trophy: derived }, dialect)).toEqual([]);
    // and a derivation that got one convention wrong is noticed
    const wrong = { ...derived, rank: { kind: 'int', nullable: false, fill: 'default' } } as const;
    expect(differences({ trophy: seen.trophy ?? {} }, { trophy: wrong }, dialect)).toEqual([
      'trophy.rank is nullable, declared not nullable',
      'trophy.rank has no default, declared with',
    ]);
  });

  it('gives the same columns as types, for Kysely', () => {
    type Trophy = DerivedTable<typeof trophy>;
    expectTypeOf<keyof Trophy>().toEqualTypeOf<
      | 'tid'
      | 'title_zh'
      | 'title_en'
      | 'body'
      | 'link'
      | 'contact'
      | 'day'
      | 'at'
      | 'publish_at'
      | 'release'
      | 'year'
      | 'posted'
      | 'places'
      | 'rank'
      | 'order'
      | 'level'
      | 'level_num'
      | 'tags'
      | 'picture'
      | 'code'
    >();
    expectTypeOf<Trophy['tid']>().toEqualTypeOf<{ readonly kind: 'int'; readonly nullable: false; readonly fill: 'serial' }>();
    expectTypeOf<Trophy['title_zh']>().toEqualTypeOf<{ readonly kind: 'text'; readonly nullable: false }>();
    expectTypeOf<Trophy['title_en']>().toEqualTypeOf<{ readonly kind: 'text'; readonly nullable: false; readonly fill: 'default' }>();
    expectTypeOf<Trophy['posted']>().toEqualTypeOf<{ readonly kind: 'text'; readonly nullable: false }>();
    expectTypeOf<Trophy['places']>().toEqualTypeOf<{ readonly kind: 'int'; readonly nullable: false }>();
    expectTypeOf<Trophy['rank']>().toEqualTypeOf<{ readonly kind: 'int'; readonly nullable: true }>();
    expectTypeOf<Trophy['order']>().toEqualTypeOf<{ readonly kind: 'int'; readonly nullable: false; readonly fill: 'default' }>();
    expectTypeOf<Trophy['level_num']>().toEqualTypeOf<{ readonly kind: 'int'; readonly nullable: false }>();
    expectTypeOf<Trophy['publish_at']>().toEqualTypeOf<{ readonly kind: 'text'; readonly nullable: true }>();
    expectTypeOf<Trophy['release']>().toEqualTypeOf<{ readonly kind: 'bool01'; readonly nullable: false; readonly fill: 'default' }>();
    expectTypeOf<'secret' extends keyof Trophy ? true : false>().toEqualTypeOf<false>();
  });
});
