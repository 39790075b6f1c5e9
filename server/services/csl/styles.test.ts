import { describe, expect, it } from 'vitest';
import { publicationOf } from '../../../tests/helpers/bib.ts';
import { citationsOf, referencesIn } from '../citations.ts';
import { shippedStyle } from './styles.ts';

// The shipped styles write a journal article as the style's own guide prints its example (the same article
// entered as a lab would enter it). Where a guide's web page prints a page range with a hyphen (Nature,
// Citing Medicine), the CSL processor writes the en dash that typesetting uses; nothing else differs.

const one = async (style: string, overrides: Parameters<typeof publicationOf>[0]) => {
  const [text] = await referencesIn([publicationOf({ pid: 1, venue_kind: 'journal', doi: '', ...overrides })], shippedStyle(style));
  return text;
};

describe('shipped citation styles', () => {
  it("IEEE: the IEEE Reference Guide's periodical example, without the list's number", async () => {
    const text = await one('ieee', {
      title: 'TDM and TWDM de Bruijn networks and shufflenets for optical communications',
      author: ['G. Liu', 'K. Y. Lee', 'H. F. Jordan'],
      source: 'IEEE Trans. Comput.',
      volume: '46',
      issue: '6',
      pages: '695-701',
      year: 1997,
      month: 6,
    });
    expect(text).toBe(
      'G. Liu, K. Y. Lee, and H. F. Jordan, “TDM and TWDM de Bruijn networks and shufflenets for optical communications,” IEEE Trans. Comput., vol. 46, no. 6, pp. 695–701, Jun. 1997.',
    );
  });

  it("ACM: the journal article of ACM's reference formatting page", async () => {
    const text = await one('association-for-computing-machinery', {
      title: 'The patent holder’s dilemma: Buy, sell, or troll?',
      author: ['Patricia S. Abril', 'Robert Plant'],
      source: 'Commun. ACM',
      volume: '50',
      issue: '1',
      pages: '36-44',
      year: 2007,
      month: 1,
      doi: '10.1145/1188913.1188915',
    });
    expect(text).toBe(
      'Patricia S. Abril and Robert Plant. 2007. The patent holder’s dilemma: Buy, sell, or troll? Commun. ACM 50, 1 (January 2007), 36–44. https://doi.org/10.1145/1188913.1188915',
    );
  });

  it("Nature: the formatting guide's journal reference", async () => {
    const text = await one('nature', {
      title: 'Secretory vesicle transport velocity in living cells depends on the myosin V lever arm length',
      author: ['D. H. Schott', 'R. N. Collins', 'A. Bretscher'],
      source: 'J. Cell Biol.',
      volume: '156',
      pages: '35-39',
      year: 2002,
    });
    expect(text).toBe(
      'Schott, D. H., Collins, R. N. & Bretscher, A. Secretory vesicle transport velocity in living cells depends on the myosin V lever arm length. J. Cell Biol. 156, 35–39 (2002).',
    );
  });

  it("Chicago author-date: the Manual's quick guide journal article", async () => {
    const text = await one('chicago-author-date', {
      title: 'Expanding College Access in Taiwan, 1978–2014: Effects on Graduate Quality and Income Inequality',
      author: ['Shao-Hsun Keng', 'Chun-Hung Lin', 'Peter F. Orazem'],
      source: 'Journal of Human Capital',
      volume: '11',
      issue: '1',
      pages: '1-34',
      year: 2017,
      doi: '10.1086/690235',
    });
    expect(text).toBe(
      'Keng, Shao-Hsun, Chun-Hung Lin, and Peter F. Orazem. 2017. “Expanding College Access in Taiwan, 1978–2014: Effects on Graduate Quality and Income Inequality.” Journal of Human Capital 11 (1): 1–34. https://doi.org/10.1086/690235.',
    );
  });

  it("Vancouver: Citing Medicine's standard journal article", async () => {
    const text = await one('vancouver', {
      title: 'Blood pressure levels before dementia',
      author: ['D. B. Petitti', 'V. C. Crooks', 'J. G. Buckwalter', 'V. Chiu'],
      source: 'Arch Neurol',
      volume: '62',
      issue: '1',
      pages: '112-116',
      year: 2005,
      month: 1,
    });
    expect(text).toBe('Petitti DB, Crooks VC, Buckwalter JG, Chiu V. Blood pressure levels before dementia. Arch Neurol. 2005 Jan;62(1):112–6.');
  });

  it('numbers none of a sorted list: each of three in ACM (sorted by author) loses its own number', async () => {
    const names = ['Zoe Young', 'Adam Brown', 'Mia Clark'];
    const list = names.map((n, i) =>
      publicationOf({ pid: i + 1, title: `Paper ${i}`, author: [n], source: 'Commun. ACM', year: 2020, venue_kind: 'journal', doi: '' }),
    );
    const refs = await referencesIn(list, shippedStyle('association-for-computing-machinery'));
    expect(refs.map((r) => r.split('.')[0])).toEqual(names);
  });

  it('the Cite box keeps gbt and apa, and lists the chosen styles in their order', async () => {
    const p = publicationOf({ pid: 3, title: 'A Title', author: ['Ann Lee'], source: 'TKDE', year: 2024, venue_kind: 'journal', doi: '' });
    const cite = await citationsOf(p, ['ieee', 'apa', 'no-such-style']);
    expect(cite.gbt).toBe('Lee A. A title[J]. TKDE，2024.');
    expect(cite.apa).toBe('Lee, A. (2024). A title. TKDE.');
    expect(cite.styles.map((s) => [s.id, s.text])).toEqual([
      ['ieee', 'A. Lee, “A Title,” TKDE, 2024.'],
      ['apa', cite.apa],
    ]);
    expect((await citationsOf(p)).styles.map((s) => s.id)).toEqual(['gb-t-7714-2025', 'apa']);
  });
});
