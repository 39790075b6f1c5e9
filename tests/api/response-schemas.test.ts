import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seedDemo } from '../../cli/demo/seed.ts';
import { wireSchema } from '../../common/resource.ts';
import { info, person } from '../../common/resources/index.ts';
import {
  PublicArticleItemSchema,
  PublicArticleSchema,
  PublicNewsSchema,
  PublicPageSchema,
  PublicPersonItemSchema,
  PublicPersonLightSchema,
  PublicPersonSchema,
  PublicSeminarSchema,
  SiteSettingsSchema,
} from '../../common/wire.ts';
import { publicReads, type Registered, registry } from '../../server/registry.ts';
import { createCrud } from '../../server/services/crud.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { Client, loginAs } from '../helpers/client.ts';
import { createdId } from '../fixtures/world.ts';

// Every route declares its answers (zod), and each public read has one projection schema
// naming every field the public sees (common/wire.ts). Here each public read's real answer on the demo
// data is exactly its projection: it parses with its schema, which allows no key it does not name.

describe.each(dialects)('public reads on the demo data, on %s', (dialect) => {
  let t: TestApp;
  let anon: Client;
  beforeAll(async () => {
    t = await makeApp(dialect, { LAB_ADMIN_USERNAME: '', LAB_ADMIN_PASSWORD: '' });
    await seedDemo(t.app.lab.db, t.app.lab.storage, 'demo-admin-password', { advisor: 'advisor0' });
    anon = new Client(t.app);
  }, 120_000);
  afterAll(() => t.close());

  /** The answer of `url`: a 200 of exactly `schema`'s shape. */
  async function exactly<S extends z.ZodType>(url: string, schema: S): Promise<z.infer<S>> {
    const r = await anon.get(url);
    expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
    const parsed = schema.safeParse(r.json());
    expect(parsed.error?.message, url).toBeUndefined();
    // nothing was dropped to make it fit: the schemas are strict, and this says so for each answer
    expect(parsed.data, url).toEqual(r.json());
    return parsed.data as z.infer<S>;
  }

  // every public read the registry names, each list query of it; and the picker's light list of people
  const lists: [string, z.ZodType][] = [
    ...publicReads().flatMap((read) => (read.lists ?? ['']).map((q): [string, z.ZodType] => [`${read.path}${q}`, read.item])),
    ['/api/read_people/?onlylist=1', PublicPersonLightSchema],
  ];
  it.each(lists)('%s answers a list of exactly its public projection', async (url, schema) => {
    const items = await exactly(url, z.array(schema));
    expect(items.length, url).toBeGreaterThan(0);
  });

  it('knows every public read the server has: a new one is named in the registry, or here when it reads no resource', async () => {
    const doc = (await anon.get('/api/docs/json')).json() as { paths: Record<string, unknown> };
    const served = Object.keys(doc.paths).filter((p) => p.startsWith('/api/read_'));
    // the site settings are one record, not a resource's list
    expect(served.sort()).toEqual([...publicReads().map((r) => r.path), '/api/read_site/'].sort());
  });

  it('answers one record of exactly its public projection: the latest seminar, an article, a page, the site', async () => {
    await exactly('/api/read_seminar/?recent=1', PublicSeminarSchema);
    const articles = await exactly('/api/read_article/', z.array(PublicArticleItemSchema));
    for (const a of articles) await exactly(`/api/read_article/?aid=${a.aid}`, PublicArticleSchema);
    const withSlug = articles.filter((a) => a.slug);
    expect(withSlug.length).toBeGreaterThan(0);
    for (const a of withSlug) await exactly(`/api/read_article/?slug=${a.slug}`, PublicArticleSchema);
    await exactly('/api/read_page/?section=course&slug=Intro-to-AI', PublicPageSchema);
    await exactly('/api/read_site/', SiteSettingsSchema);
  });

  it('answers each person of exactly the public projection, whatever their kind of personal page', async () => {
    const people = await exactly('/api/read_people/', z.array(PublicPersonItemSchema));
    for (const p of people) await exactly(`/api/read_people/?username=${encodeURIComponent(p.username)}`, PublicPersonSchema);
    expect(new Set(people.map((p) => p.link_type))).toEqual(new Set([0, 1, 2, 3]));
  });

  it('refuses, by each projection, a key it does not name: a private column cannot pass unnoticed', async () => {
    const [news] = await exactly('/api/read_news/', z.array(PublicNewsSchema));
    expect(PublicNewsSchema.safeParse({ ...news, created_by: 1 }).success).toBe(false);
    const [somebody] = await exactly('/api/read_people/', z.array(PublicPersonItemSchema));
    for (const column of ['uid', 'phone', 'authority', 'password_hash', 'must_change_password']) {
      expect(PublicPersonItemSchema.safeParse({ ...somebody, [column]: 'x' }).success, column).toBe(false);
      expect(Object.keys(PublicPersonSchema.shape), column).not.toContain(column);
    }
    expect(Object.keys(PublicSeminarSchema.shape)).not.toContain('room_pw');
    // the console's read of a person has them (but never a password): the projection is narrower
    expect(Object.keys(wireSchema(person).shape)).toEqual(expect.arrayContaining(['uid', 'phone', 'authority']));
    expect(Object.keys(wireSchema(person).shape)).not.toContain('password');
  });
});

// A resource whose service adds a value its declaration does not name: the drift a response schema is for.
const drifting: Registered = {
  crud: createCrud({ ...info, name: 'drift', path: '/api/drift/' }, { decorate: (w) => ({ ...w, secret: 'not declared' }) }),
  routes: 'generic',
  update: 'record',
};

describe('answers checked against their schemas', () => {
  async function appWith(env: Record<string, string>) {
    const t = await makeApp('sqlite', env, { resources: [...registry, drifting] });
    const admin = await loginAs(t.app, 'admin', 'admin-password');
    const id = createdId(await admin.send('POST', '/api/drift/', { aspect: 'Drift' }));
    return { t, admin, id };
  }

  it('outside production: an answer its schema does not allow is a 500, and a good one goes out', async () => {
    const { t, admin, id } = await appWith({});
    try {
      const r = await admin.get(`/api/drift/?iid=${id}`);
      expect(r.statusCode).toBe(500);
      expect(r.json()).toEqual({ detail: expect.any(String) });
      expect(JSON.stringify(r.json())).not.toContain('not declared');
      expect((await admin.get(`/api/info/?iid=${id}`)).json()).toEqual({ iid: id, aspect: 'Drift', markdown: '', order: 0 });
    } finally {
      await t.close();
    }
  });

  it('in production: the answer goes out as the service made it, never a 500 for its shape', async () => {
    const { t, admin, id } = await appWith({ NODE_ENV: 'production' });
    try {
      for (let i = 0; i < 2; i++) {
        const r = await admin.get(`/api/drift/?iid=${id}`);
        expect(r.statusCode).toBe(200);
        expect(r.json()).toMatchObject({ iid: id, aspect: 'Drift', secret: 'not declared' });
      }
    } finally {
      await t.close();
    }
  });
});

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: unknown;
  beforeAll(async () => {
    t = await makeApp('sqlite');
    doc = (await t.app.inject({ url: '/api/docs/json' })).json();
  });
  afterAll(() => t.close());

  /** The node of a JSON document at `path`, or undefined. */
  const at = (node: unknown, ...path: string[]): unknown =>
    path.reduce<unknown>((n, key) => (typeof n === 'object' && n !== null ? Object.entries(n).find(([k]) => k === key)?.[1] : undefined), node);
  const keysAt = (node: unknown, ...path: string[]) => {
    const found = at(node, ...path);
    return typeof found === 'object' && found !== null ? Object.keys(found) : [];
  };
  const answerOf = (path: string, method = 'get') => at(doc, 'paths', path, method, 'responses', '200', 'content', 'application/json', 'schema');
  const bodyOf = (path: string, method: string, type: string) => at(doc, 'paths', path, method, 'requestBody', 'content', type, 'schema');

  it('shows each answer’s real shape: every field the public sees, and no other', () => {
    const news = answerOf('/api/read_news/');
    expect(at(news, 'type')).toBe('array');
    expect(keysAt(news, 'items', 'properties').sort()).toEqual(Object.keys(PublicNewsSchema.shape).sort());
    expect(at(news, 'items', 'additionalProperties')).toBe(false);
    const site = answerOf('/api/read_site/');
    expect(keysAt(site, 'properties').sort()).toEqual(Object.keys(SiteSettingsSchema.shape).sort());
    expect(at(site, 'properties', 'qr_image_url', 'nullable')).toBe(true);
    // a console read: the list, or one record, each with its derived display values
    const articles = answerOf('/api/article/');
    for (const shape of [keysAt(articles, 'anyOf', '0', 'items', 'properties'), keysAt(articles, 'anyOf', '1', 'properties')]) {
      expect(shape).toEqual(expect.arrayContaining(['aid', 'title', 'release', 'releasestr', 'time3', 'timestr3']));
    }
    // the errors' shapes are declared too
    expect(keysAt(doc, 'paths', '/api/article/', 'get', 'responses')).toEqual(['200', '4XX', '5XX']);
  });

  it('shows each body’s real shape, multipart included', () => {
    const create = bodyOf('/api/article/', 'post', 'multipart/form-data');
    expect(at(create, 'required')).toEqual(['title', 'abstract']);
    expect(at(create, 'properties', 'title')).toMatchObject({ type: 'string', maxLength: 200 });
    expect(at(create, 'properties', 'type', 'enum')).toContain('lab hot topic');
    expect(at(create, 'properties', 'image_url', 'anyOf')).toContainEqual({ type: 'string', format: 'binary' });
    expect(at(bodyOf('/apiprivate/disctime/', 'put', 'application/json'), 'required')).toEqual(['uid', 'term', 'occupy']);
    expect(keysAt(bodyOf('/api/login/', 'post', 'application/json'), 'properties')).toEqual(['username', 'password', 'code', 'trust_device']);
  });
});
