import type { CSL, CSLName, Cite as CiteClass } from '@citation-js/core';
import type { PublicPublication } from '../../common/wire.ts';
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

/** BibTeX of publications: the fields BibTeX carries (no abstract or keywords; CSL-JSON has them). */
export async function bibtexOf(list: readonly PublicPublication[]): Promise<string> {
  if (list.length === 0) return '';
  const Cite = await citeJs();
  return new Cite(list.map(cslOf)).format('bibtex', { format: 'text' }) as string;
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
    bibtex: (cite.format('bibtex', { format: 'text' }) as string).trim(),
  };
}
