import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportEntry } from '../../common/wire.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { type Client, loginAs } from '../helpers/client.ts';

// Issue #26, points 1 to 4: every file of the corpus of real tools' exports (tests/fixtures/bib/, README.md
// there) previewed and imported on both databases, each entry's record and stored publication compared,
// field by field, with the record written by hand (expected/<file>.json). Compared: the fields this work
// delivers (title, names and their parts, month, DOI, keywords, abstract, volume, issue, pages, publisher,
// editors, edition, ISBN, repeats within the file). Not yet: the kind of work, venue, links, area (the
// issue's second half), so an entry the schema refuses for want of a venue is left out of the import.

const dir = path.join(import.meta.dirname, '..', 'fixtures', 'bib');
const files = ['endnote', 'jabref', 'zotero-bbt', 'scholar', 'dblp', 'al-folio', 'chinese-journals', 'edge-cases'];

type Name = { family?: string; given?: string; particle?: string; suffix?: string; literal?: string };
type Expected = {
  key: string;
  title: string;
  authors: Name[];
  author_names: string[];
  year: number;
  month: number | null;
  volume: string | null;
  issue: string | null;
  pages: string | null;
  publisher: string | null;
  editors: Name[];
  editor_names: string[];
  edition: string | null;
  isbn: string | null;
  doi: string | null;
  keywords: string[];
  abstract: string | null;
  duplicateOf: { key: string; by: 'doi' | 'title' } | null;
};
const expectedOf = (file: string): Expected[] => JSON.parse(fs.readFileSync(path.join(dir, 'expected', `${file}.json`), 'utf8')).entries;

/** A record's fields (preview's or stored), in the expected file's shape. */
type Fields = Record<string, unknown>;
const parts = (list: unknown) => ((list as string[] | undefined) ?? []).map((s) => JSON.parse(s) as Name);
const shaped = (r: Fields) => ({
  title: r.title,
  authors: parts(r.author_parts),
  author_names: r.author,
  year: r.year,
  month: r.month ?? null,
  volume: r.volume || null,
  issue: r.issue || null,
  pages: r.pages || null,
  publisher: r.publisher || null,
  editors: parts(r.editor_parts),
  editor_names: r.editors ?? [],
  edition: r.edition || null,
  isbn: r.isbn || null,
  doi: r.doi || null,
  keywords: r.keywords,
  abstract: r.abstract || null,
});

/** Each field that differs, as "file key field: got … expected …" (one line each: a failure lists them all). */
function differences(file: string, e: Expected, got: Fields): string[] {
  const want = shaped({
    ...e,
    author: e.author_names,
    author_parts: e.authors.map((n) => JSON.stringify(n)),
    editors: e.editor_names,
    editor_parts: e.editors.map((n) => JSON.stringify(n)),
  });
  const have = shaped(got);
  return Object.keys(want)
    .filter((k) => JSON.stringify(have[k as keyof typeof have]) !== JSON.stringify(want[k as keyof typeof want]))
    .map((k) => `${file} ${e.key} ${k}: got ${JSON.stringify(have[k as keyof typeof have])}, expected ${JSON.stringify(want[k as keyof typeof want])}`);
}

describe.each(dialects)('the issue #26 corpus on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await makeApp(dialect);
    admin = await loginAs(t.app, 'admin', 'admin-password');
  });
  afterAll(() => t?.close());

  it.each(files)('%s.bib: previewed and imported as the lab expects it', async (file) => {
    const text = fs.readFileSync(path.join(dir, `${file}.bib`), 'utf8');
    const expected = expectedOf(file);
    const r = await admin.json('POST', '/api/publication/import/preview/', { text });
    expect(r.statusCode, r.body).toBe(200);
    const entries = r.json() as ImportEntry[];
    expect(entries.map((e) => e.key)).toEqual(expected.map((e) => e.key));

    // the preview: every entry read, the fields compared, the file's own repeats flagged
    const wrong = entries.flatMap((entry, i) => {
      const e = expected[i] as Expected;
      if (!entry.record) return [`${file} ${e.key}: not read (${entry.problems.join('; ')})`];
      const repeats = entry.repeats ? { key: entry.repeats.key, by: entry.repeats.by } : null;
      const dup = JSON.stringify(repeats) === JSON.stringify(e.duplicateOf) ? [] : [`${file} ${e.key} duplicateOf: got ${JSON.stringify(repeats)}, expected ${JSON.stringify(e.duplicateOf)}`];
      return [...differences(file, e, entry.record as Fields), ...dup];
    });
    expect(wrong).toEqual([]);
    // nothing refused for its DOI or its keywords (point 1): only for what the next points decide (a venue)
    for (const entry of entries) expect(entry.problems.filter((p) => !p.startsWith('source:')), entry.key).toEqual([]);

    // the import: the entries a reader keeps by default (no problem, not a repeat), stored as previewed
    const chosen = entries.filter((e) => e.record && e.problems.length === 0 && !e.repeats && !e.duplicateOf);
    const imported = await admin.json('POST', '/api/publication/import/', { entries: chosen.map((e) => ({ record: e.record, area: 'none' })) });
    expect(imported.statusCode, imported.body).toBe(200);
    const { created } = imported.json() as { created: number[] };
    expect(created.length).toBe(chosen.length);
    const storedWrong: string[] = [];
    for (const [i, pid] of created.entries()) {
      const entry = chosen[i] as ImportEntry;
      const stored = (await admin.get(`/api/publication/?pid=${pid}`)).json() as Fields;
      storedWrong.push(...differences(file, expected[entry.index - 1] as Expected, stored));
    }
    expect(storedWrong).toEqual([]);
    // each file against an empty lab: the next one's entries are not duplicates of these
    for (const pid of created) expect((await admin.delete(`/api/publication/?pid=${pid}`)).statusCode).toBe(200);
  });
});
