import type { ImportedRecord } from '../../common/wire.ts';

// A publication's fields as read from elsewhere (a DOI's registry, a .bib entry), before an editor checks
// them: cut to the lengths the answer carries (common/wire.ts, ImportedRecordSchema), where an overlong
// field made the answer fail its own schema, a 500. What is wrong with the full value is said apart (the
// preview's problems).

/** At most `max` characters, a surrogate pair never cut in two. */
export const cut = (s: string, max: number) => s.slice(0, max).toWellFormed();

/**
 * Name parts (JSON) as the answer carries them: a part longer than it holds (one name of thousands of
 * characters) becomes the literal of its displayed name, cut until it fits.
 */
const partsFitted = (parts: string[], names: string[]) =>
  parts.slice(0, 100).map((p, i) => {
    if (p.length <= 300) return p;
    let name = cut(names[i] ?? '', 280);
    // each cut at least halves what escaping added: a few turns at most
    while (JSON.stringify({ literal: name }).length > 300) name = cut(name, name.length - (JSON.stringify({ literal: name }).length - 300));
    return JSON.stringify({ literal: name });
  });

export function fitted(r: ImportedRecord): ImportedRecord {
  return {
    ...r,
    title: cut(r.title, 500),
    author: r.author.slice(0, 100).map((a) => cut(a, 300)),
    ...(r.author_parts ? { author_parts: partsFitted(r.author_parts, r.author) } : {}),
    ...(r.editors ? { editors: r.editors.slice(0, 100).map((a) => cut(a, 300)) } : {}),
    ...(r.editor_parts ? { editor_parts: partsFitted(r.editor_parts, r.editors ?? []) } : {}),
    source: cut(r.source, 300),
    doi: cut(r.doi, 200),
    abstract: cut(r.abstract, 10_000),
    keywords: r.keywords.slice(0, 50).map((k) => cut(k, 300)),
    link1: cut(r.link1, 2000),
    ...(r.link2 ? { link2: cut(r.link2, 2000) } : {}),
    ...(r.link3 ? { link3: cut(r.link3, 2000) } : {}),
    ...(r.link4 ? { link4: cut(r.link4, 2000) } : {}),
    entryType: cut(r.entryType, 40),
  };
}
