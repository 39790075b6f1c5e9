import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import type { DiskStorage } from '../../server/storage/storage.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { createMember, loginAs } from '../helpers/client.ts';

// What the proxy, systemd and Prometheus ask of an instance (server/ops/plugin.ts).

describe.each(dialects)('health, readiness and metrics on %s', (dialect) => {
  let t: TestApp;
  let open: TestApp;
  beforeAll(async () => {
    t = await makeApp(dialect, { METRICS_TOKEN: 'a-long-metrics-token', METRICS_ALLOW: '10.1.0.0/16' });
    open = await makeApp(dialect);
  });
  afterAll(async () => {
    await t.close();
    await open.close();
  });

  it('/healthz answers alive, and is never kept by a cache', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 'alive' });
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('/readyz is ready with every check ok, and 503 naming the check that fails', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } });

    // the files' folder cannot take a write (root ignores permissions, so a file stands where the folder was)
    const root = (t.app.lab.storage as DiskStorage).root;
    fs.renameSync(root, `${root}.away`);
    fs.writeFileSync(root, 'not a folder');
    try {
      const r = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(r.statusCode).toBe(503);
      expect(r.json().status).toBe('not ready');
      expect(r.json().checks.storage).toMatch(/^failed: ENOTDIR/);
      expect(r.json().checks.database).toBe('ok');
      expect(r.body).not.toContain(root);
    } finally {
      fs.rmSync(root);
      fs.renameSync(`${root}.away`, root);
    }

    // a migration this instance knows of is missing from the database
    const db = t.app.lab.db;
    const last = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(db);
    const row = last.rows[0] as { name: string; timestamp: string };
    await sql`delete from kysely_migration where name = ${row.name}`.execute(db);
    try {
      const r = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(r.statusCode).toBe(503);
      expect(r.json().checks.migrations).toBe('failed: 1 not applied');
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${row.name}, ${row.timestamp})`.execute(db);
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('/metrics answers only to the token or an allowed address, and otherwise as a path that does not exist', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-thing' });
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: 'Token a-long-metrics-token' }]) {
      const r = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(r.statusCode).toBe(404);
      expect(r.body).toBe(unknown.body);
    }
    // without METRICS_TOKEN and METRICS_ALLOW there is no such route at all
    const none = await open.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer a-long-metrics-token' } });
    expect(none.statusCode).toBe(404);

    // over real HTTP: the first read renders (and the cache writes its compressed form itself), the next two are fresh hits
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (let i = 0; i < 3; i++) await (await fetch(`${base}/api/read_news/`, { headers: { 'accept-encoding': 'gzip' } })).text();
    const r = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer a-long-metrics-token' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
    expect(r.headers['cache-control']).toBe('no-store');
    // the route's pattern, not the raw path; the second read was a fresh hit, counted by the cache
    expect(r.body).toMatch(/lab_http_requests_total\{method="GET",route="\/api\/read_news\/",status="200"\} 1\n/);
    expect(r.body).toMatch(/lab_http_request_duration_seconds_bucket\{le="10",method="GET",route="\/api\/read_news\/"\} 1\n/);
    expect(r.body).toMatch(/lab_cache_hits_total 2\n/);
    expect(r.body).toMatch(/lab_cache_misses_total 1\n/);
    expect(r.body).toMatch(/lab_cache_bytes\{kind="budget"\} \d+/);
    expect(r.body).toMatch(/lab_search_documents \d+/);
    expect(r.body).toMatch(/lab_job_runs_total\{job="trash-purge",outcome="ok"\} 1/);
    if (dialect === 'postgres') expect(r.body).toMatch(/lab_db_pool_connections\{state="max"\} 10/);
    else expect(r.body).not.toMatch(/lab_db_pool_connections\{/);

    // an allowed address needs no token; any other does
    const allowed = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
    expect(allowed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.2.0.1' })).statusCode).toBe(404);
  });

  it("counts the publish timer's runs as the job 'publish'", async () => {
    const admin = await loginAs(t.app, 'admin', 'admin-password');
    const at = new Date(Date.now() + 1000).toISOString();
    expect((await admin.send('POST', '/api/news/', { abstract: 'Scheduled for the metrics', release: 'true', publish_at: at })).statusCode).toBe(200);
    const metrics = async () => (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer a-long-metrics-token' } })).body;
    expect(await metrics()).not.toMatch(/job="publish"/);
    await expect.poll(metrics, { timeout: 8000, interval: 200 }).toMatch(/lab_job_runs_total\{job="publish",outcome="ok"\} 1\n/);
  });

  it('no member can take a username that would shadow these routes', async () => {
    const admin = await loginAs(t.app, 'admin', 'admin-password');
    for (const username of ['metrics', 'healthz', 'readyz', 'search']) {
      await expect(createMember(admin, { username })).rejects.toThrow(/400.*username/);
    }
  });
});

describe('METRICS_ALLOW', () => {
  it('takes addresses and CIDR blocks, and refuses anything else at start', () => {
    expect(loadConfig({ METRICS_ALLOW: '127.0.0.1, 10.0.0.0/8,::1' }).metricsAllow).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    for (const bad of ['localhost', '10.0.0.0/33', '10.0.0.0/x', '*']) expect(() => loadConfig({ METRICS_ALLOW: bad })).toThrow(/METRICS_ALLOW/);
  });
});
