import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase, migrate } from '../../server/db/database.ts';
import { bareInstance, dialects, makeApp, PG_URL } from '../helpers/app.ts';

// Suites that share one PostgreSQL server never break each other (docs/testing.md): each test app and bare
// instance has a database of its own, so Kysely's migrator, which lists the tables of every schema of its
// database, never meets another suite's DDL. Before, every app was a schema of the one `test` database, and a
// suite creating or dropping tables at that moment failed another's start ("column "owner" of relation
// "data_file" does not exist" inside the migrator's introspection).

const root = path.resolve(import.meta.dirname, '..', '..');

/** Another suite's DDL on the shared database, without pause, until `stop` resolves. */
async function churn(stop: Promise<void>): Promise<number> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  let rounds = 0;
  try {
    while (!stopped) {
      const s = `churn_${randomBytes(4).toString('hex')}`;
      await client.query(`CREATE SCHEMA ${s}`);
      await client.query(`CREATE TABLE ${s}.data_file (id integer)`);
      await client.query(`ALTER TABLE ${s}.data_file ADD COLUMN owner text`);
      await client.query(`CREATE TABLE ${s}.person (id integer, name text)`);
      await client.query(`DROP SCHEMA ${s} CASCADE`);
      rounds++;
    }
  } finally {
    await client.end();
  }
  return rounds;
}

/** `npx vitest run <args>` as a process of its own: its exit code and the tail of its output. */
function vitest(args: string[]): Promise<{ code: number | null; out: string }> {
  const proc = spawn(process.execPath, [path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...args], {
    cwd: root,
    env: { ...process.env, FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.setEncoding('utf8').on('data', (d: string) => {
    out = (out + d).slice(-4000);
  });
  proc.stderr.setEncoding('utf8').on('data', (d: string) => {
    out = (out + d).slice(-4000);
  });
  return new Promise((resolve) => proc.once('close', (code) => resolve({ code, out })));
}

describe.skipIf(!dialects.includes('postgres'))('suites on one PostgreSQL server at once', () => {
  it('test apps start and bare instances migrate while another suite creates, alters and drops tables', async () => {
    let release = () => {};
    const stop = new Promise<void>((r) => {
      release = r;
    });
    const churning = churn(stop);
    try {
      for (let round = 0; round < 3; round++) {
        const apps = await Promise.all([makeApp('postgres'), makeApp('postgres')]);
        for (const t of apps) expect((await t.app.inject({ method: 'GET', url: '/api/read_site/' })).statusCode).toBe(200);
        await Promise.all(apps.map((t) => t.close()));
        const inst = await bareInstance('postgres');
        const db = createDatabase(inst.db);
        try {
          await migrate(db, inst.db.pgSchema);
        } finally {
          await db.destroy();
          await inst.close();
        }
      }
    } finally {
      release();
    }
    expect(await churning).toBeGreaterThan(0);
  }, 120_000);

  it('two runs of a suite at once both pass', async () => {
    const file = 'tests/api/db-schema.test.ts';
    const [one, two] = await Promise.all([vitest(['--project', 'api', file]), vitest(['--project', 'api', file])]);
    expect(one.code, one.out).toBe(0);
    expect(two.code, two.out).toBe(0);
  }, 240_000);
});
