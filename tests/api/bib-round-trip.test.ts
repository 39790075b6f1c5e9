import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../cli/demo/seed.ts';
import { publications } from '../../server/services/publications.ts';
import { asWire } from '../../server/services/wire.ts';
import type { PublicPublication } from '../../common/wire.ts';
import { publicationTypes } from '../../common/enums.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { importBib } from '../helpers/bib.ts';
import { Client, loginAs } from '../helpers/client.ts';

// The demo lab's /publication.bib, imported into an empty lab through the preview and
// the import as the console sends them (each entry with the area the preview proposes), gives back the
// same list, field by field: the same count, areas, keywords, abstracts, DOIs, years and months, and the
// title, authors, venue, kind of work and links.

const compared = [
  'title',
  'author',
  'source',
  'type',
  'venue_kind',
  'area',
  'year',
  'month',
  'doi',
  'keywords',
  'abstract',
  'link1',
  'link2',
  'link3',
  'link4',
  'volume',
  'issue',
  'pages',
  'publisher',
  'edition',
  'isbn',
  'place',
  'editors',
  'series',
  'number',
  'filed',
  'accessed',
] as const;

/** What every kind of work shares, filled. */
const common = {
  keywords: ['misinformation', 'graphs'],
  abstract: 'A first paragraph.\n\nA second paragraph.',
  link2: 'https://github.com/disc-lab/code',
  link3: 'https://mp.weixin.qq.com/s/abc',
  link4: 'https://www.bilibili.com/video/BV1xx',
  month: 7,
};
/**
 * One record of every kind of work (docs/decisions/074-publication-kinds.md), each with every field its kind
 * uses filled, as a lab enters them in the console.
 */
const everyKind: Record<string, unknown>[] = [
  {
    type: 'paper',
    venue_kind: 'journal',
    title: 'Rumor Graphs in Journals',
    author: ['Wei Lin', 'Ana Sousa'],
    source: 'Information Processing & Management',
    volume: '61',
    issue: '3',
    pages: '103–120',
    publisher: 'Elsevier',
    doi: '10.1016/j.ipm.2024.103120',
    link1: 'https://doi.org/10.1016/j.ipm.2024.103120',
  },
  {
    type: 'paper',
    venue_kind: 'conference',
    title: 'Rumor Graphs at Conferences',
    author: ['Wei Lin'],
    source: 'Proceedings of the 46th International ACM SIGIR Conference',
    editors: ['Hsin-Hsi Chen', 'Wei-Jou Duh'],
    publisher: 'ACM',
    place: 'New York, NY, USA',
    pages: '1–10',
    series: "SIGIR '23",
    isbn: '978-1-4503-9408-6',
    volume: '2',
    doi: '10.1145/3539618.3591001',
    link1: 'https://dl.acm.org/doi/10.1145/3539618.3591001',
  },
  {
    type: 'monograph',
    venue_kind: 'other',
    title: 'Edited Handbook of Data Intelligence',
    author: [],
    editors: ['Ana Sousa', 'Jan van der Berg'],
    source: 'Springer',
    publisher: 'Springer',
    place: 'Cham',
    edition: '2',
    isbn: '978-3-031-45021-7',
    series: 'Lecture Notes in Computer Science',
    volume: '14000',
    doi: '10.1007/978-3-031-45022-4',
    link1: 'https://link.springer.com/book/10.1007/978-3-031-45022-4',
  },
  {
    type: 'chapter',
    venue_kind: 'other',
    title: 'Knowledge Graphs for Public Opinion Monitoring',
    author: ['Wei Lin', 'Mingyu Zhou'],
    source: 'Handbook of Data Intelligence',
    editors: ['Ana Sousa'],
    publisher: 'Springer',
    place: 'Cham',
    pages: '145–178',
    edition: '2',
    isbn: '978-3-031-45021-7',
    series: 'Lecture Notes in Computer Science',
    volume: '14000',
    doi: '10.1007/978-3-031-45022-4_7',
    link1: 'https://link.springer.com/chapter/10.1007/978-3-031-45022-4_7',
  },
  {
    type: 'report',
    venue_kind: 'other',
    title: 'Infodemic Management: A Practical Guide',
    author: ['World Health Organization'],
    source: 'World Health Organization',
    number: 'WHO/2022.1',
    place: 'Geneva',
    pages: '1–88',
    series: 'WHO Technical Reports',
    link1: 'https://www.who.int/publications/i/item/infodemic',
    accessed: '2023-03-08',
  },
  {
    type: 'standard',
    venue_kind: 'other',
    title: '信息与文献 参考文献著录规则',
    author: ['全国信息与文献标准化技术委员会'],
    source: '国家标准化管理委员会',
    number: 'GB/T 7714—2015',
    publisher: '中国标准出版社',
    place: '北京',
    pages: '1–28',
  },
  {
    type: 'newspaper',
    venue_kind: 'other',
    title: '大数据时代的舆情治理',
    author: ['张三'],
    source: '光明日报',
    pages: '11',
    place: '北京',
    link1: 'https://news.gmw.cn/2024-07/01/content_1.htm',
    accessed: '2024-07-02',
  },
  {
    type: 'archive',
    venue_kind: 'other',
    title: 'Letters of the Founding Director',
    author: ['Li Qinghe'],
    source: 'Fudan University Archives',
    place: 'Shanghai',
    link1: 'https://archives.fudan.edu.cn/item/1',
  },
  {
    type: 'dataset',
    venue_kind: 'other',
    title: 'Weibo Rumor Cascades 2024',
    author: ['Xiaoyu Peng'],
    source: 'Zenodo',
    edition: '2',
    doi: '10.5281/zenodo.1234567',
    link1: 'https://zenodo.org/records/1234567',
  },
  {
    type: 'preprint',
    venue_kind: 'other',
    title: 'Misinformation Sharing Under Accuracy Prompts',
    author: ['Gordon Pennycook', 'David G. Rand'],
    source: 'PsyArXiv',
    number: '3n9u8',
    doi: '10.31234/osf.io/3n9u8',
    link1: 'https://osf.io/preprints/psyarxiv/3n9u8',
  },
  {
    type: 'talk',
    venue_kind: 'other',
    title: 'What Graphs Tell of Rumors',
    author: ['Wei Lin'],
    source: 'CCF Computational Social Science Forum',
    place: 'Hangzhou',
    link1: 'https://ccf.org.cn/talk/1',
  },
  {
    type: 'software',
    venue_kind: 'other',
    title: 'rumorgraph: A Toolkit',
    author: ['Xiaoyu Peng'],
    source: 'GitHub',
    edition: '1.2.0',
    link1: 'https://github.com/disc-lab/rumorgraph',
    accessed: '2024-05-01',
  },
  {
    type: 'patent',
    venue_kind: 'other',
    title: '一种基于传播图的谣言早期检测方法及系统',
    author: ['周明宇', '林伟'],
    source: 'CN115905624A',
    number: 'CN115905624A',
    publisher: '复旦大学',
    filed: '2022-12-30',
    link1: 'https://patents.google.com/patent/CN115905624A',
  },
  {
    type: 'doctoral thesis',
    venue_kind: 'other',
    title: '社交媒体谣言早期检测方法研究',
    author: ['林伟'],
    source: '复旦大学',
    place: '上海',
    publisher: 'ProQuest',
    link1: 'https://example.edu/thesis/1',
  },
  { type: 'master thesis', venue_kind: 'other', title: '立场检测的零样本方法', author: ['陈一然'], source: '复旦大学', place: '上海' },
  {
    type: 'webpage',
    venue_kind: 'other',
    title: 'A Public Dashboard of Platform Moderation Reports',
    author: ['Xiaoyu Peng'],
    source: 'disc-lab.github.io',
    link1: 'https://disc-lab.github.io/moderation-dashboard/',
    accessed: '2024-04-01',
  },
  {
    type: 'paper',
    venue_kind: 'other',
    title: 'A Working Paper on Rumors',
    author: ['Wei Lin'],
    source: 'Fudan DISC Working Papers',
    volume: '3',
    issue: '2',
    pages: '1–20',
    publisher: 'Fudan University',
    place: 'Shanghai',
  },
].map((p, i) => ({ ...common, year: 2010 + i, ...p }));

describe.each(dialects)('the BibTeX export imported into an empty lab, on %s', (dialect) => {
  let lab: TestApp;
  let empty: TestApp;
  beforeAll(async () => {
    // the export is a page route: served when the app is not API-only
    [lab, empty] = await Promise.all([makeApp(dialect, { LAB_API_ONLY: '0' }), makeApp(dialect)]);
    await seedDemo(lab.app.lab.db, lab.app.lab.storage, 'demo-admin-password');
    const ctx = { db: lab.app.lab.db, storage: lab.app.lab.storage, actor: null, lang: 'en' as const };
    for (const p of everyKind) await publications.create(ctx, p);
  }, 120_000);
  afterAll(async () => {
    await lab?.close();
    await empty?.close();
  });

  /** Every publication as the public sees it, what the export writes from. */
  const listOf = async (t: TestApp) =>
    asWire<PublicPublication[]>(await publications.list({ db: t.app.lab.db, storage: t.app.lab.storage, actor: null, lang: 'en' }));

  it('gives back the same publications, field by field', async () => {
    const all = await listOf(lab);
    const bib = await new Client(lab.app).get('/publication.bib');
    expect(bib.statusCode).toBe(200);
    // the demo has what the point is about: areas, keywords, abstracts, DOIs, months, other links
    expect(all.some((p) => p.area !== 'none')).toBe(true);
    expect(all.some((p) => p.keywords.length > 0 && p.abstract && p.doi && p.month)).toBe(true);
    // and one record of every kind of work
    expect(new Set(all.map((p) => p.type)).size).toBe(publicationTypes.length);

    const admin = await loginAs(empty.app, 'admin', 'admin-password');
    // every entry, each with the area the preview proposes from the file, as the console sends them
    const { entries } = await importBib(admin, bib.body, { choose: (e) => Boolean(e.record), partial: true });
    expect(entries.length).toBe(all.length);
    expect(entries.filter((e) => e.problems.length > 0 || e.repeats).map((e) => `${e.key}: ${e.problems.join('; ')}`)).toEqual([]);
    // the preview proposes each entry's area from the file
    expect(entries.map((e) => e.area ?? 'none')).toEqual(all.map((p) => p.area));

    const back = await listOf(empty);
    expect(back.length).toBe(all.length);
    // a book's venue is its publisher: one stored with the venue alone comes back with both (BibTeX has one field for them)
    const shape = (p: PublicPublication) =>
      Object.fromEntries(compared.map((f) => [f, f === 'publisher' && p.type === 'monograph' ? p.publisher || p.source : (p[f] ?? null)]));
    const byTitle = new Map(back.map((p) => [`${p.title}|${p.year}`, p]));
    const wrong = all.flatMap((p) => {
      const b = byTitle.get(`${p.title}|${p.year}`);
      if (!b) return [`${p.title}: not imported`];
      const [want, got] = [shape(p), shape(b)];
      return compared
        .filter((f) => JSON.stringify(want[f]) !== JSON.stringify(got[f]))
        .map((f) => `${p.title} ${f}: got ${JSON.stringify(got[f])}, expected ${JSON.stringify(want[f])}`);
    });
    expect(wrong).toEqual([]);
  });
});
