import { describe, expect, it } from 'vitest';
import { InvertedIndex } from './inverted-index.ts';

// The index under the site search: which records hold every term, in what order.

const exact = (...terms: string[]) => terms.map((term) => ({ term, prefix: false }));
const ids = (index: InvertedIndex, terms: { term: string; prefix: boolean }[]) => index.search(terms);

describe('the inverted index', () => {
  // fields: title (weight 4), body (weight 1)
  const make = () => new InvertedIndex([4, 1]);

  it('finds the records holding every term, and none when one term is nowhere', () => {
    const index = make();
    index.set('a', [['graph', 'neural'], ['networks']]);
    index.set('b', [['graph'], ['mining']]);
    index.set('c', [['text'], ['graph', 'mining']]);
    expect(ids(index, exact('graph')).sort()).toEqual(['a', 'b', 'c']);
    expect(ids(index, exact('graph', 'mining')).sort()).toEqual(['b', 'c']);
    expect(ids(index, exact('mining', 'graph')).sort()).toEqual(['b', 'c']);
    expect(ids(index, exact('graph', 'nowhere'))).toEqual([]);
    expect(ids(index, [])).toEqual([]);
  });

  it('ranks a match in a heavier field first, and a whole word above a word a prefix begins', () => {
    const index = make();
    index.set('in-body', [['other'], ['graph']]);
    index.set('in-title', [['graph'], ['other']]);
    expect(ids(index, exact('graph'))).toEqual(['in-title', 'in-body']);
    index.set('longer', [['graphs'], []]);
    expect(ids(index, [{ term: 'graph', prefix: true }])).toEqual(['in-title', 'longer', 'in-body']);
    // without the prefix, the longer word is not found
    expect(ids(index, exact('graph'))).not.toContain('longer');
  });

  it('ranks a rarer term above a common one', () => {
    const index = make();
    for (let i = 0; i < 20; i++) index.set(`common${i}`, [['common'], []]);
    // both hold both words; the one with the rare word in its title comes first
    index.set('rare-in-title', [['rare'], ['common']]);
    index.set('common-in-title', [['common'], ['rare']]);
    expect(ids(index, exact('common', 'rare'))).toEqual(['rare-in-title', 'common-in-title']);
  });

  it('replaces a record, forgets a removed one, and keeps its answers through a compaction', () => {
    const index = make();
    for (let i = 0; i < 200; i++) index.set(`r${i}`, [[`t${i % 10}`, 'all'], []]);
    index.set('r5', [['changed'], []]);
    expect(ids(index, exact('t5'))).not.toContain('r5');
    expect(ids(index, exact('changed'))).toEqual(['r5']);
    const before = ids(index, exact('t3')).sort();
    // more than a fifth removed: the slots are compacted
    for (let i = 0; i < 200; i += 2) index.remove(`r${i}`);
    expect(index.size).toBe(100);
    expect(ids(index, exact('t3')).sort()).toEqual(before.filter((id) => Number(id.slice(1)) % 2 === 1));
    // r5 (kept, odd) no longer holds 'all'
    expect(ids(index, exact('all'))).toHaveLength(99);
    expect(ids(index, exact('t4'))).toEqual([]);
    index.set('new', [['t3'], []]);
    expect(ids(index, exact('t3'))).toContain('new');
  });

  it('answers a query alike whatever was asked before it (its scratch arrays are reused)', () => {
    const fill = (index: InvertedIndex) => {
      for (let i = 0; i < 300; i++) index.set(`r${i}`, [[`a${i % 3}`, `b${i % 5}`], [`c${i % 7}`]]);
      return index;
    };
    const used = fill(make());
    const queries = [exact('a1'), exact('a1', 'b2'), exact('b2', 'c3'), exact('nothing', 'a1'), exact('a2', 'b4', 'c6'), exact('c0')];
    for (const q of [...queries, ...queries.reverse()]) expect(used.search(q)).toEqual(fill(make()).search(q));
  });

  it("ranks alike whether the records still in the running are sought in a common word's postings or all of them are read", () => {
    const fill = (index: InvertedIndex) => {
      // 'common' in a third of the titles (half of those in the body too) and a third of the bodies; rarer words,
      // a word and its stem's form, dead slots
      for (let i = 0; i < 3000; i++) {
        const common =
          i % 3 === 0
            ? [
                ['common', `w${i % 97}`],
                [`x${i % 13}`, ...(i % 2 ? ['common'] : [])],
              ]
            : [[`w${i % 89}`], [i % 3 === 1 ? 'common' : 'other', `x${i % 11}`, 'commons']];
        index.set(`r${i}`, common);
      }
      for (let i = 0; i < 3000; i += 7) index.remove(`r${i}`);
      for (let i = 0; i < 3000; i += 301)
        index.set(`r${i}`, [
          ['common', 'rare'],
          ['w1', ...(i % 2 ? ['common'] : [])],
        ]);
      return index;
    };
    const seeking = fill(new InvertedIndex([4, 1], { seekFactor: 0 }));
    const reading = fill(new InvertedIndex([4, 1], { seekFactor: Number.POSITIVE_INFINITY }));
    const also = (term: string, ...more: string[]) => ({ term, prefix: false, also: new Map(more.map((m) => [m, 0.6])) });
    const queries = [
      exact('rare', 'common'),
      exact('w1', 'common'),
      exact('x5', 'common', 'w17'),
      [also('common', 'commons'), { term: 'w3', prefix: true }],
      [{ term: 'rare', prefix: false }, also('common', 'commons')],
      exact('w88', 'x10'),
    ];
    for (const q of queries) {
      const found = reading.search(q);
      expect(found.length).toBeGreaterThan(0);
      expect(seeking.search(q)).toEqual(found);
    }
  });

  it('finds new terms by prefix after they are added', () => {
    const index = make();
    index.set('a', [['summary'], []]);
    expect(ids(index, [{ term: 'summ', prefix: true }])).toEqual(['a']);
    index.set('b', [['summarization'], []]);
    expect(ids(index, [{ term: 'summar', prefix: true }]).sort()).toEqual(['a', 'b']);
    expect(ids(index, [{ term: 'summari', prefix: true }])).toEqual(['b']);
  });

  it("compacts in steps when its owner asks, answering searches alike between them, each step short at the 10k lab's size", () => {
    const index = new InvertedIndex([4, 4, 2, 1.5, 1], { deferCompaction: true });
    const vocab = Array.from({ length: 4000 }, (_, i) => `w${i}`);
    const doc = (seed: number) => [8, 8, 8, 8, 80].map((n, f) => Array.from({ length: n }, (_, j) => vocab[(seed * 31 + j * 17 + f * 7) % 4000] as string));
    for (let i = 0; i < 12_000; i++) index.set(`d${i}`, doc(i));
    // replacing records leaves dead slots; the index does not compact by itself
    for (let i = 0; i < 3500; i++) index.set(`d${i}`, doc(i + 1));
    expect(index.compactionDue).toBe(true);
    const queries = [exact('w17'), exact('w3', 'w20'), [{ term: 'w12', prefix: true }]];
    const before = queries.map((q) => index.search(q));
    const cpu = () => {
      const u = process.threadCpuUsage();
      return (u.user + u.system) / 1000;
    };
    let longest = 0;
    let steps = 0;
    let at = cpu();
    for (const _ of index.compaction()) {
      longest = Math.max(longest, cpu() - at);
      steps++;
      expect(queries.map((q) => index.search(q))).toEqual(before);
      at = cpu();
    }
    longest = Math.max(longest, cpu() - at);
    expect(steps).toBeGreaterThan(3);
    expect(longest).toBeLessThan(50);
    expect(index.compactionDue).toBe(false);
    expect(queries.map((q) => index.search(q))).toEqual(before);
    index.set('new', [['w17'], [], [], [], []]);
    expect(index.search(exact('w17'))[0]).toBe('new');
  });

  it('finds the words near a misspelt one: one edit, two, a swap of neighbours; never stems, identifiers or Chinese', () => {
    const index = make();
    index.set('a', [['argument', 'arguments', 'calibration', '\u0001argument', '\u0002doi:10.1/argumnet', '论辩'], []]);
    index.set('b', [['argument', 'augment'], []]);
    const near = (w: string, d: number) => index.near(w, d).map((n) => `${n.term}:${n.distance}`);
    // the commoner word first at the same distance
    expect(near('argumnet', 1)).toEqual(['argument:1']);
    // two edits only when no word is one away
    expect(near('argumnets', 2)).toEqual(['arguments:1']);
    expect(near('argumnetss', 2)).toEqual(['arguments:2']);
    expect(near('calibraton', 1)).toEqual(['calibration:1']);
    expect(near('argment', 1)).toEqual(['argument:1', 'augment:1']);
    expect(near('argument', 1)).toEqual(['arguments:1']);
    expect(near('qwxzvbnm', 2)).toEqual([]);
  });

  it("bounds the walk for near words at the 10k lab's vocabulary and beyond, whatever the word", () => {
    const index = new InvertedIndex([1]);
    // 200,000 words of 4–14 letters over a small alphabet: many prefixes near any word
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const letters = 'aeioustrnl';
    const words: string[] = [];
    for (let i = 0; i < 200_000; i++)
      words.push(Array.from({ length: 4 + Math.floor(rnd() * 11) }, () => letters[Math.floor(rnd() * letters.length)]).join(''));
    for (let i = 0; i < words.length; i += 100) index.set(`d${i}`, [words.slice(i, i + 100)]);
    index.near('warmup', 1);
    const cpu = () => {
      const u = process.threadCpuUsage();
      return (u.user + u.system) / 1000;
    };
    const hostile = ['aeiouaeiouaeiou', 'rstlnrstlnrstlnrstlnrstlnrstlnrs', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'tarsnl', 'tealsunroeta'];
    for (const w of hostile) {
      const at = cpu();
      const found = index.near(w, w.length >= 9 ? 2 : 1);
      expect(cpu() - at, w).toBeLessThan(40);
      expect(found.length, w).toBeLessThanOrEqual(8);
    }
  });
});
