import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { fastifyReactRouter } from '@mcansh/react-router-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pathToFileURL } from 'node:url';
import { RouterContextProvider, type ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import { pageDataContext, scriptMarkContext, serverBasePath } from '#page-context';
import { citationRoutes } from './citations.ts';
import { feedRoutes } from './feeds.ts';
import { siteOrigin } from '../http/origin.ts';
import { projectRoot } from '../root.ts';
import { createPageData, pageLanguage } from './page-data.ts';
import { isPreviewPath, previewGate } from './preview.ts';
import { pathOf, queryOf } from '../http/url.ts';
import { paramsKey } from './page-params.ts';
import { type AnswerHeaders, answerFromCache, keepRendered, mayShare, readAll } from '../cache/http.ts';
import type { ResponseCache } from '../cache/response-cache.ts';
import { newScriptMark, pagePolicy, rendererScripts } from '../http/csp.ts';
import { actsForMember } from '../http/headers.ts';
import { textOnlyMultipart } from '../http/multipart.ts';
import type { Topic } from '../cache/changes.ts';
import type { Lab } from '../lab.ts';
import { themeOfCookie } from '../../common/theme.ts';
import { sitePath } from '../../common/paths.ts';
import { at } from '../http/base-path.ts';
import { canonicalPath, encodedPath, firstSegments } from './canonical.ts';
import { PAGE_ROUTE, pagePatterns } from './route-pattern.ts';

// Serves the React Router app (server-rendered pages, hashed assets) from this Fastify process, with
// the cache of anonymous public HTML in front of it.

const root = projectRoot;
const serverBuildPath = path.join(root, 'build', 'server', 'index.js');
const clientBuildDirectory = path.join(root, 'build', 'client');

const pageHeaders: AnswerHeaders = { vary: 'Accept-Encoding, Cookie, Accept-Language', cacheControl: 'public, max-age=0, must-revalidate' };

/**
 * The key of a request on the page route, or undefined for what is never shared. Everything the page's
 * HTML depends on is in the key: language (and whether the URL named it), colour theme (one of three values
 * whatever the cookie holds, so junk cannot grow the cache), origin (checked, server/http/origin.ts), path
 * and the parameters the page reads (page-params.ts), nothing else of the query. What is excluded is judged
 * on the decoded path the router matched, never the raw URL. `search`: a search page, whose key goes to
 * the small cache of search answers (see cacheKey).
 */
function pageKey(lab: Lab, req: FastifyRequest, origin: string): { key: string; search: boolean } | undefined {
  if (!mayShare(req)) return undefined;
  const path = pathOf(req.url);
  const lower = path.toLowerCase();
  if (lower.endsWith('.data') || lower.startsWith('/console') || lower.startsWith('/__') || isPreviewPath(path)) return undefined;
  const { lang, forced } = pageLanguage(req);
  const key = `${lang}${forced ? '!' : ''} ${themeOfCookie(req.headers.cookie)} ${origin} ${path}?${paramsKey(lab.pageParams(path, queryOf(req.url)))}`;
  return /^\/search\/*$/.test(lower) ? { key, search: true } : { key: `page ${key}`, search: false };
}

/**
 * The cache key of a request on the page route, and the cache it is kept in, or undefined for what is
 * never shared (pageKey). Search pages go to the small cache of search answers (cache/plugin.ts), keyed by
 * the index's version, once asked twice: any query can be asked, and none of them may push a page out of
 * the main cache. A key the first hook computed (cache/http.ts, earlyHit) is taken as it is.
 */
function cacheKey(app: FastifyInstance, req: FastifyRequest, origin: string): { key: string; store: ResponseCache } | undefined {
  if (req.cacheKey !== undefined) return { key: req.cacheKey, store: app.responseCache };
  const keyed = pageKey(app.lab, req, origin);
  if (!keyed) return undefined;
  if (keyed.search) {
    const searchKey = `search ${app.lab.search.version} ${keyed.key}`;
    return app.searchAskedBefore(searchKey) ? { key: searchKey, store: app.searchCache } : undefined;
  }
  return { key: keyed.key, store: app.responseCache };
}

/**
 * The renderer builds its Request URL from Host and X-Forwarded-*: it gets the checked origin's instead,
 * so no header reaches a page unchecked (and a malformed one cannot make the URL throw).
 */
function pinOrigin(req: FastifyRequest, origin: string) {
  const o = new URL(origin);
  req.headers.host = o.host;
  delete req.headers['x-forwarded-host'];
  if (req.headers['x-forwarded-proto'] !== undefined) req.headers['x-forwarded-proto'] = o.protocol.slice(0, -1);
}

export type PagesOptions = { devServer?: ViteDevServer };

/** A path of the build's asset manifest (`/assets/x.js`) under BASE_PATH; anything else as it is. */
const underBase = (base: string, v: unknown): unknown =>
  typeof v === 'string' ? (v.startsWith('/assets/') ? `${base}${v}` : v) : Array.isArray(v) ? v.map((x) => underBase(base, x)) : v;

/**
 * The page build served under BASE_PATH, decided when the server starts rather than when it was built: React
 * Router routes and links under `basename`, and the addresses of the scripts it writes into pages come from
 * the asset manifest (the scripts import one another by relative paths, and the build has no other assets).
 */
export function buildUnder(build: ServerBuild, base: string): ServerBuild {
  if (!base) return build;
  const entry = (e: object) => Object.fromEntries(Object.entries(e).map(([k, v]) => [k, underBase(base, v)]));
  const assets = build.assets;
  return {
    ...build,
    // with its slash, the home page is /lab/ (the links React Router writes for "/" too), never a redirect away
    basename: `${base}/`,
    publicPath: `${base}/`,
    assets: {
      ...assets,
      url: `${base}${assets.url}`,
      entry: entry(assets.entry) as typeof assets.entry,
      routes: Object.fromEntries(Object.entries(assets.routes).map(([id, r]) => [id, r && entry(r)])) as typeof assets.routes,
    },
  };
}

/** The BASE_PATH of the app whose page is being rendered: the renderer's links and images (app/lib/base.ts). */
const renderedUnder = new AsyncLocalStorage<string>();
serverBasePath.read = () => renderedUnder.getStore() ?? '';

export async function pagesPlugin(app: FastifyInstance, opts: PagesOptions = {}) {
  await app.register(feedRoutes);
  await app.register(citationRoutes);
  if (!opts.devServer && !fs.existsSync(serverBuildPath)) {
    app.log.warn('No page build at build/: run `npm run build`. Only the API is served.');
    return;
  }
  // the first hook of the server answers a fresh page from the main cache with this key (cache/http.ts, earlyHit)
  if (!opts.devServer)
    app.pageCacheKey.of = (req) => {
      if (req.routeOptions.url !== PAGE_ROUTE) return undefined;
      const keyed = pageKey(app.lab, req, siteOrigin(req, app.lab.config));
      return keyed && !keyed.search ? keyed.key : undefined;
    };
  // the dev server's routes change as it runs
  const built = opts.devServer ? undefined : ((await import(pathToFileURL(serverBuildPath).href)) as ServerBuild);
  // the first segment of each page's address as its route spells it (canonical.ts)
  const segments = built && firstSegments(built.routes);
  // a page's label in /metrics: its route's pattern (route-pattern.ts)
  if (built) app.pagePattern.of = pagePatterns(built.routes);
  app.addHook('onRequest', async (req, reply) => {
    // assets and feeds need neither: they are not rendered from the request's origin nor cached here
    if (req.routeOptions.url !== PAGE_ROUTE) return;
    // a page asked for by another spelling of its address goes to its own, before any cache is looked at
    const asked = pathOf(req.url);
    if (segments && (req.method === 'GET' || req.method === 'HEAD') && !asked.endsWith('.data') && !asked.startsWith('/__')) {
      const canonical = canonicalPath(asked, segments);
      const target = canonical === asked ? undefined : sitePath(encodedPath(canonical));
      if (target) {
        const query = req.url.indexOf('?');
        return reply
          .code(301)
          .header('Location', at(app.lab.config.basePath, target) + (query < 0 ? '' : req.url.slice(query)))
          .header('Cache-Control', 'public, max-age=3600')
          .send();
      }
    }
    // HEAD mirrors GET: the page renders as for a GET (status, type, length, cache); Node's response,
    // created for a HEAD, sends no body
    if (req.raw.method === 'HEAD') req.raw.method = 'GET';
    // a refresh renders for the reader who found the page stale, with that reader's origin
    const refresh = app.cacheRefresher.claim(req) ?? app.searchRefresher.claim(req);
    const origin = refresh?.origin ?? siteOrigin(req, app.lab.config);
    pinOrigin(req, origin);
    req.pageOrigin = origin;
    // a preview renders for one member, never from or into the cache (preview.ts)
    if (isPreviewPath(pathOf(req.url))) return (await previewGate(app.lab, req, reply, origin)) ? reply : undefined;
    if (refresh) return;
    const keyed = opts.devServer ? undefined : cacheKey(app, req, origin);
    if (!keyed) return;
    req.cacheStore = keyed.store;
    const refresher = keyed.store === app.searchCache ? app.searchRefresher : app.cacheRefresher;
    await answerFromCache(keyed.store, req, reply, keyed.key, (flight) => refresher.start(req, flight, origin));
  });

  const base = app.lab.config.basePath;
  if (base && opts.devServer) throw new Error('BASE_PATH is for the built server (npm start): the dev server serves the site at the root');
  await app.register(fastifyReactRouter, {
    devServer: opts.devServer,
    serverBuildPath,
    // under a sub-path the build is served with it (buildUnder); the dev server serves the root only
    ...(base && built ? { build: buildUnder(built, base) } : {}),
    clientBuildDirectory,
    staticOptions: {
      // the scripts' brotli and gzip copies made at build (scripts/precompress-assets.ts), sent as the browser
      // accepts; the adapter's own @fastify/static names no Vary for them, so the headers are set here
      preCompressed: true,
      setHeaders(res: { setHeader: (name: string, value: string) => void }, filePath: string) {
        const hashed = filePath.startsWith(path.join(clientBuildDirectory, 'assets') + path.sep);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        res.setHeader('vary', 'Accept-Encoding');
      },
    },
    getLoadContext(req) {
      const context = new RouterContextProvider();
      req.pageTopics = new Set();
      context.set(pageDataContext, createPageData(app.lab, req, req.pageTopics));
      req.scriptMark = newScriptMark();
      context.set(scriptMarkContext, req.scriptMark);
      return context;
    },
    routeOptions: {
      // a preview's unsaved record comes as a multipart form (app/routes/public/preview.tsx), read by the
      // page itself: text only, bounded before it is read (server/http/multipart.ts)
      config: textOnlyMultipart,
      // the page renders within the handler, which runs inside this
      preHandler: (_req: FastifyRequest, _reply: FastifyReply, done: () => void) => renderedUnder.run(base, done),
      // a kept page is compressed once per version (server/cache/response-cache.ts) and goes out with its
      // Content-Encoding, which the compressor leaves alone; what is not kept (the route manifest, a member's
      // page, a 404) is compressed as it is sent
      async onSend(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
        reply.header('X-Content-Type-Options', 'nosniff');
        // a page answered from the cache (onRequest) is already complete and compressed
        if (reply.getHeader('x-cache')) return payload;
        let body = payload;
        if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
          reply.header('Vary', pageHeaders.vary);
          // the page's script policy allows the inline scripts the renderer marked as its own, and the
          // mark leaves the page (server/http/csp.ts); the dev server's hot reload is left without one
          const html = opts.devServer ? undefined : await readAll(payload);
          if (html) {
            const framing = actsForMember(pathOf(req.url), app.lab.config.advisorUsername) ? "'none'" : "'self'";
            const own = rendererScripts(html.toString('utf8'), req.scriptMark ?? '');
            reply.header('Content-Security-Policy', pagePolicy(own.hashes, framing));
            body = Buffer.from(own.html, 'utf8');
          }
        }
        // a search page's key names the index's version: no write makes it stale, a new version is a new key
        const store = req.cacheStore ?? app.responseCache;
        return keepRendered(store, req, reply, body, store === app.searchCache ? [] : (req.pageTopics ?? []), pageHeaders);
      },
    },
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** What the page being rendered read (page-data.ts), for the cache. */
    pageTopics?: Set<Topic>;
    /** The random mark of the scripts this render writes itself (server/http/csp.ts). */
    scriptMark?: string;
    /** The checked origin the page is rendered for (server/http/origin.ts). */
    pageOrigin?: string;
    /** The cache the answer is kept in: the main one, or the one of search answers. */
    cacheStore?: ResponseCache;
  }
}
