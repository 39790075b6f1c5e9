import type { z } from 'zod';
import type { SyncConfig } from '../config.ts';
import { Unavailable } from '../errors.ts';

// Asking a scholarly index politely: a User-Agent naming the site and a mailto (OpenAlex's
// "polite pool", Crossref's etiquette), a timeout on each request, a 429 or 5xx tried again after a backoff
// that honours Retry-After (within SYNC_MAX_WAIT_MS), and at most one request to an index per
// SYNC_INTERVAL_MS from this instance. An answer is checked against the shape the caller expects (zod): a
// timeout, a rate limit that outlasts the retries, an error status or JSON of another shape is one clear,
// bilingual Unavailable naming the index, and the caller changes nothing.

export type Index = 'OpenAlex' | 'ORCID' | 'dblp' | 'Crossref' | 'DataCite';

/** The largest body read from an index: a page of 200 works is about 2 MB. */
const MAX_BODY = 16 * 1024 * 1024;

export class Upstream {
  readonly #config: SyncConfig;
  readonly #index: Index;
  /** When the next request to this index may leave (the rate limit), as a chain every request joins. */
  #slot: Promise<void> = Promise.resolve();
  /** The User-Agent: the site and, where one is known, its contact (`mailto` is also sent as a parameter by OpenAlex's client). */
  readonly userAgent: string;

  constructor(config: SyncConfig, index: Index, mailto: string | undefined) {
    this.#config = config;
    this.#index = index;
    this.userAgent = `LabWebsite/1.0 (publication sync${mailto ? `; mailto:${mailto}` : ''})`;
  }

  /** Waits for this index's next free slot: requests leave at least intervalMs apart. */
  #turn(): Promise<void> {
    const mine = this.#slot.then(() => new Promise<void>((r) => setTimeout(r, this.#config.intervalMs)));
    const go = this.#slot;
    this.#slot = mine;
    return go;
  }

  /** The JSON at `url`, checked by `schema`; null on a 404. Unavailable (sync_*) on anything else that is not it. */
  async json<S extends z.ZodType>(url: string, schema: S): Promise<z.infer<S> | null> {
    const source = this.#index;
    for (let attempt = 0; ; attempt++) {
      await this.#turn();
      let res: Response;
      try {
        res = await fetch(url, {
          headers: { accept: 'application/json', 'user-agent': this.userAgent },
          signal: AbortSignal.timeout(this.#config.timeoutMs),
          redirect: 'follow',
        });
      } catch (e) {
        const timeout = (e as Error).name === 'TimeoutError' || (e as Error).name === 'AbortError';
        if (!timeout && attempt < this.#config.retries) {
          await sleep(backoff(attempt));
          continue;
        }
        throw new Unavailable(timeout ? 'sync_timeout' : 'sync_network', { source, seconds: Math.ceil(this.#config.timeoutMs / 1000) }, { cause: e });
      }
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (res.status === 429 || res.status >= 500) {
        await res.body?.cancel();
        const wait = retryAfter(res.headers.get('retry-after')) ?? backoff(attempt);
        if (attempt < this.#config.retries && wait <= this.#config.maxWaitMs) {
          await sleep(wait);
          continue;
        }
        throw new Unavailable(res.status === 429 ? 'sync_rate_limited' : 'sync_failed', { source, status: res.status });
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new Unavailable('sync_failed', { source, status: res.status });
      }
      const length = Number(res.headers.get('content-length') ?? 0);
      if (length > MAX_BODY) {
        await res.body?.cancel();
        throw new Unavailable('sync_malformed', { source });
      }
      let body: unknown;
      try {
        const text = await res.text();
        if (text.length > MAX_BODY) throw new Error('too long');
        body = JSON.parse(text);
      } catch (e) {
        if ((e as Error).name === 'TimeoutError') throw new Unavailable('sync_timeout', { source, seconds: Math.ceil(this.#config.timeoutMs / 1000) });
        throw new Unavailable('sync_malformed', { source }, { cause: e });
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) throw new Unavailable('sync_malformed', { source }, { cause: parsed.error });
      return parsed.data;
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** 0.5 s, 1 s, 2 s, … between tries. */
const backoff = (attempt: number) => 500 * 2 ** attempt;

/** Retry-After in milliseconds: seconds, or an HTTP date; undefined when absent or unreadable. */
function retryAfter(v: string | null): number | undefined {
  if (!v) return undefined;
  if (/^\d{1,6}$/.test(v.trim())) return Number(v.trim()) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}
