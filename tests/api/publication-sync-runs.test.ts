import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { buildWithRetry, dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { Client, loginAs } from '../helpers/client.ts';
import { fakeOpenAlex, type FakeOpenAlex, syncEnv, work } from '../helpers/openalex.ts';
import { expiredClient, newMember } from '../fixtures/world.ts';
import { proposeNewWorks } from '../../server/sync/job.ts';

// The lab-wide "Find new papers" as a run in the background, against a loopback OpenAlex.
// Started, it answers at once and is polled to its end, whose preview is the synchronous call's; one run at a
// time for the site; a slow index shows the members done advancing; a failing index fails the run with its
// message in the reader's language and nothing changed; a run whose instance went silent is failed and
// another starts; a second instance on the same PostgreSQL answers the polling; only members may.

type Run = { id: string; state: 'running' | 'done' | 'failed'; done: number; total: number; works: number; error?: string; result?: unknown };

const AUTHORS = ['A5000000101', 'A5000000102', 'A5000000103', 'A5000000104'];

/** A work each of the members' OpenAlex author ids lists. */
const works = () =>
  AUTHORS.map((a, i) =>
    work(`90${i}`, {
      authorships: [
        {
          author_position: 'first',
          author: { id: `https://openalex.org/${a}`, display_name: `Member ${a}`, orcid: null },
          institutions: [],
          raw_author_name: a,
        },
      ],
    }),
  );

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function start(c: Client): Promise<Run> {
  const r = await c.json('POST', '/api/publication/sync/runs/', {});
  expect(r.statusCode, r.body).toBe(202);
  return r.json();
}

async function poll(c: Client, id: string): Promise<Run> {
  const r = await c.get(`/api/publication/sync/runs/${id}/`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

/** Polls until the run is no longer running; every answer seen, in order. */
async function untilOver(c: Client, id: string, every = 150, limit = 30_000): Promise<Run[]> {
  const seen: Run[] = [];
  const end = Date.now() + limit;
  while (Date.now() < end) {
    const run = await poll(c, id);
    seen.push(run);
    if (run.state !== 'running') return seen;
    await sleep(every);
  }
  throw new Error(`run ${id} still running after ${limit} ms`);
}

const count = async (t: TestApp, table: 'publication' | 'sync_dismissed' | 'publication_sync' | 'person' | 'sync_run') =>
  Number(
    (
      await t.app.lab.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n,
  );

describe.each(dialects)('the lab-wide search as a run in the background on %s', (dialect) => {
  let oa: FakeOpenAlex;
  let t: TestApp;
  let admin: Client;

  beforeAll(async () => {
    oa = await fakeOpenAlex();
    t = await makeApp(dialect, syncEnv(oa.url, { SYNC_TIMEOUT_MS: '10000', SYNC_RETRIES: '0' }));
    admin = await loginAs(t.app, 'admin', 'admin-password');
    for (const a of AUTHORS) {
      const m = await newMember(admin);
      expect((await m.send('PUT', `/api/people/?uid=${m.uid}`, { openalex: a })).statusCode).toBe(200);
    }
    oa.works = works();
  });
  afterAll(async () => {
    await t?.close();
    await oa?.close();
  });
  beforeEach(() => {
    oa.mode = 'ok';
    oa.delayMs = 0;
    admin.lang = 'en';
  });

  it('answers at once, is polled to its end, and its preview is the synchronous one in each language', async () => {
    const none = await admin.get('/api/publication/sync/runs/latest/');
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toBeNull();
    const run = await start(admin);
    expect(run).toMatchObject({ state: 'running', done: 0, total: AUTHORS.length, started_by: expect.any(Number) });
    expect(run.id).toMatch(/^[0-9a-f]{24}$/);
    const seen = await untilOver(admin, run.id);
    const over = seen.at(-1) as Run;
    expect(over).toMatchObject({ state: 'done', done: AUTHORS.length, total: AUTHORS.length, works: AUTHORS.length });
    const sync = await admin.json('POST', '/api/publication/sync/preview/', {});
    expect(sync.statusCode, sync.body).toBe(200);
    expect(over.result).toEqual(sync.json());
    expect((over.result as { proposals: unknown[] }).proposals).toHaveLength(AUTHORS.length);
    admin.lang = 'zh';
    const zh = await poll(admin, run.id);
    expect(zh.result).toEqual((await admin.json('POST', '/api/publication/sync/preview/', {})).json());
    // the latest run, for a screen opened again
    expect((await admin.get('/api/publication/sync/runs/latest/')).json()).toMatchObject({ id: run.id, state: 'done' });
  });

  it('starts one run at a time: a second start while it runs answers the same run', async () => {
    oa.delayMs = 300;
    const [a, b] = await Promise.all([start(admin), start(admin)]);
    expect(b.id).toBe(a.id);
    const c = await start(admin);
    expect(c.id).toBe(a.id);
    expect((await untilOver(admin, a.id)).at(-1)?.state).toBe('done');
    // once over, a start is a new run
    oa.delayMs = 0;
    const d = await start(admin);
    expect(d.id).not.toBe(a.id);
    expect((await untilOver(admin, d.id)).at(-1)?.state).toBe('done');
  });

  it('shows the members done advancing while a slow index answers', async () => {
    oa.delayMs = 900;
    const run = await start(admin);
    const seen = await untilOver(admin, run.id, 200);
    const dones = seen.map((r) => r.done);
    // between none and all: progress seen while it ran, never going back
    expect(
      dones.some((d) => d > 0 && d < AUTHORS.length),
      JSON.stringify(dones),
    ).toBe(true);
    expect(dones).toEqual([...dones].sort((x, y) => x - y));
    expect(seen.at(-1)).toMatchObject({ state: 'done', done: AUTHORS.length });
  });

  it.each([
    ['error', 'OpenAlex answered an error (HTTP 500); nothing was changed, try again later', 'OpenAlex 返回了错误（HTTP 500），未做任何更改，请稍后再试'],
    ['malformed', 'OpenAlex answered JSON not of the expected shape; nothing was changed', 'OpenAlex 的应答不是预期格式的 JSON，未做任何更改'],
  ] as const)('an OpenAlex answering %s fails the run with its message in the reader language, nothing changed', async (mode, en, zh) => {
    const before = await Promise.all((['publication', 'sync_dismissed', 'publication_sync', 'person'] as const).map((x) => count(t, x)));
    oa.mode = mode;
    const run = await start(admin);
    const over = (await untilOver(admin, run.id)).at(-1) as Run;
    expect(over).toMatchObject({ state: 'failed', error: en });
    expect(over.result).toBeUndefined();
    admin.lang = 'zh';
    expect(await poll(admin, run.id)).toMatchObject({ state: 'failed', error: zh });
    // the synchronous call says the same
    expect((await admin.json('POST', '/api/publication/sync/preview/', {})).json()).toEqual({ detail: zh });
    expect(await Promise.all((['publication', 'sync_dismissed', 'publication_sync', 'person'] as const).map((x) => count(t, x)))).toEqual(before);
  });

  it('fails a run whose instance went silent, and lets another start', async () => {
    oa.delayMs = 2500;
    const lost = await start(admin);
    // no sign of life for eleven minutes: its instance died
    await t.app.lab.db
      .updateTable('sync_run')
      .set({ updated_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where('id', '=', lost.id)
      .execute();
    expect(await poll(admin, lost.id)).toMatchObject({
      state: 'failed',
      error: 'the search stopped (the server instance running it stopped answering); nothing was changed, start it again',
    });
    oa.delayMs = 0;
    const next = await start(admin);
    expect(next.id).not.toBe(lost.id);
    expect((await untilOver(admin, next.id)).at(-1)?.state).toBe('done');
    // the silent one's own end, when it comes, does not bring it back
    await sleep(3000);
    expect((await poll(admin, lost.id)).state).toBe('failed');
    expect((await admin.get('/api/publication/sync/runs/latest/')).json()).toMatchObject({ id: next.id, state: 'done' });
  });

  it('keeps the latest few finished runs', async () => {
    for (let i = 0; i < 7; i++) await untilOver(admin, (await start(admin)).id, 50);
    expect(await count(t, 'sync_run')).toBeLessThanOrEqual(6);
  });

  it('the daily job searches too: its proposals wait in the console, less what was added or dismissed since', async () => {
    // what the job does after the day's citations, on the instance that ran them (server/sync/job.ts)
    const daily = await proposeNewWorks(t.app);
    expect(daily).toMatchObject({ started_by: null });
    const over = (await untilOver(admin, daily.id)).at(-1) as Run & { result: { proposals: { work: string; record: Record<string, unknown> }[] } };
    expect(over.state).toBe('done');
    expect(over.result.proposals).toHaveLength(AUTHORS.length);
    const latest = async () => (await admin.get('/api/publication/sync/runs/latest/')).json() as typeof over;
    expect((await latest()).id).toBe(daily.id);
    // one accepted and one dismissed meanwhile: the run shown later proposes neither again, numbered anew
    const [first, second] = over.result.proposals;
    const before = await count(t, 'publication');
    const accepted = await admin.json('POST', '/api/publication/sync/accept/', { entries: [{ work: first?.work, record: first?.record, area: 'none' }] });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await count(t, 'publication')).toBe(before + 1);
    const dismissed = await admin.json('POST', '/api/publication/sync/dismiss/', { entries: [{ work: second?.work, title: 'x' }] });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    const now = await latest();
    expect(now.result.proposals.map((p) => p.work)).toEqual(over.result.proposals.slice(2).map((p) => p.work));
    expect(now.result.proposals.map((p) => (p as { index?: number }).index)).toEqual([1, 2]);
    admin.lang = 'zh';
    expect((await poll(admin, daily.id)).result).toMatchObject({ proposals: now.result.proposals.map((p) => ({ work: p.work })) });
  });

  it('lets only those who may add publications start or read a run', async () => {
    const anonymous = new Client(t.app);
    expect((await anonymous.json('POST', '/api/publication/sync/runs/', {})).statusCode).toBe(401);
    const run = await start(admin);
    expect((await anonymous.get(`/api/publication/sync/runs/${run.id}/`)).statusCode).toBe(401);
    expect((await anonymous.get('/api/publication/sync/runs/latest/')).statusCode).toBe(401);
    const expired = await expiredClient(t.app, (await newMember(admin)).pid);
    expect((await expired.json('POST', '/api/publication/sync/runs/', {})).statusCode).toBe(401);
    // the same access as the synchronous preview's
    const accessOf = (method: string, url: string) => t.app.routeAccess.find((r) => r.method === method && r.url === url)?.access;
    const preview = accessOf('POST', '/api/publication/sync/preview/');
    expect(preview).toBe('member');
    expect([
      accessOf('POST', '/api/publication/sync/runs/'),
      accessOf('GET', '/api/publication/sync/runs/:id/'),
      accessOf('GET', '/api/publication/sync/runs/latest/'),
    ]).toEqual([preview, preview, preview]);
    expect((await admin.get('/api/publication/sync/runs/0123456789abcdef01234567/')).statusCode).toBe(404);
    expect((await admin.get('/api/publication/sync/runs/nope/')).statusCode).toBe(400);
    await untilOver(admin, run.id);
  });
});

describe.skipIf(!dialects.includes('postgres'))('the lab-wide run on two instances sharing one PostgreSQL', () => {
  it('is started on one and polled on the other, which starts none of its own meanwhile; an instance closed fails its run', async () => {
    const oa = await fakeOpenAlex();
    const env = { OPENALEX_URL: oa.url, ORCID_URL: oa.url, DBLP_URL: oa.url, SYNC_INTERVAL_MS: '0', SYNC_RETRIES: '0' };
    const one = await makeApp('postgres', env);
    const schema = (await one.app.lab.db.selectNoFrom((eb) => eb.fn<string>('current_schema', []).as('s')).executeTakeFirstOrThrow()).s;
    const config = loadConfig({ DATA_DIR: one.dataDir, DATABASE_URL: one.app.lab.config.databaseUrl as string, LAB_API_ONLY: '1', ...env });
    const two = await buildWithRetry(() => buildApp({ config, pgSchema: schema }), schema);
    try {
      const admin = await loginAs(one.app, 'admin', 'admin-password');
      for (const a of AUTHORS) {
        const m = await newMember(admin);
        expect((await m.send('PUT', `/api/people/?uid=${m.uid}`, { openalex: a })).statusCode).toBe(200);
      }
      oa.works = works();
      oa.delayMs = 300;
      const onTwo = new Client(two, admin.token);
      const run = await start(admin);
      expect((await start(onTwo)).id).toBe(run.id);
      const over = (await untilOver(onTwo, run.id)).at(-1) as Run;
      expect(over).toMatchObject({ state: 'done', done: AUTHORS.length });
      oa.delayMs = 0;
      expect(over.result).toEqual((await onTwo.json('POST', '/api/publication/sync/preview/', {})).json());
      // each author's list asked once: by the instance that started it
      expect(oa.asked.filter((a) => a.url.startsWith('/works?')).length).toBe(AUTHORS.length * 2);

      // an instance closed while its run goes fails that run at once: the other may start one
      oa.delayMs = 1500;
      const closed = await start(onTwo);
      await two.close();
      expect(await poll(admin, closed.id)).toMatchObject({
        state: 'failed',
        error: 'the search stopped (the server instance running it stopped answering); nothing was changed, start it again',
      });
      oa.delayMs = 0;
      expect((await untilOver(admin, (await start(admin)).id)).at(-1)?.state).toBe('done');
    } finally {
      await two.close();
      await one.close();
      await oa.close();
    }
  });
});
