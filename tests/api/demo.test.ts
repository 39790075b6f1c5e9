import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADVISOR_PASSWORD } from '../../cli/demo/advisor-seed.ts';
import { hasContent, seedDemo } from '../../cli/demo/seed.ts';
import { chinaDate } from '../../common/advisor.ts';
import { personTypes } from '../../common/enums.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { Client, loginAs } from '../helpers/client.ts';

// The demo lab seeds through the real services, and what it seeds is the demo lab README.md describes.

describe.each(dialects)('demo content on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp(dialect, { LAB_ADMIN_USERNAME: '', LAB_ADMIN_PASSWORD: '' });
    expect(await hasContent(t.app.lab.db)).toBe(false);
    // the test app's advisor is advisor0 (tests/helpers/app.ts), a new account in the demo
    await seedDemo(t.app.lab.db, t.app.lab.storage, 'demo-admin-password', { advisor: 'advisor0' });
  }, 120_000);
  afterAll(() => t.close());

  it('seeds people of every type and both statuses, with personal pages of each kind', async () => {
    const people = (await new Client(t.app).get('/api/read_people/')).json() as Record<string, unknown>[];
    expect(people.length).toBeGreaterThanOrEqual(25);
    for (const type of personTypes.map((p) => p.value))
      expect(
        people.some((p) => p.type === type),
        type,
      ).toBe(true);
    expect(new Set(people.map((p) => p.status))).toEqual(new Set([true, false]));
    expect(new Set(people.map((p) => p.link_type))).toEqual(new Set([0, 1, 2, 3]));
  });

  it('seeds publications with downloadable files, articles, news, seminars and info pages', async () => {
    const anon = new Client(t.app);
    const pubs = (await anon.get('/api/read_publication/')).json() as Record<string, string>[];
    expect(pubs).toHaveLength(40);
    const withPdf = pubs.filter((p) => p.file1);
    expect(withPdf.length).toBeGreaterThan(30);
    expect(pubs.some((p) => p.file2)).toBe(true);
    const pdf = await t.app.inject({ url: withPdf[0]?.file1_url as string });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const admin = await loginAs(t.app, 'labadmin', 'demo-admin-password');
    const articles = (await admin.get('/api/article/')).json() as { release: boolean; image_url: string }[];
    expect(articles).toHaveLength(12);
    expect(articles.some((a) => !a.release)).toBe(true);
    expect((await anon.get('/api/read_article/')).json()).toHaveLength(articles.filter((a) => a.release).length);
    const news = (await admin.get('/api/news/')).json() as { emphasize: boolean }[];
    expect(news).toHaveLength(15);
    expect(news.some((n) => n.emphasize)).toBe(true);
    expect((await admin.get('/api/seminar/')).json()).toHaveLength(8);
    expect((await admin.get('/api/info/')).json()).toHaveLength(4);
    const terms = Object.keys((await admin.get('/apiprivate/disctime/')).json());
    expect(terms.length).toBeGreaterThanOrEqual(2);
  });

  it('seeds the course pages, shared tasks, home carousels and site settings with a PNG QR image', async () => {
    const anon = new Client(t.app);
    const courses = (await anon.get('/api/read_page/?section=course')).json() as Record<string, unknown>[];
    expect(courses.map((c) => c.slug)).toEqual(expect.arrayContaining(['Intro-to-AI', 'Intro-to-NLP']));
    for (const slug of ['Intro-to-AI', 'Intro-to-NLP']) {
      const one = await anon.get(`/api/read_page/?section=course&slug=${slug}`);
      expect(one.statusCode, slug).toBe(200);
      expect(String(one.json().markdown_en)).toMatch(/\n\|.+\|/); // a syllabus table
      expect(String(one.json().markdown_zh)).not.toBe('');
    }
    const tasks = (await anon.get('/api/read_page/?section=sharedtask')).json() as Record<string, unknown>[];
    expect(tasks.length).toBeGreaterThanOrEqual(3);
    expect(tasks.every((task) => String(task.link).startsWith('https://example.org/'))).toBe(true);

    const showcase = (await anon.get('/api/read_showcase/')).json() as { kind: string; image_url: string | null }[];
    for (const kind of ['carousel', 'tool', 'project'])
      expect(
        showcase.some((i) => i.kind === kind),
        kind,
      ).toBe(true);
    expect(showcase.filter((i) => i.kind === 'carousel').every((i) => i.image_url)).toBe(true);

    const site = (await anon.get('/api/read_site/')).json() as Record<string, string>;
    expect(site).toMatchObject({ email: 'lab@example.org', lab_name_en: 'Data Intelligence and Social Computing Lab' });
    expect(site.filing_number).toMatch(/^京ICP备\d+号/);
    const qr = await t.app.inject({ url: site.qr_image_url as string });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
    expect(qr.rawPayload.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  });

  it('lets the demo member log in with the printed password', async () => {
    const user = await loginAs(t.app, 'demo.user', 'reading-room-2026');
    expect((await user.get('/api/me/')).json().authority).toBe('user');
  });

  it('knows it has content, so a second run does not seed twice', async () => {
    expect(await hasContent(t.app.lab.db)).toBe(true);
  });
  it('seeds the advisor’s area: lists of the sizes of SPEC §9 and a week of reports up to today', async () => {
    const advisor = await loginAs(t.app, 'advisor0', DEMO_ADVISOR_PASSWORD);
    const { info } = (await advisor.get('/apiadvisor0/info/')).json() as { info: Record<string, string[]> };
    expect(Object.fromEntries(Object.entries(info).map(([k, v]) => [k, v.length]))).toEqual({ class: 80, branch: 33, probationary: 28, disadvantaged: 13 });
    expect(new Set(info.class).size).toBe(80);
    for (const list of ['branch', 'probationary', 'disadvantaged'])
      expect(
        info[list]?.every((n) => info.class?.includes(n)),
        list,
      ).toBe(true);
    const today = (await advisor.get('/apiadvisor0/pingan/?mount=2')).json();
    expect(today).toMatchObject({ date: chinaDate(), source: 'import', zrs: 80, xwzs: 6 });
    expect(today.num_weishangbao).toBeGreaterThan(0);
    expect(today.imported_dates).toHaveLength(7);
    expect(today.remind.length).toBeGreaterThan(0);
  });
});

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp('sqlite');
  });
  afterAll(() => t.close());

  it('is generated from the routes and lists every call of SPEC §7', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const expected: [string, string[]][] = [
      ['/api/read_news/', ['get']],
      ['/api/read_seminar/', ['get']],
      ['/api/read_article/', ['get']],
      ['/api/read_people/', ['get']],
      ['/api/read_publication/', ['get']],
      ['/api/login/', ['post']],
      ['/api/article/', ['get', 'post', 'put', 'delete']],
      ['/api/people/', ['get', 'post', 'put', 'delete']],
      ['/apiprivate/disctime/', ['get', 'put']],
      ['/api/data/', ['get', 'post', 'delete']],
      ['/api/news/', ['get', 'post', 'put', 'delete']],
      ['/api/seminar/', ['get', 'post', 'put', 'delete']],
      ['/api/info/', ['get', 'post', 'put', 'delete']],
      ['/api/publication/', ['get', 'post', 'put', 'delete']],
      ['/api/image/', ['get', 'post', 'delete']],
      ['/api/page/', ['get', 'post', 'put', 'delete']],
      ['/api/showcase/', ['get', 'post', 'put', 'delete']],
      ['/api/site/', ['get', 'put']],
      ['/api/read_page/', ['get']],
      ['/api/read_showcase/', ['get']],
      ['/api/read_site/', ['get']],
    ];
    for (const [path, methods] of expected) {
      expect(Object.keys(doc.paths[path] ?? {}).sort(), path).toEqual(expect.arrayContaining(methods));
    }
    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toMatch(/swagger/i);
  });
});
