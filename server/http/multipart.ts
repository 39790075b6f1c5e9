import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FieldMap } from '../../common/fields.ts';
import { Upload } from '../../common/upload.ts';
import { MB, type Storage, uploadLimits } from '../storage/storage.ts';
import { ApiError } from './errors.ts';

// Multipart bodies become plain objects: text parts as strings, file parts as Upload objects pointing
// at a temporary file (streamed, never held in memory). The body is read here, in preValidation: after
// the route's access check (http/auth.ts, onRequest), so no stranger's body is ever read or written to
// disk, and only up to the route's declared limits. Temporary files go when the answer is sent, when the
// client goes away, and at start (Storage.sweepTmp).

export { MB, uploadLimits } from '../storage/storage.ts';

/** All text parts of one request together, in bytes (as much as a JSON body may hold). */
export const TEXT_BYTES = 4 * MB;
/** One text part, in bytes: the longest text field (200,000 characters of markdown) fits. */
const FIELD_BYTES = MB;

export type UploadLimits = { fileSize: number; files: number };

declare module 'fastify' {
  interface FastifyRequest {
    tmpFiles: string[];
  }
  interface FastifyContextConfig {
    /** The files a route accepts: how many, and how large each (default: one image). */
    upload?: UploadLimits;
  }
}

const defaultUpload: UploadLimits = { fileSize: uploadLimits.image, files: 1 };

/** A route's upload settings, with the limit in words for the 413 message. */
export function uploadConfig(fileSize: number, files = 1) {
  return { upload: { fileSize, files }, uploadLimitText: `${Math.round(fileSize / MB)} MB` };
}

/** A declared resource's upload settings: one file per file or image field, each up to `fileSize`. */
export function uploadConfigOf(fields: FieldMap, fileSize: number) {
  const files = Object.values(fields).filter((f) => f.kind === 'image' || f.kind === 'file').length;
  return uploadConfig(fileSize, Math.max(files, 1));
}

const isMultipartRequest = (req: FastifyRequest) => /^multipart\//i.test(String(req.headers['content-type'] ?? ''));

const tooLarge = () => new ApiError(413, 'file_too_large');

function removeTmpFiles(req: FastifyRequest) {
  for (const p of req.tmpFiles.splice(0)) fs.rm(p, { force: true }, () => {});
}

/**
 * What the parser throws of the body itself (no boundary, cut short, a broken header) is the request's
 * fault: a 400. Errors with a status of their own (limits) and the system's (a full disk) stay as they are.
 */
function malformed(e: unknown): unknown {
  if (!(e instanceof Error) || 'statusCode' in e || 'syscall' in e) return e;
  return new ApiError(400, 'bad_request');
}

async function readBody(req: FastifyRequest, storage: Storage): Promise<Record<string, unknown>> {
  const { fileSize, files } = req.routeOptions.config.upload ?? defaultUpload;
  const body: Record<string, unknown> = {};
  const add = (name: string, value: unknown) => {
    const prev = body[name];
    body[name] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  };
  let textBytes = 0;
  const parts = req.parts({ limits: { fieldSize: FIELD_BYTES, fields: 200, files, fileSize, parts: 250, headerPairs: 100 } });
  for await (const part of parts) {
    if (part.type === 'file') {
      const tmpPath = storage.tmpPath();
      req.tmpFiles.push(tmpPath);
      await pipeline(part.file, fs.createWriteStream(tmpPath, { flags: 'wx' }));
      if (part.file.truncated) throw tooLarge();
      add(part.fieldname, new Upload({ tmpPath, filename: part.filename ?? '', size: part.file.bytesRead, mimetype: part.mimetype }));
      continue;
    }
    // a text part is text whatever its Content-Type says (the parser turns application/json parts into
    // objects: they go back to their text, so no part can become anything but a string)
    if (part.valueTruncated || part.fieldnameTruncated) throw tooLarge();
    const text = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
    textBytes += Buffer.byteLength(text) + Buffer.byteLength(part.fieldname);
    if (textBytes > TEXT_BYTES) throw tooLarge();
    add(part.fieldname, text);
  }
  return body;
}

export const multipartPlugin = fp(async (app: FastifyInstance, opts: { storage: Storage }) => {
  // the parser only: bodies are read by readBody, with each route's limits
  await app.register(multipart);
  app.decorateRequest('tmpFiles', null as unknown as string[]);

  app.addHook('onRequest', async (req, reply) => {
    req.tmpFiles = [];
    // whatever ends the exchange (answer sent, client gone) ends its temporary files
    reply.raw.once('close', () => removeTmpFiles(req));
    if (!isMultipartRequest(req)) return;
    // a body declared larger than the route could ever accept is refused before a byte of it is read
    const { fileSize, files } = req.routeOptions.config.upload ?? defaultUpload;
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > files * fileSize + TEXT_BYTES + MB) throw tooLarge();
  });

  app.addHook('preValidation', async (req) => {
    if (!req.isMultipart()) return;
    try {
      req.body = await readBody(req, opts.storage);
    } catch (e) {
      removeTmpFiles(req);
      throw malformed(e);
    }
  });
  // a cached answer sent by the server's first hook (server/cache/http.ts, earlyHit) never reached the onRequest above
  app.addHook('onResponse', async (req) => {
    if (req.tmpFiles) removeTmpFiles(req);
  });
});
