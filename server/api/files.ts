import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireActor } from '../http/auth.ts';
import { ApiError } from '../http/errors.ts';
import { uploadConfig, uploadLimits } from '../http/multipart.ts';
import { deleteData, deleteImage, filesOf, listData, listImages, uploadData, uploadImages } from '../services/files.ts';
import { ctxOf, idParam, success } from './helpers.ts';

// SPEC §7 Data files (shared and private) and Images.

const member = { access: 'member' } as const;
const dataConfig = { ...uploadConfig(uploadLimits.data, 20), ...member };
const imageConfig = { ...uploadConfig(uploadLimits.image, 20), ...member };

const filesBody = z.object({ owner: z.any().optional(), username: z.any().optional() }).loose();

function requireMultipart(req: { isMultipart(): boolean }) {
  if (!req.isMultipart()) throw new ApiError(415, 'not_multipart');
}

export async function fileRoutes(app: FastifyInstance) {
  app.get(
    '/api/data/',
    {
      schema: {
        tags: ['data'],
        summary: 'Shared files, or ?owner={username} for one’s own private files',
        querystring: z.object({ owner: z.string().optional() }).loose(),
      },
      config: member,
    },
    async (req) => listData(ctxOf(app, req), (req.query as { owner?: string }).owner),
  );
  app.post(
    '/api/data/',
    {
      schema: { tags: ['data'], summary: 'Upload files[i] with owner "public" or one’s username', consumes: ['multipart/form-data'], body: filesBody },
      config: dataConfig,
    },
    async (req, reply) => {
      requireMultipart(req);
      const body = req.body as Record<string, unknown>;
      const owner = typeof body.owner === 'string' && body.owner !== '' ? body.owner : 'public';
      const ids = await uploadData(ctxOf(app, req), owner, filesOf(body));
      return success(reply, ids[0]);
    },
  );
  app.delete(
    '/api/data/',
    {
      schema: {
        tags: ['data'],
        summary: 'Delete a file (its uploader, or an administrator for shared files)',
        querystring: z.object({ did: z.string().optional() }).loose(),
      },
      config: member,
    },
    async (req, reply) => {
      await deleteData(ctxOf(app, req), idParam(req, 'did'));
      return success(reply);
    },
  );

  app.get(
    '/api/image/',
    {
      schema: {
        tags: ['image'],
        summary: 'One’s own images (?username= must be one’s own)',
        querystring: z.object({ username: z.string().optional() }).loose(),
      },
      config: member,
    },
    async (req) => {
      const actor = requireActor(req);
      return listImages(ctxOf(app, req), (req.query as { username?: string }).username ?? actor.username);
    },
  );
  app.post(
    '/api/image/',
    {
      schema: { tags: ['image'], summary: 'Upload images files[i] (png, jpeg, bmp)', consumes: ['multipart/form-data'], body: filesBody },
      config: imageConfig,
    },
    async (req, reply) => {
      requireMultipart(req);
      const ids = await uploadImages(ctxOf(app, req), filesOf(req.body as Record<string, unknown>));
      return success(reply, ids[0]);
    },
  );
  app.delete(
    '/api/image/',
    { schema: { tags: ['image'], summary: 'Delete one of one’s images', querystring: z.object({ iid: z.string().optional() }).loose() }, config: member },
    async (req, reply) => {
      await deleteImage(ctxOf(app, req), idParam(req, 'iid'));
      return success(reply);
    },
  );
}
