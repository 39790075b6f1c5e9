import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listActivity } from '../services/activity.ts';
import { answers, typed } from './helpers.ts';

// GET /api/activity/ (issue #16, point 3): the activity log, newest first. An administrator reads every
// entry, filtered by person, resource, action and time; a member only their own, whatever they ask.
// Append-only: no route changes or deletes an entry.

const PAGE_SIZE = 50;

const EntrySchema = z.strictObject({
  eid: z.number().int(),
  at: z.string().describe('ISO 8601'),
  actor_pid: z.number().int().nullable(),
  actor: z.string().describe('the username at the time; empty for a failed login'),
  address: z.string(),
  action: z.string(),
  resource: z.string(),
  record: z.string(),
  outcome: z.enum(['ok', 'refused', 'failed']),
  detail: z.string().describe('comma-separated names (the fields a change sent), never values'),
});

const ActivityAnswerSchema = z.strictObject({
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  entries: z.array(EntrySchema),
});

const instant = z.string().regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/);

export async function activityRoutes(app: FastifyInstance) {
  typed(app).get(
    '/api/activity/',
    {
      config: { access: 'member' },
      schema: {
        tags: ['activity'],
        summary: 'The activity log, newest first: every entry for an administrator, one’s own for a member',
        querystring: z
          .object({
            person: z
              .string()
              .regex(/^\d{1,10}$/)
              .optional(),
            resource: z.string().max(40).optional(),
            action: z.string().max(40).optional(),
            from: instant.optional(),
            to: instant.optional(),
            page: z
              .string()
              .regex(/^\d{1,6}$/)
              .optional(),
          })
          .loose(),
        response: answers(ActivityAnswerSchema),
      },
    },
    async (req) => {
      const { person, resource, action, from, to, page } = req.query;
      const actor = req.actor as NonNullable<typeof req.actor>;
      // a member reads their own entries only: the filter is theirs, whatever the query says
      const who = actor.authority === 'admin' ? (person ? Number(person) : undefined) : actor.pid;
      const n = Math.max(1, Number(page ?? 1));
      const { total, entries } = await listActivity(
        { db: app.lab.db },
        { actor: who, resource, action, from, to, limit: PAGE_SIZE, offset: (n - 1) * PAGE_SIZE },
      );
      return { total, page: n, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), entries: entries as z.infer<typeof EntrySchema>[] };
    },
  );
}
