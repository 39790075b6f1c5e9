import { isMainThread } from 'node:worker_threads';
import type { CSL, CSLName, Cite as CiteClass } from '@citation-js/core';
import type { PublicPublication } from '../../common/wire.ts';
import { type NameParts, namesWithParts } from '../../common/authors.ts';
import { textFormats } from '../../common/fields.ts';
import { areas } from '../../common/enums.ts';
import { type Edition, gbtItem, gbtReferenceList } from './csl/gbt.ts';
import { heavyReferences } from './csl/heavy-styles.ts';
import { DEFAULT_CITE_STYLES, DEFAULT_GBT_STYLE, gbtStyleOf, type ShippedStyle, shippedStyle, type StyleFamily, unnumbered } from './csl/styles.ts';

// Publications as others cite them: CSL-JSON (the citation-style language's data), BibTeX,
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
    return Cite;
  })();
  return loading;
}

const registered = new Map<string, Promise<void>>();
/** citation-js with a shipped style (server/services/csl/styles.ts) registered: its XML read when it is first used. */
export async function citeJsWith(style: ShippedStyle): Promise<typeof CiteClass> {
  const Cite = await citeJs();
  const { xml } = style;
  if (xml) {
    let added = registered.get(style.id);
    if (!added) {
      added = (async () => {
        const { plugins } = await import('@citation-js/core');
        (plugins.config.get('@csl') as { styles: { add: (name: string, xml: string) => void } }).styles.add(style.id, await xml());
      })();
      registered.set(style.id, added);
    }
    await added;
  }
  return Cite;
}

/**
 * A name as CSL wants it: from its parts as BibTeX read them where the record keeps them (particle, suffix,
 * a Chinese name's family and given), else family and given for "Given Family", the
 * whole name for a Chinese one.
 */
export function cslName(name: string, parts?: NameParts): CSLName {
  if (parts) {
    if (parts.literal) return { literal: parts.literal };
    return {
      family: parts.family ?? '',
      ...(parts.given ? { given: parts.given } : {}),
      ...(parts.particle ? { 'non-dropping-particle': parts.particle } : {}),
      ...(parts.suffix ? { suffix: parts.suffix } : {}),
    };
  }
  const n = name.trim();
  if (/[\u3400-\u9fff]/.test(n) || !n.includes(' ')) return { literal: n };
  const at = n.lastIndexOf(' ');
  return { given: n.slice(0, at), family: n.slice(at + 1) };
}

/** Theses: the two kinds of one CSL type, told apart by its genre. */
const THESES: Readonly<Record<string, { genre: string; bibtex: string }>> = {
  'doctoral thesis': { genre: 'Doctoral dissertation', bibtex: 'phdthesis' },
  'master thesis': { genre: "Master's thesis", bibtex: 'mastersthesis' },
};

/** Each kind's CSL type (docs/decisions/074-publication-kinds.md); a paper's by where it appeared. */
const CSL_TYPES: Readonly<Record<string, string>> = {
  monograph: 'book',
  patent: 'patent',
  'doctoral thesis': 'thesis',
  'master thesis': 'thesis',
  software: 'software',
  webpage: 'webpage',
  chapter: 'chapter',
  report: 'report',
  standard: 'standard',
  newspaper: 'article-newspaper',
  archive: 'manuscript',
  dataset: 'dataset',
  // CSL's "article" is a preprint or working paper (CSL 1.0.2), told apart by its genre
  preprint: 'article',
  talk: 'speech',
};

/** What kind of work it is, for CSL: by its type and, for papers, where it appeared. */
function cslType(p: PublicPublication): CSL['type'] {
  const own = CSL_TYPES[p.type];
  if (own) return own as CSL['type'];
  return p.venue_kind === 'journal' ? 'article-journal' : p.venue_kind === 'conference' ? 'paper-conference' : 'article';
}

/** A patent's number: its own field, else its venue, where records before the field kept it. */
const patentNumber = (p: PublicPublication) => p.number || p.source;

/**
 * Where the work appeared, as CSL has it: a book's publisher (its venue where none is named), a thesis's
 * school, a report's institution, and software's, a data set's or a preprint's site or server as the publisher, a
 * patent's number as a note (classic BibTeX's @misc, as Scholar writes it), a standard's body as its authority, an
 * archive's name, a talk's event, else the container (a journal, proceedings, a chapter's book, a newspaper, a
 * web page's site).
 */
function cslVenue(p: PublicPublication): Partial<CSL> {
  if (!p.source) return {};
  if (p.type === 'monograph') return { publisher: p.publisher || p.source };
  // a thesis's publisher, where the lab names one, is the database or archive that holds it (APA's "ProQuest …")
  if (THESES[p.type]) return { publisher: p.source, ...(p.publisher ? { archive: p.publisher } : {}) };
  if (p.type === 'report') return { publisher: p.source };
  if (['software', 'dataset', 'preprint'].includes(p.type)) return { publisher: p.source };
  if (p.type === 'patent') return { note: p.source };
  if (p.type === 'standard') return { authority: p.source } as Partial<CSL>;
  if (p.type === 'archive') return { archive: p.source };
  if (p.type === 'talk') return { 'event-title': p.source, event: p.source } as Partial<CSL>;
  return { 'container-title': p.source };
}

/** A name list with its parts (common/authors.ts) as CSL names. */
const cslNames = (names: readonly string[], parts: readonly string[] | undefined) => {
  const withParts = namesWithParts(names, parts);
  return names.map((n, i) => cslName(n, withParts[i]));
};

/** The fields citations need beyond the venue, as CSL has them; absent when empty. */
function details(p: PublicPublication): Partial<CSL> {
  const out: Record<string, unknown> = {};
  if (p.volume) out.volume = p.volume;
  if (p.issue) out.issue = p.issue;
  if (p.pages) out.page = p.pages;
  if (p.publisher) out.publisher = p.publisher;
  if (p.edition) out.edition = p.edition;
  if (p.isbn) out.ISBN = p.isbn;
  if (p.place) out['publisher-place'] = p.place;
  if (THESES[p.type]) out.genre = THESES[p.type]?.genre;
  if (p.type === 'preprint') out.genre = 'Preprint';
  if (p.editors.length > 0) out.editor = cslNames(p.editors, p.editor_parts);
  // a report's, a standard's or a patent's number; a preprint's id on its server
  if (p.type === 'patent') out.number = patentNumber(p);
  else if (p.number) out.number = p.number;
  if (p.series) out['collection-title'] = p.series;
  if (p.accessed) out.accessed = dateOf(p.accessed);
  if (p.filed) out.submitted = dateOf(p.filed);
  return out as Partial<CSL>;
}

/** A stored date (YYYY-MM-DD) as CSL's date parts. */
const dateOf = (iso: string) => ({ 'date-parts': [iso.split('-').map(Number)] });

/** One publication as CSL-JSON. Its id is the publication's page address's number. */
function cslOf(p: PublicPublication): CSL {
  return {
    id: `pub${p.pid}`,
    type: cslType(p),
    title: p.title,
    // an edited book or proceedings has editors and no authors: CSL puts the editors in their place
    ...(p.author.length > 0 || p.editors.length === 0 ? { author: cslNames(p.author, p.author_parts) } : {}),
    ...details(p),
    ...cslVenue(p),
    // an unknown month stays unknown: the year alone
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
 * The one way a value enters BibTeX: plain text with LaTeX's special characters as
 * commands and every line break or control character a space, so that no stored value can close its
 * field's braces, open an entry (@preamble) or run a command; a verbatim field's braces, backslashes and
 * spaces percent-encoded. Its braces are always balanced.
 */
function bibtexValue(field: string, value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const flat = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
  if (VERBATIM.has(field)) return flat.replace(/[{}\\\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return flat.replace(/[\\{}$&%#_^~<>]/g, (c) => TEX[c] as string);
}

/**
 * A name as BibTeX reads it: "particle Family, Suffix, Given" (BibTeX's "von Last, Jr, First"), or the
 * whole name braced (a body, a Chinese one written whole, a single word).
 */
function bibtexName(n: CSLName): string {
  const part = (s: string) => {
    const v = bibtexValue('author', s);
    // a comma or " and " inside a part would be read as a separator
    return /,|\band\b/i.test(v) ? `{${v}}` : v;
  };
  if (n.literal !== undefined || !n.given) return `{${bibtexValue('author', n.literal ?? n.family ?? '')}}`;
  // a particle starts lower-case, or BibTeX reads it as part of the family name: such a one is braced with it
  const particle = n['non-dropping-particle'] ?? n['dropping-particle'];
  const family = particle
    ? /^\p{Ll}/u.test(particle)
      ? `${part(particle)} ${part(n.family ?? '')}`
      : `{${bibtexValue('author', `${particle} ${n.family ?? ''}`)}}`
    : part(n.family ?? '');
  return n.suffix ? `${family}, ${part(n.suffix)}, ${part(n.given)}` : `${family}, ${part(n.given)}`;
}

/**
 * A title's (or a booktitle's) words with capitals braced, so that styles that lower-case titles keep them, as citation-js
 * does it (not the first word, nor the first after a colon). A braced run is letters, digits and _ only,
 * never part of an escape, so the braces stay balanced.
 */
const bibtexTitle = (field: string, title: string, protectedWords: readonly string[] = []) => {
  const value = bibtexValue(field, title);
  // the words the imported .bib protected, and those alone: the import reads them back,
  // where bracing every capital reads as a tool's habit and protects nothing
  if (protectedWords.length > 0) {
    const kept = new Set(protectedWords);
    return value
      .split(/([^\p{L}\p{N}'’-]+)/u)
      .map((part, i) => (i % 2 === 0 && kept.has(part) ? `{${part}}` : part))
      .join('');
  }
  return value
    .split(/(:\s*)/)
    .map((part, i) => (i % 2 ? part : part.replace(/([^\\])\b([a-z]*[A-Z].*?)\b/g, '$1{$2}')))
    .join('');
};

/**
 * BibTeX of publications: the fields BibTeX carries, and the lab's area, keywords, abstract and links (kept).
 * citation-js decides each entry's type, key and which fields it has; every value is written here, from
 * the publication, through bibtexValue.
 */
export async function bibtexOf(list: readonly PublicPublication[]): Promise<string> {
  if (list.length === 0) return '';
  const Cite = await citeJs();
  const toPinyin = await pinyinOf();
  // a key given twice gets b, c, … (as reference managers do): the first keeps the key its page's own export has
  const seen = new Map<string, number>();
  const keys = list.map((p) => {
    const base = bibtexKey(p, toPinyin);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}${n <= 26 ? String.fromCharCode(96 + n) : n}`;
  });
  // laid out as citation-js wrote them: one entry after another, a blank line at the end
  return `${list.map((p, i) => bibtexEntry(Cite, p, keys[i] as string)).join('')}\n`;
}

type Pinyin = (han: string) => string[];
let pinyinLoading: Promise<Pinyin> | undefined;
/** Han characters as toneless pinyin syllables, by pinyin-pro: loaded on the first export, as citation-js is. */
function pinyinOf(): Promise<Pinyin> {
  pinyinLoading ??= import('pinyin-pro').then(
    ({ pinyin }) =>
      (han: string) =>
        pinyin(han, { toneType: 'none', type: 'array', surname: 'head', nonZh: 'removed' }),
  );
  return pinyinLoading;
}

/** Two-character family names (复姓) a whole Chinese name may begin with; any other's family name is its first character. */
const COMPOUND =
  /^(欧阳|司马|上官|诸葛|东方|皇甫|尉迟|公孙|慕容|令狐|长孙|宇文|司徒|夏侯|端木|独孤|南宫|西门|轩辕|呼延|申屠|太史|澹台|万俟|闻人|东郭|钟离|仲孙|淳于|单于)/;
const STOP = new Set(['a', 'an', 'the', 'on', 'of', 'in', 'for', 'to', 'and', 'with', 'from', 'by', 'at', 'towards', 'toward']);
/** Letters and digits in ASCII: accents taken off (Østergaard → ostergaard), anything else dropped. */
const ascii = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/ø/gi, 'o')
    .replace(/ß/g, 'ss')
    .replace(/æ/gi, 'ae')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();

/**
 * A readable key: the first author's family name, the year and the first word of the
 * title that is not an article or a preposition, as Google Scholar writes them (lin2023detecting); Chinese
 * in pinyin (zhang2023jiyu: 张三, 基于图神经网络…). Only letters and digits, so any BibTeX tool reads it.
 */
function bibtexKey(p: PublicPublication, toPinyin: Pinyin): string {
  // an edited book's key is its first editor's
  const [names, parts] = p.author.length > 0 || p.editors.length === 0 ? [p.author, p.author_parts] : [p.editors, p.editor_parts];
  const name = cslNames(names.slice(0, 1), parts?.slice(0, 1))[0];
  const whole = name?.literal ?? '';
  const han = (s: string) => /[\u3400-\u9fff]/.test(s);
  const family = name?.family
    ? han(name.family)
      ? toPinyin(name.family).join('')
      : ascii(`${name['non-dropping-particle'] ?? ''}${name.family}`)
    : han(whole)
      ? toPinyin(COMPOUND.exec(whole)?.[0] ?? whole.split('·')[0]?.slice(0, whole.includes('·') ? undefined : 1) ?? '').join('')
      : ascii(whole.split(/\s+/)[0] ?? '');
  const title = p.title.trim();
  const word = han(title.slice(0, 2))
    ? toPinyin(title.slice(0, 2)).join('')
    : (title
        .split(/[^\p{L}\p{N}]+/u)
        .map(ascii)
        .find((w) => w && !STOP.has(w)) ?? '');
  return `${family || 'anon'}${p.year}${word}`;
}

/**
 * What the lab entered beyond what citation-js writes, so that importing the export
 * gives back the same list: the area as JabRef's `groups` (its English name; the import reads it back and
 * proposes it), keywords, the abstract (a paragraph break stays a blank line, which the import reads as
 * one) and the other links as `code` (al-folio's name), `wechat` and `video` (al-folio's). Every value
 * through bibtexValue.
 */
function kept(p: PublicPublication): Record<string, string> {
  const area = areas.find((a) => a.value === p.area && a.value !== 'none');
  const out: Record<string, string> = {};
  if (area) out.groups = bibtexValue('groups', area.en);
  if (p.keywords.length > 0) out.keywords = bibtexValue('keywords', p.keywords.join(', '));
  if (p.abstract)
    out.abstract = p.abstract
      .split(/\n\s*\n/)
      .map((paragraph) => bibtexValue('abstract', paragraph.trim()))
      .filter(Boolean)
      .join('\n\n');
  if (p.link2) out.code = bibtexValue('url', p.link2);
  if (p.link3) out.wechat = bibtexValue('url', p.link3);
  if (p.link4) out.video = bibtexValue('url', p.link4);
  return out;
}

type BibtexObject = { type: string; label: string; properties: Record<string, unknown> };

/**
 * Each kind's BibTeX (or biblatex) entry type, where citation-js's choice would not read back as the kind
 * (docs/decisions/074-publication-kinds.md): biblatex's names where classic BibTeX has none, as Better BibLaTeX
 * and biblatex-gb7714 write them.
 */
const ENTRY_TYPES: Readonly<Record<string, string>> = {
  'doctoral thesis': 'phdthesis',
  'master thesis': 'mastersthesis',
  software: 'software',
  webpage: 'online',
  chapter: 'incollection',
  report: 'techreport',
  standard: 'standard',
  newspaper: 'article',
  archive: 'misc',
  dataset: 'dataset',
  preprint: 'misc',
  talk: 'unpublished',
  patent: 'patent',
  monograph: 'book',
};
/** A paper's entry type by where it appeared. */
const PAPER_ENTRY: Readonly<Record<string, string>> = { journal: 'article', conference: 'inproceedings', other: 'misc' };

/** The fields each kind writes beyond citation-js's own, so that the import reads the kind and its fields back. */
function ownFields(p: PublicPublication): Record<string, string | undefined> {
  const v = bibtexValue;
  const site = (field: string) => ({ [field]: v(field, p.source) });
  switch (p.type) {
    case 'chapter':
      return { booktitle: bibtexTitle('booktitle', p.source) };
    case 'report':
      return { institution: v('institution', p.source), number: v('number', p.number) };
    case 'standard':
      return { organization: v('organization', p.source), number: v('number', p.number), publisher: v('publisher', p.publisher) };
    case 'newspaper':
      return { journal: v('journal', p.source), entrysubtype: 'newspaper' };
    case 'archive':
      return { howpublished: v('howpublished', p.source), type: 'archive' };
    case 'dataset':
    case 'software':
    case 'webpage':
      return site('organization');
    case 'preprint':
      return { eprinttype: v('eprinttype', p.source), archiveprefix: v('archiveprefix', p.source), eprint: v('eprint', p.number), type: 'preprint' };
    case 'talk':
      return { eventtitle: v('eventtitle', p.source), type: 'presentation', venue: v('venue', p.place) };
    case 'patent':
      return { note: v('note', p.source), number: v('number', p.number), holder: v('holder', p.publisher), publisher: undefined };
    case 'paper':
      // in no journal or proceedings: a @misc, its venue as howpublished (an @article would come back as a journal paper)
      return p.venue_kind === 'other' ? { howpublished: v('howpublished', p.source) } : {};
    default:
      return {};
  }
}

function bibtexEntry(Cite: typeof CiteClass, p: PublicPublication, key: string): string {
  const csl = cslOf(p);
  const [entry] = new Cite([csl]).format('bibtex', { format: 'object' }) as BibtexObject[];
  // a DOI stored before its format was Crossref's is left out rather than written
  const doi = p.doi && textFormats.doi.pattern.test(p.doi) ? p.doi : '';
  const values: Record<string, string | undefined> = {
    author: csl.author?.map(bibtexName).join(' and '),
    editor: csl.editor?.map(bibtexName).join(' and '),
    title: bibtexTitle('title', p.title, p.title_protected),
    booktitle: bibtexTitle('booktitle', p.source),
    journal: bibtexValue('journal', p.source),
    publisher: bibtexValue('publisher', p.type === 'monograph' ? p.publisher || p.source : p.publisher),
    volume: bibtexValue('volume', p.volume),
    number: p.type === 'patent' ? undefined : bibtexValue('number', p.issue),
    pages: bibtexValue('pages', p.pages.replace(/\s+/g, ' ').replace(/ ?[–—-]+ ?/g, '--')),
    edition: bibtexValue('edition', p.edition),
    isbn: bibtexValue('isbn', p.isbn),
    address: bibtexValue('address', p.place),
    school: bibtexValue('school', p.source),
    note: bibtexValue('note', p.source),
    year: String(p.year),
    month: p.month ? String(p.month) : undefined,
    doi: doi ? bibtexValue('doi', doi) : undefined,
    url: bibtexValue('url', p.link1),
    howpublished: bibtexValue('howpublished', p.link1),
  };
  const own = ownFields(p);
  // every field the record has, whether citation-js writes it for the type or not: an export read back loses nothing
  const always: Record<string, string | undefined> = {
    editor: values.editor,
    publisher: values.publisher,
    address: values.address,
    pages: values.pages,
    volume: values.volume,
    number: values.number,
    series: bibtexValue('series', p.series),
    urldate: p.accessed || undefined,
    // a patent's application date: biblatex has no field of its own for it, so it is the lab's (read back by the import)
    filed: p.filed || undefined,
    ...own,
  };
  // a web page's or software's site (the import reads it back as the venue)
  const extra: Record<string, string | undefined> = { ...always, ...kept(p) };
  // citation-js's fields that this function writes, then the lab's own (once each)
  const fields = [...new Set([...Object.keys(entry?.properties ?? {}).filter((f) => values[f] && !(f in own)), ...Object.keys(extra)])]
    .map((f) => [f, f in own || f in always ? extra[f] : (values[f] ?? extra[f])])
    .filter(([, v]) => v)
    .map(([f, v]) => `\t${f} = {${v}},\n`);
  // the type citation-js chose, kept to the characters BibTeX allows there; the kinds it writes as @misc (a
  // thesis, software, a web page) as BibTeX and biblatex name them, so that the import reads the kind back
  const type =
    ENTRY_TYPES[p.type] ?? (p.type === 'paper' ? PAPER_ENTRY[p.venue_kind] : undefined) ?? (/^[a-z]+$/.test(entry?.type ?? '') ? entry?.type : 'misc');
  return `@${type}{${key},\n${fields.join('')}}\n`;
}

/** CSL-JSON of publications, every field of each. */
export function cslJsonOf(list: readonly PublicPublication[]): string {
  return `${JSON.stringify(list.map(cslOf), null, 2)}\n`;
}

/**
 * The item GB/T 7714 is given, from the site's record: a patent's number after its title (4.5: 题名: 专利号[P]),
 * the place as its city (4.1's 出版地: Zotero's "New York, NY, USA" is New York); then what every GB/T item
 * gets (csl/gbt.ts: its language, the title in sentence case with the record's protected words kept, the
 * edition as the standard writes it).
 */
function forGbt(p: PublicPublication, csl: CSL, edition: Edition = '2015'): CSL {
  const out: Record<string, unknown> = { ...csl };
  // a preprint's server where this style prints an electronic resource's source
  if (p.type === 'preprint' && p.source) out['container-title'] = p.source;
  // a patent's number after its title (4.5: 题名: 专利号[P])
  if (p.type === 'patent' && patentNumber(p)) out.number = patentNumber(p);
  if (p.place) out['publisher-place'] = p.place.split(/\s*[,，]\s*/)[0];
  return gbtItem(out as CSL, p.title_protected, edition);
}

/**
 * The item APA 7 is given: a paper in published proceedings is cited as a chapter in an edited book
 * (Manual 10.5 sends it to 10.3): "In Editors (Eds.), Proceedings (pp. x–y). Publisher.", the year alone.
 * citation-js's APA style treats "paper-conference" as a talk ("(2023, July)", no "In").
 */
function forApa(csl: CSL, keep: readonly string[] = []): CSL {
  const title = csl.title ? sentenceCase(csl.title, keep) : csl.title;
  // a patent: "(U.S. Patent No. 11,468,321)" (Manual 11.11 via the APA style), from a number written "US Patent 11,468,321" or bare
  if (csl.type === 'patent' && (csl.number || csl.note)) {
    const { note: _, number: written, ...rest } = csl;
    const note = String(written || csl.note);
    const named = /^(.*?)\s*patent\b\s*(?:no\.?)?\s*(.+)$/i.exec(note);
    const office = named?.[1]?.trim() ?? '';
    return { ...rest, title, number: named ? named[2] : note, ...(office ? { authority: /^u\.?s\.?$/i.test(office) ? 'U.S.' : office } : {}) } as CSL;
  }
  // another work (a preprint, a report): its "venue" is where it is kept, APA's "Repository." (10.8), not "In …"
  if (csl.type === 'article') {
    // a preprint is cited by its server alone (Manual 10.8): no "(Preprint 2405.12345)"
    const { 'container-title': kept, genre: _, number: __, ...rest } = csl;
    return { ...rest, title, ...(kept || csl.publisher ? { publisher: csl.publisher || kept } : {}) } as CSL;
  }
  // a thesis from no database, archive or address is unpublished (Manual 10.6: "[Unpublished doctoral dissertation]. School."),
  // else "[Doctoral dissertation, School]. URL"
  if (csl.type === 'thesis' && csl.genre && !csl.URL && !csl.DOI && !csl.archive) return { ...csl, title, genre: `Unpublished ${csl.genre.toLowerCase()}` };
  // a whole book is cited without pages (Manual 10.2)
  if (csl.type === 'book') {
    const { page: _, ...rest } = csl;
    return { ...rest, title };
  }
  if (csl.type !== 'paper-conference') return { ...csl, title };
  const year = csl.issued?.['date-parts']?.[0]?.[0];
  return { ...csl, title, type: 'chapter', ...(year !== undefined ? { issued: { 'date-parts': [[year]] } } : {}) } as CSL;
}

/** Words that stay capitalized in sentence case: languages and peoples (other proper nouns are the title's protected words). */
const PROPER = new Set([
  'Chinese',
  'English',
  'Japanese',
  'Korean',
  'German',
  'French',
  'Spanish',
  'Arabic',
  'Russian',
  'European',
  'American',
  'African',
  'Asian',
  'Bayesian',
  'Markov',
  'Internet',
]);

/**
 * A title in APA's sentence case (Manual 6.17) when it is written in title case (most of its longer words
 * capitalized): a word written Capitalized is lower-cased, but for the first word and the first after a
 * colon, a question or an exclamation; acronyms and mixed case (GNN, SIGIR, iPhone, GitHub, WeChat) stay, and
 * so do `keep`, the words the .bib protected with braces ({Twitter}). A title already in
 * sentence case is left as written, so its proper nouns stay.
 */
export function sentenceCase(title: string, keep: readonly string[] = []): string {
  const kept = new Set(keep);
  const words = title
    .split(/\s+/)
    .slice(1)
    .filter((w) => /^\p{L}{4,}/u.test(w));
  const capitalized = words.filter((w) => /^\p{Lu}/u.test(w)).length;
  if (words.length === 0 || capitalized * 3 < words.length * 2) return title;
  let first = true;
  return title.replace(/(\S+)(\s*)/g, (_, word: string, space: string) => {
    // a subtitle's first word (after a colon, a question or an exclamation, Manual 6.17) keeps its capital,
    // as the title's does; the rest of a hyphenated compound is lower-cased (Co-writing)
    const out = word.replace(/(^|-)(\p{Lu})(\p{Ll}+)(?=$|[-,.;:!?)])/gu, (m, dash: string, a: string, rest: string, at: number) =>
      (first && at === 0) || PROPER.has(`${a}${rest}`) || kept.has(`${a}${rest}`) ? m : `${dash}${a.toLowerCase()}${rest}`,
    );
    first = /[:?!]$/.test(word);
    return out + space;
  });
}

/** A publication's reference in a style of the Cite box: its id, its names and the text. */
export type StyledReference = { id: string; name: Record<'zh' | 'en', string>; text: string };

/**
 * The "Cite" block of a publication's page: its reference by the site's GB/T style and by APA (`gbt`, `apa`), its
 * BibTeX, and its reference in each of `styles` (the shipped styles among the site's choice, in its order;
 * an administrator's own are rendered apart, custom-styles.ts).
 */
export async function citationsOf(
  p: PublicPublication,
  styles: readonly string[] = DEFAULT_CITE_STYLES,
): Promise<{ gbt: string; apa: string; bibtex: string; styles: StyledReference[] }> {
  const gbt = gbtStyleOf(styles);
  const wanted = [...new Set([gbt, 'apa', ...styles])].flatMap((id) => shippedStyle(id) ?? []);
  const texts = new Map<string, string>();
  // the heavy styles (written in the style worker) asked at once, the others written meanwhile
  const heavy = wanted
    .filter((s) => s.heavy)
    .map(async (style) => {
      try {
        texts.set(style.id, (await referencesIn([p], style))[0] ?? '');
      } catch {
        // not written in time (its engine is still being built): left out of the box, as an uploaded style that fails
      }
    });
  for (const style of wanted.filter((s) => !s.heavy)) texts.set(style.id, (await referencesIn([p], style))[0] ?? '');
  await Promise.all(heavy);
  return {
    gbt: texts.get(gbt) ?? '',
    apa: texts.get('apa') ?? '',
    bibtex: (await bibtexOf([p])).trim(),
    styles: styles.flatMap((id) => {
      const style = shippedStyle(id);
      const text = texts.get(id);
      return style && text !== undefined ? [{ id, name: style.name, text }] : [];
    }),
  };
}

/** The item a style of a family other than GB/T's is given (APA's adjustments; GB/T's are gbt.ts's, forGbt). */
const items: Record<Exclude<StyleFamily, 'gbt'>, (p: PublicPublication) => CSL> = {
  apa: (p) => forApa(cslOf(p), p.title_protected),
  plain: (p) => cslOf(p),
};

/** Publications as CSL-JSON items for a style the site does not ship (an administrator's own): as they are. */
export const plainItems = (list: readonly PublicPublication[]): CSL[] => list.map(cslOf);

/**
 * References of many publications (the achievement report) in a shipped style, as `citationsOf` writes each,
 * in batches: one CSL run per batch is many times faster than one per publication, and the event loop is
 * given back between batches.
 */
export async function referencesIn(
  list: readonly PublicPublication[],
  style: ShippedStyle = shippedStyle(DEFAULT_GBT_STYLE) as ShippedStyle,
  batch = 25,
): Promise<string[]> {
  // a heavy style's engine is built and kept in the style worker; in a worker thread (the report's, the style worker) it is written here
  if (style.heavy && isMainThread) return heavyReferences(list, style.id);
  const Cite = await citeJsWith(style);
  const out: string[] = [];
  for (let i = 0; i < list.length; i += batch) {
    const part = list.slice(i, i + batch);
    const byId =
      style.family === 'gbt'
        ? gbtReferenceList(
            Cite,
            part.map((p) => forGbt(p, cslOf(p), style.edition)),
            style.id,
          )
        : new Map(
            (
              new Cite(part.map(items[style.family])).format('bibliography', {
                format: 'text',
                template: style.id,
                lang: 'en-US',
                asEntryArray: true,
              }) as [string, string][]
            ).map(([id, text]) => [id, style.numbered ? unnumbered(text.trim()) : text.trim()] as const),
          );
    for (const p of part) out.push(byId.get(`pub${p.pid}`) ?? '');
    if (list.length > batch) await new Promise((done) => setImmediate(done));
  }
  return out;
}
