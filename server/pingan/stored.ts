import type { DB } from '../db/database.ts';
import type { PinganSource, StudentReport } from './source.ts';

// The import source: reports the advisor imported from the reporting system's export (import-file.ts
// reads the file, the advisor service stores its rows in advisor_report), served by date.

export function storedSource(db: DB): PinganSource {
  return {
    kind: 'import',
    async day(date) {
      const rows = await db.selectFrom('advisor_report').selectAll().where('date', '=', date).orderBy('xgh').execute();
      if (rows.length === 0) return { ok: false, failure: 'no_data' };
      const students: StudentReport[] = rows.map((r) => ({
        xgh: r.xgh,
        realname: r.realname,
        reported: r.reported === 1,
        uptime: r.uptime,
        status: r.status,
        abnormal: r.abnormal === 1,
        doses: r.doses,
      }));
      return { ok: true, report: { date, students } };
    },
  };
}
