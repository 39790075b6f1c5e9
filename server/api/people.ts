import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { inputSchema, type WireRow, wireSchema } from '../../common/resource.ts';
import { person, personReserving } from '../../common/resources/person.ts';
import { requireAccess } from '../http/auth.ts';
import { uploadConfigOf, uploadLimits } from '../http/multipart.ts';
import { siteUrl } from '../http/origin.ts';
import { createPerson, getProfile, invitePerson, ownProfile, people, updateProfile } from '../services/people.ts';
import { noticeEmailChanged } from '../mail/notices.ts';
import { InvitationIssuedSchema } from '../../common/wire.ts';
import { mailInvitation } from '../services/invitations.ts';
import { requireActor } from '../http/auth.ts';
import { asWire } from '../services/wire.ts';
import { listPage, listParamsSchema, narrowed } from '../services/list-page.ts';
import { pageAnswer } from './resource-routes.ts';
import { answers, ctxOf, listOrOne, multipartConsumes, requireId, SuccessSchema, success, typed } from './helpers.ts';

// SPEC §7 People: ?pid= is people management (administrators), ?uid= is one's own profile.

const tags = ['people'];
const query = z.object({ pid: z.string().optional(), uid: z.string().optional(), ...listParamsSchema(person) }).loose();
const upload = uploadConfigOf(person.fields, uploadLimits.image);
const PersonSchema = wireSchema(person);
type Person = WireRow<typeof person>;

export async function peopleRoutes(app: FastifyInstance) {
  const api = typed(app);
  // a username may not shadow a page of this app's
  const written = personReserving(app.lab.reservedUsernames);

  api.get(
    person.path,
    {
      schema: {
        tags,
        summary: 'All people or one with ?pid= (administrators), or ?uid= for one’s own profile',
        querystring: query,
        response: answers(listOrOne(PersonSchema)),
      },
      config: { access: 'member' },
    },
    async (req, reply) => {
      const { uid, pid } = req.query;
      const ctx = ctxOf(app, req);
      if (uid !== undefined) return asWire<Person>(await getProfile(ctx, uid));
      requireAccess(req, 'admin');
      if (pid !== undefined) return asWire<Person>(await people.get(ctx, requireId(pid)));
      if (narrowed(req.query)) return asWire<Person[]>(pageAnswer(reply, await listPage(people, ctx, req.query)));
      return asWire<Person[]>(await people.list(ctx));
    },
  );

  api.post(
    person.path,
    {
      schema: {
        tags,
        summary: 'Create a person (administrators)',
        consumes: multipartConsumes,
        body: inputSchema(written, 'create'),
        response: answers(SuccessSchema),
      },
      config: { ...upload, access: 'admin' },
    },
    async (req, reply) => {
      const { id, invitation } = await createPerson(ctxOf(app, req), req.body);
      // the answer stays SPEC's "success"; a member created without a password gets an invitation,
      // shown once to the administrator (only its hash is kept)
      if (invitation) {
        reply.header('X-Invitation-Url', `${siteUrl(req, app.lab.config)}${invitation.path}`);
        // its end, as POST /api/people/invitation/ answers it (the console shows it in Beijing time)
        reply.header('X-Invitation-Expires-At', new Date(invitation.expiresAt * 1000).toISOString());
      }
      return success(reply, id);
    },
  );

  api.post(
    '/api/people/invitation/',
    {
      schema: {
        tags,
        summary: 'A new invitation for a person (administrators): their password stops working until they use it; the link is shown once',
        querystring: query,
        response: answers(InvitationIssuedSchema),
      },
      config: { access: 'admin' },
    },
    async (req) => {
      const issued = await invitePerson(ctxOf(app, req), requireId(req.query.pid));
      return { invitation_url: `${siteUrl(req, app.lab.config)}${issued.path}`, expires_at: new Date(issued.expiresAt * 1000).toISOString() };
    },
  );

  api.post(
    '/api/people/invitation/mail/',
    {
      schema: {
        tags,
        summary:
          'Send a person’s open invitation to their e-mail address (administrators): the link the administrator was shown, checked here; answers success once the mail server took it',
        querystring: query,
        body: z.object({ token: z.string({ error: 'required' }).min(1, { error: 'required' }).max(100, { error: 'too_long' }) }),
        response: answers(SuccessSchema),
      },
      config: { access: 'admin' },
    },
    async (req, reply) => {
      const origin = siteUrl(req, app.lab.config);
      await mailInvitation(app.lab.db, app.lab.mailer, requireActor(req), requireId(req.query.pid), req.body.token, origin, req.ip);
      return success(reply);
    },
  );

  api.put(
    person.path,
    {
      schema: {
        tags,
        summary: 'Update a person (?pid=, administrators) or one’s own profile (?uid=)',
        consumes: multipartConsumes,
        querystring: query,
        body: inputSchema(written, 'update'),
        response: answers(SuccessSchema),
      },
      // the change of an initial password goes through here; the service lets nothing else through then
      config: { ...upload, access: 'member', duringPasswordChange: true },
      // who may write which record is decided before the body is read (a member's 8 MB portrait
      // for someone else was written to disk, then refused): one's own profile through ?uid=, people
      // management through ?pid= for administrators only, and a pid that names no record is a 404 (a
      // list in the query is the query schema's)
      onRequest: async (req) => {
        const { uid, pid }: { uid?: unknown; pid?: unknown } = req.query;
        if (uid !== undefined && pid === undefined) {
          if (typeof uid === 'string') await ownProfile(ctxOf(app, req), uid);
          return;
        }
        requireAccess(req, 'admin');
        if (!Array.isArray(pid)) await people.mayUpdate(ctxOf(app, req), requireId(pid));
      },
    },
    async (req, reply) => {
      const { uid, pid } = req.query;
      const ctx = ctxOf(app, req);
      if (uid !== undefined && pid === undefined) {
        const { emailChangedFrom } = await updateProfile(ctx, uid, req.body);
        const me = ctx.actor?.pid;
        if (emailChangedFrom && me !== undefined)
          app.lab.mailer.later('e-mail change notice', () => noticeEmailChanged(app.lab.db, app.lab.mailer, me, emailChangedFrom));
      } else await people.update(ctx, requireId(pid), req.body);
      return success(reply);
    },
  );

  api.delete(
    person.path,
    { schema: { tags, summary: 'Delete a person (administrators)', querystring: query, response: answers(SuccessSchema) }, config: { access: 'admin' } },
    async (req, reply) => {
      await people.remove(ctxOf(app, req), requireId(req.query.pid));
      return success(reply);
    },
  );
}
