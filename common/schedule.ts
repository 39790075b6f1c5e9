// The weekly schedule grid of SPEC §2 "private_time": 7 days by 15 periods, and the terms offered.

export const DAYS = 7;
export const PERIODS = 15;

/** Period times, 08:00 to 21:05: five in the morning, six in the afternoon, four in the evening. */
export const periodTimes: readonly (readonly [string, string])[] = [
  ['08:00', '08:45'],
  ['08:50', '09:35'],
  ['09:50', '10:35'],
  ['10:40', '11:25'],
  ['11:30', '12:15'],
  ['13:00', '13:45'],
  ['13:45', '14:30'],
  ['14:40', '15:25'],
  ['15:25', '16:10'],
  ['16:20', '17:05'],
  ['17:05', '17:50'],
  ['18:05', '18:50'],
  ['18:50', '19:35'],
  ['19:35', '20:20'],
  ['20:20', '21:05'],
];

/** The lunch break follows period 5 and the evening break period 11. */
export const breaksAfter = { lunch: 5, evening: 11 } as const;

export const TERM_RE = /^(\d{4})-(\d{4})-([12])$/;

export function isTerm(term: string): boolean {
  const m = TERM_RE.exec(term);
  return !!m && Number(m[2]) === Number(m[1]) + 1;
}

/** The term a date falls in: autumn (1) from August, spring (2) from February. */
export function termOf(date = new Date()): string {
  const y = date.getFullYear();
  const m = date.getMonth() + 1;
  if (m >= 8) return `${y}-${y + 1}-1`;
  if (m >= 2) return `${y - 1}-${y}-2`;
  return `${y - 1}-${y}-1`;
}

/** Terms offered in the term menu: the previous, the current and the next. */
export function termList(date = new Date()): string[] {
  const current = termOf(date);
  const [a, , s] = current.split('-').map(Number) as [number, number, number];
  const prev = s === 1 ? `${a - 1}-${a}-2` : `${a}-${a + 1}-1`;
  const next = s === 1 ? `${a}-${a + 1}-2` : `${a + 1}-${a + 2}-1`;
  return [next, current, prev];
}
