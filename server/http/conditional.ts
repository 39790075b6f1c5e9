import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

// Conditional GETs (RFC 9110 §13): a reader who holds the current version of an answer gets 304 and no
// body. Every public answer that is text carries an ETag: the cached ones their cache's (server/cache/),
// the others one made here from the bytes; stored files theirs from the stored object
// (server/http/stored-files.ts). Tags are weak: one tag names the content in every coding it is sent in
// (plain, gzip, br), as the cache keeps them (docs/decisions/080-conditional-gets-and-compressed-hits.md).

/** The weak tag of an answer's (uncompressed) bytes: equal bytes, equal tags, on every instance. */
export function contentTag(body: Buffer | string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** A tag without its weakness mark and quotes' surrounding blanks, for the weak comparison. */
const bare = (tag: string) => {
  const t = tag.trim();
  return t.startsWith('W/') ? t.slice(2) : t;
};

/** If-None-Match names this tag (weak comparison, RFC 9110 §13.1.2), or is "*". Linear in the header. */
export function tagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (typeof header !== 'string') return false;
  if (header.trim() === '*') return true;
  const mine = bare(etag);
  return header.split(',').some((t) => bare(t) === mine);
}

/** An HTTP date, as Last-Modified carries it (whole seconds). */
export const httpDate = (ms: number) => new Date(ms).toUTCString();

/**
 * The reader holds this version: If-None-Match when it is sent (it takes precedence, RFC 9110 §13.2.2),
 * else If-Modified-Since against the version's time (whole seconds) when it has one.
 */
export function notModified(headers: FastifyRequest['headers'], etag: string | undefined, modifiedMs?: number): boolean {
  const inm = headers['if-none-match'];
  if (inm !== undefined) return etag !== undefined && tagMatches(inm, etag);
  const ims = headers['if-modified-since'];
  if (modifiedMs === undefined || typeof ims !== 'string' || ims.length > 64) return false;
  const since = Date.parse(ims);
  return Number.isFinite(since) && Math.floor(modifiedMs / 1000) * 1000 <= since;
}

/** Turns the reply into a 304: the validators and caching headers stay, the body and its description go. */
export function asNotModified(reply: FastifyReply): FastifyReply {
  reply.code(304);
  for (const h of ['content-length', 'content-encoding', 'content-type', 'content-disposition']) reply.removeHeader(h);
  return reply;
}

const conditionalMethods = new Set(['GET', 'HEAD']);

/**
 * The last onSend of each GET route before compression (added by onRoute, so it runs after the route's own
 * hooks and the global ones, and before @fastify/compress, which must be registered after this plugin):
 * a 200 whose body is bytes or text gets a tag from its bytes when it has none, and a reader who holds it
 * gets 304. Answers no cache may keep (no-store) are left alone; streams tag themselves or go untagged.
 */
async function conditionalOnSend(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode !== 200 || !conditionalMethods.has(req.method)) return payload;
  let etag = reply.getHeader('etag') as string | undefined;
  if (etag === undefined) {
    if (!(typeof payload === 'string' || Buffer.isBuffer(payload))) return payload;
    if (String(reply.getHeader('cache-control') ?? '').includes('no-store')) return payload;
    etag = contentTag(payload);
    reply.header('ETag', etag);
  }
  const lastModified = reply.getHeader('last-modified');
  const modifiedMs = typeof lastModified === 'string' ? Date.parse(lastModified) : undefined;
  if (!notModified(req.headers, etag, Number.isFinite(modifiedMs) ? modifiedMs : undefined)) return payload;
  asNotModified(reply);
  return null;
}

export const conditionalPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => m === 'GET' || m === 'HEAD')) return;
    const own = route.onSend;
    route.onSend = own === undefined ? [conditionalOnSend] : Array.isArray(own) ? [...own, conditionalOnSend] : [own, conditionalOnSend];
  });
});
