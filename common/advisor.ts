import { z } from 'zod';
import type { Lang } from './enums.ts';

// The class-advisor area's shared vocabulary (SPEC §3 "Advisor reminder data", §7 advisor calls):
// the answer of GET /api{advisor}/pingan/, the name-list check and the zero-report text. The server
// builds the answer, the advisor's pages read it; docs/advisor.md explains every field.

/** A row of the reminder and zero-report tables (SPEC §3: realname, xgh, uptime, status). */
const ReportRowSchema = z.strictObject({ realname: z.string(), xgh: z.string(), uptime: z.string(), status: z.string() });
export type ReportRow = z.infer<typeof ReportRowSchema>;
const DateCountSchema = z.strictObject({ date: z.string(), count: z.number().int() });
export type DateCount = z.infer<typeof DateCountSchema>;
const RemindCountSchema = z.strictObject({ xgh: z.string(), realname: z.string(), count: z.number().int() });
export type RemindCount = z.infer<typeof RemindCountSchema>;

/** Why the day's data could not be had (server/pingan/source.ts). */
const sourceFailures = ['cookie_rejected', 'timeout', 'unreachable', 'upstream_error', 'malformed', 'no_data'] as const;
export type SourceFailure = (typeof sourceFailures)[number];

/** What mount=1 answers, and what every answer carries. */
const pinganBase = {
  cookie: z.string(),
  /** The stored cookie is missing, or the data source refused it or timed out: it needs updating. */
  refresh_cookie: z.boolean(),
  /** Whether PINGAN_UPSTREAM_URL is configured (else imported files are the only source). */
  upstream: z.boolean(),
  selfdez: z.number().int(),
  selfdyz: z.number().int(),
  xwzs: z.number().int(),
  /** Leave and return counts by date for the month up to `date`. */
  lixiao: z.record(z.string(), z.number().int()),
  fanxiao: z.record(z.string(), z.number().int()),
  lixiao_month: z.array(DateCountSchema),
  fanxiao_month: z.array(DateCountSchema),
  /** Cumulative reminder counts, the top 10. */
  remind: z.array(RemindCountSchema),
  /** Student IDs already recorded as reminded on `date`. */
  remind_today: z.array(z.string()),
  /** Dates with imported reports, newest first (at most 31). */
  imported_dates: z.array(z.string()),
};
export const PinganBaseSchema = z.strictObject(pinganBase);
export type PinganBase = z.infer<typeof PinganBaseSchema>;

/** The day's figures (mount=2 for `date`, mount=3 for `date_yes`). */
const pinganDay = {
  date: z.string(),
  /** Where the figures came from; null when no source had them (see source_error). */
  source: z.enum(['upstream', 'import']).nullable(),
  source_error: z.enum(sourceFailures).nullable(),
  zrs: z.number().int(),
  xzs: z.number().int(),
  zxrs: z.number().int(),
  dez: z.number().int(),
  dyz: z.number().int(),
};
export type PinganDay = z.infer<z.ZodObject<typeof pinganDay>>;

export const PinganTodaySchema = z.strictObject({
  ...pinganBase,
  ...pinganDay,
  weishangbao: z.array(ReportRowSchema),
  weishangbao_name: z.string(),
  num_weishangbao: z.number().int(),
});
export type PinganToday = z.infer<typeof PinganTodaySchema>;
export const PinganYesterdaySchema = z.strictObject({
  ...pinganBase,
  ...pinganDay,
  weishangbao_yes: z.array(ReportRowSchema),
  buzhengchang_yes: z.array(ReportRowSchema),
});
export type PinganYesterday = z.infer<typeof PinganYesterdaySchema>;

/** Where the names of a preview came from: pasted, or a file's column found by its header or as the one that looks like names. */
const NamesSourceSchema = z.union([
  z.strictObject({ kind: z.literal('paste') }),
  z.strictObject({ kind: z.literal('header'), column: z.string(), header: z.string(), row: z.number().int() }),
  z.strictObject({ kind: z.literal('guess'), column: z.string() }),
]);

/** What replacing a list would change: who comes in, who goes, how many stay; `base` is the version it is based on. */
const nameChange = {
  list: z.string(),
  count: z.number().int(),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  kept: z.number().int(),
  base: z.string(),
};

/** POST /api{advisor}/info/preview/: the names read and the change against the stored list; nothing is saved. */
export const NamePreviewSchema = z.strictObject({ ...nameChange, names: z.array(z.string()), source: NamesSourceSchema });
export type NamePreview = z.infer<typeof NamePreviewSchema>;

const nameVersionReasons = ['save', 'import', 'restore'] as const;
const NameVersionRowSchema = z.strictObject({ id: z.number().int(), at: z.string(), reason: z.enum(nameVersionReasons), count: z.number().int() });
export type NameVersionRow = z.infer<typeof NameVersionRowSchema>;
/** GET /api{advisor}/info/versions/?list=: a list's earlier versions, newest first. */
export const NameVersionsSchema = z.strictObject({ list: z.string(), versions: z.array(NameVersionRowSchema) });
/** GET /api{advisor}/info/versions/{id}/: one earlier version and what restoring it would change. */
export const NameVersionSchema = z.strictObject({
  ...nameChange,
  id: z.number().int(),
  at: z.string(),
  reason: z.enum(nameVersionReasons),
  names: z.array(z.string()),
});
export type NameVersion = z.infer<typeof NameVersionSchema>;
/** What a confirmed import or restore changed. */
export const NameSavedSchema = z.strictObject({ count: z.number().int(), added: z.number().int(), removed: z.number().int(), kept: z.number().int() });

/** The date in China (the reporting system's day), YYYY-MM-DD. */
export function chinaDate(at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Names pasted one per line: trimmed, blanks and repeats dropped. */
export function pastedNames(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/** What replacing a list with `next` changes: who comes in, who goes, how many stay. */
export type NameDiff = { added: string[]; removed: string[]; kept: number };

export function diffNames(current: readonly string[], next: readonly string[]): NameDiff {
  const now = new Set(current);
  const then = new Set(next);
  return { added: next.filter((n) => !now.has(n)), removed: current.filter((n) => !then.has(n)), kept: next.filter((n) => now.has(n)).length };
}

export type NameCheck = { total: number; reported: number; unreported: number; unreportedNames: string[]; notOnList: string[] };

/** The name-list checker: who on `list` is missing from the pasted names, and who pasted is not on it. */
export function checkNames(list: readonly string[], pasted: readonly string[]): NameCheck {
  const have = new Set(pasted);
  const on = new Set(list);
  const unreportedNames = list.filter((n) => !have.has(n));
  return {
    total: list.length,
    reported: list.length - unreportedNames.length,
    unreported: unreportedNames.length,
    unreportedNames,
    notOnList: pasted.filter((n) => !on.has(n)),
  };
}

const names = (rows: ReportRow[], lang: Lang) =>
  rows.length === 0 ? '' : lang === 'zh' ? `（${rows.map((r) => r.realname).join('、')}）` : ` (${rows.map((r) => r.realname).join(', ')})`;

/** Yesterday's zero report, the text the advisor pastes into the college's group (SPEC §2). */
export function zeroReport(lang: Lang, d: PinganYesterday): string {
  const left = d.lixiao[d.date] ?? 0;
  const back = d.fanxiao[d.date] ?? 0;
  if (lang === 'zh') {
    return [
      `【${d.date} 零报告】`,
      `本班应到 ${d.zrs} 人，在校 ${d.zxrs} 人，校外住宿 ${d.xwzs} 人；当日离校 ${left} 人，返校 ${back} 人。`,
      `健康上报：已上报 ${d.xzs} 人，未上报 ${d.weishangbao_yes.length} 人${names(d.weishangbao_yes, lang)}；健康状况异常 ${d.buzhengchang_yes.length} 人${names(d.buzhengchang_yes, lang)}。`,
      `疫苗接种：第一针 ${d.dyz} 人（自报 ${d.selfdyz} 人），第二针 ${d.dez} 人（自报 ${d.selfdez} 人）。`,
      d.weishangbao_yes.length === 0 && d.buzhengchang_yes.length === 0 ? '全员已上报，无异常情况。' : '其余同学均已上报，无其他异常情况。',
    ].join('\n');
  }
  return [
    `[Zero report, ${d.date}]`,
    `Headcount ${d.zrs}, on campus ${d.zxrs}, living off campus ${d.xwzs}; left campus that day ${left}, returned ${back}.`,
    `Health reports: ${d.xzs} submitted, ${d.weishangbao_yes.length} not submitted${names(d.weishangbao_yes, lang)}; ${d.buzhengchang_yes.length} with an abnormal status${names(d.buzhengchang_yes, lang)}.`,
    `Vaccination: first dose ${d.dyz} (self-reported ${d.selfdyz}), second dose ${d.dez} (self-reported ${d.selfdez}).`,
    d.weishangbao_yes.length === 0 && d.buzhengchang_yes.length === 0
      ? 'Everyone reported; nothing abnormal.'
      : 'Everyone else reported; nothing else abnormal.',
  ].join('\n');
}
