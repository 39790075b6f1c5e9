import { orderPath } from '../../common/resource.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../server/registry.ts';
import { dialects } from '../helpers/app.ts';
import { Client, type Part } from '../helpers/client.ts';
import { png } from '../fixtures/images.ts';
import { createdId, expiredClient, makeWorld, type Member, unique, type World } from '../fixtures/world.ts';

// SPEC §6 / DESIGN "Who may do what": every call of SPEC §7 by every kind of caller. One row per call;
// `make` builds the request for the acting member `me` (for anonymous and expired callers, `me` is the
// ordinary user whose identity the request names), creating fresh records where the call consumes one.

const roles = ['anonymous', 'user', 'admin', 'advisor', 'expired'] as const;
type Role = (typeof roles)[number];

type Req = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; form?: Record<string, Part>; json?: unknown };
type Row = { call: string; expect: readonly [number, number, number, number, number]; make: (w: World, me: Member, fx: Fixtures) => Promise<Req> | Req };

type Fixtures = {
  articleOfAdmin: number;
  publishedArticle: number;
  newsId: number;
  seminarId: number;
  infoId: number;
  publicationId: number;
  fileName: string;
  pageId: number;
  pageSlug: string;
  showcaseId: number;
  openingId: number;
};

const ALL_MEMBERS = [401, 200, 200, 200, 401] as const;
const ADMIN_ONLY = [401, 403, 200, 403, 401] as const;
const OWN_ONLY = [401, 403, 403, 403, 401] as const;
const PUBLIC = [200, 200, 200, 200, 200] as const;
const ADVISOR_ONLY = [401, 403, 403, 200, 401] as const;

const articleForm = () => ({ title: `Article ${unique()}`, abstract: 'An abstract.' });
const publicationForm = () => ({ title: `Paper ${unique()}`, author: '["A. Author"]', source: 'ACL' });
const pageForm = () => ({ section: 'course', slug: `Role-${unique()}`, title_zh: '课程' });
const showcaseForm = () => ({ kind: 'tool', title_zh: `工具${unique()}` });
const awardForm = () => ({ title_zh: `奖项${unique()}`, year: 2023, recipients: '["Outside Person"]' });
const patentForm = () => ({ title_zh: `专利${unique()}`, kind: 'invention' });
const projectForm = () => ({ title_zh: `项目${unique()}`, start_year: 2024, pi: '["Outside Person"]' });
const openingForm = () => ({ kind: 'PhD', title_zh: `博士招生${unique()}`, release: 'true' });
const personForm = () => {
  const n = unique();
  return {
    uid: `R${n}X${process.pid}`,
    username: `role${n}p${process.pid % 1000}`,
    name_zh: `角色${n}`,
    name_en: `Role ${n}`,
    password: 'password-123',
    password2: 'password-123',
  };
};

async function create(c: Client, url: string, fields: Record<string, Part>): Promise<number> {
  return createdId(await c.send('POST', url, fields));
}

async function uploadData(c: Member, owner: string): Promise<number> {
  return create(c, '/api/data/', { owner, 'files[0]': { file: Buffer.from(`data ${unique()}`), name: 'notes.txt', type: 'text/plain' } });
}

async function uploadImage(c: Member): Promise<number> {
  return create(c, '/api/image/', { 'files[0]': { file: await png(8, 8), name: 'dot.png', type: 'image/png' } });
}

const rows: Row[] = [
  // articles: any member creates and edits; deletes only their own (administrators any)
  { call: 'GET /api/article/', expect: ALL_MEMBERS, make: () => ({ method: 'GET', url: '/api/article/' }) },
  { call: 'GET /api/article/?aid=', expect: ALL_MEMBERS, make: (_w, _me, fx) => ({ method: 'GET', url: `/api/article/?aid=${fx.articleOfAdmin}` }) },
  { call: 'POST /api/article/', expect: ALL_MEMBERS, make: () => ({ method: 'POST', url: '/api/article/', form: articleForm() }) },
  {
    call: 'PUT /api/article/?aid= (someone else’s)',
    expect: ALL_MEMBERS,
    make: (_w, _me, fx) => ({ method: 'PUT', url: `/api/article/?aid=${fx.articleOfAdmin}`, form: { markdown: `edit ${unique()}` } }),
  },
  {
    call: 'DELETE /api/article/?aid= (own)',
    expect: ALL_MEMBERS,
    make: async (_w, me) => ({ method: 'DELETE', url: `/api/article/?aid=${await create(me, '/api/article/', articleForm())}` }),
  },
  {
    call: 'DELETE /api/article/?aid= (administrator’s)',
    expect: [401, 403, 200, 403, 401],
    make: async (w) => ({ method: 'DELETE', url: `/api/article/?aid=${await create(w.admin, '/api/article/', articleForm())}` }),
  },

  // people management (administrators) and one's own profile (?uid=)
  { call: 'GET /api/people/', expect: ADMIN_ONLY, make: () => ({ method: 'GET', url: '/api/people/' }) },
  { call: 'GET /api/people/?pid=', expect: ADMIN_ONLY, make: (w) => ({ method: 'GET', url: `/api/people/?pid=${w.other.pid}` }) },
  { call: 'POST /api/people/', expect: ADMIN_ONLY, make: () => ({ method: 'POST', url: '/api/people/', form: personForm() }) },
  {
    call: 'PUT /api/people/?pid=',
    expect: ADMIN_ONLY,
    make: (w) => ({ method: 'PUT', url: `/api/people/?pid=${w.other.pid}`, form: { location_en: `Room ${unique()}` } }),
  },
  {
    call: 'DELETE /api/people/?pid=',
    expect: ADMIN_ONLY,
    make: async (w) => ({ method: 'DELETE', url: `/api/people/?pid=${await create(w.admin, '/api/people/', personForm())}` }),
  },
  { call: 'GET /api/people/?uid= (own)', expect: ALL_MEMBERS, make: (_w, me) => ({ method: 'GET', url: `/api/people/?uid=${me.uid}` }) },
  {
    call: 'GET /api/people/?uid= (someone else’s)',
    expect: [401, 403, 200, 403, 401],
    make: (w) => ({ method: 'GET', url: `/api/people/?uid=${w.other.uid}` }),
  },
  {
    call: 'PUT /api/people/?uid= (own)',
    expect: ALL_MEMBERS,
    make: (_w, me) => ({ method: 'PUT', url: `/api/people/?uid=${me.uid}`, form: { location_en: `Desk ${unique()}` } }),
  },
  {
    call: 'PUT /api/people/?uid= (someone else’s)',
    expect: OWN_ONLY,
    make: (w) => ({ method: 'PUT', url: `/api/people/?uid=${w.other.uid}`, form: { location_en: 'Hijacked' } }),
  },

  // availability
  { call: 'GET /apiprivate/disctime/', expect: ALL_MEMBERS, make: () => ({ method: 'GET', url: '/apiprivate/disctime/' }) },
  { call: 'GET /apiprivate/disctime/?uid= (own)', expect: ALL_MEMBERS, make: (_w, me) => ({ method: 'GET', url: `/apiprivate/disctime/?uid=${me.uid}` }) },
  {
    call: 'GET /apiprivate/disctime/?uid= (someone else’s)',
    expect: OWN_ONLY,
    make: (w) => ({ method: 'GET', url: `/apiprivate/disctime/?uid=${w.other.uid}` }),
  },
  {
    call: 'PUT /apiprivate/disctime/ (own)',
    expect: ALL_MEMBERS,
    make: (_w, me) => ({ method: 'PUT', url: '/apiprivate/disctime/', json: { uid: me.uid, name: me.name_zh, term: '2025-2026-1', occupy: [[1, 1]] } }),
  },
  {
    call: 'PUT /apiprivate/disctime/ (someone else’s)',
    expect: OWN_ONLY,
    make: (w) => ({ method: 'PUT', url: '/apiprivate/disctime/', json: { uid: w.other.uid, name: 'x', term: '2025-2026-1', occupy: [[1, 1]] } }),
  },

  // data files: shared with owner public, private with owner = one's username
  { call: 'GET /api/data/', expect: ALL_MEMBERS, make: () => ({ method: 'GET', url: '/api/data/' }) },
  { call: 'GET /api/data/?owner= (own)', expect: ALL_MEMBERS, make: (_w, me) => ({ method: 'GET', url: `/api/data/?owner=${me.username}` }) },
  { call: 'GET /api/data/?owner= (someone else’s)', expect: OWN_ONLY, make: (w) => ({ method: 'GET', url: `/api/data/?owner=${w.other.username}` }) },
  {
    call: 'POST /api/data/ (shared)',
    expect: ALL_MEMBERS,
    make: () => ({ method: 'POST', url: '/api/data/', form: { owner: 'public', 'files[0]': { file: Buffer.from('shared'), name: 's.txt' } } }),
  },
  {
    call: 'POST /api/data/ (private, own)',
    expect: ALL_MEMBERS,
    make: (_w, me) => ({ method: 'POST', url: '/api/data/', form: { owner: me.username, 'files[0]': { file: Buffer.from('mine'), name: 'm.txt' } } }),
  },
  {
    call: 'POST /api/data/ (private, someone else’s)',
    expect: OWN_ONLY,
    make: (w) => ({ method: 'POST', url: '/api/data/', form: { owner: w.other.username, 'files[0]': { file: Buffer.from('x'), name: 'x.txt' } } }),
  },
  {
    call: 'DELETE /api/data/?did= (own shared)',
    expect: ALL_MEMBERS,
    make: async (_w, me) => ({ method: 'DELETE', url: `/api/data/?did=${await uploadData(me, 'public')}` }),
  },
  {
    call: 'DELETE /api/data/?did= (someone else’s shared)',
    expect: ADMIN_ONLY,
    make: async (w) => ({ method: 'DELETE', url: `/api/data/?did=${await uploadData(w.other, 'public')}` }),
  },
  {
    call: 'DELETE /api/data/?did= (someone else’s private)',
    expect: OWN_ONLY,
    make: async (w) => ({ method: 'DELETE', url: `/api/data/?did=${await uploadData(w.other, w.other.username)}` }),
  },

  // news and seminars: administrators only
  { call: 'GET /api/news/', expect: ADMIN_ONLY, make: () => ({ method: 'GET', url: '/api/news/' }) },
  { call: 'GET /api/news/?nid=', expect: ADMIN_ONLY, make: (_w, _me, fx) => ({ method: 'GET', url: `/api/news/?nid=${fx.newsId}` }) },
  { call: 'POST /api/news/', expect: ADMIN_ONLY, make: () => ({ method: 'POST', url: '/api/news/', form: { abstract: 'News', date: '2025-03-01' } }) },
  {
    call: 'PUT /api/news/?nid=',
    expect: ADMIN_ONLY,
    make: (_w, _me, fx) => ({ method: 'PUT', url: `/api/news/?nid=${fx.newsId}`, form: { emphasize: 'true' } }),
  },
  {
    call: 'DELETE /api/news/?nid=',
    expect: ADMIN_ONLY,
    make: async (w) => ({ method: 'DELETE', url: `/api/news/?nid=${await create(w.admin, '/api/news/', { abstract: 'Gone' })}` }),
  },
  { call: 'GET /api/seminar/', expect: ADMIN_ONLY, make: () => ({ method: 'GET', url: '/api/seminar/' }) },
  { call: 'GET /api/seminar/?sid=', expect: ADMIN_ONLY, make: (_w, _me, fx) => ({ method: 'GET', url: `/api/seminar/?sid=${fx.seminarId}` }) },
  { call: 'POST /api/seminar/', expect: ADMIN_ONLY, make: () => ({ method: 'POST', url: '/api/seminar/', form: { title_zh: '报告', date: '2025-03-02' } }) },
  {
    call: 'PUT /api/seminar/?sid=',
    expect: ADMIN_ONLY,
    make: (_w, _me, fx) => ({ method: 'PUT', url: `/api/seminar/?sid=${fx.seminarId}`, form: { room_id: `${unique()}` } }),
  },
  {
    call: 'DELETE /api/seminar/?sid=',
    expect: ADMIN_ONLY,
    make: async (w) => ({ method: 'DELETE', url: `/api/seminar/?sid=${await create(w.admin, '/api/seminar/', { title_zh: '删除' })}` }),
  },

  // info pages: every member reads, administrators write
  { call: 'GET /api/info/', expect: ALL_MEMBERS, make: () => ({ method: 'GET', url: '/api/info/' }) },
  { call: 'GET /api/info/?iid=', expect: ALL_MEMBERS, make: (_w, _me, fx) => ({ method: 'GET', url: `/api/info/?iid=${fx.infoId}` }) },
  {
    call: 'POST /api/info/',
    expect: ADMIN_ONLY,
    make: () => ({ method: 'POST', url: '/api/info/', form: { iid: -1, aspect: `Aspect ${unique()}`, markdown: '# x', order: 5 } }),
  },
  {
    call: 'PUT /api/info/ (whole list)',
    expect: ADMIN_ONLY,
    make: (_w, _me, fx) => ({ method: 'PUT', url: '/api/info/', json: [{ iid: fx.infoId, aspect: 'Rules', markdown: `v${unique()}`, order: 0 }] }),
  },
  {
    call: 'DELETE /api/info/?iid=',
    expect: ADMIN_ONLY,
    make: async (w) => ({ method: 'DELETE', url: `/api/info/?iid=${await create(w.admin, '/api/info/', { aspect: 'Temporary' })}` }),
  },

  // publications: like articles
  { call: 'GET /api/publication/', expect: ALL_MEMBERS, make: () => ({ method: 'GET', url: '/api/publication/' }) },
  { call: 'GET /api/publication/?pid=', expect: ALL_MEMBERS, make: (_w, _me, fx) => ({ method: 'GET', url: `/api/publication/?pid=${fx.publicationId}` }) },
  { call: 'POST /api/publication/', expect: ALL_MEMBERS, make: () => ({ method: 'POST', url: '/api/publication/', form: publicationForm() }) },
  {
    call: 'PUT /api/publication/?pid= (someone else’s)',
    expect: ALL_MEMBERS,
    make: (_w, _me, fx) => ({ method: 'PUT', url: `/api/publication/?pid=${fx.publicationId}`, form: { order: unique() } }),
  },
  {
    call: 'DELETE /api/publication/?pid= (own)',
    expect: ALL_MEMBERS,
    make: async (_w, me) => ({ method: 'DELETE', url: `/api/publication/?pid=${await create(me, '/api/publication/', publicationForm())}` }),
  },
  {
    call: 'DELETE /api/publication/?pid= (administrator’s)',
    expect: [401, 403, 200, 403, 401],
    make: async (w) => ({ method: 'DELETE', url: `/api/publication/?pid=${await create(w.admin, '/api/publication/', publicationForm())}` }),
  },

  // private images
  { call: 'GET /api/image/', expect: ALL_MEMBERS, make: () => ({ method: 'GET', url: '/api/image/' }) },
  { call: 'GET /api/image/?username= (own)', expect: ALL_MEMBERS, make: (_w, me) => ({ method: 'GET', url: `/api/image/?username=${me.username}` }) },
  { call: 'GET /api/image/?username= (someone else’s)', expect: OWN_ONLY, make: (w) => ({ method: 'GET', url: `/api/image/?username=${w.other.username}` }) },
  {
    call: 'POST /api/image/',
    expect: ALL_MEMBERS,
    make: async () => ({ method: 'POST', url: '/api/image/', form: { 'files[0]': { file: await png(4, 4), name: 'p.png', type: 'image/png' } } }),
  },
  {
    call: 'DELETE /api/image/?iid= (own)',
    expect: ALL_MEMBERS,
    make: async (_w, me) => ({ method: 'DELETE', url: `/api/image/?iid=${await uploadImage(me)}` }),
  },
  {
    call: 'DELETE /api/image/?iid= (someone else’s)',
    expect: OWN_ONLY,
    make: async (w) => ({ method: 'DELETE', url: `/api/image/?iid=${await uploadImage(w.other)}` }),
  },

  // site content: course and shared-task pages, showcase items, the site settings (administrators)
  { call: 'GET /api/page/', expect: ADMIN_ONLY, make: () => ({ method: 'GET', url: '/api/page/' }) },
  { call: 'GET /api/page/?gid=', expect: ADMIN_ONLY, make: (_w, _me, fx) => ({ method: 'GET', url: `/api/page/?gid=${fx.pageId}` }) },
  { call: 'POST /api/page/', expect: ADMIN_ONLY, make: () => ({ method: 'POST', url: '/api/page/', form: pageForm() }) },
  {
    call: 'PUT /api/page/?gid=',
    expect: ADMIN_ONLY,
    make: (_w, _me, fx) => ({ method: 'PUT', url: `/api/page/?gid=${fx.pageId}`, form: { order: unique() } }),
  },
  {
    call: 'DELETE /api/page/?gid=',
    expect: ADMIN_ONLY,
    make: async (w) => ({ method: 'DELETE', url: `/api/page/?gid=${await create(w.admin, '/api/page/', pageForm())}` }),
  },
  { call: 'GET /api/showcase/', expect: ADMIN_ONLY, make: () => ({ method: 'GET', url: '/api/showcase/' }) },
  { call: 'GET /api/showcase/?cid=', expect: ADMIN_ONLY, make: (_w, _me, fx) => ({ method: 'GET', url: `/api/showcase/?cid=${fx.showcaseId}` }) },
  { call: 'POST /api/showcase/', expect: ADMIN_ONLY, make: () => ({ method: 'POST', url: '/api/showcase/', form: showcaseForm() }) },
  {
    call: 'PUT /api/showcase/?cid=',
    expect: ADMIN_ONLY,
    make: (_w, _me, fx) => ({ method: 'PUT', url: `/api/showcase/?cid=${fx.showcaseId}`, form: { order: unique() } }),
  },
  {
    call: 'DELETE /api/showcase/?cid=',
    expect: ADMIN_ONLY,
    make: async (w) => ({ method: 'DELETE', url: `/api/showcase/?cid=${await create(w.admin, '/api/showcase/', showcaseForm())}` }),
  },
  // openings: administrators edit them; the public reads the open ones
  { call: 'GET /api/opening/', expect: ADMIN_ONLY, make: () => ({ method: 'GET', url: '/api/opening/' }) },
  { call: 'GET /api/opening/?oid=', expect: ADMIN_ONLY, make: (_w, _me, fx) => ({ method: 'GET', url: `/api/opening/?oid=${fx.openingId}` }) },
  { call: 'POST /api/opening/', expect: ADMIN_ONLY, make: () => ({ method: 'POST', url: '/api/opening/', form: openingForm() }) },
  {
    call: 'PUT /api/opening/?oid=',
    expect: ADMIN_ONLY,
    make: (_w, _me, fx) => ({ method: 'PUT', url: `/api/opening/?oid=${fx.openingId}`, form: { title_en: `PhD ${unique()}` } }),
  },
  {
    call: 'DELETE /api/opening/?oid=',
    expect: ADMIN_ONLY,
    make: async (w) => ({ method: 'DELETE', url: `/api/opening/?oid=${await create(w.admin, '/api/opening/', openingForm())}` }),
  },
  { call: 'GET /api/read_opening/', expect: PUBLIC, make: () => ({ method: 'GET', url: '/api/read_opening/' }) },
  { call: 'GET /api/read_opening/?oid=', expect: PUBLIC, make: (_w, _me, fx) => ({ method: 'GET', url: `/api/read_opening/?oid=${fx.openingId}` }) },
  // a new order of an ordered list: who may update its records
  {
    call: 'PUT /api/order/showcase/',
    expect: ADMIN_ONLY,
    make: (_w, _me, fx) => ({ method: 'PUT', url: '/api/order/showcase/', json: [fx.showcaseId] }),
  },
  { call: 'PUT /api/order/page/', expect: ADMIN_ONLY, make: (_w, _me, fx) => ({ method: 'PUT', url: '/api/order/page/', json: [fx.pageId] }) },
  { call: 'PUT /api/order/info/', expect: ADMIN_ONLY, make: (_w, _me, fx) => ({ method: 'PUT', url: '/api/order/info/', json: [fx.infoId] }) },
  { call: 'GET /api/site/', expect: ADMIN_ONLY, make: () => ({ method: 'GET', url: '/api/site/' }) },
  { call: 'PUT /api/site/', expect: ADMIN_ONLY, make: () => ({ method: 'PUT', url: '/api/site/', form: { location_en: `Room ${unique()}` } }) },

  { call: 'GET /api/me/', expect: ALL_MEMBERS, make: () => ({ method: 'GET', url: '/api/me/' }) },
  // awards and patents: members keep them, administrators delete them
  { call: 'GET /api/award/', expect: ALL_MEMBERS, make: () => ({ method: 'GET', url: '/api/award/' }) },
  {
    call: 'GET /api/award/?wid=',
    expect: ALL_MEMBERS,
    make: async (w) => ({ method: 'GET', url: `/api/award/?wid=${await create(w.admin, '/api/award/', awardForm())}` }),
  },
  { call: 'POST /api/award/', expect: ALL_MEMBERS, make: () => ({ method: 'POST', url: '/api/award/', form: awardForm() }) },
  {
    call: 'PUT /api/award/?wid=',
    expect: ALL_MEMBERS,
    make: async (w) => ({ method: 'PUT', url: `/api/award/?wid=${await create(w.admin, '/api/award/', awardForm())}`, form: { year: 2024 } }),
  },
  {
    call: 'DELETE /api/award/?wid=',
    expect: ADMIN_ONLY,
    make: async (w) => ({ method: 'DELETE', url: `/api/award/?wid=${await create(w.admin, '/api/award/', awardForm())}` }),
  },
  // research projects: members keep them, administrators delete them
  { call: 'GET /api/project/', expect: ALL_MEMBERS, make: () => ({ method: 'GET', url: '/api/project/' }) },
  {
    call: 'GET /api/project/?jid=',
    expect: ALL_MEMBERS,
    make: async (w) => ({ method: 'GET', url: `/api/project/?jid=${await create(w.admin, '/api/project/', projectForm())}` }),
  },
  { call: 'POST /api/project/', expect: ALL_MEMBERS, make: () => ({ method: 'POST', url: '/api/project/', form: projectForm() }) },
  {
    call: 'PUT /api/project/?jid=',
    expect: ALL_MEMBERS,
    make: async (w) => ({ method: 'PUT', url: `/api/project/?jid=${await create(w.admin, '/api/project/', projectForm())}`, form: { end_year: 2027 } }),
  },
  {
    call: 'DELETE /api/project/?jid=',
    expect: ADMIN_ONLY,
    make: async (w) => ({ method: 'DELETE', url: `/api/project/?jid=${await create(w.admin, '/api/project/', projectForm())}` }),
  },
  { call: 'GET /api/patent/', expect: ALL_MEMBERS, make: () => ({ method: 'GET', url: '/api/patent/' }) },
  {
    call: 'GET /api/patent/?tid=',
    expect: ALL_MEMBERS,
    make: async (w) => ({ method: 'GET', url: `/api/patent/?tid=${await create(w.admin, '/api/patent/', patentForm())}` }),
  },
  { call: 'POST /api/patent/', expect: ALL_MEMBERS, make: () => ({ method: 'POST', url: '/api/patent/', form: patentForm() }) },
  {
    call: 'PUT /api/patent/?tid=',
    expect: ALL_MEMBERS,
    make: async (w) => ({ method: 'PUT', url: `/api/patent/?tid=${await create(w.admin, '/api/patent/', patentForm())}`, form: { number: `CN${unique()}` } }),
  },
  {
    call: 'DELETE /api/patent/?tid=',
    expect: ADMIN_ONLY,
    make: async (w) => ({ method: 'DELETE', url: `/api/patent/?tid=${await create(w.admin, '/api/patent/', patentForm())}` }),
  },
  { call: 'GET /api/read_award/', expect: PUBLIC, make: () => ({ method: 'GET', url: '/api/read_award/' }) },
  { call: 'GET /api/read_patent/', expect: PUBLIC, make: () => ({ method: 'GET', url: '/api/read_patent/' }) },

  // public reads: anyone, whatever token comes along
  { call: 'GET /api/read_news/', expect: PUBLIC, make: () => ({ method: 'GET', url: '/api/read_news/' }) },
  { call: 'GET /api/read_seminar/', expect: PUBLIC, make: () => ({ method: 'GET', url: '/api/read_seminar/' }) },
  { call: 'GET /api/read_seminar/?recent=1', expect: PUBLIC, make: () => ({ method: 'GET', url: '/api/read_seminar/?recent=1' }) },
  { call: 'GET /api/read_article/', expect: PUBLIC, make: () => ({ method: 'GET', url: '/api/read_article/' }) },
  { call: 'GET /api/read_article/?aid=', expect: PUBLIC, make: (_w, _me, fx) => ({ method: 'GET', url: `/api/read_article/?aid=${fx.publishedArticle}` }) },
  { call: 'GET /api/read_people/', expect: PUBLIC, make: () => ({ method: 'GET', url: '/api/read_people/' }) },
  { call: 'GET /api/read_people/?username=', expect: PUBLIC, make: (w) => ({ method: 'GET', url: `/api/read_people/?username=${w.other.username}` }) },
  { call: 'GET /api/read_people/?onlylist=1', expect: PUBLIC, make: () => ({ method: 'GET', url: '/api/read_people/?onlylist=1' }) },
  { call: 'GET /api/read_publication/', expect: PUBLIC, make: () => ({ method: 'GET', url: '/api/read_publication/' }) },
  { call: 'GET /api/read_page/?section=', expect: PUBLIC, make: () => ({ method: 'GET', url: '/api/read_page/?section=course' }) },
  {
    call: 'GET /api/read_page/?section=&slug=',
    expect: PUBLIC,
    make: (_w, _me, fx) => ({ method: 'GET', url: `/api/read_page/?section=course&slug=${fx.pageSlug}` }),
  },
  { call: 'GET /api/read_showcase/', expect: PUBLIC, make: () => ({ method: 'GET', url: '/api/read_showcase/' }) },
  { call: 'GET /api/read_showcase/?kind=', expect: PUBLIC, make: () => ({ method: 'GET', url: '/api/read_showcase/?kind=tool' }) },
  { call: 'GET /api/read_site/', expect: PUBLIC, make: () => ({ method: 'GET', url: '/api/read_site/' }) },
  {
    call: 'GET /resource/public/publication/{pid}/{file}',
    expect: PUBLIC,
    make: (_w, _me, fx) => ({ method: 'GET', url: `/resource/public/publication/${fx.publicationId}/${fx.fileName}` }),
  },

  // the advisor's area: only advisor0 gets through
  {
    call: 'GET /apiadvisor0/pingan/',
    expect: ADVISOR_ONLY,
    make: () => ({ method: 'GET', url: '/apiadvisor0/pingan/?date=2025-03-02&date_yes=2025-03-01&mount=1' }),
  },
  {
    call: 'PUT /apiadvisor0/pingan/?remind=0',
    expect: ADVISOR_ONLY,
    make: () => ({ method: 'PUT', url: '/apiadvisor0/pingan/?remind=0', form: { cookie: 'c', selfdez: 1, selfdyz: 1, xwzs: 1 } }),
  },
  {
    call: 'PUT /apiadvisor0/pingan/?remind=1',
    expect: ADVISOR_ONLY,
    make: () => ({ method: 'PUT', url: '/apiadvisor0/pingan/?remind=1&date=2025-03-02', form: { remind: '[{"xgh":"2021001","realname":"张三"}]' } }),
  },
  {
    call: 'POST /apiadvisor0/pingan/import/',
    expect: ADVISOR_ONLY,
    make: () => ({
      method: 'POST',
      url: '/apiadvisor0/pingan/import/',
      form: {
        file: {
          file: Buffer.from('日期,学号,姓名,是否上报,上报时间,状态,接种针数\n2025-03-02,2021001,张三,是,2025-03-02 08:00,正常,2\n'),
          name: 'r.csv',
          type: 'text/csv',
        },
      },
    }),
  },
  { call: 'GET /apiadvisor0/info/', expect: ADVISOR_ONLY, make: () => ({ method: 'GET', url: '/apiadvisor0/info/' }) },
  {
    call: 'PUT /apiadvisor0/info/',
    expect: ADVISOR_ONLY,
    make: () => ({ method: 'PUT', url: '/apiadvisor0/info/', form: { list: 'branch', names: '张三\n李四' } }),
  },
  {
    call: 'POST /apiadvisor0/info/preview/',
    expect: ADVISOR_ONLY,
    make: () => ({ method: 'POST', url: '/apiadvisor0/info/preview/', form: { list: 'branch', names: '张三\n王五' } }),
  },
  { call: 'GET /apiadvisor0/info/versions/', expect: ADVISOR_ONLY, make: () => ({ method: 'GET', url: '/apiadvisor0/info/versions/?list=branch' }) },
  {
    call: 'GET /apiadvisor0/info/versions/{id}/',
    expect: ADVISOR_ONLY,
    make: async (w) => ({ method: 'GET', url: `/apiadvisor0/info/versions/${await nameVersionOf(w)}/` }),
  },
  {
    call: 'POST /apiadvisor0/info/versions/{id}/restore/',
    expect: ADVISOR_ONLY,
    make: async (w) => {
      const id = await nameVersionOf(w);
      const { base } = (await w.advisor.get(`/apiadvisor0/info/versions/${id}/`)).json();
      return { method: 'POST', url: `/apiadvisor0/info/versions/${id}/restore/`, form: { base } };
    },
  },
];

/** An earlier version of the advisor's branch list, made by the advisor's two saves. */
async function nameVersionOf(w: World): Promise<number> {
  for (const names of ['甲\n乙', '丙']) await w.advisor.send('PUT', '/apiadvisor0/info/', { list: 'branch', names });
  return (await w.advisor.get('/apiadvisor0/info/versions/?list=branch')).json().versions[0].id;
}

describe.each(dialects)('role matrix on %s', (dialect) => {
  let w: World;
  let fx: Fixtures;
  beforeAll(async () => {
    w = await makeWorld(dialect);
    const articleOfAdmin = await create(w.admin, '/api/article/', articleForm());
    const publishedArticle = await create(w.admin, '/api/article/', { ...articleForm(), release: 'true' });
    const newsId = await create(w.admin, '/api/news/', { abstract: 'Fixture news', release: 'true' });
    const seminarId = await create(w.admin, '/api/seminar/', { title_zh: '固定报告', date: '2025-03-01' });
    const infoId = await create(w.admin, '/api/info/', { aspect: 'Rules', markdown: '# Rules' });
    const fileName = 'paper.pdf';
    const publicationId = await create(w.admin, '/api/publication/', {
      ...publicationForm(),
      file1: { file: Buffer.from('%PDF-1.4 fixture'), name: fileName, type: 'application/pdf' },
    });
    const pageSlug = 'Intro-to-Roles';
    const pageId = await create(w.admin, '/api/page/', { ...pageForm(), slug: pageSlug });
    const showcaseId = await create(w.admin, '/api/showcase/', showcaseForm());
    const openingId = await create(w.admin, '/api/opening/', openingForm());
    fx = { articleOfAdmin, publishedArticle, newsId, seminarId, infoId, publicationId, fileName, pageId, pageSlug, showcaseId, openingId };
  });
  afterAll(() => w.t.close());

  it('covers each role once per row', () => {
    expect(new Set(rows.map((r) => r.call)).size).toBe(rows.length);
    for (const r of rows) expect(r.expect).toHaveLength(roles.length);
  });

  // The expectations above are SPEC §6 written out, not read from the declarations (a wrong declaration
  // must fail here); what the registry gives is the list of calls that must each have a row, so a new
  // resource cannot go unchecked.
  it('has rows for the calls of every registered resource', () => {
    for (const { crud } of registry) {
      const { path } = crud.res;
      const calls = ['GET', 'POST', 'PUT', 'DELETE'].map((m) => `${m} ${path}`);
      // an ordered list's new order
      if (crud.res.ordered) calls.push(`PUT ${orderPath(crud.res)}`);
      for (const call of calls)
        expect(
          rows.some((r) => r.call.startsWith(call)),
          call,
        ).toBe(true);
    }
  });

  it('serves each generic registered resource with the access its declaration says', () => {
    // (people's routes answer ?uid= for one's own profile too: their access is checked per row above)
    for (const { crud } of registry.filter((r) => r.routes === 'generic')) {
      const { res } = crud;
      const byMethod = Object.fromEntries(w.app.routeAccess.filter((r) => r.url === res.path).map((r) => [r.method, r.access]));
      expect(byMethod, res.name).toMatchObject({ GET: res.access.read, POST: res.access.create, PUT: res.access.update, DELETE: res.access.delete });
    }
  });

  it.each(rows)('$call', async (row) => {
    const got: Record<Role, number> = { anonymous: 0, user: 0, admin: 0, advisor: 0, expired: 0 };
    const want: Record<Role, number> = { anonymous: 0, user: 0, admin: 0, advisor: 0, expired: 0 };
    for (const [i, role] of roles.entries()) {
      want[role] = row.expect[i] as number;
      const me = role === 'admin' ? w.admin : role === 'advisor' ? w.advisor : w.user;
      const sender = role === 'anonymous' ? new Client(w.app) : role === 'expired' ? await expiredClient(w.app, w.user.pid) : me;
      const req = await row.make(w, me, fx);
      const res = req.form
        ? await sender.send(req.method as 'POST' | 'PUT', req.url, req.form)
        : req.json !== undefined
          ? await sender.json(req.method as 'POST' | 'PUT', req.url, req.json)
          : await w.app.inject({ method: req.method, url: req.url, headers: sender.headers() });
      got[role] = res.statusCode;
      // 401 bodies tell a missing token from an expired one
      if (res.statusCode === 401) {
        expect(res.json().detail).toBe(role === 'expired' ? 'Session expired, please log in again' : 'Authentication required');
      }
      // writes answer "success"; an import answers what it stored, a preview what it read, a restore what it changed (docs/advisor.md)
      if (res.statusCode === 200 && req.method !== 'GET' && !/\/(import|preview|restore)\/$/.test(req.url)) expect(res.json()).toBe('success');
    }
    expect(got).toEqual(want);
  });
});
