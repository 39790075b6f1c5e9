import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logPublications } from '../../server/services/content.ts';
import { dialects } from '../helpers/app.ts';
import { createdId, fieldErrors, makeWorld, unique, type World } from '../fixtures/world.ts';

// On both databases: links of the carousel,
// the one call that saves a new order, and what the activity log records.

type Rec = Record<string, unknown>;

describe.each(dialects)('the console as a secretary uses it, on %s', (dialect) => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld(dialect);
  });
  afterAll(() => w.t.close());

  const slide = (extra: Rec = {}) => ({ kind: 'carousel', title_zh: `幻灯片${unique()}`, ...extra });
  const showcase = async (): Promise<Rec[]> => (await w.admin.get('/api/showcase/')).json();

  it('a slide links to a page of the site (/news/12) or to an http(s) address; anything else is refused in both languages', async () => {
    for (const link of ['/news/12', '/DISCOpen', 'https://example.org/a?b=1', 'http://example.com/']) {
      const id = createdId(await w.admin.send('POST', '/api/showcase/', slide({ link })));
      expect(((await w.admin.get(`/api/showcase/?cid=${id}`)).json() as Rec).link).toBe(link);
    }
    for (const link of ['news/12', 'javascript:alert(1)', '//evil.example/', 'ftp://example.org/x', 'https://exa mple.org/']) {
      w.admin.lang = 'zh';
      const zh = fieldErrors(await w.admin.send('POST', '/api/showcase/', slide({ link })));
      w.admin.lang = 'en';
      expect(zh.link, link).toEqual(['链接必须以 http://、https:// 或 / 开头']);
      const en = fieldErrors(await w.admin.send('POST', '/api/showcase/', slide({ link })));
      expect(en.link, link).toEqual(['a link must start with http://, https:// or /']);
    }
  });

  it('one call saves a new order of an ordered list; a new item comes last of its kind', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(createdId(await w.admin.send('POST', '/api/showcase/', { kind: 'tool', title_zh: `工具${unique()}` })));
    const tools = () => showcase().then((rows) => rows.filter((r) => r.kind === 'tool').map((r) => r.cid));
    // a new one comes last, whatever the others' places
    expect((await tools()).slice(-3)).toEqual(ids);
    const all = await tools();
    const wanted = [ids[2], ...all.filter((id) => id !== ids[2])] as number[];
    const r = await w.admin.json('PUT', '/api/order/showcase/', wanted);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toBe('success');
    expect(await tools()).toEqual(wanted);
    expect((await showcase()).filter((x) => x.kind === 'tool').map((x) => x.order)).toEqual(wanted.map((_, i) => i));
    // each record whose place changed is an update of its order, logged
    const log = (await w.admin.get(`/api/activity/?resource=showcase&action=update`)).json() as { entries: Rec[] };
    expect(log.entries.find((e) => e.record === String(ids[2]))?.detail).toBe('order');

    // the same call for the course pages and the info pages
    const gids: number[] = [];
    for (let i = 0; i < 2; i++)
      gids.push(createdId(await w.admin.send('POST', '/api/page/', { section: 'course', slug: `Order-${unique()}`, title_zh: '课程' })));
    expect((await w.admin.json('PUT', '/api/order/page/', [...gids].reverse())).statusCode).toBe(200);
    const pages = ((await w.admin.get('/api/page/')).json() as Rec[]).filter((p) => gids.includes(p.gid as number));
    expect(pages.map((p) => p.gid)).toEqual([...gids].reverse());
    const iids: number[] = [];
    for (let i = 0; i < 2; i++) iids.push(createdId(await w.admin.send('POST', '/api/info/', { iid: -1, aspect: `A${unique()}` })));
    expect((await w.admin.json('PUT', '/api/order/info/', [...iids].reverse())).statusCode).toBe(200);
    const infos = ((await w.user.get('/api/info/')).json() as Rec[]).map((p) => p.iid);
    expect(infos.slice(0, 2)).toEqual([...iids].reverse());
  });

  it('an update is logged with the fields it changed, not every field sent', async () => {
    const id = createdId(await w.admin.send('POST', '/api/news/', { abstract: `新闻${unique()}`, content_zh: '<p>一</p>', content_en: '<p>one</p>' }));
    const stored = (await w.admin.get(`/api/news/?nid=${id}`)).json() as Rec;
    // the console's editor sends every field it shows; only the Chinese content is new
    const r = await w.admin.send('PUT', `/api/news/?nid=${id}`, {
      abstract: stored.abstract as string,
      date: stored.date as string,
      publish_at: '',
      release: 'false',
      content_zh: '<p>二</p>',
      content_en: '<p>one</p>',
    });
    expect(r.statusCode, r.body).toBe(200);
    const log = (await w.admin.get('/api/activity/?resource=news&action=update')).json() as { entries: Rec[] };
    expect(log.entries.find((e) => e.record === String(id))?.detail).toBe('content_zh');
    // sent again unchanged: an update that changed nothing names nothing
    await w.admin.send('PUT', `/api/news/?nid=${id}`, { abstract: stored.abstract as string, content_zh: '<p>二</p>' });
    const again = (await w.admin.get('/api/activity/?resource=news&action=update')).json() as { entries: Rec[] };
    expect(again.entries.filter((e) => e.record === String(id)).map((e) => e.detail)).toEqual(['', 'content_zh']);
  });

  it("the publish timer's publishing is logged, by the system, naming the item, once", async () => {
    const abstract = `定时新闻, ${unique()}`;
    const at = new Date(Date.now() + 1500).toISOString();
    const id = createdId(await w.admin.send('POST', '/api/news/', { abstract, release: 'true', publish_at: at }));
    const entries = async () =>
      ((await w.admin.get('/api/activity/?resource=news&action=publish')).json() as { entries: Rec[] }).entries.filter((e) => e.record === String(id));
    expect(await entries()).toEqual([]);
    await expect.poll(entries, { timeout: 8000, interval: 200 }).toHaveLength(1);
    const [entry] = await entries();
    expect(entry).toMatchObject({ actor: '', actor_pid: null, action: 'publish', resource: 'news', outcome: 'ok', detail: abstract.replace(',', '，') });
    // the timer of another instance (or a second firing) adds nothing
    await logPublications(w.app.lab.db, ['news']);
    expect(await entries()).toHaveLength(1);
  });

  it('refuses a malformed order, an unknown or repeated id, in both languages, and lets only those who may edit the list', async () => {
    const id = createdId(await w.admin.send('POST', '/api/showcase/', slide()));
    const missing = await w.admin.json('PUT', '/api/order/showcase/', [id, 99_999_999]);
    expect(fieldErrors(missing).ids?.[0]).toContain('99999999');
    w.admin.lang = 'zh';
    expect(fieldErrors(await w.admin.json('PUT', '/api/order/showcase/', [id, id])).ids).toEqual(['同一条目出现了不止一次']);
    w.admin.lang = 'en';
    for (const body of [{ ids: [id] }, ['x'], [1.5], 'nonsense']) {
      const r = await w.admin.json('PUT', '/api/order/showcase/', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.body).not.toContain('Internal');
    }
    expect(fieldErrors(await w.admin.json('PUT', '/api/order/showcase/', [id, id])).ids).toEqual(['an entry is named more than once']);
    // showcase items are the administrators'
    expect((await w.user.json('PUT', '/api/order/showcase/', [id])).statusCode).toBe(403);
    // a resource without an order has no such call
    expect((await w.admin.json('PUT', '/api/order/news/', [1])).statusCode).toBe(404);
  });
});
