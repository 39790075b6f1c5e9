import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, migrate } from '../../server/db/database.ts';

// Migrated templates (docs/testing.md): a test app starts from a copy of a database migrated once, not from
// the migrations (two dozen and growing) run again. SQLite: a file copied into each app's DATA_DIR. PostgreSQL: each app gets a
// database of its own, cloned from a template database (CREATE DATABASE … TEMPLATE), so no other suite's DDL
// is ever in its catalog. Both are named by a hash of the migrations: a schema change makes a new template.

export const PG_URL = process.env.PG_TEST_URL ?? 'postgres://root@127.0.0.1:5432/test';
/** The schema of every test database's tables (the connection's search_path, Kysely's bookkeeping too). */
export const TEST_SCHEMA = 'lab';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Every file the migrated schema follows from. */
function schemaSources(): string[] {
  const dir = path.join(root, 'server', 'db', 'migrations');
  return [...fs.readdirSync(dir).map((f) => path.join(dir, f)), path.join(root, 'server', 'db', 'database.ts')].sort();
}

const schemaHash = (() => {
  const h = createHash('sha256');
  for (const file of schemaSources()) h.update(path.basename(file)).update('\0').update(fs.readFileSync(file));
  return h.digest('hex').slice(0, 12);
})();

const token = () => randomBytes(6).toString('hex');

// ---------------------------------------------------------------------------------------------
// SQLite

const sqliteTemplate = path.join(os.tmpdir(), `lab-test-template-${schemaHash}.sqlite`);

/**
 * The migrated SQLite file, made once per schema: built aside and renamed into place, so workers that make it
 * at the same moment never see half a file (the last rename wins, and every copy is whole).
 */
async function migratedSqlite(): Promise<string> {
  if (fs.existsSync(sqliteTemplate)) return sqliteTemplate;
  const aside = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-test-template-'));
  try {
    const db = createDatabase({ dataDir: aside });
    await migrate(db);
    // closing the last connection checkpoints the WAL into the file and removes it
    await db.destroy();
    fs.renameSync(path.join(aside, 'lab.sqlite'), sqliteTemplate);
  } finally {
    fs.rmSync(aside, { recursive: true, force: true });
  }
  return sqliteTemplate;
}

/** A migrated SQLite database in `dataDir` (lab.sqlite, as createDatabase names it). */
export async function migratedSqliteInto(dataDir: string): Promise<void> {
  fs.copyFileSync(await migratedSqlite(), path.join(dataDir, 'lab.sqlite'));
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Runs statements on one database of the test server (the server's own `test` unless `database` names another). */
export async function onPostgres(statements: string | string[], database?: string): Promise<void> {
  const client = new pg.Client({ connectionString: database ? urlOf(database) : PG_URL });
  await client.connect();
  try {
    for (const s of [statements].flat()) await client.query(s);
  } finally {
    await client.end();
  }
}

/** The URL of a database of the test server. */
export function urlOf(database: string): string {
  const url = new URL(PG_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

const pgTemplate = `lab_tpl_${schemaHash}`;
let pgTemplateMade: Promise<void> | undefined;

/**
 * The migrated template database, made once per schema: migrated under a name of its own and renamed into
 * place, so two suites that make it at once keep one and drop the other. Templates of older schemas go.
 */
function migratedPostgres(): Promise<void> {
  pgTemplateMade ??= (async () => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      const have = await client.query('SELECT datname FROM pg_database WHERE datname LIKE $1', ['lab\\_tpl\\_%']);
      const names = have.rows.map((r: { datname: string }) => r.datname);
      if (names.includes(pgTemplate)) return;
      const aside = `${pgTemplate}_${token()}`;
      await client.query(`CREATE DATABASE ${q(aside)}`);
      try {
        await onPostgres(`CREATE SCHEMA ${TEST_SCHEMA}`, aside);
        const db = createDatabase({ dataDir: os.tmpdir(), databaseUrl: urlOf(aside), pgSchema: TEST_SCHEMA });
        try {
          await migrate(db, TEST_SCHEMA);
        } finally {
          await db.destroy();
        }
        await client.query(`ALTER DATABASE ${q(aside)} RENAME TO ${q(pgTemplate)}`);
      } catch (e) {
        await client.query(`DROP DATABASE IF EXISTS ${q(aside)} WITH (FORCE)`);
        // another suite renamed its own into place first: that one serves
        if ((e as { code?: string }).code !== '42P04') throw e;
      }
      // a template of an older schema is no use to anyone (nobody clones it but a suite of that schema,
      // which makes it again)
      for (const old of names)
        if (old !== pgTemplate && /^lab_tpl_[0-9a-f]{12}$/.test(old)) await client.query(`DROP DATABASE IF EXISTS ${q(old)} WITH (FORCE)`).catch(() => {});
    } finally {
      await client.end();
    }
  })().catch((e) => {
    pgTemplateMade = undefined;
    throw e;
  });
  return pgTemplateMade;
}

export type TestDatabase = { name: string; url: string; drop: () => Promise<void> };

/**
 * A PostgreSQL database of a test's own, its tables in schema `lab`: migrated (cloned from the template) or
 * empty (the schema only). Its name carries the time it was made, so a run that died leaves nothing for long.
 */
export async function testDatabase({ migrated }: { migrated: boolean }): Promise<TestDatabase> {
  const name = `lab_t_${Math.floor(Date.now() / 1000)}_${token()}`;
  if (migrated) {
    await migratedPostgres();
    try {
      await onPostgres(`CREATE DATABASE ${q(name)} TEMPLATE ${q(pgTemplate)}`);
    } catch (e) {
      // the template went (a suite of another schema dropped it): made again, once
      if ((e as { code?: string }).code !== '3D000') throw e;
      pgTemplateMade = undefined;
      await migratedPostgres();
      await onPostgres(`CREATE DATABASE ${q(name)} TEMPLATE ${q(pgTemplate)}`);
    }
  } else {
    await onPostgres(`CREATE DATABASE ${q(name)}`);
    await onPostgres(`CREATE SCHEMA ${TEST_SCHEMA}`, name);
  }
  return { name, url: urlOf(name), drop: () => dropDatabase(name) };
}

/**
 * Drops a test database. Without FORCE first: a pool that has just been ended has told its connections to go
 * but not waited for them, and PostgreSQL waits (up to 5 s) for them to leave; forced, they would be killed
 * mid-goodbye and their clients would throw "terminating connection due to administrator command" into
 * whatever test runs next. A connection a test left open is cut after that wait.
 */
export async function dropDatabase(name: string): Promise<void> {
  try {
    await onPostgres(`DROP DATABASE IF EXISTS ${q(name)}`);
  } catch (e) {
    if ((e as { code?: string }).code !== '55006') throw e;
    await onPostgres(`DROP DATABASE IF EXISTS ${q(name)} WITH (FORCE)`);
  }
}

/** Drops the test databases of runs that died more than six hours ago (a live run's are younger). */
export async function dropAbandonedDatabases(): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT datname FROM pg_database WHERE datname LIKE $1', ['lab\\_t\\_%']);
    const before = Date.now() / 1000 - 6 * 3600;
    for (const { datname } of rows as { datname: string }[]) {
      const made = Number(/^lab_t_(\d+)_/.exec(datname)?.[1]);
      if (made && made < before) await client.query(`DROP DATABASE IF EXISTS ${q(datname)} WITH (FORCE)`).catch(() => {});
    }
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// The demo lab, seeded once a run

/** This run's folder of seeded templates: made by the global set-up (tests/setup/global.ts), else one per process. */
function runFolder(): string {
  const given = process.env.LAB_TEST_RUN_DIR;
  if (given) return given;
  const own = path.join(os.tmpdir(), `lab-test-run-${process.pid}`);
  fs.mkdirSync(own, { recursive: true });
  return own;
}

/**
 * A DATA_DIR with the demo lab seeded (SQLite, files on the disk), with `password` for the demo administrator
 * and `advisor`'s class area when named: seeded once a run for each, and for each day and time zone the seed
 * runs in (it dates its records from today and writes through today's services, so a folder kept from an earlier
 * run could be stale). Built aside and
 * renamed into place, as the migrated templates are.
 */
export async function seededDemo(options: { password: string; advisor?: string | undefined }): Promise<string> {
  // the seed's day and time zone are part of what it writes (a test may stand the clock still at a moment)
  const clock = [new Date().toISOString().slice(0, 10), process.env.TZ ?? ''];
  const key = createHash('sha256')
    .update(JSON.stringify([options.password, options.advisor ?? null, clock]))
    .digest('hex')
    .slice(0, 12);
  const dir = path.join(runFolder(), `demo-${key}`);
  if (fs.existsSync(dir)) return dir;
  const aside = fs.mkdtempSync(path.join(runFolder(), 'demo-aside-'));
  try {
    const dataDir = path.join(aside, 'data');
    fs.mkdirSync(dataDir);
    await migratedSqliteInto(dataDir);
    const [{ seedDemo }, { createStorage }] = await Promise.all([import('../../cli/demo/seed.ts'), import('../../server/storage/storage.ts')]);
    const db = createDatabase({ dataDir });
    const storage = await createStorage({ dataDir, s3: undefined });
    try {
      await storage.init();
      await seedDemo(db, storage, options.password, { advisor: options.advisor });
    } finally {
      await storage.close();
      await db.destroy();
    }
    try {
      fs.renameSync(dataDir, dir);
    } catch (e) {
      // another worker put its own in place first: that one serves
      if (!fs.existsSync(dir)) throw e;
    }
  } finally {
    fs.rmSync(aside, { recursive: true, force: true });
  }
  return dir;
}
