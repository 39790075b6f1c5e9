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
import { createPageData } from './page-data.ts';
import { PageCache } from './page-cache.ts';

// Serves the React Router app (server-rendered pages, hashed assets) from this Fastify process, with
// the cache of anonymous public HTML in front of it.

const root = path.resolve(import.meta.dirname, '..', '..');
export const serverBuildPath = path.join(root, 'build', 'server', 'index.js');
const clientBuildDirectory = path.join(root, 'build', 'client');

/** Paths that are never pages (the API, stored files, static assets). */
const notPages = /^\/(api|apiprivate|resource|static|assets|feed|sitemap\.xml|robots\.txt)(\/|$)/;

function cacheKey(req: FastifyRequest): string | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  const url = req.url;
  if (notPages.test(url) || url.includes('.data') || url.startsWith('/console') || url.startsWith('/__')) return undefined;
  if (req.headers.authorization) return undefined;
  const lang = resolveLang({ query: new URL(url, 'http://x').searchParams.get('lang'), cookie: req.headers.cookie ?? null, acceptLanguage: (req.headers['accept-language'] as string) ?? null });
  return `${lang} ${url}`;
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
  const previous = app.lab.publicChanged;
  app.lab.publicChanged = (what) => {
    cache.clear();
    previous(what);
  };
  app.decorate('pageCache', cache);

  app.addHook('onRequest', async (req, reply) => {
    if (opts.devServer) return;
    const key = cacheKey(req);
    const page = key ? cache.get(key) : undefined;
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
        const key = opts.devServer ? undefined : cacheKey(req);
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
}
