import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, RouterContextProvider, StaticRouterProvider, useLoaderData } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageDataContext } from '#page-context';
import { I18nProvider } from '../../app/i18n/index.tsx';
import { menuOf } from '../../app/lib/paths.ts';
import { loader as rootLoader } from '../../app/root.tsx';
import * as listPage from '../../app/routes/public/resource-list.tsx';
import * as recordPage from '../../app/routes/public/resource-record.tsx';
import * as searchPage from '../../app/routes/public/search.tsx';
import { defineResource, isPublicResource, publicListPath } from '../../common/resource.ts';
import { resources } from '../../common/resources/index.ts';
import type { Topic } from '../../server/cache/changes.ts';
import { isPostgres } from '../../server/db/database.ts';
import { createPageData } from '../../server/pages/page-data.ts';
import { type Registered, registry } from '../../server/registry.ts';
import { createCrud } from '../../server/services/crud.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { Client, loginAs } from '../helpers/client.ts';
import { createdId, fieldErrors } from '../fixtures/world.ts';

// docs/adding-a-resource.md, "A public page": a resource that exists only in this test
// (a prize) is its declaration with a `public` part, its table (the migration, here), and a line of the
// registry given to the app. With nothing else, the server answers its public read with the projection
// only, renders its list and record pages in both languages, lists it in the menu and the sitemap, finds
// it in the search, makes its cached read stale on a write, and refuses its page's segment as a username.
//
// The pages: app/routes.ts adds a route for each declaration in common/resources at build time, which a
// resource declared in a test is not. So the page side is shown one layer down: the generic route modules
// (app/routes/public/resource-list.tsx, resource-record.tsx), their loaders and components as they are
// built, rendered on the server by React Router's static handler with the page data the server gives them
// (server/pages/page-data.ts) for a request of that path, and the root loader's menu entries.

const prize = defineResource({
  name: 'prize',
  label: { zh: '奖项', en: 'Prizes' },
  table: 'prize',
  id: 'zid',
  path: '/api/prize/',
  fields: {
    title_zh: { kind: 'text', label: { zh: '名称（中文）', en: 'Title (Chinese)' }, required: true, max: 200 },
    title_en: { kind: 'text', label: { zh: '名称（英文）', en: 'Title (English)' }, max: 200 },
    year: { kind: 'int', label: { zh: '年份', en: 'Year' }, min: 1950, max: 2100 },
    note: { kind: 'text', label: { zh: '内部备注', en: 'Internal note' }, max: 200 },
    release: { kind: 'bool', label: { zh: '发布', en: 'Released' }, default: false },
  },
  access: { read: 'admin', create: 'admin', update: 'admin', delete: 'admin' },
  listColumns: ['zid', { key: 'title', bilingual: true, label: { zh: '名称', en: 'Title' } }, 'year'],
  orderBy: [
    ['year', 'desc'],
    ['zid', 'desc'],
  ],
  public: {
    segment: 'prizes',
    nav: { label: { zh: '获奖', en: 'Prizes' }, order: 55 },
    description: { zh: '实验室获得的奖项。', en: 'Prizes the lab has won.' },
    fields: ['title_zh', 'title_en', 'year'],
    releasedBy: 'release',
    pageSize: 1,
    title: 'title',
    meta: 'year',
  },
});

const prizes: Registered = { crud: createCrud(prize), routes: 'generic', update: 'record' };

/** The search page, given its data as a prop as the framework hands it. */
function SearchRoute() {
  return createElement(searchPage.default, { loaderData: useLoaderData() } as never);
}

/** A page request for `url`, as the server's page route makes page data of it. */
const pageRequest = (url: string, lang: 'zh' | 'en') =>
  ({ url, method: 'GET', headers: { 'accept-language': lang }, pageOrigin: 'https://lab.example' }) as unknown as FastifyRequest;

describe.each(dialects)('a public resource declared in a test, on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  let anonymous: Client;
  const ids: Record<string, number> = {};

  /** The page at `url` as the generic route modules render it on the server, and the topics its data read. */
  async function render(url: string, lang: 'zh' | 'en'): Promise<{ status: number; html: string; topics: Set<Topic> }> {
    const topics = new Set<Topic>();
    const context = new RouterContextProvider();
    context.set(pageDataContext, createPageData(t.app.lab, pageRequest(url, lang), topics));
    const handler = createStaticHandler([
      { id: 'list', path: '/prizes', loader: listPage.loader, Component: listPage.default },
      { id: 'record', path: '/prizes/:id', loader: recordPage.loader, Component: recordPage.default },
      { id: 'search', path: '/search', loader: searchPage.loader, Component: SearchRoute },
    ]);
    const result = await handler.query(new Request(`https://lab.example${url}`), { requestContext: context });
    if (result instanceof Response) throw new Error(`unexpected redirect ${result.status}`);
    if (result.statusCode !== 200) return { status: result.statusCode, html: '', topics };
    const router = createStaticRouter(handler.dataRoutes, result);
    const html = renderToString(
      createElement(
        I18nProvider,
        { lang } as { lang: 'zh' | 'en'; children: never },
        createElement(StaticRouterProvider, { router, context: result, hydrate: false }),
      ),
    );
    return { status: 200, html, topics };
  }

  beforeAll(async () => {
    // the sitemap is served with the pages (server/pages/plugin.ts), which need no build for it
    t = await makeApp(dialect, { LAB_API_ONLY: '0' }, { resources: [...registry, prizes] });
    // its migration
    const db = t.app.lab.db;
    const id = isPostgres(db) ? sql`zid serial primary key` : sql`zid integer primary key autoincrement`;
    await sql`create table prize (${id}, title_zh varchar(200) not null, title_en varchar(200) not null default '', year integer, note varchar(200) not null default '', release integer not null default 0 check (release in (0, 1)))`.execute(
      db,
    );
    admin = await loginAs(t.app, 'admin', 'admin-password');
    anonymous = new Client(t.app);
    ids.old = createdId(
      await admin.send('POST', prize.path, { title_zh: '最佳论文奖', title_en: 'Best Paper Award', year: 2019, note: 'secret-note', release: 'true' }),
    );
    ids.mid = createdId(await admin.send('POST', prize.path, { title_zh: '青年科学家奖', title_en: 'Young Scientist Prize', year: 2022, release: 'true' }));
    ids.draft = createdId(
      await admin.send('POST', prize.path, { title_zh: '未公布奖项', title_en: 'Unannounced Quokkaprize', year: 2025, note: 'draft-note' }),
    );
  });
  afterAll(() => t.close());

  it('answers its public read with the projection only: never the release flag nor an unprojected field, never an unreleased record', async () => {
    const res = await anonymous.get('/api/read_prize/');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as Record<string, unknown>[];
    expect(list.map((p) => p.zid)).toEqual([ids.mid, ids.old]);
    for (const p of list) expect(Object.keys(p).sort()).toEqual(['title_en', 'title_zh', 'year', 'zid']);
    expect(res.body).not.toContain('secret-note');
    const one = await anonymous.get(`/api/read_prize/?zid=${ids.old}`);
    expect(one.json()).toEqual({ zid: ids.old, title_zh: '最佳论文奖', title_en: 'Best Paper Award', year: 2019 });
    expect((await anonymous.get(`/api/read_prize/?zid=${ids.draft}`)).statusCode).toBe(404);
    expect((await anonymous.get('/api/read_prize/?zid=x')).statusCode).toBe(404);
  });

  it('renders its list page and its record pages on the server, in both languages, a page at a time', async () => {
    const zh = await render('/prizes', 'zh');
    expect(zh.status).toBe(200);
    expect(zh.html).toContain('<h1>获奖</h1>');
    expect(zh.html).toContain('实验室获得的奖项。');
    expect(zh.html).toContain(`<a class="card" href="/prizes/${ids.mid}" rel="noopener"><div class="card-body"><h2>青年科学家奖</h2>`);
    expect(zh.html).not.toContain('最佳论文奖'); // one to a page: the older is on page 2
    const en2 = await render('/prizes?page=2', 'en');
    expect(en2.status).toBe(200);
    expect(en2.html).toContain('<h1>Prizes</h1>');
    expect(en2.html).toContain('<h2>Best Paper Award</h2>');
    expect(en2.html).not.toContain('Quokkaprize');
    expect(en2.html).not.toContain('secret-note');
    expect((await render('/prizes?page=3', 'en')).status).toBe(404);

    const record = await render(`/prizes/${ids.old}`, 'en');
    expect(record.status).toBe(200);
    expect(record.html).toContain('<h1>Best Paper Award</h1>');
    expect(record.html).toContain('<p>2019</p>');
    expect(record.html).toContain('href="/prizes"');
    expect((await render(`/prizes/${ids.old}`, 'zh')).html).toContain('<h1>最佳论文奖</h1>');
    expect((await render(`/prizes/${ids.draft}`, 'en')).status).toBe(404);
    expect((await render('/prizes/999999', 'en')).status).toBe(404);
    // the page cache keeps these pages until a write to the prizes
    expect([...record.topics]).toEqual(['prize']);
  });

  it('has its menu entry at its declared place, with its label in the reader’s language', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const context = new RouterContextProvider();
      context.set(pageDataContext, createPageData(t.app.lab, pageRequest('/', lang), new Set()));
      const root = await rootLoader({ context, request: new Request('https://lab.example/'), params: {} } as never);
      const menu = menuOf(root.nav);
      // the resources common/resources declares with a public side have their entries too: left out here
      const declared = Object.values(resources).flatMap((r) => (isPublicResource(r) ? [publicListPath(r)] : []));
      expect(menu.map((e) => e.href).filter((h) => !declared.includes(h))).toEqual([
        '/',
        '/news',
        '/people',
        '/curriculum',
        '/sharedtask',
        '/publication',
        '/prizes',
        '/DISCOpen',
      ]);
      expect(menu.find((e) => e.href === '/prizes')?.label).toBe(lang === 'zh' ? '获奖' : 'Prizes');
    }
  });

  it('is in the sitemap: its list pages and each public record’s page', async () => {
    const res = await anonymous.get('/sitemap.xml');
    expect(res.statusCode, res.body).toBe(200);
    const sitemap = res.body;
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL((m[1] as string).replaceAll('&amp;', '&')));
    const ours = locs.filter((u) => u.pathname.startsWith('/prizes')).map((u) => `${u.pathname}${u.search}`);
    expect(ours).toEqual(['/prizes', '/prizes?page=2', `/prizes/${ids.mid}`, `/prizes/${ids.old}`]);
  });

  it('is found by the search, by its declared title and meta, and its drafts are not', async () => {
    await expect
      .poll(async () => ((await anonymous.get('/api/search/?q=Scientist')).json() as { results: { id: string }[] }).results.map((r) => r.id))
      .toContain(`prize:${ids.mid}`);
    const found = (await anonymous.get('/api/search/?q=Scientist')).json() as { results: { id: string; kind: string; url: string; meta: string }[] };
    expect(found.results.find((r) => r.id === `prize:${ids.mid}`)).toMatchObject({ kind: 'prize', url: `/prizes/${ids.mid}`, meta: '2022' });
    expect(((await anonymous.get('/api/search/?q=Quokkaprize')).json() as { total: number }).total).toBe(0);
  });

  it('is a kind of its own in the search: counted, chosen with ?kind=, and a tab of the search page', async () => {
    type Answer = { kind: string | null; total: number; counts: Record<string, number>; results: { kind: string }[] };
    await expect.poll(async () => ((await anonymous.get('/api/search/?q=Scientist')).json() as Answer).counts.prize).toBeGreaterThan(0);
    const all = (await anonymous.get('/api/search/?q=Scientist')).json() as Answer;
    // every fixed kind is still counted, and the prize beside them
    expect(Object.keys(all.counts)).toEqual(
      expect.arrayContaining(['publication', 'article', 'news', 'person', 'course', 'sharedtask', 'opensource', 'prize']),
    );
    const chosen = (await anonymous.get('/api/search/?q=Scientist&kind=prize')).json() as Answer;
    expect(chosen.kind).toBe('prize');
    expect(chosen.total).toBe(all.counts.prize);
    expect(chosen.results.length).toBeGreaterThan(0);
    expect(chosen.results.every((r) => r.kind === 'prize')).toBe(true);
    // a kind nothing declares is refused, in both languages
    const wrong = await anonymous.get('/api/search/?q=Scientist&kind=trophy');
    expect(wrong.statusCode).toBe(400);
    // the search page: a tab with the resource's label and its count, and the chosen kind's results only
    const page = await render('/search?q=Scientist', 'en');
    expect(page.html).toContain(`href="/search?q=Scientist&amp;kind=prize"`);
    expect(page.html.replaceAll('<!-- -->', '')).toContain(`Prizes (${all.counts.prize})`);
    const tabbed = await render('/search?q=Scientist&kind=prize', 'zh');
    expect(tabbed.html).toContain('aria-current="true"');
    expect(tabbed.html).toMatch(/<span class="badge">获奖<\/span>/);
  });

  it('makes its cached read and pages stale on a write through the API', async () => {
    const first = await anonymous.get('/api/read_prize/');
    const second = await anonymous.get('/api/read_prize/');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    // released by an update: it appears
    expect((await admin.send('PUT', `${prize.path}?zid=${ids.draft}`, { release: 'true' })).statusCode).toBe(200);
    const afterPut = (await anonymous.get('/api/read_prize/')).json() as { zid: number }[];
    expect(afterPut.map((p) => p.zid)).toEqual([ids.draft, ids.mid, ids.old]);
    // a new one: it appears too, in the declared order
    const added = createdId(await admin.send('POST', prize.path, { title_zh: '教学成果奖', title_en: 'Teaching Award', year: 2023, release: 'true' }));
    const afterPost = (await anonymous.get('/api/read_prize/')).json() as { zid: number }[];
    expect(afterPost.map((p) => p.zid)).toEqual([ids.draft, added, ids.mid, ids.old]);
    expect((await render('/prizes', 'en')).html).toContain('Unannounced Quokkaprize');
    await expect.poll(async () => ((await anonymous.get('/api/search/?q=Quokkaprize')).json() as { total: number }).total).toBe(1);
  });

  it('reserves its pages’ first segment: no member can take it as a username', async () => {
    for (const username of ['prizes', 'Prizes']) {
      const res = await admin.send('POST', '/api/people/', {
        uid: `P-${username}`,
        username,
        name_zh: '某人',
        name_en: 'Someone',
        password: 'a quiet harbour at dawn',
        password2: 'a quiet harbour at dawn',
      });
      expect(fieldErrors(res)).toEqual({ username: ['this username is reserved'] });
    }
  });
});
