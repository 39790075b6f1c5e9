import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '../../common/search.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { Client, loginAs } from '../helpers/client.ts';
import { createdId } from '../fixtures/world.ts';

// A search that forgives, on both databases. Other forms of an English word (by its
// stem, the word as typed ranked first), misspelt words (the nearest words of the site, marked "did you
// mean"), traditional Chinese for simplified and back, and DOIs, arXiv ids and ISBNs in the forms they are
// typed or pasted in. Each of these found nothing before.

const text = (segments: { text: string; hit?: true }[]) => segments.map((s) => (s.hit ? `[${s.text}]` : s.text)).join('');

describe.each(dialects)('a search that forgives, on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  let anon: Client;
  const pid: Record<string, number> = {};

  async function search(q: string, lang: 'en' | 'zh' = 'en'): Promise<SearchAnswer & { ids: string[]; titles: string[] }> {
    anon.lang = lang;
    const res = await anon.get(`/api/search/?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as SearchAnswer;
    return { ...answer, ids: answer.results.map((r) => r.id), titles: answer.results.map((r) => text(r.title)) };
  }
  const ids = (...names: string[]) => names.map((n) => `publication:${pid[n]}`);

  beforeAll(async () => {
    t = await makeApp(dialect);
    admin = await loginAs(t.app, 'admin', 'admin-password');
    anon = new Client(t.app);
    const add = async (name: string, fields: Record<string, string>) => {
      pid[name] = createdId(await admin.send('POST', '/api/publication/', { author: '["A. Author"]', source: 'Venue', year: '2025', ...fields }));
    };
    // the same words around the one that differs: the same field lengths, so only the match itself ranks them
    await add('argument', { title: 'Quillon argument study' });
    await add('arguments', { title: 'Quillon arguments study' });
    await add('detection', { title: 'Stance detection for quillon' });
    await add('detect', { title: 'How we detect quillon' });
    await add('calibration', { title: 'Calibration of confidence in graph models' });
    await add('traditional', { title: '論辯挖掘的研究', abstract: '我們研究論辯。' });
    await add('simplified', { title: '论辩结构分析' });
    await add('doi', { title: 'A paper with a DOI', doi: '10.5555/Disc.2025.0042' });
    await add('arxiv link', { title: 'A preprint linked', link1: 'https://arxiv.org/abs/2405.12345v2' });
    await add('arxiv doi', { title: 'A preprint by its DOI', doi: '10.48550/arXiv.2406.54321' });
    await add('arxiv venue', { title: 'A preprint named in its venue', source: 'arXiv preprint arXiv:2407.00001' });
    await add('isbn', { title: 'A book', isbn: '978-0-13-468599-1' });
    await add('isbn10', { title: 'Another book', isbn: '1402894627' });
    await add('mining', { title: 'Argument mining across languages' });
    await add('essays', { title: 'Persuasive essays revisited' });
    // "min" is the stem of "minning" too: a misspelt word the site holds by its stem alone
    await add('min', { title: 'Talks of ten min' });
    await t.app.lab.search.settled();
  }, 120_000);
  afterAll(() => t?.close());

  it('finds other forms of an English word by its stem, ranking the word as typed first', async () => {
    // before: "arguments" found only the record holding "arguments", "detecting" nothing
    expect((await search('quillon arguments')).ids).toEqual(ids('arguments', 'argument'));
    expect((await search('quillon argument')).ids).toEqual(ids('argument', 'arguments'));
    expect((await search('detecting quillon')).ids.sort()).toEqual(ids('detection', 'detect').sort());
    expect((await search('detection quillon')).ids[0]).toBe(ids('detection')[0]);
    // the word found by its stem is marked as it is written
    const detecting = await search('detecting quillon');
    expect(detecting.titles).toContain('Stance [detection] for [quillon]');
    expect(detecting.titles).toContain('How we [detect] [quillon]');
    // found as written: no "did you mean"
    expect(detecting.didYouMean).toBeUndefined();
  });

  it('reads a misspelt word as the nearest word of the site when few records match, saying so', async () => {
    // one edit (a letter missing), from five letters on
    const one = await search('calibraton');
    expect(one.ids).toEqual(ids('calibration'));
    expect(one.didYouMean).toBe('calibration');
    expect(one.titles[0]).toBe('[Calibration] of confidence in graph models');
    // two letters swapped count one edit; the other words of the query stay as typed
    const swapped = await search('Quillon argumnet');
    expect(swapped.ids).toEqual(expect.arrayContaining(ids('argument', 'arguments')));
    expect(swapped.didYouMean).toBe('Quillon argument');
    // two edits from nine letters on
    const two = await search('cnofidnece');
    expect(two.ids).toEqual(ids('calibration'));
    expect(two.didYouMean).toBe('confidence');
    // not below: a short word two edits away, a four-letter word one edit away, a word far from any
    for (const q of ['garhp', 'grap models calibration zzz', 'qwxzvbnmpoiu']) {
      const none = await search(q);
      expect(none.total, q).toBe(0);
      expect(none.didYouMean, q).toBeUndefined();
    }
    // a letter missing or doubled is forgiven like a swap, in any word of the query: a word that only begins
    // one of the site's ("persuasiv") is read as a beginning only where it is the last
    for (const [q, name, meant] of [
      ['argument minning', 'mining', 'argument mining'],
      ['argument minin', 'mining', undefined],
      ['persuasiv essays', 'essays', 'persuasive essays'],
      ['persuasiv esays', 'essays', 'persuasive essays'],
      ['persuasive esays', 'essays', 'persuasive essays'],
    ] as const) {
      const r = await search(q);
      expect(r.ids, q).toEqual(ids(name));
      expect(r.didYouMean, q).toBe(meant);
    }
    // a word the site holds is never "corrected"
    expect((await search('graph')).didYouMean).toBeUndefined();
  });

  it('folds traditional Chinese to simplified in records and queries alike', async () => {
    for (const q of ['論辯', '论辩']) {
      const r = await search(q, 'zh');
      expect(r.ids.sort(), q).toEqual(ids('traditional', 'simplified').sort());
      // marked as written
      expect(r.titles, q).toContain('[論辯]挖掘的研究');
      expect(r.titles, q).toContain('[论辩]结构分析');
    }
    expect((await search('论辩挖掘', 'zh')).ids).toEqual(ids('traditional'));
    expect((await search('論辩结構', 'zh')).ids).toEqual(ids('simplified'));
  });

  it('finds a DOI, an arXiv id and an ISBN in the forms they are typed or pasted in', async () => {
    const only = async (q: string, name: string) => expect((await search(q)).ids, q).toEqual(ids(name));
    for (const q of [
      '10.5555/disc.2025.0042',
      '10.5555/DISC.2025.0042',
      'https://doi.org/10.5555/Disc.2025.0042',
      'http://dx.doi.org/10.5555/Disc.2025.0042',
      'doi:10.5555/Disc.2025.0042',
      'DOI: 10.5555/Disc.2025.0042',
    ])
      await only(q, 'doi');
    for (const q of ['arXiv:2405.12345', 'arxiv: 2405.12345v1', '2405.12345', 'https://arxiv.org/abs/2405.12345', 'https://arxiv.org/pdf/2405.12345v2.pdf'])
      await only(q, 'arxiv link');
    for (const q of ['arXiv:2406.54321', 'https://doi.org/10.48550/arXiv.2406.54321', 'https://arxiv.org/abs/2406.54321']) await only(q, 'arxiv doi');
    await only('arXiv:2407.00001', 'arxiv venue');
    for (const q of ['978-0-13-468599-1', '9780134685991', 'ISBN 978-0-13-468599-1', 'isbn:0134685997', '0-13-468599-7']) await only(q, 'isbn');
    for (const q of ['1402894627', '978-1-4028-9462-6']) await only(q, 'isbn10');
    // with other words: every term must match
    expect((await search('doi:10.5555/Disc.2025.0042 paper')).ids).toEqual(ids('doi'));
    expect((await search('doi:10.5555/Disc.2025.0042 book')).total).toBe(0);
    // an identifier no record has: nothing, and no error
    for (const q of ['10.5555/nothing.here', 'arXiv:2101.00000', '978-3-16-148410-0']) expect((await search(q)).total, q).toBe(0);
  });
});
