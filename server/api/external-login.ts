import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isMessageKey } from '../../common/messages.ts';
import { addressKey } from '../http/client-address.ts';
import { siteUrl } from '../http/origin.ts';
import { at } from '../http/base-path.ts';
import { hit } from '../services/counters.ts';
import { Refused, Unavailable } from '../errors.ts';
import { type ExternalIdentity, type ExternalKind, linkIntent, memberForIdentity, openHandoff, safeReturn } from '../services/external-login.ts';
import { Oidc } from '../services/oidc.ts';
import { Cas, MAX_XML, parseLogoutRequest } from '../services/cas.ts';
import { endTicket } from '../services/external-login.ts';
import { bindToBrowser, startedHere } from './campus-browser.ts';
import { campusLinkRoutes, linkedBack, linkFailure } from './campus-links.ts';
import { answers, ctxOf, SuccessSchema, success, typed } from './helpers.ts';
import { tlsCause } from '../tls-cause.ts';

// The browser's way to and back from the campus login server: each kind's start sends
// the browser there; its callback checks what came back (services/oidc.ts, cas.ts), finds the member
// (services/external-login.ts) and sends the browser to the login page with a handoff token in the
// fragment (never sent to a server, never in a Referer), which the page turns into a session by
// POST /api/login/external/ (api/auth/login.ts), with the second factor when the member has one. A refusal goes
// to the login page with its message's key, which the page shows in its language.

const tags = ['auth'];

const StartQuery = z.object({ redirect: z.string().max(300).optional() }).loose();
/** What a provider may send back: short values only (a longer one is no code or state of ours). */
const CallbackQuery = z.record(z.string().max(40), z.string().max(4000)).refine((q) => Object.keys(q).length <= 20);

/** The login page with a refusal's message key. */
function refusedTo(reply: FastifyReply, key: string) {
  return reply
    .code(302)
    .header('Location', at(reply.server.lab.config.basePath, `/login?external_error=${encodeURIComponent(key)}`))
    .header('Cache-Control', 'no-store')
    .send();
}

/** What a failed campus login becomes: the login page with the message, the cause in the server's log. */
function externalFailure(req: FastifyRequest, reply: FastifyReply, kind: ExternalKind, e: unknown) {
  if (e instanceof Refused || e instanceof Unavailable) {
    req.log.warn({ kind, key: e.key, cause: e.cause instanceof Error ? e.cause.message : undefined, ...tlsCause(e.cause) }, 'campus login refused');
    return refusedTo(reply, isMessageKey(e.key) ? e.key : 'external_failed');
  }
  throw e;
}

/** The member of a checked identity, handed to the login page (with the CAS ticket, for single logout). */
async function handOff(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  identity: ExternalIdentity,
  rule: Parameters<typeof memberForIdentity>[2],
  redirect: string,
  ticket?: string,
) {
  const actor = await memberForIdentity(ctxOf(app, req), identity, rule);
  const token = await openHandoff(app.lab.db, actor.pid, identity.kind, ticket);
  const back = safeReturn(redirect);
  return reply
    .code(302)
    .header('Location', at(app.lab.config.basePath, `/login?redirect=${encodeURIComponent(back)}#handoff=${token}`))
    .header('Cache-Control', 'no-store')
    .send();
}

export async function externalLoginRoutes(app: FastifyInstance) {
  const api = typed(app);
  const config = app.lab.config;

  /**
   * Each start keeps a state row: counted per client address (its /64 for IPv6) and minute like login
   * attempts, on every instance; more go back to the login page with the message.
   */
  async function tooManyStarts(req: FastifyRequest): Promise<boolean> {
    const attempt = await hit(app.lab.db, `external-start:${addressKey(req.ip)}`, 60_000);
    return attempt.count > config.loginRateLimit;
  }

  /** Where a callback's failure goes: the login page, or the profile for a link started there. */
  async function failureFor(req: FastifyRequest<{ Querystring: Record<string, string> }>, reply: FastifyReply, kind: ExternalKind) {
    const linking = await linkIntent(app.lab.db, kind, req.query.state);
    return (e: unknown) => (linking ? linkFailure(req, reply, kind, e) : externalFailure(req, reply, kind, e));
  }

  const oidc = config.oidc ? new Oidc(config.oidc) : undefined;
  api.get(
    '/api/login/oidc/',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Starts a login with the campus OpenID Connect provider (OIDC_ISSUER_URL): a redirect to it', querystring: StartQuery },
    },
    async (req, reply) => {
      if (!oidc) return refusedTo(reply, 'external_off');
      if (await tooManyStarts(req)) return refusedTo(reply, 'rate_limited');
      try {
        const to = await oidc.start(app.lab.db, siteUrl(req, config), safeReturn(req.query.redirect));
        bindToBrowser(req, reply, 'oidc', to.state);
        return reply.code(302).header('Location', to.url).header('Cache-Control', 'no-store').send();
      } catch (e) {
        return externalFailure(req, reply, 'oidc', e);
      }
    },
  );
  api.get(
    '/api/login/oidc/callback/',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Where the OpenID Connect provider sends the browser back (the redirect URI to register)', querystring: CallbackQuery },
    },
    async (req, reply) => {
      if (!oidc || !config.oidc) return refusedTo(reply, 'external_off');
      const failed = await failureFor(req, reply, 'oidc');
      if (!startedHere(req, reply, 'oidc', req.query.state)) return failed(new Refused('external_other_browser'));
      try {
        const { identity, redirect, linkPid } = await oidc.finish(app.lab.db, siteUrl(req, config), req.query);
        if (linkPid !== null) return await linkedBack(app, req, reply, identity, linkPid);
        return await handOff(app, req, reply, identity, config.oidc.match, redirect);
      } catch (e) {
        return failed(e);
      }
    },
  );

  const cas = config.cas ? new Cas(config.cas) : undefined;
  api.get(
    '/api/login/cas/',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Starts a login with the campus CAS server (CAS_URL): a redirect to its login', querystring: StartQuery },
    },
    async (req, reply) => {
      if (!cas) return refusedTo(reply, 'external_off');
      if (await tooManyStarts(req)) return refusedTo(reply, 'rate_limited');
      const to = await cas.start(app.lab.db, siteUrl(req, config), safeReturn(req.query.redirect));
      bindToBrowser(req, reply, 'cas', to.state);
      return reply.code(302).header('Location', to.url).header('Cache-Control', 'no-store').send();
    },
  );
  api.get(
    '/api/login/cas/callback/',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'The CAS service address: where the CAS server sends the browser back with its ticket', querystring: CallbackQuery },
    },
    async (req, reply) => {
      if (!cas || !config.cas) return refusedTo(reply, 'external_off');
      const failed = await failureFor(req, reply, 'cas');
      if (!startedHere(req, reply, 'cas', req.query.state)) return failed(new Refused('external_other_browser'));
      try {
        const { identity, redirect, ticket, linkPid } = await cas.finish(app.lab.db, siteUrl(req, config), req.query);
        // a link is no session: its ticket is bound to none (single logout has nothing to end)
        if (linkPid !== null) return await linkedBack(app, req, reply, identity, linkPid);
        return await handOff(app, req, reply, identity, config.cas.match, redirect, ticket);
      } catch (e) {
        return failed(e);
      }
    },
  );
  await campusLinkRoutes(app, { oidc, cas });

  // single logout: the CAS server POSTs logoutRequest (form-encoded SAML) to the service address
  await app.register(async (scoped) => {
    scoped.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 2 * MAX_XML }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    typed(scoped).post(
      '/api/login/cas/callback/',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'CAS single logout: the CAS server posts a logoutRequest naming a ticket; the session that ticket started ends',
          body: z.object({ logoutRequest: z.string().max(MAX_XML) }).loose(),
          response: answers(SuccessSchema),
        },
      },
      async (req, reply) => {
        const ticket = cas ? parseLogoutRequest(req.body.logoutRequest) : undefined;
        if (ticket && (await endTicket(app.lab.db, ticket, req.ip))) req.log.info({ kind: 'cas' }, 'single logout ended a session');
        // the same answer whatever the request named: it tells nothing about sessions
        return success(reply);
      },
    );
  });
}
