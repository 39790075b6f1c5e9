import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fastifyReactRouter } from '@mcansh/react-router-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RouterContextProvider } from 'react-router';
import type { ViteDevServer } from 'vite';
import { pageDataContext } from '#page-context';
import { resolveLang } from '../../common/lang.ts';
import { feedRoutes } from './feeds.ts';
import { siteOrigin } from '../http/origin.ts';
import { createPageData, queryOf } from './page-data.ts';
import { PageCache } from '../cache/page-cache.ts';

// Serves the React Router app (server-rendered pages, hashed assets) from this Fastify process, with
// the cache of anonymous public HTML in front of it.

const root = path.resolve(import.meta.dirname, '..', '..');
export const serverBuildPath = path.join(root, 'build', 'server', 'index.js');
const clientBuildDirectory = path.join(root, 'build', 'client');

/** The route React Router's handler is mounted on: every path no other route claims. */
const PAGE_ROUTE = '*';

/** The decoded path of a raw URL (what the routers match), or the raw one where it does not decode. */
function decodedPath(rawUrl: string): string {
  const path = rawUrl.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The cache key of a request on the page route, or undefined for what is never cached. Everything the
 * page's HTML depends on is in it: language, origin (checked, server/http/origin.ts) and URL. What is
 * excluded is judged on the decoded path the router matched, never the raw URL.
 */
function cacheKey(req: FastifyRequest, origin: string): string | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  if (req.headers.authorization) return undefined;
  const path = decodedPath(req.url);
  if (path.endsWith('.data') || path.startsWith('/console') || path.startsWith('/__')) return undefined;
  const lang = resolveLang({ query: queryOf(req.url).get('lang'), cookie: req.headers.cookie ?? null, acceptLanguage: (req.headers['accept-language'] as string) ?? null });
  return `${lang} ${origin} ${req.url}`;
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

function sendCached(req: FastifyRequest, reply: FastifyReply, page: { status: number; body: Buffer; gzip: Buffer; br: Buffer; etag: string }) {
  const accept = String(req.headers['accept-encoding'] ?? '');
  reply.code(page.status).header('Content-Type', 'text/html; charset=utf-8').header('Vary', 'Accept-Encoding, Cookie, Accept-Language').header('ETag', page.etag).header('Cache-Control', 'public, max-age=0, must-revalidate').header('X-Page-Cache', 'hit');
  if (req.headers['if-none-match'] === page.etag) return reply.code(304).send();
  if (/\bbr\b/.test(accept)) return reply.header('Content-Encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accept)) return reply.header('Content-Encoding', 'gzip').send(page.gzip);
  return reply.send(page.body);
}

async function readAll(payload: unknown): Promise<Buffer | undefined> {
  if (typeof payload === 'string') return Buffer.from(payload);
  if (Buffer.isBuffer(payload)) return payload;
  if (payload instanceof Readable) {
    const chunks: Buffer[] = [];
    for await (const c of payload) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
    return Buffer.concat(chunks);
  }
  return undefined;
}

export type PagesOptions = { devServer?: ViteDevServer };

export async function pagesPlugin(app: FastifyInstance, opts: PagesOptions = {}) {
  await app.register(feedRoutes);
  if (!opts.devServer && !fs.existsSync(serverBuildPath)) {
    app.log.warn('No page build at build/: run `npm run build`. Only the API is served.');
    return;
  }
  const cache = new PageCache();
  app.decorateRequest('pageCacheKey', undefined);
  app.lab.changes.on(() => cache.clear());
  app.decorate('pageCache', cache);

  app.addHook('onRequest', async (req, reply) => {
    // assets and feeds need neither: they are not rendered from the request's origin nor cached here
    if (req.routeOptions.url !== PAGE_ROUTE) return;
    const origin = siteOrigin(req, app.lab.config);
    pinOrigin(req, origin);
    req.pageCacheKey = opts.devServer ? undefined : cacheKey(req, origin);
    const page = req.pageCacheKey ? cache.get(req.pageCacheKey) : undefined;
    if (page) return sendCached(req, reply, page);
  });

  await app.register(fastifyReactRouter, {
    devServer: opts.devServer,
    serverBuildPath,
    clientBuildDirectory,
    assetCacheControl: 'public, max-age=31536000, immutable',
    fileCacheControl: 'public, max-age=3600',
    getLoadContext(req) {
      const context = new RouterContextProvider();
      context.set(pageDataContext, createPageData(app.lab, req));
      return context;
    },
    routeOptions: {
      // pages are compressed here, once, from the cached forms (see PageCache)
      compress: false,
      async onSend(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
        const type = String(reply.getHeader('content-type') ?? '');
        reply.header('X-Content-Type-Options', 'nosniff');
        // a page answered from the cache (onRequest) is already complete and compressed
        if (!type.startsWith('text/html') || reply.getHeader('content-encoding') || reply.getHeader('x-page-cache')) return payload;
        reply.header('Vary', 'Accept-Encoding, Cookie, Accept-Language');
        const key = req.pageCacheKey;
        if (!key || (reply.statusCode !== 200 && reply.statusCode !== 404)) return payload;
        const body = await readAll(payload);
        if (!body) return payload;
        const page = cache.set(key, reply.statusCode, body);
        reply.header('X-Page-Cache', 'miss').header('ETag', page.etag);
        const accept = String(req.headers['accept-encoding'] ?? '');
        if (/\bbr\b/.test(accept)) {
          reply.header('Content-Encoding', 'br').removeHeader('content-length');
          return page.br;
        }
        if (/\bgzip\b/.test(accept)) {
          reply.header('Content-Encoding', 'gzip').removeHeader('content-length');
          return page.gzip;
        }
        return body;
      },
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    pageCache?: PageCache;
  }
  interface FastifyRequest {
    pageCacheKey?: string;
  }
}
