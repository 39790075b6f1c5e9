import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { allSchedules, ownSchedules, SchedulePutSchema, saveSchedule } from '../services/schedules.ts';
import { ctxOf, parseInput, success } from './helpers.ts';

// SPEC §7 Availability: /apiprivate/disctime/.

export async function scheduleRoutes(app: FastifyInstance) {
  const path = '/apiprivate/disctime/';
  app.get(
    path,
    {
      schema: {
        tags: ['schedule'],
        summary: 'Every member’s grid keyed by term, or ?uid= for one’s own list of {term, occupy}',
        querystring: z.object({ uid: z.string().optional() }).loose(),
      },
      config: { access: 'member' },
    },
    async (req) => {
      const { uid } = req.query as { uid?: string };
      const ctx = ctxOf(app, req);
      return uid !== undefined ? ownSchedules(ctx, uid) : allSchedules(ctx);
    },
  );
  app.put(
    path,
    {
      schema: { tags: ['schedule'], summary: 'Save one’s grid for a term: {uid, name, term, occupy: [[day, period], …]}', body: z.any() },
      config: { access: 'member' },
    },
    async (req, reply) => {
      await saveSchedule(ctxOf(app, req), parseInput(SchedulePutSchema, req.body));
      return success(reply);
    },
  );
}
