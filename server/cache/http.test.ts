import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { answerFromCache, chooseEncoding, earlyHit, keepRendered, Refresher } from './http.ts';
import { type Flight, ResponseCache } from './response-cache.ts';

// The HTTP side of the cache on a bare Fastify app: what a reader gets while a stale answer is being
// rendered anew, fast or slow.

const headers = { vary: 'Accept-Encoding', cacheControl: 'no-cache' };

function appWith(cache: ResponseCache, refresh: (flight: Flight) => void): FastifyInstance {
  const app = Fastify();
  let version = 0;
  app.addHook('onRequest', async (req, reply) => {
    await answerFromCache(cache, req, reply, 'k', refresh);
  });
  app.addHook('onSend', async (req, reply, payload) => keepRendered(cache, req, reply, payload, ['news'], headers));
  app.get('/', async (_req, reply) => reply.type('text/plain').send(`version ${++version}`));
  return app;
}

describe('answerFromCache', () => {
  let app: FastifyInstance | undefined;
  afterEach(() => app?.close());

  it('gives the reader who found the answer stale the new version when it comes within the patience', async () => {
    const cache = new ResponseCache(1 << 20, 60_000, 5_000);
    app = appWith(cache, (flight) => {
      setTimeout(() => cache.finish(flight, { status: 200, type: 'text/plain', body: Buffer.from('renewed'), topics: ['news'] }), 30);
    });
    expect((await app.inject('/')).body).toBe('version 1');
    cache.changed('news');
    const res = await app.inject('/');
    expect(res.headers['x-cache']).toBe('miss');
    expect(res.body).toBe('renewed');
  });

  it('gives the previous version past the patience, and the new one once it is rendered', async () => {
    const cache = new ResponseCache(1 << 20, 60_000, 50);
    let pending: Flight | undefined;
    app = appWith(cache, (flight) => {
      pending = flight; // a render slower than the patience
    });
    await app.inject('/');
    cache.changed('news');
    const started = Date.now();
    const res = await app.inject('/');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(res.headers['x-cache']).toBe('stale');
    expect(res.body).toBe('version 1');
    // while the render runs, every reader gets the previous version at once
    expect((await app.inject('/')).headers['x-cache']).toBe('stale');
    await cache.finish(pending as Flight, { status: 200, type: 'text/plain', body: Buffer.from('renewed'), topics: ['news'] });
    const after = await app.inject('/');
    expect(after.headers['x-cache']).toBe('hit');
    expect(after.body).toBe('renewed');
  });

  it('lets a reader render on its own when the render it waited for kept nothing', async () => {
    const cache = new ResponseCache(1 << 20, 60_000, 50);
    const flight = cache.begin('k') as Flight;
    app = appWith(cache, () => {});
    const waiting = app.inject('/');
    cache.abandon(flight);
    const res = await waiting;
    expect(res.body).toBe('version 1');
    expect(res.headers['x-cache']).toBe('miss');
  });
});

describe('an answer that is gone', () => {
  it('is never served again once its new render answers 404 (an unpublished article)', async () => {
    const cache = new ResponseCache(1 << 20, 60_000, 5_000);
    const app = Fastify();
    let published = true;
    const refresher = new Refresher(app, cache);
    app.addHook('onRequest', async (req, reply) => {
      if (refresher.claim(req)) return;
      await answerFromCache(cache, req, reply, 'article', (flight) => refresher.start(req, flight));
    });
    app.addHook('onSend', async (req, reply, payload) => keepRendered(cache, req, reply, payload, ['article'], headers));
    app.get('/', async (_req, reply) => (published ? reply.type('text/plain').send('the article') : reply.code(404).send('gone')));
    expect((await app.inject('/')).body).toBe('the article');
    expect((await app.inject('/')).headers['x-cache']).toBe('hit');
    published = false;
    cache.changed('article');
    const first = await app.inject('/');
    expect(first.statusCode).toBe(404);
    expect(cache.lookup('article').entry).toBeUndefined();
    expect((await app.inject('/')).statusCode).toBe(404);
    await app.close();
  });
});

describe('Refresher', () => {
  it('ignores a refresh token it did not issue, and drops the header', async () => {
    const app = Fastify();
    const cache = new ResponseCache(1 << 20, 60_000);
    const refresher = new Refresher(app, cache);
    let seen: unknown = 'unset';
    app.addHook('onRequest', async (req) => {
      seen = refresher.claim(req);
      if (req.headers['x-lab-refresh'] !== undefined) throw new Error('header kept');
    });
    app.get('/', async () => 'ok');
    const res = await app.inject({ url: '/', headers: { 'x-lab-refresh': 'forged-token' } });
    expect(res.statusCode).toBe(200);
    expect(seen).toBeUndefined();
    await app.close();
  });
});

describe('chooseEncoding', () => {
  it('prefers brotli, honours q=0 and falls back to the plain form', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});

describe('earlyHit', () => {
  it('answers a fresh hit before any later hook, with the headers its render was sent with', async () => {
    const cache = new ResponseCache(1 << 20, 60_000);
    const app = Fastify();
    let laterHooks = 0;
    let keyed = 0;
    app.addHook(
      'onRequest',
      earlyHit(
        () => {
          keyed++;
          return 'k';
        },
        () => cache,
        () => false,
      ),
    );
    app.addHook('onRequest', async (req, reply) => {
      laterHooks++;
      // the key is computed once, by the first hook
      expect(req.cacheKey).toBe('k');
      await answerFromCache(cache, req, reply, req.cacheKey as string, () => {});
    });
    app.addHook('onSend', async (req, reply, payload) => keepRendered(cache, req, reply, payload, ['news'], headers));
    app.get('/', async (_req, reply) => reply.type('text/plain').header('Content-Disposition', 'inline; filename="x.txt"').send('the answer'));
    const first = await app.inject('/');
    expect(first.headers['x-cache']).toBe('miss');
    const second = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(laterHooks).toBe(1);
    expect(keyed).toBe(2);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(second.headers['content-disposition']).toBe('inline; filename="x.txt"');
    expect(second.headers.vary).toBe(headers.vary);
    expect(second.headers['cache-control']).toBe(headers.cacheControl);
    expect(gunzipSync(second.rawPayload).toString()).toBe('the answer');
    // a reader who holds the version gets its 304 from the first hook too: no body, the validators and caching headers
    const held = await app.inject({ url: '/', headers: { 'if-none-match': String(second.headers.etag), 'accept-encoding': 'gzip' } });
    expect(held.statusCode).toBe(304);
    expect(held.rawPayload.length).toBe(0);
    expect(held.headers.etag).toBe(second.headers.etag);
    expect(held.headers['last-modified']).toBe(second.headers['last-modified']);
    expect(held.headers['cache-control']).toBe(headers.cacheControl);
    const since = await app.inject({ url: '/', headers: { 'if-modified-since': String(second.headers['last-modified']) } });
    expect(since.statusCode).toBe(304);
    const other = await app.inject({ url: '/', headers: { 'if-none-match': 'W/"another"' } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe('the answer');
    expect(laterHooks).toBe(1);
    // a stale answer and a session go the whole way
    await app.inject({ url: '/', headers: { authorization: 'Token x' } });
    cache.changed('news');
    await app.inject('/');
    expect(laterHooks).toBe(3);
    await app.close();
  });
});
