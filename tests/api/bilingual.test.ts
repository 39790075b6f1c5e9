import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as recordPage from '../../app/routes/public/resource-record.tsx';
import { missingPairs } from '../../common/list-params.ts';
import { opening } from '../../common/resources/index.ts';
import { createPageData } from '../../server/pages/page-data.ts';
import { registry } from '../../server/registry.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { type Client, loginAs } from '../helpers/client.ts';
import { createdId } from '../fixtures/world.ts';

// "Both languages, honestly", from the declarations' _zh/_en pairs: a console list
// filtered on the server to the records lacking English or Chinese (a text written in the other language
// only), for every bilingual declared resource; and a declared public record's hreflang alternates, on its
// page and in the sitemap, only in the languages its text exists in.

const pageRequest = (url: string, lang: 'zh' | 'en') =>
  ({ url, method: 'GET', headers: { 'accept-language': lang }, pageOrigin: 'https://lab.example' }) as unknown as FastifyRequest;

describe.each(dialects)('both languages, honestly, on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await makeApp(dialect, { LAB_API_ONLY: '0' });
    admin = await loginAs(t.app, 'admin', 'admin-password');
    const add = async (form: Record<string, string>) => createdId(await admin.send('POST', opening.path, { kind: 'PhD', release: 'true', ...form }));
    ids.complete = await add({ title_zh: '博士招生', title_en: 'PhD admissions', description_zh: '介绍', description_en: 'About' });
    ids.zhOnly = await add({ title_zh: '科研助理', description_zh: '只有中文' });
    // the title in both, the description in Chinese only: English is missing all the same
    ids.partly = await add({ title_zh: '博士后', title_en: 'Postdoc', description_zh: '只有中文的介绍', apply_zh: '发邮件', apply_en: 'Write to us' });
    // whitespace is no text
    ids.noZh = await add({ title_zh: '实习', title_en: 'Intern', description_zh: '   ', description_en: 'English only' });
    ids.seminarComplete = createdId(await admin.send('POST', '/api/seminar/', { title_zh: '报告', title_en: 'A talk', date: '2026-01-05' }));
    ids.seminarZh = createdId(await admin.send('POST', '/api/seminar/', { title_zh: '只有中文的报告', speaker_en: 'Ann Smith', speaker_zh: '安' }));
  });
  afterAll(() => t.close());

  const listed = async (url: string) => {
    const r = await admin.get(url);
    expect(r.statusCode, r.body).toBe(200);
    return { ids: (r.json() as Record<string, number>[]).map((x) => x.oid ?? x.sid).sort((a, b) => (a ?? 0) - (b ?? 0)), total: r.headers['x-total-count'] };
  };

  it('filters a console list on the server to the records lacking English, or Chinese', async () => {
    expect(await listed('/api/opening/?missing=en')).toEqual({ ids: [ids.zhOnly, ids.partly], total: '2' });
    expect(await listed('/api/opening/?missing=zh')).toEqual({ ids: [ids.noZh], total: '1' });
    // with the filter text and a page
    expect((await listed('/api/opening/?missing=en&q=postdoc')).ids).toEqual([ids.partly]);
    expect(await listed('/api/opening/?missing=en&limit=1&offset=1')).toMatchObject({ total: '2' });
    // another declaration, the same rule: seminars
    const seminars = await listed('/api/seminar/?missing=en');
    expect(seminars.ids).toContain(ids.seminarZh);
    expect(seminars.ids).not.toContain(ids.seminarComplete);
    expect((await listed('/api/seminar/?missing=zh')).ids).not.toContain(ids.seminarZh);
  });

  it('takes it on the list call of every bilingual registered resource, and refuses it elsewhere in both languages', async () => {
    const bilingual = registry.filter((r) => missingPairs(r.crud.res).length > 0 && r.crud.res.access.read === 'admin');
    expect(bilingual.map((r) => r.crud.res.name)).toEqual(expect.arrayContaining(['opening', 'seminar', 'person', 'page', 'showcase']));
    for (const { crud } of bilingual) {
      const r = await admin.get(`${crud.res.path}?missing=en`);
      expect(r.statusCode, `${crud.res.name}: ${r.body}`).toBe(200);
      expect(r.headers['x-total-count'], crud.res.name).toBeDefined();
    }
    for (const url of ['/api/opening/?missing=fr', '/api/publication/?missing=en']) {
      const r = await admin.get(url);
      expect(r.statusCode, url).toBe(400);
      expect(r.body, url).toContain('missing');
    }
  });

  /** The alternates the record page names, as its meta gives them to the document head. */
  const alternates = async (id: number, lang: 'zh' | 'en') => {
    const data = createPageData(t.app.lab, pageRequest(`/join/${id}`, lang));
    const found = await data.resourceRecord('join', String(id));
    expect(found, String(id)).not.toBeNull();
    const meta = recordPage.meta({ loaderData: { lang, origin: data.origin, forced: false, ...(found as NonNullable<typeof found>) }, matches: [] });
    return meta.flatMap((m) => ('rel' in m && m.rel === 'alternate' ? [String(m.hrefLang)] : []));
  };

  it('gives a record page an hreflang alternate only in the languages its text exists in', async () => {
    for (const lang of ['zh', 'en'] as const) {
      expect(await alternates(ids.complete as number, lang)).toEqual(['zh', 'en', 'x-default']);
      expect(await alternates(ids.zhOnly as number, lang)).toEqual(['zh', 'x-default']);
      expect(await alternates(ids.partly as number, lang)).toEqual(['zh', 'x-default']);
      expect(await alternates(ids.noZh as number, lang)).toEqual(['en', 'x-default']);
    }
  });

  it('names in the sitemap only the alternates that exist', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(r.statusCode).toBe(200);
    const entry = (id: number) => {
      const m = new RegExp(`<url><loc>[^<]*/join/${id}</loc>(.*?)</url>`).exec(r.body);
      expect(m, String(id)).not.toBeNull();
      return [...(m?.[1] ?? '').matchAll(/hreflang="(\w+)"/g)].map((x) => x[1]);
    };
    expect(entry(ids.complete as number)).toEqual(['zh', 'en']);
    expect(entry(ids.zhOnly as number)).toEqual(['zh']);
    expect(entry(ids.partly as number)).toEqual(['zh']);
    expect(entry(ids.noZh as number)).toEqual(['en']);
    // the list page has both
    expect(r.body).toMatch(/<loc>[^<]*\/join<\/loc><xhtml:link rel="alternate" hreflang="zh"[^>]*\/><xhtml:link rel="alternate" hreflang="en"/);
  });
});
