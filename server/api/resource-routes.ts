import type { FastifyInstance, FastifyReply } from 'fastify';
import { inputSchema, wireSchema } from '../../common/resource.ts';
import { uploadConfigOf } from '../http/multipart.ts';
import { fileLimitOf, type Registered, registry } from '../registry.ts';
import type { Crud } from '../services/crud.ts';
import { listPage, listParamsSchema, narrowed, TOTAL_HEADER } from '../services/list-page.ts';
import { answers, ctxOf, idQuery, listOrOne, multipartConsumes, requireId, SuccessSchema, success, typed } from './helpers.ts';

// The four calls of SPEC §7 that every declared resource has, on its own irregular path:
// GET path (list, or ?{id}= for one), POST path, PUT path?{id}=, DELETE path?{id}=. The declaration gives
// their schemas: the input schema checks a write's body, the wire schema a read's answer.

/** The four calls of every resource the registry marks generic (server/registry.ts). */
export function registeredResourceRoutes(app: FastifyInstance, resources: readonly Registered[] = registry) {
  for (const { crud, routes } of resources) {
    if (routes !== 'generic') continue;
    const fileLimit = fileLimitOf(crud.res.fields);
    resourceRoutes(app, crud, fileLimit ? { fileLimit } : {});
  }
}

export type ResourceRouteOptions = {
  /** Upload size limit of this resource's files (bytes). */
  fileLimit?: number;
  /** Leave out calls a resource answers in its own way. */
  skip?: readonly ('list' | 'create' | 'update' | 'delete')[];
};

/** A narrowed list's answer: SPEC §7's array, its total in X-Total-Count. */
export function pageAnswer<T>(reply: FastifyReply, page: { rows: T[]; total: number }): T[] {
  reply.header(TOTAL_HEADER, String(page.total));
  return page.rows;
}

export function resourceRoutes(app: FastifyInstance, crud: Crud, opts: ResourceRouteOptions = {}) {
  const { res } = crud;
  const api = typed(app);
  const tags = [res.name];
  const skip = new Set(opts.skip ?? []);
  const query = idQuery(res.id);
  const listQuery = query.extend(listParamsSchema(res));
  const upload = uploadConfigOf(res.fields, opts.fileLimit);

  if (!skip.has('list')) {
    api.get(
      res.path,
      {
        schema: {
          tags,
          summary: `List ${res.label.en.toLowerCase()} (filtered, sorted and a page of it with ?q=, sort=, order=, limit=, offset=), or one with ?${res.id}=`,
          querystring: listQuery,
          response: answers(listOrOne(wireSchema(res))),
        },
        config: { access: res.access.read },
      },
      async (req, reply) => {
        const ctx = ctxOf(app, req);
        const id = req.query[res.id];
        if (id !== undefined) return crud.get(ctx, requireId(id));
        return narrowed(req.query) ? pageAnswer(reply, await listPage(crud, ctx, req.query)) : crud.list(ctx);
      },
    );
  }
  if (!skip.has('create')) {
    api.post(
      res.path,
      {
        schema: { tags, summary: `Create a ${res.name}`, consumes: multipartConsumes, body: inputSchema(res, 'create'), response: answers(SuccessSchema) },
        config: { ...upload, access: res.access.create },
      },
      async (req, reply) => success(reply, await crud.create(ctxOf(app, req), req.body)),
    );
  }
  if (!skip.has('update')) {
    api.put(
      res.path,
      {
        schema: {
          tags,
          summary: `Update a ${res.name} (absent fields unchanged)`,
          consumes: multipartConsumes,
          querystring: query,
          body: inputSchema(res, 'update'),
          response: answers(SuccessSchema),
        },
        config: { ...upload, access: res.access.update },
        // an id that names no record is a 404, and a record the actor may not change a 403, before the body
        // is read (a list of ids is the query schema's)
        onRequest: async (req) => {
          const raw: unknown = req.query[res.id];
          if (!Array.isArray(raw)) await crud.mayUpdate(ctxOf(app, req), requireId(raw));
        },
      },
      async (req, reply) => {
        await crud.update(ctxOf(app, req), requireId(req.query[res.id]), req.body);
        return success(reply);
      },
    );
  }
  if (!skip.has('delete')) {
    api.delete(
      res.path,
      { schema: { tags, summary: `Delete a ${res.name}`, querystring: query, response: answers(SuccessSchema) }, config: { access: res.access.delete } },
      async (req, reply) => {
        await crud.remove(ctxOf(app, req), requireId(req.query[res.id]));
        return success(reply);
      },
    );
  }
}
