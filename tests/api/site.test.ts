import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { site } from '../../common/resources/site.ts';
import { dialects } from '../helpers/app.ts';
import { Client, type Part } from '../helpers/client.ts';
import { png } from '../fixtures/images.ts';
import { bucketFiles, createdId, fieldErrors, makeWorld, unique, type World } from '../fixtures/world.ts';

// Site content: course and shared-task pages, showcase items and the site settings record. The
// declared-resource suite covers what the declarations say; this covers the rules around them
// (slugs unique per section, public reads of released items only, the single settings record).

type Row = Record<string, unknown>;

const SLUG_MESSAGE = 'letters, digits and hyphens only, starting with a letter or digit (at most 80)';
const DEFAULT_NAMES = { lab_name_zh: '数据智能与社会计算实验室', lab_name_en: 'Data Intelligence and Social Computing Lab' };

describe.each(dialects)('site content on %s', (dialect) => {
  let w: World;
  const anon = () => new Client(w.app);
  beforeAll(async () => {
    w = await makeWorld(dialect);
  });
  afterAll(() => w.t.close());

  const ok = async (p: Promise<{ statusCode: number; body: string }>) => {
    const r = await p;
    expect(r.statusCode, r.body).toBe(200);
    expect(JSON.parse(r.body)).toBe('success');
  };
  const newPageAs = (c: Client, fields: Record<string, Part> = {}) =>
    c.send('POST', '/api/page/', { section: 'course', slug: `Course-${unique()}`, title_zh: '课程', ...fields });
  const newPage = (fields: Record<string, Part> = {}) => newPageAs(w.admin, fields);
  const newItem = (fields: Record<string, Part> = {}) => w.admin.send('POST', '/api/showcase/', { kind: 'tool', title_zh: '工具', ...fields });
  const readPages = async (query: string) => {
    const r = await anon().get(`/api/read_page/?${query}`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Row[];
  };

  describe('pages', () => {
    it('creates, reads, updates and deletes a page with a cover image', async () => {
      const gid = createdId(
        await w.admin.send('POST', '/api/page/', {
          section: 'sharedtask',
          slug: `Task-${unique()}`,
          title_zh: '论辩挖掘评测',
          title_en: 'Argument Mining Shared Task',
          summary_en: 'Find claims.',
          markdown_en: '# Data\n\n| split | size |\n|---|---|\n| train | 1000 |',
          link: 'https://example.org/task',
          order: '3',
          image_url: { file: await png(800, 450), name: 'cover.png', type: 'image/png' },
        }),
      );
      const got = (await w.admin.get(`/api/page/?gid=${gid}`)).json() as Row;
      expect(got).toMatchObject({ gid, section: 'sharedtask', title_en: 'Argument Mining Shared Task', order: 3, release: true, releasestr: 'published' });
      expect(got.image_url).toMatch(/^\/resource\/media\/[a-f0-9]{32}\.png$/);
      const image = await anon().get(String(got.image_url));
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');

      await ok(w.admin.send('PUT', `/api/page/?gid=${gid}`, { title_en: 'Renamed', release: 'false' }));
      expect((await w.admin.get(`/api/page/?gid=${gid}`)).json()).toMatchObject({ title_en: 'Renamed', title_zh: '论辩挖掘评测', release: false });

      await ok(w.admin.delete(`/api/page/?gid=${gid}`));
      expect((await w.admin.get(`/api/page/?gid=${gid}`)).statusCode).toBe(404);
      // the cover went to the trash with it, and leaves when the trash is emptied
      expect(await bucketFiles(w.t.app, 'media')).toContain(String(got.image_url).split('/').pop());
      expect((await w.admin.delete('/api/trash/')).statusCode).toBe(200);
      expect(await bucketFiles(w.t.app, 'media')).not.toContain(String(got.image_url).split('/').pop());
    });

    it('refuses a cover smaller than 400×225', async () => {
      const r = await newPage({ image_url: { file: await png(399, 225), name: 'small.png', type: 'image/png' } });
      expect(fieldErrors(r)).toEqual({ image_url: ['the image must be at least 400×225 pixels'] });
    });

    it('refuses a missing title_zh and a malformed slug, in the request language', async () => {
      expect(fieldErrors(await w.admin.send('POST', '/api/page/', { section: 'course', slug: `x${unique()}` }))).toEqual({ title_zh: ['required'] });
      for (const slug of ['has space', '-leading', 'a/b', 'ünï', 'x'.repeat(81), 'trailing.dot']) {
        const errors = fieldErrors(await newPage({ slug }));
        expect(Object.keys(errors), slug).toEqual(['slug']);
      }
      expect(fieldErrors(await newPage({ slug: 'bad slug' }))).toEqual({ slug: [SLUG_MESSAGE] });
      w.admin.lang = 'zh';
      try {
        expect(fieldErrors(await newPage({ slug: 'bad slug' }))).toEqual({ slug: ['只能包含字母、数字和连字符，以字母或数字开头（最多 80 位）'] });
        expect(fieldErrors(await newPage({ section: '' }))).toEqual({ section: ['必填'] });
      } finally {
        w.admin.lang = 'en';
      }
      expect(fieldErrors(await newPage({ section: 'blog' }))).toEqual({ section: ['not one of: course, sharedtask'] });
    });

    it('keeps a slug unique within its section, whatever its case; another section may reuse it', async () => {
      const slug = `Intro-${unique()}`;
      const first = createdId(await newPage({ slug }));
      expect(fieldErrors(await newPage({ slug }))).toEqual({ slug: ['this slug is taken'] });
      expect(fieldErrors(await newPage({ slug: slug.toLowerCase() }))).toEqual({ slug: ['this slug is taken'] });
      const other = createdId(await newPage({ slug, section: 'sharedtask' }));
      // moving the other page into the first one's section, or renaming onto its slug, is refused too
      expect(fieldErrors(await w.admin.send('PUT', `/api/page/?gid=${other}`, { section: 'course' }))).toEqual({ slug: ['this slug is taken'] });
      const third = createdId(await newPage());
      expect(fieldErrors(await w.admin.send('PUT', `/api/page/?gid=${third}`, { slug: slug.toUpperCase() }))).toEqual({ slug: ['this slug is taken'] });
      // a page keeps (or recases) its own slug
      await ok(w.admin.send('PUT', `/api/page/?gid=${first}`, { slug: slug.toUpperCase(), title_zh: '改名' }));
      expect((await w.admin.get(`/api/page/?gid=${first}`)).json().slug).toBe(slug.toUpperCase());
    });
  });

  describe('public page reads', () => {
    let slugs: { a: string; b: string; hidden: string };
    beforeAll(async () => {
      const n = unique();
      slugs = { a: `Pub-A-${n}`, b: `Pub-B-${n}`, hidden: `Pub-Hidden-${n}` };
      createdId(await newPage({ section: 'sharedtask', slug: slugs.b, title_zh: '乙', order: '2' }));
      createdId(await newPage({ section: 'sharedtask', slug: slugs.a, title_zh: '甲', order: '1', markdown_zh: '# 正文' }));
      createdId(await newPage({ section: 'sharedtask', slug: slugs.hidden, title_zh: '未发布', release: 'false' }));
    });

    it('lists the released pages of a section by order', async () => {
      const list = await readPages('section=sharedtask');
      const mine = list.filter((p) => Object.values(slugs).includes(String(p.slug)));
      expect(mine.map((p) => p.slug)).toEqual([slugs.a, slugs.b]);
      expect(list.every((p) => p.section === 'sharedtask' && p.release === true)).toBe(true);
      expect(list.some((p) => p.slug === slugs.hidden)).toBe(false);
      expect((await readPages('section=course')).some((p) => p.slug === slugs.a)).toBe(false);
    });

    it('reads one page by slug in any case, with its markdown as stored', async () => {
      for (const slug of [slugs.a, slugs.a.toLowerCase(), slugs.a.toUpperCase()]) {
        const r = await anon().get(`/api/read_page/?section=sharedtask&slug=${slug}`);
        expect(r.statusCode, slug).toBe(200);
        expect(r.json()).toMatchObject({ slug: slugs.a, title_zh: '甲', markdown_zh: '# 正文' });
      }
    });

    it('answers 404 for an unknown, unreleased or other-section slug and 400 without a section', async () => {
      for (const q of [
        `section=sharedtask&slug=${slugs.hidden}`,
        `section=course&slug=${slugs.a}`,
        'section=sharedtask&slug=nope',
        'section=sharedtask&slug=../x',
        'section=sharedtask&slug=',
      ]) {
        const r = await anon().get(`/api/read_page/?${q}`);
        expect(r.statusCode, q).toBe(404);
      }
      expect(fieldErrors(await anon().get('/api/read_page/'))).toEqual({ section: ['not one of: course, sharedtask'] });
      expect(Object.keys(fieldErrors(await anon().get('/api/read_page/?section=blog')))).toEqual(['section']);
    });
  });

  describe('showcase', () => {
    it('creates, updates and deletes items; the public read shows released ones by kind and order', async () => {
      const n = unique();
      const second = createdId(await newItem({ kind: 'project', title_zh: `项目二${n}`, order: '2', link: 'https://example.com/two' }));
      const first = createdId(await newItem({ kind: 'project', title_zh: `项目一${n}`, order: '1', description_en: 'A toolkit.' }));
      const hidden = createdId(await newItem({ kind: 'project', title_zh: `隐藏${n}`, release: 'false' }));
      const carousel = createdId(
        await newItem({ kind: 'carousel', title_zh: `轮播${n}`, image_url: { file: await png(1200, 675), name: 'slide.png', type: 'image/png' } }),
      );

      const projects = (await anon().get('/api/read_showcase/?kind=project')).json() as Row[];
      expect(projects.map((p) => p.cid).filter((id) => [first, second, hidden].includes(Number(id)))).toEqual([first, second]);
      expect(projects.every((p) => p.kind === 'project')).toBe(true);
      const all = (await anon().get('/api/read_showcase/')).json() as Row[];
      expect(all.some((p) => p.cid === carousel)).toBe(true);
      expect(all.some((p) => p.cid === hidden)).toBe(false);
      const slides = (await anon().get('/api/read_showcase/?kind=carousel')).json() as Row[];
      expect(slides.find((s) => s.cid === carousel)?.image_url).toMatch(/^\/resource\/media\//);

      await ok(w.admin.send('PUT', `/api/showcase/?cid=${hidden}`, { release: 'true', order: '0' }));
      const after = (await anon().get('/api/read_showcase/?kind=project')).json() as Row[];
      expect(after.map((p) => p.cid).filter((id) => [first, second, hidden].includes(Number(id)))).toEqual([hidden, first, second]);

      await ok(w.admin.delete(`/api/showcase/?cid=${second}`));
      expect(((await anon().get('/api/read_showcase/')).json() as Row[]).some((p) => p.cid === second)).toBe(false);
    });

    it('keeps a picture another record still shows when its first owner is deleted', async () => {
      const gid = createdId(await newPage({ image_url: { file: await png(800, 450), name: 'shared.png', type: 'image/png' } }));
      const url = String((await w.admin.get(`/api/page/?gid=${gid}`)).json().image_url);
      createdId(await newItem({ kind: 'carousel', image_url: url }));
      await ok(w.admin.delete(`/api/page/?gid=${gid}`));
      expect((await anon().get(url)).statusCode).toBe(200);
    });

    it('refuses a missing kind or title and an unknown kind in the public read', async () => {
      expect(fieldErrors(await w.admin.send('POST', '/api/showcase/', { title_zh: 'x' }))).toEqual({ kind: ['required'] });
      expect(fieldErrors(await newItem({ title_zh: '' }))).toEqual({ title_zh: ['required'] });
      expect(fieldErrors(await newItem({ kind: 'banner' }))).toEqual({ kind: ['not one of: carousel, tool, project'] });
      expect(fieldErrors(await anon().get('/api/read_showcase/?kind=banner'))).toEqual({ kind: ['not one of: carousel, tool, project'] });
    });
  });

  describe('site settings', () => {
    // one world per dialect: the settings start unsaved only in the first test
    it('reads the defaults before anything is saved, to administrators and the public alike', async () => {
      const admin = (await w.admin.get('/api/site/')).json() as Row;
      expect(admin).toMatchObject({ ...DEFAULT_NAMES, email: '', intro_zh: '', qr_image_url: null, filing_number: '' });
      expect(Object.keys(admin).sort()).toEqual(Object.keys(site.fields).sort());
      // the public reads every setting but those only administrators see
      const { require_admin_2fa, notify_publish, external_signup, external_signup_type, member_passwords, show_citations, cite_styles, ...publicPart } = admin;
      // the Cite box's styles: the default (GB/T and APA) until chosen
      expect(cite_styles).toBe('');
      expect(require_admin_2fa).toBe(false);
      // citation counts: off until an administrator turns them on
      expect(show_citations).toBe(false);
      expect(notify_publish).toBe(false);
      // university login: no account made by a first campus login, members keep their passwords
      expect([external_signup, external_signup_type, member_passwords]).toEqual([false, 'master', true]);
      expect((await anon().get('/api/read_site/')).json()).toEqual(publicPart);
    });

    it('saves the fields sent (multipart or JSON) and leaves the absent ones unchanged', async () => {
      await ok(w.admin.send('PUT', '/api/site/', { email: 'lab@example.org', location_zh: '示例楼 508', intro_en: '## About\n\nWe study *people*.' }));
      let got = (await w.admin.get('/api/site/')).json() as Row;
      expect(got).toMatchObject({ ...DEFAULT_NAMES, email: 'lab@example.org', location_zh: '示例楼 508', intro_en: '## About\r\n\r\nWe study *people*.' });

      await ok(w.admin.json('PUT', '/api/site/', { lab_name_en: 'Example Lab', filing_number: '京ICP备00000000号-1', id: 7 }));
      got = (await w.admin.get('/api/site/')).json() as Row;
      expect(got).toMatchObject({
        lab_name_zh: DEFAULT_NAMES.lab_name_zh,
        lab_name_en: 'Example Lab',
        email: 'lab@example.org',
        filing_number: '京ICP备00000000号-1',
      });
      // the markdown leaves as stored, and the public read is the same record (but the administrators' settings)
      const {
        require_admin_2fa: _,
        notify_publish: __,
        external_signup: _a,
        external_signup_type: _b,
        member_passwords: _c,
        show_citations: _d,
        cite_styles: _e,
        ...publicGot
      } = got;
      expect((await anon().get('/api/read_site/')).json()).toEqual(publicGot);

      // an optional field sent empty is cleared
      await ok(w.admin.json('PUT', '/api/site/', { location_zh: '' }));
      expect((await w.admin.get('/api/site/')).json().location_zh).toBe('');
      const rows = await w.app.lab.db.selectFrom('site_settings').selectAll().execute();
      expect(rows).toHaveLength(1);
    });

    it('refuses invalid values and changes nothing', async () => {
      const before = (await w.admin.get('/api/site/')).body;
      expect(fieldErrors(await w.admin.send('PUT', '/api/site/', { lab_name_zh: ' ', email: 'x@example.org' }))).toEqual({ lab_name_zh: ['required'] });
      expect(fieldErrors(await w.admin.send('PUT', '/api/site/', { email: 'not a mail' }))).toEqual({ email: ['invalid e-mail address'] });
      expect(fieldErrors(await w.admin.json('PUT', '/api/site/', { filing_number: 'x'.repeat(61) }))).toEqual({ filing_number: ['at most 60 characters'] });
      const small = await w.admin.send('PUT', '/api/site/', { qr_image_url: { file: await png(99, 99), name: 'qr.png', type: 'image/png' } });
      expect(fieldErrors(small)).toEqual({ qr_image_url: ['the image must be at least 100×100 pixels'] });
      expect((await w.admin.get('/api/site/')).body).toBe(before);
    });

    it('stores an uploaded QR image as PNG, replaces it and clears it', async () => {
      await ok(w.admin.send('PUT', '/api/site/', { qr_image_url: { file: await png(300, 300), name: 'qr.png', type: 'image/png' } }));
      const first = String((await anon().get('/api/read_site/')).json().qr_image_url);
      expect(first).toMatch(/^\/resource\/media\/[a-f0-9]{32}\.png$/);
      const served = await anon().get(first);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');

      await ok(w.admin.send('PUT', '/api/site/', { qr_image_url: { file: await png(200, 200), name: 'qr2.png', type: 'image/png' } }));
      const second = String((await anon().get('/api/read_site/')).json().qr_image_url);
      expect(second).not.toBe(first);
      // the replaced image stays while the version that shows it does
      expect((await anon().get(first)).statusCode).toBe(200);

      await ok(w.admin.json('PUT', '/api/site/', { qr_image_url: '' }));
      expect((await anon().get('/api/read_site/')).json().qr_image_url).toBeNull();
      const held = await w.app.lab.db.selectFrom('kept_file').select('storage_key').where('holder', '=', 'revision').execute();
      expect(held.map((k) => k.storage_key)).toEqual(expect.arrayContaining([first, second].map((u) => u.split('/').pop())));
    });
  });

  it('tells the page cache that site content changed on every write', async () => {
    const topics: string[] = [];
    const stop = w.app.lab.changes.on((topic) => topics.push(topic));
    try {
      const gid = createdId(await newPage());
      await ok(w.admin.send('PUT', `/api/page/?gid=${gid}`, { title_en: 'x' }));
      createdId(await newItem());
      await ok(w.admin.json('PUT', '/api/site/', { email: 'mail@example.org' }));
    } finally {
      stop();
    }
    expect(topics).toEqual(['site', 'site', 'site', 'site']);
  });

  it('lets only administrators write; the public reads need no login', async () => {
    const gid = createdId(await newPage());
    const cid = createdId(await newItem());
    for (const [client, status] of [
      [w.user, 403],
      [anon(), 401],
    ] as const) {
      expect((await client.get('/api/page/')).statusCode).toBe(status);
      expect((await newPageAs(client)).statusCode).toBe(status);
      expect((await client.send('PUT', `/api/page/?gid=${gid}`, { title_zh: 'hijack' })).statusCode).toBe(status);
      expect((await client.delete(`/api/page/?gid=${gid}`)).statusCode).toBe(status);
      expect((await client.send('POST', '/api/showcase/', { kind: 'tool', title_zh: 'x' })).statusCode).toBe(status);
      expect((await client.send('PUT', `/api/showcase/?cid=${cid}`, { title_zh: 'hijack' })).statusCode).toBe(status);
      expect((await client.delete(`/api/showcase/?cid=${cid}`)).statusCode).toBe(status);
      expect((await client.get('/api/site/')).statusCode).toBe(status);
      expect((await client.json('PUT', '/api/site/', { email: 'evil@example.org' })).statusCode).toBe(status);
      for (const url of ['/api/read_page/?section=course', '/api/read_showcase/', '/api/read_site/']) expect((await client.get(url)).statusCode).toBe(200);
    }
    expect((await w.admin.get(`/api/page/?gid=${gid}`)).json().title_zh).toBe('课程');
    expect((await w.admin.get('/api/site/')).json().email).not.toBe('evil@example.org');
  });
});
