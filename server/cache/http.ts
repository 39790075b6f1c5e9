import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { presentsSession } from '../http/auth.ts';
import type { Topic } from './changes.ts';
import { HSTS } from '../http/headers.ts';
import { hasNul } from '../http/text.ts';
import { asNotModified, httpDate, notModified } from '../http/conditional.ts';
import { FLIGHT_LIMIT_MS, type Flight, type Form, type ResponseCache, type Stored } from './response-cache.ts';

// The HTTP side of the response cache, shared by the pages (server/pages/plugin.ts) and the public
// reads (server/cache/reads.ts): answer from memory in onRequest, or make this request the one render
// of its key and keep what it sends in onSend.

type CacheState = 'hit' | 'stale' | 'shared' | 'miss';

/** Only anonymous GETs and HEADs share answers (a HEAD is answered from a GET's render). */
export function mayShare(req: FastifyRequest): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && !presentsSession(req);
}

/** Which stored form the client takes: brotli, gzip or plain (q=0 refuses a coding). */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set<string>();
  for (const part of String(acceptEncoding ?? '')
    .toLowerCase()
    .split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

export type AnswerHeaders = { vary: string; cacheControl: string };

/** Sends a kept answer: 304 when the client holds it, else the form it accepts. */
function sendStored(req: FastifyRequest, reply: FastifyReply, stored: Stored, state: CacheState) {
  reply
    .code(stored.status)
    .header('Content-Type', stored.type)
    .header('ETag', stored.etag)
    .header('Last-Modified', httpDate(stored.modifiedMs))
    .header('X-Cache', state);
  for (const [name, value] of Object.entries(stored.headers)) reply.header(name, value);
  if (notModified(req.headers, stored.etag, stored.modifiedMs)) return asNotModified(reply).send();
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.send(encoding === 'br' ? stored.br : encoding === 'gzip' ? stored.gzip : stored.body);
}

/** The encodings of Accept-Encoding values seen lately: browsers send a handful of spellings. */
const formOfHeader = new Map<string, Form>();

/** The stored form for an Accept-Encoding header (chooseEncoding, remembered for the few values seen). */
function formFor(acceptEncoding: string | undefined): Form {
  const header = acceptEncoding ?? '';
  let form = formOfHeader.get(header);
  if (form === undefined) {
    form = chooseEncoding(header) ?? 'plain';
    if (formOfHeader.size >= 64) formOfHeader.clear();
    formOfHeader.set(header, form);
  }
  return form;
}

/**
 * Answers a fresh hit before any other hook runs (registered first, server/app.ts): the key is computed
 * once (`keyOf`, kept on the request for the hooks that run when it is no hit), and the answer is its
 * head, built when it was kept, and its stored bytes. Only what is provably a shared read qualifies: a
 * GET of a public route that shares its answers, from no session (no Authorization, no console cookie),
 * not a refresh, and with no NUL in the URL (refused with a 400 by server/http/text.ts). A reader who
 * holds the version (If-None-Match, If-Modified-Since) gets its 304 head. Everything else, and any miss
 * or stale answer, goes through the hooks as before. HSTS is the one header that depends on the
 * connection rather than the content: it is added here as the headers plugin would.
 */
export function earlyHit(keyOf: (req: FastifyRequest) => string | undefined, cache: () => ResponseCache, hsts: (req: FastifyRequest) => boolean) {
  return function earlyHitHook(req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) {
    const h = req.headers;
    if (req.method !== 'GET' || h[Refresher.HEADER] !== undefined || presentsSession(req) || hasNul(req.url)) return done();
    let key: string | undefined;
    try {
      key = keyOf(req);
    } catch {
      // whatever cannot be keyed here (a malformed URL…) is judged by the hooks that own it
      return done();
    }
    if (key === undefined) return done();
    req.cacheKey = key;
    const store = cache();
    const { entry, fresh } = store.lookup(key);
    if (!entry || !fresh) return done();
    store.stats.hits++;
    reply.hijack();
    const res = reply.raw;
    if (hsts(req)) res.setHeader('Strict-Transport-Security', HSTS);
    if ((h['if-none-match'] !== undefined || h['if-modified-since'] !== undefined) && notModified(h, entry.etag, entry.modifiedMs)) {
      res.writeHead(304, entry.notModified as string[]);
      res.end();
      return;
    }
    const form = formFor(h['accept-encoding'] as string | undefined);
    res.writeHead(entry.status, entry.wire[form] as string[]);
    res.end(form === 'plain' ? entry.body : entry[form]);
  };
}

const delay = (ms: number) => wait(ms, undefined, { ref: false });

/**
 * Renders a stale answer anew apart from any reader: an internal request (app.inject) that carries a
 * one-time token naming the key it renders for. Nothing outside this process can send one: the token
 * is random, used once, and the header is dropped as soon as it is read.
 */
export class Refresher {
  static readonly HEADER = 'x-lab-refresh';
  readonly #pending = new Map<string, { flight: Flight; origin: string | undefined }>();
  readonly #app: FastifyInstance;
  readonly #cache: ResponseCache;

  constructor(app: FastifyInstance, cache: ResponseCache) {
    this.#app = app;
    this.#cache = cache;
  }

  /** Starts the render of `flight`'s key as `req` would get it (its URL, language and origin). */
  start(req: FastifyRequest, flight: Flight, origin?: string): void {
    const token = randomBytes(18).toString('base64url');
    this.#pending.set(token, { flight, origin });
    const headers: Record<string, string> = { [Refresher.HEADER]: token };
    for (const h of ['host', 'accept-language', 'cookie'] as const) {
      const v = req.headers[h];
      if (typeof v === 'string') headers[h] = v;
    }
    this.#app
      // the URL as it came (with BASE_PATH, server/http/base-path.ts): the injected request is rewritten again
      .inject({ method: 'GET', url: req.originalUrl, headers })
      .catch(() => undefined)
      .finally(() => {
        this.#pending.delete(token);
        this.#cache.abandon(flight);
      });
  }

  /** onRequest: the refresh this request is, if it is one (and makes it the render of its key). */
  claim(req: FastifyRequest): { origin: string | undefined } | undefined {
    const token = req.headers[Refresher.HEADER];
    if (token === undefined) return undefined;
    delete req.headers[Refresher.HEADER];
    const pending = typeof token === 'string' ? this.#pending.get(token) : undefined;
    if (!pending) return undefined;
    this.#pending.delete(token as string);
    req.cacheFlight = pending.flight;
    return { origin: pending.origin };
  }
}

/**
 * onRequest: answers from the cache when it can (true), else lets the request go on to render, as the
 * one render of its key where none is under way. A stale answer is rendered anew by `refresh` while
 * readers get the previous version; the reader who found it stale waits up to cache.patienceMs for the new one.
 */
export async function answerFromCache(
  cache: ResponseCache,
  req: FastifyRequest,
  reply: FastifyReply,
  key: string,
  refresh: (flight: Flight) => void,
): Promise<boolean> {
  const { entry, fresh } = cache.lookup(key);
  if (entry && fresh) {
    cache.stats.hits++;
    sendStored(req, reply, entry, 'hit');
    return true;
  }
  const under = cache.flight(key);
  if (entry) {
    if (under) {
      cache.stats.stale++;
      sendStored(req, reply, entry, 'stale');
      return true;
    }
    const flight = cache.begin(key) as Flight;
    refresh(flight);
    const outcome = await Promise.race([flight.promise.then((stored) => ({ stored })), delay(cache.patienceMs)]);
    if (outcome?.stored) {
      sendStored(req, reply, outcome.stored, 'miss');
      return true;
    }
    // the render kept nothing: the answer is gone (a 404 now) or the render failed; this reader renders
    if (outcome) return false;
    cache.stats.stale++;
    sendStored(req, reply, entry, 'stale');
    return true;
  }
  if (under) {
    // a render that hangs does not hold its waiters: past the limit they render on their own
    const done = await Promise.race([under.promise, delay(Math.max(0, FLIGHT_LIMIT_MS - (Date.now() - under.startedMs)))]);
    if (done) {
      cache.stats.shared++;
      sendStored(req, reply, done, 'shared');
      return true;
    }
    // the render kept nothing (an error, a 404): this request renders on its own
    return false;
  }
  if (req.method === 'GET') {
    req.cacheFlight = cache.begin(key);
    return false;
  }
  // HEAD mirrors GET: the answer is rendered as a GET would be (and kept), then sent without its body
  const flight = cache.begin(key) as Flight;
  refresh(flight);
  const rendered = await flight.promise;
  if (!rendered) return false;
  sendStored(req, reply, rendered, 'miss');
  return true;
}

/**
 * Headers a kept answer does not keep from its render: the ones the cache writes itself (type, tag, coding,
 * length, state), the connection's own, one that depends on the connection rather than the content (HSTS,
 * added to every hit as the headers plugin would), and a cookie, which is never handed to other readers.
 * Every other one (Content-Disposition, the security headers and the page's policy…) goes with each copy.
 */
const NOT_KEPT = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'etag',
  'last-modified',
  'x-cache',
  'date',
  'connection',
  'keep-alive',
  'set-cookie',
  'strict-transport-security',
]);

/** A payload as one buffer (undefined for what is neither text, bytes nor a stream). */
export async function readAll(payload: unknown): Promise<Buffer | undefined> {
  if (typeof payload === 'string') return Buffer.from(payload);
  if (Buffer.isBuffer(payload)) return payload;
  if (payload instanceof Readable) {
    const chunks: Buffer[] = [];
    for await (const c of payload) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
    return Buffer.concat(chunks);
  }
  return undefined;
}

/**
 * onSend of the request that rendered: keeps the answer and sends the compressed form. Anything
 * not kept (another status, an unknown payload) goes out as it came.
 */
export async function keepRendered(
  cache: ResponseCache,
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  topics: Iterable<Topic>,
  headers: AnswerHeaders,
): Promise<unknown> {
  const flight = req.cacheFlight;
  if (!flight) return payload;
  req.cacheFlight = undefined;
  if (reply.statusCode === 404 || reply.statusCode === 410) {
    cache.gone(flight);
    return payload;
  }
  if (reply.statusCode !== 200 || reply.getHeader('content-encoding')) {
    cache.abandon(flight);
    return payload;
  }
  const body = await readAll(payload);
  if (!body) {
    cache.abandon(flight);
    return payload;
  }
  const type = String(reply.getHeader('content-type') ?? 'application/octet-stream');
  reply.header('Vary', headers.vary).header('Cache-Control', headers.cacheControl).header('X-Content-Type-Options', 'nosniff');
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (NOT_KEPT.has(name) || value === undefined) continue;
    kept[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  const stored = await cache.finish(flight, { status: reply.statusCode, type, body, topics, headers: kept });
  if (!stored) return body;
  // a reader who holds this version gets its 304 from the last onSend (server/http/conditional.ts)
  reply.header('ETag', stored.etag).header('Last-Modified', httpDate(stored.modifiedMs)).header('X-Cache', 'miss');
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  if (!encoding) return stored.body;
  reply.header('Content-Encoding', encoding).removeHeader('content-length');
  return encoding === 'br' ? stored.br : stored.gzip;
}

/** onResponse / onRequestAbort / onError: a render that ended without keeping anything lets waiters go. */
export function releaseFlight(cache: ResponseCache, req: FastifyRequest) {
  if (req.cacheFlight) {
    cache.abandon(req.cacheFlight);
    req.cacheFlight = undefined;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** This request is the one render of its cache key. */
    cacheFlight?: Flight;
    /** Its key in the main response cache, computed once by the first hook (earlyHit). */
    cacheKey?: string;
  }
}
