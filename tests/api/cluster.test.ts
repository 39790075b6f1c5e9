import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Topic } from '../../server/cache/changes.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { buildWithRetry, dialects, makeApp, PG_URL } from '../helpers/app.ts';
import { form, type Part } from '../helpers/client.ts';
import { png } from '../fixtures/images.ts';

// Two instances on one PostgreSQL database and one data directory, over real HTTP, as behind nginx
// (TRUST_PROXY=1: each client below names its address in X-Forwarded-For, as the proxy would).
// They must behave as one site: writes heard by the other within a second, shared login and
// old-password limits, uploads served by either, and a listening connection that comes back.

const LOGIN_LIMIT = 4;

let addresses = 0;
/** A client of one instance (its base URL) with its own client address. */
class Http {
  base: string;
  token: string | undefined;
  readonly ip = `198.51.100.${++addresses}`;
  constructor(base: string, token?: string) {
    this.base = base;
    this.token = token;
  }
  /** The same client (token, address) talking to another instance. */
  at(base: string): Http {
    const c = new Http(base, this.token);
    Object.assign(c, { ip: this.ip });
    return c;
  }
  headers(extra: Record<string, string> = {}): Record<string, string> {
    return { 'x-forwarded-for': this.ip, 'accept-language': 'en', ...(this.token ? { authorization: `Token ${this.token}` } : {}), ...extra };
  }
  get(url: string): Promise<Response> {
    return fetch(this.base + url, { headers: this.headers() });
  }
  send(method: 'POST' | 'PUT', url: string, fields: Record<string, Part | undefined>): Promise<Response> {
    return fetch(this.base + url, { method, headers: this.headers(), body: form(fields) });
  }
  async tryLogin(username: string, password: string): Promise<Response> {
    const csrf = await this.get('/api/csrf/');
    const token = /csrftoken=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] as string;
    return fetch(`${this.base}/api/login/`, {
      method: 'POST',
      headers: this.headers({ 'content-type': 'application/json', cookie: `csrftoken=${token}`, 'x-csrftoken': token }),
      body: JSON.stringify({ username, password }),
    });
  }
  async login(username: string, password: string): Promise<this> {
    const res = await this.tryLogin(username, password);
    const body = (await res.json()) as { loginStatus: string; token?: string };
    if (body.loginStatus !== 'success') throw new Error(`login of ${username}: ${res.status} ${JSON.stringify(body)}`);
    this.token = body.token;
    return this;
  }
}

type Heard = { topic: Topic; from: 'here' | 'elsewhere' };
type Instance = { app: FastifyInstance; base: string; heard: Heard[] };

async function expectCreated(res: Response): Promise<number> {
  expect(res.status, await res.clone().text()).toBe(200);
  return Number(res.headers.get('x-resource-id'));
}

describe.skipIf(!dialects.includes('postgres'))('two instances on one PostgreSQL database and one data directory', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-cluster-'));
  const dataDir = path.join(scratch, 'data');
  let a: Instance;
  let b: Instance;
  const sql = async (text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      return await client.query(text, values);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await sql(`CREATE SCHEMA ${schema}`);
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: PG_URL,
      LAB_ADMIN_USERNAME: 'admin',
      LAB_ADMIN_PASSWORD: 'admin-password',
      LOGIN_RATE_LIMIT: String(LOGIN_LIMIT),
      // a read right after a write sees it: on busy test machines a render may take longer than the
      // 300 ms a reader waits in production before taking the previous version (tests/e2e/page-cache.test.ts)
      CACHE_PATIENCE_MS: '15000',
      TRUST_PROXY: '1',
      LAB_API_ONLY: '1',
    });
    // both start at once on the empty schema: migrations and the first administrator must not collide
    const apps = await Promise.all([0, 1].map(() => buildWithRetry(() => buildApp({ config, pgSchema: schema }), schema)));
    const started: Instance[] = [];
    for (const app of apps) {
      const heard: Heard[] = [];
      app.lab.changes.on((topic, from) => heard.push({ topic, from }));
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      started.push({ app, base: address, heard });
    }
    [a, b] = started as [Instance, Instance];
  });

  afterAll(async () => {
    await Promise.all([a?.app.close(), b?.app.close()]);
    await sql(`DROP SCHEMA ${schema} CASCADE`);
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  const admin = async (base: string) => new Http(base).login('admin', 'admin-password');
  const heardFromElsewhere = (i: Instance, topic: Topic) => i.heard.some((h) => h.topic === topic && h.from === 'elsewhere');

  it('started once: one administrator, migrations applied once', async () => {
    const { rows } = await sql(`select count(*)::int as n from ${schema}.person where username = 'admin'`);
    expect(rows[0].n).toBe(1);
    expect(a.app.changeBus?.channel).toBe(`lab_changes_${schema}`);
    expect(a.app.changeBus?.instanceId).not.toBe(b.app.changeBus?.instanceId);
  });

  it('a write through A is heard by B within a second, and B reads the new content', async () => {
    const viaA = await admin(a.base);
    // both instances hold the public list in their caches before the write
    for (const i of [a, b]) {
      await (await new Http(i.base).get('/api/read_news/')).arrayBuffer();
      expect((await new Http(i.base).get('/api/read_news/')).headers.get('x-cache')).toBe('hit');
    }
    a.heard.length = 0;
    b.heard.length = 0;
    const abstract = `Cluster news ${randomBytes(4).toString('hex')}`;
    const nid = await expectCreated(await viaA.send('POST', '/api/news/', { abstract, date: '2026-11-23', release: 'true', content_en: '<p>x</p>' }));
    await expect.poll(() => heardFromElsewhere(b, 'news'), { timeout: 1000, interval: 20 }).toBe(true);
    // A heard its own write as its own, and never back from the bus
    expect(a.heard).toEqual([{ topic: 'news', from: 'here' }]);
    const fromB = await new Http(b.base).get('/api/read_news/');
    expect(fromB.headers.get('x-cache')).toBe('miss');
    const list = (await fromB.json()) as { nid: number; abstract: string }[];
    expect(list.find((n) => n.nid === nid)?.abstract).toBe(abstract);

    // and the other way round
    a.heard.length = 0;
    const viaB = viaA.at(b.base);
    expect((await viaB.send('PUT', `/api/news/?nid=${nid}`, { abstract: `${abstract} (edited)` })).status).toBe(200);
    await expect.poll(() => heardFromElsewhere(a, 'news'), { timeout: 1000, interval: 20 }).toBe(true);
    const one = (await (await new Http(a.base).get('/api/read_news/')).json()) as { nid: number; abstract: string }[];
    expect(one.find((n) => n.nid === nid)?.abstract).toBe(`${abstract} (edited)`);
  });

  it('a record saved through A is found by the search of B within a second', async () => {
    const viaA = await admin(a.base);
    const word = `clusterword${randomBytes(3).toString('hex')}`;
    const found = async (i: Instance) => ((await (await new Http(i.base).get(`/api/search/?q=${word}`)).json()) as { total: number }).total;
    expect(await found(b)).toBe(0);
    await expectCreated(await viaA.send('POST', '/api/publication/', { title: `On ${word}`, author: '["A. Cluster"]', source: 'V', year: '2025' }));
    await expect.poll(() => found(b), { timeout: 1000, interval: 20 }).toBe(1);
    // A reads its own write after its refresh pause (up to 400 ms after a slow refresh), so B may be first
    await expect.poll(() => found(a), { timeout: 1000, interval: 20 }).toBe(1);
  });

  it('ignores messages that are not a change from another instance', async () => {
    const bus = b.app.changeBus;
    if (!bus) throw new Error('no bus');
    b.heard.length = 0;
    for (const junk of ['not json', '{"topic":"evil","from":"x"}', '{"topic":"news"}', '[]', 'null', JSON.stringify({ topic: 'site', from: bus.instanceId })]) {
      await sql('select pg_notify($1, $2)', [bus.channel, junk]);
    }
    await sql('select pg_notify($1, $2)', [bus.channel, JSON.stringify({ topic: 'seminar', from: 'another-instance' })]);
    await expect.poll(() => b.heard.length, { timeout: 1000, interval: 20 }).toBe(1);
    expect(b.heard).toEqual([{ topic: 'seminar', from: 'elsewhere' }]);
  });

  it('counts failed logins from one address over both instances together', async () => {
    const client = new Http(a.base);
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT + 2; i++) {
      const res = await client.at(i % 2 === 0 ? a.base : b.base).tryLogin('admin', 'not-the-password');
      statuses.push(res.status);
      if (res.status === 429) {
        expect(((await res.json()) as { detail: string }).detail).toEqual(expect.any(String));
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([...Array(LOGIN_LIMIT).fill(200), 429, 429]);
    // another address is not held back
    expect((await new Http(b.base).tryLogin('admin', 'not-the-password')).status).toBe(200);
  });

  it('counts wrong current passwords over both instances together', async () => {
    const viaA = await admin(a.base);
    const username = `cluster${randomBytes(3).toString('hex')}`;
    const uid = `C${Date.now()}`;
    await expectCreated(
      await viaA.send('POST', '/api/people/', {
        uid,
        username,
        name_zh: '集群',
        name_en: 'Cluster',
        password: 'member-password',
        password2: 'member-password',
        type: 'master',
      }),
    );
    const member = await new Http(a.base).login(username, 'member-password');
    const next = { password: 'new-password-9', password2: 'new-password-9' };
    for (let i = 0; i < 5; i++) {
      const res = await member.at(i % 2 === 0 ? a.base : b.base).send('PUT', `/api/people/?uid=${uid}`, { ...next, old_password: `guess-${i}-password` });
      expect(res.status).toBe(400);
    }
    for (const base of [a.base, b.base]) {
      expect((await member.at(base).send('PUT', `/api/people/?uid=${uid}`, { ...next, old_password: 'member-password' })).status).toBe(429);
    }
  });

  it('serves through B the files uploaded through A', async () => {
    const viaA = await admin(a.base);
    const bytes = Buffer.from(`%PDF-1.4 cluster ${randomBytes(8).toString('hex')}`);
    const pid = await expectCreated(
      await viaA.send('POST', '/api/publication/', {
        title: 'Shared file',
        author: '["A"]',
        source: 'ACL',
        file1: { file: bytes, name: 'shared.pdf', type: 'application/pdf' },
      }),
    );
    const pub = (await (await viaA.get(`/api/publication/?pid=${pid}`)).json()) as { file1_url: string };
    const served = await new Http(b.base).get(pub.file1_url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);

    const aid = await expectCreated(
      await viaA.send('POST', '/api/article/', { title: 'Cover', abstract: 'x', image_url: { file: await png(800, 450), name: 'cover.png' } }),
    );
    const article = (await (await viaA.get(`/api/article/?aid=${aid}`)).json()) as { image_url: string };
    const image = await new Http(b.base).get(article.image_url);
    expect(image.status).toBe(200);
    // a variant made by B from A's upload, then served by A from the shared folder
    const variant = await new Http(b.base).get(`${article.image_url}?w=320`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get('content-type')).toBe('image/webp');
    const again = await new Http(a.base).get(`${article.image_url}?w=320`);
    expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(await variant.arrayBuffer()))).toBe(true);
  });

  it('listens again after the listening connection drops, and then treats everything as changed', async () => {
    const bus = b.app.changeBus;
    if (!bus) throw new Error('no bus');
    const before = bus.connects;
    b.heard.length = 0;
    const { rowCount } = await sql('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and query like $2', [
      bus.applicationName,
      'LISTEN%',
    ]);
    expect(rowCount).toBe(2); // A's and B's
    await expect.poll(() => bus.connects, { timeout: 5000, interval: 20 }).toBe(before + 1);
    // notifications sent while no one listened are lost: every topic counts as changed
    expect(b.heard.map((h) => h.topic).sort()).toEqual([...b.app.lab.changes.topics].sort());
    expect(b.heard.every((h) => h.from === 'elsewhere')).toBe(true);

    await expect.poll(() => a.app.changeBus?.connects, { timeout: 5000, interval: 20 }).toBe(before + 1);
    b.heard.length = 0;
    const viaA = await admin(a.base);
    await expectCreated(await viaA.send('POST', '/api/seminar/', { title_zh: '重连', date: '2026-11-23' }));
    await expect.poll(() => heardFromElsewhere(b, 'seminar'), { timeout: 1000, interval: 20 }).toBe(true);
  });

  // last, since it stops A's publish timer
  it('a record scheduled through A appears on B at its time by B’s own timer, with no write', async () => {
    const viaA = await admin(a.base);
    const visitor = new Http(b.base);
    await (await visitor.get('/api/read_news/')).arrayBuffer();
    expect((await visitor.get('/api/read_news/')).headers.get('x-cache')).toBe('hit');
    // A's timer will not announce it: only B's own can make B current
    a.app.lab.publishTimer.close();
    const at = new Date(Date.now() + 2000).toISOString();
    const nid = await expectCreated(await viaA.send('POST', '/api/news/', { abstract: 'Scheduled across instances', release: 'true', publish_at: at }));
    // B heard the write over the bus and planned for it
    await expect.poll(() => b.app.lab.publishTimer.next, { timeout: 1000, interval: 20 }).toBe(at);
    const ids = async () => ((await (await visitor.get('/api/read_news/')).json()) as { nid: number }[]).map((n) => n.nid);
    expect(await ids()).not.toContain(nid);
    await new Promise((r) => setTimeout(r, Date.parse(at) - Date.now() + 400));
    expect(await ids()).toContain(nid);
  });
});

describe('one instance on SQLite', () => {
  it('has no bus', async () => {
    const t = await makeApp('sqlite');
    try {
      expect(t.app.changeBus).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
