import { describe, expect, it } from 'vitest';
import type { CSL } from '@citation-js/core';
import { recordOf } from '../../server/services/bibtex-import.ts';
import { dblpKeyOf, normalizeVenue, venueRanks, type VenueInput } from '../../server/services/venue-rank.ts';

// Issue #29, point 2: real venues as publications name them (dblp's BibTeX, the ACL Anthology's, the
// proceedings' own titles, what members type), matched to CCF's 2022 list and CORE2023.

type Case = [venue: string, kind: 'conference' | 'journal', ccf: string | undefined, core?: string];
const byName: Case[] = [
  // CCF A conferences
  ['Proceedings of the 62nd Annual Meeting of the Association for Computational Linguistics (Volume 1: Long Papers)', 'conference', 'A', 'A*'],
  ['ACL 2024', 'conference', 'A', 'A*'],
  ["KDD '23", 'conference', 'A', 'A*'],
  ['Proceedings of the 29th ACM SIGKDD Conference on Knowledge Discovery and Data Mining', 'conference', 'A', 'A*'],
  ['Advances in Neural Information Processing Systems 36', 'conference', 'A', 'A*'],
  ['NeurIPS 2023', 'conference', 'A', 'A*'],
  ['2023 IEEE/CVF Conference on Computer Vision and Pattern Recognition (CVPR)', 'conference', 'A', 'A*'],
  ['Proceedings of the 40th International Conference on Machine Learning', 'conference', 'A', 'A*'],
  ['International Conference on Machine Learning, ICML 2023, 23-29 July 2023, Honolulu, Hawaii, USA', 'conference', 'A', 'A*'],
  ['Proceedings of the AAAI Conference on Artificial Intelligence', 'conference', 'A', 'A*'],
  ['Proceedings of the Thirty-Second International Joint Conference on Artificial Intelligence, IJCAI-23', 'conference', 'A', 'A*'],
  ['Proceedings of the 2023 CHI Conference on Human Factors in Computing Systems', 'conference', 'A', 'A*'],
  ["CHI '23", 'conference', 'A', 'A*'],
  ['Proceedings of the ACM Web Conference 2023', 'conference', 'A', 'A*'],
  ['SIGIR 2024', 'conference', 'A', 'A*'],
  ['45th IEEE/ACM International Conference on Software Engineering (ICSE)', 'conference', 'A', 'A*'],
  ['32nd USENIX Security Symposium (USENIX Security 23)', 'conference', 'A', 'A*'],
  ['Proc. VLDB Endow.', 'journal', 'A'],
  // CCF B and C conferences
  ['Proceedings of the 2023 Conference on Empirical Methods in Natural Language Processing', 'conference', 'B', 'A*'],
  ['Computer Vision - ECCV 2022 - 17th European Conference, Tel Aviv, Israel (ECCV)', 'conference', 'B', 'A*'],
  ['Proceedings of the 32nd ACM International Conference on Information and Knowledge Management', 'conference', 'B', 'A'],
  ['COLING 2022', 'conference', 'B'],
  ['ICASSP 2024 - 2024 IEEE International Conference on Acoustics, Speech and Signal Processing (ICASSP)', 'conference', 'B', 'B'],
  ['Proceedings of the 27th Conference on Computational Natural Language Learning (CoNLL)', 'conference', 'C'],
  ['PAKDD 2023', 'conference', 'C'],
  ['2022 International Joint Conference on Neural Networks (IJCNN)', 'conference', 'C'],
  ['Natural Language Processing and Chinese Computing (NLPCC)', 'conference', 'C'],
  // journals, by name and as dblp abbreviates them
  ['IEEE Trans. Knowl. Data Eng.', 'journal', 'A'],
  ['IEEE Transactions on Knowledge and Data Engineering', 'journal', 'A'],
  ['IEEE Trans. Pattern Anal. Mach. Intell.', 'journal', 'A'],
  ['J. Mach. Learn. Res.', 'journal', 'A'],
  ['ACM Trans. Inf. Syst.', 'journal', 'A'],
  ['Int. J. Comput. Vis.', 'journal', 'A'],
  ['Transactions of the Association for Computational Linguistics', 'journal', 'B'],
  ['Information Sciences', 'journal', 'B'],
  ['Pattern Recognition', 'journal', 'B'],
  ['IEEE Transactions on Neural Networks and Learning Systems', 'journal', 'B'],
  ['Knowledge-Based Systems', 'journal', 'C'],
  ['Neurocomputing', 'journal', 'C'],
  ['Expert Syst. Appl.', 'journal', 'C'],
  ['Information Processing & Management', 'journal', 'B'],
];

// near misses: a workshop, the findings or a companion of a ranked venue, venues on no list
const unranked: Case[] = [
  ['Findings of the Association for Computational Linguistics: ACL 2024', 'conference', undefined],
  ['Findings of the Association for Computational Linguistics (ACL 2024)', 'conference', undefined],
  ['Proceedings of the 1st Workshop on Towards Knowledgeable Language Models (KnowLLM 2024) at ACL', 'conference', undefined],
  ['ACL Workshop on Online Abuse and Harms (ACL)', 'conference', undefined],
  ['Companion Proceedings of the ACM Web Conference 2023', 'conference', undefined],
  ['CHI Conference on Human Factors in Computing Systems Extended Abstracts', 'conference', undefined],
  ['arXiv preprint arXiv:2401.00001', 'journal', undefined],
  ['Journal of Chinese Information Processing', 'journal', undefined],
  ['', 'conference', undefined],
];

const rankIn = (p: VenueInput, system: 'ccf' | 'core') => venueRanks(p).find((r) => r.system === system)?.rank;

describe('venue ranks by name', () => {
  it.each([...byName, ...unranked])('%s', (source, kind, ccf, core) => {
    expect(rankIn({ source, venue_kind: kind }, 'ccf')).toBe(ccf);
    if (core !== undefined || ccf === undefined) expect(rankIn({ source, venue_kind: kind }, 'core')).toBe(core);
  });

  it('matches more than 30 real venues, of every CCF rank, journals and conferences', () => {
    const ranks = new Set(byName.map(([, kind, ccf]) => `${kind}:${ccf}`));
    expect(byName.length).toBeGreaterThan(30);
    for (const kind of ['conference', 'journal']) for (const r of ['A', 'B', 'C']) expect(ranks.has(`${kind}:${r}`)).toBe(true);
  });
});

describe('venue ranks by DBLP key', () => {
  it.each([
    ['https://dblp.org/rec/conf/acl/XuL24.html', 'conf/acl', 'A'],
    ['https://dblp.org/rec/journals/tkde/ZhangW23', 'journals/tkde', 'A'],
    ['https://dblp.uni-trier.de/db/conf/cikm/cikm2023.html', 'conf/cikm', 'B'],
    ['https://dblp.org/db/journals/kbs/index.html', 'journals/kbs', 'C'],
    ['https://dblp.org/rec/conf/emnlp/LiZ23', 'conf/emnlp', 'B'],
  ])('%s', (link, key, rank) => {
    expect(dblpKeyOf(link)).toBe(key);
    // the key decides, whatever the venue's name says
    expect(rankIn({ source: 'Some Proceedings', venue_kind: 'conference', links: ['', link] }, 'ccf')).toBe(rank);
  });

  it('reads no key from other addresses', () => {
    expect(dblpKeyOf('https://aclanthology.org/2024.acl-long.1/')).toBe('');
    expect(dblpKeyOf('https://example.org/dblp.org/x')).toBe('');
  });
});

describe("dblp's BibTeX", () => {
  it("keeps the venue's DBLP key from biburl, and only from a dblp record", () => {
    const item = { id: 'k', type: 'paper-conference', title: 'T', 'container-title': 'Proceedings of the 62nd Annual Meeting of the ACL' } as CSL;
    expect(recordOf(item, 'inproceedings', { biburl: 'https://dblp.org/rec/conf/acl/XuL24.bib' }).venue_key).toBe('conf/acl');
    // dblp files the findings under the venue's key: not kept for them
    const findings = { ...item, 'container-title': 'Findings of the Association for Computational Linguistics: ACL 2024' } as CSL;
    expect(recordOf(findings, 'inproceedings', { biburl: 'https://dblp.org/rec/conf/acl/XuL24f.bib' })).not.toHaveProperty('venue_key');
    expect(recordOf(item, 'inproceedings', { biburl: 'https://example.org/x.bib' })).not.toHaveProperty('venue_key');
    expect(recordOf(item, 'inproceedings', {})).not.toHaveProperty('venue_key');
  });

  it("a dblp link of findings filed under the venue's key gives no rank; the key an editor chooses does", () => {
    const findings = { source: 'Findings of the Association for Computational Linguistics: ACL 2024', venue_kind: 'conference' } as const;
    expect(rankIn({ ...findings, links: ['https://dblp.org/rec/conf/acl/XuL24f'] }, 'ccf')).toBeUndefined();
    expect(rankIn({ ...findings, venue_key: 'conf/acl' }, 'ccf')).toBe('A');
  });

  it('a key neither list knows leaves the match to the name', () => {
    expect(rankIn({ source: 'ICLR 2025', venue_kind: 'conference', venue_key: 'conf/iclr' }, 'core')).toBe('A*');
    expect(rankIn({ source: 'ICLR 2025', venue_kind: 'conference', venue_key: 'conf/iclr' }, 'ccf')).toBeUndefined();
  });
});

describe("an editor's correction", () => {
  it('none shows no rank, whatever the venue', () => {
    expect(venueRanks({ source: 'ACL 2024', venue_kind: 'conference', venue_key: 'none' })).toEqual([]);
  });

  it('a DBLP key, an abbreviation or a name chooses the entry', () => {
    expect(rankIn({ source: 'Our workshop', venue_kind: 'conference', venue_key: 'conf/kdd' }, 'ccf')).toBe('A');
    expect(rankIn({ source: 'Our workshop', venue_kind: 'conference', venue_key: 'conf/kdd' }, 'core')).toBe('A*');
    expect(rankIn({ source: 'Proc. of something', venue_kind: 'journal', venue_key: 'TKDE' }, 'ccf')).toBe('A');
    expect(rankIn({ source: 'x', venue_kind: 'conference', venue_key: 'Pacific-Asia Conference on Knowledge Discovery and Data Mining' }, 'ccf')).toBe('C');
  });
});

describe('normalized names', () => {
  it('drop case, punctuation, years, ordinals and "Proceedings of the"', () => {
    expect(normalizeVenue('Proceedings of the 62nd Annual Meeting of the Association for Computational Linguistics')).toBe(
      normalizeVenue('Annual Meeting of the Association for Computational Linguistics'),
    );
    expect(normalizeVenue("KDD '23")).toBe('kdd');
    expect(normalizeVenue('IJCAI-23')).toBe('ijcai');
  });
});

describe('the page cache keys the publication page by its rank', () => {
  it('reads ?rank= when it is one the filter offers, else nothing', async () => {
    const { pageParams } = await import('../../server/pages/page-params.ts');
    expect(pageParams('/publication', new URLSearchParams('rank=ccf-a&utm_source=x&area=4&area=1'))).toEqual({ area: '1,4', rank: 'ccf-a', page: '' });
    expect(pageParams('/publication', new URLSearchParams('rank=core-astar'))).toMatchObject({ rank: 'core-astar' });
    expect(pageParams('/publication', new URLSearchParams('rank=ccf-d'))).toMatchObject({ rank: '' });
  });
});
