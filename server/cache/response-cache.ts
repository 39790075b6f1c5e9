import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { httpDate } from '../http/conditional.ts';
import type { Topic } from './changes.ts';

// Anonymous public answers (pages and /api/read_* calls) kept in memory in their final forms (plain,
// gzip, brotli), for every reader until a write changes what they show. The rules that keep it holding
// under a crowd (docs/performance.md):
// - bounded in bytes, least recently used first out, whatever the keys;
// - one render per key at a time: concurrent misses wait for it (single flight);
// - a write marks the answers built from its topic stale; the first reader of a stale answer renders
//   it anew while the others get the previous one (stale-while-revalidate), and an answer older than
//   maxAge is treated as stale too (a safety net for anything that changes without a write here);
// - compression runs on libuv's thread pool, once per version, never on the event loop.

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export type Stored = {
  status: number;
  type: string;
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** The headers its render was sent with (server/cache/http.ts says which), sent with every copy. */
  headers: Readonly<Record<string, string>>;
  /** The whole head of a fresh hit in each form, built once per version: a hit only writes it and the body. */
  wire: Readonly<Record<Form, readonly string[]>>;
  /** Weak validator from the content: equal answers have equal tags, on every instance. */
  etag: string;
  /** When this content was first kept here (whole seconds; a new render of the same bytes keeps it): Last-Modified. */
  modifiedMs: number;
  /** The head of a 304 for a reader who holds this version: its validators and caching headers. */
  notModified: readonly string[];
  topics: ReadonlySet<Topic>;
  bytes: number;
  renderedAt: number;
  stale: boolean;
};

/** The forms an answer is kept in. */
export type Form = 'br' | 'gzip' | 'plain';

/** The head of a fresh hit: every header of the answer, the form's length and coding, as writeHead takes them. */
function wireOf(s: Omit<Stored, 'wire' | 'notModified'>, form: Form): string[] {
  const body = form === 'plain' ? s.body : s[form];
  const head = ['content-type', s.type, 'etag', s.etag, 'last-modified', httpDate(s.modifiedMs), 'x-cache', 'hit'];
  for (const [name, value] of Object.entries(s.headers)) head.push(name, value);
  if (form !== 'plain') head.push('content-encoding', form);
  head.push('content-length', String(body.length));
  return head;
}

/** Headers a 304 repeats from the answer it stands for (RFC 9110 §15.4.5). */
const REPEATED_IN_304 = new Set(['cache-control', 'vary', 'expires', 'content-location']);

function notModifiedOf(s: Omit<Stored, 'wire' | 'notModified'>): string[] {
  const head = ['etag', s.etag, 'last-modified', httpDate(s.modifiedMs), 'x-cache', 'hit'];
  for (const [name, value] of Object.entries(s.headers)) if (REPEATED_IN_304.has(name)) head.push(name, value);
  return head;
}

/** What a render produced; only answers with a cacheable status are kept. */
export type Rendered = { status: number; type: string; body: Buffer; topics: Iterable<Topic>; headers?: Record<string, string> };

/** The one render of a key under way; settle it exactly once (finish or abandon). */
export type Flight = {
  key: string;
  startedAt: number;
  startedMs: number;
  promise: Promise<Stored | undefined>;
  settle: (s: Stored | undefined) => void;
  settled: boolean;
};

/** A render still under way after this long is taken for lost: the next reader starts another. */
export const FLIGHT_LIMIT_MS = 30_000;

export type CacheStats = { entries: number; bytes: number; budget: number; hits: number; stale: number; shared: number; renders: number; evicted: number };

const CACHEABLE = new Set([200]);
/** Per-entry overhead: key, headers and bookkeeping. */
const OVERHEAD = 512;

export class ResponseCache {
  readonly #entries = new Map<string, Stored>();
  readonly #flights = new Map<string, Flight>();
  /** When each topic last changed (a monotonic count), to spot renders that raced a write. */
  readonly #changedAt = new Map<Topic, number>();
  #clock = 0;
  #used = 0;
  readonly stats = { hits: 0, stale: 0, shared: 0, renders: 0, evicted: 0 };

  readonly budgetBytes: number;
  readonly maxAgeMs: number;
  /** How long the reader who finds an answer stale waits for its new version before taking the previous one. */
  readonly patienceMs: number;

  constructor(budgetBytes: number, maxAgeMs: number, patienceMs = 300) {
    this.budgetBytes = budgetBytes;
    this.maxAgeMs = maxAgeMs;
    this.patienceMs = patienceMs;
  }

  /** The kept answer and whether it may be served as it is. */
  lookup(key: string): { entry: Stored | undefined; fresh: boolean } {
    const entry = this.#entries.get(key);
    if (!entry) return { entry, fresh: false };
    // least recently used goes first: a hit moves the entry to the end
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    const fresh = !entry.stale && Date.now() - entry.renderedAt < this.maxAgeMs;
    return { entry, fresh };
  }

  /** The render of `key` under way, if any (one that hangs past FLIGHT_LIMIT_MS no longer counts). */
  flight(key: string): Flight | undefined {
    const flight = this.#flights.get(key);
    if (flight && Date.now() - flight.startedMs > FLIGHT_LIMIT_MS) {
      flight.settle(undefined);
      return undefined;
    }
    return flight;
  }

  /** Starts the one render of `key` (undefined when one is already under way). */
  begin(key: string): Flight | undefined {
    if (this.flight(key)) return undefined;
    let settle!: (s: Stored | undefined) => void;
    const promise = new Promise<Stored | undefined>((resolve) => {
      settle = resolve;
    });
    const flight: Flight = { key, startedAt: ++this.#clock, startedMs: Date.now(), promise, settle, settled: false };
    flight.settle = (s) => {
      if (flight.settled) return;
      flight.settled = true;
      if (this.#flights.get(key) === flight) this.#flights.delete(key);
      settle(s);
    };
    this.#flights.set(key, flight);
    this.stats.renders++;
    return flight;
  }

  /** Keeps what the flight rendered (when cacheable) and hands it to whoever waited. */
  async finish(flight: Flight, rendered: Rendered): Promise<Stored | undefined> {
    if (flight.settled) return undefined;
    try {
      if (!CACHEABLE.has(rendered.status)) {
        flight.settle(undefined);
        return undefined;
      }
      const [gz, br] = await Promise.all([
        gzip(rendered.body, { level: 6 }),
        brotli(rendered.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: rendered.body.length } }),
      ]);
      const topics = new Set(rendered.topics);
      // a write to one of its topics after the render began may be missing from it
      const raced = [...topics].some((t) => (this.#changedAt.get(t) ?? 0) >= flight.startedAt);
      const etag = `W/"${createHash('sha1').update(rendered.body).digest('base64url')}"`;
      const kept: Omit<Stored, 'wire' | 'notModified'> = {
        status: rendered.status,
        type: rendered.type,
        body: rendered.body,
        headers: rendered.headers ?? {},
        gzip: gz,
        br,
        etag,
        modifiedMs: this.#modifiedMs(flight.key, etag),
        topics,
        // the headers are held five times: as given, in each form's head and in the 304's
        bytes:
          rendered.body.length +
          gz.length +
          br.length +
          OVERHEAD +
          5 * Object.entries(rendered.headers ?? {}).reduce((n, [k, v]) => n + k.length + v.length, 0),
        renderedAt: Date.now(),
        stale: raced,
      };
      const stored: Stored = {
        ...kept,
        wire: { br: wireOf(kept, 'br'), gzip: wireOf(kept, 'gzip'), plain: wireOf(kept, 'plain') },
        notModified: notModifiedOf(kept),
      };
      this.#keep(flight.key, stored);
      flight.settle(stored);
      return stored;
    } catch {
      flight.settle(undefined);
      return undefined;
    }
  }

  /** The render failed or was dropped: waiters render on their own; a stale version stays for later readers. */
  abandon(flight: Flight | undefined): void {
    flight?.settle(undefined);
  }

  /** The render found the answer gone (404, 410: an unpublished article…): no reader gets the old one again. */
  gone(flight: Flight): void {
    const kept = this.#entries.get(flight.key);
    if (kept) {
      this.#entries.delete(flight.key);
      this.#used -= kept.bytes;
    }
    flight.settle(undefined);
  }

  /** A write changed `topic`: what shows it is stale from now on. */
  changed(topic: Topic): void {
    this.#changedAt.set(topic, ++this.#clock);
    for (const entry of this.#entries.values()) if (entry.topics.has(topic)) entry.stale = true;
  }

  clear(): void {
    this.#entries.clear();
    this.#used = 0;
  }

  get size(): number {
    return this.#entries.size;
  }

  snapshot(): CacheStats {
    return { entries: this.#entries.size, bytes: this.#used, budget: this.budgetBytes, ...this.stats };
  }

  /**
   * The version's time: the previous version's when the bytes are the same, else now, and always a later
   * second than the previous version's, so that If-Modified-Since never takes a new version for the old one.
   */
  #modifiedMs(key: string, etag: string): number {
    const previous = this.#entries.get(key);
    if (previous?.etag === etag) return previous.modifiedMs;
    const now = Math.floor(Date.now() / 1000) * 1000;
    return previous ? Math.max(now, previous.modifiedMs + 1000) : now;
  }

  #keep(key: string, stored: Stored) {
    const previous = this.#entries.get(key);
    if (previous) {
      this.#entries.delete(key);
      this.#used -= previous.bytes;
    }
    // one answer never takes more than a quarter of the budget (it is served, just not kept)
    if (stored.bytes > this.budgetBytes / 4) return;
    this.#entries.set(key, stored);
    this.#used += stored.bytes;
    for (const [k, e] of this.#entries) {
      if (this.#used <= this.budgetBytes) break;
      this.#entries.delete(k);
      this.#used -= e.bytes;
      this.stats.evicted++;
    }
  }
}
