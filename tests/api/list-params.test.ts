import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortKeys } from '../../common/list-params.ts';
import { publication } from '../../common/resources/index.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { type Client, createMember, loginAs } from '../helpers/client.ts';

// The console lists' filter, sort and page, added to SPEC §7's list calls: ?q= finds each word
// in the declared columns (case-insensitive, % and _ taken literally), ?sort= is one of the list's columns
// (anything else a 400 in both languages), ?limit=&offset= a page with its total in X-Total-Count. A call
// without them answers the whole list as before.
describe.each(dialects)('list filter, sort and page on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  const titles = ['Argument Mining at Scale', 'Calibration of 100% Confident Models', 'Dialogue under_score Games', 'argumentation frameworks'];
  beforeAll(async () => {
    t = await makeApp(dialect);
    admin = await loginAs(t.app, 'admin', 'admin-password');
    for (const [i, title] of titles.entries()) {
      const r = await admin.send('POST', '/api/publication/', {
        title,
        author: JSON.stringify([i === 2 ? 'Zhang Wei' : 'Ada Lovelace']),
        source: i === 1 ? 'NeurIPS' : 'ACL',
        year: 2010 + i,
        area: i === 3 ? 'smart healthcare' : 'none',
      });
      expect(r.statusCode, r.body).toBe(200);
    }
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const r = await admin.get(`/api/publication/${query}`);
    expect(r.statusCode, r.body).toBe(200);
    return { titles: (r.json() as { title: string }[]).map((p) => p.title), total: r.headers['x-total-count'] };
  };

  it('answers the whole list, in the declared order and without a total, when asked as SPEC §7 does', async () => {
    const r = await admin.get('/api/publication/');
    expect(r.headers['x-total-count']).toBeUndefined();
    expect((r.json() as { title: string }[]).map((p) => p.title)).toEqual([...titles].reverse());
  });

  it('filters by every word, case-insensitively, in the title, the authors and the source', async () => {
    expect((await list('?q=ARGUMENT')).titles.sort()).toEqual(['Argument Mining at Scale', 'argumentation frameworks']);
    expect((await list('?q=argument%20scale')).titles).toEqual(['Argument Mining at Scale']);
    expect((await list('?q=zhang')).titles).toEqual(['Dialogue under_score Games']);
    expect((await list('?q=neurips')).titles).toEqual(['Calibration of 100% Confident Models']);
    expect((await list('?q=2012')).titles).toEqual(['Dialogue under_score Games']);
    // an enum by its label in either language
    expect((await list('?q=%E6%99%BA%E6%85%A7')).titles).toEqual(['argumentation frameworks']);
    expect((await list('?q=nothing-like-this')).titles).toEqual([]);
  });

  it('takes % and _ literally, and no pattern of the reader reaches the database', async () => {
    expect((await list('?q=100%25')).titles).toEqual(['Calibration of 100% Confident Models']);
    expect((await list('?q=%25')).titles).toEqual(['Calibration of 100% Confident Models']);
    expect((await list('?q=under_score')).titles).toEqual(['Dialogue under_score Games']);
    // an unescaped _ would find "nt M" in "Argument Mining"
    expect((await list('?q=nt_m')).titles).toEqual([]);
    expect((await list('?q=.*')).titles).toEqual([]);
  });

  it('sorts by a column of the list either way, and pages with the total', async () => {
    expect((await list('?sort=year&order=asc')).titles).toEqual(titles);
    expect((await list('?sort=year&order=desc&q=argument')).titles).toEqual(['argumentation frameworks', 'Argument Mining at Scale']);
    // ties in the id's order, so that pages never overlap
    expect((await list('?sort=source')).titles).toEqual([titles[0], titles[2], titles[3], titles[1]]);
    const first = await list('?sort=year&limit=2');
    expect(first).toEqual({ titles: titles.slice(0, 2), total: '4' });
    expect(await list('?sort=year&limit=2&offset=2')).toEqual({ titles: titles.slice(2), total: '4' });
    expect((await list('?q=argument&limit=1')).total).toBe('2');
  });

  it('accepts only the declared list columns as a sort, and bounded numbers and text', async () => {
    expect(sortKeys(publication)).toEqual(['year', 'source', 'title', 'area']);
    for (const bad of ['?sort=abstract', '?sort=pid;drop', '?order=up&sort=year', '?limit=-1', '?limit=100000', '?offset=x', `?q=${'x'.repeat(101)}`]) {
      admin.lang = 'zh';
      const zh = await admin.get(`/api/publication/${bad}`);
      admin.lang = 'en';
      const en = await admin.get(`/api/publication/${bad}`);
      expect(zh.statusCode, bad).toBe(400);
      expect(en.statusCode, bad).toBe(400);
      expect(zh.body).not.toBe(en.body);
    }
  });

  it('is the same on the people list, still for administrators only', async () => {
    const member = await createMember(admin, { name_en: 'Quentin Filterable' });
    const r = await admin.get('/api/people/?q=filterable&limit=10');
    expect(r.statusCode).toBe(200);
    expect((r.json() as { name_en: string }[]).map((p) => p.name_en)).toEqual(['Quentin Filterable']);
    expect(r.headers['x-total-count']).toBe('1');
    expect((await member.get('/api/people/?q=filterable')).statusCode).toBe(403);
  });

  it('folds accents: "muller" finds "Müller", and "uber" a title of "Über"', async () => {
    const r = await admin.send('POST', '/api/publication/', { title: 'Über Argumente', author: JSON.stringify(['Jörg Müller']), source: 'KI', year: 2015 });
    expect(r.statusCode, r.body).toBe(200);
    expect((await list('?q=muller')).titles).toEqual(['Über Argumente']);
    expect((await list('?q=jorg%20uber')).titles).toEqual(['Über Argumente']);
    expect((await list('?q=M%C3%9CLLER')).titles).toEqual(['Über Argumente']);
    // the people list too
    await createMember(admin, { name_en: 'Zoë Ångström' });
    expect(((await admin.get('/api/people/?q=angstrom&limit=10')).json() as { name_en: string }[]).map((p) => p.name_en)).toEqual(['Zoë Ångström']);
  });

  it('finds a member’s papers by their other name: the authors linked to them, and those matched by name', async () => {
    const li = await createMember(admin, { name_zh: '李清禾', name_en: 'Qinghe Li' });
    const pub = async (title: string, fields: Record<string, string>) =>
      expect((await admin.send('POST', '/api/publication/', { title, source: 'ACL', year: 2016, ...fields })).statusCode).toBe(200);
    // linked by name on save
    await pub('Written as Qinghe Li', { author: JSON.stringify(['Ada Lovelace', 'Qinghe Li']) });
    // linked by hand to an author written otherwise
    await pub('Written as Q. Li', { author: JSON.stringify(['Q. Li']), author_members: JSON.stringify([String(li.pid)]) });
    await pub('Not hers', { author: JSON.stringify(['Ada Lovelace']) });
    expect((await list('?q=%E6%9D%8E%E6%B8%85%E7%A6%BE')).titles.sort()).toEqual(['Written as Q. Li', 'Written as Qinghe Li']);
    // with another word, both must hold
    expect((await list('?q=%E6%9D%8E%E6%B8%85%E7%A6%BE%20lovelace')).titles).toEqual(['Written as Qinghe Li']);
    // her username finds them too
    expect((await list(`?q=${li.username}`)).titles.sort()).toEqual(['Written as Q. Li', 'Written as Qinghe Li']);
  });
});
