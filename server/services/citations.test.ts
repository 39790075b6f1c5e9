import { parse } from '@retorquere/bibtex-parser';
import { describe, expect, it } from 'vitest';
import type { PublicPublication } from '../../common/wire.ts';
import { bibtexOf, citationsOf, cslName } from './citations.ts';

// Issue #14, point 5: the references of a publication's "Cite" block, by the project's GB/T 7714-2015
// style and citation-js's APA, and its BibTeX.

const base: PublicPublication = {
  pid: 7,
  title: 'Measuring Affective Polarization',
  author: ['Xinyue Zhao', 'Xiaoyu Peng', 'Elena Marchetti', 'Mingyuan Zhou'],
  source: 'WWW 2025',
  type: 'paper',
  type_num: 1,
  area: 'social computing',
  area_num: 1,
  year: 2025,
  month: 4,
  link1: '',
  link2: '',
  link3: '',
  link4: '',
  file1: '',
  file2: '',
  file3: '',
  file1_url: '',
  file2_url: '',
  file3_url: '',
  order: 0,
  venue_kind: 'conference',
  doi: '10.5555/disc.2025.0001',
  abstract: '',
  keywords: [],
  author_members: [],
  author_parts: [],
  volume: '',
  issue: '',
  pages: '',
  publisher: '',
  editors: [],
  editor_parts: [],
  edition: '',
  isbn: '',
};

describe('citations', () => {
  it('writes a conference paper by GB/T 7714-2015: capitals and initials, three then et al., [C]//, the DOI last', async () => {
    expect((await citationsOf(base)).gbt).toBe(
      'ZHAO X, PENG X, MARCHETTI E, et al. Measuring Affective Polarization[C]//WWW 2025. 2025. DOI:10.5555/disc.2025.0001.',
    );
  });

  it('marks journals [J], monographs [M] with their publisher, and writes 等 after three Chinese authors', async () => {
    expect((await citationsOf({ ...base, venue_kind: 'journal', source: 'TKDE', author: ['Zirui Feng'], doi: '' })).gbt).toBe(
      'FENG Z. Measuring Affective Polarization[J]. TKDE, 2025.',
    );
    const book = {
      ...base,
      type: 'monograph' as const,
      title: '计算社会科学',
      source: '北辰大学出版社',
      author: ['李青禾', '王书怡', '张三', '李四'],
      doi: '',
    };
    expect((await citationsOf(book)).gbt).toBe('李青禾, 王书怡, 张三, 等. 计算社会科学[M]. 北辰大学出版社, 2025.');
  });

  it('gives APA and a BibTeX that keeps Chinese text', async () => {
    const { apa, bibtex } = await citationsOf(base);
    expect(apa).toBe(
      'Zhao, X., Peng, X., Marchetti, E., & Zhou, M. (2025). Measuring affective polarization. In WWW 2025. https://doi.org/10.5555/disc.2025.0001',
    );
    expect(bibtex).toMatch(/^@inproceedings\{/);
    expect(await bibtexOf([{ ...base, title: '计算社会科学', author: ['李青禾'] }])).toContain('{李青禾}');
  });

  it("writes the Cite block's BibTeX through the same escaping: one entry, no @preamble (issue #25, point 5)", async () => {
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
});
