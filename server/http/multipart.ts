import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FieldMap } from '../../common/fields.ts';
import { kindOf } from '../../common/kinds/index.ts';
import { Upload } from '../../common/upload.ts';
import { MB, type Storage } from '../storage/storage.ts';
import { ApiError } from './errors.ts';
import { tooDeep, valueTooDeep } from './json.ts';

// Multipart bodies become plain objects: text parts as strings, file parts as Upload objects pointing
// at a temporary file (streamed, never held in memory). Only a route that declares a multipart body
// (`config.upload`, text-only with files: 0) reads one; any other answers 415 before a byte is read
// (routes that take none fell back to a 20 MB file in DATA_DIR/tmp). The body is read in
// preValidation: after every onRequest hook (who may call the route, http/auth.ts; whose record a query
// names, the route's own onRequest), so no refused caller's body is ever read or written to disk, and
// only up to the route's declared limits. Before a file is written, the instance must have fewer than
// UPLOADS_IN_FLIGHT uploads under way (503) and the disk of DATA_DIR more free space than
// DISK_RESERVE_MB besides the body (507). Temporary files go when the answer is sent, when the client
// goes away, and at start (Storage.sweepTmp).

export { uploadLimits } from '../storage/storage.ts';

/** All text parts of one request together, in bytes (as much as a JSON body may hold). */
const TEXT_BYTES = 4 * MB;
/** One text part, in bytes: the longest text field (200,000 characters of markdown) fits. */
const FIELD_BYTES = MB;

type UploadLimits = { fileSize: number; files: number };

declare module 'fastify' {
  interface FastifyRequest {
    tmpFiles: string[];
    /** Ends this request's count among the uploads in flight (set while it is one). */
    releaseUpload?: () => void;
  }
  interface FastifyContextConfig {
    /** The multipart body a route takes: how many files, how large each (files: 0, text parts only). Without it a multipart body is a 415. */
    upload?: UploadLimits;
    /** Judges a text part as soon as it is read, before the parts after it (a file) are written: a refusal stops the reading. */
    textPart?: (req: FastifyRequest, name: string, value: string) => void;
  }
}

/** A route's upload settings, with the limit in words for the 413 message. */
export function uploadConfig(fileSize: number, files = 1) {
  return { upload: { fileSize, files }, uploadLimitText: `${Math.round(fileSize / MB)} MB` };
}

/** A route whose multipart body has text parts only (SPEC §7 sends some forms as multipart without files). */
export const textOnlyMultipart = { upload: { fileSize: 0, files: 0 }, uploadLimitText: `${Math.round(TEXT_BYTES / MB)} MB` };

/** A declared resource's multipart body: one file per file or image field, each up to `fileSize`; text only without such fields. */
export function uploadConfigOf(fields: FieldMap, fileSize: number | undefined) {
  const files = Object.values(fields).filter((f) => kindOf(f).upload).length;
  return files > 0 && fileSize ? uploadConfig(fileSize, files) : textOnlyMultipart;
}

/** Whether a request says its body is multipart (its header: known before the body is read). */
export const isMultipartRequest = (req: FastifyRequest) => /^multipart\//i.test(String(req.headers['content-type'] ?? ''));

const tooLarge = (req: FastifyRequest) => new ApiError(413, 'file_too_large', { limit: req.routeOptions.config.uploadLimitText ?? '' });

function removeTmpFiles(req: FastifyRequest) {
  for (const p of req.tmpFiles.splice(0)) fs.rm(p, { force: true }, () => {});
}

/** A route's own refusal of a part (config.textPart), kept as it is. */
class Refusal extends Error {
  readonly refusal: unknown;
  constructor(refusal: unknown) {
    super('refused');
    this.refusal = refusal;
  }
}

/**
 * What the parser throws of the body itself (no boundary, cut short, a broken header) is the request's
 * fault: a 400. Errors with a status of their own (limits) and the system's (a full disk) stay as they are.
 */
function malformed(e: unknown): unknown {
  if (e instanceof Refusal) return e.refusal;
  if (!(e instanceof Error) || 'statusCode' in e || 'syscall' in e) return e;
  return new ApiError(400, 'bad_request');
}

async function readBody(req: FastifyRequest, storage: Storage, { fileSize, files }: UploadLimits): Promise<Record<string, unknown>> {
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
      if (part.file.truncated) throw tooLarge(req);
      add(part.fieldname, new Upload({ tmpPath, filename: part.filename ?? '', size: part.file.bytesRead, mimetype: part.mimetype }));
      continue;
    }
    // a text part is text whatever its Content-Type says (the parser turns application/json parts into
    // objects: they go back to their text, so no part can become anything but a string)
    if (part.valueTruncated || part.fieldnameTruncated) throw tooLarge(req);
    if (typeof part.value !== 'string' && valueTooDeep(part.value)) throw tooDeep();
    const text = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
    textBytes += Buffer.byteLength(text) + Buffer.byteLength(part.fieldname);
    if (textBytes > TEXT_BYTES) throw tooLarge(req);
    add(part.fieldname, text);
    try {
      req.routeOptions.config.textPart?.(req, part.fieldname, text);
    } catch (e) {
      throw new Refusal(e);
    }
  }
  return body;
}

export type MultipartOptions = {
  storage: Storage;
  /** Uploads (multipart bodies with files) read at once by this instance; more answer 503 (UPLOADS_IN_FLIGHT). */
  uploadsInFlight: number;
  /** Free space the disk of DATA_DIR keeps besides an upload; less answers 507 (DISK_RESERVE_MB). */
  diskReserveBytes: number;
};

/** Free bytes on the disk holding `dir`, for an unprivileged writer. */
async function freeBytes(dir: string): Promise<number> {
  const s = await fs.promises.statfs(dir);
  return s.bavail * s.bsize;
}

const declaredLength = (req: FastifyRequest) => {
  const n = Number(req.headers['content-length']);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

export const multipartPlugin = fp(async (app: FastifyInstance, opts: MultipartOptions) => {
  // the parser only: bodies are read by readBody, with each route's limits
  await app.register(multipart);
  app.decorateRequest('tmpFiles', null as unknown as string[]);
  let uploading = 0;

  // a route documenting a multipart body must declare it, or every such body would be a 415
  app.addHook('onRoute', (route) => {
    const consumes = (route.schema as { consumes?: unknown } | undefined)?.consumes;
    if (Array.isArray(consumes) && consumes.some((c) => /^multipart\//i.test(String(c))) && !route.config?.upload) {
      throw new Error(`${String(route.method)} ${route.url} documents a multipart body but declares none (config.upload)`);
    }
  });

  app.addHook('onRequest', async (req, reply) => {
    req.tmpFiles = [];
    // whatever ends the exchange (answer sent, client gone) ends its temporary files
    reply.raw.once('close', () => removeTmpFiles(req));
    if (!isMultipartRequest(req)) return;
    const upload = req.routeOptions.config.upload;
    if (!upload) throw new ApiError(415, 'multipart_not_accepted');
    // a body declared larger than the route could ever accept is refused before a byte of it is read
    const declared = declaredLength(req);
    if (declared !== undefined && declared > upload.files * upload.fileSize + TEXT_BYTES + MB) throw tooLarge(req);
  });

  app.addHook('preValidation', async (req, reply) => {
    if (!req.isMultipart()) return;
    const upload = req.routeOptions.config.upload;
    if (!upload) throw new ApiError(415, 'multipart_not_accepted');
    if (upload.files > 0) {
      if (uploading >= opts.uploadsInFlight) {
        reply.header('Retry-After', '5');
        throw new ApiError(503, 'uploads_busy');
      }
      // the whole body, as declared, must fit with the reserve to spare: nothing is half written
      if ((await freeBytes(opts.storage.tmpRoot)) - (declaredLength(req) ?? 0) < opts.diskReserveBytes) throw new ApiError(507, 'storage_full');
      uploading++;
      // released once, by whichever comes first: the answer, or the client going away mid-upload
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        uploading--;
      };
      reply.raw.once('close', release);
      req.releaseUpload = release;
    }
    try {
      req.body = await readBody(req, opts.storage, upload);
    } catch (e) {
      removeTmpFiles(req);
      throw malformed(e);
    }
  });
  // a cached answer sent by the server's first hook (server/cache/http.ts, earlyHit) never reached the onRequest above
  app.addHook('onResponse', async (req) => {
    req.releaseUpload?.();
    if (req.tmpFiles) removeTmpFiles(req);
  });
});
