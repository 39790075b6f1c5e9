import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isUpload } from '../../common/fields.ts';
import { FieldError } from '../errors.ts';
import { uploadConfig } from '../http/multipart.ts';
import { logActivity } from '../services/activity.ts';
import { addCustom, allStyles, MAX_BYTES, removeCustom } from '../services/csl/custom-styles.ts';
import { answers, ctxOf, multipartOnly, SuccessSchema, success, typed } from './helpers.ts';

// Citation styles (administrators): every style the site can use (for the Cite box's setting,
// site_settings.cite_styles, and the report's style), an administrator's own .csl uploaded, and deleted.

const StyleSchema = z.strictObject({ id: z.string(), name: z.string(), shipped: z.boolean(), default: z.number().int().nullable() });
const UploadBody = z
  .object({ file: z.unknown().optional().meta({ type: 'string', format: 'binary', description: 'a CSL 1.0 style (.csl), at most 1 MB' }) })
  .loose();
const tags = ['site'];

export async function citeStyleRoutes(app: FastifyInstance) {
  const api = typed(app);
  const { storage } = app.lab;

  api.get(
    '/api/cite-styles/',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Every citation style the site can use: the shipped ones, then the administrators’ own',
        response: answers(z.array(StyleSchema)),
      },
    },
    async (req) => allStyles(app.lab.db, ctxOf(app, req).lang),
  );

  api.post(
    '/api/cite-styles/',
    {
      config: { access: 'admin', ...uploadConfig(MAX_BYTES) },
      onRequest: multipartOnly,
      schema: {
        tags,
        summary:
          'Add a citation style of the lab’s own: {file}, a CSL 1.0 style; refused unless well-formed, without DOCTYPE, and it writes a reference in time',
        consumes: ['multipart/form-data'],
        body: UploadBody,
        response: answers(z.strictObject({ id: z.string(), title: z.string(), created_at: z.string() })),
      },
    },
    async (req) => {
      const file = req.body.file;
      if (!isUpload(file)) throw FieldError.one('file', 'file_expected');
      const ctx = ctxOf(app, req);
      const added = await addCustom(ctx.db, await storage.readUpload(file, MAX_BYTES));
      await logActivity(ctx, { action: 'upload', resource: 'cite_style', record: added.id, name: { zh: added.title, en: added.title } });
      // the pages whose Cite box may offer it are written again
      app.lab.changes.changed('site');
      return added;
    },
  );

  api.delete(
    '/api/cite-styles/:id',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Delete a citation style of the lab’s own', params: z.object({ id: z.string().max(100) }), response: answers(SuccessSchema) },
    },
    async (req, reply) => {
      const ctx = ctxOf(app, req);
      await removeCustom(ctx.db, req.params.id);
      await logActivity(ctx, { action: 'delete', resource: 'cite_style', record: req.params.id });
      app.lab.changes.changed('site');
      return success(reply);
    },
  );
}
