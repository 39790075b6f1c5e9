import { describe, expect, it } from 'vitest';
import type { Topic } from '../cache/changes.ts';
import type { SearchDoc } from './documents.ts';
import { refreshPause, SearchIndex } from './search-index.ts';

const doc = (n: number): SearchDoc => ({
  id: `publication:${n}`,
  kind: 'publication',
  title: { zh: `paper ${n}`, en: `paper ${n}` },
  names: 'A. Author',
  keywords: '',
  venue: 'ACL',
  body: { zh: 'body', en: 'body' },
  url: `/publication/${n}`,
  external: false,
  meta: { zh: '', en: '' },
});

describe('SearchIndex refreshes (issue #24, point 5)', () => {
  it('reads a burst of writes far fewer times than there are writes, and still finds the last one', async () => {
    let count = 0;
    let loads = 0;
    const index = new SearchIndex((topic: Topic) => {
      if (topic !== 'publication') return Promise.resolve([]);
      loads++;
      return Promise.resolve(Array.from({ length: count }, (_, n) => doc(n)));
    });
    await index.ready;
    loads = 0;
    // 40 writes, one every 5 ms: a lab importing its history through the API
    for (let i = 0; i < 40; i++) {
      count++;
      void index.changed('publication');
      await new Promise((r) => setTimeout(r, 5));
    }
    await index.settled();
    // each read is every record of the topic: one per write made an import quadratic, and its garbage held the memory
    expect(loads).toBeLessThan(20);
    expect((await index.search({ q: 'paper 39', lang: 'en' })).results.map((r) => r.id)).toContain('publication:39');
  });

  it('pauses from what the last read took, within bounds that keep a write searchable within a second', () => {
    expect(refreshPause(0)).toBe(50);
    expect(refreshPause(100)).toBe(200);
    expect(refreshPause(5000)).toBe(400);
  });
});
