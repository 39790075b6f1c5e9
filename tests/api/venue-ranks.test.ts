import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPageData } from '../../server/pages/page-data.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { Client, loginAs } from '../helpers/client.ts';
import { createdId, fieldErrors } from '../fixtures/world.ts';

// Venue ranks on both databases: a publication's `venue_key` corrects the automatic
// match (a SPEC §7 request without it still works), the site setting `venue_ranks` chooses the systems the
// public pages show (none by default), and the publication page filters by rank with the area filter, its
// count and pages following.

type Row = Record<string, unknown>;
const pageRequest = (url: string) =>
  ({ url, method: 'GET', headers: { 'accept-language': 'en' }, pageOrigin: 'https://lab.example' }) as unknown as FastifyRequest;

describe.each(dialects)('venue ranks on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  const page = (query = '') => createPageData(t.app.lab, pageRequest(`/publication${query}`)).publicationPage();
  const item = (pid: number) => createPageData(t.app.lab, pageRequest(`/publication/${pid}`)).publication(String(pid));
  const create = async (fields: Record<string, string>) =>
    createdId(await admin.send('POST', '/api/publication/', { author: JSON.stringify(['Wei Li']), year: '2024', ...fields }));
  const pids: Record<string, number> = {};

  beforeAll(async () => {
    t = await makeApp(dialect, { LAB_API_ONLY: '0' });
    admin = await loginAs(t.app, 'admin', 'admin-password');
    // SPEC §7's shape, without venue_key
    pids.acl = await create({
      title: 'An ACL paper',
      source: 'Proceedings of the 62nd Annual Meeting of the Association for Computational Linguistics',
      area: 'social computing',
    });
    pids.tkde = await create({ title: 'A TKDE paper', source: 'IEEE Trans. Knowl. Data Eng.', venue_kind: 'journal', area: 'computational argumentation' });
    pids.cikm = await create({ title: 'A CIKM paper', source: 'CIKM 2024', area: 'social computing' });
    pids.findings = await create({
      title: 'A findings paper',
      source: 'Findings of the Association for Computational Linguistics: ACL 2024',
      area: 'social computing',
    });
    // the editor's corrections: a workshop the lab counts as its venue's, and a venue the match got wrong
    pids.corrected = await create({ title: 'A corrected paper', source: 'KDD Workshop on Something', venue_key: 'conf/kdd', area: 'social computing' });
    pids.none = await create({ title: 'No rank', source: 'ACL 2024', venue_key: 'none', area: 'social computing' });
  });
  afterAll(() => t.close());

  it('keeps the correction, and the console sees every system the venue matched', async () => {
    const list = (await admin.get('/api/publication/')).json() as Row[];
    const of = (pid: number | undefined) => list.find((p) => p.pid === pid);
    expect(of(pids.acl)).toMatchObject({ venue_key: '', venue_rank: 'CCF A · CORE A*' });
    expect(of(pids.tkde)).toMatchObject({ venue_rank: 'CCF A' });
    expect(of(pids.cikm)).toMatchObject({ venue_rank: 'CCF B · CORE A' });
    expect(of(pids.findings)).toMatchObject({ venue_rank: '' });
    expect(of(pids.corrected)).toMatchObject({ venue_key: 'conf/kdd', venue_rank: 'CCF A · CORE A*' });
    expect(of(pids.none)).toMatchObject({ venue_key: 'none', venue_rank: '' });

    // an update may change it back to automatic; one over the bound is refused with the field named
    expect((await admin.send('PUT', `/api/publication/?pid=${pids.none}`, { venue_key: '' })).statusCode).toBe(200);
    expect(((await admin.get(`/api/publication/?pid=${pids.none}`)).json() as Row).venue_rank).toBe('CCF A · CORE A*');
    await admin.send('PUT', `/api/publication/?pid=${pids.none}`, { venue_key: 'none' });
    expect(fieldErrors(await admin.send('PUT', `/api/publication/?pid=${pids.none}`, { venue_key: 'x'.repeat(301) }))).toHaveProperty('venue_key');
  });

  it('offers the lists’ venues to the correction picker: the abbreviation itself first, for editors only', async () => {
    const found = (q: string) => admin.get(`/api/venue-ranks/?q=${encodeURIComponent(q)}`);
    const acl = (await found('acl')).json() as Row[];
    expect(acl[0]).toMatchObject({ key: 'conf/acl', system: 'ccf', rank: 'A', abbr: 'ACL', kind: 'conference' });
    expect(acl.length).toBeLessThanOrEqual(20);
    expect(acl.every((c) => `${c.abbr} ${c.name} ${c.key}`.toLowerCase().includes('acl'))).toBe(true);
    // by a name's words, and by a DBLP key
    expect(((await found('Knowledge and Data Engineering')).json() as Row[]).map((c) => c.key)).toContain('journals/tkde');
    expect(((await found('journals/tkde')).json() as Row[])[0]).toMatchObject({ abbr: 'TKDE', rank: 'A' });
    // the key it offers is a correction the match reads
    const pid = await create({ title: 'Picked', source: 'Some unknown venue', venue_key: 'journals/tkde' });
    expect(((await admin.get(`/api/publication/?pid=${pid}`)).json() as Row).venue_rank).toBe('CCF A');
    expect((await admin.delete(`/api/publication/?pid=${pid}`)).statusCode).toBe(200);
    expect((await found('')).json()).toEqual([]);
    expect((await found('zzzz-no-such-venue')).json()).toEqual([]);
    const long = await found('x'.repeat(201));
    expect(long.statusCode).toBe(400);
    expect((await new Client(t.app).get('/api/venue-ranks/?q=acl')).statusCode).toBe(401);
  });

  it('shows no rank by default, and keeps the correction and the ranks out of the public read', async () => {
    const settings = (await new Client(t.app).get('/api/read_site/')).json() as Row;
    expect(settings.venue_ranks).toBe('none');
    const list = await page();
    expect(list?.ranks).toEqual([]);
    expect(list?.items.every((p) => p.ranks.length === 0)).toBe(true);
    // a rank asked for where none is shown is not a filter
    expect((await page('?rank=ccf-a'))?.total).toBe(list?.total);
    const read = (await new Client(t.app).get('/api/read_publication/')).json() as Row[];
    expect(read.length).toBeGreaterThan(0);
    for (const p of read) {
      expect(p).not.toHaveProperty('venue_key');
      expect(p).not.toHaveProperty('venue_rank');
    }
  });

  it('shows the chosen systems, and filters by rank with the area filter', async () => {
    expect((await admin.json('PUT', '/api/site/', { venue_ranks: 'ccf' })).statusCode).toBe(200);
    const all = await page();
    expect(all?.ranks).toEqual(['ccf-a', 'ccf-b']);
    const ranksOf = (pid: number | undefined) => all?.items.find((p) => p.pid === pid)?.ranks.map((r) => `${r.system} ${r.rank}`);
    expect(ranksOf(pids.acl)).toEqual(['ccf A']);
    expect(ranksOf(pids.cikm)).toEqual(['ccf B']);
    expect(ranksOf(pids.none)).toEqual([]);
    expect((await item(pids.tkde as number))?.ranks).toEqual([{ system: 'ccf', rank: 'A', venue: 'TKDE' }]);

    const a = await page('?rank=ccf-a');
    expect(a?.rank).toBe('ccf-a');
    expect(a?.items.map((p) => p.pid).sort()).toEqual([pids.acl, pids.tkde, pids.corrected].sort());
    expect(a?.total).toBe(3);
    // with an area: social computing (1) holds the ACL paper and the corrected one
    const both = await page('?area=1&rank=ccf-a');
    expect(both?.items.map((p) => p.pid).sort()).toEqual([pids.acl, pids.corrected].sort());
    expect(both?.total).toBe(2);
    expect((await page('?rank=ccf-b'))?.items.map((p) => p.pid)).toEqual([pids.cikm]);
    // CORE is not shown: its filter is not one
    expect((await page('?rank=core-astar'))?.total).toBe(all?.total);
    // beyond the last page of the selection there is no page
    expect(await page('?rank=ccf-a&page=2')).toBeNull();

    expect((await admin.json('PUT', '/api/site/', { venue_ranks: 'ccf,core' })).statusCode).toBe(200);
    expect((await page())?.ranks).toEqual(['ccf-a', 'ccf-b', 'core-astar', 'core-a']);
    expect((await page('?rank=core-astar'))?.items.map((p) => p.pid).sort()).toEqual([pids.acl, pids.corrected].sort());
    expect(fieldErrors(await admin.json('PUT', '/api/site/', { venue_ranks: 'scimago' }))).toHaveProperty('venue_ranks');
  });

  it('filters by what the publications are now: an edit, a new paper, a deletion and another instance’s change each show at once', async () => {
    // the ranks are held between pages (services/rank-index.ts): each change must make them read again
    expect((await admin.json('PUT', '/api/site/', { venue_ranks: 'ccf' })).statusCode).toBe(200);
    const aPids = async () => (await page('?rank=ccf-a'))?.items.map((p) => p.pid).sort();
    expect(await aPids()).toEqual([pids.acl, pids.tkde, pids.corrected].sort());
    expect((await admin.send('PUT', `/api/publication/?pid=${pids.cikm}`, { source: 'KDD 2024' })).statusCode).toBe(200);
    expect(await aPids()).toEqual([pids.acl, pids.tkde, pids.corrected, pids.cikm].sort());
    const fresh = await create({ title: 'A SIGIR paper', source: 'SIGIR 2024', area: 'social computing' });
    expect(await aPids()).toEqual([pids.acl, pids.tkde, pids.corrected, pids.cikm, fresh].sort());
    expect((await admin.delete(`/api/publication/?pid=${fresh}`)).statusCode).toBe(200);
    expect(await aPids()).toEqual([pids.acl, pids.tkde, pids.corrected, pids.cikm].sort());
    // another instance wrote (its bus tells this one): here only the change arrives
    await t.app.lab.db
      .updateTable('publication')
      .set({ source: 'CIKM 2024' })
      .where('pid', '=', pids.cikm as number)
      .execute();
    t.app.lab.changes.arrived('publication');
    expect(await aPids()).toEqual([pids.acl, pids.tkde, pids.corrected].sort());
    expect((await page('?rank=ccf-b'))?.items.map((p) => p.pid)).toEqual([pids.cikm]);
  });
});
