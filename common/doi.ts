// A DOI as it is stored: bare (10.1234/abc), whatever form it was written in. The
// publication schema (common/fields.ts) applies it to every write, so the editor, Fill from DOI and the
// BibTeX import all store the same form; the format check (textFormats.doi) runs on the bare form.

/** The prefixes DOIs are written with: a resolver's address (doi.org, dx.doi.org, http or https) or "doi:". */
const PREFIX = /^(?:(?:https?:\/\/)?(?:www\.|dx\.)?doi\.org\/|doi:\s*)/i;

/**
 * A DOI without its resolver or `doi:` prefix, dblp's `\_` unescaped and a resolver address's
 * percent-encoding undone; its case as written (DOIs are compared case-folded, DOI Handbook 2.4).
 */
export function bareDoi(value: string): string {
  const s = value.trim();
  const stripped = s.replace(PREFIX, '');
  const url = stripped !== s && /^https?:/i.test(s);
  let bare = stripped.replace(/\\_/g, '_').trim();
  if (url && bare.includes('%')) {
    try {
      bare = decodeURIComponent(bare);
    } catch {
      // not percent-encoding after all: kept as written, the format check decides
    }
  }
  return bare;
}
