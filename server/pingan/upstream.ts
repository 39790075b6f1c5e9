import { z } from 'zod';
import { isAbnormal, type PinganSource, type SourceFailure, type SourceResult, type StudentReport } from './source.ts';

// The reporting system over HTTP, as docs/advisor.md "The upstream contract" describes it. The cookie
// is the advisor's login to that system: it goes into the request header and nowhere else — this
// module logs nothing and no error or result carries it.

const MAX_BODY = 10 * 1024 * 1024;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Optional text that may be null; null and absent both become ''. */
const optionalText = (text: z.ZodString) => text.nullish().transform((s) => s ?? '');

const UpstreamStudentSchema = z.object({
  xgh: z.string().trim().min(1).max(40),
  realname: z.string().trim().min(1).max(50),
  reported: z.boolean(),
  uptime: optionalText(z.string().trim()),
  status: optionalText(z.string().trim().max(40)),
  doses: z.number().int().min(0).max(3).default(0),
});

const UpstreamDaySchema = z.object({
  date: z.string().regex(DATE),
  students: z.array(UpstreamStudentSchema).max(5000),
});

const fail = (failure: SourceFailure): SourceResult => ({ ok: false, failure });

/** Header values may not hold CR, LF or NUL, nor characters beyond Latin-1 (fetch would throw). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: exactly those characters are refused
const BAD_HEADER_VALUE = /[\r\n\0]|[^\u0000-\u00ff]/;

export function createUpstreamSource(opts: { url: string; timeoutMs: number }): PinganSource {
  return {
    kind: 'upstream',
    async day(date, cookie) {
      const value = cookie.trim();
      if (value === '' || BAD_HEADER_VALUE.test(value)) return fail('cookie_rejected');
      const url = new URL(opts.url);
      url.searchParams.set('date', date);
      const signal = AbortSignal.timeout(opts.timeoutMs);
      try {
        const res = await fetch(url, {
          headers: { Cookie: value, Accept: 'application/json' },
          redirect: 'manual',
          signal,
        });
        const refused = res.status === 401 || res.status === 403 || (res.status >= 300 && res.status < 400);
        // status 0 is what a manual redirect looks like where fetch hides it (opaqueredirect)
        if (refused || res.type === 'opaqueredirect') return await discard(res, 'cookie_rejected');
        if (res.status < 200 || res.status >= 300) return await discard(res, 'upstream_error');
        const body = await readLimited(res, MAX_BODY);
        if (body === null) return fail('malformed');
        return parseDay(body, date);
      } catch {
        // the timeout may strike while headers or body are read; anything else is the network
        return fail(signal.aborted ? 'timeout' : 'unreachable');
      }
    },
  };
}

/** Drops an answer's body (so the connection is freed) and reports `failure`. */
async function discard(res: Response, failure: SourceFailure): Promise<SourceResult> {
  await res.body?.cancel().catch(() => {});
  return fail(failure);
}

/** The body's bytes, or null once it grows past `limit` (the rest is not read). */
async function readLimited(res: Response, limit: number): Promise<Uint8Array | null> {
  const declared = Number(res.headers.get('content-length'));
  if (declared > limit) {
    await res.body?.cancel().catch(() => {});
    return null;
  }
  if (!res.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function parseDay(body: Uint8Array, date: string): SourceResult {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    return fail('malformed');
  }
  const parsed = UpstreamDaySchema.safeParse(json);
  // an answer for another day is not an answer for this one
  if (!parsed.success || parsed.data.date !== date) return fail('malformed');
  const students: StudentReport[] = parsed.data.students.map((s) => ({
    xgh: s.xgh,
    realname: s.realname,
    reported: s.reported,
    uptime: s.uptime,
    status: s.status,
    abnormal: isAbnormal(s.status),
    doses: s.doses,
  }));
  return { ok: true, report: { date, students } };
}
