import { sql, type TableMetadata } from 'kysely';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { ResourceDef } from '../../common/resource.ts';
import { resources, site } from '../../common/resources/index.ts';
import { createDatabase, type DB, migrate } from '../../server/db/database.ts';
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
