// Moments (a record's "publish at"): ISO 8601 with an offset on the wire, one normalized
// form in the database, UTC 'YYYY-MM-DDTHH:MM:SS.sssZ', whose text order is time order on both
// databases. The console edits them as the lab's wall-clock time (Beijing, UTC+8 all year).

const INSTANT_RE = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(\.\d{1,9})?)?(Z|[+-](?:[01]\d|1[0-4]):[0-5]\d)$/;

/** The stored form of an ISO 8601 moment with its offset (seconds and fraction optional), or null when it is not one. */
export function normalizeInstant(s: string): string | null {
  const m = INSTANT_RE.exec(s);
  if (!m) return null;
  const [, date, hh, mm, ss = '00', frac = '', zone] = m;
  // Date is lenient (2025-02-30 is 2 March): the day must exist as written
  if (new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) return null;
  const d = new Date(`${date}T${hh}:${mm}:${ss}${frac.slice(0, 4)}${zone}`);
  if (Number.isNaN(d.getTime())) return null;
  const year = d.getUTCFullYear();
  // four-digit years keep the stored text one length, so that its order is time order
  return year < 1000 || year > 9999 ? null : d.toISOString();
}

/** The lab's time zone, Asia/Shanghai: the console's "publish at" and the seminar times are in it. China keeps no daylight saving time. */
const LAB_OFFSET = '+08:00';
const LAB_OFFSET_MS = 8 * 3600 * 1000;

/** A moment as the lab's wall-clock time, 'YYYY-MM-DDTHH:MM:SS' (a datetime-local input's value); '' for none. */
export function toLabLocal(iso: unknown): string {
  if (typeof iso !== 'string' || iso === '') return '';
  const t = new Date(iso).getTime();
  return Number.isNaN(t) ? '' : new Date(t + LAB_OFFSET_MS).toISOString().slice(0, 19);
}

/** The lab's wall-clock time ('YYYY-MM-DDTHH:MM' or with seconds) as a moment with its offset; '' stays '' (none). */
export function fromLabLocal(local: string): string {
  if (local === '') return '';
  return `${local.length === 16 ? `${local}:00` : local}${LAB_OFFSET}`;
}

/** The year it is in the lab's time zone (a project is ongoing through its end year there). */
export const labYear = (now: Date = new Date()) => Number(toLabLocal(now.toISOString()).slice(0, 4));

/** A moment as the lab's wall-clock time for reading, 'YYYY-MM-DD HH:MM'. */
export function labTime(iso: unknown): string {
  return toLabLocal(iso).slice(0, 16).replace('T', ' ');
}
