import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, migrations } from '../../server/db/database.ts';
import { appOn, bareInstance, dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { importBib } from '../helpers/bib.ts';
import { type Client, loginAs } from '../helpers/client.ts';
import { dblpHit, fakeOpenAlex, type FakeOpenAlex, ORCID, orcidGroup, syncEnv, work } from '../helpers/openalex.ts';
import { crossrefWork, type FakeRegistries, fakeRegistries } from '../helpers/registries.ts';
import { newMember } from '../fixtures/world.ts';

// Titles, venues and names reach the lab as plain text, whichever way they come: a .bib file (dblp's, Better
// BibTeX's, Zotero's), OpenAlex, ORCID and dblp's search (a member's new works), Crossref and DataCite ("Fill
// from DOI"). Each path is fed the LaTeX and markup its source really writes, and what it stores or proposes
// holds no LaTeX command, no tag, no entity and never the word "undefined". Every .bib of the corpus
// (tests/fixtures/bib/) is imported too and held to the same.

/** What a title, a venue or a name must not hold once read. */
function leftovers(text: string): string[] {
  const found = [
    /\\[A-Za-z]+/.exec(text)?.[0],
    /<\/?(?:[a-z]+:)?[a-z][a-z0-9-]*\b[^<>]*>/i.exec(text)?.[0],
    /&(?:#\d+|#x[\da-f]+|[a-z]+\d*);/i.exec(text)?.[0],
    /\bundefined\b/.exec(text)?.[0],
    /[{}]/.exec(text)?.[0],
    /\$[^$\s]*\$/.exec(text)?.[0],
  ];
  return found.filter((f): f is string => f !== undefined).map((f) => `${JSON.stringify(text)} holds ${JSON.stringify(f)}`);
}
type Texts = { title: string; source: string; author: string[]; editors?: string[] };
const leftoversOf = (r: Texts) => [r.title, r.source, ...r.author, ...(r.editors ?? [])].flatMap(leftovers);

const dir = path.join(import.meta.dirname, '..', 'fixtures', 'bib');

const EXPECTED: Record<string, Texts> = {
  'RL^2: Fast Reinforcement Learning via Slow Reinforcement Learning': {
    title: 'RL^2: Fast Reinforcement Learning via Slow Reinforcement Learning',
    source: 'arXiv',
    author: ['Yan Duan', 'John Schulman', 'Xi Chen', 'Peter L. Bartlett', 'Ilya Sutskever', 'Pieter Abbeel'],
  },
  'Scaling Laws… and the GPT-4 Technical Report': {
    title: 'Scaling Laws… and the GPT-4 Technical Report',
    source: "KDD '22: The 28th ACM SIGKDD Conference on Knowledge Discovery and Data Mining, Washington, DC, USA",
    author: ['José Hernández-Orallo', 'Fernando Martínez-Plumed'],
  },
  'Learning α-Divergences with TinyBERT in O(n²) Time': {
    title: 'Learning α-Divergences with TinyBERT in O(n²) Time',
    source: 'Journal of Machine Learning Research & Practice',
    author: ['Jürgen Müller', 'Søren Østergaard'],
  },
  'The Drosophila Connectome at Synaptic Resolution': {
    title: 'The Drosophila Connectome at Synaptic Resolution',
    source: 'Nature Neuroscience',
    author: ['Anna Smith', 'Kim Lee'],
  },
  'Effect of COVID‐19 Lockdowns on Urban Birds': {
    title: 'Effect of COVID‐19 Lockdowns on Urban Birds',
    source: 'Journal of Applied Ecology',
    author: ['Wei Zhang', 'Lucy Brown'],
  },
  'Warming Reshapes Arctic Food Webs: in situ Evidence': {
    title: 'Warming Reshapes Arctic Food Webs: in situ Evidence',
    source: 'Global Change Biology',
    author: ['Yu Chen'],
  },
};

describe.each(dialects)('titles, venues and names in plain text on %s', (dialect) => {
  let oa: FakeOpenAlex;
  let registries: FakeRegistries;
  let t: TestApp;
  let admin: Client;

  beforeAll(async () => {
    oa = await fakeOpenAlex();
    registries = await fakeRegistries();
    t = await makeApp(dialect, syncEnv(oa.url, {}, registries.url));
    admin = await loginAs(t.app, 'admin', 'admin-password');
  });
  afterAll(async () => {
    await t?.close();
    await oa?.close();
    await registries?.close();
  });

  it('a .bib file in, its titles, venues and names stored as plain text', async () => {
    const { stored, remove } = await importBib(admin, fs.readFileSync(path.join(dir, 'latex-and-markup.bib'), 'utf8'));
    try {
      expect(stored.map((p) => ({ title: p.title, source: p.source, author: p.author }))).toEqual(Object.values(EXPECTED));
      expect(stored.flatMap((p) => leftoversOf(p))).toEqual([]);
    } finally {
      await remove();
    }
  });

  it("OpenAlex's, ORCID's and dblp's answers in, plain titles, venues and names proposed", async () => {
    const member = await newMember(admin);
    const name = ((await admin.get(`/api/people/?pid=${member.pid}`)).json() as { name_en: string }).name_en;
    expect((await member.send('PUT', `/api/people/?uid=${member.uid}`, { orcid: ORCID, dblp: '74/5442' })).statusCode).toBe(200);
    const base = work('901');
    oa.works = [
      work('901', {
        title: 'Imaging <i>in vivo</i> of CO<sub>2</sub> Uptake in <sup>13</sup>C-Labelled Leaves',
        display_name: 'Imaging <i>in vivo</i> of CO<sub>2</sub> Uptake in <sup>13</sup>C-Labelled Leaves',
        primary_location: {
          ...base.primary_location,
          source: { ...base.primary_location.source, display_name: 'Plant, Cell &amp; Environment', type: 'journal' },
        },
      }),
      work('902', {
        title:
          'A <mml:math xmlns:mml="http://www.w3.org/1998/Math/MathML" altimg="si1.svg"><mml:mi>k</mml:mi></mml:math>-means Algorithm with <mml:math xmlns:mml="http://www.w3.org/1998/Math/MathML"><mml:msup><mml:mi>n</mml:mi><mml:mn>2</mml:mn></mml:msup></mml:math> Updates',
        display_name: 'A k-means Algorithm with n2 Updates',
      }),
      work('903', {
        title: 'Efficacy of the <scp>mRNA</scp>‐1273 <scp>SARS‐CoV</scp>‐2 Vaccine',
        display_name: 'Efficacy of the mRNA‐1273 SARS‐CoV‐2 Vaccine',
      }),
    ];
    oa.orcidGroups = [orcidGroup(911, 'Learning \\(\\alpha\\)-Divergences with <i>Neural</i> Estimators', '10.5555/orcid.911')];
    oa.dblpHits = [
      dblpHit(
        'conf/www/Zhang23',
        'Carbon Footprints of CO<sub>2</sub> &amp; Training',
        [
          { pid: '74/5442', name: `${name} 0001` },
          { pid: '11/2222', name: 'Jos&eacute; Garc&iacute;a' },
        ],
        '10.5555/dblp.912',
      ),
    ];
    try {
      const r = await admin.json('POST', '/api/publication/sync/preview/', { pid: member.pid });
      expect(r.statusCode, r.body).toBe(200);
      const records = (r.json().proposals as { work: string; record: Texts }[]).map((p) => p.record);
      expect(records.map((p) => p.title)).toEqual([
        'Imaging in vivo of CO₂ Uptake in ¹³C-Labelled Leaves',
        'A k-means Algorithm with n² Updates',
        'Efficacy of the mRNA‐1273 SARS‐CoV‐2 Vaccine',
        'Learning α-Divergences with Neural Estimators',
        'Carbon Footprints of CO₂ & Training',
      ]);
      expect(records[0]?.source).toBe('Plant, Cell & Environment');
      expect(records[4]?.author).toEqual([name, 'José García']);
      expect(records.flatMap(leftoversOf)).toEqual([]);
    } finally {
      oa.works = [];
      oa.orcidGroups = [];
      oa.dblpHits = [];
    }
  });

  it("Crossref's and DataCite's records in, a plain title, venue and names filled", async () => {
    registries.crossref.set(
      '10.1016/j.patcog.2024.110001',
      crossrefWork('10.1016/j.patcog.2024.110001', {
        title: [
          'Robust <mml:math xmlns:mml="http://www.w3.org/1998/Math/MathML" altimg="si1.svg"><mml:msub><mml:mi>ℓ</mml:mi><mml:mn>1</mml:mn></mml:msub></mml:math>-Norm Clustering of <i>Noisy</i> Graphs',
        ],
        'container-title': ['Pattern Recognition &amp; Artificial Intelligence'],
        author: [
          { given: 'Ren&eacute;', family: 'Dubois' },
          { given: 'Yu', family: '<scp>Chen</scp>' },
        ],
      }),
    );
    registries.datacite.set('10.48550/arxiv.2401.00001', {
      data: {
        attributes: {
          titles: [{ title: 'Learning $\\alpha$-Divergences via {BERT}: $\\mathcal{O}(n \\log n)$ Bounds' }],
          creators: [{ name: 'Müller, Jürgen', givenName: 'Jürgen', familyName: 'M{\\"u}ller' }],
          publisher: 'arXiv',
          publicationYear: 2024,
          types: { resourceTypeGeneral: 'Preprint' },
          url: 'https://arxiv.org/abs/2401.00001',
        },
      },
    });
    const crossref = (await admin.get(`/api/publication/doi/?doi=${encodeURIComponent('10.1016/j.patcog.2024.110001')}`)).json() as Texts;
    expect(crossref).toMatchObject({
      title: 'Robust ℓ₁-Norm Clustering of Noisy Graphs',
      source: 'Pattern Recognition & Artificial Intelligence',
      author: ['René Dubois', 'Yu Chen'],
    });
    const datacite = (await admin.get(`/api/publication/doi/?doi=${encodeURIComponent('10.48550/arXiv.2401.00001')}`)).json() as Texts;
    expect(datacite).toMatchObject({ title: 'Learning α-Divergences via BERT: O(n log n) Bounds', source: 'arXiv', author: ['Jürgen Müller'] });
    expect([crossref, datacite].flatMap(leftoversOf)).toEqual([]);
  });

  it('every .bib of the corpus: no stored title, venue or name holds LaTeX, a tag, an entity or "undefined"', async () => {
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.bib'));
    expect(files.length).toBeGreaterThanOrEqual(10);
    const found: string[] = [];
    for (const file of files) {
      const { entries, stored, remove } = await importBib(admin, fs.readFileSync(path.join(dir, file), 'utf8'));
      try {
        expect(stored.length).toBeGreaterThan(0);
        for (const e of entries) if (e.record) found.push(...leftoversOf(e.record).map((l) => `${file} ${e.key}: ${l}`));
        for (const p of stored) found.push(...leftoversOf(p).map((l) => `${file} stored ${p.pid}: ${l}`));
      } finally {
        await remove();
      }
    }
    expect(found).toEqual([]);
  });
});

describe.each(dialects)('the migration of stored titles, venues and names on %s', (dialect) => {
  it('makes plain only what is surely LaTeX or markup, and keeps each changed record before as a version', async () => {
    const inst = await bareInstance(dialect);
    await (await appOn(inst)).close();
    const db = createDatabase(inst.db);
    try {
      const insert = (title: string, source: string, author: string[], parts: object[] = [], fileKey: string | null = null) =>
        sql`INSERT INTO publication (type, type_num, area, area_num, title, author, year, source, author_parts, file1, file1_key)
            VALUES ('paper', 1, 'none', 0, ${title}, ${JSON.stringify(author)}, 2020, ${source}, ${JSON.stringify(parts.map((p) => JSON.stringify(p)))}, ${fileKey ? 'paper.pdf' : ''}, ${fileKey})`.execute(
          db,
        );
      // as the import and the sync stored them before: citation-js's "undefined" and the commands it did not
      // know (glued to their argument), OpenAlex's tags and entities
      await insert('RLundefined\u03022: Fast Reinforcement Learning via Slow Reinforcement Learning', 'arXiv', ['Yan Duan']);
      await insert('Scaling Laws\\dots and the \\mboxGPT-4\\quad Technical Report', 'J. of <i>Things</i> \\mboxX', ['Ada Lovelace'], [], 'k-1.pdf');
      await insert(
        'Imaging <i>in vivo</i> of CO<sub>2</sub> Uptake',
        'Plant, Cell &amp; Environment',
        ['Jos&eacute; Garc&iacute;a', 'Ada Lovelace'],
        [
          { family: 'Garc&iacute;a', given: 'Jos&eacute;' },
          { family: 'Lovelace', given: 'Ada' },
        ],
      );
      // what it is not sure of stays
      await insert('Set {1,2} Costs $5 and \\foo{x}: a Review', 'WWW', ['Bo Li']);
      await insert('Graph Neural Networks', 'TKDE', ['Bo Li']);
      await migrations['2026-12-06-1201-plain-text']?.up(db);
      const rows = await sql<{ pid: number; title: string; source: string; author: string; author_parts: string }>`
        SELECT pid, title, source, author, author_parts FROM publication ORDER BY pid`.execute(db);
      expect(rows.rows.map((r) => [r.title, r.source, JSON.parse(r.author), JSON.parse(r.author_parts).map((p: string) => JSON.parse(p))])).toEqual([
        ['RL^2: Fast Reinforcement Learning via Slow Reinforcement Learning', 'arXiv', ['Yan Duan'], []],
        ['Scaling Laws… and the GPT-4 Technical Report', 'J. of Things X', ['Ada Lovelace'], []],
        [
          'Imaging in vivo of CO₂ Uptake',
          'Plant, Cell & Environment',
          ['José García', 'Ada Lovelace'],
          [
            { family: 'García', given: 'José' },
            { family: 'Lovelace', given: 'Ada' },
          ],
        ],
        ['Set {1,2} Costs $5 and \\foo{x}: a Review', 'WWW', ['Bo Li'], []],
        ['Graph Neural Networks', 'TKDE', ['Bo Li'], []],
      ]);
      // each changed record as it was, a version holding its file
      const revisions = await sql<{ record: number; data: string }>`SELECT record, data FROM revision ORDER BY rid`.execute(db);
      const pids = rows.rows.map((r) => r.pid);
      expect(revisions.rows.map((r) => r.record)).toEqual(pids.slice(0, 3));
      expect(JSON.parse(revisions.rows[1]?.data ?? '{}')).toMatchObject({
        title: 'Scaling Laws\\dots and the \\mboxGPT-4\\quad Technical Report',
        file1_key: 'k-1.pdf',
      });
      const kept = await sql<{ storage_key: string }>`SELECT storage_key FROM kept_file WHERE holder = 'revision'`.execute(db);
      expect(kept.rows.map((r) => r.storage_key)).toEqual(['k-1.pdf']);
      // run again, nothing changes
      await migrations['2026-12-06-1201-plain-text']?.up(db);
      expect(Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM revision`.execute(db)).rows[0]?.n)).toBe(3);
    } finally {
      await db.destroy();
      await inst.close();
    }
  });
});
