import { describe, expect, it } from 'vitest';
import { isPreprintWork, PREPRINT_DOI, type Work } from '../../server/sync/openalex.ts';
import { work } from '../helpers/openalex.ts';

// Which DOIs are a preprint server's (a stored preprint's published version is proposed
// as its update, and a found preprint is never taken for a published version).

describe('preprint servers’ DOIs', () => {
  it.each([
    ['10.48550/arXiv.2401.00001', 'arXiv'],
    ['10.1101/2023.01.01.522222', 'bioRxiv and medRxiv'],
    ['10.31219/osf.io/abcde', 'OSF Preprints'],
    ['10.31234/osf.io/abcde', 'PsyArXiv'],
    ['10.20944/preprints202301.0001.v1', 'Preprints.org'],
    ['10.2139/ssrn.4400000', 'SSRN'],
    ['10.21203/rs.3.rs-1234567/v1', 'Research Square'],
    ['10.36227/techrxiv.21234567.v1', 'TechRxiv'],
    ['10.26434/chemrxiv-2023-abcde', 'ChemRxiv'],
    ['10.22541/au.167000000.00000000/v1', 'Authorea'],
  ])('%s is a preprint (%s)', (doi) => {
    expect(PREPRINT_DOI.test(doi)).toBe(true);
    expect(isPreprintWork({ ...work('9'), type: 'article', doi: `https://doi.org/${doi}` } as unknown as Work)).toBe(true);
  });

  it.each(['10.1145/3589334.3645500', '10.18653/v1/2023.acl-long.1', '10.1109/TKDE.2023.1234567', '10.2139/other.1', '10.11010/x'])(
    '%s is a publisher’s',
    (doi) => {
      expect(PREPRINT_DOI.test(doi)).toBe(false);
      expect(isPreprintWork({ ...work('9'), type: 'article', doi: `https://doi.org/${doi}` } as unknown as Work)).toBe(false);
    },
  );
});
