import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_RELATION_LOOKUPS } from '../../server/sync/relations.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { type Client, loginAs, type Part } from '../helpers/client.ts';
import { fakeOpenAlex, type FakeOpenAlex, ORCID, syncEnv, work } from '../helpers/openalex.ts';
import { crossrefWork, dataciteDoi, type FakeRegistries, fakeRegistries } from '../helpers/registries.ts';
import { createdId, newMember } from '../fixtures/world.ts';

// The published version of a stored preprint that OpenAlex does not group with it (and
// that has another title) found by DOI relations, against a loopback Crossref and DataCite speaking their
// JSON: the published article's Crossref record names its bioRxiv preprint (`relation["has-preprint"]`),
// an arXiv DOI's DataCite record names its published version (relatedIdentifiers, IsVersionOf), an SSRN
// preprint's Crossref record names its own (`relation["is-preprint-of"]`). A registry that does not know a
// DOI, fails, is slow or answers another shape leaves the work proposed as new, and the search succeeds; the
// lookups are bounded.

const BIORXIV = '10.1101/2023.04.01.535001';
const ARXIV_DOI = '10.48550/arXiv.2102.00002';
const SSRN = '10.2139/ssrn.4000004';
const CELL = '10.1016/j.cell.2024.01.201';
const LATE = '10.1177/14614448241299';

/** A published work OpenAlex lists on its own: a journal's DOI and another title than its preprint's, no preprint among its locations. */
const published = (n: string, doi: string, title: string) =>
  work(n, {
    doi: `https://doi.org/${doi}`,
    title,
    display_name: title,
    ids: { openalex: `https://openalex.org/W${n}`, doi: `https://doi.org/${doi}` },
    primary_location: {
      is_oa: false,
      landing_page_url: `https://doi.org/${doi}`,
      pdf_url: null,
      source: { id: 'https://openalex.org/S110447773', display_name: 'Cell', issn_l: '0092-8674', type: 'journal' },
      license: null,
      version: 'publishedVersion',
    },
  });

describe.each(dialects)('a preprint matched to its published version by DOI relations on %s', (dialect) => {
  let oa: FakeOpenAlex;
  let reg: FakeRegistries;
  let t: TestApp;
  let admin: Client;
  let member: Awaited<ReturnType<typeof newMember>>;
  const pids: Record<'biorxiv' | 'arxiv' | 'title' | 'ssrn', number> = { biorxiv: 0, arxiv: 0, title: 0, ssrn: 0 };

  beforeAll(async () => {
    oa = await fakeOpenAlex();
    reg = await fakeRegistries();
    t = await makeApp(dialect, syncEnv(oa.url, {}, reg.url));
    admin = await loginAs(t.app, 'admin', 'admin-password');
    member = await newMember(admin);
    expect((await member.send('PUT', `/api/people/?uid=${member.uid}`, { orcid: ORCID, area: 'social computing' })).statusCode).toBe(200);
    const store = async (fields: Record<string, Part>) => createdId(await admin.send('POST', '/api/publication/', { author: '["Ada Lovelace"]', ...fields }));
    pids.biorxiv = await store({
      title: 'Neural Signatures of Group Coordination',
      source: 'bioRxiv',
      year: 2023,
      doi: BIORXIV,
      file1: { file: Buffer.from('%PDF biorxiv'), name: 'biorxiv.pdf' },
    });
    pids.arxiv = await store({
      title: 'Echo Chambers, A Preprint',
      source: 'arXiv',
      year: 2021,
      doi: ARXIV_DOI,
      link1: 'https://arxiv.org/abs/2102.00002',
      link2: 'https://github.com/lab/echo',
      file1: { file: Buffer.from('%PDF arxiv'), name: 'arxiv.pdf' },
    });
    pids.title = await store({ title: 'Settled By Title', source: 'bioRxiv', year: 2022, doi: '10.1101/2022.01.01.000003' });
    pids.ssrn = await store({ title: 'Platform Governance Working Paper', source: 'SSRN', year: 2022, doi: SSRN });
    oa.works = [
      published('201', CELL, 'Coordination Signatures in Neural Circuits'),
      published('202', '10.1145/3589334.202', 'Echo Chambers Revisited'),
      work('203'),
      published('205', '10.1038/s41586-024-00205', 'Settled By Title'),
    ];
    // the journal's record names its bioRxiv preprint (bioRxiv asserted it: the object)
    reg.crossref.set(CELL, crossrefWork(CELL, { relation: { 'has-preprint': [{ 'id-type': 'doi', id: BIORXIV, 'asserted-by': 'object' }] } }));
    // ACM's record names none
    reg.crossref.set('10.1145/3589334.202', crossrefWork('10.1145/3589334.202', { publisher: 'ACM', 'container-title': ['Proceedings of WWW'] }));
    // arXiv's DataCite record names the published version
    reg.datacite.set(
      ARXIV_DOI.toLowerCase(),
      dataciteDoi(ARXIV_DOI, [
        { relationType: 'IsVersionOf', relatedIdentifier: '10.1145/3589334.202', relatedIdentifierType: 'DOI', resourceTypeGeneral: 'ConferencePaper' },
      ]),
    );
    // SSRN's record of the preprint names its published version
    reg.crossref.set(
      SSRN,
      crossrefWork(SSRN, {
        publisher: 'Elsevier BV',
        type: 'posted-content',
        subtype: 'preprint',
        institution: [{ name: 'SSRN' }],
        relation: { 'is-preprint-of': [{ 'id-type': 'doi', id: LATE, 'asserted-by': 'subject' }] },
      }),
    );
  });
  afterAll(async () => {
    await t?.close();
    await oa?.close();
    await reg?.close();
  });
  beforeEach(() => {
    reg.fail.clear();
  });

  type Proposal = { work: string; area?: string; record: { doi: string; title: string }; preprint?: { pid: number; by: string; url: string; title: string } };
  const search = async () => {
    const n = reg.asked.length;
    const r = await admin.json('POST', '/api/publication/sync/preview/', { pid: member.pid });
    expect(r.statusCode, r.body).toBe(200);
    const proposals = r.json().proposals as Proposal[];
    return { by: (w: string) => proposals.find((p) => p.work === w), proposals, asked: reg.asked.slice(n).map((a) => a.path) };
  };

  it("proposes the published version as the preprint's update by DOI relation: the article's has-preprint, arXiv's DataCite record", async () => {
    const s = await search();
    expect(s.by('W201')?.preprint).toEqual({
      pid: pids.biorxiv,
      title: 'Neural Signatures of Group Coordination',
      url: `https://doi.org/${BIORXIV}`,
      by: 'doi',
    });
    expect(s.by('W201')?.area).toBeUndefined();
    expect(s.by('W202')?.preprint).toEqual({ pid: pids.arxiv, title: 'Echo Chambers, A Preprint', url: 'https://arxiv.org/abs/2102.00002', by: 'doi' });
    // Crossref does not know W203's DOI: proposed as new, in the member's area
    expect(s.by('W203')).toMatchObject({ area: 'social computing' });
    expect(s.by('W203')?.preprint).toBeUndefined();
    // the title settled W205: its DOI not asked
    expect(s.by('W205')?.preprint).toMatchObject({ pid: pids.title, by: 'title' });
    // one request per unsettled published work, then arXiv's record; SSRN's own record not needed
    expect(s.asked).toEqual([`/works/${CELL}`, '/works/10.1145/3589334.202', '/works/10.1145/3589334.203', `/dois/${ARXIV_DOI}`]);
    expect(reg.asked.at(-1)?.userAgent).toMatch(/mailto:lab@example\.edu/);
  });

  it.each([
    ['missing', true],
    ['malformed', true],
    ['not-json', true],
    ['error', false],
    ['slow', false],
  ] as const)('a Crossref record that is %s leaves the work proposed as new, and the search succeeds', async (mode, askedOn) => {
    reg.fail.set(CELL, mode);
    const s = await search();
    expect(s.by('W201')).toMatchObject({ work: 'W201', area: 'social computing' });
    expect(s.by('W201')?.preprint).toBeUndefined();
    expect(s.asked).toContain(`/works/${CELL}`);
    // Crossref, failing, is not asked again in this search; a record it does not have or of another shape is only that record
    expect(s.asked.includes('/works/10.1145/3589334.203')).toBe(askedOn);
    // DataCite is another registry: arXiv's preprint still matched
    expect(s.by('W202')?.preprint).toMatchObject({ pid: pids.arxiv, by: 'doi' });
  });

  it("a DataCite that fails leaves the arXiv preprint's published version proposed as new; Crossref's match stands", async () => {
    reg.fail.set(ARXIV_DOI.toLowerCase(), 'error');
    const s = await search();
    expect(s.by('W202')).toMatchObject({ area: 'social computing' });
    expect(s.by('W202')?.preprint).toBeUndefined();
    expect(s.by('W201')?.preprint).toMatchObject({ pid: pids.biorxiv, by: 'doi' });
  });

  it('asks at most 50 records a search, keeping a share for the stored preprints’ own (SSRN’s is-preprint-of)', async () => {
    const many = Array.from({ length: 80 }, (_, i) => work(String(300 + i)));
    oa.works.push(...many, published('299', LATE, 'Governing Platforms'));
    try {
      const s = await search();
      expect(MAX_RELATION_LOOKUPS).toBe(50);
      expect(s.asked.length).toBeLessThanOrEqual(MAX_RELATION_LOOKUPS);
      // the published works' records: 50 less one for each of the three stored preprints left open
      expect(s.asked.filter((p) => p.startsWith('/works/10.1'))).toHaveLength(47);
      expect(s.asked.slice(-2)).toEqual([`/dois/${ARXIV_DOI}`, `/works/${SSRN}`]);
      expect(s.by('W201')?.preprint).toMatchObject({ pid: pids.biorxiv, by: 'doi' });
      expect(s.by('W202')?.preprint).toMatchObject({ pid: pids.arxiv, by: 'doi' });
      // not asked of its own record (beyond the bound): found by SSRN's
      expect(s.asked).not.toContain(`/works/${LATE}`);
      expect(s.by('W299')?.preprint).toMatchObject({ pid: pids.ssrn, by: 'doi', url: `https://doi.org/${SSRN}` });
      // the rest proposed as new
      expect(s.proposals.filter((p) => !p.preprint)).toHaveLength(81);
    } finally {
      oa.works.splice(-81);
    }
  });

  it('accepting updates each preprint in place: its id, title, links and files kept, the preprint kept as a link', async () => {
    const s = await search();
    const r = await admin.json('POST', '/api/publication/sync/accept/', {
      entries: [
        { work: 'W201', record: s.by('W201')?.record, area: 'none', update: pids.biorxiv },
        { work: 'W202', record: s.by('W202')?.record, area: 'none', update: pids.arxiv },
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ created: [], updated: [pids.biorxiv, pids.arxiv] });
    const bio = (await admin.get(`/api/publication/?pid=${pids.biorxiv}`)).json();
    expect(bio).toMatchObject({
      pid: pids.biorxiv,
      title: 'Neural Signatures of Group Coordination',
      doi: CELL,
      source: 'Cell',
      venue_kind: 'journal',
      year: 2024,
      file1: 'biorxiv.pdf',
    });
    expect((await admin.get(bio.file1_url)).body).toBe('%PDF biorxiv');
    const arx = (await admin.get(`/api/publication/?pid=${pids.arxiv}`)).json();
    expect(arx).toMatchObject({
      pid: pids.arxiv,
      title: 'Echo Chambers, A Preprint',
      doi: '10.1145/3589334.202',
      link1: 'https://doi.org/10.1145/3589334.202',
      link2: 'https://github.com/lab/echo',
      file1: 'arxiv.pdf',
    });
    expect((await admin.get(arx.file1_url)).body).toBe('%PDF arxiv');
    const synced = await t.app.lab.db
      .selectFrom('publication_sync')
      .select(['pid', 'openalex', 'preprint_url'])
      .where('pid', 'in', [pids.biorxiv, pids.arxiv])
      .execute();
    expect(synced.sort((a, b) => a.pid - b.pid)).toEqual(
      [
        { pid: pids.biorxiv, openalex: 'W201', preprint_url: `https://doi.org/${BIORXIV}` },
        { pid: pids.arxiv, openalex: 'W202', preprint_url: 'https://arxiv.org/abs/2102.00002' },
      ].sort((a, b) => a.pid - b.pid),
    );
    const after = await search();
    expect(after.by('W201')).toBeUndefined();
    expect(after.by('W202')).toBeUndefined();
  });

  it('asks no registry when no stored preprint has a DOI', async () => {
    for (const pid of [pids.title, pids.ssrn]) expect((await admin.delete(`/api/publication/?pid=${pid}`)).statusCode).toBe(200);
    const s = await search();
    // W203 and W205 unsettled, and nothing asked
    expect(s.proposals.map((p) => p.work).sort()).toEqual(['W203', 'W205']);
    expect(s.asked).toEqual([]);
  });
});
