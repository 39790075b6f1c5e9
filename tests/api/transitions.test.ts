import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../helpers/app.ts';
import { Client, type Part } from '../helpers/client.ts';
import { createdId, fieldErrors, makeWorld, unique, type World } from '../fixtures/world.ts';

// SPEC §4: article timestamps, editors and publishing; news release and emphasize; who may edit and
// delete articles and publications; seminar defaults, language fallbacks and the latest seminar.

type Row = Record<string, unknown>;

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const ms = (v: unknown) => new Date(String(v)).getTime();

describe.each(dialects)('state transitions on %s', (dialect) => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld(dialect);
  });
  afterAll(() => w.t.close());

  const read = async (c: Client, url: string): Promise<Row> => {
    const r = await c.get(url);
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const newArticle = async (c: Client, extra: Record<string, Part> = {}) =>
    createdId(await c.send('POST', '/api/article/', { title: `Article ${unique()}`, abstract: 'Abstract', markdown: '# Body', ...extra }));
  const article = (aid: number) => read(w.admin, `/api/article/?aid=${aid}`);
  const ok = async (p: Promise<{ statusCode: number; body: string }>) => {
    const r = await p;
    expect(r.statusCode, r.body).toBe(200);
    expect(JSON.parse(r.body)).toBe('success');
  };

  describe('articles', () => {
    it('sets time1 once, time2 on every save and time3 when published', async () => {
      const t0 = Date.now();
      const aid = await newArticle(w.user);
      const a0 = await article(aid);
      expect(a0.time1).toMatch(ISO);
      expect(a0.time2).toMatch(ISO);
      expect(ms(a0.time1)).toBeGreaterThanOrEqual(t0 - 1000);
      expect(a0.time3 ?? null).toBeNull();
      expect(a0.release).toBe(false);
      expect(a0.releasestr).toBe('unpublished');
      expect(a0.timestr1).toEqual(expect.any(String));
      expect(a0.timestr1).not.toBe('');

      await sleep(15);
      await ok(w.user.send('PUT', `/api/article/?aid=${aid}`, { markdown: '# Second version' }));
      const a1 = await article(aid);
      expect(a1.time1).toBe(a0.time1);
      expect(ms(a1.time2)).toBeGreaterThan(ms(a0.time2));
      expect(a1.time3 ?? null).toBeNull();

      await sleep(15);
      await ok(w.other.send('PUT', `/api/article/?aid=${aid}`, { title: 'Edited by another member' }));
      const a2 = await article(aid);
      expect(a2.time1).toBe(a0.time1);
      expect(ms(a2.time2)).toBeGreaterThan(ms(a1.time2));

      // publishing is a single-field update; a time3 sent by the client is the server's to set
      await sleep(15);
      const before = Date.now();
      await ok(w.admin.send('PUT', `/api/article/?aid=${aid}`, { release: 'true', time3: '1999-01-01T00:00:00.000Z' }));
      const a3 = await article(aid);
      expect(a3.release).toBe(true);
      expect(a3.releasestr).toBe('published');
      expect(a3.time3).toMatch(ISO);
      expect(ms(a3.time3)).toBeGreaterThanOrEqual(before - 5);
      expect(a3.time1).toBe(a0.time1);
      expect(a3.title).toBe('Edited by another member');
      expect(a3.markdown).toBe('# Second version');

      // unpublishing keeps the last publication time; publishing again renews it
      await ok(w.admin.send('PUT', `/api/article/?aid=${aid}`, { release: 'false' }));
      const a4 = await article(aid);
      expect(a4.release).toBe(false);
      expect(a4.time3).toBe(a3.time3);
      await sleep(15);
      await ok(w.admin.send('PUT', `/api/article/?aid=${aid}`, { release: 'true' }));
      expect(ms((await article(aid)).time3)).toBeGreaterThan(ms(a3.time3));
      // saving an already published article does not move time3
      const a5 = await article(aid);
      await sleep(15);
      await ok(w.admin.send('PUT', `/api/article/?aid=${aid}`, { release: 'true', abstract: 'Still published' }));
      expect((await article(aid)).time3).toBe(a5.time3);
    });

    it('a client cannot set time1 or time2', async () => {
      const aid = await newArticle(w.user, { time1: '2000-01-01T00:00:00.000Z', time2: '2000-01-01T00:00:00.000Z' });
      const a = await article(aid);
      expect(ms(a.time1)).toBeGreaterThan(ms('2020-01-01T00:00:00Z'));
      expect(ms(a.time2)).toBeGreaterThan(ms('2020-01-01T00:00:00Z'));
    });

    it('adds the saving member’s name to the editors once', async () => {
      const aid = await newArticle(w.user);
      expect((await article(aid)).editors).toEqual([w.user.name_zh]);
      await ok(w.user.send('PUT', `/api/article/?aid=${aid}`, { markdown: 'again' }));
      expect((await article(aid)).editors).toEqual([w.user.name_zh]);
      await ok(w.other.send('PUT', `/api/article/?aid=${aid}`, { markdown: 'by other' }));
      expect((await article(aid)).editors).toEqual([w.user.name_zh, w.other.name_zh]);
      // a full edit sending an editors list without the saver gains the saver
      await ok(w.admin.send('PUT', `/api/article/?aid=${aid}`, { editors: JSON.stringify(['Guest Editor']) }));
      expect((await article(aid)).editors).toEqual(['Guest Editor', w.admin.name_zh]);
      // a list already naming the saver is kept as sent
      await ok(w.other.send('PUT', `/api/article/?aid=${aid}`, { editors: JSON.stringify([w.other.name_zh, 'Guest Editor']) }));
      expect((await article(aid)).editors).toEqual([w.other.name_zh, 'Guest Editor']);
    });

    it('shows only published articles publicly, newest publication first', async () => {
      const anon = new Client(w.app);
      const draft = await newArticle(w.user, { title: 'Draft only' });
      const first = await newArticle(w.user, { release: 'true' });
      await sleep(15);
      const second = await newArticle(w.user);
      await ok(w.user.send('PUT', `/api/article/?aid=${second}`, { release: 'true' }));

      const list = (await read(anon, '/api/read_article/')) as unknown as Row[];
      expect(Array.isArray(list)).toBe(true);
      const ids = list.map((a) => a.aid);
      expect(ids).not.toContain(draft);
      expect(ids.indexOf(second)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
      for (const item of list) {
        expect(item).toHaveProperty('title');
        expect(item).toHaveProperty('image_url');
        expect(item.time3).toMatch(ISO);
        expect(typeof item.aid).toBe('number');
      }
      expect((await anon.get(`/api/read_article/?aid=${draft}`)).statusCode).toBe(404);
      expect((await anon.get('/api/read_article/?aid=abc')).statusCode).toBe(404);
      expect((await anon.get('/api/read_article/?aid=987654')).statusCode).toBe(404);
      const one = await read(anon, `/api/read_article/?aid=${second}`);
      expect(one).toMatchObject({ aid: second, release: true, markdown: '# Body', releasestr: 'published' });

      // unpublishing takes it off the public site
      await ok(w.user.send('PUT', `/api/article/?aid=${second}`, { release: 'false' }));
      expect((await anon.get(`/api/read_article/?aid=${second}`)).statusCode).toBe(404);
      expect(((await read(anon, '/api/read_article/')) as unknown as Row[]).map((a) => a.aid)).not.toContain(second);
    });

    it('answers derived strings in the request’s language', async () => {
      const aid = await newArticle(w.user, { release: 'true' });
      const zh = new Client(w.app, w.admin.token);
      zh.lang = 'zh';
      expect((await read(zh, `/api/article/?aid=${aid}`)).releasestr).toBe('已发布');
    });
  });

  describe('who edits and deletes articles and publications', () => {
    const kinds = [
      {
        name: 'article',
        path: '/api/article/',
        id: 'aid',
        fields: () => ({ title: `A ${unique()}`, abstract: 'x' }),
        edit: { abstract: 'edited by someone else' },
      },
      {
        name: 'publication',
        path: '/api/publication/',
        id: 'pid',
        fields: () => ({ title: `P ${unique()}`, author: '["X"]', source: 'EMNLP' }),
        edit: { source: 'edited by someone else' },
      },
    ];
    it.each(kinds)('$name: any member edits any; members delete their own; administrators delete any', async (k) => {
      const url = (id: number) => `${k.path}?${k.id}=${id}`;
      const ofAdmin = createdId(await w.admin.send('POST', k.path, k.fields()));
      await ok(w.user.send('PUT', url(ofAdmin), k.edit));
      expect(await read(w.admin, url(ofAdmin))).toMatchObject(k.edit);
      const denied = await w.user.delete(url(ofAdmin));
      expect(denied.statusCode).toBe(403);
      expect(denied.json().detail).toBe('Permission denied');
      expect((await w.admin.get(url(ofAdmin))).statusCode).toBe(200);

      const ofUser = createdId(await w.user.send('POST', k.path, k.fields()));
      expect((await w.other.delete(url(ofUser))).statusCode).toBe(403);
      await ok(w.user.delete(url(ofUser)));
      expect((await w.admin.get(url(ofUser))).statusCode).toBe(404);

      const ofOther = createdId(await w.other.send('POST', k.path, k.fields()));
      await ok(w.admin.delete(url(ofOther)));
      await ok(w.admin.delete(url(ofAdmin)));
      expect((await w.admin.get(url(ofAdmin))).statusCode).toBe(404);
    });
  });

  describe('news', () => {
    const news = (nid: number) => read(w.admin, `/api/news/?nid=${nid}`);

    it('publishes and emphasizes with single-field updates; the public sees only published news', async () => {
      const anon = new Client(w.app);
      const fields = { abstract: `News ${unique()}`, date: '2025-04-01', content_zh: '<p>中文</p>', content_en: '<p>English</p>' };
      const nid = createdId(await w.admin.send('POST', '/api/news/', fields));
      const n0 = await news(nid);
      expect(n0).toMatchObject({ ...fields, nid, release: false, emphasize: false, releasestr: 'unpublished', emphasizestr: 'not emphasized' });
      const publicIds = async () => ((await read(anon, '/api/read_news/')) as unknown as Row[]).map((n) => n.nid);
      expect(await publicIds()).not.toContain(nid);

      await ok(w.admin.send('PUT', `/api/news/?nid=${nid}`, { release: 'true' }));
      const n1 = await news(nid);
      expect(n1).toEqual({ ...n0, release: true, releasestr: 'published' });
      expect(await publicIds()).toContain(nid);

      await ok(w.admin.send('PUT', `/api/news/?nid=${nid}`, { emphasize: 'true' }));
      expect(await news(nid)).toEqual({ ...n1, emphasize: true, emphasizestr: 'emphasized' });

      await ok(w.admin.send('PUT', `/api/news/?nid=${nid}`, { emphasize: 'false' }));
      await ok(w.admin.send('PUT', `/api/news/?nid=${nid}`, { release: 'false' }));
      expect(await news(nid)).toEqual(n0);
      expect(await publicIds()).not.toContain(nid);
    });

    it('lists public news newest first with sanitized HTML', async () => {
      const older = createdId(await w.admin.send('POST', '/api/news/', { abstract: 'Older', date: '2020-01-01', release: 'true', content_en: '<p>old</p>' }));
      const newer = createdId(
        await w.admin.send('POST', '/api/news/', {
          abstract: 'Newer',
          date: '2030-12-31',
          release: 'true',
          content_zh: '<p onclick="x()">新</p><script>alert(1)</script>',
        }),
      );
      const list = (await read(new Client(w.app), '/api/read_news/')) as unknown as Row[];
      const ids = list.map((n) => n.nid);
      expect(ids[0]).toBe(newer);
      expect(ids.indexOf(older)).toBeGreaterThan(0);
      const item = list[0] as Row;
      expect(item).toMatchObject({ date: '2030-12-31', content_zh: '<p>新</p>' });
      expect(list.every((n) => n.release === true)).toBe(true);
      // stored as sent
      expect((await news(newer)).content_zh).toBe('<p onclick="x()">新</p><script>alert(1)</script>');
    });

    it('defaults the date to today and refuses an empty abstract on update', async () => {
      const nid = createdId(await w.admin.send('POST', '/api/news/', { abstract: 'Dated today' }));
      const d = new Date();
      const today = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      expect((await news(nid)).date).toBe(today);
      expect(fieldErrors(await w.admin.send('PUT', `/api/news/?nid=${nid}`, { abstract: '' }))).toEqual({ abstract: ['required'] });
    });
  });

  describe('seminars', () => {
    it('answers 404 for the latest seminar while there is none', async () => {
      const r = await new Client(w.app).get('/api/read_seminar/?recent=1');
      expect(r.statusCode).toBe(404);
      expect((await read(new Client(w.app), '/api/read_seminar/')) as unknown).toEqual([]);
    });

    it('fills start, end and room type with SPEC §9’s defaults', async () => {
      const sid = createdId(await w.admin.send('POST', '/api/seminar/', { title_zh: '默认值', date: '2024-02-02' }));
      expect(await read(w.admin, `/api/seminar/?sid=${sid}`)).toMatchObject({ start: '14:00', end: '15:30', room_type: 'Tencent meeting', date: '2024-02-02' });
      expect(fieldErrors(await w.admin.send('POST', '/api/seminar/', { title_zh: '时间', start: '16:00', end: '15:00' }))).toEqual({
        end: [expect.stringMatching(/^out of range/)],
      });
    });

    it('falls back between _zh and _en publicly, keeps them as stored in the console, hides the room password', async () => {
      const sid = createdId(
        await w.admin.send('POST', '/api/seminar/', {
          title_zh: '中文标题',
          speaker_en: 'Alice Example',
          host_zh: '主持人',
          host_en: 'The Host',
          date: '2019-09-09',
          room_pw: 'secret-pw-123',
        }),
      );
      const console = await read(w.admin, `/api/seminar/?sid=${sid}`);
      expect(console).toMatchObject({ title_zh: '中文标题', title_en: '', speaker_zh: '', speaker_en: 'Alice Example', room_pw: 'secret-pw-123' });
      const r = await new Client(w.app).get('/api/read_seminar/');
      expect(r.body).not.toContain('secret-pw-123');
      const pub = (r.json() as Row[]).find((s) => s.sid === sid) as Row;
      expect(pub).toMatchObject({
        title_zh: '中文标题',
        title_en: '中文标题',
        speaker_zh: 'Alice Example',
        speaker_en: 'Alice Example',
        host_zh: '主持人',
        host_en: 'The Host',
      });
      expect(pub).not.toHaveProperty('room_pw');
    });

    it('answers the seminar with the latest date for ?recent=1', async () => {
      const dates = ['2031-01-05', '2031-03-01', '2030-12-31'];
      const ids: number[] = [];
      for (const date of dates)
        ids.push(createdId(await w.admin.send('POST', '/api/seminar/', { title_zh: `研讨 ${date}`, title_en: `Seminar ${date}`, date })));
      const recent = await read(new Client(w.app), '/api/read_seminar/?recent=1');
      expect(Array.isArray(recent)).toBe(false);
      expect(recent).toMatchObject({ sid: ids[1], date: '2031-03-01', title_en: 'Seminar 2031-03-01' });
      expect(recent).not.toHaveProperty('room_pw');
      const list = (await read(new Client(w.app), '/api/read_seminar/')) as unknown as Row[];
      const listed = list.map((s) => String(s.date));
      expect(listed).toEqual([...listed].sort().reverse());
    });
  });
});
