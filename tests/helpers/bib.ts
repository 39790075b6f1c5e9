import { expect } from 'vitest';
import type { ImportEntry, PublicPublication } from '../../common/wire.ts';
import type { Client } from './client.ts';

// BibTeX through the console's two calls: the preview of a text, and the import of the entries
// a reader keeps, as the console sends them. Shared by the corpus, citation-style and round-trip tests.

/** POST /api/publication/import/preview/ in the reader's language: every entry of the text. */
export async function previewBib(admin: Client, text: string, lang: 'zh' | 'en' = 'en'): Promise<ImportEntry[]> {
  const was = admin.lang;
  admin.lang = lang;
  const r = await admin.json('POST', '/api/publication/import/preview/', { text });
  admin.lang = was;
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as ImportEntry[];
}

/** What a reader keeps by default: read, with no problem, neither a repeat within the file nor a stored duplicate. */
const keptByDefault = (e: ImportEntry) => Boolean(e.record) && e.problems.length === 0 && !e.repeats && !e.duplicateOf;

/**
 * A .bib text imported into the lab: previewed, the chosen entries imported (each with the area the file
 * proposes, else none; with `partial`, as the console sends them), and each created publication read back.
 * `remove` deletes them again, so that the next text meets the lab as it was.
 */
export async function importBib(
  admin: Client,
  text: string,
  options: { choose?: (e: ImportEntry) => boolean; partial?: boolean } = {},
): Promise<{ entries: ImportEntry[]; chosen: ImportEntry[]; stored: PublicPublication[]; remove: () => Promise<void> }> {
  const entries = await previewBib(admin, text);
  const chosen = entries.filter(options.choose ?? keptByDefault);
  const r = await admin.json('POST', '/api/publication/import/', {
    entries: chosen.map((e) => ({ record: e.record, area: e.area ?? 'none', key: e.key })),
    ...(options.partial ? { partial: true } : {}),
  });
  expect(r.statusCode, r.body).toBe(200);
  const { created } = r.json() as { created: number[] };
  expect(created.length).toBe(chosen.length);
  const stored: PublicPublication[] = [];
  for (const pid of created) stored.push((await admin.get(`/api/publication/?pid=${pid}`)).json() as PublicPublication);
  const remove = async () => {
    for (const pid of created) expect((await admin.delete(`/api/publication/?pid=${pid}`)).statusCode).toBe(200);
  };
  return { entries, chosen, stored, remove };
}

/** A publication as the public reads it, every field empty but those given (for citing one without a lab). */
export function publicationOf(fields: Partial<PublicPublication> & Pick<PublicPublication, 'title' | 'source' | 'year'>): PublicPublication {
  const blank: PublicPublication = {
    pid: 1,
    title: '',
    author: [],
    source: '',
    type: 'paper',
    type_num: 1,
    area: 'none',
    area_num: 0,
    year: 2000,
    month: null,
    link1: '',
    link2: '',
    link3: '',
    link4: '',
    file1: '',
    file2: '',
    file3: '',
    file1_url: '',
    file2_url: '',
    file3_url: '',
    order: 0,
    venue_kind: 'other',
    doi: '',
    abstract: '',
    keywords: [],
    author_members: [],
    author_parts: [],
    volume: '',
    issue: '',
    pages: '',
    publisher: '',
    editors: [],
    editor_parts: [],
    edition: '',
    isbn: '',
    place: '',
    title_protected: [],
    number: '',
    series: '',
    filed: '',
    accessed: '',
  };
  return { ...blank, ...fields };
}
