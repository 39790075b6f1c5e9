import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { type Bucket, type ByteRange, extensionOf, type ObjectStream, objectName, RangeNotSatisfiable, Storage } from '../storage/storage.ts';
import { dataFileByKey } from '../services/files.ts';
import { type Access, publicPageOf } from '../../common/resource.ts';
import { kindOf } from '../../common/kinds/index.ts';
import { recordFile } from '../services/record-files.ts';
import { rowToWire } from '../services/records.ts';
import type { Registered } from '../registry.ts';
import { answers, ctxOf, parseId, typed } from '../api/helpers.ts';
import { isVariantWidth, variantOf, variantTypes } from '../images/variants.ts';
import { NotFound } from '../errors.ts';
import { fileReader } from './auth.ts';
import { ApiError } from './errors.ts';
import { asNotModified, httpDate, notModified } from './conditional.ts';

// Serves stored files under /resource/…. Only types that cannot run script open inline; everything
// else downloads. Every answer forbids sniffing and runs in a sandbox, so an uploaded HTML or SVG
// never acts as a page of this site.

const inline: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  txt: 'text/plain; charset=utf-8',
  md: 'text/plain; charset=utf-8',
  csv: 'text/plain; charset=utf-8',
  json: 'text/plain; charset=utf-8',
  mp4: 'video/mp4',
};

function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The one byte range a Range header asks for (`bytes=a-b`, `bytes=a-`, `bytes=-n`), or undefined to send the
 * whole file: no header, another unit, several ranges (allowed to be answered whole, RFC 9110 §14.2) or a
 * header that is not a range at all. Bounded: the header's length is checked before it is read.
 */
function parseRange(header: string | string[] | undefined): ByteRange | undefined {
  if (typeof header !== 'string' || header.length > 100) return undefined;
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') return { suffix: Number(m[2]) };
  const start = Number(m[1]);
  if (m[2] === '') return { start };
  const end = Number(m[2]);
  return end >= start ? { start, end } : undefined;
}

/**
 * Sends a stored file (or its variant), whole or the byte range the request asks for: 206 with
 * Content-Range, 416 for a range past its end. The bytes stream from the storage, disk or bucket.
 */
async function sendObject(req: FastifyRequest, reply: FastifyReply, storage: Storage, name: string | undefined, headers: Record<string, string>) {
  if (!name) throw new NotFound();
  // a stored object's name is a random key chosen at its upload (a variant's, its original's and its form):
  // the same name, the same bytes, sent as stored, so the tag is strong
  const etag = `"${createHash('sha1').update(name).digest('base64url')}"`;
  if (req.headers['if-none-match'] !== undefined && notModified(req.headers, etag)) return asNotModified(reply.headers(headers).header('ETag', etag)).send();
  const range = parseRange(req.headers.range);
  let found: ObjectStream | undefined;
  try {
    found = await storage.get(name, range);
  } catch (e) {
    if (!(e instanceof RangeNotSatisfiable)) throw e;
    return reply.code(416).headers(headers).header('Content-Range', `bytes */${e.size}`).header('Accept-Ranges', 'bytes').send('');
  }
  if (!found) throw new NotFound();
  const { size, start, end, stream, modified } = found;
  reply.headers(headers).header('ETag', etag);
  if (modified !== undefined) reply.header('Last-Modified', httpDate(modified));
  if (notModified(req.headers, etag, modified)) {
    stream.destroy();
    return asNotModified(reply).send();
  }
  const partial = range !== undefined && (start > 0 || end < size - 1);
  reply.header('Accept-Ranges', 'bytes').header('Content-Length', size === 0 ? 0 : end - start + 1);
  if (partial) reply.code(206).header('Content-Range', `bytes ${start}-${end}/${size}`);
  // a HEAD request, or a client gone: the stream is not read, and must let its connection go
  reply.raw.once('close', () => stream.destroy());
  return reply.send(stream);
}

function fileHeaders(name: string, immutable: boolean): Record<string, string> {
  const type = inline[extensionOf(name)];
  return {
    'Content-Type': type ?? 'application/octet-stream',
    'Content-Disposition': contentDisposition(type ? 'inline' : 'attachment', name),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
  };
}

function send(req: FastifyRequest, reply: FastifyReply, storage: Storage, bucket: Bucket, key: string, name: string, immutable: boolean) {
  return sendObject(req, reply, storage, objectName(bucket, key), fileHeaders(name, immutable));
}

export async function storedFileRoutes(app: FastifyInstance, resources: readonly Registered[]) {
  const { storage } = app.lab;
  // images and media are reached by unguessable URLs (random keys), so anyone holding one may fetch it (they
  // are shown on public pages); data files are the members' (below)
  // Stored files go out as they are stored, never through the response compressor: it would label the
  // answer gzip and pass through unchanged any file whose first bytes look like zlib or gzip data (a
  // data file of random bytes did: its download was corrupt). Most stored files are compressed already.
  const options = { config: { access: 'public' }, compress: false } as const;
  const api = typed(app);
  // the answer is the file itself (a stream, never serialized), or an error of server/http/errors.ts
  const response = answers(z.unknown().meta({ type: 'string', format: 'binary' }));

  // the served resources with file fields, by name: a record's files are at /resource/public/{name}/{id}/{file}
  // (a publication's as SPEC §7 has them)
  const withFiles = new Map(
    resources.filter((r) => Object.values(r.crud.res.fields).some((d) => kindOf(d).storedKey)).map((r) => [r.crud.res.name, r.crud] as const),
  );
  // the reader as a data file's: a file opened from the console in a new tab carries the session cookie alone
  const mayRead = async (access: Access, req: FastifyRequest) => {
    const reader = await fileReader(app.lab.db, req);
    return reader !== null && !reader.two_factor_missing && (access === 'member' || reader.authority === 'admin');
  };
  api.get(
    '/resource/public/:resource/:id/:file',
    { ...options, schema: { hide: true, params: z.object({ resource: z.string(), id: z.string(), file: z.string() }), response } },
    async (req, reply) => {
      const { resource, id: given, file } = req.params;
      const crud = withFiles.get(resource);
      const id = parseId(given);
      const found = crud && id !== undefined ? await recordFile(ctxOf(app, req), crud, id, file) : undefined;
      if (!crud || !found) throw new NotFound();
      // public where the record is (it has a public page: a publication always, a declared public record while it
      // is public); else a file only those who may read the resource reach, never kept in a shared cache
      const open = publicPageOf(crud.res, rowToWire(crud.res, found.row)) !== undefined;
      if (!open && !(await mayRead(crud.res.access.read, req))) throw new NotFound();
      const headers = fileHeaders(found.name, false);
      return sendObject(req, reply, storage, objectName(found.bucket, found.key), open ? headers : { ...headers, 'Cache-Control': 'private, no-store' });
    },
  );

  api.get(
    '/resource/data/:key/:name',
    { ...options, schema: { hide: true, params: z.object({ key: z.string(), name: z.string() }), response } },
    async (req, reply) => {
      const { key } = req.params;
      if (!Storage.isKey(key)) throw new NotFound();
      const row = await dataFileByKey(ctxOf(app, req), key);
      if (!row) throw new NotFound();
      // the console's "data" is the lab's members' (SPEC §6), a private file its owner's alone (decision 064):
      // a link that leaves the lab opens nothing, and no shared cache keeps a copy
      reply.header('Cache-Control', 'private, no-store');
      const reader = await fileReader(app.lab.db, req);
      if (!reader) throw new ApiError(401, req.authError === 'expired' ? 'session_expired' : 'unauthenticated');
      if (reader.two_factor_missing) throw new ApiError(403, 'two_factor_required');
      if (row.owner !== 'public' && row.owner !== reader.username) throw new NotFound();
      return sendObject(req, reply, storage, objectName('data', key), { ...fileHeaders(row.filename, false), 'Cache-Control': 'private, no-store' });
    },
  );

  for (const bucket of ['image', 'media'] as const) {
    const schema = {
      hide: true,
      params: z.object({ key: z.string() }),
      // ?w= twice is a list, which names no variant (a 404, like any other width that is not offered)
      querystring: z.object({ w: z.union([z.string(), z.array(z.string())]).optional(), f: z.union([z.string(), z.array(z.string())]).optional() }).loose(),
      response,
    };
    api.get(`/resource/${bucket}/:key`, { ...options, schema }, async (req, reply) => {
      const { key } = req.params;
      if (!Storage.isKey(key)) throw new NotFound();
      // a member's image is served while its record is: one the trash keeps with a deleted member is not
      if (bucket === 'image' && !(await app.lab.db.selectFrom('image').select('iid').where('storage_key', '=', key).executeTakeFirst())) throw new NotFound();
      const width = req.query.w;
      if (width !== undefined) {
        const w = typeof width === 'string' ? Number(width) : Number.NaN;
        // ?w= asks for a resized WebP copy (server/images/variants.ts)
        if (!isVariantWidth(w)) throw new NotFound();
        // ?f=avif the same in AVIF; any other encoding is offered by none
        const f = req.query.f ?? 'webp';
        if (f !== 'webp' && f !== 'avif') throw new NotFound();
        // a copy that cannot be made is a 404 for the page (it shows the original's other sizes), and a line in the log
        const variant = await variantOf(storage, bucket, key, w, f).catch((err: unknown) => {
          req.log.warn({ err, key, width: w, format: f }, 'image variant not made');
          return undefined;
        });
        if (!variant) throw new NotFound();
        return sendObject(req, reply, storage, variant, {
          'Content-Type': variantTypes[f],
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'public, max-age=31536000, immutable',
        });
      }
      return send(req, reply, storage, bucket, key, key, true);
    });
  }
}
