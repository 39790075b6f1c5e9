import type ExcelJS from 'exceljs';
import type JSZip from 'jszip';
import type { MessageKey } from '../../common/messages.ts';
import { isAbnormal, type StudentReport } from './source.ts';
import { FieldError } from '../errors.ts';

// The reporting system's export, as the advisor downloads it (CSV or XLSX) and uploads it here; the
// layout and the error wording are in docs/advisor.md "The import file". Nothing is stored here: the
// rows go back to the caller, or a FieldError on field `file` says which cells are wrong.
// exceljs and jszip load on the first XLSX import, not with the server (docs/performance.md).

export type ImportedRow = StudentReport & { date: string };

const MAX_ROWS = 20_000;
const MAX_ERRORS = 20;

/** Columns A–G in their fixed order, with the header each may carry. */
const COLUMNS = [
  { col: 'A', zh: '日期', en: 'date' },
  { col: 'B', zh: '学号', en: 'xgh' },
  { col: 'C', zh: '姓名', en: 'realname' },
  { col: 'D', zh: '是否上报', en: 'reported' },
  { col: 'E', zh: '上报时间', en: 'uptime' },
  { col: 'F', zh: '状态', en: 'status' },
  { col: 'G', zh: '接种针数', en: 'doses' },
] as const;

/** A cell as read from either format: CSV gives strings, XLSX also numbers, booleans and dates. */
type Raw = string | number | boolean | Date | null;
type SheetRow = { number: number; cells: Raw[] };
type Problem = { key: MessageKey; params?: Record<string, string | number> };

const TRUE = new Set(['是', 'yes', 'true', '1']);
const FALSE = new Set(['否', 'no', 'false', '0']);
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;
const YMD_HM = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Reads the export; throws FieldError({ file }) naming the wrong cells (415 for a file of another type). */
export async function parseReportFile(data: Buffer): Promise<ImportedRow[]> {
  const rows = await readRows(data);
  const header = rows[0]?.number === 1 ? rows[0].cells : [];
  const headerProblems: Problem[] = [];
  COLUMNS.forEach((c, i) => {
    const text = toText(header[i] ?? null);
    if (text !== c.zh && text.toLowerCase() !== c.en) headerProblems.push({ key: 'import_header', params: { col: c.col, zh: c.zh, en: c.en } });
  });
  if (headerProblems.length > 0) throw new FieldError({ file: headerProblems });

  const records = rows.filter((r) => r.number > 1 && r.cells.slice(0, COLUMNS.length).some((v) => toText(v) !== ''));
  if (records.length === 0) throw FieldError.one('file', 'import_empty');
  if (records.length > MAX_ROWS) throw FieldError.one('file', 'import_too_many', { max: MAX_ROWS });

  const problems: Problem[] = [];
  const seen = new Map<string, number>();
  const out: ImportedRow[] = [];
  for (const row of records) {
    if (problems.length >= MAX_ERRORS) break;
    const before = problems.length;
    const cell = (i: number) => row.cells[i] ?? null;
    const report = (i: number, key: MessageKey, extra: Record<string, string | number> = {}) => {
      const c = COLUMNS[i]!;
      if (problems.length < MAX_ERRORS) problems.push({ key, params: { row: row.number, col: c.col, zh: c.zh, en: c.en, ...extra } });
    };
    const text = (i: number, max: number, required: boolean) => {
      const s = toText(cell(i));
      if (required && s === '') report(i, 'import_required');
      else if (s.length > max) report(i, 'import_too_long', { max });
      return s;
    };

    const date = dateOf(cell(0));
    if (date === '') report(0, 'import_required');
    else if (date === null) report(0, 'import_date');
    const xgh = text(1, 40, true);
    const realname = text(2, 50, true);
    const reported = boolOf(cell(3));
    if (reported === '') report(3, 'import_required');
    else if (reported === null) report(3, 'import_bool');
    const uptime = uptimeOf(cell(4));
    if (uptime === null) report(4, 'import_uptime');
    const status = text(5, 40, false);
    const doses = dosesOf(cell(6));
    if (doses === null) report(6, 'import_doses');

    if (date && xgh !== '' && xgh.length <= 40) {
      const key = `${date}\u0000${xgh}`;
      const first = seen.get(key);
      if (first !== undefined) report(1, 'import_duplicate', { first, date, xgh });
      else seen.set(key, row.number);
    }
    if (problems.length > before || !date || typeof reported !== 'boolean' || uptime === null || doses === null) continue;
    out.push({ date, xgh, realname, reported, uptime, status, abnormal: isAbnormal(status), doses });
  }
  if (problems.length > 0) throw new FieldError({ file: problems });
  return out;
}

/** How the names were found: under a recognised header, or as the one column that looks like names. */
export type NamesSource = { kind: 'header'; column: string; header: string; row: number } | { kind: 'guess'; column: string };

/** Headers a roster's name column carries (compared without spaces, English in any case). */
const NAME_HEADERS = new Set(['姓名', '名字', '学生姓名', '真实姓名', '中文姓名', '中文名', 'name', 'names', 'fullname', 'studentname', 'realname']);
/** Rows searched for the header: title rows above it are common in Chinese rosters. */
const HEADER_ROWS = 10;
/** Values of a roster's other text columns (gender, political status, ethnicity): never a name column. */
const NOT_NAMES = new Set([
  '男',
  '女',
  'm',
  'f',
  'male',
  'female',
  '党员',
  '中共党员',
  '预备党员',
  '中共预备党员',
  '团员',
  '共青团员',
  '群众',
  '入党积极分子',
  '发展对象',
  '汉族',
  '汉',
]);

const compact = (s: string) => s.replace(/\s+/g, '').toLowerCase();
/** A cell that holds a number, whatever its type: a sequence number or a student ID is never a name. */
const isNumberLike = (v: Raw) => typeof v === 'number' || v instanceof Date || typeof v === 'boolean' || /^[\d\s.,:+\-/]+$/.test(toText(v));
const columnLetter = (i: number) => (i < 26 ? String.fromCharCode(65 + i) : String.fromCharCode(64 + Math.floor(i / 26)) + String.fromCharCode(65 + (i % 26)));
/** A name as one line: line breaks and runs of white space inside a cell become one space. */
const nameOf = (v: Raw) => toText(v).replace(/\s+/g, ' ');

/**
 * A name list from a file (CSV or XLSX, the first sheet): the column headed 姓名/Name/… in one of the first
 * rows (title rows above it are skipped), else the one text column that looks like names. Blanks and
 * repeats are dropped. A column of numbers is never taken: with no such column the file is refused.
 */
export async function readNamesFile(data: Buffer): Promise<{ names: string[]; source: NamesSource }> {
  const rows = await readRows(data, SHEET_COLUMNS);
  if (rows.length > MAX_ROWS) throw FieldError.one('file', 'import_too_many', { max: MAX_ROWS });
  const filled = (r: SheetRow) => r.cells.filter((v) => toText(v) !== '').length;
  const unique = (values: Raw[]) => [...new Set(values.map(nameOf).filter(Boolean))];

  for (const row of rows.slice(0, HEADER_ROWS)) {
    const at = row.cells.findIndex((v) => typeof v === 'string' && NAME_HEADERS.has(compact(v)));
    if (at < 0) continue;
    const values = rows.filter((r) => r.number > row.number).map((r) => r.cells[at] ?? null);
    const names = unique(values);
    if (names.length > 0 && names.every((n) => isNumberLike(n))) throw FieldError.one('file', 'names_numbers_only', { col: columnLetter(at) });
    return { names, source: { kind: 'header', column: columnLetter(at), header: toText(row.cells[at] ?? null), row: row.number } };
  }

  // no header: a title row (one cell where the table has several) is not data
  const wide = rows.filter((r) => filled(r) >= 2).length;
  const body = wide > rows.length / 2 ? rows.filter((r) => filled(r) >= 2) : rows;
  const width = body.reduce((w, r) => Math.max(w, r.cells.findLastIndex((v) => toText(v) !== '') + 1), 0);
  const candidates: number[] = [];
  for (let i = 0; i < width; i++) {
    const values = body.map((r) => r.cells[i] ?? null).filter((v) => toText(v) !== '');
    if (values.length === 0 || values.some(isNumberLike)) continue;
    const texts = values.map(nameOf);
    if (texts.some((s) => NOT_NAMES.has(s.toLowerCase()) || s.length > 50)) continue;
    // a roster's names are (almost) all different; a column of a few repeated words is something else
    if (texts.length >= 5 && new Set(texts).size < texts.length * 0.8) continue;
    candidates.push(i);
  }
  if (candidates.length !== 1) throw FieldError.one('file', candidates.length === 0 ? 'names_no_column' : 'names_many_columns');
  const at = candidates[0] as number;
  return { names: unique(body.map((r) => r.cells[at] ?? null)), source: { kind: 'guess', column: columnLetter(at) } };
}

/** The rows of the first sheet, `width` cells each (CSV rows as they are). */
async function readRows(data: Buffer, width: number = COLUMNS.length): Promise<SheetRow[]> {
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) return readXlsx(data, width);
  // the legacy .xls (OLE2) container, or anything with NUL bytes (binary, UTF-16 text): not ours
  if (startsWith(data, [0xd0, 0xcf, 0x11, 0xe0]) || data.subarray(0, 65_536).includes(0)) {
    throw new FieldError({ file: [{ key: 'import_type' }] });
  }
  // columns past those read are dropped: a row of a million commas costs nothing later
  return parseCsv(decodeText(data)).map((cells, i) => ({ number: i + 1, cells: cells.slice(0, width) }));
}

const startsWith = (data: Buffer, magic: number[]) => magic.every((b, i) => data[i] === b);

/** UTF-8 (its BOM dropped) when the bytes are valid UTF-8, else GBK, which Chinese Excel writes CSV in. */
function decodeText(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('gbk').decode(data);
  }
}

/** What an XLSX may unpack to: a full export (MAX_ROWS rows) is a few MB; a zip bomb is refused unread. */
const UNPACKED_MAX = 24 * 1024 * 1024;
const ENTRIES_MAX = 500;

/**
 * What a sheet may declare. exceljs creates every cell of a merged range and every
 * cell of a data validation's range, and a column object for each column up to a `<col max>`: a 2 KB
 * file merging A1:XFD1048576 would fill the memory. So a sheet's ranges must lie within the rows an
 * import reads (its header and MAX_ROWS) and SHEET_COLUMNS columns (those after G are read past), and
 * together make no more cells than a full import's columns hold.
 */
const SHEET_ROWS = MAX_ROWS + 1;
const SHEET_COLUMNS = 64;
const EXPANDED_CELLS_MAX = SHEET_ROWS * COLUMNS.length;
const MERGES_MAX = 1_000;
/** Excel's last column (XFD): a `<col>` may name it (Excel writes max="16384" for "all the rest"). */
const EXCEL_COLUMNS = 16_384;
/** The worksheet entries exceljs reads: its own test of an entry's name (not anchored, as there). */
const WORKSHEET_ENTRY = /xl\/worksheets\/sheet(\d+)[.]xml/;

type Box = { top: number; left: number; bottom: number; right: number };

/** A1 or $A$1 as row and column numbers; undefined when it is not one. Linear, no regular expression. */
function cellOf(ref: string): { row: number; col: number } | undefined {
  let i = 0;
  let col = 0;
  let row = 0;
  if (ref[i] === '$') i++;
  const colStart = i;
  for (; i < ref.length && i - colStart < 4; i++) {
    const c = ref.charCodeAt(i) | 0x20; // lower case
    if (c < 0x61 || c > 0x7a) break;
    col = col * 26 + (c - 0x60);
  }
  if (i === colStart) return undefined;
  if (ref[i] === '$') i++;
  const rowStart = i;
  for (; i < ref.length && i - rowStart < 8; i++) {
    const c = ref.charCodeAt(i);
    if (c < 0x30 || c > 0x39) break;
    row = row * 10 + (c - 0x30);
  }
  if (i === rowStart || i !== ref.length || row === 0) return undefined;
  return { row, col };
}

/** "A1:C3" or "B2" as a box; undefined when it is not one. */
function boxOf(ref: string): Box | undefined {
  const colon = ref.indexOf(':');
  const a = cellOf(colon < 0 ? ref : ref.slice(0, colon));
  const b = colon < 0 ? a : cellOf(ref.slice(colon + 1));
  if (!a || !b) return undefined;
  return { top: Math.min(a.row, b.row), left: Math.min(a.col, b.col), bottom: Math.max(a.row, b.row), right: Math.max(a.col, b.col) };
}

/**
 * Reads a worksheet's XML as it streams out of the zip, with the XML parser exceljs itself uses (saxes),
 * so it sees the same elements and attributes, entities and all: the declared dimension, merged ranges,
 * data validations' ranges and column spans. Throws, before exceljs sees the file, a FieldError when one
 * reaches past the limits above. Linear in the sheet's size.
 */
async function sheetGuard(): Promise<{ write: (chunk: Buffer) => void; end: () => void }> {
  const { SaxesParser } = await import('saxes');
  const parser = new SaxesParser();
  const decoder = new TextDecoder('utf-8');
  const limits = { rows: SHEET_ROWS, cols: SHEET_COLUMNS, cells: EXPANDED_CELLS_MAX };
  const beyond = () => FieldError.one('file', 'import_sheet_range', limits);
  let problem: FieldError | undefined;
  let merges = 0;
  let cells = 0;
  // each range within the sheet's bounds; `counted` ones add their cells to the budget
  const range = (ref: string, counted: boolean) => {
    const box = boxOf(ref);
    if (!box) problem ??= new FieldError({ file: [{ key: 'import_unreadable' }] });
    else if (box.bottom > SHEET_ROWS || box.right > SHEET_COLUMNS) problem ??= beyond();
    else if (counted) {
      cells += (box.bottom - box.top + 1) * (box.right - box.left + 1);
      if (cells > EXPANDED_CELLS_MAX) problem ??= beyond();
    }
  };
  parser.on('opentag', (tag) => {
    if (problem) return;
    const attr = (name: string) => tag.attributes[name] ?? '';
    // exceljs matches names as written, prefix and all; the local name is matched too, to be safe
    const name = tag.name.slice(tag.name.indexOf(':') + 1);
    if (name === 'dimension') range(attr('ref'), false);
    else if (name === 'mergeCell') {
      if (++merges > MERGES_MAX) problem ??= beyond();
      else range(attr('ref'), true);
    } else if (name === 'dataValidation') {
      for (const ref of attr('sqref').split(' ')) if (ref !== '') range(ref, true);
    } else if (name === 'col') {
      // exceljs reads them with parseInt and makes a column object for each up to the highest max
      for (const n of [attr('min'), attr('max')]) if ((Number.parseInt(n || '0', 10) || 0) > EXCEL_COLUMNS) problem ??= beyond();
    }
  });
  parser.on('error', () => {
    problem ??= new FieldError({ file: [{ key: 'import_unreadable' }] });
  });
  return {
    write(chunk) {
      if (!problem) parser.write(decoder.decode(chunk, { stream: true }));
      if (problem) throw problem;
    },
    end() {
      if (!problem) parser.write(decoder.decode()).close();
      if (problem) throw problem;
    },
  };
}

/**
 * Inflates every entry once, counting, and stops at the budget: the sizes a zip declares can lie, the
 * bytes that come out cannot (4 MB can unpack to 1.1 GB inside exceljs). Worksheets are
 * read on the way by sheetGuard.
 */
async function checkXlsx(data: Buffer): Promise<void> {
  const { default: JSZipModule } = await import('jszip');
  let zip: JSZip;
  try {
    zip = await JSZipModule.loadAsync(data);
  } catch {
    throw new FieldError({ file: [{ key: 'import_unreadable' }] });
  }
  const entries = Object.values(zip.files).filter((f) => !f.dir);
  const tooLarge = () => FieldError.one('file', 'import_too_large', { max: `${UNPACKED_MAX / 1024 / 1024} MB` });
  if (entries.length > ENTRIES_MAX) throw tooLarge();
  let total = 0;
  for (const entry of entries) {
    const guard = WORKSHEET_ENTRY.test(entry.name) ? await sheetGuard() : undefined;
    await new Promise<void>((resolve, reject) => {
      const stream = entry.nodeStream('nodebuffer');
      const stop = (e: unknown) => {
        stream.pause();
        reject(e);
      };
      stream
        .on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (total > UNPACKED_MAX) return stop(tooLarge());
          try {
            guard?.write(chunk);
          } catch (e) {
            stop(e);
          }
        })
        .on('error', () => reject(new FieldError({ file: [{ key: 'import_unreadable' }] })))
        .on('end', () => {
          try {
            guard?.end();
            resolve();
          } catch (e) {
            reject(e);
          }
        });
    });
  }
}

async function readXlsx(data: Buffer, width: number): Promise<SheetRow[]> {
  await checkXlsx(data);
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  try {
    // a plain ArrayBuffer: exceljs's typings declare their own `Buffer`, which Node's does not satisfy
    await wb.xlsx.load(new Uint8Array(data).buffer);
  } catch {
    throw new FieldError({ file: [{ key: 'import_unreadable' }] });
  }
  const sheet = wb.worksheets[0];
  const rows: SheetRow[] = [];
  sheet?.eachRow((row, number) => {
    rows.push({
      number,
      cells: Array.from({ length: width }, (_, i) => {
        const cell = row.getCell(i + 1);
        // a merged range's value once, in its first cell (a title across the table is one cell, not five)
        return cell.isMerged && cell.master !== cell ? null : plain(cell.value);
      }),
    });
  });
  return rows;
}

/** A cell's value without exceljs's wrappers: rich text and links become their text, formulas their result. */
function plain(v: ExcelJS.CellValue): Raw {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'object' || v instanceof Date) return v;
  if ('richText' in v) return v.richText.map((r) => r.text).join('');
  if ('hyperlink' in v) return plain(v.text as ExcelJS.CellValue);
  if ('result' in v) return plain(v.result);
  if ('error' in v) return v.error;
  return null;
}

/**
 * RFC 4180 by hand rather than exceljs's CSV reader: that one turns "0021004" into 21004 and
 * date-like text into Dates. Quoted fields may hold commas, doubled quotes and line breaks; every line
 * is a row (blank ones too), so row numbers match what a spreadsheet shows.
 */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(field);
    rows.push(row);
    row = [];
    field = '';
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' || ch === '\n') {
      endRow();
      if (ch === '\r' && text[i + 1] === '\n') i++;
    } else field += ch;
    i++;
  }
  // the last line, unless the text ended with its line break
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/** Integers as their digits (2021001, never 2021001.0 or 2.021001e6); dates as YYYY-MM-DD HH:mm. */
function toText(v: Raw): string {
  if (v === null) return '';
  if (v instanceof Date) return formatDate(v, true);
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v).toString() : String(v);
  return String(v).trim();
}

/**
 * exceljs hands date cells over as Dates whose UTC fields are the wall clock; Excel keeps times as day
 * fractions, so round to the second first (08:30 would otherwise read 08:29:59.999).
 */
function formatDate(d: Date, withTime: boolean): string {
  const r = new Date(Math.round(d.getTime() / 1000) * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  const day = `${String(r.getUTCFullYear()).padStart(4, '0')}-${p(r.getUTCMonth() + 1)}-${p(r.getUTCDate())}`;
  return withTime ? `${day} ${p(r.getUTCHours())}:${p(r.getUTCMinutes())}` : day;
}

function isCalendarDate(ymd: string): boolean {
  const m = YMD.exec(ymd);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** The date as YYYY-MM-DD; '' when empty, null when not a date. */
function dateOf(v: Raw): string | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : formatDate(v, false);
  const s = typeof v === 'string' ? v.trim() : toText(v);
  if (s === '') return '';
  return typeof v === 'string' && isCalendarDate(s) ? s : null;
}

/** '' when empty, null when not one of the accepted words. */
function boolOf(v: Raw): boolean | '' | null {
  if (typeof v === 'boolean') return v;
  const s = toText(v).toLowerCase();
  if (s === '') return '';
  return TRUE.has(s) ? true : FALSE.has(s) ? false : null;
}

/** 'YYYY-MM-DD HH:mm' (seconds dropped), '' when empty, null when not such a time. */
function uptimeOf(v: Raw): string | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : formatDate(v, true);
  if (typeof v !== 'string' && v !== null) return null;
  const s = toText(v);
  if (s === '') return '';
  const m = YMD_HM.exec(s);
  if (!m || !isCalendarDate(m[1]!)) return null;
  if (Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4] ?? 0) > 59) return null;
  return `${m[1]} ${m[2]}:${m[3]}`;
}

/** 0–3; empty is 0; null when anything else. */
function dosesOf(v: Raw): number | null {
  const s = toText(v);
  if (s === '') return 0;
  if (!/^\d$/.test(s)) return null;
  const n = Number(s);
  return n <= 3 ? n : null;
}
