import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEntries } from '../../server/services/bibtex-parse.ts';
import { recordOf } from '../../server/services/bibtex-import.ts';
import { bibtexOf, cslJsonOf, citationsOf } from '../../server/services/citations.ts';
import { yearAsWritten } from '../../server/services/year-written.ts';
import { monthOfWork, recordOfWork, type Work } from '../../server/sync/openalex.ts';
import { Dblp } from '../../server/sync/dblp.ts';
import { Orcid } from '../../server/sync/orcid.ts';
import { dblpHit, fakeOpenAlex, type FakeOpenAlex, ORCID, orcidGroup, work } from '../helpers/openalex.ts';
import { publicationOf } from '../helpers/bib.ts';

// The kinds of work citation styles tell apart (docs/decisions/074-publication-kinds.md), read from the
// shapes real tools and indexes write, and years as written (075).

/** The record a .bib entry becomes. */
async function imported(bib: string) {
  const [entry] = await parseEntries(bib);
  if (!entry?.item) throw new Error(entry?.error ?? 'no entry');
  return recordOf(entry.item, entry.type, entry.raw);
}

describe('kinds read from BibTeX as reference managers write them', () => {
  it('reads a Better BibLaTeX @online preprint (PsyArXiv) as a preprint on its server, not a web page on osf.io', async () => {
    // Zotero 7 + Better BibLaTeX's export of a Zotero "Preprint" item
    const r = await imported(`@online{pennycookFightingMisinformation2020,
  title = {Fighting {{COVID-19}} Misinformation on Social Media},
  author = {Pennycook, Gordon and McPhetres, Jonathon and Zhang, Yunhao and Rand, David G.},
  date = {2020-03-17},
  eprinttype = {PsyArXiv},
  doi = {10.31234/osf.io/uhbk9},
  url = {https://osf.io/uhbk9},
  urldate = {2024-05-02},
  pubstate = {prepublished},
  langid = {english}
}`);
    expect(r).toMatchObject({ type: 'preprint', venue_kind: 'other', source: 'PsyArXiv', accessed: '2024-05-02', year: 2020, month: 3 });
  });

  it('reads a preprint by its DOI where the file names no server', async () => {
    const r = await imported(`@online{x2020,
  title = {Fighting Misinformation},
  author = {Pennycook, Gordon},
  date = {2020-03-17},
  doi = {10.31234/osf.io/uhbk9},
  url = {https://osf.io/uhbk9}
}`);
    expect(r).toMatchObject({ type: 'preprint', source: 'PsyArXiv' });
  });

  it('reads a Better BibLaTeX talk (@unpublished, type Presentation, eventtitle) as a talk at its event', async () => {
    const r = await imported(`@unpublished{linWhatGraphsTell2023,
  type = {Presentation},
  title = {What Graphs Tell of Rumors},
  author = {Lin, Wei},
  date = {2023-11-04},
  eventtitle = {{{CCF}} Computational Social Science Forum},
  venue = {Hangzhou, China}
}`);
    expect(r).toMatchObject({ type: 'talk', venue_kind: 'other', source: 'CCF Computational Social Science Forum', place: 'Hangzhou, China' });
    expect(r.notes).toEqual([]);
  });

  it('reads biblatex-gb7714 shapes: @patent with its holder and number, @standard, @newspaper by entrysubtype', async () => {
    const patent = await imported(`@patent{zhou2023patent,
  author   = {周明宇 and 林伟 and 陈一然},
  title    = {一种基于传播图的谣言早期检测方法及系统},
  number   = {CN115905624A},
  type     = {发明专利},
  holder   = {复旦大学},
  year     = {2023},
  month    = {3},
}`);
    expect(patent).toMatchObject({ type: 'patent', source: 'CN115905624A', number: 'CN115905624A', publisher: '复旦大学', issue: '' });
    const standard = await imported(`@standard{gbt7714,
  title = {信息与文献 参考文献著录规则},
  author = {{全国信息与文献标准化技术委员会}},
  number = {GB/T 7714—2015},
  organization = {国家标准化管理委员会},
  publisher = {中国标准出版社},
  address = {北京},
  year = {2015},
}`);
    expect(standard).toMatchObject({ type: 'standard', number: 'GB/T 7714—2015', source: '国家标准化管理委员会', publisher: '中国标准出版社', place: '北京' });
    const news = await imported(`@article{ding2000,
  author = {丁文祥},
  title = {数字革命与竞争国际化},
  journal = {中国青年报},
  entrysubtype = {newspaper},
  date = {2000-11-20},
  pages = {15},
}`);
    expect(news).toMatchObject({ type: 'newspaper', venue_kind: 'other', source: '中国青年报', pages: '15' });
  });

  it("reads Better BibLaTeX's @software with its version as the edition", async () => {
    const r = await imported(`@software{pengRumorgraph2024,
  title = {Rumorgraph},
  author = {Peng, Xiaoyu},
  date = {2024-05-01},
  url = {https://github.com/disc-lab/rumorgraph},
  urldate = {2024-05-02},
  version = {1.2.0},
  organization = {GitHub}
}`);
    expect(r).toMatchObject({ type: 'software', source: 'GitHub', edition: '1.2.0', accessed: '2024-05-02' });
  });

  it('reads years as catalogues write them: the year, the rest said', async () => {
    for (const [written, year] of [
      ['c1980', 1980],
      ['[1980]', 1980],
      ['1980?', 1980],
      ['1984-', 1984],
    ] as const) {
      const r = await imported(`@book{b, title = {A Book}, author = {Lin, Wei}, publisher = {Springer}, year = {${written}}}`);
      expect(r.year, written).toBe(year);
      expect(r.notes.map((n) => n.key)).toContain('import_year_as_written');
    }
    expect(yearAsWritten('1980 (printed 1982)')).toEqual({ year: 1980, note: '1980 (printed 1982)' });
    expect(yearAsWritten('1980')).toEqual({ year: 1980, note: '' });
    expect(yearAsWritten('n.d.')).toBeUndefined();
  });
});

describe('citing every kind', () => {
  it('gives each kind its CSL type, and an edited book its editors in place of authors', async () => {
    const kinds = ['chapter', 'report', 'standard', 'newspaper', 'archive', 'dataset', 'preprint', 'talk', 'software', 'patent', 'webpage'] as const;
    const csl = JSON.parse(cslJsonOf(kinds.map((type, i) => publicationOf({ pid: i, type, title: 'T', author: ['Wei Lin'], source: 'S', year: 2020 })))) as {
      type: string;
    }[];
    expect(csl.map((c) => c.type)).toEqual([
      'chapter',
      'report',
      'standard',
      'article-newspaper',
      'manuscript',
      'dataset',
      'article',
      'speech',
      'software',
      'patent',
      'webpage',
    ]);
    const edited = publicationOf({
      type: 'monograph',
      title: 'Handbook of Data Intelligence',
      author: [],
      editors: ['Ana Sousa'],
      source: 'Springer',
      publisher: 'Springer',
      place: 'Cham',
      year: 2023,
    });
    const [item] = JSON.parse(cslJsonOf([edited])) as Record<string, unknown>[];
    expect(item?.author).toBeUndefined();
    expect(item?.editor).toEqual([{ given: 'Ana', family: 'Sousa' }]);
    expect((await citationsOf(edited)).apa).toBe('Sousa, A. (Ed.). (2023). Handbook of data intelligence. Springer.');
  });

  it('gives a chapter its book, editors, publisher, place and pages in CSL and in BibTeX', async () => {
    const chapter = publicationOf({
      type: 'chapter',
      title: '植物开花研究',
      author: ['白书农'],
      source: '植物科学进展',
      editors: ['李承森'],
      publisher: '高等教育出版社',
      place: '北京',
      pages: '146–163',
      year: 1998,
    });
    const [item] = JSON.parse(cslJsonOf([chapter])) as Record<string, unknown>[];
    expect(item).toMatchObject({ type: 'chapter', 'container-title': '植物科学进展', publisher: '高等教育出版社', 'publisher-place': '北京', page: '146–163' });
    // APA names the book it is in (Manual 10.3), which it dropped when a chapter was an "article"
    expect((await citationsOf(chapter)).apa).toBe('白书农. (1998). 植物开花研究. In 李承森 (Ed.), 植物科学进展 (pp. 146–163). 高等教育出版社.');
    const bib = await bibtexOf([chapter]);
    expect(bib).toMatch(/^@incollection\{/);
    expect(bib).toContain('booktitle = {植物科学进展}');
    expect(bib).toContain('editor = {{李承森}}');
  });

  it('exports a patent as @patent with its number, holder and application date, and a talk as @unpublished at its event', async () => {
    const patent = publicationOf({
      type: 'patent',
      title: 'P',
      author: ['周明宇'],
      source: 'CN115905624A',
      number: 'CN115905624A',
      publisher: '复旦大学',
      filed: '2022-12-30',
      year: 2023,
    });
    const bib = await bibtexOf([patent]);
    expect(bib).toMatch(/^@patent\{/);
    expect(bib).toContain('number = {CN115905624A}');
    expect(bib).toContain('holder = {复旦大学}');
    expect(bib).toContain('filed = {2022-12-30}');
    const talk = await bibtexOf([publicationOf({ type: 'talk', title: 'T', author: ['Wei Lin'], source: 'CCF Forum', place: 'Hangzhou', year: 2023 })]);
    expect(talk).toMatch(/^@unpublished\{/);
    expect(talk).toContain('eventtitle = {CCF Forum}');
  });
});

describe('kinds from the scholarly indexes', () => {
  it("proposes OpenAlex's books, chapters, dissertations, data sets and preprints as their kinds", () => {
    const kindOf = (over: Record<string, unknown>) => recordOfWork(work('1', over) as unknown as Work);
    expect(kindOf({ type: 'book' })).toMatchObject({ type: 'monograph', venue_kind: 'other' });
    expect(kindOf({ type: 'book-chapter' })).toMatchObject({ type: 'chapter', venue_kind: 'other' });
    expect(kindOf({ type: 'dissertation' })).toMatchObject({ type: 'doctoral thesis' });
    expect(kindOf({ type: 'dataset' })).toMatchObject({ type: 'dataset' });
    expect(kindOf({ type: 'report' })).toMatchObject({ type: 'report' });
    expect(kindOf({ type: 'standard' })).toMatchObject({ type: 'standard' });
    expect(
      kindOf({
        type: 'preprint',
        doi: 'https://doi.org/10.48550/arxiv.2405.12345',
        primary_location: { source: { id: 'https://openalex.org/S4306400194', display_name: 'arXiv (Cornell University)', type: 'repository' } },
      }),
    ).toMatchObject({ type: 'preprint', source: 'arXiv' });
    expect(kindOf({ type: 'article' })).toMatchObject({ type: 'paper', venue_kind: 'conference' });
  });

  it("reads OpenAlex's year-only date (YYYY-01-01 of its publication year) as the year alone", () => {
    expect(monthOfWork({ publication_date: '1999-01-01', publication_year: 1999 })).toBeUndefined();
    expect(recordOfWork(work('2', { publication_date: '1999-01-01', publication_year: 1999 }) as unknown as Work).month).toBeUndefined();
    expect(monthOfWork({ publication_date: '1999-01-15', publication_year: 1999 })).toBe(1);
    expect(monthOfWork({ publication_date: '2024-05-13', publication_year: 2024 })).toBe(5);
  });

  describe('over a loopback dblp and ORCID', () => {
    let fake: FakeOpenAlex;
    const config = () => ({
      openalexUrl: fake.url,
      orcidUrl: fake.url,
      dblpUrl: fake.url,
      mailto: undefined,
      timeoutMs: 1000,
      retries: 0,
      intervalMs: 0,
      maxWaitMs: 1000,
      job: false,
    });
    beforeAll(async () => {
      fake = await fakeOpenAlex();
    });
    afterAll(() => fake?.close());

    it("reads dblp's pages, volume and number, a chapter as a chapter and an edited volume's people as its editors", async () => {
      const person = [{ pid: '74/5442', name: 'Wei Lin 0007' }];
      // dblp's search answers as the hits of its types carry them (volume, number, pages beside venue and year)
      const hit = (key: string, title: string, info: Record<string, string>) => {
        const h = dblpHit(key, title, person);
        Object.assign(h.info, info);
        return h;
      };
      fake.dblpHits = [
        hit('journals/ipm/Lin24', 'Rumor Graphs', { type: 'Journal Articles', venue: 'Inf. Process. Manag.', volume: '61', number: '3', pages: '103120' }),
        hit('books/sp/23/Lin23', 'Knowledge Graphs', { type: 'Parts in Books or Collections', venue: 'Handbook of Data Intelligence', pages: '145-178' }),
        hit('books/sp/Lin23', 'Handbook of Data Intelligence', { type: 'Editorship', venue: 'Springer' }),
      ];
      const works = await new Dblp(config(), undefined).worksOf('74/5442', 'Wei Lin');
      expect(works.map((w) => w.record)).toMatchObject([
        { type: 'paper', venue_kind: 'journal', volume: '61', issue: '3', pages: '103120' },
        { type: 'chapter', venue_kind: 'other', pages: '145–178', source: 'Handbook of Data Intelligence' },
        { type: 'monograph', author: [], editors: ['Wei Lin'] },
      ]);
    });

    it("reads ORCID's work types as kinds, and a year written c1980 as 1980", async () => {
      const group = (code: number, type: string, year = '2023') => {
        const g = orcidGroup(code, `Work ${code}`, null, year);
        return { ...g, 'work-summary': g['work-summary'].map((s) => ({ ...s, type })) };
      };
      fake.orcidGroups = [group(1, 'book-chapter'), group(2, 'preprint'), group(3, 'lecture-speech'), group(4, 'data-set'), group(5, 'book', 'c1980')];
      const works = await new Orcid(config(), undefined).worksOf(ORCID, 'Wei Lin');
      expect(works.map((w) => [w.record.type, w.record.year])).toEqual([
        ['chapter', 2023],
        ['preprint', 2023],
        ['talk', 2023],
        ['dataset', 2023],
        ['monograph', 1980],
      ]);
    });
  });
});

describe("the console's editor", () => {
  it("shows each kind's own fields: a patent its number and application date, a web page its access date, a paper its issue", async () => {
    const { drawnFields } = await import('../../app/console/forms.ts');
    const { publication } = await import('../../common/resources/publication.ts');
    const all = publication.console?.editorFields ?? [];
    const patent = drawnFields(publication, all, { type: 'patent' });
    expect(patent).toEqual(expect.arrayContaining(['number', 'filed', 'publisher', 'title', 'author']));
    expect(patent).not.toContain('issue');
    expect(patent).not.toContain('accessed');
    expect(drawnFields(publication, all, { type: 'webpage' })).toContain('accessed');
    const paper = drawnFields(publication, all, { type: 'paper' });
    expect(paper).toEqual(expect.arrayContaining(['venue_kind', 'volume', 'issue', 'pages', 'editors', 'series']));
    expect(paper).not.toContain('filed');
    // a new record's kind is the declared default, a paper
    expect(drawnFields(publication, all, {})).toEqual(paper);
  });
});
