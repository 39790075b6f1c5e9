import type { FastifyInstance } from 'fastify';
import { inputSchema } from '../../common/resource.ts';
import { uploadConfigOf } from '../http/multipart.ts';
import { fileLimitOf, type Registered, registry } from '../registry.ts';
import type { Crud } from '../services/crud.ts';
import { ctxOf, docBody, idParam, idQuery, multipartConsumes, parseInput, success } from './helpers.ts';

// The four calls of SPEC §7 that every declared resource has, on its own irregular path:
// GET path (list, or ?{id}= for one), POST path, PUT path?{id}=, DELETE path?{id}=.

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

export function resourceRoutes(app: FastifyInstance, crud: Crud, opts: ResourceRouteOptions = {}) {
  const { res } = crud;
  const tags = [res.name];
  const skip = new Set(opts.skip ?? []);
  const create = inputSchema(res, 'create');
  const update = inputSchema(res, 'update');
  const body = docBody(res.fields);
  const upload = opts.fileLimit ? uploadConfigOf(res.fields, opts.fileLimit) : {};

  if (!skip.has('list')) {
    app.get(
      res.path,
      {
        schema: { tags, summary: `List ${res.label.en.toLowerCase()}, or one with ?${res.id}=`, querystring: idQuery(res.id) },
        config: { access: res.access.read },
      },
      async (req) => {
        const ctx = ctxOf(app, req);
        if ((req.query as Record<string, unknown>)[res.id] !== undefined) return crud.get(ctx, idParam(req, res.id));
        return crud.list(ctx);
      },
    );
  }
  if (!skip.has('create')) {
    app.post(
      res.path,
      { schema: { tags, summary: `Create a ${res.name}`, consumes: multipartConsumes, body }, config: { ...upload, access: res.access.create } },
      async (req, reply) => {
        const id = await crud.create(ctxOf(app, req), parseInput(create, req.body));
        return success(reply, id);
      },
    );
  }
  if (!skip.has('update')) {
    app.put(
      res.path,
      {
        schema: { tags, summary: `Update a ${res.name} (absent fields unchanged)`, consumes: multipartConsumes, querystring: idQuery(res.id), body },
        config: { ...upload, access: res.access.update },
      },
      async (req, reply) => {
        const id = idParam(req, res.id);
        await crud.update(ctxOf(app, req), id, parseInput(update, req.body));
        return success(reply);
      },
    );
  }
  if (!skip.has('delete')) {
    app.delete(
      res.path,
      { schema: { tags, summary: `Delete a ${res.name}`, querystring: idQuery(res.id) }, config: { access: res.access.delete } },
      async (req, reply) => {
        await crud.remove(ctxOf(app, req), idParam(req, res.id));
        return success(reply);
      },
    );
  }
}
