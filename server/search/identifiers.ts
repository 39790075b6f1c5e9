import { bareDoi } from '../../common/doi.ts';

// DOIs, arXiv ids and ISBNs as the search finds them: typed or pasted in any of their
// usual forms (bare, a resolver's address, `doi:`, `arXiv:`, an ISBN with or without hyphens), each is one
// search term in a form of its own. A publication is indexed by the identifiers its DOI, links, venue and
// ISBN hold; a query's word that is one of them looks for that term rather than for its pieces.

/**
 * Marks an identifier's term: no word starts with it, so no prefix, stem or misspelling of a word reaches
 * an identifier.
 */
const ID_MARK = '\u0002';

const DOI = /^10\.\d{4,9}\/\S+$/;
/** A DOI of arXiv's own (DataCite): 10.48550/arXiv.2405.12345. */
const ARXIV_DOI = /^10\.48550\/arxiv\.(.+)$/i;
/** An arXiv id: new style (2405.12345, with its version or not) or old style (cs/0112017, math.AG/0601001). */
const ARXIV_ID = /^(\d{4}\.\d{4,5}|[a-z-]+(?:\.[a-z]{2})?\/\d{7})(?:v\d+)?$/i;
/** An arXiv address: abs or pdf page, with `.pdf` or not. */
const ARXIV_URL = /^(?:https?:\/\/)?(?:www\.|export\.)?arxiv\.org\/(?:abs|pdf)\/([^?#\s]+?)(?:\.pdf)?\/?(?:[?#].*)?$/i;
const ARXIV_PREFIX = /^arxiv:\s*/i;
/** `arXiv:2405.12345` inside a text (a venue written "arXiv preprint arXiv:2405.12345"). */
const ARXIV_IN_TEXT = /arxiv:\s*(\d{4}\.\d{4,5}|[a-z-]+(?:\.[a-z]{2})?\/\d{7})/gi;
const ISBN_PREFIX = /^isbn(?:-1[03])?:?\s*/i;

const arxivTerm = (id: string) => {
  const m = ARXIV_ID.exec(id);
  return m ? `${ID_MARK}arxiv:${(m[1] as string).toLowerCase()}` : undefined;
};
const doiTerm = (doi: string) => `${ID_MARK}doi:${doi.toLowerCase()}`;

/** An ISBN's 13 digits (an ISBN-10 converted), when its check digit is right. */
function isbn13(value: string): string | undefined {
  const s = value.replace(/[-\s]/g, '').toUpperCase();
  if (/^97[89]\d{10}$/.test(s)) {
    let sum = 0;
    for (let i = 0; i < 12; i++) sum += Number(s[i]) * (i % 2 ? 3 : 1);
    return (10 - (sum % 10)) % 10 === Number(s[12]) ? s : undefined;
  }
  if (/^\d{9}[\dX]$/.test(s)) {
    let sum = 0;
    for (let i = 0; i < 10; i++) sum += (s[i] === 'X' ? 10 : Number(s[i])) * (10 - i);
    if (sum % 11 !== 0) return undefined;
    const body = `978${s.slice(0, 9)}`;
    let sum13 = 0;
    for (let i = 0; i < 12; i++) sum13 += Number(body[i]) * (i % 2 ? 3 : 1);
    return `${body}${(10 - (sum13 % 10)) % 10}`;
  }
  return undefined;
}

/** The identifier a query's word is, as a term; undefined when it is none. */
export function identifierTerm(word: string): string | undefined {
  const w = word.trim().replace(/[.,;]+$/, '');
  if (!w || w.length > 300) return undefined;
  const url = ARXIV_URL.exec(w);
  if (url) return arxivTerm(url[1] as string);
  if (ARXIV_PREFIX.test(w)) return arxivTerm(w.replace(ARXIV_PREFIX, ''));
  const doi = bareDoi(w);
  if (DOI.test(doi)) {
    const arxiv = ARXIV_DOI.exec(doi);
    return arxiv ? (arxivTerm(arxiv[1] as string) ?? doiTerm(doi)) : doiTerm(doi);
  }
  // a bare new-style arXiv id (2405.12345): not a number with a decimal point, which has no 4+4 digits
  if (/^\d{4}\.\d{4,5}(?:v\d+)?$/.test(w)) return arxivTerm(w);
  const isbn = isbn13(w.replace(ISBN_PREFIX, ''));
  if (isbn && (ISBN_PREFIX.test(w) || /^[\d-]+X?$/i.test(w))) return `${ID_MARK}isbn:${isbn}`;
  return undefined;
}

/**
 * A query's words, with the identifiers among them found: a word is what spaces part, but a `doi:`,
 * `arXiv:` or `ISBN` written apart from what follows it is joined to it first.
 */
export function queryWords(q: string): string[] {
  return q
    .replace(/\b(doi|arxiv):\s+/gi, '$1:')
    .replace(/\bisbn(?:-1[03])?:?\s+(?=[\dX-]{10,17}\b)/gi, 'isbn:')
    .split(/\s+/)
    .filter(Boolean);
}

/** What identifies a publication, from its fields: its DOI, the arXiv id its DOI, links or venue name, its ISBN. */
export function publicationIdentifiers(p: { doi?: string; isbn?: string; source?: string; links: readonly (string | undefined)[] }): string[] {
  const out = new Set<string>();
  const add = (t: string | undefined) => t && out.add(t);
  if (p.doi) {
    const doi = bareDoi(p.doi);
    if (DOI.test(doi)) out.add(doiTerm(doi));
    add(identifierTerm(doi));
  }
  for (const link of p.links) {
    if (!link) continue;
    const url = ARXIV_URL.exec(link.trim());
    if (url) add(arxivTerm(url[1] as string));
    else if (/doi\.org\//i.test(link)) add(identifierTerm(link));
  }
  for (const m of (p.source ?? '').matchAll(ARXIV_IN_TEXT)) add(arxivTerm(m[1] as string));
  if (p.isbn) for (const part of p.isbn.split(/[,;]/)) add(isbn13(part) && `${ID_MARK}isbn:${isbn13(part)}`);
  return [...out];
}
