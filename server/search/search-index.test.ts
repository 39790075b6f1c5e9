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

describe('SearchIndex refreshes', () => {
  it('reads nothing until its first use, so that a server answers its first page before it builds', async () => {
    let loads = 0;
    const index = new SearchIndex(() => {
      loads++;
      return Promise.resolve([doc(1)]);
    });
    await new Promise((r) => setTimeout(r, 20));
    await index.settled();
    expect(loads).toBe(0);
    expect((await index.search({ q: 'paper 1', lang: 'en' })).results.map((r) => r.id)).toEqual(['publication:1']);
    expect(loads).toBeGreaterThan(0);
    // closed before any use: nothing is read
    const closed = new SearchIndex(() => {
      loads = -1;
      return Promise.resolve([]);
    });
    closed.close();
    await closed.ready;
    expect(loads).toBeGreaterThan(0);
  });

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

  it('reads a named record alone, finds it changed or gone, and reads the whole topic when a change names none', async () => {
    const records = new Map(Array.from({ length: 30 }, (_, n) => [`publication:${n}`, doc(n)]));
    let whole = 0;
    let named = 0;
    const index = new SearchIndex(
      (topic: Topic) => {
        if (topic !== 'publication') return Promise.resolve([]);
        whole++;
        return Promise.resolve([...records.values()]);
      },
      undefined,
      (topic: Topic, ids: readonly string[]) => {
        if (topic !== 'publication') return undefined;
        named += ids.length;
        return Promise.resolve(ids.flatMap((id) => records.get(id) ?? []));
      },
    );
    await index.ready;
    whole = 0;
    const found = async (q: string) => (await index.search({ q, lang: 'en' })).results.map((r) => r.id);
    // a new record, an edited one and a removed one, each named by its write
    records.set('publication:30', doc(30));
    records.set('publication:3', { ...doc(3), title: { zh: 'renamed quokka', en: 'renamed quokka' } });
    records.delete('publication:7');
    for (const id of ['publication:30', 'publication:3', 'publication:7']) void index.changed('publication', id);
    await index.settled();
    expect(whole).toBe(0);
    expect(named).toBe(3);
    expect(await found('paper 30')).toContain('publication:30');
    expect(await found('quokka')).toEqual(['publication:3']);
    expect(await found('paper 7')).not.toContain('publication:7');
    expect((await index.search({ q: 'paper', lang: 'en' })).total).toBe(29);
    // a change that names no record (another instance's, a restore): the whole topic, and what left it is dropped
    records.delete('publication:8');
    void index.changed('publication', 'publication:9');
    void index.changed('publication');
    await index.settled();
    expect(whole).toBe(1);
    expect((await index.search({ q: 'paper', lang: 'en' })).total).toBe(28);
  });
});

describe('SearchIndex: a hostile query', () => {
  it('answers a 200,000-character query of misspelt words, identifiers and Chinese quickly', async () => {
    const words = ['argument', 'calibration', 'detection', 'summarization', 'knowledge', 'privacy'];
    const index = new SearchIndex((topic: Topic) =>
      Promise.resolve(
        topic === 'publication'
          ? Array.from({ length: 2000 }, (_, n) => ({ ...doc(n), body: { zh: `论辩 ${words[n % 6]}${n}`, en: `${words[n % 6]} w${n}x` } }))
          : [],
      ),
    );
    await index.ready;
    const queries = [
      'argumnetx '.repeat(20_000),
      Array.from({ length: 20_000 }, (_, i) => `calibratoin${i}`).join(' '),
      `doi:10.1/${'x'.repeat(199_990)}`,
      '論辯'.repeat(100_000),
      `${'['.repeat(100_000)}${'arXiv:'.repeat(16_000)}`,
    ];
    // the index's sorted terms are made by the first prefix search, as in the server after its first queries
    await index.search({ q: 'argu', lang: 'en' });
    // CPU time of this thread: the machine is shared, and its wall clock says more of the others
    const cpu = () => {
      const u = process.threadCpuUsage();
      return (u.user + u.system) / 1000;
    };
    for (const q of queries) {
      expect(q.length).toBeGreaterThanOrEqual(190_000);
      const at = cpu();
      const answer = await index.search({ q, lang: 'en' });
      expect(cpu() - at, q.slice(0, 20)).toBeLessThan(50);
      expect(answer.cut).toBe(true);
    }
  });
});
