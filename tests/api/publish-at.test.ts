import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t as message } from '../../common/messages.ts';
import { article, news, seminar } from '../../common/resources/index.ts';
import type { ResourceDef } from '../../common/resource.ts';
import { MAX_WAIT_MS } from '../../server/cache/publish-timer.ts';
import { dialects } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { createdId, fieldErrors, makeWorld, unique, type World } from '../fixtures/world.ts';

// Drafts and scheduled records. What the public sees of articles, news and seminars is
// what is released and whose publish time, if any, has come, in every public read; a publish time is a
// moment with its offset, stored in UTC; and a record scheduled a moment ahead appears when it comes, with no
// write, in the cached public reads and the search, on both databases.

type Row = Record<string, unknown>;
const later = (ms: number) => new Date(Date.now() + ms).toISOString();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Each kind with a publish time: how to make one, and where the public reads it. */
const kinds = [
  {
    res: article as ResourceDef,
    fields: () => ({ title: `Scheduled article ${unique()}`, abstract: 'x', markdown: 'body' }),
    read: '/api/read_article/',
    one: (id: number) => `/api/read_article/?aid=${id}`,
  },
  {
    res: news as ResourceDef,
    fields: () => ({ abstract: `Scheduled news ${unique()}`, date: '2026-01-02', content_en: '<p>News</p>' }),
    read: '/api/read_news/',
    one: undefined,
  },
  {
    res: seminar as ResourceDef,
    fields: () => ({ title_zh: `定时研讨会 ${unique()}`, date: '2026-01-03' }),
    read: '/api/read_seminar/',
    one: undefined,
  },
];

describe.each(dialects)('drafts and publish times on %s', (dialect) => {
  let w: World;
  let anon: Client;
  beforeAll(async () => {
    w = await makeWorld(dialect);
    anon = new Client(w.app);
  });
  afterAll(() => w.t.close());

  const url = (res: ResourceDef, id: number) => `${res.path}?${res.id}=${id}`;
  const consoleRead = async (res: ResourceDef, id: number) => {
    const r = await w.admin.get(url(res, id));
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Row;
  };
  const publicIds = async (path: string, idField: string) => {
    const r = await anon.get(path);
    expect(r.statusCode, r.body).toBe(200);
    return (r.json() as Row[]).map((x) => x[idField]);
  };

  describe.each(kinds)('$res.name', (kind) => {
    const create = async (extra: Record<string, string>) => createdId(await w.admin.send('POST', kind.res.path, { ...kind.fields(), ...extra }));

    it('stores a publish time in UTC whatever its offset, reads it back, and clears it', async () => {
      const id = await create({ release: 'true', publish_at: '2030-12-01T09:00+08:00' });
      expect((await consoleRead(kind.res, id)).publish_at).toBe('2030-12-01T01:00:00.000Z');
      expect((await w.admin.send('PUT', url(kind.res, id), { publish_at: '2030-12-01T09:00:05.5-05:30' })).statusCode).toBe(200);
      expect((await consoleRead(kind.res, id)).publish_at).toBe('2030-12-01T14:30:05.500Z');
      expect((await w.admin.send('PUT', url(kind.res, id), { publish_at: '' })).statusCode).toBe(200);
      expect((await consoleRead(kind.res, id)).publish_at).toBeNull();
    });

    it('refuses a malformed publish time with a message in the request’s language', async () => {
      const id = await create({ release: 'false' });
      for (const bad of ['tomorrow', '2030-02-30T09:00+08:00', '2030-12-01T09:00', '2030-12-01T25:00Z', '2030-12-01 09:00+08:00']) {
        for (const lang of ['en', 'zh'] as const) {
          w.admin.lang = lang;
          const res = await w.admin.send('PUT', url(kind.res, id), { publish_at: bad });
          expect(fieldErrors(res).publish_at, `${bad} (${lang})`).toEqual([message(lang, 'invalid_instant')]);
        }
      }
      w.admin.lang = 'en';
      expect((await consoleRead(kind.res, id)).publish_at).toBeNull();
    });

    it('shows the public only what is released and due', async () => {
      const idField = kind.res.id;
      const draft = await create({ release: 'false' });
      const scheduled = await create({ release: 'true', publish_at: later(3600_000) });
      const due = await create({ release: 'true', publish_at: '2020-01-01T00:00:00Z' });
      const plain = await create({ release: 'true' });
      // a draft's publish time does not publish it
      const draftWithTime = await create({ release: 'false', publish_at: '2020-01-01T00:00:00Z' });
      const shown = await publicIds(kind.read, idField);
      expect(shown).toContain(due);
      expect(shown).toContain(plain);
      for (const hidden of [draft, scheduled, draftWithTime]) expect(shown).not.toContain(hidden);
      if (kind.one) {
        expect((await anon.get(kind.one(scheduled))).statusCode).toBe(404);
        expect((await anon.get(kind.one(draft))).statusCode).toBe(404);
        const one = await anon.get(kind.one(due));
        expect(one.statusCode).toBe(200);
        // the public answer does not carry the publish time (its projection does not name it)
        expect(one.json()).not.toHaveProperty('publish_at');
      }
      // the console sees all of them
      const all = (await w.admin.get(kind.res.path)).json() as Row[];
      for (const id of [draft, scheduled, due, plain, draftWithTime]) expect(all.map((x) => x[idField])).toContain(id);
      // moving the time back publishes it; forward hides it again
      await w.admin.send('PUT', url(kind.res, scheduled), { publish_at: '2021-01-01T00:00:00Z' });
      expect(await publicIds(kind.read, idField)).toContain(scheduled);
      await w.admin.send('PUT', url(kind.res, scheduled), { publish_at: later(3600_000) });
      expect(await publicIds(kind.read, idField)).not.toContain(scheduled);
    });
  });

  it('keeps seminars public unless switched off, as before seminars had a switch', async () => {
    // one stored before the migration has no value of its own: the column's default
    const row = await w.app.lab.db
      .insertInto('seminar')
      .values({ title_zh: `旧研讨会 ${unique()}`, date: '2025-05-05' })
      .returning('sid')
      .executeTakeFirstOrThrow();
    const created = createdId(await w.admin.send('POST', '/api/seminar/', { title_zh: `新研讨会 ${unique()}`, date: '2026-05-05' }));
    const shown = await publicIds('/api/read_seminar/', 'sid');
    expect(shown).toContain(row.sid);
    expect(shown).toContain(created);
    expect((await consoleRead(seminar, created)).release).toBe(true);
    // the list's switch (a single-field update) takes it off
    expect((await w.admin.send('PUT', `/api/seminar/?sid=${created}`, { release: 'false' })).statusCode).toBe(200);
    expect(await publicIds('/api/read_seminar/', 'sid')).not.toContain(created);
    // the latest seminar of the home page is the latest public one
    const recent = await anon.get('/api/read_seminar/?recent=1');
    expect(recent.statusCode === 404 || (recent.json() as Row).sid !== created).toBe(true);
  });

  it('dates a scheduled article by its publish time, and one published now by now', async () => {
    const at = later(7200_000);
    const aid = createdId(await w.user.send('POST', '/api/article/', { title: `Dated ${unique()}`, abstract: 'x', release: 'true', publish_at: at }));
    expect((await consoleRead(article, aid)).time3).toBe(at);
    // saved again while it waits, it keeps the time it will appear at; moved, it moves with it
    await w.user.send('PUT', `/api/article/?aid=${aid}`, { abstract: 'edited' });
    expect((await consoleRead(article, aid)).time3).toBe(at);
    const moved = later(9000_000);
    await w.user.send('PUT', `/api/article/?aid=${aid}`, { publish_at: moved });
    expect((await consoleRead(article, aid)).time3).toBe(moved);
    // published with no time: now, and an edit afterwards leaves the date alone
    const before = new Date().toISOString();
    await w.user.send('PUT', `/api/article/?aid=${aid}`, { publish_at: '' });
    const time3 = (await consoleRead(article, aid)).time3 as string;
    expect(time3 >= before && time3 <= new Date().toISOString()).toBe(true);
    await w.user.send('PUT', `/api/article/?aid=${aid}`, { abstract: 'edited again' });
    expect((await consoleRead(article, aid)).time3).toBe(time3);
    // a draft scheduled, then released by the list's switch, carries the publish time
    const draft = createdId(await w.user.send('POST', '/api/article/', { title: `Draft ${unique()}`, abstract: 'x', publish_at: at }));
    expect((await consoleRead(article, draft)).time3).toBeNull();
    await w.user.send('PUT', `/api/article/?aid=${draft}`, { release: 'true' });
    expect((await consoleRead(article, draft)).time3).toBe(at);
  });
});

// a world of its own: the records above wait for their times too
describe.each(dialects)('the publish timer on %s', (dialect) => {
  let w: World;
  let anon: Client;
  beforeAll(async () => {
    w = await makeWorld(dialect);
    anon = new Client(w.app);
  });
  afterAll(() => w.t.close());

  it('appears when its time comes, with no write: in the cached reads and the search', async () => {
    const word = `zephyrine${unique()}x`;
    const at = later(1500);
    const aid = createdId(
      await w.admin.send('POST', '/api/article/', { title: `Timed ${word}`, abstract: 'x', markdown: `About ${word}`, release: 'true', publish_at: at }),
    );
    const nid = createdId(
      await w.admin.send('POST', '/api/news/', {
        abstract: `Timed news ${word}`,
        date: '2026-01-04',
        content_en: `<p>${word}</p>`,
        release: 'true',
        publish_at: at,
      }),
    );
    const sid = createdId(await w.admin.send('POST', '/api/seminar/', { title_zh: `定时 ${word}`, date: '2026-01-05', publish_at: at }));
    await w.app.lab.publishTimer.settled();
    expect(w.app.lab.publishTimer.next).toBe(at);
    const cached = async (path: string) => {
      const r = await anon.get(path);
      expect(r.statusCode, r.body).toBe(200);
      return { state: r.headers['x-cache'], ids: r.json() as Row[] };
    };
    const searched = async () => {
      await w.app.lab.search.settled();
      const r = await anon.get(`/api/search/?q=${word}`);
      return (r.json() as { total: number }).total;
    };
    // before: absent, and the public reads' answers are kept in the shared cache
    for (const [path, idField, id] of [
      ['/api/read_article/', 'aid', aid],
      ['/api/read_news/', 'nid', nid],
      ['/api/read_seminar/', 'sid', sid],
    ] as const) {
      expect((await cached(path)).ids.map((x) => x[idField])).not.toContain(id);
      const again = await cached(path);
      expect(again.state, path).toBe('hit');
      expect(again.ids.map((x) => x[idField])).not.toContain(id);
    }
    expect((await anon.get(`/api/read_article/?aid=${aid}`)).statusCode).toBe(404);
    expect(await searched()).toBe(0);

    await sleep(Date.parse(at) - Date.now() + 400);

    // after, with no write since: present, the cached answers renewed, the search current
    expect((await cached('/api/read_article/')).ids.map((x) => x.aid)).toContain(aid);
    expect((await cached('/api/read_news/')).ids.map((x) => x.nid)).toContain(nid);
    expect((await cached('/api/read_seminar/')).ids.map((x) => x.sid)).toContain(sid);
    expect((await anon.get(`/api/read_article/?aid=${aid}`)).statusCode).toBe(200);
    expect(await searched()).toBe(2);
    // and nothing more is awaited
    await w.app.lab.publishTimer.settled();
    expect(w.app.lab.publishTimer.next).toBeUndefined();
  });

  it('waits for the earliest released time, at most a day at a time, and forgets a draft’s', async () => {
    const far = later(3 * MAX_WAIT_MS);
    const near = later(3600_000);
    const aid = createdId(await w.admin.send('POST', '/api/article/', { title: `Far ${unique()}`, abstract: 'x', release: 'true', publish_at: far }));
    await w.app.lab.publishTimer.settled();
    expect(w.app.lab.publishTimer.next).toBe(far);
    const nid = createdId(await w.admin.send('POST', '/api/news/', { abstract: `Near ${unique()}`, release: 'true', publish_at: near }));
    await w.app.lab.publishTimer.settled();
    expect(w.app.lab.publishTimer.next).toBe(near);
    // unpublished, its time is not awaited
    await w.admin.send('PUT', `/api/news/?nid=${nid}`, { release: 'false' });
    await w.app.lab.publishTimer.settled();
    expect(w.app.lab.publishTimer.next).toBe(far);
    await w.admin.delete(`/api/article/?aid=${aid}`);
    await w.app.lab.publishTimer.settled();
    expect(w.app.lab.publishTimer.next).toBeUndefined();
  });
});
