import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import pg from 'pg';
import { foldAccents } from './fold.ts';
import * as init from './migrations/2026-11-22-0001-init.ts';
import * as siteContent from './migrations/2026-11-22-0002-site-content.ts';
import * as advisor from './migrations/2026-11-22-0003-advisor.ts';
import * as counters from './migrations/2026-11-23-0001-counters.ts';
import * as publicationDetails from './migrations/2026-11-24-0001-publication-details.ts';
import * as activity from './migrations/2026-11-24-0002-activity.ts';
import * as history from './migrations/2026-11-24-0003-history.ts';
import * as publishAt from './migrations/2026-11-24-0004-publish-at.ts';
import * as invitations from './migrations/2026-11-25-0001-invitations.ts';
import * as publicationCitation from './migrations/2026-11-25-0002-publication-citation.ts';
import * as publicationKinds from './migrations/2026-11-25-0010-publication-kinds.ts';
import * as twoFactor from './migrations/2026-11-27-0201-two-factor.ts';
import * as passwordReset from './migrations/2026-11-27-0301-password-reset.ts';
import * as publishNotice from './migrations/2026-11-27-0302-publish-notice.ts';
import * as externalLogin from './migrations/2026-11-27-0401-external-login.ts';
import * as award from './migrations/2026-11-27-0601-award.ts';
import * as patent from './migrations/2026-11-27-0602-patent.ts';
import * as opening from './migrations/2026-11-27-0701-opening.ts';
import * as project from './migrations/2026-11-27-0801-project.ts';
import * as venueRanks from './migrations/2026-11-27-0902-venue-ranks.ts';
import * as publicationSync from './migrations/2026-11-27-0904-publication-sync.ts';
import * as syncRuns from './migrations/2026-11-27-1601-sync-runs.ts';
import * as externalLink from './migrations/2026-11-28-0101-external-link.ts';
import * as advisorNameVersions from './migrations/2026-12-06-0001-advisor-name-versions.ts';
import * as alumni from './migrations/2026-12-06-0101-alumni.ts';
import * as activityRecordName from './migrations/2026-12-06-0102-activity-record-name.ts';
import * as imageSize from './migrations/2026-12-06-1101-image-size.ts';
import * as citationStyles from './migrations/2026-12-06-1201-citation-styles.ts';
import * as plainText from './migrations/2026-12-06-1201-plain-text.ts';
import * as publicationKindsCited from './migrations/2026-12-06-1201-publication-kinds-cited.ts';
import type { Database } from './schema.ts';

// PostgreSQL returns bigint (int8) columns as strings by default; sizes and login times fit a double.
pg.types.setTypeParser(20, (v) => Number(v));

/** The database, typed by the tables of the migrations (schema.ts). */
export type DB = Kysely<Database>;

export type DatabaseOptions = { dataDir: string; databaseUrl?: string | undefined; pgSchema?: string };

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

export function createDatabase(opts: DatabaseOptions): DB {
  if (isPostgresUrl(opts.databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    const db: DB = new Kysely({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    return db;
  }
  if (opts.databaseUrl) throw new Error('DATABASE_URL must start with postgres:// (leave it unset for SQLite)');
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = new SQLite(path.join(opts.dataDir, 'lab.sqlite'));
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  // the list filter's accent folding (server/db/fold.ts; PostgreSQL's is translate())
  file.function('lab_fold', { deterministic: true }, (v: unknown) => (typeof v === 'string' ? foldAccents(v) : v));
  return new Kysely({ dialect: new SqliteDialect({ database: withStatementCache(file) }) });
}

/** How many prepared SQLite statements are kept for reuse (a statement per distinct SQL text). */
const STATEMENTS_KEPT = 500;

/**
 * The SQLite file with its statements prepared once and reused (least recently used go first): Kysely
 * prepares every query anew, and SQLite's parsing and planning is a good part of a short query's time.
 * Safe here because better-sqlite3 runs one statement at a time and nothing streams (a statement being
 * iterated could not be reused meanwhile); SQLite prepares a kept statement again itself after a schema change.
 */
function withStatementCache(file: SQLite.Database) {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => file.close(),
    prepare(sql: string) {
      let stmt = kept.get(sql);
      if (stmt) kept.delete(sql);
      else {
        stmt = file.prepare(sql);
        if (kept.size >= STATEMENTS_KEPT) kept.delete(kept.keys().next().value as string);
      }
      kept.set(sql, stmt);
      return stmt;
    },
  };
}

/** The connection pool of each PostgreSQL database made here, for /metrics (server/ops/plugin.ts). */
const pools = new WeakMap<DB, pg.Pool>();

/** Connections of a PostgreSQL database's pool: open, idle, and requests waiting for one; none for SQLite. */
export function poolOf(db: DB): { total: number; idle: number; waiting: number; max: number } | undefined {
  const pool = pools.get(db);
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 };
}

export function isPostgres(db: DB): boolean {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres');
}

// Migrations are listed here, in order, so a build needs no file-system scan.
export const migrations: Record<string, Migration> = {
  '2026-11-22-0001-init': init,
  '2026-11-22-0002-site-content': siteContent,
  '2026-11-22-0003-advisor': advisor,
  '2026-11-23-0001-counters': counters,
  '2026-11-24-0001-publication-details': publicationDetails,
  '2026-11-24-0002-activity': activity,
  '2026-11-24-0003-history': history,
  '2026-11-24-0004-publish-at': publishAt,
  '2026-11-25-0001-invitations': invitations,
  '2026-11-25-0002-publication-citation': publicationCitation,
  '2026-11-25-0010-publication-kinds': publicationKinds,
  '2026-11-27-0201-two-factor': twoFactor,
  '2026-11-27-0301-password-reset': passwordReset,
  '2026-11-27-0302-publish-notice': publishNotice,
  '2026-11-27-0401-external-login': externalLogin,
  '2026-11-27-0601-award': award,
  '2026-11-27-0602-patent': patent,
  '2026-11-27-0701-opening': opening,
  '2026-11-27-0801-project': project,
  '2026-11-27-0902-venue-ranks': venueRanks,
  '2026-11-27-0904-publication-sync': publicationSync,
  '2026-11-27-1601-sync-runs': syncRuns,
  '2026-11-28-0101-external-link': externalLink,
  '2026-12-06-0001-advisor-name-versions': advisorNameVersions,
  '2026-12-06-0101-alumni': alumni,
  '2026-12-06-0102-activity-record-name': activityRecordName,
  '2026-12-06-1101-image-size': imageSize,
  '2026-12-06-1201-citation-styles': citationStyles,
  '2026-12-06-1201-plain-text': plainText,
  '2026-12-06-1201-publication-kinds-cited': publicationKindsCited,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The migrations this database has not had yet, and whether it had any before (an upgrade, not a new instance). */
export async function pendingMigrations(db: DB, schema?: string): Promise<{ pending: string[]; upgrade: boolean }> {
  const all = await new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) }).getMigrations();
  const pending = all.filter((m) => !m.executedAt).map((m) => m.name);
  return { pending, upgrade: pending.length > 0 && pending.length < all.length };
}

/**
 * Applies every migration. With a PostgreSQL schema (pgSchema), Kysely's own bookkeeping tables are
 * looked for and kept in that schema too; otherwise its check would find another schema's tables.
 */
export async function migrate(db: DB, schema?: string): Promise<void> {
  const { error, results } = await new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) }).migrateToLatest();
  for (const r of results ?? []) if (r.status === 'Error') throw new Error(`migration ${r.migrationName} failed`);
  if (error) throw error;
}
