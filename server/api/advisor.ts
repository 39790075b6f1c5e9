import type { FastifyInstance } from 'fastify';
import { requireActor } from '../http/auth.ts';
import { ApiError } from '../http/errors.ts';
import { NotFound } from '../services/context.ts';

// /api{advisor}/… exists only when ADVISOR_USERNAME is set, and only that account gets through.
// The calls themselves come with the advisor-area issue.

export async function advisorRoutes(app: FastifyInstance) {
  const advisor = app.lab.config.advisorUsername;
  if (!advisor) return;
  const prefix = `/api${advisor}`;
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith(`${prefix}/`)) return;
    const actor = requireActor(req);
    if (actor.username !== advisor) throw new ApiError(403, 'forbidden');
  });
  app.all(`${prefix}/*`, { schema: { hide: true } }, async () => {
    throw new NotFound();
  });
}
