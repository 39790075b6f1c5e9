import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type AppOptions, buildApp } from '../../server/app.ts';
import { loadConfig, s3Config } from '../../server/config.ts';
import type { Kysely } from 'kysely';
import { createDatabase, type DatabaseOptions } from '../../server/db/database.ts';
import { createStorage, type Storage } from '../../server/storage/storage.ts';
import { testStorageEnv } from './s3.ts';
import { dropDatabase, migratedSqliteInto, onPostgres, PG_URL, TEST_SCHEMA, testDatabase, urlOf } from './templates.ts';

// Test apps on real databases: a migrated SQLite file, or a migrated PostgreSQL database, of each app's own
// (copied from the templates of tests/helpers/templates.ts). PostgreSQL is PG_TEST_URL (default the machine's
// 127.0.0.1:5432/test). Where it cannot be reached its suites are skipped with the reason printed, except under
// CI, where that is a failure.

export type Dialect = 'sqlite' | 'postgres';

export { PG_URL };

async function postgresReachable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (e) {
    return (e as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
}

const pgProblem = await postgresReachable();
if (pgProblem) {
  if (process.env.CI) throw new Error(`PostgreSQL at ${PG_URL} is required under CI: ${pgProblem}`);
  console.warn(`[tests] PostgreSQL suites skipped: ${PG_URL} unreachable (${pgProblem})`);
}

/** The dialects this run covers: SQLite always, PostgreSQL when reachable (always under CI). */
export const dialects: Dialect[] = pgProblem ? ['sqlite'] : ['sqlite', 'postgres'];

export type TestApp = { app: FastifyInstance; dataDir: string; close: () => Promise<void> };

/** What a test's app serves besides the registry's defaults, and what it does to the migrated database first (a test's own migration). */
export type AppSetup = Pick<AppOptions, 'resources' | 'logger'> & { prepare?: (db: Kysely<unknown>) => Promise<void> };

/**
 * Kysely's migrator lists the tables of every schema of its database; where two instances share a database
 * and another test drops its schema there at that moment, PostgreSQL answers "schema t_… does not exist"
 * (3F000) or "relation t_….revision does not exist" (42P01) for a schema that is not ours. Only then is the
 * build tried again. (The apps and bare instances here each have a database of their own, where that cannot
 * happen; the suites that put two instances on the shared one use this.)
 */
export async function buildWithRetry(build: () => Promise<FastifyInstance>, ownSchema: string): Promise<FastifyInstance> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await build();
    } catch (e) {
      const err = e as { code?: string; message?: string };
      const otherSchemaGone = (err.code === '3F000' || err.code === '42P01') && !String(err.message).includes(ownSchema);
      if (!otherSchemaGone || attempt >= 5) throw e;
    }
  }
}

/** A fresh folder with DATA_DIR two levels inside it, so tests can check that nothing lands above it. */
function scratchDataDir(prefix: string): { scratch: string; dataDir: string } {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const dataDir = path.join(scratch, 'app', 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  return { scratch, dataDir };
}

/**
 * An app on a migrated database of its own (a copy of the template): the administrator `admin`, the advisor
 * account's name `advisor0`, no public index or registry asked.
 */
export async function makeApp(dialect: Dialect, env: Record<string, string> = {}, options: AppSetup = {}): Promise<TestApp> {
  const { scratch, dataDir } = scratchDataDir('lab-test-');
  const database = dialect === 'postgres' ? await testDatabase({ migrated: true }) : undefined;
  if (!database) await migratedSqliteInto(dataDir);
  const { prepare, ...appOptions } = options;
  if (prepare) {
    const db = createDatabase({ dataDir, ...(database ? { databaseUrl: database.url, pgSchema: TEST_SCHEMA } : {}) });
    try {
      // a migration sees the database untyped, as the server's migrator gives it
      await prepare(db as unknown as Kysely<unknown>);
    } finally {
      await db.destroy();
    }
  }
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      LAB_ADMIN_USERNAME: 'admin',
      LAB_ADMIN_PASSWORD: 'admin-password',
      ADVISOR_USERNAME: 'advisor0',
      LOGIN_RATE_LIMIT: '1000',
      // a read right after a write sees it: on busy test machines a render may take longer than the
      // 300 ms a reader waits in production before taking the previous version (tests/e2e/page-cache.test.ts)
      CACHE_PATIENCE_MS: '15000',
      // API suites need no page build; the page tests (tests/e2e) start the built server
      LAB_API_ONLY: '1',
      ...(database ? { DATABASE_URL: database.url } : {}),
      // the scholarly indexes and DOI registries: nowhere (a closed loopback port, refused at once) unless a
      // test gives its loopback server, so no suite ever asks the public ones
      ...Object.fromEntries(['CROSSREF_URL', 'DATACITE_URL', 'OPENALEX_URL', 'ORCID_URL', 'DBLP_URL'].map((k) => [k, 'http://127.0.0.1:9'])),
      // LAB_TEST_STORAGE=s3: the files in a bucket of the test S3 server (tests/helpers/s3.ts)
      ...(await testStorageEnv()),
      ...env,
    }),
  };
  let app: FastifyInstance;
  try {
    app = await buildApp({ config, ...appOptions, ...(database ? { pgSchema: TEST_SCHEMA } : {}) });
  } catch (e) {
    await database?.drop();
    fs.rmSync(scratch, { recursive: true, force: true });
    throw e;
  }
  return {
    app,
    dataDir,
    async close() {
      await app.close();
      await database?.drop();
      fs.rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/** An instance no server has started on: a fresh DATA_DIR and, for PostgreSQL, an empty database of its own. */
export type BareInstance = {
  dialect: Dialect;
  dataDir: string;
  db: DatabaseOptions;
  storage: Storage;
  /** The variables of its storage: a bucket's (S3_*) or none (the disk). */
  storageEnv: Record<string, string>;
  /** The PostgreSQL schema of its tables (unused on SQLite). */
  schema: string;
  close: () => Promise<void>;
};

/** An instance; its files on the disk, in a bucket (`storageEnv`: S3_* variables), or as LAB_TEST_STORAGE says. */
export async function bareInstance(dialect: Dialect, storageEnv?: Record<string, string>): Promise<BareInstance> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bare-'));
  const dataDir = path.join(scratch, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  const database = dialect === 'postgres' ? await testDatabase({ migrated: false }) : undefined;
  const env = storageEnv ?? (await testStorageEnv());
  const storage = await createStorage({ dataDir, s3: s3Config(env) });
  await storage.init();
  return {
    dialect,
    dataDir,
    db: { dataDir, ...(database ? { databaseUrl: database.url, pgSchema: TEST_SCHEMA } : {}) },
    storage,
    storageEnv: env,
    schema: TEST_SCHEMA,
    async close() {
      await storage.close();
      await database?.drop();
      fs.rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/** The instance's app, with the test settings of makeApp. */
export function appOn(instance: BareInstance, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig({
    DATA_DIR: instance.dataDir,
    LOGIN_RATE_LIMIT: '1000',
    CACHE_PATIENCE_MS: '15000',
    LAB_API_ONLY: '1',
    ...(instance.db.databaseUrl ? { DATABASE_URL: instance.db.databaseUrl } : {}),
    ...instance.storageEnv,
    ...env,
  });
  return buildApp({ config, ...(instance.db.pgSchema ? { pgSchema: instance.db.pgSchema } : {}) });
}

/** A PostgreSQL database of its own, for processes started with only a DATABASE_URL (no schema option). */
export async function freshPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `lab_t_${Math.floor(Date.now() / 1000)}_${randomBytes(6).toString('hex')}`;
  await onPostgres(`CREATE DATABASE ${name}`);
  return { url: urlOf(name), drop: () => dropDatabase(name) };
}
