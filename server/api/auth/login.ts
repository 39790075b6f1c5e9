import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LoginAnswerSchema } from '../../../common/wire.ts';
import { Unavailable } from '../../errors.ts';
import { ApiError } from '../../http/errors.ts';
import { noticeCodesCapped } from '../../mail/notices.ts';
import { logActivity } from '../../services/activity.ts';
import { actorByUsername, login, logout } from '../../services/auth.ts';
import { hit, reset } from '../../services/counters.ts';
import { bindTicket, challengeBecameSession, memberForIdentity, memberPasswordsAllowed, takeHandoff } from '../../services/external-login.ts';
import { hasExplicitLink } from '../../services/external-links.ts';
import { Ldap } from '../../services/ldap.ts';
import {
  adminTwoFactorRequired,
  CodesCapped,
  challengeKind,
  challengePerson,
  checkSecondFactor,
  closeChallenge,
  isEnrolled,
  isTrustedDevice,
  openChallenge,
  TRUST_COOKIE,
} from '../../services/two-factor.ts';
import { answers, ctxOf, typed } from '../helpers.ts';
import { csrfHeaders, csrfPair } from './csrf.ts';
import { loggedIn, sessionFor } from './session.ts';
import { tags } from './shared.ts';
import { tlsCause } from '../../tls-cause.ts';

// The ways in: a username and password (this site's, or the campus directory's over LDAP), the second factor
// of a member with two-factor login, and the end of a campus login (OIDC, CAS) by its handoff.

const codeField = z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(64, { error: 'too_long' });
// true, or a form's "1", "true" or "on": trust this device for 30 days
const trustField = z.union([z.boolean(), z.string().max(10, { error: 'too_long' })]).optional();

const LoginSchema = z.object({
  username: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(100, { error: 'too_long' }),
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200, { error: 'too_long' }),
  // the second factor in the same call, for a member with two-factor login
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
function accountDelayMs(earlier: number): number {
  return earlier < 3 ? 0 : Math.min(250 * 2 ** (earlier - 3), 5_000);
}

/**
 * Counts an attempt at an account and waits by the count it got: parallel attempts each get their own count,
 * so none of them skips the wait. Answers the counter's key (a right password clears it).
 */
async function slowAttempt(app: FastifyInstance, username: string): Promise<string> {
  const key = `login-account:${username}`;
  const attempt = await hit(app.lab.db, key, ACCOUNT_WINDOW_MS);
  const wait = accountDelayMs(attempt.count - 1);
  if (wait > 0) await sleep(wait);
  return key;
}

/**
 * Checks a member's code; past the cap of wrong codes (server/services/two-factor.ts) it is refused unchecked,
 * and the first refusal of the window tells the owner by mail: someone who has their password is guessing.
 */
async function secondFactor(app: FastifyInstance, pid: number, code: string): Promise<boolean> {
  try {
    return await checkSecondFactor(app.lab.db, pid, code);
  } catch (e) {
    if (e instanceof CodesCapped && e.first) app.lab.mailer.later('two-factor cap notice', () => noticeCodesCapped(app.lab.db, app.lab.mailer, pid));
    throw e;
  }
}

/** A wrong second factor: logged, and answered as such (the cap above counts it). */
async function wrongCode(app: FastifyInstance, req: FastifyRequest, username: string) {
  await logActivity({ db: app.lab.db, actor: null, address: req.ip }, { action: 'login_failed', resource: 'session', record: username, outcome: 'failed' });
  return new ApiError(400, 'two_factor_code_wrong');
}

/** POST /api/login/, /api/login/code/ and /api/login/external/, on an instance that holds the login's rate limit. */
export function loginRoutes(app: FastifyInstance) {
  const ldap = app.lab.config.ldap ? new Ldap(app.lab.config.ldap) : undefined;
  const api = typed(app);

  api.post(
    '/api/login/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Log in; answers loginStatus success (token, loginTime, userInfo), fail, notexist, or code_required (two-factor: a challenge for POST /api/login/code/, or send code here)',
        body: LoginSchema,
        headers: csrfHeaders(),
        response: answers(LoginAnswerSchema),
      },
      // the CSRF pair is checked before the body is even looked at
      preValidation: csrfPair,
    },
    async (req, reply) => {
      const { username, password, code, trust_device } = req.body;
      // repeated failures for one account slow every attempt at it, on every instance: never a lockout
      // an attacker could use against a member, and alike for names that do not exist
      const key = await slowAttempt(app, username);
      // this site's password first, then the campus directory (when set up): an account whose own password
      // was typed never waits for a directory that is slow or down
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
          req.log.warn(
            { kind: 'ldap', cause: e.cause instanceof Error ? e.cause.message : undefined, ...tlsCause(e.cause) },
            'the LDAP directory cannot be reached',
          );
          ldapDown = e;
          return null;
        });
        if (!identity) return undefined;
        const actor = await memberForIdentity(ctxOf(app, req), identity, app.lab.config.ldap.match);
        // a member with two-factor login still gives the code
        if ((await isEnrolled(app.lab.db, actor.pid)) && !(await isTrustedDevice(app.lab.db, actor.pid, req.cookies[TRUST_COOKIE]))) {
          if (code === undefined) return { loginStatus: 'code_required' as const, challenge: await openChallenge(app.lab.db, actor.pid, 'ldap') };
          if (!(await secondFactor(app, actor.pid, code))) throw await wrongCode(app, req, username);
        }
        return sessionFor(app, req, reply, actor, trust_device, 'ldap');
      }
      const result = await login(app.lab.db, username, password, { twoFactor: (pid) => isEnrolled(app.lab.db, pid) });
      const localRight = result.status === 'code_required' || result.status === 'success';
      // members' own passwords count while the site allows them; an administrator's always does
      const localCounts = localRight && (result.actor.authority === 'admin' || (await memberPasswordsAllowed(app.lab.db)));
      if (!localCounts) {
        // a session the site's password opened where it does not count is no login (ended before the directory is asked)
        if (result.status === 'success') await logout(app.lab.db, result.token);
        // the directory for anyone but an administrator; for one, only when they linked their own directory
        // account (services/external-links.ts), and so only after this site's password failed
        const askDirectory =
          !siteAdmin ||
          (ldap !== undefined && app.lab.config.ldap !== undefined && (await hasExplicitLink(app.lab.db, siteAdmin.pid, 'ldap', app.lab.config.ldap.url)));
        if (askDirectory) {
          const answer = await byDirectory();
          if (answer) return answer;
        }
        // neither this site's password nor the directory (out of reach): say what is wrong
        if (ldapDown && !localRight) throw ldapDown;
      }
      if (localRight && !localCounts) {
        // the site lets members in only by their campus account; administrators keep the password
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
        if (await isTrustedDevice(app.lab.db, actor.pid, req.cookies[TRUST_COOKIE])) return sessionFor(app, req, reply, actor, false);
        if (code === undefined) return { loginStatus: 'code_required' as const, challenge: await openChallenge(app.lab.db, actor.pid) };
        if (!(await secondFactor(app, actor.pid, code))) throw await wrongCode(app, req, username);
        return sessionFor(app, req, reply, actor, trust_device);
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
      return loggedIn(app, req, reply, result, a.authority === 'admin' && (await adminTwoFactorRequired(app.lab.db)));
    },
  );

  api.post(
    '/api/login/code/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The second step of a login with two-factor: the challenge of the first answer and a TOTP or recovery code',
        body: CodeSchema,
        headers: csrfHeaders(),
        response: answers(LoginAnswerSchema),
      },
      preValidation: csrfPair,
    },
    async (req, reply) => {
      const { challenge, code, trust_device } = req.body;
      const pid = await challengePerson(app.lab.db, challenge);
      const person = await app.lab.db.selectFrom('person').select('username').where('pid', '=', pid).executeTakeFirstOrThrow();
      // wrong codes slow every later attempt at the account, as wrong passwords do
      await slowAttempt(app, person.username);
      if (!(await secondFactor(app, pid, code))) throw await wrongCode(app, req, person.username);
      const kind = await challengeKind(app.lab.db, challenge);
      await closeChallenge(app.lab.db, challenge);
      const answer = await sessionFor(
        app,
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

  api.post(
    '/api/login/external/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Finishes a campus login (OIDC, CAS): the handoff the login page got in its address; answers as POST /api/login/ (success, or code_required for a member with two-factor login)',
        body: HandoffSchema,
        headers: csrfHeaders(),
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
        if (!(await secondFactor(app, actor.pid, code))) throw await wrongCode(app, req, actor.username);
      }
      const answer = await sessionFor(app, req, reply, actor, trust_device, kind);
      if (ticketHash) await bindTicket(app.lab.db, ticketHash, actor.pid, { session: answer.token });
      return answer;
    },
  );
}
