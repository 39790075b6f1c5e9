import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Upload } from '../../common/fields.ts';
import type { Storage } from '../storage/storage.ts';

// Multipart bodies become plain objects: text parts as strings, file parts as Upload records
// pointing at a temporary file (streamed, never held in memory). Temporary files are removed
// when the response is sent; services move the ones they keep.

export const MB = 1024 * 1024;

/** Upload size limits by kind (documented in docs/operations.md). */
export const uploadLimits = {
  image: 20 * MB,
  publication: 100 * MB,
  data: 512 * MB,
} as const;

declare module 'fastify' {
  interface FastifyRequest {
    tmpFiles: string[];
  }
}

export const multipartPlugin = fp(async (app: FastifyInstance, opts: { storage: Storage }) => {
  app.decorateRequest('tmpFiles', null as unknown as string[]);
  app.addHook('onRequest', async (req) => {
    req.tmpFiles = [];
  });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    // file names are UTF-8 (busboy's default is latin1)
    ...({ defParamCharset: 'utf8' } as object),
    limits: { fieldSize: 1024 * 1024, fields: 200, files: 20, fileSize: uploadLimits.image, parts: 250, headerPairs: 100 },
    async onFile(part: MultipartFile) {
      const tmpPath = opts.storage.tmpPath();
      this.tmpFiles.push(tmpPath);
      await pipeline(part.file, fs.createWriteStream(tmpPath));
      if (part.file.truncated) throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE', statusCode: 413 });
      const upload: Upload = {
        kind: 'upload',
        tmpPath,
        filename: part.filename ?? '',
        size: part.file.bytesRead,
        mimetype: part.mimetype,
      };
      (part as unknown as { value: Upload }).value = upload;
    },
  });
  app.addHook('onResponse', async (req) => {
    for (const p of req.tmpFiles ?? []) fs.rm(p, { force: true }, () => {});
  });
});
