import type { CSL } from '@citation-js/core';
import { describe, expect, it } from 'vitest';
import { citeJsWith } from '../citations.ts';
import { type ShippedStyle, shippedStyle } from './styles.ts';
import { gbtItem, gbtReferenceList, gbtSentenceCase } from './gbt.ts';

// Both GB/T 7714 styles on CSL-JSON of each CSL type the site's publications map to, as the standard's
// formats (4 and 8 of 2015, 8 of 2025) write them; and the item's preparation (sentence case, names).

const en = [
  { family: 'Zhao', given: 'Xinyue' },
  { family: 'Peng', given: 'Xiaoyu' },
];
const zh = [{ literal: '张三' }, { literal: '李四' }, { literal: '王五' }, { literal: '赵六' }];
const d = (...p: number[]) => ({ 'date-parts': [p] });
const items = [
  {
    id: 'chapter',
    type: 'chapter',
    title: 'Graph Methods for Rumour Detection',
    author: en,
    editor: [{ family: 'Li', given: 'Qing' }],
    'container-title': 'Handbook of Computational Social Science',
    publisher: 'Springer',
    'publisher-place': 'Cham',
    issued: d(2024),
    page: '35-52',
  },
  {
    id: 'report',
    type: 'report',
    title: '第 29 次中国互联网络发展状况统计报告',
    author: [{ literal: '中国互联网络信息中心' }],
    issued: d(2012, 1, 16),
    URL: 'https://www.cnnic.net.cn/r.pdf',
    accessed: d(2013, 3, 26),
  },
  {
    id: 'standard',
    type: 'standard',
    title: '信息与文献 参考文献著录规则',
    author: [{ literal: '全国信息与文献标准化技术委员会' }],
    number: 'GB/T 7714—2015',
    publisher: '中国标准出版社',
    'publisher-place': '北京',
    issued: d(2015),
  },
  {
    id: 'newspaper',
    type: 'article-newspaper',
    title: '数字革命与竞争国际化',
    author: [{ literal: '丁文详' }],
    'container-title': '中国青年报',
    issued: d(2000, 11, 20),
    page: '15',
  },
  { id: 'manuscript', type: 'manuscript', title: 'Notes on Temporal Motifs', author: en, issued: d(2023) },
  {
    id: 'dataset',
    type: 'dataset',
    title: '天宫二号遥感图像自然景物分类数据集',
    author: zh,
    version: '1.0',
    publisher: '国家基础学科公共科学数据中心',
    issued: d(2023, 9, 10),
    URL: 'https://www.nbsdc.cn/d',
    accessed: d(2025, 7, 15),
  },
  {
    id: 'patent',
    type: 'patent',
    title: '一种谣言检测方法',
    author: [{ literal: '张三' }],
    publisher: '北辰大学',
    number: 'CN202310000000.0',
    issued: d(2024, 3, 5),
  },
  {
    id: 'thesis',
    type: 'thesis',
    title: 'Modeling Collective Attention in Online Communities',
    author: [{ family: 'Chen', given: 'Yiran' }],
    publisher: 'Fudan University',
    'publisher-place': 'Shanghai',
    issued: d(2022),
    genre: 'Doctoral dissertation',
  },
  {
    id: 'webpage',
    type: 'webpage',
    title: 'Origins and Concepts of Digital Literacy',
    author: [{ family: 'Bawden', given: 'David' }],
    issued: d(2008, 5, 4),
    URL: 'http://example.org/dl.pdf',
    accessed: d(2013, 3, 8),
  },
  {
    id: 'journal',
    type: 'article-journal',
    title: 'Detecting Coordinated Inauthentic Behavior with Temporal Motifs',
    author: en,
    'container-title': 'IEEE Transactions on Computational Social Systems',
    volume: '10',
    issue: '2',
    page: '812-824',
    issued: d(2023),
    DOI: '10.1109/TCSS.2022.3141592',
  },
  {
    id: 'conference',
    type: 'paper-conference',
    title: 'Rumor Early Detection with Propagation Graphs',
    author: en,
    'container-title': 'Proceedings of the 46th International ACM SIGIR Conference',
    publisher: 'ACM',
    'publisher-place': 'New York',
    issued: d(2023),
    page: '1123-1132',
  },
  {
    id: 'book',
    type: 'book',
    title: '经济数学与金融数学',
    author: [{ literal: '哈里森' }, { literal: '沃尔德伦' }],
    translator: [{ literal: '谢远涛' }],
    volume: '1',
    edition: '2',
    publisher: '中国人民大学出版社',
    'publisher-place': '北京',
    issued: d(2012),
    page: '235-236',
  },
  {
    id: 'speech',
    type: 'speech',
    title: 'Measuring Affective Polarization',
    author: en,
    'event-title': 'WWW 2025',
    'event-place': 'Sydney',
    issued: d(2025, 4, 30),
  },
  {
    id: 'software',
    type: 'software',
    title: 'Lab Site',
    author: [{ literal: 'Social Computing Lab' }],
    version: '2.1',
    publisher: 'GitHub',
    issued: d(2026, 11, 1),
    URL: 'https://github.com/example/lab-site',
    accessed: d(2026, 12, 1),
  },
  {
    id: 'preprint',
    type: 'article',
    title: 'Simulating Opinion Dynamics with Language-Model Agents',
    author: en,
    'container-title': 'arXiv',
    issued: d(2024, 5, 20),
    URL: 'https://arxiv.org/abs/2405.12345',
    accessed: d(2024, 6, 1),
  },
] as unknown as CSL[];

const expected: Record<'2015' | '2025', Record<string, string>> = {
  '2015': {
    chapter: 'ZHAO X, PENG X. Graph methods for rumour detection[M]//LI Q. Handbook of Computational Social Science. Cham: Springer, 2024: 35-52.',
    report: '中国互联网络信息中心. 第 29 次中国互联网络发展状况统计报告[R/OL]. (2012-01-16)[2013-03-26]. https://www.cnnic.net.cn/r.pdf.',
    standard: '全国信息与文献标准化技术委员会. 信息与文献 参考文献著录规则: GB/T 7714—2015[S]. 北京: 中国标准出版社, 2015.',
    newspaper: '丁文详. 数字革命与竞争国际化[N]. 中国青年报, 2000-11-20: 15.',
    manuscript: 'ZHAO X, PENG X. Notes on temporal motifs[Z]. 2023.',
    dataset: '张三, 李四, 王五, 等. 天宫二号遥感图像自然景物分类数据集[DS/OL]. 国家基础学科公共科学数据中心, 2023[2025-07-15]. https://www.nbsdc.cn/d.',
    patent: '张三. 一种谣言检测方法: CN202310000000.0[P]. 2024-03-05.',
    thesis: 'CHEN Y. Modeling collective attention in online communities[D]. Shanghai: Fudan University, 2022.',
    webpage: 'BAWDEN D. Origins and concepts of digital literacy[EB/OL]. (2008-05-04)[2013-03-08]. http://example.org/dl.pdf.',
    journal:
      'ZHAO X, PENG X. Detecting coordinated inauthentic behavior with temporal motifs[J]. IEEE Transactions on Computational Social Systems, 2023, 10(2): 812-824. DOI:10.1109/TCSS.2022.3141592.',
    conference:
      'ZHAO X, PENG X. Rumor early detection with propagation graphs[C]//Proceedings of the 46th International ACM SIGIR Conference. New York: ACM, 2023: 1123-1132.',
    book: '哈里森, 沃尔德伦. 经济数学与金融数学: 第 1 卷[M]. 谢远涛, 译. 2版. 北京: 中国人民大学出版社, 2012: 235-236.',
    speech: 'ZHAO X, PENG X. Measuring affective polarization[Z]. 2025.',
    software: 'Social Computing Lab. Lab site[CP/OL]. GitHub, 2026[2026-12-01]. https://github.com/example/lab-site.',
    preprint: 'ZHAO X, PENG X. Simulating opinion dynamics with language-model agents[EB/OL]. arXiv, 2024[2024-06-01]. https://arxiv.org/abs/2405.12345.',
  },
  '2025': {
    chapter: 'Zhao X，Peng X. Graph methods for rumour detection[M]//Li Q. Handbook of computational social science. Cham：Springer，2024：35-52.',
    report: '中国互联网络信息中心. 第 29 次中国互联网络发展状况统计报告[R/OL]. 2012-01-16. https://www.cnnic.net.cn/r.pdf.',
    standard: 'GB/T 7714—2015 信息与文献 参考文献著录规则[S].',
    newspaper: '丁文详. 数字革命与竞争国际化[N]. 中国青年报，2000-11-20（15）.',
    manuscript: 'Zhao X，Peng X. Notes on temporal motifs[Z]. 2023.',
    dataset:
      '张三，李四，王五，等. 天宫二号遥感图像自然景物分类数据集[DS/OL]. V1.0. 国家基础学科公共科学数据中心（2023-09-10）[2025-07-15]. https://www.nbsdc.cn/d.',
    patent: '北辰大学. 一种谣言检测方法：CN202310000000.0[P]. 2024-03-05.',
    thesis: 'Chen Y. Modeling collective attention in online communities[D]. Shanghai：Fudan University，2022.',
    webpage: 'Bawden D. Origins and concepts of digital literacy[EB/OL]. （2008-05-04）[2013-03-08]. http://example.org/dl.pdf.',
    journal:
      'Zhao X，Peng X. Detecting coordinated inauthentic behavior with temporal motifs[J/OL]. IEEE Transactions on Computational Social Systems，2023，10（2）：812-824. DOI:10.1109/TCSS.2022.3141592.',
    conference:
      'Zhao X，Peng X. Rumor early detection with propagation graphs[C]//Proceedings of the 46th international ACM SIGIR conference. New York：ACM，2023：1123-1132.',
    book: '哈里森，沃尔德伦. 经济数学与金融数学：第 1 卷[M]. 谢远涛，译. 2 版. 北京：中国人民大学出版社，2012：235-236.',
    speech: 'Zhao X，Peng X. Measuring affective polarization[Z]. 2025.',
    software: 'Social Computing Lab. Lab site[CP/OL]. V2.1. GitHub（2026-11-01）[2026-12-01]. https://github.com/example/lab-site.',
    preprint:
      'Zhao X，Peng X. Simulating opinion dynamics with language-model agents[PP/OL]. arXiv（2024-05-20）[2024-06-01]. https://arxiv.org/abs/2405.12345.',
  },
};

describe('GB/T 7714 styles on CSL-JSON of each type', () => {
  it.each(['2015', '2025'] as const)('GB/T 7714-%s writes each type as the standard does', async (edition) => {
    const Cite = await citeJsWith(shippedStyle(`gb-t-7714-${edition}`) as ShippedStyle);
    const out = gbtReferenceList(
      Cite,
      items.map((i) => gbtItem(i, [], edition)),
      `gb-t-7714-${edition}`,
    );
    expect(Object.fromEntries(items.map((i) => [i.id, out.get(String(i.id))]))).toEqual(expected[edition]);
  });

  it('cites an item with an address but no access date as printed: no /OL, no address (2015)', async () => {
    const Cite = await citeJsWith(shippedStyle('gb-t-7714-2015') as ShippedStyle);
    const journal = { ...(items.find((i) => i.id === 'journal') as CSL), URL: 'https://doi.org/10.1109/TCSS.2022.3141592', DOI: undefined };
    expect(gbtReferenceList(Cite, [gbtItem(journal)], 'gb-t-7714-2015').get('journal')).toBe(
      'ZHAO X, PENG X. Detecting coordinated inauthentic behavior with temporal motifs[J]. IEEE Transactions on Computational Social Systems, 2023, 10(2): 812-824.',
    );
  });

  it('keeps protected words, acronyms and a sentence-case title as written; 2025 lower-cases the subtitle', () => {
    expect(gbtSentenceCase('Measuring Affective Polarization on TikTok: A Study of GNN Models', ['TikTok'])).toBe(
      'Measuring affective polarization on TikTok: A study of GNN models',
    );
    expect(gbtSentenceCase('Measuring Affective Polarization: A Study', [], false)).toBe('Measuring affective polarization: a study');
    expect(gbtSentenceCase('The genome of Eucalyptus grandis')).toBe('The genome of Eucalyptus grandis');
  });

  it('prepares a 200,000-character title and name of the worst shapes in linear time', () => {
    const shapes = ['(A'.repeat(100_000), `${' '.repeat(199_999)},`, 'Aa-'.repeat(66_666), ': '.repeat(100_000)];
    const started = performance.now();
    for (const title of shapes)
      for (const edition of ['2015', '2025'] as const)
        gbtItem({ id: 'x', type: 'book', title, author: [{ family: title, given: title }], 'container-title': title } as CSL, [], edition);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
