import type { CSL } from '@citation-js/core';
import { slug } from 'github-slugger';
import { describe, expect, it } from 'vitest';
import { pastedNames } from '../../common/advisor.ts';
import { authorKey } from '../../common/authors.ts';
import { textFormats } from '../../common/fields.ts';
import { indexTerms, matchesIn, pieces, queryTerms, snippet, textOfHtml, textOfMarkdown } from '../../server/search/text.ts';
import { bareDoi } from '../../common/doi.ts';
import { recordOf } from '../../server/services/bibtex-import.ts';
import { countEntries, entriesOf, prepared } from '../../server/services/bibtex-parse.ts';
import { countEnw, countXml, enwRecordsOf, xmlRecordsOf } from '../../server/services/endnote-parse.ts';
import { gbtRecordsOf, looksLikeGbt } from '../../server/services/gbt7714-parse.ts';
import { detectFormat } from '../../server/services/import-formats.ts';
import { countRis, risRecordsOf } from '../../server/services/ris-parse.ts';
import { cslName } from '../../server/services/citations.ts';
import { abstractText } from '../../server/services/doi-lookup.ts';
import { plainLatex, plainStored, plainText } from '../../server/services/plain-text.ts';
import { boundNesting, sanitizedNow } from '../../server/services/sanitize.ts';
import { canonicalPath } from '../../server/pages/canonical.ts';
import { extensionOf, safeFileName } from '../../server/storage/storage.ts';
import { dblpKeyOf, matchVenue } from '../../server/services/venue-rank.ts';

// Every text helper that sees what a member, a visitor or an upstream sends runs in
// time linear in its input. Each runs on adversarial inputs of 200,000 characters (a member's page may
// hold that many) and must take less than 100 ms; the regular expressions some of them used took seconds
// to minutes on such inputs. Time is this thread's CPU time, the best of three runs: a busy machine's
// other processes then do not count, and a quadratic helper is slower by orders of magnitude, not by a
// factor a busy machine could explain. Where a helper takes long enough to measure, 200,000 characters
// must also cost less than 8 times what 50,000 cost (quadratic: 16 times).

const SIZE = 200_000;
const LIMIT_MS = 100;

/** The adversarial inputs, each of about `n` characters. */
const shapes: Record<string, (n: number) => string> = {
  '[': (n) => '['.repeat(n),
  '(': (n) => '('.repeat(n),
  '*': (n) => '*'.repeat(n),
  _: (n) => '_'.repeat(n),
  '<': (n) => '<'.repeat(n),
  '\\': (n) => '\\'.repeat(n),
  '/': (n) => '/'.repeat(n),
  'a/': (n) => 'a/'.repeat(n / 2),
  '[[…]]': (n) => `${'['.repeat(n / 2)}${']'.repeat(n / 2)}`,
  '((…))': (n) => `${'('.repeat(n / 2)}${')'.repeat(n / 2)}`,
  '[a](': (n) => '[a]('.repeat(n / 4),
  '![': (n) => '!['.repeat(n / 2),
  '\\n[': (n) => '\n['.repeat(n / 2),
  '<b>': (n) => '<b>'.repeat(n / 3),
  '<b>x</i>': (n) => '<b>x</i>'.repeat(n / 8),
  '<a ': (n) => '<a '.repeat(n / 3),
  '<title>': (n) => '<title>'.repeat(n / 7),
  '<iframe><b>': (n) => '<iframe><b>'.repeat(n / 11),
  '<svg><math>': (n) => '<svg><math>'.repeat(n / 11),
  '<img src=x>': (n) => '<img src=x>'.repeat(n / 11),
  '<br>': (n) => '<br>'.repeat(n / 4),
  '<https:': (n) => '<https:'.repeat(n / 7),
  '&#': (n) => '&#'.repeat(n / 2),
  '@a{': (n) => '@a{'.repeat(n / 3),
  '\\n@a{k,': (n) => '\n@a{k,'.repeat(n / 6),
  spaces: (n) => `${' '.repeat(n - 1)}x`,
  'spaces, newline': (n) => `${' '.repeat(n - 2)}\nx`,
  'tabs and spaces': (n) => ' \t'.repeat(n / 2),
  '10.1': (n) => `10.1${'1'.repeat(n - 5)} `,
  '-|': (n) => `---${'| -'.repeat(n / 3)}x`,
  'a a': (n) => 'a '.repeat(n / 2),
  // acronyms in parts and parentheses, each part checked against the rest of the name
  'SAC (ICS), ': (n) => 'SAC (ICS), '.repeat(n / 11),
  'ı\\u0301': (n) => 'ı\u0301'.repeat(n / 2),
  '\\TeX': (n) => '\\TeX'.repeat(n / 4),
  中文: (n) => '中文'.repeat(n / 2),
  // LaTeX and markup an upstream or a .bib may send
  '{{…}}': (n) => `${'{'.repeat(n / 2)}${'}'.repeat(n / 2)}`,
  $: (n) => '$'.repeat(n),
  '$a ': (n) => '$a '.repeat(n / 3),
  '\\(': (n) => '\\('.repeat(n / 2),
  '$^{': (n) => `$${'^{'.repeat(n / 2)}`,
  'x^{\\mbox{2}}': (n) => `$${'x^{\\mbox{2}}'.repeat(n / 12)}$`,
  '\\"{': (n) => '\\"{'.repeat(n / 3),
  '&amp;lt;': (n) => '&amp;lt;'.repeat(n / 8),
  '<mml:msub>': (n) => '<mml:msub><mml:mi>x</mml:mi>'.repeat(n / 28),
  // RIS and EndNote: a record opened on every line, a tag continued, a field or a tag repeated
  'TY  - \\r\\n': (n) => 'TY  - \r\n'.repeat(n / 8),
  'AU  - a\\n': (n) => `TY  - JOUR\n${'AU  - a\n'.repeat(n / 8)}`,
  '%0 \\n': (n) => '%0 \n'.repeat(n / 4),
  '%K a\\nb\\n': (n) => `%0 Book\n%K a\n${'b\n'.repeat(n / 2)}`,
  '<record><titles><title>': (n) => `<xml><records>${'<record><titles><title>'.repeat(n / 23)}`,
};

/** Every helper that reads user text, by what it does. */
const helpers: Record<string, (s: string) => unknown> = {
  'markdown to text': textOfMarkdown,
  'HTML to text': textOfHtml,
  'search terms of a text': indexTerms,
  'a text in pieces': (s) => [...pieces(s)],
  'query parsing': queryTerms,
  'matches and snippet': (s) => {
    const q = queryTerms('a 中文 x');
    return [matchesIn(s, q), snippet(s.slice(0, 3000), q)];
  },
  'file-name cleaning': safeFileName,
  'file extension': extensionOf,
  'a page address in its one spelling': (s) => canonicalPath(`/${s}`, new Map([['news', 'news']])),
  'slug making (heading ids)': slug,
  'DOI parsing': (s) => textFormats.doi.pattern.test(s),
  'DOI abstract to text': abstractText,
  'LaTeX and markup to plain text': plainText,
  'LaTeX and markup made Unicode for the BibTeX parser': plainLatex,
  'stored text made plain where surely LaTeX or markup': plainStored,
  'stored text with citation-js leftovers': (s) => plainStored(`\\mbox${s}undefined\u0302${s}`),
  'author-name key': authorKey,
  'author name for CSL': cslName,
  'pasted names': pastedNames,
  'BibTeX entries': entriesOf,
  'BibTeX entry count': countEntries,
  'RIS records': risRecordsOf,
  'EndNote records': enwRecordsOf,
  // refused (thrown) where it is no XML: linear either way
  'EndNote XML records': (s) => {
    try {
      return xmlRecordsOf(`<xml><records><record>${s}</record></records></xml>`);
    } catch {
      return undefined;
    }
  },
  'GB/T 7714 references': gbtRecordsOf,
  'GB/T 7714 references, numbered and marked': (s) => [
    gbtRecordsOf(`[1] ${s}[J]. ${s}, 2020, ${s}(${s}): ${s}`),
    gbtRecordsOf(`[1] a. ${s}[C]//${s}: ${s}, 2020: ${s}`),
    looksLikeGbt(s),
  ],
  'reference format and entry count': (s) => [detectFormat(s), countRis(s), countEnw(s), countXml(s)],
  'BibTeX fields and names': (s) =>
    recordOf({ id: 'k', type: 'article', title: s, author: [{ family: s, given: s }, { literal: s }], note: s, keyword: s, URL: s, DOI: s } as CSL, 'article'),
  // the fields citations need, a particle and a suffix, and what is read from the fields as written
  'BibTeX citation fields': (s) =>
    recordOf(
      {
        id: 'k',
        type: 'book',
        title: `${s}, 2nd Edition`,
        editor: [{ family: s, given: s, 'non-dropping-particle': s, suffix: s }],
        page: s,
        edition: s,
      } as CSL,
      'book',
      { title: s, month: s },
    ),
  'BibTeX keywords and abstract': (s) =>
    recordOf({ id: 'k', type: 'article', title: 't', abstract: s, keyword: s } as CSL, 'article', { keywords: s, author: s }),
  'DOI made bare': bareDoi,
  'BibTeX fields prepared for the parser': (s) => prepared({ keywords: s, abstract: s, author: s, editor: s }),
  'HTML nesting bound': boundNesting,
  // a venue's name, its editor's correction and its links, each read once
  'venue rank matching': (s) => [
    matchVenue({ source: s, venue_kind: 'conference', links: [s, `https://dblp.org/rec/conf/${s}`] }),
    matchVenue({ source: 'ACL 2024', venue_key: s }),
    matchVenue({ source: `${s}.`, venue_kind: 'journal' }),
    dblpKeyOf(s),
  ],
};

/**
 * Helpers that run in the text worker (server/text-worker.ts) on a long text, off the event loop: linear all
 * the same, and well within the worker's time limit (WORKER_LIMITS.ms), which a busy machine must not reach.
 * That the event loop stays free is tested beside each (server/services/sanitize.test.ts).
 */
const offLoop: Record<string, (s: string) => unknown> = {
  sanitizer: sanitizedNow,
};
const OFF_LOOP_LIMIT_MS = 1000;

const cpuMs = () => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};
const costOf = (fn: (s: string) => unknown, input: string, runs: number) => {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const started = cpuMs();
    fn(input);
    best = Math.min(best, cpuMs() - started);
  }
  return best;
};

const linear = (fn: (s: string) => unknown, make: (n: number) => string, limit: number) => {
  fn(make(1000)); // compiled before it is timed
  // a quadratic helper shows at a quarter of the size already: it fails there, without the long run
  const quarter = costOf(fn, make(SIZE / 4), 1);
  expect(quarter).toBeLessThan(limit);
  const whole = costOf(fn, make(SIZE), 3);
  expect(whole).toBeLessThan(limit);
  // the ratio where there is enough time to compare (a few milliseconds are mostly noise): 4× the input may
  // cost 4× (linear) but not 16× (quadratic). A collection or a busy neighbour can spoil one pair of timings,
  // so a pair over the bound is measured again, up to three times; a quadratic helper fails every time.
  if (whole <= 20) return;
  let ratio = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 3 && ratio >= 8; attempt++) {
    ratio = costOf(fn, make(SIZE), 3) / Math.max(costOf(fn, make(SIZE / 4), 3), 5);
  }
  expect(ratio).toBeLessThan(8);
};

describe.each(Object.entries(helpers))('%s', (_name, fn) => {
  it.each(Object.entries(shapes))('takes less than 100 ms on 200,000 characters of %s', (_shape, make) => linear(fn, make, LIMIT_MS));
});

describe.each(Object.entries(offLoop))('%s (in the text worker)', (_name, fn) => {
  it.each(Object.entries(shapes))('takes less than 1 s, linearly, on 200,000 characters of %s', (_shape, make) => linear(fn, make, OFF_LOOP_LIMIT_MS));
});
