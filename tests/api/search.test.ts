import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicResource } from '../../common/resource.ts';
import { resources } from '../../common/resources/index.ts';
import { seedDemo } from '../../cli/demo/seed.ts';
import { SEARCH_PAGE_SIZE, type SearchAnswer, type SearchKind } from '../../common/search.ts';
import { type Dialect, dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { Client, createMember, loginAs } from '../helpers/client.ts';
import { createdId, fieldErrors } from '../fixtures/world.ts';

// The site search over the demo lab, as a visitor types queries in Chinese and English, on
// both databases; what must never be found; how soon a write is found; the bounds of a query.

type Hit = { id: string; title: string; snippet: string; url: string | null; kind: SearchKind };
const text = (segments: { text: string; hit?: true }[]) => segments.map((s) => (s.hit ? `[${s.text}]` : s.text)).join('');

async function search(c: Client, q: string, extra = ''): Promise<SearchAnswer & { hits: Hit[] }> {
  const res = await c.get(`/api/search/?q=${encodeURIComponent(q)}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json() as SearchAnswer;
  return { ...answer, hits: answer.results.map((r) => ({ id: r.id, title: text(r.title), snippet: text(r.snippet), url: r.url, kind: r.kind })) };
}

async function demoLab(dialect: Dialect): Promise<{ t: TestApp; admin: Client; anon: Client }> {
  const t = await makeApp(dialect, { LAB_ADMIN_USERNAME: '', LAB_ADMIN_PASSWORD: '' });
  await seedDemo(t.app.lab.db, t.app.lab.storage, 'demo-admin-password', { advisor: 'advisor0' });
  // the seed wrote past the services' announcements, as `lab demo` does before a server starts
  for (const topic of t.app.lab.changes.topics) t.app.lab.changes.changed(topic);
  await t.app.lab.search.settled();
  return { t, admin: await loginAs(t.app, 'labadmin', 'demo-admin-password'), anon: new Client(t.app) };
}

/** Queries a visitor would type, in both languages. */
const visitorQueries = [
  '情感',
  '论辩',
  '清禾',
  '李清禾',
  '周明远',
  'argument mining',
  'ARGUMENT',
  'persuasiv',
  'argument 论辩',
  'privacy',
  '隐私',
  '大模型',
  'graph',
];

const labs = new Map<Dialect, Awaited<ReturnType<typeof demoLab>>>();
beforeAll(async () => {
  for (const d of dialects) labs.set(d, await demoLab(d));
}, 240_000);
afterAll(async () => {
  for (const lab of labs.values()) await lab.t.close();
});

describe.skipIf(dialects.length < 2)('the same results on both databases', () => {
  it('answers every visitor query alike on SQLite and PostgreSQL', async () => {
    const [a, b] = dialects.map((d) => labs.get(d) as Awaited<ReturnType<typeof demoLab>>) as [
      Awaited<ReturnType<typeof demoLab>>,
      Awaited<ReturnType<typeof demoLab>>,
    ];
    for (const q of visitorQueries) {
      const x = await search(a.anon, q);
      const y = await search(b.anon, q);
      expect(x.total, q).toBeGreaterThan(0);
      // ids of records differ between two seeded labs only where they are numbers given by the database
      expect(
        y.hits.map((h) => `${h.kind} ${h.title}`),
        q,
      ).toEqual(x.hits.map((h) => `${h.kind} ${h.title}`));
    }
  });
});

describe.each(dialects)('site search on %s', (dialect) => {
  const lab = () => labs.get(dialect) as Awaited<ReturnType<typeof demoLab>>;

  it('finds a two-character Chinese word in people, publications and articles, marking it', async () => {
    const r = await search(lab().anon, '情感');
    expect(r.total).toBeGreaterThan(0);
    // the master student who studies 图文多模态情感分析
    const person = r.hits.find((h) => h.kind === 'person');
    expect(person?.snippet).toContain('[情感]');
    for (const h of r.hits) expect(`${h.title} ${h.snippet}`, h.id).toContain('[情感]');
  });

  it("finds a member by a two-character given name, by full name, in either language's page", async () => {
    for (const q of ['清禾', '李清禾', 'Qinghe']) {
      const r = await search(lab().anon, q);
      const first = r.hits[0];
      expect(first?.kind, q).toBe('person');
      expect(first?.title, q).toMatch(/李清禾|Qinghe/);
      expect(first?.url, q).toMatch(/^\/people\//);
    }
    // the Chinese page shows the Chinese name first
    lab().anon.lang = 'zh';
    try {
      expect((await search(lab().anon, '清禾')).hits[0]?.title).toMatch(/^李\[清禾\]/);
    } finally {
      lab().anon.lang = 'en';
    }
  });

  it('matches English without regard to case and by prefix, ranking title and author matches above the body', async () => {
    const lower = await search(lab().anon, 'argument mining');
    const upper = await search(lab().anon, 'ARGUMENT MINING');
    expect(lower.total).toBeGreaterThan(0);
    expect(upper.hits.map((h) => h.id)).toEqual(lower.hits.map((h) => h.id));
    const prefix = await search(lab().anon, 'persuasiv');
    expect(prefix.hits.some((h) => h.title.includes('[Persuasiveness]'))).toBe(true);
    // accents: typed or not, found alike, and marked as written
    const pid = createdId(
      await lab().admin.send('POST', '/api/publication/', { title: `Crónica ${dialect}`, author: '["José Núñez-Ortega"]', source: 'V', year: '2023' }),
    );
    await lab().t.app.lab.search.settled();
    for (const q of ['jose nunez', 'JOSÉ NÚÑEZ', 'cronica', 'Crón'])
      expect(
        (await search(lab().anon, q)).hits.map((h) => h.id),
        q,
      ).toContain(`publication:${pid}`);
    expect((await search(lab().anon, 'cronica')).hits.find((h) => h.id === `publication:${pid}`)?.title).toBe(`[Crónica] ${dialect}`);
  });

  it('takes mixed Chinese and English queries: every term must match', async () => {
    const r = await search(lab().anon, 'argument 论辩');
    // the publication with the keyword 论辩挖掘 and "Argument" in its title
    expect(r.hits.some((h) => h.kind === 'publication' && /\[Argument\]/.test(h.title))).toBe(true);
    const { admin, anon } = lab();
    const word = `quorbic${dialect}`;
    const both = createdId(
      await admin.send('POST', '/api/publication/', {
        title: `${word} graphs`,
        author: '["A"]',
        source: 'V',
        year: '2025',
        keywords: JSON.stringify(['社会计算']),
      }),
    );
    const one = createdId(await admin.send('POST', '/api/publication/', { title: `${word} trees`, author: '["B"]', source: 'V', year: '2025' }));
    await lab().t.app.lab.search.settled();
    expect((await search(anon, word)).hits.map((h) => h.id).sort()).toEqual([`publication:${both}`, `publication:${one}`].sort());
    expect((await search(anon, `${word} 社会`)).hits.map((h) => h.id)).toEqual([`publication:${both}`]);
    expect((await search(anon, `社会计算 ${word.toUpperCase()}`)).hits.map((h) => h.id)).toEqual([`publication:${both}`]);
  });

  it('ranks a match in the title or among the authors above one in the abstract', async () => {
    const { admin, anon } = lab();
    const word = `velmorant${dialect}`;
    const add = async (fields: Record<string, string>) =>
      createdId(await admin.send('POST', '/api/publication/', { title: 'Untitled study', author: '["C. Author"]', source: 'V', year: '2024', ...fields }));
    const inBody = await add({ abstract: `We study ${word} at length.` });
    const inTitle = await add({ title: `The ${word} effect` });
    const inAuthors = await add({ author: JSON.stringify([`Ana ${word}`]) });
    await lab().t.app.lab.search.settled();
    const ids = (await search(anon, word)).hits.map((h) => h.id);
    expect(ids).toHaveLength(3);
    expect(ids[2]).toBe(`publication:${inBody}`);
    expect(ids.slice(0, 2).sort()).toEqual([`publication:${inTitle}`, `publication:${inAuthors}`].sort());
  });

  it('groups by kind: counts of each, a filter, pages of results with their total', async () => {
    const all = await search(lab().anon, 'graph');
    const sum = Object.values(all.counts).reduce((a, b) => a + b, 0);
    // every fixed kind is counted, and each declared public resource beside them (the demo's
    // patents say "graph"), so the counts add up to the total
    const names = Object.values(resources).flatMap((r) => (isPublicResource(r) ? [r.name] : []));
    expect(Object.keys(all.counts)).toEqual(expect.arrayContaining(names));
    expect(names.some((n) => ((all.counts as Record<string, number>)[n] ?? 0) > 0)).toBe(true);
    expect(all.total).toBe(sum);
    const pubs = await search(lab().anon, 'graph', '&kind=publication');
    expect(pubs.total).toBe(all.counts.publication);
    expect(pubs.hits.every((h) => h.kind === 'publication')).toBe(true);
    expect(pubs.counts).toEqual(all.counts);
    if (pubs.total > SEARCH_PAGE_SIZE) {
      const second = await search(lab().anon, 'graph', '&kind=publication&page=2');
      expect(second.page).toBe(2);
      expect(second.hits.map((h) => h.id)).not.toContain(pubs.hits[0]?.id);
    }
  });

  it('answers an empty query and a query that matches nothing with no results', async () => {
    for (const q of ['', '   ', '!!!', 'qwxzvbnmpoiu']) {
      const r = await search(lab().anon, q);
      expect(r.total, q).toBe(0);
      expect(r.results, q).toEqual([]);
    }
  });

  it('refuses a bad kind or page and an over-long query with errors in both languages, and cuts a long one', async () => {
    const c = new Client(lab().t.app);
    for (const url of ['/api/search/?q=x&kind=password', '/api/search/?q=x&page=-1', `/api/search/?q=${'a'.repeat(1001)}`]) {
      c.lang = 'en';
      const en = fieldErrors(await c.get(url));
      c.lang = 'zh';
      const zh = fieldErrors(await c.get(url));
      expect(Object.keys(en).length, url).toBeGreaterThan(0);
      expect(JSON.stringify(zh), url).not.toBe(JSON.stringify(en));
    }
    const long = await search(lab().anon, `graph ${'x'.repeat(200)}`);
    expect(long.cut).toBe(true);
    expect(long.q.length).toBeLessThanOrEqual(100);
  });

  it('finds a write at once, and within a second while writes keep coming: created, changed, unpublished and deleted', async () => {
    const { admin, anon } = lab();
    const word = `zyxtoplasm${dialect}`;
    const res = await admin.send('POST', '/api/publication/', { title: `On ${word} in networks`, author: '["A. Writer"]', source: 'Venue', year: '2025' });
    const pid = createdId(res);
    // the first search after the save already finds it: a search waits for the changes announced before it
    expect((await search(anon, word)).hits.map((h) => h.id)).toEqual([`publication:${pid}`]);
    expect((await admin.send('PUT', `/api/publication/?pid=${pid}`, { title: 'Renamed entirely' })).statusCode).toBe(200);
    await expect.poll(async () => (await search(anon, word)).total, { timeout: 1000, interval: 25 }).toBe(0);
    await expect
      .poll(async () => (await search(anon, 'renamed entirely')).hits.map((h) => h.id), { timeout: 1000, interval: 25 })
      .toContain(`publication:${pid}`);
    expect((await admin.delete(`/api/publication/?pid=${pid}`)).statusCode).toBe(200);
    await expect
      .poll(async () => (await search(anon, 'renamed entirely')).hits.map((h) => h.id), { timeout: 1000, interval: 25 })
      .not.toContain(`publication:${pid}`);

    // an article is found only while it is published
    const art = `qwaxolotl${dialect}`;
    const aid = createdId(
      await admin.send('POST', '/api/article/', {
        title: `Notes on ${art}`,
        abstract: 'An abstract',
        markdown: 'Body',
        type: 'lab hot topic',
        release: 'false',
      }),
    );
    await lab().t.app.lab.search.settled();
    expect((await search(anon, art)).total).toBe(0);
    expect((await admin.send('PUT', `/api/article/?aid=${aid}`, { release: 'true' })).statusCode).toBe(200);
    await expect.poll(async () => (await search(anon, art)).hits.map((h) => h.url), { timeout: 1000, interval: 25 }).toEqual([`/news/${aid}`]);
    expect((await admin.send('PUT', `/api/article/?aid=${aid}`, { release: 'false' })).statusCode).toBe(200);
    await expect.poll(async () => (await search(anon, art)).total, { timeout: 1000, interval: 25 }).toBe(0);
  });

  it('never finds unpublished news, private files, personal data or accounts the public does not see', async () => {
    const { admin, anon, t } = lab();
    const secret = `vrillium${dialect}`;
    createdId(await admin.send('POST', '/api/news/', { abstract: `Draft ${secret}`, content_en: `<p>${secret}</p>`, date: '2026-11-20', release: 'false' }));
    // a member's phone, ID number and e-mail address are personal: shown to no visitor, found by none
    const phone = '13912345678';
    const uid = `S${Date.now()}`;
    const member = await createMember(admin, {
      username: `srch${dialect}`,
      name_en: 'Private Person',
      name_zh: '私人测试',
      uid,
      phone,
      email: `${secret}@example.org`,
    });
    createdId(await member.send('POST', '/api/data/', { owner: member.username, 'files[0]': { file: Buffer.from(secret), name: `${secret}.txt` } }));
    await t.app.lab.search.settled();
    for (const q of [secret, phone, uid, `${secret}@example.org`]) expect((await search(anon, q)).total, q).toBe(0);
    // the member is found by name, and nothing of theirs leaks into what is shown
    const found = await search(anon, 'Private Person');
    expect(found.hits.map((h) => h.id)).toContain(`person:srch${dialect}`);
    expect(JSON.stringify(found)).not.toContain(phone);
    // a current account of type "other" is not on the people page: not found either
    await createMember(admin, { username: `hidden${dialect}`, name_en: 'Unlisted Account', name_zh: '未列账号', type: 'other' });
    await t.app.lab.search.settled();
    expect((await search(anon, 'Unlisted Account')).total).toBe(0);
    expect((await search(anon, '未列账号')).total).toBe(0);
  });

  it('keeps an answer for the next asker until the index changes, in a cache of its own that queries cannot overflow', async () => {
    const { t, admin, anon } = lab();
    // asked once, answered; asked again, kept; then answered from what was kept
    const first = await anon.get('/api/search/?q=privacy');
    const second = await anon.get('/api/search/?q=privacy');
    const third = await anon.get('/api/search/?q=privacy');
    expect(first.headers['x-cache']).toBeUndefined();
    expect(second.headers['x-cache']).toBe('miss');
    expect(third.headers['x-cache']).toBe('hit');
    expect(third.body).toBe(first.body);
    // a member's search is answered for them, never kept
    expect((await admin.get('/api/search/?q=privacy')).headers['x-cache']).toBeUndefined();
    // a change of the index is a new key: the next answer is computed anew and holds the change
    const word = `privacy zephyrine${dialect}`;
    createdId(await admin.send('POST', '/api/publication/', { title: word, author: '["Z"]', source: 'V', year: '2025' }));
    await t.app.lab.search.settled();
    const after = await anon.get('/api/search/?q=privacy');
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.json().total).toBe(first.json().total + 1);
    // a thousand different queries: the main cache does not grow, the search cache stays within its budget
    const main = t.app.responseCache.snapshot();
    for (let i = 0; i < 1000; i += 50)
      for (const round of [1, 2])
        await Promise.all(Array.from({ length: 50 }, (_, k) => anon.get(`/api/search/?q=graph+${i + k}+${'x'.repeat(90)}&r=${round}`)));
    expect(t.app.responseCache.snapshot().entries).toBe(main.entries);
    const searchCache = t.app.searchCache.snapshot();
    expect(searchCache.bytes).toBeLessThanOrEqual(searchCache.budget);
  });

  it('is documented in the OpenAPI description', async () => {
    const doc = (await lab().anon.get('/api/docs/json')).json() as { paths: Record<string, { get?: { parameters?: { name: string }[] } }> };
    const params = doc.paths['/api/search/']?.get?.parameters?.map((p) => p.name) ?? [];
    expect(params).toEqual(expect.arrayContaining(['q', 'kind', 'page']));
  });
});
