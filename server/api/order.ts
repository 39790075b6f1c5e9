import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { orderPath } from '../../common/resource.ts';
import { type Registered, registry } from '../registry.ts';
import { answers, ctxOf, MAX_ID, SuccessSchema, success, typed } from './helpers.ts';

// Saving a new order of an ordered list: the carousel, tools and projects, the course and
// shared-task pages, the info pages — every resource whose declaration names its `ordered` field. One call
// per resource, PUT /api/order/{name}/ with a JSON array of ids in their new order, with the access of the
// resource's updates; the records named take the places 0, 1, 2… (services/crud.ts `reorder`).

const OrderSchema = z
  .array(z.number({ error: 'order_list' }).int({ error: 'order_list' }).min(1, { error: 'order_list' }).max(MAX_ID, { error: 'order_list' }), {
    error: 'order_list',
  })
  .max(10_000, { error: 'too_long' });

export async function orderRoutes(app: FastifyInstance, resources: readonly Registered[] = registry) {
  const api = typed(app);
  for (const { crud } of resources) {
    const { res } = crud;
    if (!res.ordered) continue;
    api.put(
      orderPath(res),
      {
        schema: {
          tags: [res.name],
          summary: `Save a new order of ${res.label.en.toLowerCase()}: the ids in their new order (each takes its position as its ${res.ordered})`,
          body: OrderSchema,
          response: answers(SuccessSchema),
        },
        config: { access: res.access.update },
      },
      async (req, reply) => {
        await crud.reorder(ctxOf(app, req), req.body);
        return success(reply);
      },
    );
  }
}
