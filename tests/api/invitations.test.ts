import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, migrate, migrations } from '../../server/db/database.ts';
import { hashPassword } from '../../server/services/auth.ts';
import { bareInstance, dialects, makeApp } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { asMember, createdId, fieldErrors, makeWorld, newMember, unique, type World } from '../fixtures/world.ts';

// Invitations instead of SPEC §9's pinyin initial password: a password derived from
// public data never logs anyone in; a member created without a password, or reset, gets a random
// single-use link valid for 7 days, stored as its hash.

type Answer = { statusCode: number; body: string; json: () => Record<string, unknown> };

describe.each(dialects)('invitations on %s', (dialect) => {
  let w: World;
  const anon = () => new Client(w.app);
  beforeAll(async () => {
    w = await makeWorld(dialect);
  });
  afterAll(() => w?.t.close());

  /** A member created by the administrator without a password, and the link the create answered. */
  const invited = async (fields: Record<string, string> = {}) => {
    const n = unique();
    const f = { uid: `INV${n}P${process.pid}`, username: `inv${n}x${process.pid % 1000}`, name_zh: '李四', name_en: 'Li Si', type: 'master', ...fields };
    const res = await w.admin.send('POST', '/api/people/', f);
    const pid = createdId(res);
    const url = String(res.headers['x-invitation-url'] ?? '');
    return { ...f, pid, url, token: new URL(url).hash.slice(1), expiresAt: String(res.headers['x-invitation-expires-at'] ?? '') };
  };
  const accept = (token: string, password: string, password2 = password, c = anon()) => c.withCsrf('/api/invitation/', { token, password, password2 });
  const state = (token: string) => anon().get(`/api/invitation/?token=${encodeURIComponent(token)}`);
  const detail = (r: Answer) => String(r.json().detail);

  it('lets no stranger in with the pinyin password of a new member (the issue’s attempt)', async () => {
    const p = await invited({ username: `lisi${unique()}` });
    // the stranger reads the public list and computes SPEC §9's password
    expect(((await anon().get('/api/read_people/')).json() as { username: string }[]).map((x) => x.username)).toContain(p.username);
    const tried = await anon().login(p.username, 'lisi0000');
    expect(tried.loginStatus).toBe('fail');
    expect(tried).toEqual({ loginStatus: 'fail', needs_invitation: true });
    expect(tried.token).toBeUndefined();
  });

  it('answers the create with SPEC’s "success" and the link in a header, valid once for 7 days, stored as its hash only', async () => {
    const p = await invited();
    expect(p.url).toMatch(/^http:\/\/[^/]+\/invite#[A-Za-z0-9_-]{43}$/);
    const stored = await w.app.lab.db.selectFrom('invitation').selectAll().where('person_pid', '=', p.pid).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(p.token);
    const days = ((stored[0]?.expires_at ?? 0) - Math.floor(Date.now() / 1000)) / 86_400;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    // its end beside it, as the reissue answers it (the console shows it in Beijing time)
    expect(p.expiresAt).toBe(new Date((stored[0]?.expires_at ?? 0) * 1000).toISOString());
    const open = await state(p.token);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json()).toMatchObject({ state: 'open', username: p.username, name_zh: '李四', name_en: 'Li Si' });
    expect(open.headers['cache-control']).toBe('no-store');
    // the list marks the account
    const listed = ((await w.admin.get('/api/people/')).json() as { pid: number; account: string }[]).find((x) => x.pid === p.pid);
    expect(listed?.account).toBe('needs_invitation');
  });

  it('sets the chosen password and logs the member in; the link then says it was used, in zh and en', async () => {
    const p = await invited();
    const c = anon();
    const ok = await accept(p.token, 'chosen-password-1', 'chosen-password-1', c);
    expect(ok.statusCode, ok.body).toBe(200);
    const body = ok.json() as { loginStatus: string; token: string; userInfo: Record<string, unknown> };
    expect(body.loginStatus).toBe('success');
    expect(body.userInfo).toMatchObject({ username: p.username, must_change_password: false });
    expect(ok.cookies.find((k) => k.name === 'lab_session')?.httpOnly).toBe(true);
    const me = await asMember(new Client(w.app, body.token));
    expect(me.username).toBe(p.username);
    expect((await me.send('POST', '/api/article/', { title: `Invited ${unique()}`, abstract: 'x' })).statusCode).toBe(200);
    expect((await anon().login(p.username, 'chosen-password-1')).loginStatus).toBe('success');
    const listed = ((await w.admin.get('/api/people/')).json() as { pid: number; account: string }[]).find((x) => x.pid === p.pid);
    expect(listed?.account).toBe('active');

    expect((await state(p.token)).json().state).toBe('used');
    const again = await accept(p.token, 'other-password-2');
    expect(again.statusCode).toBe(400);
    expect(detail(again)).toMatch(/already been used/);
    const zh = anon();
    zh.lang = 'zh';
    expect(detail(await accept(p.token, 'other-password-2', 'other-password-2', zh))).toContain('已被使用');
    expect((await anon().login(p.username, 'other-password-2')).loginStatus).toBe('fail');
    expect((await anon().login(p.username, 'chosen-password-1')).loginStatus).toBe('success');
  });

  it('applies the rules of a password change, consuming nothing on a refusal', async () => {
    const p = await invited();
    expect(fieldErrors(await accept(p.token, 'short'))).toEqual({ password: ['at least 10 characters'] });
    expect(fieldErrors(await accept(p.token, 'long-enough-1', 'long-enough-2'))).toEqual({ password2: ['the two passwords must match'] });
    expect(Object.keys(fieldErrors(await accept(p.token, '')))).toEqual(['password']);
    const zh = anon();
    zh.lang = 'zh';
    expect(fieldErrors(await accept(p.token, 'short', 'short', zh))).toEqual({ password: ['密码至少需要 10 个字符'] });
    expect((await state(p.token)).json().state).toBe('open');
    expect((await accept(p.token, 'long-enough-1')).statusCode).toBe(200);
  });

  it('refuses an expired link, saying so in the reader’s language', async () => {
    const p = await invited();
    await w.app.lab.db
      .updateTable('invitation')
      .set({ expires_at: Math.floor(Date.now() / 1000) - 1 })
      .where('person_pid', '=', p.pid)
      .execute();
    expect((await state(p.token)).json().state).toBe('expired');
    const en = await accept(p.token, 'too-late-password');
    expect(en.statusCode).toBe(400);
    expect(detail(en)).toMatch(/expired/);
    const zh = anon();
    zh.lang = 'zh';
    expect(detail(await accept(p.token, 'too-late-password', 'too-late-password', zh))).toContain('已过期');
    expect((await anon().login(p.username, 'too-late-password')).loginStatus).toBe('fail');
  });

  it('knows no made-up or malformed token (404, in the reader’s language)', async () => {
    for (const token of ['A'.repeat(43), 'short', '../../etc', '']) {
      const r = await state(token);
      expect(r.statusCode, token).toBe(404);
      expect(detail(r)).toMatch(/not valid/);
      expect((await accept(token || 'x', 'some-password-1')).statusCode).toBe(404);
    }
  });

  it('lets one of two parallel uses win', async () => {
    const p = await invited();
    const answers = await Promise.all([accept(p.token, 'racer-password-1'), accept(p.token, 'racer-password-2')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]?.statusCode === 200 ? 'racer-password-1' : 'racer-password-2';
    expect((await anon().login(p.username, winner)).loginStatus).toBe('success');
  });

  it('lets an administrator issue a new link that resets the account: the old link, password and sessions stop working', async () => {
    const m = await newMember(w.admin);
    const first = await w.admin.json('POST', `/api/people/invitation/?pid=${m.pid}`, {});
    expect(first.statusCode, first.body).toBe(200);
    const { invitation_url, expires_at } = first.json() as { invitation_url: string; expires_at: string };
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect((await m.get('/api/me/')).statusCode).toBe(401);
    expect((await anon().login(m.username, 'member-password')).loginStatus).toBe('fail');
    const second = (await w.admin.json('POST', `/api/people/invitation/?pid=${m.pid}`, {})).json() as { invitation_url: string };
    // a new link replaces the earlier one
    expect((await state(new URL(invitation_url).hash.slice(1))).statusCode).toBe(404);
    expect((await accept(new URL(second.invitation_url).hash.slice(1), 'fresh-password-1')).statusCode).toBe(200);
    expect((await anon().login(m.username, 'fresh-password-1')).loginStatus).toBe('success');
  });

  it('issues links for administrators only, never for oneself', async () => {
    expect((await w.user.json('POST', `/api/people/invitation/?pid=${w.other.pid}`, {})).statusCode).toBe(403);
    expect((await anon().json('POST', `/api/people/invitation/?pid=${w.other.pid}`, {})).statusCode).toBe(401);
    const self = await w.admin.json('POST', `/api/people/invitation/?pid=${w.admin.pid}`, {});
    expect(self.statusCode).toBe(400);
    expect(detail(self)).toMatch(/yourself/);
    expect((await w.admin.json('POST', '/api/people/invitation/?pid=999999', {})).statusCode).toBe(404);
    expect((await w.admin.get('/api/me/')).statusCode).toBe(200);
    expect((await anon().login(w.other.username, 'member-password')).loginStatus).toBe('success');
  });

  it('keeps an account that still has its pinyin password after an upgrade from logging in with it, until it takes an invitation', async () => {
    const m = await newMember(w.admin, { name_zh: '王小明', name_en: 'Xiaoming Wang' });
    // as an account made before the upgrade: SPEC §9's password, never changed
    await w.app.lab.db
      .updateTable('person')
      .set({ password_hash: await hashPassword('wangxiaoming'), must_change_password: 1 })
      .where('pid', '=', m.pid)
      .execute();
    expect(await anon().login(m.username, 'wangxiaoming')).toEqual({ loginStatus: 'fail', needs_invitation: true });
    const listed = ((await w.admin.get('/api/people/')).json() as { pid: number; account: string }[]).find((x) => x.pid === m.pid);
    expect(listed?.account).toBe('needs_invitation');
    const link = (await w.admin.json('POST', `/api/people/invitation/?pid=${m.pid}`, {})).json() as { invitation_url: string };
    const token = new URL(link.invitation_url).hash.slice(1);
    expect((await accept(token, 'my-own-password')).statusCode).toBe(200);
    expect((await anon().login(m.username, 'my-own-password')).loginStatus).toBe('success');
  });

  it('refuses the pinyin password itself as the new one', async () => {
    const m = await newMember(w.admin, { name_zh: '赵六', name_en: 'Zhao Liu' });
    const link = (await w.admin.json('POST', `/api/people/invitation/?pid=${m.pid}`, {})).json() as { invitation_url: string };
    await w.app.lab.db
      .updateTable('person')
      .set({ password_hash: await hashPassword('zhaoliu0') })
      .where('pid', '=', m.pid)
      .execute();
    const token = new URL(link.invitation_url).hash.slice(1);
    expect(Object.keys(fieldErrors(await accept(token, 'zhaoliu0')))).toEqual(['password']);
    expect((await state(token)).json().state).toBe('open');
  });
});

describe.each(dialects)('invitation rate limit on %s', (dialect) => {
  it('counts taking an invitation with the logins of the address', async () => {
    const t = await makeApp(dialect, { LOGIN_RATE_LIMIT: '3' });
    try {
      const c = new Client(t.app);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await c.withCsrf('/api/invitation/', { token: 'B'.repeat(43), password: 'guess-password', password2: 'guess-password' })).statusCode);
      expect(statuses).toEqual([404, 404, 404, 429]);
      expect((await c.loginResponse('admin', 'admin-password')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe.each(dialects)('the upgrade to invitations on %s', (dialect) => {
  /** A step that lists every schema, tried again when another test file's schema vanished meanwhile. */
  async function retried<T>(work: () => Promise<T>, ownSchema: string): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (e) {
        const err = e as { code?: string; message?: string };
        if (!(err.code === '3F000' || err.code === '42P01') || String(err.message).includes(ownSchema) || attempt >= 5) throw e;
      }
    }
  }

  it('ends the sessions of accounts still on an initial password, and only theirs', async () => {
    const inst = await bareInstance(dialect);
    const db = createDatabase(inst.db);
    try {
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrations },
        ...(inst.db.pgSchema ? { migrationTableSchema: inst.db.pgSchema } : {}),
      });
      const before = await retried(() => migrator.migrateTo('2026-11-24-0004-publish-at'), inst.schema);
      expect(before.error).toBeUndefined();
      const person = (n: number, must: number) => ({
        uid: `UP${n}`,
        username: `upgraded${n}`,
        name_zh: '李四',
        name_en: 'Li Si',
        type: 'master',
        type_num: 6,
        password_hash: 'x',
        must_change_password: must,
      });
      const pinyin = await db.insertInto('person').values(person(1, 1)).returning('pid').executeTakeFirstOrThrow();
      const changed = await db.insertInto('person').values(person(2, 0)).returning('pid').executeTakeFirstOrThrow();
      const now = Math.floor(Date.now() / 1000);
      await db
        .insertInto('session')
        .values([
          { token_hash: 'a'.repeat(64), person_pid: pinyin.pid, login_time: now },
          { token_hash: 'b'.repeat(64), person_pid: changed.pid, login_time: now },
        ])
        .execute();
      await retried(() => migrate(db, inst.db.pgSchema), inst.schema);
      expect((await db.selectFrom('session').select('person_pid').execute()).map((r) => r.person_pid)).toEqual([changed.pid]);
    } finally {
      await db.destroy();
      await inst.close();
    }
  });
});
