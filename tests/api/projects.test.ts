import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labYear } from '../../common/instant.ts';
import type { Topic } from '../../server/cache/changes.ts';
import { createPageData } from '../../server/pages/page-data.ts';
import { createdId, fieldErrors } from '../fixtures/world.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { Client, createMember, loginAs } from '../helpers/client.ts';

// Research projects (common/resources/project.ts). What the declaration adds beyond the
// other public resources: a list that `refers` to publications (the acknowledging ones: checked on write,
// linked on the project's page, and the project named on each publication's page), a period (ongoing until
// its end year has passed) and the list's filters by level and status, on the pages and the public read.

const pageRequest = (url: string, lang: 'zh' | 'en') =>
  ({ url, method: 'GET', headers: { 'accept-language': lang }, pageOrigin: 'https://lab.example' }) as unknown as FastifyRequest;

type Rec = Record<string, unknown>;

describe.each(dialects)('research projects on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  let anonymous: Client;
  let ada: number;
  const papers: number[] = [];
  const year = labYear();
  const pageData = (url: string, lang: 'zh' | 'en', topics = new Set<Topic>()) => createPageData(t.app.lab, pageRequest(url, lang), topics);
  const project = async (fields: Record<string, string>) => {
    const r = await admin.send('POST', '/api/project/', { title_zh: '测试项目', title_en: 'Test project', start_year: String(year - 1), ...fields });
    expect(r.statusCode, r.body).toBe(200);
    return createdId(r);
  };

  beforeAll(async () => {
    t = await makeApp(dialect);
    admin = await loginAs(t.app, 'admin', 'admin-password');
    anonymous = new Client(t.app);
    ada = (await createMember(admin, { username: 'ada', name_en: 'Ada Lovelace', name_zh: '艾达', link_type: '1', link1: '# Page' })).pid;
    for (const title of ['First acknowledging paper', 'Second acknowledging paper', 'Unrelated paper'])
      papers.push(createdId(await admin.send('POST', '/api/publication/', { title, author: '["Ada Lovelace"]', source: 'Venue', year: '2025' })));
  });
  afterAll(() => t?.close());

  it('keeps the acknowledging publications as ids, in the order chosen, and refuses one that does not exist, in both languages', async () => {
    const [a, b] = papers as [number, number];
    const jid = await project({ publications: JSON.stringify([String(b), String(a), String(b)]), pi: JSON.stringify(['@ada']) });
    const got = (await admin.get(`/api/project/?jid=${jid}`)).json() as Rec;
    // a repeated id is kept once
    expect(got.publications).toEqual([String(b), String(a)]);
    expect(got.pi).toEqual([`pid:${ada}`]);
    const before = ((await admin.get('/api/project/')).json() as unknown[]).length;
    const refused = async (publications: unknown, lang: 'zh' | 'en') => {
      admin.lang = lang;
      const r = await admin.send('POST', '/api/project/', { title_zh: '拒绝', start_year: '2024', publications: JSON.stringify(publications) });
      expect(r.statusCode, r.body).toBe(400);
      return fieldErrors(r).publications;
    };
    expect(await refused(['999999'], 'en')).toEqual(['there is no record with id 999999']);
    expect(await refused(['999999'], 'zh')).toEqual(['没有编号为 999999 的记录']);
    expect(await refused(['0'], 'en')).toEqual(['each item must be the id of a record (a positive whole number)']);
    expect(await refused(['x'], 'zh')).toEqual(['每一项须是一条记录的编号（正整数）']);
    admin.lang = 'en';
    expect(((await admin.get('/api/project/')).json() as unknown[]).length).toBe(before);
    // an end before the start is refused, saying which field
    const r = await admin.send('POST', '/api/project/', { title_zh: '倒序', start_year: '2024', end_year: '2020' });
    expect(fieldErrors(r).end_year).toEqual(['the end year cannot be before the start year']);
  });

  it('keeps a publication deleted since where the project named it, and shows only those with a page', async () => {
    const gone = createdId(await admin.send('POST', '/api/publication/', { title: 'Deleted later', author: '["A"]', source: 'V', year: '2024' }));
    const jid = await project({ publications: JSON.stringify([String(gone), String(papers[0])]) });
    expect((await admin.delete(`/api/publication/?pid=${gone}`)).statusCode).toBe(200);
    // the unchanged list is sent back whole with another change: accepted
    const r = await admin.send('PUT', `/api/project/?jid=${jid}`, { publications: JSON.stringify([String(gone), String(papers[0])]), title_en: 'Renamed' });
    expect(r.statusCode, r.body).toBe(200);
    const page = await pageData(`/projects/${jid}`, 'en').resourceRecord('projects', String(jid));
    const links = page?.record.details?.find((d) => d.key === 'publications')?.links;
    expect(links).toEqual([{ text: 'First acknowledging paper', href: `/publication/${papers[0]}` }]);
  });

  it("names the project on each acknowledging publication's page, and the page changes when the project does", async () => {
    const [a, , unrelated] = papers as [number, number, number];
    const jid = await project({ title_zh: '致谢项目', title_en: 'Acknowledged project', publications: JSON.stringify([String(a)]), level: 'provincial' });
    const topics = new Set<Topic>();
    const pub = await pageData(`/publication/${a}`, 'zh', topics).publication(String(a));
    const group = pub?.referring.find((g) => g.name === 'project');
    expect(group?.label).toBe('资助项目');
    expect(group?.cards.map((c) => [c.title, c.href])).toContainEqual(['致谢项目', `/projects/${jid}`]);
    // the publication's page is kept in the cache under the projects' topic too (a project's edit makes it stale)
    expect(topics.has('project' as Topic)).toBe(true);
    const other = await pageData(`/publication/${unrelated}`, 'en').publication(String(unrelated));
    expect(other?.referring.find((g) => g.name === 'project')?.cards.some((c) => c.href === `/projects/${jid}`) ?? false).toBe(false);
    // unreleased: no longer named
    expect((await admin.send('PUT', `/api/project/?jid=${jid}`, { release: 'false' })).statusCode).toBe(200);
    const after = await pageData(`/publication/${a}`, 'en').publication(String(a));
    expect(after?.referring.find((g) => g.name === 'project')?.cards.some((c) => c.href === `/projects/${jid}`) ?? false).toBe(false);
  });

  it('filters the list page and the public read by level and by status (ongoing until the end year has passed)', async () => {
    const ongoing = await project({ title_en: 'Ongoing national', level: 'national', end_year: String(year) });
    const open = await project({ title_en: 'Open-ended industry', level: 'industry' });
    const finished = await project({ title_en: 'Finished national', level: 'national', start_year: String(year - 4), end_year: String(year - 1) });
    const ids = async (query: string) => ((await anonymous.get(`/api/read_project/${query}`)).json() as Rec[]).map((r) => r.jid);
    expect(await ids('?status=ongoing')).toEqual(expect.arrayContaining([ongoing, open]));
    expect(await ids('?status=ongoing')).not.toContain(finished);
    expect(await ids('?status=finished')).toEqual([finished]);
    expect(await ids('?level=national&status=ongoing')).toContain(ongoing);
    expect(await ids('?level=national&status=ongoing')).not.toContain(open);
    expect(await ids('?level=industry')).toEqual([open]);
    // a value no filter offers is ignored: the whole list
    expect((await ids('?level=galactic')).length).toBe((await ids('')).length);
    // the page: its filters as links that keep the other filter, the chosen ones marked
    const list = await pageData('/projects?level=national&status=finished', 'zh').resourceList('projects');
    expect(list?.items.map((c) => c.id)).toEqual([finished]);
    const level = list?.filters.find((f) => f.param === 'level');
    expect(level?.label).toBe('级别');
    expect(level?.chosen).toBe('national');
    expect(level?.options.find((o) => o.value === 'industry')).toEqual({
      value: 'industry',
      label: '企业合作',
      href: '/projects?level=industry&status=finished',
    });
    const status = list?.filters.find((f) => f.param === 'status');
    expect(status?.options.map((o) => o.label)).toEqual(['全部', '在研', '已结题']);
    expect(status?.options[0]?.href).toBe('/projects?level=national');
    // the card's meta line: its level and its period
    expect(list?.items[0]?.meta).toBe(`国家级 · ${year - 4} – ${year - 1}`);
    const en = await pageData('/projects', 'en').resourceList('projects');
    expect(en?.items.find((c) => c.id === open)?.meta).toBe(`Industry · since ${year - 1}`);
  });

  it("lists a member's projects on their page, and gives the project's page its ResearchProject JSON-LD", async () => {
    const jid = await project({ title_en: 'Ada leads', members: JSON.stringify(['@ada', 'Outside Person']), funder_en: 'NSFC', grant_number: '62370001' });
    const person = await pageData('/people/ada', 'en').person('ada');
    const theirs = person?.records.find((g) => g.name === 'project');
    expect(theirs?.label).toBe('Projects');
    expect(theirs?.cards.map((c) => c.id)).toContain(jid);
    const page = await pageData(`/projects/${jid}`, 'en').resourceRecord('projects', String(jid));
    expect(page?.jsonLd).toMatchObject({
      '@type': 'ResearchProject',
      name: 'Ada leads',
      funder: { '@type': 'Organization', name: 'NSFC' },
      identifier: '62370001',
    });
    expect(page?.record.details?.find((d) => d.key === 'members')?.people?.map((p) => p.name)).toEqual(['Ada Lovelace', 'Outside Person']);
  });
});
