import { isMainThread, Worker } from 'node:worker_threads';
import type { Lang } from '../../common/enums.ts';
import type { PublicPublication } from '../../common/wire.ts';
import { workerFile } from '../worker-file.ts';
import { areas, enumLabel, publicationTypes } from '../../common/enums.ts';
import { type KindCounts, publicationKinds, type ReportKind, reportKindLabel, reportKinds, reportYearRule, UNRANKED } from '../../common/report.ts';
import { awardLevels } from '../../common/resources/award.ts';
import { patentKinds, patentStatuses } from '../../common/resources/patent.ts';
import { projectLevels } from '../../common/resources/project.ts';
import { plainItems, referencesIn } from './citations.ts';
import { renderCustom } from './csl/custom-styles.ts';
import { DEFAULT_GBT_STYLE, shippedStyle } from './csl/styles.ts';
import { type NamedPerson, personName, type Report, type ReportItem, summaryOf } from './report.ts';

// The achievement report's files: a workbook (a summary sheet and a sheet per kind),
// a Word document of GB/T 7714 references grouped as Chinese annual reports group them (kind, then rank or
// level, then year; the lab's members in bold), and the same lists as CSV. exceljs and docx load with the
// first report, not with the server.

type Row = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const pair = (r: Row, field: string, lang: Lang) =>
  lang === 'zh' ? str(r[`${field}_zh`]) || str(r[`${field}_en`]) : str(r[`${field}_en`]) || str(r[`${field}_zh`]);

const words = {
  zh: {
    title: '成果统计',
    period: '统计期间',
    generated: '生成时间',
    summary: '汇总',
    year: '年份',
    kind: '类别',
    area: '方向',
    member: '成员',
    rank: '级别',
    total: '合计',
    none: '（无）',
    unranked: '未分级',
    citation: (style: string) => `引用（${style}）`,
    people: '人员',
    titleCol: '题名',
    venue: '发表平台',
    type: '类型',
    doi: 'DOI',
    level: '级别',
    issuer: '颁发单位',
    number: '专利号 / 登记号',
    status: '状态',
    filed: '申请日期',
    granted: '授权（登记）日期',
    funder: '资助机构',
    programme: '项目类别',
    grant: '项目编号',
    start: '起始年份',
    end: '结束年份',
    amount: '经费（万元）',
    byYear: '按年份',
    byArea: '按方向（论文）',
    byMember: '按成员',
    byRank: '按级别（论文）',
    since: (y: number) => `${y}–`,
    countedIn: '计入年份（项目：执行期内每年）',
  },
  en: {
    title: 'Achievement report',
    period: 'Period',
    generated: 'Generated',
    summary: 'Summary',
    year: 'Year',
    kind: 'Kind',
    area: 'Area',
    member: 'Member',
    rank: 'Rank',
    total: 'Total',
    none: '(none)',
    unranked: 'Unranked',
    citation: (style: string) => `Reference (${style})`,
    people: 'People',
    titleCol: 'Title',
    venue: 'Venue',
    type: 'Type',
    doi: 'DOI',
    level: 'Level',
    issuer: 'Issuer',
    number: 'Number',
    status: 'Status',
    filed: 'Filed on',
    granted: 'Granted on',
    funder: 'Funder',
    programme: 'Programme',
    grant: 'Grant number',
    start: 'Start year',
    end: 'End year',
    amount: 'Funding (10,000 CNY)',
    byYear: 'By year',
    byArea: 'By area (publications)',
    byMember: 'By member',
    byRank: 'By venue rank (publications)',
    since: (y: number) => `${y}–`,
    countedIn: 'Counted in (a project: every year it runs)',
  },
} as const;

/** The names of a record's people in the report's language, each marked when a lab member. */
function namesOf(report: Report, people: readonly NamedPerson[], lang: Lang): { name: string; member: boolean }[] {
  return people.map((p) => {
    const m = p.pid === undefined ? undefined : report.people.get(p.pid);
    // a publication's author is named as the paper names them; a people field's member by their name now
    return { name: p.name || (m ? personName(m, lang) : ''), member: m !== undefined };
  });
}

/** A group's heading: a venue rank as its source names it, a level or status in the report's language. */
function groupLabel(kind: ReportKind, group: string, lang: Lang): string {
  if (group === UNRANKED) return words[lang].unranked;
  if (kind === 'award') return enumLabel(awardLevels, group, lang);
  if (kind === 'project') return enumLabel(projectLevels, group, lang);
  if (kind === 'patent' || kind === 'software') return enumLabel(patentStatuses, group, lang);
  return group;
}

/** A run of a reference: the lab's members are set in bold. */
type Run = { text: string; bold?: boolean };

const sep = (lang: Lang) => (lang === 'zh' ? '，' : ', ');
const joinNames = (names: { name: string; member: boolean }[]): Run[] =>
  names.flatMap((n, i) => [...(i > 0 ? [{ text: ', ' }] : []), { text: n.name, ...(n.member ? { bold: true } : {}) }]);

/**
 * A publication's GB/T reference as runs: its authors as the reference writes them (SUN Y, 李清禾), the
 * members among them bold. The reference names the first three of more than three, then "et al." or 等.
 */
function publicationRuns(reference: string, members: readonly boolean[]): Run[] {
  const shown = Math.min(members.length, 3);
  const runs: Run[] = [];
  let at = 0;
  for (let i = 0; i < shown; i += 1) {
    const last = i === shown - 1 && members.length <= 3;
    // names end at a comma, half-width (2015) or full-width (2025), the last at its full stop
    const half = reference.indexOf(', ', at);
    const full = reference.indexOf('，', at);
    const end = last ? reference.indexOf('. ', at) : half < 0 ? full : full < 0 ? half : Math.min(half, full);
    // a name the reference writes otherwise than expected: the whole reference plain
    if (end < 0) return [{ text: reference }];
    runs.push({ text: reference.slice(at, end), ...(members[i] ? { bold: true } : {}) });
    at = end;
    const gap = last ? '' : reference.startsWith('，', end) ? '，' : ', ';
    if (gap) {
      runs.push({ text: gap });
      at += gap.length;
    }
  }
  runs.push({ text: reference.slice(at) });
  return runs.filter((r) => r.text);
}

/** A record of the registers written in the spirit of GB/T 7714: its people, its title, what it is, its year(s). */
function recordRuns(report: Report, item: ReportItem, lang: Lang): Run[] {
  const r = item.record ?? {};
  const names = joinNames(namesOf(report, item.people, lang));
  const head = names.length > 0 ? [...names, { text: '. ' }] : [];
  const title = pair(r, 'title', lang);
  if (item.kind === 'award') {
    const issuer = pair(r, 'issuer', lang);
    return [...head, { text: `${title}. ${issuer ? `${issuer}, ` : ''}${item.year}.` }];
  }
  if (item.kind === 'patent' || item.kind === 'software') {
    // 题名: 专利号[P]. 公告日期 (GB/T 7714 4.5); a registered program is [CP]
    const number = str(r.number);
    const date = r.status === 'granted' ? str(r.granted_on) || str(r.filed_on) : str(r.filed_on);
    return [...head, { text: `${title}${number ? `: ${number}` : ''}[${item.kind === 'software' ? 'CP' : 'P'}]. ${date || item.year}.` }];
  }
  // a project: its funder, programme and grant number, then its years
  const what = [pair(r, 'funder', lang), pair(r, 'programme', lang), str(r.grant_number)].filter(Boolean).join(' ');
  const end = typeof r.end_year === 'number' ? r.end_year : undefined;
  const years = end === undefined ? words[lang].since(item.year) : end === item.year ? String(item.year) : `${item.year}–${end}`;
  return [...head, { text: `${title}. ${what ? `${what}, ` : ''}${years}.` }];
}

/** From how many publications their references are written in a worker thread: below, the thread's start costs more than it saves. */
const WORKER_FROM = 300;

/** What the report's worker thread is asked (server/services/report-worker.ts). */
export type WorkerTask =
  | { task: 'references'; list: readonly PublicPublication[]; style: string }
  | { task: 'docx'; report: Report; lang: Lang; labName: string }
  | { task: 'xlsx'; report: Report; lang: Lang }
  | { task: 'csv'; report: Report; lang: Lang };

/** Items posted to the worker at a time: copying 10,000 publications into the thread at once held the event loop for about 100 ms. */
const CHUNK = 250;

/** The task's one long list (the report's items or the publications), which is posted in chunks. */
const longListOf = (task: WorkerTask): readonly unknown[] => (task.task === 'references' ? task.list : task.report.items);
const withoutLongList = (task: WorkerTask): WorkerTask =>
  task.task === 'references' ? { ...task, list: [] } : { ...task, report: { ...task.report, items: [] } };

/**
 * A task done in a worker thread of its own (server/services/report-worker.ts): its answer, or its failure.
 * The task goes over in pieces, the event loop given back between them (report-worker.ts puts them together).
 */
function offThread<T>(task: WorkerTask): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile(import.meta.url, 'report-worker'));
    let done = false;
    const finish = (outcome: () => void) => {
      if (done) return;
      done = true;
      void worker.terminate();
      outcome();
    };
    worker.once('message', (answer: { result?: T; error?: string }) =>
      finish(() => (answer.result !== undefined ? resolve(answer.result) : reject(new Error(answer.error ?? 'the report worker failed')))),
    );
    worker.once('error', (e) => finish(() => reject(e)));
    worker.once('exit', () => finish(() => reject(new Error('the report worker stopped'))));
    void (async () => {
      const list = longListOf(task);
      worker.postMessage({ head: withoutLongList(task) } satisfies WorkerMessage);
      for (let i = 0; i < list.length && !done; i += CHUNK) {
        worker.postMessage({ part: list.slice(i, i + CHUNK) } satisfies WorkerMessage);
        await new Promise((next) => setImmediate(next));
      }
      if (!done) worker.postMessage({ end: true } satisfies WorkerMessage);
    })();
  });
}

/** What the worker thread is posted: the task without its long list, the list in parts, then the end. */
export type WorkerMessage = { head: WorkerTask } | { part: readonly unknown[] } | { end: true };

/** The task the worker's messages make up again. */
export function joinTask(head: WorkerTask, parts: readonly (readonly unknown[])[]): WorkerTask {
  const list = parts.flat();
  return head.task === 'references' ? { ...head, list: list as PublicPublication[] } : { ...head, report: { ...head.report, items: list as Report['items'] } };
}

/** References of publications in a shipped style (the site's GB/T style unless named), written in a worker thread. */
export const referencesOffThread = (list: readonly PublicPublication[], style = DEFAULT_GBT_STYLE) => offThread<string[]>({ task: 'references', list, style });

/** How long an administrator's own style may take for a report: its time bound, and about 20 ms more a reference. */
const customLimits = (n: number) => ({ ms: 5000 + 20 * n, heapMb: 512 });

/** The report's references in its style: a shipped one's by the CSL processor (in a worker thread for many), an administrator's own always in one. */
async function styledReferences(report: Report, pubs: readonly PublicPublication[]): Promise<string[]> {
  const { style } = report;
  if (style?.xml) return renderCustom(style.xml, plainItems(pubs), 'style', customLimits(pubs.length));
  const id = style?.id ?? DEFAULT_GBT_STYLE;
  return offThreadFor(report) ? referencesOffThread(pubs, id) : referencesIn(pubs, shippedStyle(id));
}

/** Whether a report's references are written (and its document packed) in a worker thread: many, and not in one already. */
const offThreadFor = (report: Report) => isMainThread && report.items.filter((i) => i.publication).length >= WORKER_FROM;

/** Every item's reference as runs, in the report's order; publications' by the CSL processor (in a worker thread for many). */
async function referencesOf(report: Report, lang: Lang): Promise<Run[][]> {
  const pubs = report.items.flatMap((i) => (i.publication ? [i.publication] : []));
  const refs = await styledReferences(report, pubs);
  let n = 0;
  return report.items.map((item) => {
    if (!item.publication) return recordRuns(report, item, lang);
    const ref = refs[n] ?? '';
    n += 1;
    return publicationRuns(
      ref,
      item.people.map((p) => p.pid !== undefined),
    );
  });
}

const plain = (runs: readonly Run[]) => runs.map((r) => r.text).join('');

/** The columns of a kind's sheet and of its CSV rows: a header and each record's cells. */
type Column = { key: string; header: string; width: number; cell: (item: ReportItem) => string | number; numFmt?: string };

/** A record's number field as a number (a spreadsheet sums it), empty where it has none. */
const num = (v: unknown) => (typeof v === 'number' ? v : '');

/** The years a record counts in: a project's run within the period ("2023–2025"), another record's year. */
const countedIn = (item: ReportItem) =>
  item.span && item.span.last > item.span.first ? `${item.span.first}–${item.span.last}` : String(item.span?.first ?? item.year);

function columnsOf(report: Report, kind: ReportKind, lang: Lang): Column[] {
  const w = words[lang];
  const people = (item: ReportItem) =>
    namesOf(report, item.people, lang)
      .map((n) => n.name)
      .join(sep(lang));
  const rec = (item: ReportItem) => item.record ?? {};
  const year: Column = { key: 'year', header: w.year, width: 8, cell: (i) => i.year };
  const rank: Column[] = report.ranked ? [{ key: 'rank', header: w.rank, width: 12, cell: (i) => groupLabel(i.kind, i.group, lang) }] : [];
  if (kind === 'journal' || kind === 'conference' || kind === 'other')
    return [
      year,
      ...rank,
      { key: 'title', header: w.titleCol, width: 60, cell: (i) => i.publication?.title ?? '' },
      { key: 'people', header: w.people, width: 40, cell: people },
      { key: 'venue', header: w.venue, width: 30, cell: (i) => i.publication?.source ?? '' },
      ...(kind === 'other'
        ? [{ key: 'type', header: w.type, width: 14, cell: (i: ReportItem) => enumLabel(publicationTypes, i.publication?.type ?? '', lang) }]
        : []),
      { key: 'area', header: w.area, width: 20, cell: (i) => enumLabel(areas, i.area ?? 'none', lang) },
      { key: 'doi', header: w.doi, width: 24, cell: (i) => i.publication?.doi ?? '' },
    ];
  if (kind === 'award')
    return [
      year,
      { key: 'title', header: w.titleCol, width: 50, cell: (i) => pair(rec(i), 'title', lang) },
      { key: 'level', header: w.level, width: 14, cell: (i) => groupLabel('award', i.group, lang) },
      { key: 'issuer', header: w.issuer, width: 30, cell: (i) => pair(rec(i), 'issuer', lang) },
      { key: 'people', header: w.people, width: 40, cell: people },
    ];
  if (kind === 'patent' || kind === 'software')
    return [
      year,
      { key: 'kind', header: w.type, width: 14, cell: (i) => enumLabel(patentKinds, str(rec(i).kind), lang) },
      { key: 'number', header: w.number, width: 22, cell: (i) => str(rec(i).number) },
      { key: 'title', header: w.titleCol, width: 50, cell: (i) => pair(rec(i), 'title', lang) },
      { key: 'people', header: w.people, width: 40, cell: people },
      { key: 'status', header: w.status, width: 14, cell: (i) => groupLabel(kind, i.group, lang) },
      { key: 'filed', header: w.filed, width: 12, cell: (i) => str(rec(i).filed_on) },
      { key: 'granted', header: w.granted, width: 12, cell: (i) => str(rec(i).granted_on) },
    ];
  return [
    { key: 'start', header: w.start, width: 8, cell: (i) => i.year },
    { key: 'end', header: w.end, width: 8, cell: (i) => str(rec(i).end_year) },
    { key: 'title', header: w.titleCol, width: 50, cell: (i) => pair(rec(i), 'title', lang) },
    { key: 'level', header: w.level, width: 14, cell: (i) => groupLabel('project', i.group, lang) },
    { key: 'funder', header: w.funder, width: 26, cell: (i) => pair(rec(i), 'funder', lang) },
    { key: 'programme', header: w.programme, width: 20, cell: (i) => pair(rec(i), 'programme', lang) },
    { key: 'grant', header: w.grant, width: 18, cell: (i) => str(rec(i).grant_number) },
    { key: 'people', header: w.people, width: 40, cell: people },
    { key: 'counted', header: w.countedIn, width: 14, cell: countedIn },
    // money as a number with a number format, which a spreadsheet sums (万元, whole)
    { key: 'amount', header: w.amount, width: 12, cell: (i) => num(rec(i).amount), numFmt: '#,##0' },
  ];
}

/** The kinds chosen, in the report's order. */
const kindsOf = (report: Report) => reportKinds.map((k) => k.value).filter((k) => report.filter.kinds.includes(k));

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula: titles and
 * names are typed by anyone, so such a cell gets an apostrophe in front (as the activity export does).
 */
const inertCell = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** The tables of the summary, each a header and rows, as the summary sheet and the console show them. */
function summaryTables(report: Report, lang: Lang): { title: string; header: string[]; rows: (string | number)[][] }[] {
  const w = words[lang];
  const s = summaryOf(report);
  const kinds = kindsOf(report);
  // areas and ranks are the publications' alone
  const pubKinds = kinds.filter((k) => publicationKinds.includes(k));
  const counts = (c: KindCounts, only = kinds) => [...only.map((k) => c.counts[k] ?? 0), c.total];
  const head = (first: string, only = kinds) => [first, ...only.map((k) => reportKindLabel(k, lang)), w.total];
  return [
    { title: w.byYear, header: head(w.year), rows: [...s.byYear.map((y) => [y.year, ...counts(y)]), [w.total, ...counts(s.byKind)]] },
    { title: w.byArea, header: head(w.area, pubKinds), rows: s.byArea.map((a) => [lang === 'zh' ? a.zh : a.en, ...counts(a, pubKinds)]) },
    {
      title: w.byMember,
      header: head(w.member),
      rows: s.byMember.map((m) => [(lang === 'zh' ? m.name_zh || m.name_en : m.name_en || m.name_zh) || String(m.pid), ...counts(m)]),
    },
    ...(s.byRank
      ? [{ title: w.byRank, header: head(w.rank, pubKinds), rows: s.byRank.map((r) => [groupLabel('journal', r.rank, lang), ...counts(r, pubKinds)]) }]
      : []),
  ];
}

const sheetName = (kind: ReportKind, lang: Lang) => reportKindLabel(kind, lang).slice(0, 31);

/** The workbook: the summary's tables on its first sheet, then one sheet of records per chosen kind. */
export async function reportXlsx(report: Report, lang: Lang): Promise<Buffer> {
  // a long one in a worker thread: exceljs builds the sheets' XML synchronously
  if (offThreadFor(report)) return Buffer.from(await offThread<Uint8Array>({ task: 'xlsx', report, lang }));
  const { default: Excel } = await import('exceljs');
  const w = words[lang];
  const book = new Excel.Workbook();
  const summary = book.addWorksheet(w.summary);
  summary.addRow([`${w.title}: ${w.period} ${report.filter.from}–${report.filter.to}`]).font = { bold: true, size: 14 };
  summary.addRow([reportYearRule[lang]]).font = { italic: true };
  for (const table of summaryTables(report, lang)) {
    summary.addRow([]);
    summary.addRow([table.title]).font = { bold: true };
    summary.addRow(table.header).font = { bold: true };
    for (const row of table.rows) summary.addRow(row.map((c) => (typeof c === 'string' ? inertCell(c) : c)));
  }
  summary.getColumn(1).width = 24;
  for (let c = 2; c <= kindsOf(report).length + 2; c += 1) summary.getColumn(c).width = lang === 'zh' ? 12 : 20;
  for (const kind of kindsOf(report)) {
    const sheet = book.addWorksheet(sheetName(kind, lang));
    const columns = columnsOf(report, kind, lang);
    sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width }));
    sheet.getRow(1).font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    // a string is written as text, never as a formula; numbers (years) as numbers
    for (const item of report.items)
      if (item.kind === kind) {
        const row = sheet.addRow(
          columns.map((c) => {
            const v = c.cell(item);
            return typeof v === 'string' ? inertCell(v) : v;
          }),
        );
        columns.forEach((c, i) => {
          if (c.numFmt) row.getCell(i + 1).numFmt = c.numFmt;
        });
      }
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** RFC 4180: quoted when it holds a quote, a comma or a line break, quotes doubled; formulas made inert. */
function csvCell(v: string | number): string {
  const safe = typeof v === 'number' ? String(v) : inertCell(v);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
const csvLine = (cells: readonly (string | number)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** One CSV of every record: its kind, group, year, title, people and reference; the BOM makes Excel read UTF-8. */
export async function reportCsv(report: Report, lang: Lang): Promise<string> {
  // a long one in a worker thread: its references, and 2 MB of lines joined, would hold the event loop
  if (offThreadFor(report)) return offThread<string>({ task: 'csv', report, lang });
  const w = words[lang];
  const refs = await referencesOf(report, lang);
  const title = (item: ReportItem) => item.publication?.title ?? pair(item.record ?? {}, 'title', lang);
  // the last column says which years a record counts in (the rule: a project in every year it runs)
  const lines = [csvLine([w.kind, w.rank, w.year, w.titleCol, w.people, w.citation(report.style?.name ?? 'GB/T 7714'), w.countedIn])];
  for (const [i, item] of report.items.entries()) {
    const names = namesOf(report, item.people, lang)
      .map((n) => n.name)
      .join(sep(lang));
    lines.push(
      csvLine([
        reportKindLabel(item.kind, lang),
        report.ranked || !item.publication ? groupLabel(item.kind, item.group, lang) : '',
        item.year,
        title(item),
        names,
        plain(refs[i] ?? []),
        countedIn(item),
      ]),
    );
  }
  return `\uFEFF${lines.join('')}`;
}

/** The Word document: the title and period, then each kind, its groups (rank or level) and years, each record a numbered reference. */
export async function reportDocx(report: Report, lang: Lang, labName: string): Promise<Buffer> {
  // a long one is written and packed in a worker thread: packing 10,000 paragraphs is one synchronous step of docx
  if (offThreadFor(report)) return Buffer.from(await offThread<Uint8Array>({ task: 'docx', report, lang, labName }));
  const { Document, HeadingLevel, Packer, Paragraph, TextRun } = await import('docx');
  const w = words[lang];
  const refs = await referencesOf(report, lang);
  const font = lang === 'zh' ? { ascii: 'Times New Roman', eastAsia: 'SimSun', hAnsi: 'Times New Roman' } : 'Times New Roman';
  const children: InstanceType<typeof Paragraph>[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun({ text: `${labName ? `${labName} ` : ''}${w.title}`, font })] }),
    new Paragraph({ children: [new TextRun({ text: `${w.period}: ${report.filter.from}–${report.filter.to}`, font })] }),
    new Paragraph({ children: [new TextRun({ text: reportYearRule[lang], font, italics: true })] }),
  ];
  const heading = (text: string, level: (typeof HeadingLevel)[keyof typeof HeadingLevel]) =>
    new Paragraph({ heading: level, children: [new TextRun({ text, font })] });
  let kind: ReportKind | undefined;
  let group: string | undefined;
  let year: number | undefined;
  let n = 0;
  for (const [i, item] of report.items.entries()) {
    if (item.kind !== kind) {
      const count = report.items.filter((x) => x.kind === item.kind).length;
      children.push(heading(`${reportKindLabel(item.kind, lang)} (${count})`, HeadingLevel.HEADING_1));
      kind = item.kind;
      group = undefined;
      year = undefined;
      n = 0;
    }
    // publications are grouped by rank only when a rank source was given
    const grouped = !item.publication || report.ranked;
    if (grouped && item.group !== group) {
      children.push(heading(groupLabel(item.kind, item.group, lang), HeadingLevel.HEADING_2));
      year = undefined;
    }
    group = item.group;
    if (item.year !== year) {
      children.push(heading(String(item.year), grouped ? HeadingLevel.HEADING_3 : HeadingLevel.HEADING_2));
      year = item.year;
    }
    n += 1;
    const runs = refs[i] ?? [];
    children.push(
      new Paragraph({
        spacing: { after: 80 },
        children: [new TextRun({ text: `[${n}] `, font }), ...runs.map((r) => new TextRun({ text: r.text, font, ...(r.bold ? { bold: true } : {}) }))],
      }),
    );
  }
  if (report.items.length === 0) children.push(new Paragraph({ children: [new TextRun({ text: w.none, font })] }));
  const doc = new Document({ creator: labName || 'lab', title: w.title, sections: [{ children }] });
  return Packer.toBuffer(doc);
}
