import { Worker } from 'node:worker_threads';
import type { CSL, CSLName } from '@citation-js/core';
import { displayName, type NameParts } from '../../common/authors.ts';
import { bareDoi } from '../../common/doi.ts';
import { areas, type Lang } from '../../common/enums.ts';
import { colon } from '../../common/lang.ts';
import { fieldLabel, inputSchema } from '../../common/resource.ts';
import { publication } from '../../common/resources/publication.ts';
import type { ImportChoice, ImportEntry, ImportedRecord, ImportFormat, ImportResult } from '../../common/wire.ts';
import { dblpKeyOf, isBeside } from './venue-rank.ts';
import { type MessageKey, t, zodFieldErrors } from '../../common/messages.ts';
import type { Ctx } from './context.ts';
import { publications } from './publications.ts';
import { writeWithFiles } from './transaction.ts';
import { FieldError, InputError } from '../errors.ts';
import { workerFile } from '../worker-file.ts';
import { PARAGRAPH, type ParsedEntry } from './bibtex-parse.ts';
import { countOf, detectFormat } from './import-formats.ts';
import { plainLatex } from './plain-text.ts';
import { fitted } from './imported-record.ts';
import { yearAsWritten } from './year-written.ts';
import { doiServer, serverNamed, serverOfUrl } from './preprint-servers.ts';

// BibTeX, RIS and EndNote into publications (each format read into BibTeX's terms:
// server/services/import-formats.ts). The text is cut into its entries and each parsed alone
// (server/services/bibtex-parse.ts), in a worker thread bounded in time and memory, so a large or hostile
// file never holds the server's event loop. Each entry becomes a publication's
// fields, checked with the declaration's own schema, and is compared with what is stored: the same DOI,
// or the same title (letters and digits, case ignored) and year, is a duplicate to skip or to update. The
// import itself is one transaction: every chosen entry, or none.

/** The most entries one preview reads: a bigger file is refused at once, before any parsing. */
export const PREVIEW_MAX_ENTRIES = 2000;
/** How long the worker may take to parse a text, and the memory it may use. */
const PARSE_LIMITS = { ms: 5000, heapMb: 256 } as const;
/** How many texts are parsed at once; more wait their turn (each worker holds a core while it runs). */
const PARSERS = 2;

let running = 0;
const waiting: (() => void)[] = [];

/**
 * A text (BibTeX, RIS, EndNote: its format as given, else as detected) into its entries, parsed in a worker
 * thread: refused (a bilingual 400) when it holds more than PREVIEW_MAX_ENTRIES entries, when parsing takes
 * longer or more memory than PARSE_LIMITS, or when it is XML that cannot be read.
 */
export async function readEntries(
  text: string,
  limits: { ms: number; heapMb: number } = PARSE_LIMITS,
  format: ImportFormat = detectFormat(text),
): Promise<ParsedEntry[]> {
  const count = countOf(text, format);
  if (count > PREVIEW_MAX_ENTRIES) throw FieldError.one('text', 'bibtex_too_many', { max: PREVIEW_MAX_ENTRIES, count });
  if (count === 0) return [];
  if (running >= PARSERS) await new Promise<void>((r) => waiting.push(r));
  running++;
  try {
    return await inWorker(text, format, limits);
  } finally {
    running--;
    waiting.shift()?.();
  }
}

type WorkerAnswer = { entries?: ParsedEntry[]; refused?: { line: number; reason: string }; error?: string };

function inWorker(text: string, format: ImportFormat, limits: { ms: number; heapMb: number }): Promise<ParsedEntry[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile(import.meta.url, 'bibtex-worker'), {
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 32 },
    });
    const tooSlow = () => FieldError.one('text', 'bibtex_too_slow', { seconds: Math.ceil(limits.ms / 1000) });
    let done = false;
    const finish = (outcome: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => finish(() => reject(tooSlow())), limits.ms);
    worker.once('message', (answer: WorkerAnswer) =>
      finish(() => {
        if (answer.entries) resolve(answer.entries);
        else if (answer.refused) reject(FieldError.one('text', 'import_xml_unreadable', answer.refused));
        else reject(new Error(answer.error ?? 'the import worker failed'));
      }),
    );
    // out of memory: the text is too much for one preview, as it is when too slow
    worker.once('error', (e) => finish(() => reject((e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooSlow() : e)));
    worker.once('exit', () => finish(() => reject(new Error('the import worker stopped'))));
    worker.postMessage({ text, format });
  });
}

/**
 * Text as readers expect it: LaTeX's dotless i under an accent ({\'\i}) becomes the accented i, \TeX and
 * \LaTeX their names, and every string is in composed form (NFC), so "María" from a .bib equals "María"
 * typed in the console.
 */
/**
 * The most of a value `clean` reads: twice the longest a field may hold (the abstract's 10,000). A longer
 * value is refused or cut to its field's length either way, and is still longer than any field after the
 * cap; reading no more keeps an entry's fields, however long, from holding the event loop (the cleaning
 * made one 200,000-character entry take 200 ms: tests/unit/linear-text.test.ts).
 */
const CLEAN_MAX = 20_001;

const clean = (v: unknown) =>
  String(v ?? '')
    .slice(0, CLEAN_MAX)
    .replace(/ı([\u0300-\u036f])/g, 'i$1')
    .replace(/\\(La)?TeX\b/g, '$1TeX')
    .normalize('NFC')
    .trim();

/** `value`, or nothing where it is of the shape that names something else. */
const unless = (shape: RegExp, value: string) => (shape.test(value) ? '' : value);

/** A field the parser gives as written (one citation-js does not map): its LaTeX read as the mapped fields' is, its protective braces dropped. */
const plain = (v: unknown) => plainLatex(clean(v)).replace(/[{}]/g, '');

/** The beginning of a value, cleaned: what a test of a value's kind reads (a type, a genre, a patent number), never a field's whole length. */
const headOf = (v: unknown) => clean(String(v ?? '').slice(0, 200));

/** HTML marks a title may carry (al-folio's <i>, <br>; citation-js's own <i> for \textit and \emph). */
const MARKUP = /<\/?(?:b|i|em|strong|u|span|sup|sub|small|sc)\b[^<>]*>|<br\s*\/?>/gi;
const unmarked = (s: string) =>
  s
    .replace(MARKUP, (m) => (/^<br/i.test(m) ? ' ' : ''))
    .replace(/\s+/g, ' ')
    .trim();

/** A change the import made to an entry as written, in the reader's language. */
type Note = { key: MessageKey; params?: Record<string, string | number> };

/**
 * A name's parts from the parser's (CSL's) structure, not rebuilt from a string: a
 * name with neither given name nor particle is whole (a body, a Chinese name written whole); dblp's
 * homonym number ("Wei Lin 0007", read as a family name) is dropped; `*` (a corresponding author) removed.
 */
function partsOfCsl(n: CSLName, marks: { starred: string[]; homonyms: string[] }): NameParts | undefined {
  const strip = (v: unknown) => {
    const s = clean(v);
    return s.includes('*') ? s.replace(/\*/g, '').trim() : s;
  };
  const starred = [n.family, n.given, n.literal].some((v) => String(v ?? '').includes('*'));
  let family = strip(n.family);
  let given = strip(n.given);
  const particle = clean([n['dropping-particle'], n['non-dropping-particle']].filter(Boolean).join(' '));
  const suffix = clean(n.suffix);
  if (/^\d{4}$/.test(family) && given.includes(' ')) {
    marks.homonyms.push(`${given} ${family}`);
    family = given.slice(given.lastIndexOf(' ') + 1);
    given = given.slice(0, given.lastIndexOf(' '));
  }
  const literal = strip(n.literal) || (!given && !particle ? family : '');
  const parts: NameParts = literal ? { literal } : { family, ...(given ? { given } : {}), ...(particle ? { particle } : {}), ...(suffix ? { suffix } : {}) };
  if (!displayName(parts)) return undefined;
  if (starred) marks.starred.push(displayName(parts));
  return parts;
}

/** A name list: the names as displayed, their parts, and whether it ended with "and others". */
function namesOf(list: readonly CSLName[] | undefined, notes: Note[]) {
  const marks = { starred: [] as string[], homonyms: [] as string[] };
  let etAl = false;
  const parts: NameParts[] = [];
  for (const n of list ?? []) {
    if (!n.given && /^others$/i.test(String(n.family ?? n.literal ?? '').trim())) {
      etAl = true;
      continue;
    }
    const p = partsOfCsl(n, marks);
    if (p) parts.push(p);
  }
  if (marks.starred.length > 0) notes.push({ key: 'import_corresponding', params: { names: marks.starred.join(', ') } });
  if (marks.homonyms.length > 0) notes.push({ key: 'import_homonym', params: { names: marks.homonyms.join(', ') } });
  return { names: parts.map(displayName), parts: parts.map((p) => JSON.stringify(p)), etAl };
}

/** How many keywords a record keeps, and how long each may be (the declaration's list). */
const KEYWORDS_MAX = 50;
const KEYWORD_LENGTH = 300;

/** A keyword list as written (EndNote one a line, Chinese journals with ；or ，) split, trimmed and fitted: never refused. */
function keywordsOf(value: unknown, asWritten: string, notes: Note[]): string[] {
  const written = clean(value);
  const all = written
    .split(/[,;，；\n]/)
    .map((k) => k.trim())
    .filter(Boolean);
  const long = all.some((k) => k.length > KEYWORD_LENGTH);
  const kept = all.slice(0, KEYWORDS_MAX).map((k) => k.slice(0, KEYWORD_LENGTH).toWellFormed());
  // one a line or with full-width separators: said, as the preview may read it otherwise than the file's tool
  if (all.length > 1 && /[\n，；]/.test(asWritten)) notes.push({ key: 'import_keywords_split', params: { count: all.length } });
  if (all.length > KEYWORDS_MAX) notes.push({ key: 'import_keywords_cut', params: { max: KEYWORDS_MAX, count: all.length } });
  if (long) notes.push({ key: 'import_keyword_long', params: { max: KEYWORD_LENGTH } });
  return kept;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** A month as written when citation-js finds none (`{Mar.}`, Scholar's `oct # "~11"`): its number, or undefined. */
function monthOf(written: string | undefined): number | undefined {
  const s = (written ?? '').trim().toLowerCase();
  const n = /^\d{1,2}\b/.exec(s) ? Number.parseInt(s, 10) : MONTHS.indexOf(s.slice(0, 3)) + 1;
  return n >= 1 && n <= 12 ? n : undefined;
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
/** An edition as a number where it is one ("2nd", "Second", "2"), else as written. */
function editionOf(written: string): string {
  // "2", "2nd", "2nd ed." (not a version, 1.2.0)
  const digits = /^(\d+)(?:\s*(?:st|nd|rd|th))?(?:\s+(?:ed|edn|edition)\.?)?\.?$/i.exec(written);
  if (digits) return digits[1] as string;
  const word = ORDINALS.indexOf(written.toLowerCase().split(/\s/)[0] ?? '');
  return word >= 0 ? String(word + 1) : written;
}

/** At most `max` characters (the column's), a surrogate pair never cut in two. */
const cutTo = (s: string, max: number) => s.slice(0, max).toWellFormed();

/** Page ranges with an en dash (from -, --, ---, – and spaced forms); an article number as it is. */
const pagesOf = (v: unknown) =>
  clean(v)
    .replace(/\s+/g, ' ')
    .replace(/ ?(?:-{1,3}|[–—]) ?/g, '–');

/** Hosts whose name a reader knows better than the address (a web page's or software's site, APA's "Site Name"). */
const SITES: Readonly<Record<string, string>> = {
  'github.com': 'GitHub',
  'gitlab.com': 'GitLab',
  'bitbucket.org': 'Bitbucket',
  'zenodo.org': 'Zenodo',
  'huggingface.co': 'Hugging Face',
  'pypi.org': 'PyPI',
  'cran.r-project.org': 'CRAN',
};
/** Where software is kept: a @misc whose address is one of these is software. */
const CODE_HOSTS = /^(?:github\.com|gitlab\.com|bitbucket\.org|pypi\.org|cran\.r-project\.org)$/;
/** An address's host without "www.", or '' for what is not an address. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return '';
  }
}
/** The site of an address, as its name where it is a known one, else its host. */
const siteOf = (url: string) => SITES[hostOf(url)] ?? hostOf(url);

/**
 * The kind of work an entry is (docs/decisions/074-publication-kinds.md): by its entry type, biblatex's
 * where classic BibTeX has none (@patent, @standard, @dataset, @online, @software), the `type` reference
 * managers write (EndNote's Patent, Report, Book Section; Zotero's Presentation), biblatex's entrysubtype
 * (newspaper), an eprint or a preprint server, and, for a @misc, a patent's number or a repository's address.
 */
function kindOf(item: CSL, entryType: string, raw: Record<string, string>, url: string): ImportedRecord['type'] {
  const patentText = headOf(item.number ?? item.note ?? raw.number);
  const written = headOf(raw.type);
  if (entryType === 'patent' || item.type === 'patent' || /patent|专利/i.test(`${patentText} ${written}`)) return 'patent';
  if (entryType === 'mastersthesis' || (item.type === 'thesis' && /master|硕士/i.test(`${headOf(item.genre)} ${written}`))) return 'master thesis';
  if (item.type === 'thesis' || entryType === 'phdthesis') return 'doctoral thesis';
  if (entryType === 'standard' || (item.type as string) === 'standard' || /^(?:standard|标准)$/i.test(written)) return 'standard';
  if (entryType === 'dataset' || item.type === 'dataset' || /^(?:dataset|data set|数据集)$/i.test(written)) return 'dataset';
  if (entryType === 'newspaper' || item.type === 'article-newspaper' || /^newspaper/i.test(headOf(raw.entrysubtype)) || /^newspaper/i.test(written))
    return 'newspaper';
  if (entryType === 'archive' || /^(?:archive|档案)$/i.test(written)) return 'archive';
  if (entryType === 'presentation' || item.type === 'speech' || /^(?:presentation|talk|speech|conference talk|演讲)$/i.test(written)) return 'talk';
  if (entryType === 'unpublished' && raw.eventtitle) return 'talk';
  // a chapter is a paper in a book (its venue), not a monograph: a lab's 专著 are the books it wrote
  if (['incollection', 'inbook', 'inreference', 'bookinbook'].includes(entryType) || item.type === 'chapter' || /^(?:book section|chapter)$/i.test(written))
    return 'chapter';
  if (item.type === 'book') return 'monograph';
  if (['techreport', 'report'].includes(entryType) || item.type === 'report' || /^report$/i.test(written)) return 'report';
  if (entryType === 'software' || (item.type as string) === 'software') return 'software';
  if (entryType === 'misc' && CODE_HOSTS.test(hostOf(url))) return 'software';
  // a preprint: an eprint, a preprint server named as its "journal" or publisher, or an address on one; not a
  // published paper that also gives its eprint
  const published = item.type === 'paper-conference' || (item.type === 'article-journal' && !PREPRINT.test(headOf(item['container-title'])));
  const loose = ['misc', 'online', 'unpublished', 'preprint', 'electronic', 'www', 'webpage'].includes(entryType);
  if (PREPRINT.test(headOf(item['container-title'])) || entryType === 'preprint' || /^preprint$/i.test(written)) return 'preprint';
  if (!published && (raw.eprint || raw.eprinttype || raw.archiveprefix)) return 'preprint';
  if (/^preprint$/i.test(headOf(raw.pubstate)) && !published) return 'preprint';
  if (loose && (serverNamed(headOf(raw.publisher ?? raw.organization)) || serverOfUrl(url) || doiServer(bareDoi(headOf(item.DOI))))) return 'preprint';
  if (['online', 'www', 'webpage', 'electronic'].includes(entryType) || item.type === 'webpage') return 'webpage';
  return 'paper';
}

/** A journal field that names arXiv, not a journal: Scholar's and EndNote's "arXiv preprint arXiv:…", al-folio's "arXiv preprint", dblp's CoRR. */
const PREPRINT = /^(?:arxiv\b|corr$)/i;

/**
 * Where a work appeared, or what stands for it where it appeared nowhere (SPEC's
 * platform stays required, so no real entry is refused for want of one): a patent's number, a thesis's
 * school, a report's institution, a preprint's server (its eprint's archive, its publisher, or by its address: arXiv,
 * PsyArXiv), a talk's event, an archive's holder, a web page's or software's site (its organization or publisher as
 * written, else its address's site: GitHub, disc-lab.github.io).
 */
function venueOf(item: CSL, type: ImportedRecord['type'], raw: Record<string, string>, url: string, entryType = ''): string {
  if (type === 'patent') {
    // the patent as a style prints it (Scholar's note "US Patent 11,468,321"), else its number
    const note = clean(item.note);
    return /\d/.test(note) ? note : clean(item.number ?? raw.number ?? item.note);
  }
  if (type === 'preprint') {
    const named = [raw.eprinttype, raw.archiveprefix, raw.publisher, raw.organization, item['container-title'], raw.howpublished]
      .map((v) => headOf(v).replace(/[{}]/g, ''))
      .find((v) => v && !/^\\url\{|^https?:/i.test(v));
    return (named && (serverNamed(named) || named)) || doiServer(bareDoi(headOf(item.DOI))) || serverOfUrl(url) || siteOf(url);
  }
  if (type === 'talk') {
    const event = clean(item['event-title'] ?? (item as { event?: string }).event) || plain(raw.eventtitle);
    if (event) return event;
  }
  if (type === 'archive') {
    const held = plain(raw.howpublished);
    if (held && !/^\\url\{|^https?:/i.test(held)) return held;
  }
  if (type === 'report' && raw.institution) return plain(raw.institution);
  // a thesis's school, whatever publisher (the database that holds it) it names too
  if ((type === 'doctoral thesis' || type === 'master thesis') && raw.school) return plain(raw.school);
  // a paper that appeared in no journal or proceedings (this site's export: its series of working papers as howpublished)
  if (type === 'paper' && entryType === 'misc' && raw.howpublished && !/^\\url\{|^https?:/i.test(headOf(raw.howpublished))) return plain(raw.howpublished);
  if (type === 'standard' && (raw.organization || raw.institution)) return plain(raw.organization ?? raw.institution);
  const written = clean(item['container-title'] ?? item['event-title'] ?? item.publisher ?? item.archive ?? raw.organization ?? raw.institution);
  if (PREPRINT.test(written)) return 'arXiv';
  if (written) return written;
  if (raw.eprint) return clean(raw.archiveprefix ?? raw.eprinttype) || 'arXiv';
  if (/arxiv\.org\//i.test(url)) return 'arXiv';
  const howpublished = clean(raw.howpublished);
  return (howpublished && !/^\\url\{|^https?:/i.test(howpublished) ? howpublished : '') || siteOf(url);
}

/**
 * The words a title as written protects with braces (`{Twitter}`, `{BERT}`; not an accent's `{\'E}`), when
 * it protects some of its capitalized words only: Better BibTeX and this site's export
 * brace every capitalized word of a title-case title, which protects nothing in particular (APA's sentence
 * case then applies to them). One pass over the title, so linear.
 */
function protectedWords(written: string): string[] {
  const words: string[] = [];
  let depth = 0;
  let run = '';
  for (const c of written) {
    if (c === '{') depth++;
    else if (c === '}') depth = Math.max(0, depth - 1);
    if (depth > 0 && c !== '{' && c !== '}') run += c;
    else if (depth === 0 && run) {
      if (!run.startsWith('\\')) words.push(...run.split(/\s+/).filter((w) => /\p{Lu}/u.test(w)));
      run = '';
    }
  }
  const capitalized = written
    .replace(/[{}]/g, '')
    .split(/\s+/)
    .slice(1)
    .filter((w) => /^\p{Lu}/u.test(w)).length;
  const kept = [...new Set(words.map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')).filter(Boolean))];
  return kept.length > 0 && kept.length < capitalized ? kept.slice(0, 50) : [];
}

/** A CSL item (what citation-js reads from BibTeX) as a publication's fields, and what was changed on the way. */
export function recordOf(item: CSL, entryType: string, raw: Record<string, string> = {}): ImportedRecord & { notes: Note[] } {
  const notes: Note[] = [];
  // dblp escapes _ in its url (\_), which citation-js percent-encodes; al-folio's official link is `html`;
  // software's address may be only in howpublished (\url{…}); an arXiv eprint with neither address nor DOI is found at its abstract page
  const link1 =
    clean(item.URL ?? raw.html)
      .replace(/%5C_/gi, '_')
      .replace(/\\_/g, '_') ||
    linkOf(raw.howpublished) ||
    (raw.eprint && !item.DOI && /^arxiv$/i.test(headOf(raw.archiveprefix ?? raw.eprinttype ?? 'arXiv')) ? `https://arxiv.org/abs/${clean(raw.eprint)}` : '');
  const type = kindOf(item, entryType, raw, link1);
  const patent = type === 'patent';
  const [cslYear, cslMonth] = item.issued?.['date-parts']?.[0] ?? [];
  // a year written with more than its digits (c1980, [1980], 1980?, 1984-): the year, the rest said in the preview
  const writtenYear = headOf(raw.year);
  const asWritten = writtenYear && !/^\d{4}$/.test(writtenYear) ? yearAsWritten(writtenYear) : undefined;
  if (asWritten?.note) notes.push({ key: 'import_year_as_written', params: { written: asWritten.note, year: asWritten.year } });
  const year = asWritten?.year ?? cslYear;
  const month = Number(cslMonth) || monthOf(raw.month);
  let title = clean(item.title);
  // dblp appends a book's edition to its title ("…, 2nd Edition")
  // software's or a data set's version is its edition (biblatex's and Better BibLaTeX's `version`)
  let edition = clean(item.edition) || (type === 'software' || type === 'dataset' ? clean(item.version ?? raw.version) : '');
  const inTitle = /,\s*(\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth)\s+edition$/i.exec(title);
  if (inTitle && !edition) {
    edition = inTitle[1] as string;
    title = title.slice(0, inTitle.index);
  }
  // said only of HTML in the file (citation-js's own <i> for \textit is not the file's)
  if (HAS_MARKUP.test(raw.title ?? '')) notes.push({ key: 'import_markup_title' });
  if (HAS_MARKUP.test(`${raw.author ?? ''} ${raw.editor ?? ''}`)) notes.push({ key: 'import_markup_names' });
  const authors = namesOf(item.author, notes);
  const editors = namesOf(item.editor, notes);
  if (authors.etAl) notes.push({ key: 'import_et_al' });
  const written = clean(item.DOI);
  const doi = bareDoi(written);
  if (doi !== written) notes.push({ key: 'import_doi_bare', params: { doi } });
  return {
    title: unmarked(title),
    author: authors.names,
    author_parts: authors.parts,
    source: cutTo(venueOf(item, type, raw, link1, entryType), 300),
    type,
    // a preprint is another work, whatever the file calls its "journal"
    venue_kind:
      type !== 'paper' || PREPRINT.test(headOf(item['container-title']))
        ? 'other'
        : item.type === 'article-journal'
          ? 'journal'
          : item.type === 'paper-conference'
            ? 'conference'
            : 'other',
    year: Number(year) || 0,
    ...(Number(month) >= 1 && Number(month) <= 12 ? { month: Number(month) } : {}),
    doi,
    abstract: clean(item.abstract)
      .split(PARAGRAPH)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean)
      .join('\n\n'),
    keywords: keywordsOf(item.keyword, raw.keywords ?? '', notes),
    link1,
    // the other links as this site's export writes them; code and video as al-folio does
    ...linksOf(raw),
    entryType,
    // dblp's CoRR volume (abs/…) and Better BibTeX's number = {arXiv:…} name a preprint, not a volume or issue
    volume: cutTo(unless(/^abs\//i, clean(item.volume)), 50),
    // a report's, a standard's, a patent's number is its own field, not an issue
    issue: NUMBERED.has(type) ? '' : cutTo(unless(/^arxiv:/i, clean(item.issue ?? (type === 'paper' ? raw.number : undefined))), 50),
    number: cutTo(numberOf(item, type, raw), 100),
    series: cutTo(clean(item['collection-title'] ?? raw.series), 300),
    accessed: dateOf(raw.urldate) || cslDate(item.accessed),
    // a patent's application date (this site's export writes it as `filed`)
    filed: patent ? dateOf(raw.filed) : '',
    pages: cutTo(pagesOf(item.page), 50),
    // the file's publisher (or a proceedings' organization) only: citation-js gives a thesis's school and a report's institution as one (they are the venue);
    // a patent's "publisher" is Scholar's Google Patents
    // (a web page's or software's organization is its site: the venue)
    // a patent's holder (biblatex's holder; Scholar's publisher "Google Patents" is not one)
    publisher: patent
      ? cutTo(plain(raw.holder), 300)
      : (type === 'doctoral thesis' || type === 'master thesis') && raw.school
        ? cutTo(plain(raw.publisher), 300)
        : raw.publisher || (raw.organization && ['paper', 'standard'].includes(type))
          ? type === 'standard'
            ? cutTo(plain(raw.publisher), 300)
            : cutTo(clean(item.publisher ?? raw.organization), 300)
          : '',
    editors: editors.names,
    editor_parts: editors.parts,
    edition: edition ? cutTo(editionOf(edition), 50) : '',
    isbn: cutTo(clean(item.ISBN), 50),
    // BibTeX's address, biblatex's location (citation-js's publisher-place)
    place: cutTo(clean(item['publisher-place'] ?? raw.address ?? raw.location) || (type === 'talk' ? plain(raw.venue) : ''), 100),
    // read after LaTeX is (its braces kept): a word a command formats inside braces ({{\em Eucalyptus}}) is protected too
    title_protected: protectedWords(plainLatex(clean(raw.title))).map((w) => cutTo(w, 500)),
    // dblp's record (biburl) names its venue by DBLP key, which the venue rank match prefers;
    // not a venue's findings or workshops, which dblp files under the venue's key
    ...(dblpKeyOf(raw.biburl ?? '') && !isBeside(venueOf(item, type, raw, link1)) ? { venue_key: dblpKeyOf(raw.biburl ?? '') } : {}),
    notes,
  };
}

/** The kinds whose BibTeX `number` is theirs (a report's, a standard's, a patent's), not an issue's. */
const NUMBERED = new Set(['report', 'standard', 'patent', 'preprint']);

/** A report's, a standard's or a patent's number, a preprint's id on its server (its eprint, or Zotero's number "arXiv:…"). */
function numberOf(item: CSL, type: string, raw: Record<string, string>): string {
  if (type === 'preprint') return clean(raw.eprint) || clean(raw.number).replace(/^arxiv:/i, '');
  if (type === 'patent') return clean(raw.number ?? item.number);
  if (type === 'report' || type === 'standard') return clean(item.number ?? raw.number);
  return '';
}

/** A date as a date field stores it (YYYY-MM-DD), from biblatex's urldate (or a longer ISO time); '' when it is none. */
function dateOf(written: string | undefined): string {
  const m = /^(\d{4}-\d{2}-\d{2})(?:$|[T ])/.exec(headOf(written));
  return m && !Number.isNaN(Date.parse(m[1] as string)) ? (m[1] as string) : '';
}
/** A CSL date with a day, as a date field stores it; '' when it has none. */
function cslDate(date: CSL['accessed']): string {
  const [y, m, d] = date?.['date-parts']?.[0] ?? [];
  if (!y || !m || !d) return '';
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** A link field as written: a URL only (a word, or \\url{…} braces, is not one), never percent-decoded here. */
const linkOf = (v: string | undefined) => {
  const s = clean(v)
    .replace(/^\\url\{(.*)\}$/, '$1')
    .trim();
  return /^https?:\/\/\S+$/i.test(s) ? s : '';
};
function linksOf(raw: Record<string, string>): Pick<ImportedRecord, 'link2' | 'link3' | 'link4'> {
  const [code, wechat, video] = [linkOf(raw.code), linkOf(raw.wechat), linkOf(raw.video)];
  return { ...(code ? { link2: code } : {}), ...(wechat ? { link3: wechat } : {}), ...(video ? { link4: video } : {}) };
}

/**
 * The area a file names for an entry: `groups`, as this site's export and JabRef write
 * it (JabRef may list several, comma-separated: the first that is one of the lab's areas), by the area's
 * value or its English or Chinese name, case ignored.
 */
function areaOf(raw: Record<string, string> = {}): string | undefined {
  for (const group of clean(raw.groups).split(/[,;，；]/)) {
    const g = group.trim().toLowerCase();
    const found = g && areas.find((a) => a.value !== 'none' && [a.value, a.en.toLowerCase(), a.zh].includes(g));
    if (found) return found.value;
  }
  return undefined;
}

const HAS_MARKUP = /<\/?(?:b|i|em|strong|u|span|sup|sub|small|sc)\b[^<>]*>|<br\s*\/?>/i;

/** The declaration's schema over a record given its area: what it refuses, field by field. */
let createSchema: ReturnType<typeof inputSchema> | undefined;
function checked(record: ImportedRecord, area: string) {
  const { entryType: _, ...fields } = record;
  // built once: building it took longer than checking an entry with it
  createSchema ??= inputSchema(publication, 'create');
  return createSchema.safeParse({ ...fields, area });
}

/** What the schema refuses in a record, one line per field named by its declared label ("年份：…", "Year: …"), in the reader's language. */
export function problemsOf(record: ImportedRecord, lang: Lang, area = 'none'): string[] {
  const result = checked(record, area);
  if (result.success) return [];
  return Object.entries(zodFieldErrors(lang, result.error.issues)).map(
    ([field, ms]) => `${fieldLabel(publication, field, lang)}${colon(lang)}${ms.join(lang === 'zh' ? '；' : '; ')}`,
  );
}

export const titleKey = (title: string) => title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** How long the preview's checks hold the event loop before letting other requests through. */
const SLICE_MS = 10;

/** Reads a reference file's text into its entries, each with its publication, its problems, its duplicate and what was changed. */
export async function previewImport(ctx: Ctx, text: string, format?: ImportFormat): Promise<ImportEntry[]> {
  const entries = await readEntries(text, PARSE_LIMITS, format);
  const stored = await ctx.db.selectFrom('publication').select(['pid', 'title', 'year', 'doi']).execute();
  const byDoi = new Map(stored.filter((p) => p.doi).map((p) => [p.doi.toLowerCase(), p]));
  const byTitle = new Map(stored.map((p) => [`${titleKey(p.title)}|${p.year}`, p]));
  // the file's own earlier entries, by the same rule
  const seenDoi = new Map<string, { index: number; key: string }>();
  const seenTitle = new Map<string, { index: number; key: string }>();
  const out: ImportEntry[] = [];
  let turn = performance.now();
  for (const [i, entry] of entries.entries()) {
    // each entry's checks take a millisecond or two: thousands of them are done in turns
    if (performance.now() - turn > SLICE_MS) {
      await new Promise((r) => setImmediate(r));
      turn = performance.now();
    }
    const base = { index: i + 1, line: entry.line, key: entry.key };
    if (!entry.item) {
      out.push({ ...base, problems: [entry.errorKey ? t(ctx.lang, entry.errorKey) : (entry.error ?? 'no entry')] });
      continue;
    }
    const { notes, ...record } = recordOf(entry.item, entry.type, entry.raw);
    const area = areaOf(entry.raw);
    const doiKey = record.doi.toLowerCase();
    const titleYear = `${titleKey(record.title)}|${record.year}`;
    const same = (record.doi && byDoi.get(doiKey)) || byTitle.get(titleYear);
    const earlierByDoi = record.doi ? seenDoi.get(doiKey) : undefined;
    const earlier = earlierByDoi ?? (titleKey(record.title) ? seenTitle.get(titleYear) : undefined);
    if (record.doi && !seenDoi.has(doiKey)) seenDoi.set(doiKey, base);
    if (titleKey(record.title) && !seenTitle.has(titleYear)) seenTitle.set(titleYear, base);
    out.push({
      ...base,
      // the problems are the full record's; what is shown is cut to what the answer carries
      record: fitted(record),
      problems: problemsOf(record, ctx.lang),
      ...(same ? { duplicateOf: { pid: same.pid, title: same.title, by: record.doi && same.doi.toLowerCase() === doiKey ? 'doi' : 'title' } } : {}),
      ...(earlier ? { repeats: { index: earlier.index, key: earlier.key, by: earlierByDoi ? 'doi' : 'title' } } : {}),
      ...(notes.length > 0 ? { changes: notes.map((n) => t(ctx.lang, n.key, n.params)) } : {}),
      ...(area ? { area } : {}),
    });
  }
  return out;
}

/**
 * Imports the chosen entries in one transaction. By default all of them or, on any refusal, none (a
 * refused entry reported by its place in the list, "entries.3.year"). With `partial`
 * the refused ones are left out and listed with their reasons, the others stored; the result then says
 * how many were created, updated, skipped as duplicates (as the reader says) and refused.
 */
export async function importPublications(
  ctx: Ctx,
  chosen: readonly ImportChoice[],
  options: { partial?: boolean; skipped?: number } = {},
): Promise<ImportResult> {
  const refused: { index: number; key: string; problems: string[] }[] = [];
  const issues = chosen.flatMap((c, i) => {
    const result = checked(c.record, c.area);
    if (result.success) return [];
    refused.push({ index: i + 1, key: c.key ?? '', problems: problemsOf(c.record, ctx.lang, c.area) });
    // each refusal named by the entry's place and field, one name (the answer's keys are flat): entries.3.year
    return result.error.issues.map((issue) => ({ ...issue, path: [['entries', i, ...issue.path].join('.')] }));
  });
  if (issues.length > 0 && !options.partial) throw new InputError(issues);
  const kept = chosen.filter((_, i) => !refused.some((r) => r.index === i + 1));
  const { created, updated } = await writeWithFiles(ctx, async (tx) => {
    const created: number[] = [];
    const updated: number[] = [];
    for (const c of kept) {
      const { entryType: _, ...fields } = c.record;
      const input = { ...fields, area: c.area };
      if (c.update !== undefined) {
        await publications.update(tx, c.update, input);
        updated.push(c.update);
      } else created.push(await publications.create(tx, input));
    }
    return { created, updated };
  });
  if (!options.partial) return { created, updated };
  const skipped = options.skipped ?? 0;
  const counts = { created: created.length, updated: updated.length, skipped, refused: refused.length };
  return { created, updated, skipped, refused, summary: t(ctx.lang, 'import_result', counts) };
}
