import fs from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Bucket } from '../storage/storage.ts';
import { extensionOf, Storage } from '../storage/storage.ts';
import { dataFileByKey } from '../services/files.ts';
import { publicationFile } from '../services/publications.ts';
import { answers, ctxOf, parseId, typed } from '../api/helpers.ts';
import { isVariantWidth, variantPath } from '../images/variants.ts';
import { NotFound } from '../errors.ts';

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

async function send(reply: FastifyReply, storage: Storage, bucket: Bucket, key: string, name: string, immutable: boolean) {
  const file = storage.pathOf(bucket, key);
  if (!file) throw new NotFound();
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file);
  } catch {
    throw new NotFound();
  }
  const type = inline[extensionOf(name)];
  reply
    .header('Content-Type', type ?? 'application/octet-stream')
    .header('Content-Length', stat.size)
    .header('Content-Disposition', contentDisposition(type ? 'inline' : 'attachment', name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox")
    .header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
  return reply.send(fs.createReadStream(file));
}

export async function storedFileRoutes(app: FastifyInstance) {
  const { storage } = app.lab;
  // stored files are reached by unguessable URLs (random keys), so anyone holding one may fetch it
  // Stored files go out as they are stored, never through the response compressor: it would label the
  // answer gzip and pass through unchanged any file whose first bytes look like zlib or gzip data (a
  // data file of random bytes did: its download was corrupt). Most stored files are compressed already.
  const options = { config: { access: 'public' }, compress: false } as const;
  const api = typed(app);
  // the answer is the file itself (a stream, never serialized), or an error of server/http/errors.ts
  const response = answers(z.unknown().meta({ type: 'string', format: 'binary' }));

  api.get(
    '/resource/public/publication/:pid/:file',
    { ...options, schema: { hide: true, params: z.object({ pid: z.string(), file: z.string() }), response } },
    async (req, reply) => {
      const { pid, file } = req.params;
      const id = parseId(pid);
      const found = id !== undefined ? await publicationFile(ctxOf(app, req), id, file) : undefined;
      if (!found) throw new NotFound();
      return send(reply, storage, 'publication', found.key, found.name, false);
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
      return send(reply, storage, 'data', key, row.filename, true);
    },
  );

  for (const bucket of ['image', 'media'] as const) {
    const schema = {
      hide: true,
      params: z.object({ key: z.string() }),
      // ?w= twice is a list, which names no variant (a 404, like any other width that is not offered)
      querystring: z.object({ w: z.union([z.string(), z.array(z.string())]).optional() }).loose(),
      response,
    };
    api.get(`/resource/${bucket}/:key`, { ...options, schema }, async (req, reply) => {
      const { key } = req.params;
      if (!Storage.isKey(key) || !storage.pathOf(bucket, key)) throw new NotFound();
      // a member's image is served while its record is: one the trash keeps with a deleted member is not
      if (bucket === 'image' && !(await app.lab.db.selectFrom('image').select('iid').where('storage_key', '=', key).executeTakeFirst())) throw new NotFound();
      const width = req.query.w;
      if (width !== undefined) {
        const w = typeof width === 'string' ? Number(width) : Number.NaN;
        // ?w= asks for a resized WebP copy (server/images/variants.ts)
        if (!isVariantWidth(w)) throw new NotFound();
        const file = await variantPath(storage, bucket, key, w);
        if (!file) throw new NotFound();
        const stat = await fs.promises.stat(file);
        return reply
          .header('Content-Type', 'image/webp')
          .header('Content-Length', stat.size)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .send(fs.createReadStream(file));
      }
      return send(reply, storage, bucket, key, key, true);
    });
  }
}
