import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MeSchema } from '../../../common/wire.ts';
import { requireActor, SESSION_COOKIE } from '../../http/auth.ts';
import { at, cookiePath } from '../../http/base-path.ts';
import { logActivity } from '../../services/activity.ts';
import { type Actor, logout, SESSION_SECONDS, startSession } from '../../services/auth.ts';
import { reset } from '../../services/counters.ts';
import type { ExternalKind } from '../../services/external-login.ts';
import { DEFAULT_PORTRAIT } from '../../services/people.ts';
import { adminTwoFactorRequired, isEnrolled, TRUST_COOKIE, TRUST_SECONDS, trustDevice } from '../../services/two-factor.ts';
import { answers, ctxOf, SuccessSchema, success, typed } from '../helpers.ts';
import { tags } from './shared.ts';

// A session's start (the answer of every way in), its end, and who am I.

/** A successful login's answer (SPEC §7), and the console's copy of the token in its cookie. */
export function loggedIn(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  result: { token: string; loginTime: number; actor: Actor },
  twoFactorMissing = false,
) {
  const a = result.actor;
  // HttpOnly, so no script of a page can read it (server/http/auth.ts)
  reply.setCookie(SESSION_COOKIE, result.token, {
    path: cookiePath(app.lab.config.basePath),
    httpOnly: true,
    sameSite: 'strict',
    secure: app.lab.config.production && req.protocol === 'https',
    maxAge: SESSION_SECONDS,
  });
  return {
    loginStatus: 'success' as const,
    token: result.token,
    loginTime: result.loginTime,
    userInfo: {
      name_zh: a.name_zh,
      name_en: a.name_en,
      uid: a.uid,
      username: a.username,
      authority: a.authority,
      portrait_url: a.portrait_url || DEFAULT_PORTRAIT,
      // the class-advisor account (ADVISOR_USERNAME) has an area of its own
      advisor: a.username === app.lab.config.advisorUsername,
      // the console sends a member still on an initial password to the form that changes it
      must_change_password: a.must_change_password,
      two_factor_missing: twoFactorMissing,
    },
  };
}

/**
 * A session after the password (and the second factor, if any), with a trusted-device cookie if asked.
 * `kind`: a campus login, noted in the activity log.
 */
export async function sessionFor(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, actor: Actor, trust: unknown, kind?: ExternalKind) {
  const started = await startSession(app.lab.db, actor.pid);
  await reset(app.lab.db, `login-account:${actor.username}`);
  await logActivity(
    { db: app.lab.db, actor, address: req.ip },
    { action: 'login', resource: 'session', record: actor.username, ...(kind ? { detail: [kind] } : {}) },
  );
  if (trust === true || trust === '1' || trust === 'true' || trust === 'on') {
    reply.setCookie(TRUST_COOKIE, await trustDevice(app.lab.db, actor.pid), {
      path: at(app.lab.config.basePath, '/api/login/'),
      httpOnly: true,
      sameSite: 'strict',
      secure: app.lab.config.production && req.protocol === 'https',
      maxAge: TRUST_SECONDS,
    });
  }
  const missing = actor.authority === 'admin' && !(await isEnrolled(app.lab.db, actor.pid)) && (await adminTwoFactorRequired(app.lab.db));
  return loggedIn(app, req, reply, { ...started, actor }, missing);
}

/** POST /api/logout/ and GET /api/me/. */
export function sessionRoutes(app: FastifyInstance) {
  const api = typed(app);
  api.post(
    '/api/logout/',
    {
      schema: { tags, summary: 'Revokes the token sent in Authorization (or the console session cookie)', response: answers(SuccessSchema) },
      config: { access: 'public' },
    },
    async (req, reply) => {
      if (req.token) {
        await logout(app.lab.db, req.token);
        if (req.actor) await logActivity(ctxOf(app, req), { action: 'logout', resource: 'session', record: req.actor.username });
      }
      reply.clearCookie(SESSION_COOKIE, { path: cookiePath(app.lab.config.basePath), httpOnly: true, sameSite: 'strict' });
      return success(reply);
    },
  );

  api.get(
    '/api/me/',
    { schema: { tags, summary: 'The logged-in member (checks the token)', response: answers(MeSchema) }, config: { access: 'member', duringEnrolment: true } },
    async (req) => {
      const a = requireActor(req);
      const { two_factor_missing: _, login_time: __, ...rest } = a;
      return {
        ...rest,
        portrait_url: a.portrait_url || DEFAULT_PORTRAIT,
        advisor: a.username === app.lab.config.advisorUsername,
        two_factor_missing: a.two_factor_missing === true,
        analytics_url: app.lab.config.analyticsUrl ?? null,
        mail: app.lab.mailer.configured,
      };
    },
  );
}
