import { scanHtml } from './html-scan.ts';
import type { ImportedRecord } from '../../common/wire.ts';
import { NotFound, Unavailable } from '../errors.ts';
import { cut, fitted } from './imported-record.ts';
import { plainText } from './plain-text.ts';
import { displayName, type NameParts } from '../../common/authors.ts';
import { doiServer } from './preprint-servers.ts';

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

type CrossrefName = { given?: string; family?: string; name?: string; suffix?: string };
type CrossrefWork = {
  title?: string[];
  author?: CrossrefName[];
  'container-title'?: string[];
  publisher?: string;
  type?: string;
  subtype?: string;
  issued?: { 'date-parts'?: number[][] };
  published?: { 'date-parts'?: number[][] };
  abstract?: string;
  URL?: string;
  volume?: string;
  issue?: string;
  page?: string;
  editor?: CrossrefName[];
  edition?: string;
  'edition-number'?: string;
  ISBN?: string[];
  'publisher-location'?: string;
  institution?: { name?: string; place?: string[] }[];
  degree?: string[];
  'group-title'?: string;
  number?: string;
  event?: { name?: string; location?: string };
};

/** Crossref's names with their parts (common/authors.ts): the suffix kept (Smith III), an organisation whole. */
function namesOf(list: readonly CrossrefName[] | undefined): { names: string[]; parts: string[] } {
  const parts: NameParts[] = [];
  for (const a of (list ?? []).slice(0, 100)) {
    // each part cut so that the parts' JSON fits the answer's 300 characters a name
    const [given, family, suffix, name] = [
      cut(plainText(a.given), 120),
      cut(plainText(a.family), 120),
      cut(plainText(a.suffix), 20),
      cut(plainText(a.name), 250),
    ];
    const p: NameParts = family ? { family, ...(given ? { given } : {}), ...(suffix ? { suffix } : {}) } : { literal: name || given };
    if (displayName(p)) parts.push(p);
  }
  return { names: parts.map((p) => cut(displayName(p), 300)), parts: parts.map((p) => JSON.stringify(p)) };
}

/** Each Crossref work type's kind (docs/decisions/074-publication-kinds.md); a journal or proceedings article is a paper. */
const CROSSREF_KINDS: Readonly<Record<string, ImportedRecord['type']>> = {
  book: 'monograph',
  monograph: 'monograph',
  'edited-book': 'monograph',
  'reference-book': 'monograph',
  proceedings: 'monograph',
  'book-set': 'monograph',
  'book-chapter': 'chapter',
  'book-section': 'chapter',
  'book-part': 'chapter',
  'reference-entry': 'chapter',
  report: 'report',
  'report-component': 'report',
  'report-series': 'report',
  standard: 'standard',
  dataset: 'dataset',
  'posted-content': 'preprint',
};

function fromCrossref(w: CrossrefWork, doi: string): ImportedRecord {
  const [year, month] = (w.published ?? w.issued)?.['date-parts']?.[0] ?? [];
  const type: ImportedRecord['type'] =
    w.type === 'dissertation' ? (/^m|master|硕士/i.test(first(w.degree)) ? 'master thesis' : 'doctoral thesis') : (CROSSREF_KINDS[text(w.type)] ?? 'paper');
  // a posted work other than a preprint (a working paper, a letter) stays a paper
  const kind = type === 'preprint' && w.subtype && w.subtype !== 'preprint' ? 'paper' : type;
  const book = kind === 'monograph';
  // a dissertation's or a report's institution, a preprint's server (Crossref's group or institution) is the venue
  const institution = text(w.institution?.[0]?.name);
  const source =
    kind === 'doctoral thesis' || kind === 'master thesis'
      ? institution
      : kind === 'preprint'
        ? doiServer(doi) || text(w['group-title']) || institution || text(w.publisher)
        : kind === 'report' || kind === 'standard'
          ? institution || text(w.publisher)
          : book
            ? text(w.publisher)
            : first(w['container-title']);
  const authors = namesOf(w.author);
  const editors = namesOf(w.editor);
  return {
    title: plainText(first(w.title)),
    author: authors.names,
    author_parts: authors.parts,
    source: plainText(source || first(w['container-title']) || text(w.publisher)),
    type: kind,
    venue_kind: kind !== 'paper' ? 'other' : w.type === 'journal-article' ? 'journal' : w.type === 'proceedings-article' ? 'conference' : 'other',
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
    editors: editors.names,
    editor_parts: editors.parts,
    edition: cut(text(w.edition) || text(w['edition-number']), 50),
    isbn: cut(first(w.ISBN), 50),
    // where it was published (a dissertation's, its school's place)
    place: cut(text(w['publisher-location']) || text(w.institution?.[0]?.place?.[0]), 100),
    // a report's or a standard's number; a preprint's id on its server (its DOI's last part where it is the server's)
    number: cut(kind === 'report' || kind === 'standard' ? text(w.number) : '', 100),
  };
}

type DataciteAttributes = {
  titles?: { title?: string }[];
  creators?: { name?: string; givenName?: string; familyName?: string; nameType?: string }[];
  contributors?: { name?: string; givenName?: string; familyName?: string; nameType?: string; contributorType?: string }[];
  publisher?: string | { name?: string };
  publicationYear?: number | string;
  types?: { resourceTypeGeneral?: string; resourceType?: string };
  descriptions?: { description?: string; descriptionType?: string }[];
  subjects?: { subject?: string }[];
  url?: string;
  version?: string;
};

/** Each DataCite resourceTypeGeneral's kind; a journal article or conference paper is a paper. */
const DATACITE_KINDS: Readonly<Record<string, ImportedRecord['type']>> = {
  Book: 'monograph',
  BookChapter: 'chapter',
  Dataset: 'dataset',
  Software: 'software',
  ComputationalNotebook: 'software',
  Preprint: 'preprint',
  Report: 'report',
  Standard: 'standard',
  Dissertation: 'doctoral thesis',
};

/** DataCite's people: a person's parts, an organisation whole. */
const dataciteNames = (list: DataciteAttributes['creators']) =>
  (list ?? [])
    .slice(0, 100)
    .map(
      (c): NameParts =>
        c.familyName && c.nameType !== 'Organizational'
          ? { family: cut(plainText(c.familyName), 120), ...(c.givenName ? { given: cut(plainText(c.givenName), 120) } : {}) }
          : { literal: cut(plainText(c.name), 250) },
    );

function fromDatacite(a: DataciteAttributes, doi: string): ImportedRecord {
  const general = text(a.types?.resourceTypeGeneral);
  const publisher = typeof a.publisher === 'string' ? a.publisher : a.publisher?.name;
  // arXiv registers its preprints as Text with the resource type "Article": a preprint server's DOI tells
  const server = doiServer(doi);
  const kind = DATACITE_KINDS[general] ?? (server ? 'preprint' : 'paper');
  const authors = dataciteNames(a.creators).filter((n) => displayName(n));
  const editors = dataciteNames(a.contributors?.filter((c) => c.contributorType === 'Editor')).filter((n) => displayName(n));
  return {
    title: plainText(a.titles?.[0]?.title),
    author: authors.map(displayName),
    author_parts: authors.map((n) => JSON.stringify(n)),
    source: plainText(kind === 'preprint' ? server || text(publisher) : text(publisher)),
    type: kind,
    venue_kind: kind !== 'paper' ? 'other' : general === 'JournalArticle' ? 'journal' : general === 'ConferencePaper' ? 'conference' : 'other',
    year: Number(a.publicationYear) || 0,
    doi,
    abstract: abstractText(a.descriptions?.find((d) => d.descriptionType === 'Abstract')?.description),
    keywords: (a.subjects ?? [])
      .map((s) => text(s.subject))
      .filter(Boolean)
      .slice(0, 20),
    link1: text(a.url) || `https://doi.org/${doi}`,
    entryType: general,
    ...(editors.length > 0 ? { editors: editors.map(displayName), editor_parts: editors.map((n) => JSON.stringify(n)) } : {}),
    // software's or a data set's version
    ...(a.version && (kind === 'software' || kind === 'dataset') ? { edition: cut(text(a.version), 50) } : {}),
  };
}
