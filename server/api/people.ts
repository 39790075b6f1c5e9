import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { inputSchema } from '../../common/resource.ts';
import { person } from '../../common/resources/person.ts';
import { requireAccess } from '../http/auth.ts';
import { uploadConfigOf, uploadLimits } from '../http/multipart.ts';
import { getProfile, people, updateProfile } from '../services/people.ts';
import { ctxOf, docBody, idParam, multipartConsumes, parseInput, success } from './helpers.ts';

// SPEC §7 People: ?pid= is people management (administrators), ?uid= is one's own profile.

const tags = ['people'];
const query = z.object({ pid: z.string().optional(), uid: z.string().optional() }).loose();
const upload = uploadConfigOf(person.fields, uploadLimits.image);

export async function peopleRoutes(app: FastifyInstance) {
  const create = inputSchema(person, 'create');
  const update = inputSchema(person, 'update');
  const body = docBody(person.fields);

  app.get(
    person.path,
    {
      schema: { tags, summary: 'All people or one with ?pid= (administrators), or ?uid= for one’s own profile', querystring: query },
      config: { access: 'member' },
    },
    async (req) => {
      const { uid, pid } = req.query as { uid?: string; pid?: string };
      const ctx = ctxOf(app, req);
      if (uid !== undefined) return getProfile(ctx, uid);
      requireAccess(req, 'admin');
      if (pid !== undefined) return people.get(ctx, idParam(req, 'pid'));
      return people.list(ctx);
    },
  );

  app.post(
    person.path,
    { schema: { tags, summary: 'Create a person (administrators)', consumes: multipartConsumes, body }, config: { ...upload, access: 'admin' } },
    async (req, reply) => {
      const id = await people.create(ctxOf(app, req), parseInput(create, req.body));
      return success(reply, id);
    },
  );

  app.put(
    person.path,
    {
      schema: { tags, summary: 'Update a person (?pid=, administrators) or one’s own profile (?uid=)', consumes: multipartConsumes, querystring: query, body },
      // the change of an initial password goes through here; the service lets nothing else through then
      config: { ...upload, access: 'member', duringPasswordChange: true },
    },
    async (req, reply) => {
      const { uid, pid } = req.query as { uid?: string; pid?: string };
      const ctx = ctxOf(app, req);
      if (uid !== undefined && pid === undefined) {
        await updateProfile(ctx, uid, parseInput(update, req.body));
        return success(reply);
      }
      requireAccess(req, 'admin');
      await people.update(ctx, idParam(req, 'pid'), parseInput(update, req.body));
      return success(reply);
    },
  );

  app.delete(
    person.path,
    { schema: { tags, summary: 'Delete a person (administrators)', querystring: query }, config: { access: 'admin' } },
    async (req, reply) => {
      await people.remove(ctxOf(app, req), idParam(req, 'pid'));
      return success(reply);
    },
  );
}
