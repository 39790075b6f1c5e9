import type { PinganBase, PinganToday, PinganYesterday, ReportRow } from '../../../../common/advisor.ts';
import { api, request, toForm } from '../../../console/api.ts';

// The pingan page's calls, those of SPEC §7 (docs/advisor.md) under one advisor's area: GET ?mount=1|2|3
// (the base, today's reminder, yesterday's report), PUT ?remind=0 (cookie and parameters), PUT ?remind=1
// (today's reminders recorded) and POST import/ (an export file when the upstream is unused).

/** The parameters as PUT ?remind=0 takes them: the figures as typed, a move as JSON or '' for none. */
export type ParamsBody = { selfdez: string; selfdyz: string; xwzs: string; lixiao_temp: string; fanxiao_temp: string };

export function pinganCalls(advisor: string | undefined) {
  const path = `/api${advisor}/pingan/`;
  return {
    base: (date: string) => api.get<PinganBase>(`${path}?mount=1&date=${date}`),
    today: (date: string) => api.get<PinganToday>(`${path}?mount=2&date=${date}`),
    yesterday: (date: string, dateYes: string) => api.get<PinganYesterday>(`${path}?mount=3&date=${date}&date_yes=${dateYes}`),
    saveCookie: (cookie: string) => api.send('PUT', `${path}?remind=0`, { cookie }),
    saveParams: (params: ParamsBody) => api.send('PUT', `${path}?remind=0`, params),
    importFile: (file: File) => request<{ rows: number; dates: string[] }>('POST', `${path}import/`, { form: toForm({ file }) }),
    /** Records that everyone in `rows` was reminded on `date`. */
    record: (date: string, rows: ReportRow[]) =>
      api.send('PUT', `${path}?remind=1&date=${date}`, { remind: JSON.stringify(rows.map((r) => ({ xgh: r.xgh, realname: r.realname }))) }),
  };
}

export type PinganCalls = ReturnType<typeof pinganCalls>;
