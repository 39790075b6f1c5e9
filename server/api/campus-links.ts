import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isMessageKey } from '../../common/messages.ts';
import { CampusLinkStartSchema, CampusLinksSchema } from '../../common/wire.ts';
import { Refused, Unavailable } from '../errors.ts';
import { requireActor } from '../http/auth.ts';
import { at } from '../http/base-path.ts';
import { ApiError } from '../http/errors.ts';
import { siteUrl } from '../http/origin.ts';
import { actorByUsername } from '../services/auth.ts';
import type { Cas } from '../services/cas.ts';
import { hit, reset } from '../services/counters.ts';
import type { ExternalIdentity, ExternalKind } from '../services/external-login.ts';
import { linkExplicitly, linksOf, unlink } from '../services/external-links.ts';
import { Ldap } from '../services/ldap.ts';
import type { Oidc } from '../services/oidc.ts';
import { bindToBrowser } from './campus-browser.ts';
import { answers, ctxOf, requireId, SuccessSchema, success, typed } from './helpers.ts';
import { passwordOrFreshLogin } from './own-password.ts';
import { tlsCause } from '../tls-cause.ts';

// One's own campus accounts, from the profile (services/external-links.ts): the list, a link made by a campus
// login of one's own (OIDC, CAS: the same redirect flow as a login, its state naming the member, its callback
// back to the profile; LDAP: the directory's username and password), and unlinking. Linking asks for this
// site's password unless the session logged in within the last minutes: a stolen session alone must not tie
// the thief's campus account to the member, least of all to an administrator.

const tags = ['auth'];
const PROFILE = '/console/profile';
/** Directory passwords tried to link an LDAP account, per member: no way to guess them through this site. */
const LDAP_TRIES = 5;
const LDAP_WINDOW_MS = 15 * 60_000;

const password = z.string().max(200, { error: 'too_long' }).optional();
const StartBody = z.object({ kind: z.enum(['oidc', 'cas'], { error: 'invalid_enum' }), password });
const LdapBody = z.object({
  username: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(100, { error: 'too_long' }),
  campus_password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200, { error: 'too_long' }),
  password,
});
const IdQuery = z.object({ id: z.string().optional() }).loose();

/** The profile, with how a link from it ended: `campus_link=linked`, or `campus_link_error=<message key>`. */
function toProfile(reply: FastifyReply, query: string) {
  return reply
    .code(302)
    .header('Location', at(reply.server.lab.config.basePath, `${PROFILE}?${query}#campus-links`))
    .header('Cache-Control', 'no-store')
    .send();
}

/** A campus login started from the profile, back with its identity: linked to the member its state names. */
export async function linkedBack(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, identity: ExternalIdentity, pid: number) {
  const person = await app.lab.db.selectFrom('person').select('username').where('pid', '=', pid).executeTakeFirst();
  if (!person) throw new Refused('external_failed');
  const member = await actorByUsername(app.lab.db, person.username);
  await linkExplicitly({ db: app.lab.db, actor: member, address: req.ip }, identity, member);
  return toProfile(reply, 'campus_link=linked');
}

/** A link from the profile that failed: back to the profile with the message. */
export function linkFailure(req: FastifyRequest, reply: FastifyReply, kind: ExternalKind, e: unknown) {
  if (e instanceof Refused || e instanceof Unavailable) {
    req.log.warn({ kind, key: e.key, cause: e.cause instanceof Error ? e.cause.message : undefined, ...tlsCause(e.cause) }, 'campus link refused');
    return toProfile(reply, `campus_link_error=${encodeURIComponent(isMessageKey(e.key) ? e.key : 'external_failed')}`);
  }
  throw e;
}

export async function campusLinkRoutes(app: FastifyInstance, campus: { oidc: Oidc | undefined; cas: Cas | undefined }) {
  const api = typed(app);
  const config = app.lab.config;
  const ldap = config.ldap ? new Ldap(config.ldap) : undefined;

  api.get(
    '/api/campus-links/',
    {
      schema: { tags, summary: 'One’s own campus accounts linked to this account, and the campus logins this site has', response: answers(CampusLinksSchema) },
      config: { access: 'member' },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return {
        links: await linksOf(app.lab.db, requireActor(req).pid),
        available: { oidc: campus.oidc !== undefined, cas: campus.cas !== undefined, ldap: ldap !== undefined },
      };
    },
  );

  api.post(
    '/api/campus-links/start/',
    {
      schema: {
        tags,
        summary:
          'Starts linking one’s own campus account (OIDC, CAS): answers the campus login to send the browser to; its way back links the account and returns to the profile. Asks for the password unless the session logged in within the last 10 minutes',
        body: StartBody,
        response: answers(CampusLinkStartSchema),
      },
      config: { access: 'member' },
    },
    async (req, reply) => {
      const actor = requireActor(req);
      const { kind } = req.body;
      const start = kind === 'oidc' ? campus.oidc : campus.cas;
      if (!start) throw new ApiError(400, 'external_off');
      await passwordOrFreshLogin(app.lab.db, actor, req.body.password, 'external_link_needs_password');
      const to = await start.start(app.lab.db, siteUrl(req, config), PROFILE, actor.pid);
      bindToBrowser(req, reply, kind, to.state);
      reply.header('Cache-Control', 'no-store');
      return { url: to.url };
    },
  );

  api.post(
    '/api/campus-links/ldap/',
    {
      schema: {
        tags,
        summary:
          'Links one’s own account in the campus directory (LDAP): its username and password (campus_password). Asks for this site’s password unless the session logged in within the last 10 minutes',
        body: LdapBody,
        response: answers(SuccessSchema),
      },
      config: { access: 'member' },
    },
    async (req, reply) => {
      const actor = requireActor(req);
      if (!ldap) throw new ApiError(400, 'external_off');
      await passwordOrFreshLogin(app.lab.db, actor, req.body.password, 'external_link_needs_password');
      const key = `campus-link-ldap:${actor.pid}`;
      if ((await hit(app.lab.db, key, LDAP_WINDOW_MS)).count > LDAP_TRIES) throw new ApiError(429, 'rate_limited');
      const identity = await ldap.authenticate(req.body.username, req.body.campus_password);
      if (!identity) throw new ApiError(400, 'external_link_wrong');
      await reset(app.lab.db, key);
      await linkExplicitly(ctxOf(app, req), identity, actor);
      return success(reply);
    },
  );

  api.delete(
    '/api/campus-links/',
    {
      schema: {
        tags,
        summary: 'Unlinks a campus account (?id=): one’s own; an administrator any member’s',
        querystring: IdQuery,
        response: answers(SuccessSchema),
      },
      config: { access: 'member' },
    },
    async (req, reply) => {
      await unlink(ctxOf(app, req), requireId(req.query.id));
      return success(reply);
    },
  );
}
