import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { info } from '../../common/resources/info.ts';
import { infoPages, saveInfoList } from '../services/content.ts';
import { answers, ctxOf, SuccessSchema, success, typed } from './helpers.ts';
import { resourceRoutes } from './resource-routes.ts';

// Info pages' console calls (SPEC §7: PUT of the whole list, errors as a flat list). Articles, news,
// seminars and publications have the four calls of every registered resource (server/registry.ts).

const InfoListSchema = z
  .array(
    z.object({
      iid: z.coerce.number({ error: 'invalid_number' }).int({ error: 'invalid_number' }),
      aspect: z.string().trim().min(1, { error: 'required' }).max(100, { error: 'too_long' }),
      markdown: z.string().max(200_000, { error: 'too_long' }).optional(),
      order: z.coerce.number({ error: 'invalid_number' }).int().min(0).max(100000).optional(),
    }),
    { error: 'info_list' },
  )
  .max(200, { error: 'too_long' });

export async function contentRoutes(app: FastifyInstance) {
  // Info pages answer errors as a flat list of messages (SPEC §7).
  await app.register(async (scoped) => {
    scoped.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), flatErrors: true } as typeof route.config;
    });
    resourceRoutes(scoped, infoPages, { skip: ['update'] });
    typed(scoped).put(
      info.path,
      {
        schema: {
          tags: ['info'],
          summary: 'Save the whole list of info pages (aspect, markdown, order)',
          body: InfoListSchema,
          response: answers(SuccessSchema),
        },
        config: { access: 'admin' },
      },
      async (req, reply) => {
        await saveInfoList(ctxOf(app, req), req.body);
        return success(reply);
      },
    );
  });
}
