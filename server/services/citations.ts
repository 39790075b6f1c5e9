import type { CSL, CSLName, Cite as CiteClass } from '@citation-js/core';
import type { PublicPublication } from '../../common/wire.ts';
import { textFormats } from '../../common/fields.ts';
import { gbt7714 } from './csl/gb-t-7714-2015.ts';

// Publications as others cite them (issue #14): CSL-JSON (the citation-style language's data), BibTeX,
// and formatted references, by citation-js. The library is loaded on first use: a lab server that never
// exports pays nothing at start.

let loading: Promise<typeof CiteClass> | undefined;
export async function citeJs(): Promise<typeof CiteClass> {
  loading ??= (async () => {
    const { Cite, plugins } = await import('@citation-js/core');
    await import('@citation-js/plugin-bibtex');
    await import('@citation-js/plugin-csl');
    // BibTeX out in UTF-8: the ASCII-only default drops Chinese titles and names (biber and
    // modern BibTeX read UTF-8)
    (plugins.config.get('@bibtex') as { format: { asciiOnly: boolean } }).format.asciiOnly = false;
    // GB/T 7714-2015, a style of the project's own (citation-js ships APA)
    (plugins.config.get('@csl') as { styles: { add: (name: string, xml: string) => void } }).styles.add('gb-t-7714-2015', gbt7714);
    return Cite;
  })();
  return loading;
}

/** A name as CSL wants it: family and given for "Given Family", the whole name for a Chinese one. */
export function cslName(name: string): CSLName {
  const n = name.trim();
  if (/[\u3400-\u9fff]/.test(n) || !n.includes(' ')) return { literal: n };
  const at = n.lastIndexOf(' ');
  return { given: n.slice(0, at), family: n.slice(at + 1) };
}

/** What kind of work it is, for CSL: by SPEC's type and, for papers, where it appeared. */
function cslType(p: PublicPublication): CSL['type'] {
  if (p.type === 'monograph') return 'book';
  if (p.type === 'patent') return 'patent';
  return p.venue_kind === 'journal' ? 'article-journal' : p.venue_kind === 'conference' ? 'paper-conference' : 'article';
}

/** One publication as CSL-JSON. Its id is the publication's page address's number. */
export function cslOf(p: PublicPublication): CSL {
  const book = p.type === 'monograph';
  return {
    id: `pub${p.pid}`,
    type: cslType(p),
    title: p.title,
    author: p.author.map(cslName),
    // a patent's "venue" is its number, which classic BibTeX carries as a @misc's note (as Scholar writes it); a book's, its publisher
    ...(p.source ? (book ? { publisher: p.source } : p.type === 'patent' ? { note: p.source } : { 'container-title': p.source }) : {}),
    issued: { 'date-parts': [p.month ? [p.year, p.month] : [p.year]] },
    ...(p.doi ? { DOI: p.doi } : {}),
    ...(p.link1 ? { URL: p.link1 } : {}),
    ...(p.abstract ? { abstract: p.abstract } : {}),
    ...(p.keywords.length > 0 ? { keyword: p.keywords.join(', ') } : {}),
  };
}

/** LaTeX's special characters in plain text, as the commands that print them. */
const TEX: Readonly<Record<string, string>> = {
  '\\': '\\textbackslash{}',
  // not \{ and \}: BibTeX counts braces without regard to backslashes
  '{': '\\textbraceleft{}',
  '}': '\\textbraceright{}',
  $: '\\$',
  '&': '\\&',
  '%': '\\%',
  '#': '\\#',
  _: '\\_',
  '^': '\\textasciicircum{}',
  '~': '\\textasciitilde{}',
  // OT1 fonts print < and > as ¡ and ¿
  '<': '\\textless{}',
  '>': '\\textgreater{}',
};
/** Fields BibTeX styles read verbatim (a DOI, a link): kept as written, only what could end the field percent-encoded. */
const VERBATIM = new Set(['doi', 'url']);

/**
 * The one way a value enters BibTeX (issue #25, point 5): plain text with LaTeX's special characters as
 * commands and every line break or control character a space, so that no stored value can close its
 * field's braces, open an entry (@preamble) or run a command; a verbatim field's braces, backslashes and
 * spaces percent-encoded. Its braces are always balanced.
 */
export function bibtexValue(field: string, value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const flat = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
  if (VERBATIM.has(field)) return flat.replace(/[{}\\\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return flat.replace(/[\\{}$&%#_^~<>]/g, (c) => TEX[c] as string);
}

/** A name as BibTeX reads it: "Family, Given", or the whole name braced (a Chinese one, a single word). */
function bibtexName(n: CSLName): string {
  const part = (s: string) => {
    const v = bibtexValue('author', s);
    // a comma or " and " inside a part would be read as a separator
    return /,|\band\b/i.test(v) ? `{${v}}` : v;
  };
  if (n.literal !== undefined || !n.given) return `{${bibtexValue('author', n.literal ?? n.family ?? '')}}`;
  return `${part(n.family ?? '')}, ${part(n.given)}`;
}

/**
 * A title's (or a booktitle's) words with capitals braced, so that styles that lower-case titles keep them, as citation-js
 * does it (not the first word, nor the first after a colon). A braced run is letters, digits and _ only,
 * never part of an escape, so the braces stay balanced.
 */
const bibtexTitle = (field: string, title: string) =>
  bibtexValue(field, title)
    .split(/(:\s*)/)
    .map((part, i) => (i % 2 ? part : part.replace(/([^\\])\b([a-z]*[A-Z].*?)\b/g, '$1{$2}')))
    .join('');

/**
 * BibTeX of publications: the fields BibTeX carries (no abstract or keywords; CSL-JSON has them).
 * citation-js decides each entry's type, key and which fields it has; every value is written here, from
 * the publication, through bibtexValue.
 */
export async function bibtexOf(list: readonly PublicPublication[]): Promise<string> {
  if (list.length === 0) return '';
  const Cite = await citeJs();
  // laid out as citation-js wrote them: one entry after another, a blank line at the end
  return `${list.map((p) => bibtexEntry(Cite, p)).join('')}\n`;
}

type BibtexObject = { type: string; label: string; properties: Record<string, unknown> };

function bibtexEntry(Cite: typeof CiteClass, p: PublicPublication): string {
  const csl = cslOf(p);
  const [entry] = new Cite([csl]).format('bibtex', { format: 'object' }) as BibtexObject[];
  // a DOI stored before its format was Crossref's (issue #25, point 5) is left out rather than written
  const doi = p.doi && textFormats.doi.pattern.test(p.doi) ? p.doi : '';
  const values: Record<string, string | undefined> = {
    author: csl.author?.map(bibtexName).join(' and '),
    title: bibtexTitle('title', p.title),
    booktitle: bibtexTitle('booktitle', p.source),
    journal: bibtexValue('journal', p.source),
    publisher: bibtexValue('publisher', p.source),
    note: bibtexValue('note', p.source),
    year: String(p.year),
    month: p.month ? String(p.month) : undefined,
    doi: doi ? bibtexValue('doi', doi) : undefined,
    url: bibtexValue('url', p.link1),
    howpublished: bibtexValue('howpublished', p.link1),
  };
  const fields = Object.keys(entry?.properties ?? {})
    .filter((f) => values[f])
    .map((f) => `\t${f} = {${values[f]}},\n`);
  // the type and the key citation-js chose, kept to the characters BibTeX allows there
  const type = /^[a-z]+$/.test(entry?.type ?? '') ? entry?.type : 'misc';
  const key = (entry?.label ?? '').replace(/[^\p{L}\p{N}_:.-]/gu, '') || `pub${p.pid}`;
  return `@${type}{${key},\n${fields.join('')}}\n`;
}

/** CSL-JSON of publications, every field of each. */
export function cslJsonOf(list: readonly PublicPublication[]): string {
  return `${JSON.stringify(list.map(cslOf), null, 2)}\n`;
}

/** The "Cite" block of a publication's page: its reference by GB/T 7714-2015 and by APA, and its BibTeX. */
export async function citationsOf(p: PublicPublication): Promise<{ gbt: string; apa: string; bibtex: string }> {
  const Cite = await citeJs();
  const cite = new Cite([cslOf(p)]);
  const gbt = (cite.format('bibliography', { format: 'text', template: 'gb-t-7714-2015', lang: 'en-US' }) as string).trim();
  return {
    // GB/T writes 等 after the third of Chinese authors, et al. after Western ones
    gbt: /^[\u3400-\u9fff]/.test(p.author[0] ?? '') ? gbt.replace(/, et al\.\s/, ', 等. ') : gbt,
    apa: (cite.format('bibliography', { format: 'text', template: 'apa', lang: 'en-US' }) as string).trim(),
    bibtex: (await bibtexOf([p])).trim(),
  };
}
