import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { addressKey } from '../http/client-address.ts';
import { counterStore } from '../http/counter-store.ts';
import { ApiError } from '../http/errors.ts';
import { requireActor, SESSION_COOKIE } from '../http/auth.ts';
import { DEFAULT_PORTRAIT } from '../services/people.ts';
import { type Actor, actorByUsername, login, logout, SESSION_SECONDS, safeEqual, startSession } from '../services/auth.ts';
import {
  adminTwoFactorRequired,
  checkSecondFactor,
  CodesCapped,
  challengeKind,
  challengePerson,
  closeChallenge,
  isEnrolled,
  isTrustedDevice,
  openChallenge,
  TRUST_COOKIE,
  TRUST_SECONDS,
  trustDevice,
} from '../services/two-factor.ts';
import { acceptInvitation, readInvitation } from '../services/invitations.ts';
import { bindTicket, challengeBecameSession, type ExternalKind, memberForIdentity, memberPasswordsAllowed, takeHandoff } from '../services/external-login.ts';
import { hasExplicitLink } from '../services/external-links.ts';
import { Ldap } from '../services/ldap.ts';
import { completeReset, readReset, requestReset } from '../services/password-reset.ts';
import { noticeCodesCapped } from '../mail/notices.ts';
import { siteUrl } from '../http/origin.ts';
import { at, cookiePath } from '../http/base-path.ts';
import { TooManyTries, Unavailable } from '../errors.ts';
import { t } from '../../common/messages.ts';
import { DetailSchema, requestLang } from '../http/errors.ts';
import { logActivity } from '../services/activity.ts';
import { hit, reset } from '../services/counters.ts';
import { inputSchema } from '../../common/resource.ts';
import { person } from '../../common/resources/person.ts';
import { CsrfSchema, InvitationStateSchema, LoginAnswerSchema, MeSchema } from '../../common/wire.ts';
import { answers, ctxOf, parseInput, SuccessSchema, success, typed } from './helpers.ts';

// Login with a CSRF cookie + header (double submit), logout that revokes the token, and who am I.

const tags = ['auth'];
const CSRF_COOKIE = 'csrftoken';

const codeField = z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(64, { error: 'too_long' });
// true, or a form's "1", "true" or "on": trust this device for 30 days
const trustField = z.union([z.boolean(), z.string().max(10, { error: 'too_long' })]).optional();

const LoginSchema = z.object({
  username: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(100, { error: 'too_long' }),
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200, { error: 'too_long' }),
  // added (issue #30): the second factor in the same call, for a member with two-factor login
  code: codeField.optional(),
  trust_device: trustField,
});

const HandoffSchema = z.object({
  handoff: z.string({ error: 'required' }).max(100, { error: 'too_long' }),
  code: codeField.optional(),
  trust_device: trustField,
});

const CodeSchema = z.object({ challenge: z.string({ error: 'required' }).max(100, { error: 'too_long' }), code: codeField, trust_device: trustField });

/** How long failed logins of one account are remembered. */
const ACCOUNT_WINDOW_MS = 15 * 60_000;

/** The wait before checking a password after `earlier` attempts at that account still counted (failed, or
 * under way): none for the first three, then 0.25 s doubling up to 5 s. */

/** A link's token sent as a header, which no server or proxy logs by default (a query is logged by both). */
const LinkTokenHeaders = z.object({ 'x-link-token': z.string().max(100).optional() }).loose();

export function accountDelayMs(earlier: number): number {
  return earlier < 3 ? 0 : Math.min(250 * 2 ** (earlier - 3), 5_000);
}

/** The login's CSRF pair (double submit), checked before the body is even looked at. */
async function csrfPair(req: FastifyRequest) {
  const cookie = req.cookies[CSRF_COOKIE];
  const header = req.headers['x-csrftoken'];
  if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) throw new ApiError(403, 'csrf');
}

const AcceptSchema = z.object({
  token: z.string({ error: 'required' }).min(1, { error: 'required' }).max(100, { error: 'too_long' }),
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200, { error: 'too_long' }),
  password2: z.string({ error: 'required' }).max(200, { error: 'too_long' }),
});

const ResetAskSchema = z.object({
  login: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(200, { error: 'too_long' }),
});

/** Password reset asks (issue #30) per client address (its /64 for IPv6) and hour; more answer 429. */
export const RESET_ASKS_PER_ADDRESS = 10;

export async function authRoutes(app: FastifyInstance) {
  /** A successful login's answer (SPEC §7), and the console's copy of the token in its cookie. */
  function loggedIn(req: FastifyRequest, reply: FastifyReply, result: { token: string; loginTime: number; actor: Actor }, twoFactorMissing = false) {
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
   * `kind`: a campus login (issue #30), noted in the activity log.
   */
  async function sessionFor(req: FastifyRequest, reply: FastifyReply, actor: Actor, trust: unknown, kind?: ExternalKind) {
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
    return loggedIn(req, reply, { ...started, actor }, missing);
  }

  /**
   * Checks a member's code; past the cap of wrong codes (server/services/two-factor.ts) it is refused unchecked,
   * and the first refusal of the window tells the owner by mail: someone who has their password is guessing.
   */
  async function secondFactor(pid: number, code: string): Promise<boolean> {
    try {
      return await checkSecondFactor(app.lab.db, pid, code);
    } catch (e) {
      if (e instanceof CodesCapped && e.first) app.lab.mailer.later('two-factor cap notice', () => noticeCodesCapped(app.lab.db, app.lab.mailer, pid));
      throw e;
    }
  }

  /** A wrong second factor: logged, and answered as such (the cap above counts it). */
  async function wrongCode(req: FastifyRequest, username: string) {
    await logActivity({ db: app.lab.db, actor: null, address: req.ip }, { action: 'login_failed', resource: 'session', record: username, outcome: 'failed' });
    return new ApiError(400, 'two_factor_code_wrong');
  }

  const ldap = app.lab.config.ldap ? new Ldap(app.lab.config.ldap) : undefined;

  const api = typed(app);
  api.get(
    '/api/csrf/',
    {
      schema: { tags, summary: 'Sets the csrftoken cookie that POST /api/login/ must echo in X-CSRFToken', response: answers(CsrfSchema) },
      config: { access: 'public' },
    },
    async (req, reply) => {
      const existing = req.cookies[CSRF_COOKIE];
      const token = existing && /^[A-Za-z0-9_-]{32,64}$/.test(existing) ? existing : randomBytes(24).toString('base64url');
      reply.setCookie(CSRF_COOKIE, token, {
        path: cookiePath(app.lab.config.basePath),
        sameSite: 'lax',
        httpOnly: false,
        secure: app.lab.config.production && req.protocol === 'https',
      });
      return { csrftoken: token };
    },
  );

  await app.register(async (scoped) => {
    await scoped.register(rateLimit, {
      max: app.lab.config.loginRateLimit,
      timeWindow: 60_000,
      // an IPv6 client by its /64, which it holds whole
      keyGenerator: (req) => addressKey(req.ip),
      // counted in the database: every instance sees the same attempts
      store: counterStore(app.lab.db, 'login'),
      errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, code: 'RATE_LIMITED', message: `retry in ${ctx.after}` }),
    });
    typed(scoped).post(
      '/api/login/',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'Log in; answers loginStatus success (token, loginTime, userInfo), fail, notexist, or code_required (two-factor: a challenge for POST /api/login/code/, or send code here)',
          body: LoginSchema,
          headers: z.object({ 'x-csrftoken': z.string().optional() }).loose(),
          response: answers(LoginAnswerSchema),
        },
        // the CSRF pair is checked before the body is even looked at
        preValidation: csrfPair,
      },
      async (req, reply) => {
        const { username, password, code, trust_device } = req.body;
        // repeated failures for one account slow every attempt at it, on every instance: never a lockout
        // an attacker could use against a member, and alike for names that do not exist
        // the attempt is counted first and waits by the count it got: parallel attempts each get their own
        // count, so none of them skips the wait (a right password clears the count)
        const key = `login-account:${username}`;
        const attempt = await hit(app.lab.db, key, ACCOUNT_WINDOW_MS);
        const wait = accountDelayMs(attempt.count - 1);
        if (wait > 0) await sleep(wait);
        // the campus directory first, when set up (issue #30); the password of this site after it
        let ldapDown: Unavailable | undefined;
        // the site's administrators log in with this site's password, which is never sent to the directory (in
        // bind-as-user mode it would be tried as a campus password there)
        const siteAdmin = await app.lab.db
          .selectFrom('person')
          .select(['pid', 'authority'])
          .where('username', '=', username)
          .where('authority', '=', 'admin')
          .executeTakeFirst();
        /** The directory's answer for these username and password: a session, a second factor's challenge, or nothing. */
        async function byDirectory() {
          if (!ldap || !app.lab.config.ldap) return undefined;
          const identity = await ldap.authenticate(username, password).catch((e: unknown) => {
            if (!(e instanceof Unavailable)) throw e;
            req.log.warn({ kind: 'ldap', cause: e.cause instanceof Error ? e.cause.message : undefined }, 'the LDAP directory cannot be reached');
            ldapDown = e;
            return null;
          });
          if (!identity) return undefined;
          const actor = await memberForIdentity(ctxOf(app, req), identity, app.lab.config.ldap.match);
          // a member with two-factor login still gives the code
          if ((await isEnrolled(app.lab.db, actor.pid)) && !(await isTrustedDevice(app.lab.db, actor.pid, req.cookies[TRUST_COOKIE]))) {
            if (code === undefined) return { loginStatus: 'code_required' as const, challenge: await openChallenge(app.lab.db, actor.pid, 'ldap') };
            if (!(await secondFactor(actor.pid, code))) throw await wrongCode(req, username);
          }
          return sessionFor(req, reply, actor, trust_device, 'ldap');
        }
        if (!siteAdmin) {
          const answer = await byDirectory();
          if (answer) return answer;
        }
        const result = await login(app.lab.db, username, password, { twoFactor: (pid) => isEnrolled(app.lab.db, pid) });
        // an administrator who linked their own directory account (services/external-links.ts) may use its
        // password too; only one that is not this site's password ever goes to the directory
        if (
          siteAdmin &&
          result.status === 'fail' &&
          ldap &&
          app.lab.config.ldap &&
          (await hasExplicitLink(app.lab.db, siteAdmin.pid, 'ldap', app.lab.config.ldap.url))
        ) {
          const answer = await byDirectory();
          if (answer) return answer;
        }
        // neither the directory (out of reach) nor this site's password: say what is wrong
        if (ldapDown && result.status !== 'success' && result.status !== 'code_required') throw ldapDown;
        if (
          (result.status === 'code_required' || result.status === 'success') &&
          result.actor.authority !== 'admin' &&
          !(await memberPasswordsAllowed(app.lab.db))
        ) {
          // the site lets members in only by their campus account (issue #30); administrators keep the password
          if (result.status === 'success') await logout(app.lab.db, result.token);
          await logActivity(
            { db: app.lab.db, actor: null, address: req.ip },
            { action: 'login_failed', resource: 'session', record: username, outcome: 'failed', detail: ['local'] },
          );
          throw new ApiError(403, 'local_login_off');
        }
        if (result.status === 'code_required') {
          // SPEC §7's call for a member with two-factor login: the code in this call, a device trusted
          // before, or a challenge answered by POST /api/login/code/ (no session before the code)
          const actor = result.actor;
          if (await isTrustedDevice(app.lab.db, actor.pid, req.cookies[TRUST_COOKIE])) return sessionFor(req, reply, actor, false);
          if (code === undefined) return { loginStatus: 'code_required' as const, challenge: await openChallenge(app.lab.db, actor.pid) };
          if (!(await secondFactor(actor.pid, code))) throw await wrongCode(req, username);
          return sessionFor(req, reply, actor, trust_device);
        }
        if (result.status !== 'success') {
          // the name tried, never the password
          await logActivity(
            { db: app.lab.db, actor: null, address: req.ip },
            { action: 'login_failed', resource: 'session', record: username, outcome: 'failed' },
          );
          return result.status === 'fail' && result.needsInvitation
            ? { loginStatus: result.status, needs_invitation: true as const }
            : { loginStatus: result.status };
        }
        await reset(app.lab.db, key);
        await logActivity({ db: app.lab.db, actor: result.actor, address: req.ip }, { action: 'login', resource: 'session', record: result.actor.username });
        const a = result.actor;
        return loggedIn(req, reply, result, a.authority === 'admin' && (await adminTwoFactorRequired(app.lab.db)));
      },
    );

    typed(scoped).post(
      '/api/login/code/',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'The second step of a login with two-factor: the challenge of the first answer and a TOTP or recovery code',
          body: CodeSchema,
          headers: z.object({ 'x-csrftoken': z.string().optional() }).loose(),
          response: answers(LoginAnswerSchema),
        },
        preValidation: csrfPair,
      },
      async (req, reply) => {
        const { challenge, code, trust_device } = req.body;
        const pid = await challengePerson(app.lab.db, challenge);
        const person = await app.lab.db.selectFrom('person').select('username').where('pid', '=', pid).executeTakeFirstOrThrow();
        // wrong codes slow every later attempt at the account, as wrong passwords do
        const key = `login-account:${person.username}`;
        const attempt = await hit(app.lab.db, key, ACCOUNT_WINDOW_MS);
        const wait = accountDelayMs(attempt.count - 1);
        if (wait > 0) await sleep(wait);
        if (!(await secondFactor(pid, code))) throw await wrongCode(req, person.username);
        const kind = await challengeKind(app.lab.db, challenge);
        await closeChallenge(app.lab.db, challenge);
        const answer = await sessionFor(
          req,
          reply,
          await actorByUsername(app.lab.db, person.username),
          trust_device,
          kind === 'oidc' || kind === 'cas' || kind === 'ldap' ? kind : undefined,
        );
        // a CAS login that waited for its code: its ticket now ends this session (single logout)
        await challengeBecameSession(app.lab.db, challenge, answer.token);
        return answer;
      },
    );

    typed(scoped).post(
      '/api/login/external/',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'Finishes a campus login (OIDC, CAS): the handoff the login page got in its address; answers as POST /api/login/ (success, or code_required for a member with two-factor login)',
          body: HandoffSchema,
          headers: z.object({ 'x-csrftoken': z.string().optional() }).loose(),
          response: answers(LoginAnswerSchema),
        },
        preValidation: csrfPair,
      },
      async (req, reply) => {
        const { handoff, code, trust_device } = req.body;
        const { actor, kind, ticketHash } = await takeHandoff(app.lab.db, handoff);
        // a member with two-factor login still gives the code: a campus login is the first factor only
        if ((await isEnrolled(app.lab.db, actor.pid)) && !(await isTrustedDevice(app.lab.db, actor.pid, req.cookies[TRUST_COOKIE]))) {
          if (code === undefined) {
            const challenge = await openChallenge(app.lab.db, actor.pid, kind);
            if (ticketHash) await bindTicket(app.lab.db, ticketHash, actor.pid, { challenge });
            return { loginStatus: 'code_required' as const, challenge };
          }
          if (!(await secondFactor(actor.pid, code))) throw await wrongCode(req, actor.username);
        }
        const answer = await sessionFor(req, reply, actor, trust_device, kind);
        if (ticketHash) await bindTicket(app.lab.db, ticketHash, actor.pid, { session: answer.token });
        return answer;
      },
    );

    typed(scoped).post(
      '/api/invitation/',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Take an invitation: set the password (the rules of a change) and log in; answers as a successful login',
          body: AcceptSchema,
          headers: z.object({ 'x-csrftoken': z.string().optional() }).loose(),
          response: answers(LoginAnswerSchema),
        },
        preValidation: csrfPair,
      },
      async (req, reply) => {
        const { token, ...passwords } = req.body;
        // the rules of a password change, with their messages (common/resources/person.ts)
        const { password } = parseInput(inputSchema(person, 'update'), passwords);
        return loggedIn(req, reply, await acceptInvitation(app.lab.db, token, String(password), req.ip));
      },
    );
  });

  api.get(
    '/api/invitation/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'An invitation’s state (open, used, expired) and whom it is for; the token in X-Link-Token (kept out of every log), or in the query as before',
        querystring: z.object({ token: z.string().max(100).default('') }).loose(),
        headers: LinkTokenHeaders,
        response: answers(InvitationStateSchema),
      },
    },
    async (req, reply) => {
      // the state changes when it is used: never kept by a cache
      reply.header('Cache-Control', 'no-store');
      const found = await readInvitation(app.lab.db, req.headers['x-link-token'] ?? req.query.token);
      return { ...found, expires_at: new Date(found.expires_at * 1000).toISOString() };
    },
  );

  // Self-service password reset by e-mail (issue #30, point 3): server/services/password-reset.ts
  api.post(
    '/api/password-reset/request/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Ask for a password reset link by e-mail, by username or e-mail address; the answer is the same whether or not an account matches',
        body: ResetAskSchema,
        headers: z.object({ 'x-csrftoken': z.string().optional() }).loose(),
        response: answers(DetailSchema),
      },
      preValidation: csrfPair,
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      // what is missing is the server's, not the account's: it tells nothing about who exists
      app.lab.mailer.requireConfigured();
      const asks = await hit(app.lab.db, `reset-address:${addressKey(req.ip)}`, 3_600_000);
      if (asks.count > RESET_ASKS_PER_ADDRESS) throw new TooManyTries();
      const origin = siteUrl(req, app.lab.config);
      const { login } = req.body;
      const address = req.ip;
      // the lookup and the mail happen after the answer: the same words, status and time for everyone
      app.lab.mailer.later('password reset', () => requestReset(app.lab, login, origin, address));
      return { detail: t(requestLang(req), 'reset_requested') };
    },
  );

  api.get(
    '/api/password-reset/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'A password reset link’s state (open, used, expired) and whose it is; the token in X-Link-Token (kept out of every log), or in the query as before',
        querystring: z.object({ token: z.string().max(100).default('') }).loose(),
        headers: LinkTokenHeaders,
        response: answers(InvitationStateSchema),
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const found = await readReset(app.lab.db, req.headers['x-link-token'] ?? req.query.token);
      return { ...found, expires_at: new Date(found.expires_at * 1000).toISOString() };
    },
  );

  api.post(
    '/api/password-reset/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Use a password reset link: set the new password (the rules of a change); every session of the member ends',
        body: AcceptSchema,
        headers: z.object({ 'x-csrftoken': z.string().optional() }).loose(),
        response: answers(DetailSchema),
      },
      preValidation: csrfPair,
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { token, ...passwords } = req.body;
      const { password } = parseInput(inputSchema(person, 'update'), passwords);
      await completeReset(app.lab.db, token, String(password), req.ip);
      return { detail: t(requestLang(req), 'reset_done') };
    },
  );

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
      };
    },
  );
}
