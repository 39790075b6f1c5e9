import { linesOf, type RisRecord } from './ris-parse.ts';

// A pasted GB/T 7714 reference list ("[1] 张三, 李四. 题名[J]. 刊名, 2020, 12(3): 45-67.") read into RIS
// records where its pattern is clear: authors before the first full stop, the title before the type mark
// ([J], [C], [M], [D]…), the rest by the mark's own pattern. A reference that does not follow it is kept as
// not understood, by its line, never guessed. Each reference is one line of at most LINE_MAX characters, so
// every pattern runs on a bounded text once.

/** The longest reference read: a longer one is not understood (a real one is a few hundred characters). */
const LINE_MAX = 2000;

/** GB/T 7714's document type marks as RIS types. */
const RIS_TYPES: Readonly<Record<string, string>> = {
  J: 'JOUR',
  C: 'CONF',
  M: 'BOOK',
  D: 'THES',
  R: 'RPRT',
  P: 'PAT',
  S: 'STAND',
  N: 'NEWS',
  EB: 'ELEC',
  DB: 'DATA',
  DS: 'DATA',
  CP: 'COMP',
  A: 'CHAP',
  G: 'BOOK',
  Z: 'GEN',
};

const NUMBERED = /^\s*[[［](\d{1,4})[\]］]\s*/;
const TYPE_MARK = /\[(J|C|M|D|R|P|S|N|EB|DB|DS|CP|A|G|Z)(?:\/(?:OL|CD|MT|DK))?\]/;
const YEAR = /(?:^|[^\d])((?:19|20)\d{2})(?![\d])/;

/** A reference as pasted, with the line it starts on. */
type Reference = { line: number; number: string; text: string };

/** The references of a pasted list: each opens with its number ([1]) and runs on over wrapped lines; a list with no numbers is one a line. */
function referencesOf(text: string): Reference[] {
  const numbered = /^\s*[[［]\d{1,4}[\]］]/m.test(text.slice(0, 2000));
  const refs: Reference[] = [];
  for (const [line, n] of linesOf(text)) {
    const m = NUMBERED.exec(line);
    const rest = (m ? line.slice(m[0].length) : line).trim();
    if (m || (!numbered && rest)) refs.push({ line: n, number: m?.[1] ?? String(refs.length + 1), text: rest });
    else if (rest && refs.length > 0) {
      const last = refs[refs.length - 1] as Reference;
      // a wrapped line: joined once, while the reference is short enough to be read
      if (last.text.length <= LINE_MAX) last.text = `${last.text}${/[\u4e00-\u9fff]$/.test(last.text) ? '' : ' '}${rest}`;
    }
  }
  return refs;
}

/** How many references a pasted list holds. */
export const countGbt = (text: string) => referencesOf(text).length;

/** Whether a text looks like a GB/T 7714 list: a numbered line that carries a type mark. */
export function looksLikeGbt(head: string): boolean {
  for (const [line] of linesOf(head)) if (NUMBERED.test(line) && TYPE_MARK.test(line.slice(0, LINE_MAX))) return true;
  return false;
}

/** An author as GB/T writes one ("SMITH J A", "张三") as RIS writes it ("Smith, J A", "张三"). */
function authorOf(written: string): string {
  const name = written.trim();
  const latin = /^([A-Z][A-Za-z'-]+)\s+([A-Z](?:[\s.-]*[A-Z])*)\.?$/.exec(name);
  if (!latin) return name;
  const family = latin[1] as string;
  const titled = family === family.toUpperCase() ? family[0] + family.slice(1).toLowerCase() : family;
  return `${titled}, ${latin[2]}`;
}

/** "SP-EP" or an article number as RIS's pages. */
function pagesOf(tags: Map<string, string[]>, pages: string | undefined) {
  if (!pages) return;
  const [sp, ep] = pages.split(/[-–—]/);
  if (sp) tags.set('SP', [sp.trim()]);
  if (ep) tags.set('EP', [ep.trim()]);
}

/** What follows a journal article's mark: ". 刊名, 2020, 12(3): 45-67" (volume, issue and pages each optional). */
const JOURNAL = /^[.．]\s*([^,，]+?)\s*[,，]\s*((?:19|20)\d{2})\s*(?:[,，]\s*([^(（:：,，\s]*)\s*)?(?:[(（]([^)）]*)[)）])?\s*(?:[:：]\s*([\w–-]+))?/;
/** "出版地: 出版者, 年" (a book's, a thesis's school, a report's institution). */
const PLACE_PUBLISHER = /([^.．:：]+)[:：]\s*([^,，:：]+?)\s*[,，]\s*((?:19|20)\d{2})/;

/** One reference as a RIS record, or undefined where its pattern is not clear. */
function recordOf(ref: Reference): RisRecord | undefined {
  const text = ref.text;
  if (text.length > LINE_MAX) return undefined;
  const mark = TYPE_MARK.exec(text);
  if (!mark) return undefined;
  const type = RIS_TYPES[mark[1] as string] ?? 'GEN';
  const before = text.slice(0, mark.index);
  const after = text.slice(mark.index + mark[0].length);
  const stop = before.search(/[.．]\s/);
  const title = (stop >= 0 ? before.slice(stop + 1) : before).trim();
  if (!title) return undefined;
  const tags = new Map<string, string[]>([
    ['TY', [type]],
    ['TI', [title]],
    ['ID', [`[${ref.number}]`]],
  ]);
  if (stop >= 0) {
    const authors = before
      .slice(0, stop)
      .split(/[,，、]/)
      .map((a) => a.trim())
      .filter((a) => a && !/^(?:等|et\s*al\.?)$/i.test(a));
    if (authors.length > 0) tags.set('AU', authors.map(authorOf));
  }
  const doi = /DOI[:：]\s*(10\.\S+?)[.。]?$/i.exec(after)?.[1];
  if (doi) tags.set('DO', [doi]);
  const url = /(https?:\/\/\S+?)[.。]?(?:\s|$)/.exec(after)?.[1];
  if (url && !doi) tags.set('UR', [url]);
  if (type === 'JOUR') {
    const m = JOURNAL.exec(after);
    if (!m) return undefined;
    tags.set('T2', [m[1] as string]);
    tags.set('PY', [m[2] as string]);
    if (m[3]) tags.set('VL', [m[3]]);
    if (m[4]) tags.set('IS', [m[4]]);
    pagesOf(tags, m[5]);
    return { line: ref.line, tags };
  }
  const year = YEAR.exec(after)?.[1];
  if (!year) return undefined;
  tags.set('PY', [year]);
  // a paper in proceedings or a chapter: "//[编者. ]论文集名. 出版地: 出版者, 年: 页" or "//Proceedings …, 年: 页"
  const host = after.startsWith('//') ? after.slice(2) : '';
  const place = PLACE_PUBLISHER.exec(host || after);
  if (host) {
    const hostStop = host.search(/[.．]\s/);
    const name = (place ? host.slice(0, place.index) : host.slice(0, host.indexOf(year))).replace(/[.．,，\s]+$/, '').trim();
    // editors, where named, come before the first full stop of the host: "编者. 论文集名"
    const venue = place && hostStop >= 0 && hostStop < place.index - 1 ? name.slice(name.search(/[.．]\s/) + 1).trim() : name;
    if (!venue) return undefined;
    tags.set('T2', [venue]);
  }
  if (place) {
    tags.set('CY', [(place[1] as string).replace(/^[.．\s]+/, '').trim()]);
    tags.set('PB', [(place[2] as string).trim()]);
  } else if (!host && (type === 'BOOK' || type === 'THES')) return undefined;
  pagesOf(tags, /[:：]\s*(\d+(?:[-–]\d+)?)\s*[.。]?\s*(?:DOI|$)/i.exec(after)?.[1]);
  return { line: ref.line, tags };
}

/** A pasted list as RIS records, and the references not understood by their line and number. */
export function gbtRecordsOf(text: string): { records: RisRecord[]; unread: { line: number; number: string }[] } {
  const records: RisRecord[] = [];
  const unread: { line: number; number: string }[] = [];
  for (const ref of referencesOf(text)) {
    const record = recordOf(ref);
    if (record) records.push(record);
    else unread.push({ line: ref.line, number: `[${ref.number}]` });
  }
  return { records, unread };
}
