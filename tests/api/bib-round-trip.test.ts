import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../cli/demo/seed.ts';
import { publications } from '../../server/services/publications.ts';
import { asWire } from '../../server/services/wire.ts';
import type { PublicPublication } from '../../common/wire.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { importBib } from '../helpers/bib.ts';
import { Client, loginAs } from '../helpers/client.ts';

// The demo lab's /publication.bib, imported into an empty lab through the preview and
// the import as the console sends them (each entry with the area the preview proposes), gives back the
// same list, field by field: the same count, areas, keywords, abstracts, DOIs, years and months, and the
// title, authors, venue, kind of work and links.

const compared = [
  'title',
  'author',
  'source',
  'type',
  'venue_kind',
  'area',
  'year',
  'month',
  'doi',
  'keywords',
  'abstract',
  'link1',
  'link2',
  'link3',
  'link4',
  'volume',
  'issue',
  'pages',
  'publisher',
  'edition',
  'isbn',
  'place',
] as const;

describe.each(dialects)('the BibTeX export imported into an empty lab, on %s', (dialect) => {
  let lab: TestApp;
  let empty: TestApp;
  beforeAll(async () => {
    // the export is a page route: served when the app is not API-only
    [lab, empty] = await Promise.all([makeApp(dialect, { LAB_API_ONLY: '0' }), makeApp(dialect)]);
    await seedDemo(lab.app.lab.db, lab.app.lab.storage, 'demo-admin-password');
  }, 120_000);
  afterAll(async () => {
    await lab?.close();
    await empty?.close();
  });

  /** Every publication as the public sees it, what the export writes from. */
  const listOf = async (t: TestApp) =>
    asWire<PublicPublication[]>(await publications.list({ db: t.app.lab.db, storage: t.app.lab.storage, actor: null, lang: 'en' }));

  it('gives back the same publications, field by field', async () => {
    const all = await listOf(lab);
    const bib = await new Client(lab.app).get('/publication.bib');
    expect(bib.statusCode).toBe(200);
    // the demo has what the point is about: areas, keywords, abstracts, DOIs, months, other links
    expect(all.some((p) => p.area !== 'none')).toBe(true);
    expect(all.some((p) => p.keywords.length > 0 && p.abstract && p.doi && p.month)).toBe(true);

    const admin = await loginAs(empty.app, 'admin', 'admin-password');
    // every entry, each with the area the preview proposes from the file, as the console sends them
    const { entries } = await importBib(admin, bib.body, { choose: (e) => Boolean(e.record), partial: true });
    expect(entries.length).toBe(all.length);
    expect(entries.filter((e) => e.problems.length > 0 || e.repeats).map((e) => `${e.key}: ${e.problems.join('; ')}`)).toEqual([]);
    // the preview proposes each entry's area from the file
    expect(entries.map((e) => e.area ?? 'none')).toEqual(all.map((p) => p.area));

    const back = await listOf(empty);
    expect(back.length).toBe(all.length);
    // a book's venue is its publisher: one stored with the venue alone comes back with both (BibTeX has one field for them)
    const shape = (p: PublicPublication) =>
      Object.fromEntries(compared.map((f) => [f, f === 'publisher' && p.type === 'monograph' ? p.publisher || p.source : (p[f] ?? null)]));
    const byTitle = new Map(back.map((p) => [`${p.title}|${p.year}`, p]));
    const wrong = all.flatMap((p) => {
      const b = byTitle.get(`${p.title}|${p.year}`);
      if (!b) return [`${p.title}: not imported`];
      const [want, got] = [shape(p), shape(b)];
      return compared
        .filter((f) => JSON.stringify(want[f]) !== JSON.stringify(got[f]))
        .map((f) => `${p.title} ${f}: got ${JSON.stringify(got[f])}, expected ${JSON.stringify(want[f])}`);
    });
    expect(wrong).toEqual([]);
  });
});
