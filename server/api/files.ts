import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DataFileSchema, ImageFileSchema } from '../../common/wire.ts';
import { requireActor } from '../http/auth.ts';
import { uploadConfig, uploadLimits } from '../http/multipart.ts';
import { checkDataOwner, deleteData, deleteImage, filesOf, listData, listImages, uploadData, uploadImages } from '../services/files.ts';
import { answers, ctxOf, idQuery, multipartOnly, requireId, SuccessSchema, success, typed } from './helpers.ts';

// SPEC §7 Data files (shared and private) and Images.

const member = { access: 'member' } as const;
const dataConfig = { ...uploadConfig(uploadLimits.data, 20), ...member };
const imageConfig = { ...uploadConfig(uploadLimits.image, 20), ...member };

const binary = { type: 'string', format: 'binary' } as const;
const files = {
  'files[0]': z
    .unknown()
    .optional()
    .meta({ ...binary, description: 'files[0], files[1], …: the files' }),
};

// The handler judges these bodies (a body that is not multipart is a 415, a part that is not a file a
// field error), so their schemas type the parts as unknown and only document them.
const DataUploadSchema = z
  .object({ owner: z.unknown().optional().meta({ type: 'string', description: '"public" (default) or one’s username' }), ...files })
  .loose();
const ImageUploadSchema = z.object(files).loose();

export async function fileRoutes(app: FastifyInstance) {
  const api = typed(app);
  api.get(
    '/api/data/',
    {
      schema: {
        tags: ['data'],
        summary: 'Shared files, or ?owner={username} for one’s own private files',
        querystring: z.object({ owner: z.string().optional() }).loose(),
        response: answers(z.array(DataFileSchema)),
      },
      config: member,
    },
    async (req) => listData(ctxOf(app, req), req.query.owner),
  );
  api.post(
    '/api/data/',
    {
      schema: {
        tags: ['data'],
        summary: 'Upload files[i] with owner "public" or one’s username',
        consumes: ['multipart/form-data'],
        body: DataUploadSchema,
        response: answers(SuccessSchema),
      },
      // the owner comes before the files in SPEC's form: someone else's folder is refused before they are written
      config: { ...dataConfig, textPart: (req, name, value) => name === 'owner' && value !== '' && checkDataOwner(ctxOf(app, req), value) },
      onRequest: multipartOnly,
    },
    async (req, reply) => {
      const { owner } = req.body;
      const ids = await uploadData(ctxOf(app, req), typeof owner === 'string' && owner !== '' ? owner : 'public', filesOf(req.body));
      return success(reply, ids[0]);
    },
  );
  api.delete(
    '/api/data/',
    {
      schema: {
        tags: ['data'],
        summary: 'Delete a file (its uploader, or an administrator for shared files)',
        querystring: idQuery('did'),
        response: answers(SuccessSchema),
      },
      config: member,
    },
    async (req, reply) => {
      await deleteData(ctxOf(app, req), requireId(req.query.did));
      return success(reply);
    },
  );

  api.get(
    '/api/image/',
    {
      schema: {
        tags: ['image'],
        summary: 'One’s own images (?username= must be one’s own)',
        querystring: z.object({ username: z.string().optional() }).loose(),
        response: answers(z.array(ImageFileSchema)),
      },
      config: member,
    },
    async (req) => {
      const actor = requireActor(req);
      return listImages(ctxOf(app, req), req.query.username ?? actor.username);
    },
  );
  api.post(
    '/api/image/',
    {
      schema: {
        tags: ['image'],
        summary: 'Upload images files[i] (png, jpeg, bmp)',
        consumes: ['multipart/form-data'],
        body: ImageUploadSchema,
        response: answers(SuccessSchema),
      },
      config: imageConfig,
      onRequest: multipartOnly,
    },
    async (req, reply) => {
      const ids = await uploadImages(ctxOf(app, req), filesOf(req.body));
      return success(reply, ids[0]);
    },
  );
  api.delete(
    '/api/image/',
    { schema: { tags: ['image'], summary: 'Delete one of one’s images', querystring: idQuery('iid'), response: answers(SuccessSchema) }, config: member },
    async (req, reply) => {
      await deleteImage(ctxOf(app, req), requireId(req.query.iid));
      return success(reply);
    },
  );
}
