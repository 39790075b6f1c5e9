import { scanHtml } from './html-scan.ts';
import type { ImportedRecord } from '../../common/wire.ts';
import { NotFound, Unavailable } from '../errors.ts';
import { cut, fitted } from './imported-record.ts';
import { plainText } from './plain-text.ts';

// "Fill from DOI" in the publication editor: a DOI's metadata from Crossref's REST
// API, or from DataCite's for the DOIs Crossref does not register (datasets, many preprints), as a
// publication's fields for the editor to check before saving. A lookup that times out or fails says so
// and fills nothing. Only the addresses of the configuration are asked (CROSSREF_URL, DATACITE_URL).

export type DoiSources = { crossrefUrl: string; dataciteUrl: string; doiLookupTimeoutMs: number };

/** A DOI's fields; NotFound when neither registry knows it, Unavailable when one cannot be asked. */
export async function lookupDoi(sources: DoiSources, doi: string): Promise<ImportedRecord> {
  const crossref = await fetchJson(`${sources.crossrefUrl}/works/${encodeURIComponent(doi)}`, sources.doiLookupTimeoutMs);
  if (crossref) return fitted(fromCrossref((crossref as { message?: CrossrefWork }).message ?? {}, doi));
  const datacite = await fetchJson(`${sources.dataciteUrl}/dois/${encodeURIComponent(doi)}`, sources.doiLookupTimeoutMs);
  if (datacite) return fitted(fromDatacite((datacite as { data?: { attributes?: DataciteAttributes } }).data?.attributes ?? {}, doi));
  throw new NotFound('doi_not_found');
}

/** The JSON at `url`; null when it is not there (404); Unavailable on a timeout, an error or a body that is not JSON. */
async function fetchJson(url: string, timeoutMs: number): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw new Unavailable('doi_lookup_failed');
  }
  if (res.status === 404) {
    await res.body?.cancel();
    return null;
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new Unavailable('doi_lookup_failed');
  }
  try {
    return await res.json();
  } catch {
    throw new Unavailable('doi_lookup_failed');
  }
}

const text = (v: unknown) => (typeof v === 'string' ? v : '').replace(/\s+/g, ' ').trim();
/** Elements that part paragraphs of an abstract; a title's text is dropped (Crossref's "Abstract" heading). */
const BREAKS = new Set(['p', 'sec', 'div', 'br']);
const local = (name: string) => name.replace(/^jats:/, '');

/**
 * An abstract in JATS (Crossref's) or HTML, as plain text: no section titles, paragraphs spaced, inline
 * markup dropped. Read by an HTML parser in one pass: the regular expressions this replaced took time
 * growing with the square of an upstream's "<" run.
 */
export function abstractText(v: unknown): string {
  const s = typeof v === 'string' ? v : '';
  const out: string[] = [];
  let inTitle = 0;
  // the tokenizer keeps no stack of open elements (the parser's made deep nesting quadratic)
  const tag = (open: boolean) => (start: number, end: number) => {
    const name = local(s.slice(start, Math.min(end, start + 16)).toLowerCase());
    if (name === 'title') inTitle = Math.max(0, inTitle + (open ? 1 : -1));
    else if (BREAKS.has(name)) out.push(' ');
  };
  scanHtml(s, {
    ontext: (start, end) => {
      if (inTitle === 0) out.push(s.slice(start, end));
    },
    ontextentity: (codepoint) => {
      if (inTitle === 0) out.push(String.fromCodePoint(codepoint));
    },
    onopentagname: tag(true),
    onclosetag: tag(false),
  });
  return text(out.join(''));
}

const first = (v: unknown) => (Array.isArray(v) ? text(v[0]) : text(v));

type CrossrefWork = {
  title?: string[];
  author?: { given?: string; family?: string; name?: string }[];
  'container-title'?: string[];
  publisher?: string;
  type?: string;
  issued?: { 'date-parts'?: number[][] };
  published?: { 'date-parts'?: number[][] };
  abstract?: string;
  URL?: string;
  volume?: string;
  issue?: string;
  page?: string;
  editor?: { given?: string; family?: string; name?: string }[];
  edition?: string;
  ISBN?: string[];
  'publisher-location'?: string;
  institution?: { name?: string; place?: string[] }[];
  degree?: string[];
};

function fromCrossref(w: CrossrefWork, doi: string): ImportedRecord {
  const [year, month] = (w.published ?? w.issued)?.['date-parts']?.[0] ?? [];
  const book = w.type === 'book' || w.type === 'monograph' || w.type === 'edited-book';
  // a dissertation: its school is the venue, a master's by its degree (MA, MSc, 硕士)
  const school = w.type === 'dissertation' ? text(w.institution?.[0]?.name) : '';
  const thesis = w.type === 'dissertation' ? (/^m|master|硕士/i.test(first(w.degree)) ? 'master thesis' : 'doctoral thesis') : undefined;
  return {
    title: plainText(first(w.title)),
    author: (w.author ?? []).map((a) => plainText(a.name ?? [a.given, a.family].filter(Boolean).join(' '))).filter(Boolean),
    source: plainText(book ? text(w.publisher) : school || first(w['container-title']) || text(w.publisher)),
    type: thesis ?? (book ? 'monograph' : 'paper'),
    venue_kind: w.type === 'journal-article' ? 'journal' : w.type === 'proceedings-article' ? 'conference' : 'other',
    year: Number(year) || 0,
    ...(Number(month) >= 1 && Number(month) <= 12 ? { month: Number(month) } : {}),
    doi,
    abstract: abstractText(w.abstract),
    keywords: [],
    link1: text(w.URL) || `https://doi.org/${doi}`,
    entryType: text(w.type),
    // what citations need, as Crossref registers it
    volume: cut(text(w.volume), 50),
    issue: cut(text(w.issue), 50),
    // cut before the regex: a hostile upstream's run of spaces must not cost its square
    pages: cut(cut(text(w.page), 200).replace(/\s*-+\s*/g, '–'), 50),
    publisher: cut(plainText(w.publisher), 300),
    editors: (w.editor ?? [])
      .slice(0, 100)
      .map((a) => cut(plainText(a.name ?? [a.given, a.family].filter(Boolean).join(' ')), 300))
      .filter(Boolean),
    edition: cut(text(w.edition), 50),
    isbn: cut(first(w.ISBN), 50),
    // where it was published (a dissertation's, its school's place)
    place: cut(text(w['publisher-location']) || text(w.institution?.[0]?.place?.[0]), 100),
  };
}

type DataciteAttributes = {
  titles?: { title?: string }[];
  creators?: { name?: string; givenName?: string; familyName?: string }[];
  publisher?: string | { name?: string };
  publicationYear?: number | string;
  types?: { resourceTypeGeneral?: string };
  descriptions?: { description?: string; descriptionType?: string }[];
  subjects?: { subject?: string }[];
  url?: string;
};

function fromDatacite(a: DataciteAttributes, doi: string): ImportedRecord {
  const general = text(a.types?.resourceTypeGeneral);
  const publisher = typeof a.publisher === 'string' ? a.publisher : a.publisher?.name;
  return {
    title: plainText(a.titles?.[0]?.title),
    author: (a.creators ?? []).map((c) => plainText(c.givenName && c.familyName ? `${c.givenName} ${c.familyName}` : c.name)).filter(Boolean),
    source: plainText(publisher),
    type: general === 'Book' ? 'monograph' : 'paper',
    venue_kind: general === 'JournalArticle' ? 'journal' : general === 'ConferencePaper' ? 'conference' : 'other',
    year: Number(a.publicationYear) || 0,
    doi,
    abstract: abstractText(a.descriptions?.find((d) => d.descriptionType === 'Abstract')?.description),
    keywords: (a.subjects ?? [])
      .map((s) => text(s.subject))
      .filter(Boolean)
      .slice(0, 20),
    link1: text(a.url) || `https://doi.org/${doi}`,
    entryType: general,
  };
}
