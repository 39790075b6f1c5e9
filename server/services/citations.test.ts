import { parse } from '@retorquere/bibtex-parser';
import { describe, expect, it } from 'vitest';
import type { PublicPublication } from '../../common/wire.ts';
import { publicationOf } from '../../tests/helpers/bib.ts';
import { bibtexOf, citationsOf, cslName, sentenceCase } from './citations.ts';

/** The Cite box with GB/T 7714-2015 as the site's GB/T style (a site setting; 2025 is the default). */
const GBT_2015 = ['gb-t-7714-2015', 'apa'];

// The references of a publication's "Cite" block, by the project's GB/T 7714-2015
// style and citation-js's APA, and its BibTeX.

const base = publicationOf({
  pid: 7,
  title: 'Measuring Affective Polarization',
  author: ['Xinyue Zhao', 'Xiaoyu Peng', 'Elena Marchetti', 'Mingyuan Zhou'],
  source: 'WWW 2025',
  area: 'social computing',
  area_num: 1,
  year: 2025,
  month: 4,
  venue_kind: 'conference',
  doi: '10.5555/disc.2025.0001',
});

describe('citations', () => {
  it('cites by GB/T 7714-2025 unless the site chose 2015 among its styles', async () => {
    const byDefault = (await citationsOf(base)).gbt;
    expect(byDefault).toBe((await citationsOf(base, ['gb-t-7714-2025'])).gbt);
    // 2025 writes names as written, 2015 in capitals
    expect(byDefault).toMatch(/^Zhao X，Peng X，Marchetti E，等|^Zhao X，Peng X，Marchetti E，et al/);
    expect((await citationsOf(base, ['apa', 'gb-t-7714-2015'])).gbt).toMatch(/^ZHAO X, PENG X, MARCHETTI E, et al\./);
  });

  it('writes a conference paper by GB/T 7714-2015: capitals and initials, three then et al., the title in sentence case, [C]//, the DOI last', async () => {
    expect((await citationsOf(base, GBT_2015)).gbt).toBe(
      'ZHAO X, PENG X, MARCHETTI E, et al. Measuring affective polarization[C]//WWW 2025. 2025. DOI:10.5555/disc.2025.0001.',
    );
  });

  it('marks journals [J], monographs [M] with their publisher, and writes 等 after three Chinese authors', async () => {
    expect((await citationsOf({ ...base, venue_kind: 'journal', source: 'TKDE', author: ['Zirui Feng'], doi: '' }, GBT_2015)).gbt).toBe(
      'FENG Z. Measuring affective polarization[J]. TKDE, 2025.',
    );
    const book = {
      ...base,
      type: 'monograph' as const,
      title: '计算社会科学',
      source: '北辰大学出版社',
      author: ['李青禾', '王书怡', '张三', '李四'],
      doi: '',
    };
    expect((await citationsOf(book, GBT_2015)).gbt).toBe('李青禾, 王书怡, 张三, 等. 计算社会科学[M]. 北辰大学出版社, 2025.');
  });

  it('gives APA and a BibTeX that keeps Chinese text', async () => {
    const { apa, bibtex } = await citationsOf(base);
    expect(apa).toBe(
      'Zhao, X., Peng, X., Marchetti, E., & Zhou, M. (2025). Measuring affective polarization. In WWW 2025. https://doi.org/10.5555/disc.2025.0001',
    );
    expect(bibtex).toMatch(/^@inproceedings\{/);
    expect(await bibtexOf([{ ...base, title: '计算社会科学', author: ['李青禾'] }])).toContain('{李青禾}');
  });

  it("writes the Cite block's BibTeX through the same escaping: one entry, no @preamble", async () => {
    const hostile = String.raw`x}}@preamble{"\immediate\write18{id}"}@misc{y,note={ <i>`;
    const { bibtex } = await citationsOf({ ...base, title: hostile, author: [hostile], source: hostile, doi: `10.1234/${hostile}` });
    const library = parse(bibtex, { sentenceCase: false });
    expect(library.errors).toEqual([]);
    expect(library.preamble).toEqual([]);
    expect(library.entries.length).toBe(1);
    expect(library.entries[0]?.fields.title?.replace(/[{}]/g, '')).toBe(hostile.replace(/[{}]/g, ''));
  });

  it('splits a Western name into given and family, and keeps a Chinese one whole', () => {
    expect(cslName('Mary Ann Smith')).toEqual({ given: 'Mary Ann', family: 'Smith' });
    expect(cslName('李青禾')).toEqual({ literal: '李青禾' });
  });

  it('gives every entry a readable key, unique in the file: family name (in pinyin for Chinese), year, first title word', async () => {
    const keysOf = async (list: PublicPublication[]) => [...(await bibtexOf(list)).matchAll(/^@\w+\{([^,]+),/gm)].map((m) => m[1]);
    const p = (over: Partial<PublicPublication>) => ({ ...base, author_parts: [], ...over });
    expect(
      await keysOf([
        p({ author: ['Xinyue Zhao'], title: 'The Measuring of Affective Polarization' }),
        p({ author: ['张三', '李四'], title: '基于图神经网络的社交媒体谣言早期检测方法', year: 2023 }),
        p({ author: ['欧阳娜娜'], title: '面向中文的立场检测', year: 2024 }),
        p({ author: ['李青禾'], author_parts: ['{"family":"李","given":"青禾"}'], title: 'Stance Detection', year: 2024 }),
        p({ author: ['Jan van der Berg'], author_parts: ['{"family":"Berg","given":"Jan","particle":"van der"}'], title: 'On Deliberation', year: 2022 }),
        p({ author: ['Lars Østergaard'], title: 'Échos', year: 2019 }),
        p({ author: ['World Health Organization'], author_parts: ['{"literal":"World Health Organization"}'], title: 'COVID-19 report', year: 2023 }),
        // the same first author, year and first word: told apart
        p({ author: ['Xinyue Zhao'], title: 'Measuring Affective Polarization Again' }),
        p({ author: ['Xinyue Zhao'], title: 'Measuring, Once More' }),
      ]),
    ).toEqual([
      'zhao2025measuring',
      'zhang2023jiyu',
      'ouyang2024mianxiang',
      'li2024stance',
      'vanderberg2022deliberation',
      'ostergaard2019echos',
      'world2023covid',
      'zhao2025measuringb',
      'zhao2025measuringc',
    ]);
  });

  it("writes APA's titles in sentence case when they are in title case, keeping acronyms, subtitles' first words and peoples' names (Manual 6.17)", () => {
    expect(sentenceCase('Co-Writing with Hesitation: How Writers Negotiate Suggestions')).toBe('Co-writing with hesitation: How writers negotiate suggestions');
    expect(sentenceCase('Rumor or Revision? Tracking Claim Mutation Across Reposting Chains')).toBe(
      'Rumor or revision? Tracking claim mutation across reposting chains',
    );
    expect(sentenceCase('Graph Learning for Social Data (in Chinese)')).toBe('Graph learning for social data (in Chinese)');
    expect(sentenceCase('ChronicQA: Evaluating LLM Agents on GNN Tasks')).toBe('ChronicQA: Evaluating LLM agents on GNN tasks');
    // already in sentence case: as written, its proper nouns kept
    expect(sentenceCase('Bots on Twitter and Weibo during elections')).toBe('Bots on Twitter and Weibo during elections');
  });

  // the styles' own published examples (tests/fixtures/bib/README.md names where each is reproduced)
  describe("the styles' own examples", () => {
    const record = (over: Partial<PublicPublication>): PublicPublication => ({ ...base, month: null, doi: '', link1: '', ...over });
    it('GB/T 7714-2015, 4.4: KANAMORI H. Shaking without quaking[J]. Science, 1998, 279(5359): 2063.', async () => {
      const p = record({
        title: 'Shaking without quaking',
        author: ['Hiroo Kanamori'],
        source: 'Science',
        venue_kind: 'journal',
        year: 1998,
        volume: '279',
        issue: '5359',
        pages: '2063',
      });
      expect((await citationsOf(p, GBT_2015)).gbt).toBe('KANAMORI H. Shaking without quaking[J]. Science, 1998, 279(5359): 2063.');
    });
    it('GB/T 7714-2015, 8.1.2: three Chinese authors then 等', async () => {
      const p = record({
        title: '蓝田生物群：一个认识多细胞生物起源和早期演化的新窗口',
        author: ['袁训来', '陈哲', '肖书海', '万斌'],
        source: '科学通报',
        venue_kind: 'journal',
        year: 2012,
        volume: '55',
        issue: '34',
        pages: '3219',
      });
      expect((await citationsOf(p, GBT_2015)).gbt).toBe(
        '袁训来, 陈哲, 肖书海, 等. 蓝田生物群：一个认识多细胞生物起源和早期演化的新窗口[J]. 科学通报, 2012, 55(34): 3219.',
      );
    });
    it('GB/T 7714-2015, 8.3: a second edition written 2版 (the place of publication, 北京, has no field yet)', async () => {
      const p = record({
        title: '物质结构',
        author: ['徐光宪', '王祥云'],
        source: '科学出版社',
        type: 'monograph',
        venue_kind: 'other',
        year: 2010,
        edition: '2',
      });
      expect((await citationsOf(p, GBT_2015)).gbt).toBe('徐光宪, 王祥云. 物质结构[M]. 2版. 科学出版社, 2010.');
    });
    it('APA 7, "Journal Article References": Grady et al. (2019)', async () => {
      const p = record({
        title: 'Emotions in storybooks: A comparison of storybooks that represent ethnic and racial groups in the United States',
        author: ['Jasmine S. Grady', 'Malena Her', 'Geena Moreno', 'Catherine Perez', 'Jillian Yelinek'],
        source: 'Psychology of Popular Media Culture',
        venue_kind: 'journal',
        year: 2019,
        volume: '8',
        issue: '3',
        pages: '207-217',
        doi: '10.1037/ppm0000185',
      });
      expect((await citationsOf(p)).apa).toBe(
        'Grady, J. S., Her, M., Moreno, G., Perez, C., & Yelinek, J. (2019). Emotions in storybooks: A comparison of storybooks that represent ethnic and racial groups in the United States. Psychology of Popular Media Culture, 8(3), 207–217. https://doi.org/10.1037/ppm0000185',
      );
    });
    it('APA 7, "Book References": Jackson (2019), second edition, the title given in title case', async () => {
      const p = record({
        title: 'The Psychology of Prejudice: From Attitudes to Social Action',
        author: ['Lynne M. Jackson'],
        source: 'American Psychological Association',
        type: 'monograph',
        venue_kind: 'other',
        year: 2019,
        edition: '2',
        doi: '10.1037/0000168-000',
      });
      expect((await citationsOf(p)).apa).toBe(
        'Jackson, L. M. (2019). The psychology of prejudice: From attitudes to social action (2nd ed.). American Psychological Association. https://doi.org/10.1037/0000168-000',
      );
    });
    it('GB/T 7714-2015, 4.5: a patent as 题名: 专利号[P] (the example 邓一刚. 全智能节电器: 200610171314.3[P]. 2006-12-13., with the year the record knows)', async () => {
      const p = record({ title: '全智能节电器', author: ['邓一刚'], source: '200610171314.3', type: 'patent', venue_kind: 'other', year: 2006 });
      expect((await citationsOf(p, GBT_2015)).gbt).toBe('邓一刚. 全智能节电器: 200610171314.3[P]. 2006.');
    });
    it("APA 7's patent form (an invented patent): the number in parentheses after the title, the office named", async () => {
      const p = record({
        title: 'Hand-held transmitter with enhanced touch',
        author: ['Jane Smith'],
        source: 'US Patent 11,468,321',
        type: 'patent',
        venue_kind: 'other',
        year: 2022,
      });
      expect((await citationsOf(p)).apa).toBe('Smith, J. (2022). Hand-held transmitter with enhanced touch (U.S. Patent No. 11,468,321).');
    });
  });
});
