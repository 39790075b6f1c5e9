import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '../../common/search.ts';
import { dialects } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { createdId, makeWorld, type World } from '../fixtures/world.ts';

// The console's quick search (GET /api/search/?scope=console) finds what the member
// may edit, drafts included, and never beyond their rights: an ordinary member finds an article draft
// (members edit articles) but no news draft, unreleased page or project (administrators edit those); an
// administrator finds them all; a visitor and the public search find none of them. Before, the console
// asked the public search, which found no draft at all.

describe.each(dialects)('the console search of unpublished records on %s', (dialect) => {
  let w: World;
  const id: Record<string, number> = {};

  async function search(c: Client, q: string, scope = '&scope=console'): Promise<SearchAnswer & { ids: string[]; metas: string[] }> {
    const res = await c.get(`/api/search/?q=${encodeURIComponent(q)}${scope}`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as SearchAnswer;
    return { ...answer, ids: answer.results.map((r) => r.id), metas: answer.results.map((r) => r.meta) };
  }

  beforeAll(async () => {
    w = await makeWorld(dialect);
    const article = { abstract: 'An abstract', markdown: 'Body text', type: 'lab hot topic' };
    // a member's own draft article, and one scheduled for later by the administrator
    id.draft = createdId(await w.user.send('POST', '/api/article/', { ...article, title: 'Quorvex draft notes', release: 'false' }));
    id.scheduled = createdId(
      await w.admin.send('POST', '/api/article/', { ...article, title: 'Quorvex scheduled notes', release: 'true', publish_at: '2099-01-01T09:00+08:00' }),
    );
    id.published = createdId(await w.admin.send('POST', '/api/article/', { ...article, title: 'Quorvex published notes', release: 'true' }));
    // what only administrators edit
    id.news = createdId(
      await w.admin.send('POST', '/api/news/', { abstract: 'Quorvex news draft', content_en: '<p>Quorvex</p>', date: '2026-11-20', release: 'false' }),
    );
    id.page = createdId(
      await w.admin.send('POST', '/api/page/', {
        section: 'course',
        slug: `Quorvex-${dialect}`,
        title_zh: '课程',
        title_en: 'Quorvex course',
        release: 'false',
      }),
    );
    id.tool = createdId(await w.admin.send('POST', '/api/showcase/', { kind: 'tool', title_zh: '工具', title_en: 'Quorvex tool', release: 'false' }));
    await w.app.lab.search.settled();
    await w.app.lab.unpublished.settled();
  }, 120_000);
  afterAll(() => w?.t.close());

  it('finds an ordinary member the drafts they may edit, first and marked as such, and nothing only administrators edit', async () => {
    const r = await search(w.user, 'quorvex');
    expect(r.ids.slice(0, 2).sort()).toEqual([`article:${id.draft}`, `article:${id.scheduled}`].sort());
    expect(r.ids).toContain(`article:${id.published}`);
    expect(r.ids).not.toContain(`news:${id.news}`);
    expect(r.ids.filter((i) => i.startsWith('course:') || i.startsWith('opensource:'))).toEqual([]);
    expect(r.total).toBe(3);
    expect(r.counts.article).toBe(3);
    expect(r.counts.news).toBe(0);
    const meta = (aid: number) => r.metas[r.ids.indexOf(`article:${aid}`)];
    expect(meta(id.draft as number)).toBe('Draft');
    expect(meta(id.scheduled as number)).toBe('Scheduled');
    // in Chinese
    w.user.lang = 'zh';
    try {
      const zh = await search(w.user, 'quorvex');
      expect(zh.metas[zh.ids.indexOf(`article:${id.draft}`)]).toBe('草稿');
    } finally {
      w.user.lang = 'en';
    }
    // a draft's words are found the forgiving way too: by a misspelling of its title's word
    const near = await search(w.user, 'draftt quorvex');
    expect(near.ids).toEqual([`article:${id.draft}`]);
  });

  it('finds an administrator every unpublished record: drafts, scheduled, news, pages and projects', async () => {
    const r = await search(w.admin, 'quorvex');
    expect(r.ids).toEqual(
      expect.arrayContaining([`article:${id.draft}`, `article:${id.scheduled}`, `news:${id.news}`, `course:Quorvex-${dialect}`, `opensource:${id.tool}`]),
    );
    expect(r.ids).toContain(`article:${id.published}`);
    expect(r.total).toBe(6);
    // narrowed by kind
    expect((await search(w.admin, 'quorvex', '&scope=console&kind=news')).ids).toEqual([`news:${id.news}`]);
  });

  it('finds no unpublished record for the public search or a visitor, and asks a visitor to log in', async () => {
    for (const c of [w.admin, w.user, new Client(w.app)]) expect((await search(c, 'quorvex', '')).ids).toEqual([`article:${id.published}`]);
    const anon = new Client(w.app);
    const res = await anon.get('/api/search/?q=quorvex&scope=console');
    expect(res.statusCode).toBe(401);
    // asked twice, never answered from the public search's kept answers
    expect((await anon.get('/api/search/?q=quorvex&scope=console')).statusCode).toBe(401);
    expect((await anon.get('/api/search/?q=quorvex&scope=everything')).statusCode).toBe(400);
  });

  it('follows a draft as it is published and deleted', async () => {
    expect((await w.user.send('PUT', `/api/article/?aid=${id.draft}`, { release: 'true' })).statusCode).toBe(200);
    await w.app.lab.search.settled();
    await w.app.lab.unpublished.settled();
    const r = await search(w.user, 'quorvex draft');
    expect(r.ids).toEqual([`article:${id.draft}`]);
    expect(r.metas[0]).not.toBe('Draft');
    expect((await w.user.delete(`/api/article/?aid=${id.draft}`)).statusCode).toBe(200);
    await w.app.lab.search.settled();
    await w.app.lab.unpublished.settled();
    expect((await search(w.user, 'quorvex draft')).total).toBe(0);
  });
});
