import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportEntry, ImportFormat, PublicPublication } from '../../common/wire.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { type Client, loginAs } from '../helpers/client.ts';
import { loopHolds } from '../helpers/loop.ts';

// RIS and EndNote files, as CNKI, Web of Science, Zotero and EndNote write them, through the same preview,
// duplicates and import as BibTeX, on both databases; and hostile texts of each format refused in the
// reader's language or read within the worker's bounds, never a 500, the event loop never held.

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'references', name), 'utf8');

describe.each(dialects)('RIS and EndNote import on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  const preview = async (text: string, format?: ImportFormat) => {
    const r = await admin.json('POST', '/api/publication/import/preview/', { text, ...(format ? { format } : {}) });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as ImportEntry[];
  };
  const stored = async () => (await admin.get('/api/publication/')).json() as PublicPublication[];
  const importAll = async (entries: ImportEntry[], area = 'social computing') => {
    const r = await admin.json('POST', '/api/publication/import/', { entries: entries.map((e) => ({ record: e.record, area, key: e.key })) });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { created: number[] };
  };
  beforeAll(async () => {
    t = await makeApp(dialect);
    admin = await loginAs(t.app, 'admin', 'admin-password');
  });
  afterAll(() => t?.close());

  it("reads Zotero's RIS (CRLF): each type as BibTeX's, names, dates, pages and links", async () => {
    const text = fixture('zotero.ris');
    expect(text).toContain('\r\n');
    const entries = await preview(text, 'ris');
    expect(entries.map((e) => [e.line, e.record?.entryType, e.record?.type])).toEqual([
      [1, 'article', 'paper'],
      [23, 'inproceedings', 'paper'],
      [38, 'incollection', 'chapter'],
      [52, 'mastersthesis', 'master thesis'],
      [62, 'online', 'webpage'],
    ]);
    const [article, paper, chapter, thesis, page] = entries;
    expect(article?.record).toMatchObject({
      title: 'Polarization and Echo Chambers on Chinese Social Media',
      author: ['Lei Zhao', 'Jörg Müller'],
      source: 'Journal of Computational Social Science',
      venue_kind: 'journal',
      year: 2021,
      month: 3,
      doi: '10.1007/s42001-021-00101-2',
      volume: '4',
      issue: '2',
      pages: '455–478',
      keywords: ['polarization', 'social media'],
    });
    expect(paper?.record).toMatchObject({
      venue_kind: 'conference',
      month: 7,
      publisher: 'Association for Computational Linguistics',
      place: 'Toronto, Canada',
    });
    expect(chapter?.record).toMatchObject({ source: 'The Oxford Handbook of Computational Social Science', editors: ['Alice Lee'], isbn: '978-0-19-000000-2' });
    expect(thesis?.record).toMatchObject({ source: 'Tsinghua University', publisher: '' });
    expect(page?.record).toMatchObject({ link1: 'https://disc-lab.github.io/weibo-corpus/', source: 'disc-lab.github.io' });
    for (const e of entries) expect(e.problems, e.record?.title).toEqual([]);
  });

  it('reads Web of Science RIS (a BOM, CRLF, a month written as JUN, an accession number as key), its format found from the text', async () => {
    const text = fixture('wos.ris');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [article, paper] = await preview(text);
    expect(article).toMatchObject({ key: 'WOS:000800000000001', line: 1, problems: [] });
    expect(article?.record).toMatchObject({
      author: ['Wei Chen', 'San Zhang', 'John Smith'],
      year: 2022,
      month: 6,
      doi: '10.1016/j.ipm.2022.102967',
      volume: '59',
      issue: '4',
      pages: '102967',
    });
    expect(paper?.record).toMatchObject({ entryType: 'inproceedings', venue_kind: 'conference', pages: '3301–3312' });
  });

  it("reads Scopus's RIS: a conference paper with its year in PY only, Scopus's record page no link", async () => {
    const [paper] = await preview(fixture('scopus.ris'));
    expect(paper?.record).toMatchObject({
      entryType: 'inproceedings',
      venue_kind: 'conference',
      year: 2021,
      author: ['S. Li', 'L. Zhao'],
      doi: '10.18653/v1/2021.emnlp-main.266',
      publisher: 'Association for Computational Linguistics (ACL)',
      pages: '3301–3312',
    });
    expect(paper?.problems).toEqual([]);
  });

  it("reads a pasted GB/T 7714 list where its pattern is clear, and names each reference it did not understand in the reader's language", async () => {
    const text = fixture('gbt7714.txt');
    const entries = await preview(text);
    expect(entries.map((e) => [e.key, e.line, e.record?.entryType])).toEqual([
      ['[1]', 2, 'article'],
      ['[2]', 3, 'inproceedings'],
      ['[3]', 4, 'phdthesis'],
      ['[4]', 5, 'book'],
      ['[5]', 6, undefined],
      ['[6]', 7, 'article'],
      ['[7]', 8, 'phdthesis'],
    ]);
    const [journal, paper, thesis, book, unread, english, wrapped] = entries;
    expect(journal?.record).toMatchObject({ author: ['张三', '李四'], source: '计算机学报', year: 2020, volume: '43', issue: '5', pages: '45–67' });
    expect(paper?.record).toMatchObject({
      author: ['A Vaswani', 'N Shazeer', 'N Parmar'],
      source: 'Advances in Neural Information Processing Systems 30',
      year: 2017,
      publisher: 'Curran Associates',
      place: 'Red Hook',
      pages: '5998–6008',
    });
    expect(thesis?.record).toMatchObject({ type: 'doctoral thesis', source: '清华大学', place: '北京', year: 2019 });
    expect(book?.record).toMatchObject({ type: 'monograph', publisher: '科学出版社', year: 2021 });
    expect(english?.record).toMatchObject({ doi: '10.1016/j.ipm.2022.102967', pages: '102967', source: 'Information Processing & Management' });
    // a reference wrapped over two lines, as a PDF copies it
    expect(wrapped?.record).toMatchObject({ source: '复旦大学', year: 2021 });
    expect(unread?.problems).toEqual([expect.stringMatching(/^this reference was not understood: write it as GB\/T 7714 does/)]);
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/publication/import/preview/',
      headers: { ...admin.headers({ 'content-type': 'application/json' }), 'accept-language': 'zh' },
      payload: JSON.stringify({ text }),
    });
    expect((zh.json() as ImportEntry[])[4]?.problems[0]).toMatch(/^没能读懂这条参考文献/);
  });

  it("reads CNKI's RIS and its EndNote export: Chinese names whole, keywords split, the degree naming the thesis", async () => {
    const ris = await preview(fixture('cnki.ris'));
    expect(ris.map((e) => e.record?.type)).toEqual(['paper', 'doctoral thesis', 'master thesis']);
    expect(ris[0]?.record).toMatchObject({
      title: '基于深度学习的微博谣言检测研究',
      author: ['张三', '李四'],
      source: '计算机学报',
      venue_kind: 'journal',
      year: 2020,
      volume: '43',
      issue: '05',
      pages: '45–67',
      keywords: ['深度学习', '谣言检测', '社交媒体'],
    });
    expect(ris[1]?.record).toMatchObject({ source: '清华大学', entryType: 'phdthesis' });
    // CNKI's "EndNote" export is the tagged form, a .txt with a BOM: found from its text
    const enw = await preview(fixture('cnki-endnote.txt'));
    expect(enw.map((e) => [e.line, e.record?.type, e.record?.source])).toEqual([
      [1, 'paper', '中文信息学报'],
      [17, 'master thesis', '北京大学'],
    ]);
    expect(enw[0]?.record).toMatchObject({ author: ['张三', '王五'], volume: '36', issue: '03', pages: '88–97', keywords: ['情感极化', '社交媒体', '测量'] });
  });

  it('reads EndNote XML with Chinese and English records: styled text, a chapter with its editor, a thesis', async () => {
    const entries = await preview(fixture('endnote.xml'), 'endnote-xml');
    expect(entries.map((e) => [e.key, e.record?.entryType])).toEqual([
      ['12', 'article'],
      ['13', 'incollection'],
      ['14', 'phdthesis'],
    ]);
    expect(entries[0]?.record).toMatchObject({
      title: 'Opinion dynamics with bounded confidence on signed networks',
      author: ['John Smith', 'Wei Chen'],
      source: 'Physical Review E',
      doi: '10.1103/PhysRevE.105.012301',
      month: 1,
      keywords: ['opinion dynamics', 'signed networks'],
    });
    expect(entries[1]?.record).toMatchObject({
      author: ['李四'],
      editors: ['王五'],
      source: '计算社会科学导论',
      publisher: '科学出版社',
      place: '北京',
      pages: '10–35',
    });
    expect(entries[2]?.record).toMatchObject({ type: 'doctoral thesis', source: '浙江大学' });
  });

  it('imports them in one transaction, then finds each again as a duplicate (by DOI, or by title and year)', async () => {
    const before = (await stored()).length;
    let count = 0;
    for (const name of ['zotero.ris', 'wos.ris', 'cnki.ris', 'cnki-endnote.txt', 'endnote.xml']) {
      const entries = await preview(fixture(name));
      expect(entries.every((e) => !e.duplicateOf)).toBe(true);
      count += (await importAll(entries)).created.length;
    }
    expect(count).toBe(15);
    const after = await stored();
    expect(after.length).toBe(before + 15);
    expect(after.find((p) => p.title === '网络舆情演化的计算模型')).toMatchObject({ type: 'doctoral thesis', source: '清华大学', area: 'social computing' });
    const again = await preview(fixture('wos.ris'));
    expect(again.map((e) => e.duplicateOf?.by)).toEqual(['doi', 'doi']);
    const cnki = await preview(fixture('cnki.ris'));
    expect(cnki.map((e) => e.duplicateOf?.by)).toEqual(['title', 'title', 'title']);
  });
});

const SIZE = 200_000;
/** Hostile texts of each format, 200,000 characters or more. */
const hostile: Record<string, string> = {
  'a single RIS line': `TY  - JOUR${'x'.repeat(SIZE)}`,
  '100,000 "TY  - " lines': 'TY  - \r\n'.repeat(100_000),
  '2,000 RIS records, one long title each': Array.from({ length: 2000 }, (_, i) => `TY  - JOUR\nTI  - ${'t '.repeat(50)}${i}\nER  - `).join('\n'),
  'one RIS record of 200,000 characters of authors': `TY  - JOUR\nAU  - ${'Smith, J; '.repeat(SIZE / 10)}\nER  - `,
  'EndNote tags only': '%0 '.repeat(SIZE / 3),
  'an EndNote record of 200,000 continuation lines': `%0 Journal Article\n%K a\n${'b\n'.repeat(SIZE / 2)}`,
  'deep XML': `<xml><records><record>${'<a>'.repeat(SIZE / 6)}${'</a>'.repeat(SIZE / 8)}</record></records></xml>`,
  'deep XML, unclosed': `<xml><records><record>${'<titles>'.repeat(SIZE / 8)}`,
  'an XML bomb': `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]><xml><records><record><titles><title>&lol9;</title></titles></record></records></xml>`,
  'an external entity': `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><xml><records><record><titles><title>&xxe;</title></titles></record></records></xml>`,
  'a GB/T 7714 reference of 200,000 characters': `[1] ${'张三, '.repeat(SIZE / 4)}. 题名[J]. 刊名, 2020, 12(3): 45-67.`,
  'a GB/T 7714 reference wrapped over 100,000 lines': `[1] 张三. 题名[J]. 刊名, ${'2020,\n'.repeat(SIZE / 6)}`,
  '2,000 GB/T 7714 marks on one line': `[1] ${'a. b[J]. '.repeat(SIZE / 9)}`,
  'XML of 10,000 records': `<xml><records>${'<record></record>'.repeat(10_000)}</records></xml>`,
};

// what is refused or read here is the worker's and the route's, before any query: one database is enough
describe('hostile RIS, EndNote and GB/T 7714 text', () => {
  const dialect = dialects[0] as (typeof dialects)[number];
  let t: TestApp;
  let admin: Client;
  const previewIn = (lang: string, text: string) =>
    admin.app.inject({
      method: 'POST',
      url: '/api/publication/import/preview/',
      headers: { ...admin.headers({ 'content-type': 'application/json' }), 'accept-language': lang },
      payload: JSON.stringify({ text }),
    });
  beforeAll(async () => {
    t = await makeApp(dialect);
    admin = await loginAs(t.app, 'admin', 'admin-password');
  });
  afterAll(() => t?.close());

  it.each(Object.entries(hostile))('%s: refused in both languages or read, within bounds, the event loop free', async (_name, text) => {
    const holds = loopHolds();
    const started = performance.now();
    const en = await previewIn('en', text);
    const held = holds.stop();
    expect(performance.now() - started).toBeLessThan(6000);
    expect(held).toBeLessThan(100);
    expect([200, 400], en.body).toContain(en.statusCode);
    if (en.statusCode === 400) {
      const zh = await previewIn('zh', text);
      expect(zh.statusCode).toBe(400);
      expect(zh.body).toMatch(/[\u4e00-\u9fff]/);
      expect(en.body).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it.each([
    ['empty "TY  -" lines, no space after the hyphen', `TY  - JOUR\n${'TY  -\n'.repeat(30_000)}`],
    ['"%0" lines with no type', `%0 Book\n${'%0\n'.repeat(30_000)}`],
    ['<record/> elements', `<xml><records><record></record>${'<record/>'.repeat(30_000)}</records></xml>`],
  ])('counts every record its reader would read before reading any, so the cap refuses 30,000 %s at once', async (_name, text) => {
    const started = performance.now();
    const r = await previewIn('en', text);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.body).toContain('a preview reads at most 2000 entries (this text has 30001)');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('names an entity of an XML file as the reason it cannot be read, never reading the entity', async () => {
    const r = await previewIn('en', hostile['an external entity'] as string);
    expect(r.statusCode).toBe(400);
    expect(r.body).toContain('this XML file cannot be read (line 1: undefined entity');
    expect(r.body).not.toContain('root:');
    const zh = await previewIn('zh', hostile['an XML bomb'] as string);
    expect(zh.body).toContain('这个 XML 文件无法读取');
    expect(zh.body).not.toContain('lollol');
  });
});
