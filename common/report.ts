import type { Lang } from './enums.ts';
import { YEARS } from './fields.ts';

// The achievement report (成果统计): the kinds it counts, as Chinese annual reports
// name them, and the summary the console draws. Shared by the server (files, API) and the console.

/** What the report counts: publications by where they appeared, the registers of patents, awards and projects. */
export const reportKinds = [
  { value: 'journal', zh: '期刊论文', en: 'Journal articles' },
  { value: 'conference', zh: '会议论文', en: 'Conference papers' },
  // monographs, theses, preprints, software and web pages the bibliography lists
  { value: 'other', zh: '其他论著', en: 'Other publications' },
  { value: 'patent', zh: '专利', en: 'Patents' },
  { value: 'software', zh: '软件著作权', en: 'Software copyrights' },
  { value: 'award', zh: '获奖', en: 'Awards' },
  { value: 'project', zh: '科研项目', en: 'Research projects' },
] as const;

export type ReportKind = (typeof reportKinds)[number]['value'];
export const reportKindValues = reportKinds.map((k) => k.value) as [ReportKind, ...ReportKind[]];
export const publicationKinds: readonly ReportKind[] = ['journal', 'conference', 'other'];

export const reportKindLabel = (kind: ReportKind, lang: Lang) => reportKinds.find((k) => k.value === kind)?.[lang] ?? kind;

/**
 * Which years a record counts in, said on the report's screen and in its files: a project in every year it
 * runs, so the by-year rows of projects may add up to more than the projects (each counted once in a total).
 */
export const reportYearRule = {
  zh: '计年规则：论文和获奖计入其年份；专利计入授权年份（尚未授权的计入申请年份）；科研项目计入执行期内的每一年（起始年份至结束年份，未填结束年份的计至统计期末），因此按年份的项目数之和可能多于项目数，合计中每个项目只计一次。',
  en: 'How years are counted: a publication or an award in its year; a patent in its grant year (its filing year until granted); a research project in every year it runs, from its start year to its end year (no end year: to the end of the period), so the projects by year may add up to more than the projects, each counted once in the totals.',
} as const;

/** The group of records without a venue rank (the only one until a rank source is given). */
export const UNRANKED = 'unranked';

/** Counts of one row of a table, by kind; `total` is their sum. */
export type KindCounts = { counts: Partial<Record<ReportKind, number>>; total: number };

export type ReportSummary = {
  from: number;
  to: number;
  kinds: ReportKind[];
  total: number;
  byKind: KindCounts;
  byYear: ({ year: number } & KindCounts)[];
  /** Publications only: the other kinds have no area. */
  byArea: ({ area: string; zh: string; en: string } & KindCounts)[];
  byMember: ({ pid: number; name_zh: string; name_en: string } & KindCounts)[];
  /** Publications by venue rank; absent when the report was made without a rank source. */
  byRank?: ({ rank: string } & KindCounts)[];
};

/** Limits of a report's choices (the API refuses more). */
export const reportLimits = { minYear: YEARS.min, maxYear: YEARS.max, members: 200 } as const;
