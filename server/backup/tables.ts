import { sql } from 'kysely';
import { type DB, isPostgres } from '../db/database.ts';

// What a backup reads of a database's shape, the same way on SQLite and PostgreSQL: its tables (parents
// before the tables that point at them), their columns and primary keys, the counters behind their
// generated ids, and the last migration applied. Read from the database itself, so a table added by a
// later migration is backed up without a change here.

export type TableInfo = {
  name: string;
  columns: string[];
  primaryKey: string[];
  /** The generated id column (SQLite AUTOINCREMENT, PostgreSQL serial), if any. */
  serial: string | undefined;
};

/**
 * Tables a backup leaves out: the migrator's own, login counters that expire within the hour, and the
 * lab-wide searches for new papers (transient: a restored one would name a run no instance is doing).
 */
const LEFT_OUT = new Set(['kysely_migration', 'kysely_migration_lock', 'counters', 'sync_run']);

type Raw = { name: string; columns: string[]; primaryKey: string[]; serial: string | undefined; parents: string[] };

async function sqliteTables(db: DB): Promise<Raw[]> {
  const names = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  const out: Raw[] = [];
  for (const { name } of names.rows) {
    const cols = await sql<{ name: string; pk: number; type: string }>`select name, pk, type from pragma_table_info(${name}) order by cid`.execute(db);
    const fks = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${name})`.execute(db);
    const ddl = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${name}`.execute(db);
    const primaryKey = cols.rows
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    const autoincrement = /autoincrement/i.test(ddl.rows[0]?.sql ?? '');
    out.push({
      name,
      columns: cols.rows.map((c) => c.name),
      primaryKey,
      serial: autoincrement && primaryKey.length === 1 ? primaryKey[0] : undefined,
      parents: fks.rows.map((f) => f.table),
    });
  }
  return out;
}

async function postgresTables(db: DB): Promise<Raw[]> {
  const cols = await sql<{ table_name: string; column_name: string; column_default: string | null }>`
    select c.table_name, c.column_name, c.column_default from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' order by c.table_name, c.ordinal_position`.execute(db);
  const keys = await sql<{ table_name: string; column_name: string }>`
    select tc.table_name, kcu.column_name from information_schema.table_constraints tc
    join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
    where tc.table_schema = current_schema() and tc.constraint_type = 'PRIMARY KEY' order by kcu.ordinal_position`.execute(db);
  const fks = await sql<{ child: string; parent: string }>`
    select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent from pg_constraint c
    where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`.execute(db);
  const byName = new Map<string, Raw>();
  for (const c of cols.rows) {
    const t = byName.get(c.table_name) ?? { name: c.table_name, columns: [], primaryKey: [], serial: undefined, parents: [] };
    byName.set(c.table_name, t);
    t.columns.push(c.column_name);
    if (c.column_default?.startsWith('nextval(')) t.serial = c.column_name;
  }
  for (const k of keys.rows) byName.get(k.table_name)?.primaryKey.push(k.column_name);
  const bare = (n: string) => n.replace(/^.*\./, '').replace(/"/g, '');
  for (const f of fks.rows) byName.get(bare(f.child))?.parents.push(bare(f.parent));
  return [...byName.values()];
}

/** The tables a backup holds, each after the tables it points at. */
export async function tablesOf(db: DB): Promise<TableInfo[]> {
  const raw = (isPostgres(db) ? await postgresTables(db) : await sqliteTables(db)).filter((t) => !LEFT_OUT.has(t.name));
  raw.sort((a, b) => a.name.localeCompare(b.name));
  const byName = new Map(raw.map((t) => [t.name, t]));
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const place = (t: Raw, path: string[]) => {
    if (placed.has(t.name)) return;
    if (path.includes(t.name)) throw new Error(`tables point at each other in a cycle: ${[...path, t.name].join(' → ')}`);
    for (const p of t.parents) {
      const parent = byName.get(p);
      if (parent && p !== t.name) place(parent, [...path, t.name]);
    }
    placed.add(t.name);
    ordered.push({ name: t.name, columns: t.columns, primaryKey: t.primaryKey.length ? t.primaryKey : t.columns, serial: t.serial });
  };
  for (const t of raw) place(t, []);
  return ordered;
}

/** The last migration applied to this database (its schema version), or undefined for an empty one. */
export async function schemaVersion(db: DB): Promise<string | undefined> {
  try {
    const r = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
    return r.rows[0]?.name;
  } catch {
    return undefined;
  }
}

/** The last id handed out for each table with a generated id (ids of deleted rows are not handed out again). */
export async function readSequences(db: DB, tables: TableInfo[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  if (isPostgres(db)) {
    for (const t of tables) {
      if (!t.serial) continue;
      const seq = await sql<{ s: string | null }>`select pg_get_serial_sequence(${`"${t.name}"`}, ${t.serial}) as s`.execute(db);
      const name = seq.rows[0]?.s;
      if (!name) continue;
      const r = await sql<{ last_value: number; is_called: boolean }>`select last_value, is_called from ${sql.raw(name)}`.execute(db);
      const row = r.rows[0];
      // a counter never used is left out, as SQLite has no row for it
      if (row?.is_called) out[t.name] = Number(row.last_value);
    }
  } else {
    const r = await sql<{ name: string; seq: number }>`select name, seq from sqlite_sequence`
      .execute(db)
      .catch(() => ({ rows: [] as { name: string; seq: number }[] }));
    const serial = new Set(tables.filter((t) => t.serial).map((t) => t.name));
    for (const row of r.rows) if (serial.has(row.name)) out[row.name] = Number(row.seq);
  }
  return out;
}

/** Sets each generated-id counter past both the backup's counter and the highest id restored. */
export async function writeSequences(db: DB, tables: TableInfo[], sequences: Record<string, number>): Promise<void> {
  for (const t of tables) {
    if (!t.serial) continue;
    const top = await sql<{ m: number | null }>`select max(${sql.ref(t.serial)}) as m from ${sql.table(t.name)}`.execute(db);
    const last = Math.max(Number(top.rows[0]?.m ?? 0), sequences[t.name] ?? 0);
    if (isPostgres(db)) {
      // setval(…, 1, false): the next id is 1
      await sql`select setval(pg_get_serial_sequence(${`"${t.name}"`}, ${t.serial}), ${Math.max(last, 1)}, ${last > 0})`.execute(db);
    } else {
      await sql`delete from sqlite_sequence where name = ${t.name}`.execute(db);
      if (last > 0) await sql`insert into sqlite_sequence (name, seq) values (${t.name}, ${last})`.execute(db);
    }
  }
}
