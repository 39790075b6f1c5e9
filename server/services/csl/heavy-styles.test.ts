import { afterAll, describe, expect, it } from 'vitest';
import { publicationOf } from '../../../tests/helpers/bib.ts';
import { loopHolds } from '../../../tests/helpers/loop.ts';
import { Unavailable } from '../../errors.ts';
import { citationsOf, referencesIn } from '../citations.ts';
import { closeHeavy, heavyReferences } from './heavy-styles.ts';
import { shippedStyle } from './styles.ts';

// The heavy shipped styles (APA, Chicago: citeproc builds their engine in seconds) are written in the style
// worker: the event loop answers while their engines are built, and the references are the ones the main
// thread wrote before (the strings below are its output for this publication).

const paper = publicationOf({
  pid: 7,
  type: 'paper',
  venue_kind: 'journal',
  title: 'Graph Neural Networks for Citation Analysis',
  author: ['San Zhang', 'Wei Li'],
  source: 'Journal of Examples',
  volume: '12',
  issue: '3',
  pages: '45-67',
  year: 2024,
  month: 5,
  doi: '10.1234/example.5678',
});

const EXPECTED = {
  apa: 'Zhang, S., & Li, W. (2024). Graph neural networks for citation analysis. Journal of Examples, 12(3), 45–67. https://doi.org/10.1234/example.5678',
  chicago:
    'Zhang, San, and Wei Li. 2024. “Graph Neural Networks for Citation Analysis.” Journal of Examples 12 (3): 45–67. https://doi.org/10.1234/example.5678.',
};

describe('the heavy citation styles', () => {
  afterAll(() => closeHeavy());

  it('hold the event loop less than 100 ms while Chicago and APA are first written, and write what the main thread wrote', async () => {
    // citation-js loaded and GB/T's engine built on the main thread (the fast path), before the watch
    await referencesIn([paper], shippedStyle('gb-t-7714-2025'));
    const holds = loopHolds();
    const cited = await citationsOf(paper, ['gb-t-7714-2025', 'apa', 'chicago-author-date']);
    const longest = holds.stop();
    expect(cited.apa).toBe(EXPECTED.apa);
    expect(cited.styles.map((s) => s.id)).toEqual(['gb-t-7714-2025', 'apa', 'chicago-author-date']);
    expect(cited.styles[2]?.text).toBe(EXPECTED.chicago);
    expect(longest).toBeLessThan(100);
  }, 60_000);

  it('write the next references from the engines the worker kept', async () => {
    const started = performance.now();
    expect(await heavyReferences([paper], 'chicago-author-date')).toEqual([EXPECTED.chicago]);
    expect(performance.now() - started).toBeLessThan(2000);
  }, 30_000);

  it('answer "not available now" past their time bound, and the worker goes on', async () => {
    await closeHeavy();
    const late = heavyReferences([paper], 'chicago-author-date', 1);
    await expect(late).rejects.toBeInstanceOf(Unavailable);
    await expect(late).rejects.toMatchObject({ key: 'csl_busy', params: { style: 'chicago-author-date' } });
    expect(await heavyReferences([paper], 'chicago-author-date', 60_000)).toEqual([EXPECTED.chicago]);
  }, 60_000);
});
