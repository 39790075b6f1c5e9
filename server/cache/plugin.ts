import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requestLang } from '../http/errors.ts';
import { queryOf } from '../http/url.ts';
import type { Topic } from './changes.ts';
import { type AnswerHeaders, answerFromCache, keepRendered, mayShare, Refresher, releaseFlight } from './http.ts';
import { ResponseCache } from './response-cache.ts';

// The one response cache of the process (app.responseCache), kept current by the changes hub, and the
// caching of public reads: a route that declares `config.cache` has its anonymous GET answers shared
// (server/cache/http.ts). The pages use the same cache from server/pages/plugin.ts.

/** How a query parameter enters a read's cache key. */
export type ParamKey = (value: string | undefined) => string;
/** The value as sent (it names a record, or the answer is an error that is never kept). */
export const asSent: ParamKey = (v) => (v === undefined ? '' : `=${v}`);
/** A switch that is on only when it is "1" (anything else reads as absent, and shares its answer). */
export const onWhenOne: ParamKey = (v) => (v === '1' ? '=1' : '');

/** The budget of the cache of search answers: a few hundred pages of results. */
const SEARCH_CACHE_BYTES = 8 * 1024 * 1024;

/** How many search keys are remembered, to keep an answer when it is asked a second time. */
const SEARCH_KEYS_REMEMBERED = 4096;

/** `key` was asked before (among the latest `size` keys); remembers it either way. */
function askedBefore(size: number): (key: string) => boolean {
  const seen = new Set<string>();
  return (key) => {
    const before = seen.delete(key);
    seen.add(key);
    if (seen.size > size) seen.delete(seen.values().next().value as string);
    return before;
  };
}

type ReadCache = {
  /** What a write must change for the answer to change. */
  topics: readonly Topic[];
  /** The query parameters the answer depends on; any other is ignored. */
  query?: Readonly<Record<string, ParamKey>>;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anonymous answers of this public read are shared until a write to one of its topics. */
    cache?: ReadCache;
  }
  interface FastifyInstance {
    responseCache: ResponseCache;
    cacheRefresher: Refresher;
    /** Search answers, keyed by the search index's version (server/search/). */
    searchCache: ResponseCache;
    searchRefresher: Refresher;
    /** Whether a search answer's key was asked before: only those are kept (compressing a one-off answer twice costs more than it saves). */
    searchAskedBefore: (key: string) => boolean;
    /** How a request on the page route is keyed in the main cache (set by server/pages/plugin.ts when it serves pages). */
    pageCacheKey: { of?: (req: FastifyRequest) => string | undefined };
  }
}

const readHeaders: AnswerHeaders = { vary: 'Accept-Encoding, Accept-Language', cacheControl: 'public, max-age=0, must-revalidate' };

function readKey(url: string, routeUrl: string, lang: string, declared: Readonly<Record<string, ParamKey>>): string {
  const query = queryOf(url);
  const parts = Object.entries(declared).map(([name, keyOf]) => `${name}${keyOf(query.get(name) ?? undefined)}`);
  return `read ${lang} ${routeUrl}?${parts.join('&')}`;
}

/**
 * The key of a request in the main cache, when its route is a public one that shares its answers there: a
 * read that declares `config.cache`, or a page (keyed by server/pages/plugin.ts). For earlyHit (http.ts).
 */
export function mainCacheKey(app: FastifyInstance, req: FastifyRequest): string | undefined {
  const config = req.routeOptions.config;
  if (!config || (config.access ?? 'public') !== 'public') return undefined;
  if (config.cache) return readKey(req.url, req.routeOptions.url ?? '', requestLang(req), config.cache.query ?? {});
  return app.pageCacheKey.of?.(req);
}

export const cachePlugin = fp(async (app: FastifyInstance, opts: { budgetBytes: number; maxAgeMs: number; patienceMs: number }) => {
  const cache = new ResponseCache(opts.budgetBytes, opts.maxAgeMs, opts.patienceMs);
  app.decorate('responseCache', cache);
  app.decorate('pageCacheKey', {});
  app.lab.changes.on((topic) => cache.changed(topic));

  const refresher = new Refresher(app, cache);
  app.decorate('cacheRefresher', refresher);
  // answers keyed by a search query (the search page, /api/search/) have a small cache of their own:
  // anyone can ask any query, and none of them may push a page or a read out of the main cache
  const searchCache = new ResponseCache(SEARCH_CACHE_BYTES, opts.maxAgeMs, opts.patienceMs);
  app.decorate('searchCache', searchCache);
  app.decorate('searchAskedBefore', askedBefore(SEARCH_KEYS_REMEMBERED));
  app.decorate('searchRefresher', new Refresher(app, searchCache));

  // a shared answer is keyed by the route and its declared query: a record named in the path would share one
  app.addHook('onRoute', (route) => {
    const declared = (route.config as { cache?: ReadCache } | undefined)?.cache;
    if (declared && /[:*]/.test(route.url)) throw new Error(`${route.url}: a route with path parameters cannot share its answers (config.cache)`);
  });

  app.addHook('onRequest', async (req, reply) => {
    const declared = req.routeOptions.config?.cache;
    // a refresh of a page is claimed by the page plugin, which knows its origin
    if (!declared || !mayShare(req) || refresher.claim(req)) return;
    const key = req.cacheKey ?? readKey(req.url, req.routeOptions.url ?? '', requestLang(req), declared.query ?? {});
    await answerFromCache(cache, req, reply, key, (flight) => refresher.start(req, flight));
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const declared = req.routeOptions.config?.cache;
    if (!declared || !req.cacheFlight) return payload;
    return keepRendered(cache, req, reply, payload, declared.topics, readHeaders);
  });
  app.addHook('onResponse', async (req) => releaseFlight(cache, req));
  app.addHook('onRequestAbort', async (req) => releaseFlight(cache, req));
});
