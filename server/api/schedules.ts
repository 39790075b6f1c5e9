import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AllSchedulesSchema, OwnSchedulesSchema } from '../../common/wire.ts';
import { allSchedules, ownSchedules, SchedulePutSchema, saveSchedule } from '../services/schedules.ts';
import { logActivity } from '../services/activity.ts';
import { answers, ctxOf, emptyBodyIfNone, SuccessSchema, success, typed } from './helpers.ts';

// SPEC §7 Availability: /apiprivate/disctime/.

export async function scheduleRoutes(app: FastifyInstance) {
  const path = '/apiprivate/disctime/';
  const api = typed(app);
  api.get(
    path,
    {
      schema: {
        tags: ['schedule'],
        summary: 'Every member’s grid keyed by term, or ?uid= for one’s own list of {term, occupy}',
        querystring: z.object({ uid: z.string().optional() }).loose(),
        response: answers(z.union([OwnSchedulesSchema, AllSchedulesSchema])),
      },
      config: { access: 'member' },
    },
    async (req) => {
      const { uid } = req.query;
      const ctx = ctxOf(app, req);
      return uid !== undefined ? ownSchedules(ctx, uid) : allSchedules(ctx);
    },
  );
  api.put(
    path,
    {
      schema: { tags: ['schedule'], summary: 'Save one’s grid for a term', body: SchedulePutSchema, response: answers(SuccessSchema) },
      config: { access: 'member' },
      preValidation: emptyBodyIfNone,
    },
    async (req, reply) => {
      const ctx = ctxOf(app, req);
      await saveSchedule(ctx, req.body);
      await logActivity(ctx, { action: 'update', resource: 'schedule', record: req.body.term });
      return success(reply);
    },
  );
}
