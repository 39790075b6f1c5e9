import type { ScholarlyArticle, WithContext } from 'schema-dts';
import { describe, expect, it } from 'vitest';
import { publicationOf } from '../../tests/helpers/bib.ts';
import { jsonLd, scholarMeta } from './scholar.ts';

// Scholar's citation_* tags carry what a reference needs where the record knows it,
// and the JSON-LD keeps to schema.org's definitions (schema-dts, generated from them, types jsonLd: the
// compiler checks every property and the type of its value; the line marked below must stay an error).

const paper = publicationOf({
  pid: 3,
  title: 'Rumor Early Detection with Propagation Graphs',
  author: ['Mingyuan Zhou', 'Wei Lin'],
  source: 'Proceedings of SIGIR 2023',
  year: 2023,
  month: 7,
  file1: 'notes.txt',
  file1_url: '/resource/public/publication/3/notes.txt',
  venue_kind: 'conference',
  doi: '10.1145/3539618.3591702',
  volume: '12',
  issue: '3',
  pages: '1123–1132',
  publisher: 'Association for Computing Machinery',
});

const tags = (list: ReturnType<typeof scholarMeta>) =>
  Object.fromEntries(list.filter((m) => 'name' in m).map((m) => [(m as { name: string }).name, (m as { content: string }).content]));

describe('scholarMeta', () => {
  it('gives volume, issue, first and last page and publisher where known', () => {
    const t = tags(scholarMeta(paper, 'https://lab.example', 'https://lab.example/publication/3'));
    expect(t).toMatchObject({
      citation_conference_title: 'Proceedings of SIGIR 2023',
      citation_volume: '12',
      citation_issue: '3',
      citation_firstpage: '1123',
      citation_lastpage: '1132',
      citation_publisher: 'Association for Computing Machinery',
    });
    const bare = tags(scholarMeta({ ...paper, volume: '', issue: '', pages: 'e1023', publisher: '' }, 'https://lab.example', 'u'));
    expect(Object.keys(bare).filter((k) => /volume|issue|lastpage|publisher/.test(k))).toEqual([]);
    expect(bare.citation_firstpage).toBe('e1023');
  });

  it('names a PDF only when the loader found one by its bytes, never the paper slot as such', () => {
    expect(tags(scholarMeta(paper, 'https://lab.example', 'u')).citation_pdf_url).toBeUndefined();
    expect(tags(scholarMeta(paper, 'https://lab.example', 'u', '/resource/public/publication/3/p.pdf')).citation_pdf_url).toBe(
      'https://lab.example/resource/public/publication/3/p.pdf',
    );
  });
});

describe('jsonLd', () => {
  it('puts a paper in a CreativeWork: a journal a Periodical, proceedings a Book, else a CreativeWork', () => {
    expect(jsonLd(paper, 'u', '')).toMatchObject({
      '@type': 'ScholarlyArticle',
      isPartOf: { '@type': 'Book', name: 'Proceedings of SIGIR 2023' },
      pageStart: '1123',
      pageEnd: '1132',
    });
    expect(jsonLd({ ...paper, venue_kind: 'journal' }, 'u', '')).toMatchObject({ isPartOf: { '@type': 'Periodical' } });
    expect(jsonLd({ ...paper, venue_kind: 'other' }, 'u', '')).toMatchObject({ isPartOf: { '@type': 'CreativeWork' } });
    expect(jsonLd({ ...paper, type: 'monograph', isbn: '978-1-00-941233-0', edition: '2' }, 'u', '')).toMatchObject({
      '@type': 'Book',
      isbn: '978-1-00-941233-0',
      bookEdition: '2',
    });
    // a thesis is a Thesis, its school the publisher, and Scholar's dissertation institution
    const thesis = { ...paper, type: 'doctoral thesis' as const, venue_kind: 'other' as const, source: 'Fudan University', place: 'Shanghai' };
    expect(jsonLd(thesis, 'u', '')).toMatchObject({ '@type': 'Thesis', publisher: { name: 'Fudan University' }, inSupportOf: 'Doctoral degree' });
    expect(scholarMeta(thesis, 'o', 'u')).toContainEqual({ name: 'citation_dissertation_institution', content: 'Fudan University' });
  });

  it("is checked against schema.org's definitions: an event is not what an article is part of", () => {
    const wrong: WithContext<ScholarlyArticle> = {
      '@context': 'https://schema.org',
      '@type': 'ScholarlyArticle',
      // @ts-expect-error isPartOf's range is CreativeWork (and URL); a PublicationEvent is an Event
      isPartOf: { '@type': 'PublicationEvent', name: 'SIGIR 2023' },
    };
    expect(wrong['@type']).toBe('ScholarlyArticle');
  });
});

describe('each kind of work (docs/decisions/074-publication-kinds.md)', () => {
  const of = (over: Partial<Parameters<typeof publicationOf>[0]>) =>
    publicationOf({ pid: 9, title: 'T', author: ['Wei Lin'], source: 'S', year: 2020, ...over } as Parameters<typeof publicationOf>[0]);

  it('tags a chapter with its book and editors, a report with its institution and number, a thesis with its school', () => {
    const chapter = tags(
      scholarMeta(
        of({ type: 'chapter', source: 'Handbook of Data Intelligence', editors: ['Ana Sousa'], isbn: '978-3-031-45021-7' }),
        'https://lab.example',
        'u',
      ),
    );
    expect(chapter).toMatchObject({ citation_inbook_title: 'Handbook of Data Intelligence', citation_editor: 'Ana Sousa', citation_isbn: '978-3-031-45021-7' });
    expect(chapter.citation_publisher).toBeUndefined();
    const report = tags(scholarMeta(of({ type: 'report', source: 'World Health Organization', number: 'WHO/2022.1' }), 'https://lab.example', 'u'));
    expect(report).toMatchObject({ citation_technical_report_institution: 'World Health Organization', citation_technical_report_number: 'WHO/2022.1' });
    const patent = tags(scholarMeta(of({ type: 'patent', source: 'CN Patent 115905624', number: 'CN115905624A' }), 'https://lab.example', 'u'));
    expect(patent).toMatchObject({ citation_patent_number: 'CN115905624A' });
  });

  it('types each kind by schema.org: Chapter, Report, Dataset, SoftwareSourceCode, Thesis, NewsArticle, ArchiveComponent, WebPage', () => {
    const typeOf = (over: Partial<Parameters<typeof publicationOf>[0]>) => (jsonLd(of(over), 'u', '') as { '@type': string })['@type'];
    expect(
      (
        [
          'chapter',
          'report',
          'dataset',
          'software',
          'doctoral thesis',
          'newspaper',
          'archive',
          'webpage',
          'monograph',
          'preprint',
          'patent',
          'standard',
          'talk',
        ] as const
      ).map((type) => typeOf({ type })),
    ).toEqual([
      'Chapter',
      'Report',
      'Dataset',
      'SoftwareSourceCode',
      'Thesis',
      'NewsArticle',
      'ArchiveComponent',
      'WebPage',
      'Book',
      'ScholarlyArticle',
      'CreativeWork',
      'CreativeWork',
      'CreativeWork',
    ]);
    expect(jsonLd(of({ type: 'chapter', source: 'Handbook', pages: '145–178' }), 'u', '')).toMatchObject({
      isPartOf: { '@type': 'Book', name: 'Handbook' },
      pageStart: '145',
      pageEnd: '178',
    });
    expect(jsonLd(of({ type: 'report', number: 'WHO/2022.1' }), 'u', '')).toMatchObject({ reportNumber: 'WHO/2022.1' });
  });
});
