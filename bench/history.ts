// `npm run bench -- history`: what history costs, measured in one process so the
// ratios compare like with like on a shared, noisy machine. On a fresh lab of BENCH_RECORDS (1,000)
// publications, on SQLite and, where it answers, on PostgreSQL (PG_TEST_URL, default the machine's):
//   - a save: one update through the publication service (its declaration keeps history) against the same
//     update through a service made from the same declaration without `history`, alternating in rounds,
//     the median of each; first with no versions kept, then with HISTORY_KEEP (50) versions of every record
//     (50,000 rows), where each save also drops the oldest version;
//   - a delete, which moves the record to the trash, against a delete without it;
//   - a save as the API takes it: PUT /api/publication/?pid= (multipart, with the session, validation and
//     the answer) on a server whose publications keep history against one whose do not, on the same database;
//   - a public read: the publication list /api/read_publication/ answers, with no versions and with 50,000.
// Target: a save with history within 1.5x of one without; public reads not slowed (a ratio of about 1).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { inputSchema } from '../common/resource.ts';
import { publication } from '../common/resources/publication.ts';
import { createDatabase, type DB, migrate } from '../server/db/database.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { registry } from '../server/registry.ts';
import { actorByUsername, login } from '../server/services/auth.ts';
import { ensureAdmin } from '../server/services/bootstrap.ts';
import type { Ctx } from '../server/services/context.ts';
import { createCrud } from '../server/services/crud.ts';
import { HISTORY_KEEP } from '../server/config.ts';
import { publications } from '../server/services/publications.ts';
import { DiskStorage } from '../server/storage/storage.ts';

const records = Number(process.env.BENCH_RECORDS ?? 1000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 400);
const pgUrl = process.env.PG_TEST_URL ?? 'postgres://root@127.0.0.1:5432/test';

/** The same declaration and rules, without history: the reference a save with history is compared with. */
const plain = createCrud({ ...publication, history: undefined }, publications.hooks);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};
const timed = async (f: () => Promise<unknown>) => {
  const t = performance.now();
  await f();
  return performance.now() - t;
};

async function seed(ctx: Ctx): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < records; i++) {
    const input = inputSchema(publication, 'create').parse({ title: `Paper ${i}`, author: '["A. Author", "B. Author"]', source: 'ACL', year: '2024' });
    ids.push(await plain.create(ctx, input));
  }
  return ids;
}

/** Versions of every record, as the service would have kept them: `per` each. */
async function fillVersions(db: DB, ids: number[], per: number) {
  const rows = await db.selectFrom('publication').selectAll().where('pid', 'in', ids).execute();
  for (const row of rows) {
    const data = JSON.stringify(row);
    const batch = Array.from({ length: per }, (_, k) => ({
      resource: 'publication',
      record: row.pid,
      at: new Date(Date.now() - (per - k) * 60_000).toISOString(),
      actor_pid: null,
      actor: 'labadmin',
      data,
    }));
    await db.insertInto('revision').values(batch).execute();
  }
}

/** Saves alternating with and without history, `rounds` of each, each on a record of its own turn. */
async function saves(ctx: Ctx, ids: number[], tag: string) {
  const withH: number[] = [];
  const without: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const id = ids[r % ids.length] as number;
    const input = { title: `Paper ${id}, ${tag} ${r}` };
    // the order alternates too, so neither side always runs second
    const a = () => timed(() => publications.update(ctx, id, input));
    const b = () => timed(() => plain.update(ctx, id, { title: `${input.title}'` }));
    if (r % 2) {
      withH.push(await a());
      without.push(await b());
    } else {
      without.push(await b());
      withH.push(await a());
    }
  }
  return { withH: median(withH), without: median(without) };
}

async function deletes(ctx: Ctx, n: number) {
  const created = await seedSome(ctx, 2 * n);
  const withH: number[] = [];
  const without: number[] = [];
  for (let i = 0; i < n; i++) {
    withH.push(await timed(() => publications.remove(ctx, created[2 * i] as number)));
    without.push(await timed(() => plain.remove(ctx, created[2 * i + 1] as number)));
  }
  return { withH: median(withH), without: median(without) };
}

async function seedSome(ctx: Ctx, n: number) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(await plain.create(ctx, inputSchema(publication, 'create').parse({ title: `Doomed ${i}`, author: '["A"]', source: 'ACL', year: '2024' })));
  }
  return ids;
}

async function reads(ctx: Ctx, n = 30) {
  const xs: number[] = [];
  for (let i = 0; i < n; i++) xs.push(await timed(() => publications.list({ ...ctx, actor: null })));
  return median(xs);
}

/** A multipart body of one field, as the console sends an edit. */
function multipart(fields: Record<string, string>) {
  const boundary = `----bench${randomBytes(6).toString('hex')}`;
  const body = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  return { payload: `${body}--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** PUTs through two servers on the same database, one whose publications keep history and one whose do not. */
async function apiSaves(db: DB, dataDir: string, ids: number[], schema?: string) {
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', LAB_API_ONLY: '1' });
  const withoutHistory = registry.map((r) => (r.crud.res.name === 'publication' ? { ...r, crud: plain } : r));
  const opts = { config, db, ...(schema ? { pgSchema: schema } : {}) };
  const [a, b] = [await buildApp(opts), await buildApp({ ...opts, resources: withoutHistory })];
  // after each write the search index re-reads every publication, with or without history (bench/search.ts
  // measures it): its work and garbage would fall on whichever save came next, so both indexes stop listening
  for (const app of [a, b]) {
    await app.lab.search.settled();
    app.lab.search.close();
  }
  try {
    const session = await login(db, 'labadmin', 'bench-admin-password');
    if (session.status !== 'success') throw new Error('the bench administrator could not log in');
    const put = async (app: typeof a, id: number, title: string) => {
      const { payload, headers } = multipart({ title });
      const t = performance.now();
      const r = await app.inject({
        method: 'PUT',
        url: `/api/publication/?pid=${id}`,
        payload,
        headers: { ...headers, authorization: `Token ${session.token}` },
      });
      const ms = performance.now() - t;
      if (r.statusCode !== 200) throw new Error(`PUT answered ${r.statusCode}: ${r.body}`);

      return ms;
    };
    const withH: number[] = [];
    const without: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const id = ids[r % ids.length] as number;
      if (r % 2) {
        withH.push(await put(a, id, `API ${r}`));
        without.push(await put(b, id, `API ${r}'`));
      } else {
        without.push(await put(b, id, `API ${r}'`));
        withH.push(await put(a, id, `API ${r}`));
      }
    }
    return { withH: median(withH), without: median(without) };
  } finally {
    await a.close();
    await b.close();
  }
}

async function run(label: string, db: DB, dataDir: string, schema?: string) {
  await migrate(db, schema);
  const storage = new DiskStorage(dataDir);
  await storage.init();
  try {
    await ensureAdmin(db, { adminUsername: 'labadmin', adminPassword: 'bench-admin-password' });
    const ctx: Ctx = { db, storage, actor: await actorByUsername(db, 'labadmin'), lang: 'en' };
    const ids = await seed(ctx);
    const read0 = await reads(ctx);
    const empty = await saves(ctx, ids, 'a');
    await db.deleteFrom('revision').execute();
    await fillVersions(db, ids, HISTORY_KEEP);
    const count = Number(
      (
        await db
          .selectFrom('revision')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );
    const full = await saves(ctx, ids, 'b');
    const api = await apiSaves(db, dataDir, ids, schema);
    const read1 = await reads(ctx);
    const del = await deletes(ctx, 100);
    const ms = (x: number) => `${x.toFixed(2)} ms`;
    console.log(`\n${label}: ${records} publications`);
    console.log('| measure | with history | without | ratio |');
    console.log('|---|---|---|---|');
    console.log(`| save, no versions kept | ${ms(empty.withH)} | ${ms(empty.without)} | ${(empty.withH / empty.without).toFixed(2)} |`);
    console.log(
      `| save, ${count.toLocaleString('en')} versions kept (${HISTORY_KEEP} a record) | ${ms(full.withH)} | ${ms(full.without)} | ${(full.withH / full.without).toFixed(2)} |`,
    );
    console.log(
      `| save through the API (PUT, ${count.toLocaleString('en')}+ versions kept) | ${ms(api.withH)} | ${ms(api.without)} | ${(api.withH / api.without).toFixed(2)} |`,
    );
    console.log(`| delete (to the trash) | ${ms(del.withH)} | ${ms(del.without)} | ${(del.withH / del.without).toFixed(2)} |`);
    console.log(
      `| public read of every publication | ${ms(read1)} (${count.toLocaleString('en')} versions) | ${ms(read0)} (none) | ${(read1 / read0).toFixed(2)} |`,
    );
  } finally {
    await storage.close();
  }
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-history-'));
  try {
    const lite = createDatabase({ dataDir: path.join(work, 'sqlite') });
    fs.mkdirSync(path.join(work, 'sqlite'), { recursive: true });
    try {
      await run('SQLite', lite, path.join(work, 'sqlite'));
    } finally {
      await lite.destroy();
    }
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    const admin = createDatabase({ dataDir: work, databaseUrl: pgUrl });
    try {
      await sql.raw(`CREATE SCHEMA ${schema}`).execute(admin);
    } catch {
      console.log(`\nPostgreSQL at ${pgUrl} did not answer: measured on SQLite only.`);
      await admin.destroy();
      return;
    }
    const pg = createDatabase({ dataDir: path.join(work, 'pg'), databaseUrl: pgUrl, pgSchema: schema });
    fs.mkdirSync(path.join(work, 'pg'), { recursive: true });
    try {
      await run('PostgreSQL', pg, path.join(work, 'pg'), schema);
    } finally {
      await pg.destroy();
      await sql.raw(`DROP SCHEMA ${schema} CASCADE`).execute(admin);
      await admin.destroy();
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
