import { describe, expect, it } from 'vitest';
import type { CSL } from '@citation-js/core';
import { recordOf } from '../../server/services/bibtex-import.ts';
import { dblpKeyOf, matchedEntry, normalizeVenue, venueRanks, type VenueInput } from '../../server/services/venue-rank.ts';

// Real venues as publications name them (dblp's BibTeX, the ACL Anthology's, the
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

// CORE2023's ranks that only its whole list has (server/venue-ranks/core.json held 51 of its conferences
// before), each checked against the portal's export: CIKM and RecSys were among the 51
const fromWholeCore: Case[] = [
  ['Proceedings of the 17th ACM International Conference on Web Search and Data Mining', 'conference', 'B', 'A'],
  ["WSDM '24", 'conference', 'B', 'A'],
  ['2023 IEEE International Conference on Data Mining (ICDM)', 'conference', 'B', 'A*'],
  ['Advances in Information Retrieval - 45th European Conference on Information Retrieval, ECIR 2023, Dublin, Ireland', 'conference', 'C', 'A'],
  ['Advances in Knowledge Discovery and Data Mining - 27th Pacific-Asia Conference, PAKDD 2023', 'conference', 'C', 'B'],
  ['Proceedings of the International Conference on Advances in Social Networks Analysis and Mining (ASONAM)', 'conference', undefined, 'B'],
  ['Proceedings of the International AAAI Conference on Web and Social Media', 'conference', 'B', 'A'],
  ['Proceedings of the 2023 SIAM International Conference on Data Mining (SDM)', 'conference', 'B', 'A'],
  ['Proceedings of the 29th International Conference on Computational Linguistics', 'conference', 'B', 'B'],
  ['Proceedings of the 18th Conference of the European Chapter of the Association for Computational Linguistics (EACL)', 'conference', undefined, 'A'],
  [
    'Proceedings of the 2023 Conference of the North American Chapter of the Association for Computational Linguistics: Human Language Technologies',
    'conference',
    'B',
    'A',
  ],
  ['2023 IEEE International Conference on Robotics and Automation (ICRA)', 'conference', 'B', 'A*'],
  ['2023 IEEE/RSJ International Conference on Intelligent Robots and Systems (IROS)', 'conference', 'C', 'A'],
  ['Medical Image Computing and Computer Assisted Intervention - MICCAI 2023', 'conference', 'B', 'A'],
  ['IEEE/CVF Winter Conference on Applications of Computer Vision (WACV)', 'conference', undefined, 'A'],
  ['34th British Machine Vision Conference 2023, BMVC 2023', 'conference', 'C', 'A'],
  ['2023 IEEE International Conference on Multimedia and Expo (ICME)', 'conference', 'B', 'A'],
  ['Proceedings of the 26th International Conference on Extending Database Technology (EDBT)', 'conference', 'B', 'A'],
  ['Database Systems for Advanced Applications - 28th International Conference, DASFAA 2023', 'conference', 'B', 'B'],
  ['Machine Learning and Knowledge Discovery in Databases: Research Track - European Conference, ECML PKDD 2023', 'conference', 'B', 'A'],
  ['Proceedings of the Thirteenth Language Resources and Evaluation Conference', 'conference', undefined, 'B'],
  ['Proceedings of the 31st ACM International Conference on Multimedia', 'conference', 'A', 'A*'],
  ['2023 USENIX Annual Technical Conference (USENIX ATC 23)', 'conference', 'A', 'A'],
  ['Interspeech 2023', 'conference', 'C', 'A'],
  ['ACM International Conference on Mobile Systems, Applications, and Services', 'conference', 'B', 'A'],
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

// near misses of CORE's whole list: short acronyms other venues share, in names that are another venue's. Each
// but the first matched a wrong entry before the matcher checked the rest of the name (server/services/venue-rank.ts)
const otherVenues: [venue: string, kind: string, ccf: string | undefined, core: string | undefined][] = [
  ['Group Decision and Negotiation', '', undefined, undefined],
  // CORE's ICS is ACM's International Conference on Supercomputing; CCF's list has the journal
  ['Information and Computer Security (ICS)', '', 'C', undefined],
  ['Information and Computer Security (ICS)', 'conference', 'C', undefined],
  // SAC is Selected Areas in Cryptography in both lists; ACM's SAC is in neither
  ["SAC '23: Proceedings of the 38th ACM/SIGAPP Symposium on Applied Computing", 'conference', undefined, undefined],
  ["Proceedings of the 38th ACM/SIGAPP Symposium on Applied Computing (SAC '23)", 'conference', undefined, undefined],
  // CORE's ACE is ACM's Advances in Computer Entertainment (C); the Australasian one is not ranked A*–C
  ["Proceedings of the 25th Australasian Computing Education Conference (ACE '23)", 'conference', undefined, undefined],
  ['ACE 2023: Asian Conference on Education', 'conference', undefined, undefined],
  // SPM: ACM's Symposium on Solid and Physical Modelling in both lists
  ['IEEE Signal Processing Magazine (SPM)', '', undefined, undefined],
  // ACM Multimedia, not IEEE's magazine
  ['IEEE MultiMedia', '', undefined, undefined],
  // CORE's WG is Graph-Theoretic Concepts; CCF's IFIP WG 11.9 is digital forensics
  ['IFIP Working Group 11.9 International Conference on Digital Forensics', 'conference', 'C', undefined],
  // CCF's NCA is the journal Neural Computing and Applications
  ['Proceedings of the 2023 IEEE International Symposium on Network Computing and Applications (NCA)', 'conference', undefined, 'B'],
  // not Information and Computation (CCF A)
  ['Pacific Asia Conference on Language, Information and Computation', 'conference', undefined, 'C'],
];

describe('venue ranks by name', () => {
  it.each([...byName, ...fromWholeCore, ...unranked])('%s', (source, kind, ccf, core) => {
    expect(rankIn({ source, venue_kind: kind }, 'ccf')).toBe(ccf);
    if (core !== undefined || ccf === undefined) expect(rankIn({ source, venue_kind: kind }, 'core')).toBe(core);
  });

  it.each(otherVenues)('%s (%s) is not the venue its acronym names elsewhere', (source, kind, ccf, core) => {
    expect(rankIn({ source, venue_kind: kind }, 'ccf')).toBe(ccf);
    expect(rankIn({ source, venue_kind: kind }, 'core')).toBe(core);
  });

  it("tells SIAM's Data Mining from IEEE's, and USENIX's ATC from Advanced and Trusted Computing", () => {
    const entry = (source: string, system: 'ccf' | 'core') => matchedEntry({ source, venue_kind: 'conference' }, system);
    expect(entry('SIAM International Conference on Data Mining', 'ccf')).toBe('SDM');
    expect(entry('SIAM International Conference on Data Mining', 'core')).toBe('SDM');
    expect(entry('IEEE International Conference on Data Mining', 'core')).toBe('ICDM');
    expect(entry("USENIX ATC '23", 'core')).toBe('USENIX');
    expect(entry('International Conference on Advanced and Trusted Computing (ATC)', 'core')).toBe('ATC');
    expect(entry('Selected Areas in Cryptography (SAC 2023)', 'core')).toBe('SAC');
  });

  it('a place beside the acronym is no other venue; a name beside it in parentheses has to fit', () => {
    expect(rankIn({ source: 'ECCV 2022, Tel Aviv, Israel', venue_kind: 'conference' }, 'core')).toBe('A*');
    expect(rankIn({ source: "Proceedings of the 37th International Conference on Supercomputing (ICS '23)", venue_kind: 'conference' }, 'core')).toBe('A');
    expect(rankIn({ source: "ICS '23", venue_kind: 'conference' }, 'core')).toBe('A');
    expect(rankIn({ source: 'IEEE INFOCOM 2023 (Virtual)', venue_kind: 'conference' }, 'core')).toBe('A*');
  });

  it("holds CORE2023's whole list: 759 ranked conferences, A* to C", async () => {
    const { default: core } = await import('../../server/venue-ranks/core.json', { with: { type: 'json' } });
    expect(core.edition).toBe('CORE2023');
    expect(core.venues).toHaveLength(759);
    expect(new Set(core.venues.map(([rank]) => rank))).toEqual(new Set(['A*', 'A', 'B', 'C']));
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
    const pageParams = (await import('../../server/pages/page-params.ts')).pageParamsOf([]);
    expect(pageParams('/publication', new URLSearchParams('rank=ccf-a&utm_source=x&area=4&area=1'))).toEqual({ area: '1,4', rank: 'ccf-a', page: '' });
    expect(pageParams('/publication', new URLSearchParams('rank=core-astar'))).toMatchObject({ rank: 'core-astar' });
    expect(pageParams('/publication', new URLSearchParams('rank=ccf-d'))).toMatchObject({ rank: '' });
  });
});
