// The advisor's daily health reports (SPEC §2 pingan, §3 "Advisor reminder data") come from a data
// source: the university's reporting system over HTTP (upstream.ts), or a file exported from it and
// imported here (import-file.ts reads it; the rows are stored and served by the advisor service).
// Every source answers the same question: the class's reports for one date.

import type { SourceFailure } from '../../common/advisor.ts';

/** One student's report for one date, as every source delivers it. */
export type StudentReport = {
  /** Student ID (学工号). */
  xgh: string;
  realname: string;
  /** Whether the student has submitted the day's report. */
  reported: boolean;
  /** When the report was submitted, 'YYYY-MM-DD HH:mm'; '' when not reported. */
  uptime: string;
  /** The report's health status as the system words it ('正常' when normal); '' when not reported. */
  status: string;
  /** Whether that status is anything but normal. */
  abnormal: boolean;
  /** Vaccine doses on record, 0–3. */
  doses: number;
};

export type DayReport = { date: string; students: StudentReport[] };

// Why a source has no answer: `cookie_rejected` and `timeout` mean the stored cookie needs updating
// (the page shows "needs update"); `no_data`: nothing is configured or imported for the date.
export type { SourceFailure };

export type SourceResult = { ok: true; report: DayReport } | { ok: false; failure: SourceFailure };

export interface PinganSource {
  readonly kind: 'upstream' | 'import';
  /** The reports for `date` (YYYY-MM-DD); `cookie` is the advisor's stored cookie ('' when none). */
  day(date: string, cookie: string): Promise<SourceResult>;
}

/** Statuses that count as normal (compared without case); anything else (non-empty) is abnormal. */
const NORMAL_STATUSES = ['正常', 'normal', '健康', 'healthy'];

export const isAbnormal = (status: string) => status.trim() !== '' && !NORMAL_STATUSES.includes(status.trim().toLowerCase());
