import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry, ActivityPage } from '../../common/wire.ts';
import { createdId, makeWorld, type World } from '../fixtures/world.ts';
import type { Client } from '../helpers/client.ts';
import { dialects } from '../helpers/app.ts';

// The activity log names what each entry is about in the reader's language: a record by its name when it
// was acted on (a deleted one keeps it; an older entry of a record gone since is "#id (deleted)"), the
// advisor area's settings, reports and name lists in words: never a bare key such as "names branch".

describe.each(dialects)('the activity log names its records on %s', (dialect) => {
  let w: World;
  const entries = async (c: Client, query: string) => {
    const r = await c.get(`/api/activity/${query}`);
    expect(r.statusCode, r.body).toBe(200);
    return (r.json() as ActivityPage).entries;
  };
  const named = (es: ActivityEntry[]) => es.map((e) => [e.action, e.record_name]);

  beforeAll(async () => {
    w = await makeWorld(dialect);
  });
  afterAll(() => w.t.close());

  it('names a record as it was called when it was acted on, a deleted one too', async () => {
    const nid = createdId(await w.admin.send('POST', '/api/news/', { abstract: 'First words', content_en: '<p>x</p>', date: '2026-11-20', release: 'true' }));
    expect((await w.admin.send('PUT', `/api/news/?nid=${nid}`, { abstract: 'Second words' })).statusCode).toBe(200);
    expect((await w.admin.delete(`/api/news/?nid=${nid}`)).statusCode).toBe(200);
    const mine = (await entries(w.admin, '?resource=news')).filter((e) => e.record === String(nid));
    expect(named(mine)).toEqual([
      ['delete', 'Second words'],
      ['update', 'Second words'],
      ['create', 'First words'],
    ]);
    // a member by their names
    expect((await w.admin.send('PUT', `/api/people/?pid=${w.other.pid}`, { description_en: 'x' })).statusCode).toBe(200);
    const person = (await entries(w.admin, '?resource=person')).find((e) => e.record === String(w.other.pid));
    expect(person?.record_name).toBe('另一成员 / Other Member');
  });

  it('names an older entry by its record now, or as deleted, in the reader’s language', async () => {
    const nid = createdId(await w.admin.send('POST', '/api/news/', { abstract: 'Still here', content_en: '<p>x</p>', date: '2026-11-20', release: 'true' }));
    // entries as they were logged before names were kept
    for (const record of [String(nid), '987654'])
      await w.app.lab.db
        .insertInto('activity')
        .values({
          at: new Date().toISOString(),
          actor_pid: w.admin.pid,
          actor: 'admin',
          address: '',
          action: 'update',
          resource: 'news',
          record,
          outcome: 'ok',
          detail: '',
        })
        .execute();
    const old = (await entries(w.admin, '?resource=news')).filter((e) => e.record_name !== undefined && ['987654', String(nid)].includes(e.record));
    expect(old.find((e) => e.record === '987654')?.record_name).toBe('#987654 (deleted)');
    expect(old.find((e) => e.record === String(nid) && e.action === 'update')?.record_name).toBe('Still here');
    w.admin.lang = 'zh';
    const zh = await entries(w.admin, '?resource=news');
    w.admin.lang = 'en';
    expect(zh.find((e) => e.record === '987654')?.record_name).toBe('#987654（已删除）');
  });

  it('names the advisor area’s settings and lists in words, never as keys', async () => {
    expect((await w.advisor.send('PUT', '/apiadvisor0/info/', { list: 'branch', names: '张三\n李四' })).json()).toBe('success');
    const en = (await entries(w.admin, '?resource=advisor'))[0];
    expect(en).toMatchObject({ action: 'update', record: 'names branch', record_name: 'Name list: Party branch' });
    w.admin.lang = 'zh';
    const zh = (await entries(w.admin, '?resource=advisor'))[0];
    w.admin.lang = 'en';
    expect(zh?.record_name).toBe('名单：党支部');
    // the advisor reads their own entry named alike
    expect((await entries(w.advisor, ''))[0]?.record_name).toBe('Name list: Party branch');
  });
});
