import type { ActivityPage } from '../../common/wire.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article } from '../../common/resources/index.ts';
import { actorByUsername } from '../../server/services/auth.ts';
import { articles } from '../../server/services/content.ts';
import type { Ctx } from '../../server/services/context.ts';
import { createCrud } from '../../server/services/crud.ts';
import { createdId, fieldErrors, makeWorld, newMember, type World } from '../fixtures/world.ts';
import { Client } from '../helpers/client.ts';
import { dialects } from '../helpers/app.ts';

// The activity log. Every write through the API appends an entry in its
// own transaction (a failed write leaves none), logins and failed logins are logged with the address they
// came from, a member reads only their own entries, and nothing edits or deletes an entry.

type Answer = ActivityPage;

describe.each(dialects)('the activity log on %s', (dialect) => {
  let w: World;
  const log = async (c: Client, query = '') => {
    const res = await c.get(`/api/activity/${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Answer;
  };
  const count = async () =>
    Number(
      (
        await w.app.lab.db
          .selectFrom('activity')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );

  beforeAll(async () => {
    w = await makeWorld(dialect);
  });
  afterAll(() => w.t.close());

  it('appends an entry for each create, update and delete: who, from where, what, and the fields sent but never their values', async () => {
    const before = await count();
    const nid = createdId(await w.admin.send('POST', '/api/news/', { abstract: 'Logged news', content_en: '<p>x</p>', date: '2026-11-20', release: 'true' }));
    expect((await w.admin.send('PUT', `/api/news/?nid=${nid}`, { abstract: 'Logged news, edited' })).statusCode).toBe(200);
    expect((await w.admin.delete(`/api/news/?nid=${nid}`)).statusCode).toBe(200);
    expect(await count()).toBe(before + 3);
    const mine = (await log(w.admin, `?resource=news`)).entries.filter((e) => e.record === String(nid));
    expect(mine.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    for (const e of mine) {
      expect(e).toMatchObject({ actor_pid: w.admin.pid, actor: w.admin.username, resource: 'news', outcome: 'ok' });
      expect(e.address).toBe('127.0.0.1');
      expect(Date.parse(e.at)).toBeGreaterThan(Date.now() - 60_000);
    }
    expect(mine[1]?.detail).toBe('abstract');
    // a password sent in a change is named, never stored
    const secret = 'a-new-secret-password';
    expect((await w.admin.send('PUT', `/api/people/?pid=${w.other.pid}`, { password: secret, password2: secret })).statusCode).toBe(200);
    const rows = await w.app.lab.db.selectFrom('activity').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it('a write that fails leaves no entry: refused by validation, or by a hook after the entry was written', async () => {
    const before = await count();
    const res = await w.admin.send('POST', '/api/news/', { abstract: '', content_en: '<p>x</p>' });
    expect(Object.keys(fieldErrors(res)).length).toBeGreaterThan(0);
    expect(await count()).toBe(before);
    // the entry is written inside the write's transaction before its hooks run: a failing hook takes it back
    const actor = await actorByUsername(w.app.lab.db, 'admin');
    const ctx: Ctx = { db: w.app.lab.db, storage: w.app.lab.storage, actor, lang: 'en', address: '203.0.113.9' };
    const failing = createCrud(article, {
      ...articles.hooks,
      afterWrite: () => {
        throw new Error('a hook failed');
      },
    });
    await expect(failing.create(ctx, { title: 'Never', abstract: 'Never', type: 'lab hot topic', markdown: 'x' })).rejects.toThrow('a hook failed');
    expect(await count()).toBe(before);
    // and a write that succeeds always has its entry
    await articles.create(ctx, { title: 'Kept', abstract: 'Kept', type: 'lab hot topic', markdown: 'x' });
    expect(await count()).toBe(before + 1);
  });

  it('logs logins and failed logins with the name tried and the address, never the password', async () => {
    const before = await count();
    const tried = await new Client(w.app).loginResponse(w.user.username, 'not-the-password-at-all');
    expect(tried.json().loginStatus).toBe('fail');
    await new Client(w.app).loginResponse('nobody-by-this-name', 'whatever-password');
    const ok = await new Client(w.app).loginResponse(w.user.username, 'member-password');
    expect(ok.json().loginStatus).toBe('success');
    const entries = (await log(w.admin, '?resource=session')).entries.slice(0, 3);
    expect(entries.map((e) => [e.action, e.record, e.outcome])).toEqual([
      ['login', w.user.username, 'ok'],
      ['login_failed', 'nobody-by-this-name', 'failed'],
      ['login_failed', w.user.username, 'failed'],
    ]);
    expect(entries[0]?.actor_pid).toBe(w.user.pid);
    expect(entries[1]?.actor_pid).toBeNull();
    expect(await count()).toBe(before + 3);
    const rows = await w.app.lab.db.selectFrom('activity').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('not-the-password-at-all');
  });

  it('lets an administrator filter by person, resource and action, a page at a time; a member reads their own entries only', async () => {
    createdId(await w.user.send('POST', '/api/publication/', { title: 'By the member', author: '["M"]', source: 'V', year: '2025' }));
    const byUser = await log(w.admin, `?person=${w.user.pid}`);
    expect(byUser.total).toBeGreaterThan(0);
    expect(byUser.entries.every((e) => e.actor_pid === w.user.pid)).toBe(true);
    const creates = await log(w.admin, '?action=create&resource=publication');
    expect(creates.entries.every((e) => e.action === 'create' && e.resource === 'publication')).toBe(true);
    // the member asks for everyone's, and for the administrator's: gets their own
    for (const q of ['', `?person=${w.admin.pid}`]) {
      const own = await log(w.user, q);
      expect(own.total).toBe(byUser.total);
      expect(own.entries.every((e) => e.actor_pid === w.user.pid)).toBe(true);
    }
    // in a time span
    const future = await log(w.admin, '?from=2999-01-01');
    expect(future.total).toBe(0);
    // a visitor reads nothing
    expect((await new Client(w.app).get('/api/activity/')).statusCode).toBe(401);
  });

  it('logs a password set and a role change as actions of their own, and uploads and deletions of files', async () => {
    const m = await newMember(w.admin);
    expect((await w.admin.send('PUT', `/api/people/?pid=${m.pid}`, { authority: 'admin' })).statusCode).toBe(200);
    expect((await w.admin.send('PUT', `/api/people/?pid=${m.pid}`, { password: 'another-good-password', password2: 'another-good-password' })).statusCode).toBe(
      200,
    );
    const about = (await log(w.admin, '?resource=person')).entries.filter((e) => e.record === String(m.pid));
    expect(about.find((e) => e.action === 'role')?.detail).toBe('admin');
    expect(about.filter((e) => e.action === 'password')).toHaveLength(1);
    // a profile change that sets no password logs no password action
    expect((await w.admin.send('PUT', `/api/people/?pid=${m.pid}`, { description_en: 'Changed' })).statusCode).toBe(200);
    expect((await log(w.admin, '?resource=person&action=password')).entries.filter((e) => e.record === String(m.pid))).toHaveLength(1);

    const upload = await w.user.send('POST', '/api/data/', { owner: w.user.username, 'files[0]': { file: Buffer.from('notes'), name: 'notes.txt' } });
    const did = createdId(upload);
    expect((await w.user.delete(`/api/data/?did=${did}`)).statusCode).toBe(200);
    const files = (await log(w.user, '?resource=data_file')).entries.filter((e) => e.record === String(did));
    expect(files.map((e) => [e.action, e.detail])).toEqual([
      ['delete', 'notes.txt'],
      ['upload', 'notes.txt'],
    ]);
  });

  it('logs the writes that are not declared resources: a timetable saved, the advisor area, and a logout', async () => {
    const since = await count();
    const grid = await w.user.json('PUT', '/apiprivate/disctime/', { uid: w.user.uid, term: '2025-2026-1', occupy: [[1, 1]] });
    expect(grid.statusCode, grid.body).toBe(200);
    expect((await w.advisor.send('PUT', '/apiadvisor0/pingan/?remind=0', { xwzs: '3' })).statusCode).toBe(200);
    const names = await w.advisor.send('PUT', '/apiadvisor0/info/', { list: 'class', names: '张三\n李四' });
    expect(names.statusCode, names.body).toBe(200);
    const leaving = await newMember(w.admin);
    const out = await leaving.json('POST', '/api/logout/', {});
    expect(out.statusCode, out.body).toBe(200);
    const rows = await w.app.lab.db
      .selectFrom('activity')
      .selectAll()
      .where('eid', '>', 0)
      .orderBy('eid', 'desc')
      .limit((await count()) - since)
      .execute();
    const seen = rows.map((e) => [e.actor, e.action, e.resource, e.record, e.detail]);
    expect(seen).toEqual(
      expect.arrayContaining([
        [w.user.username, 'update', 'schedule', '2025-2026-1', ''],
        [w.advisor.username, 'update', 'advisor', 'settings', ''],
        // the list and how many names came and went, never the names (the console words it: "Name list saved: 2 added, 0 removed")
        [w.advisor.username, 'update', 'advisor', 'names class', 'save,added 2,removed 0,total 2'],
        [leaving.username, 'logout', 'session', leaving.username, ''],
      ]),
    );
    expect(JSON.stringify(rows)).not.toContain('张三');
  });

  it('has no way to change or delete an entry, and refuses malformed filters in both languages', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const res = await w.admin.app.inject({ method, url: '/api/activity/', headers: w.admin.headers() });
      expect([404, 405], method).toContain(res.statusCode);
    }
    for (const q of ['?person=abc', '?from=yesterday', '?page=-2']) {
      w.admin.lang = 'en';
      const en = fieldErrors(await w.admin.get(`/api/activity/${q}`));
      w.admin.lang = 'zh';
      const zh = fieldErrors(await w.admin.get(`/api/activity/${q}`));
      w.admin.lang = 'en';
      expect(Object.keys(en).length, q).toBeGreaterThan(0);
      expect(JSON.stringify(zh), q).not.toBe(JSON.stringify(en));
    }
  });
});
