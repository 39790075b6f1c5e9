import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { detailText } from '../../../common/messages.ts';
import { inputSchema } from '../../../common/resource.ts';
import { person } from '../../../common/resources/person.ts';
import { InvitationStateSchema, LoginAnswerSchema } from '../../../common/wire.ts';
import { Refused, TooManyTries } from '../../errors.ts';
import { addressKey } from '../../http/client-address.ts';
import { DetailSchema, requestLang } from '../../http/errors.ts';
import { siteUrl } from '../../http/origin.ts';
import { hit } from '../../services/counters.ts';
import { acceptInvitation, readInvitation } from '../../services/invitations.ts';
import { completeReset, readReset, requestReset } from '../../services/password-reset.ts';
import { answers, parseInput, typed } from '../helpers.ts';
import { csrfHeaders, csrfPair } from './csrf.ts';
import { loggedIn } from './session.ts';
import { tags } from './shared.ts';

// A password set by a link: an invitation's (which logs in) and a reset's, sent by e-mail
// (server/services/password-reset.ts).

const AcceptSchema = z.object({
  token: z.string({ error: 'required' }).min(1, { error: 'required' }).max(100, { error: 'too_long' }),
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200, { error: 'too_long' }),
  password2: z.string({ error: 'required' }).max(200, { error: 'too_long' }),
});

const ResetAskSchema = z.object({
  login: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(200, { error: 'too_long' }),
});

/** A link's token sent as a header, which no server or proxy logs by default (a query is logged by both). */
const LinkTokenHeaders = z.object({ 'x-link-token': z.string().max(100).optional() }).loose();

/** Password reset asks per client address (its /64 for IPv6) and hour; more answer 429. */
const RESET_ASKS_PER_ADDRESS = 10;

/** POST /api/invitation/, among the login's calls (and their rate limit): taking an invitation logs in. */
export function takeInvitationRoute(app: FastifyInstance) {
  typed(app).post(
    '/api/invitation/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Take an invitation: set the password (the rules of a change) and log in; answers as a successful login',
        body: AcceptSchema,
        headers: csrfHeaders(),
        response: answers(LoginAnswerSchema),
      },
      preValidation: csrfPair,
    },
    async (req, reply) => {
      const { token, ...passwords } = req.body;
      // the rules of a password change, with their messages (common/resources/person.ts)
      const { password } = parseInput(inputSchema(person, 'update'), passwords);
      return loggedIn(app, req, reply, await acceptInvitation(app.lab.db, token, String(password), req.ip));
    },
  );
}

/** An invitation's state, and the password reset: its request, its link's state and its use. */
export function passwordRoutes(app: FastifyInstance) {
  const api = typed(app);
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

  api.post(
    '/api/password-reset/request/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Ask for a password reset link by e-mail, by username or e-mail address; the answer is the same whether or not an account matches',
        body: ResetAskSchema,
        headers: csrfHeaders(),
        response: answers(DetailSchema),
      },
      preValidation: csrfPair,
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      // what is missing is the server's, not the account's: it tells nothing about who exists
      if (!app.lab.mailer.configured) throw new Refused('reset_mail_off');
      const asks = await hit(app.lab.db, `reset-address:${addressKey(req.ip)}`, 3_600_000);
      if (asks.count > RESET_ASKS_PER_ADDRESS) throw new TooManyTries();
      const origin = siteUrl(req, app.lab.config);
      const { login } = req.body;
      const address = req.ip;
      // the lookup and the mail happen after the answer: the same words, status and time for everyone
      app.lab.mailer.later('password reset', () => requestReset(app.lab, login, origin, address));
      return { detail: detailText(requestLang(req), 'reset_requested') };
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
        headers: csrfHeaders(),
        response: answers(DetailSchema),
      },
      preValidation: csrfPair,
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { token, ...passwords } = req.body;
      const { password } = parseInput(inputSchema(person, 'update'), passwords);
      await completeReset(app.lab.db, token, String(password), req.ip);
      return { detail: detailText(requestLang(req), 'reset_done') };
    },
  );
}
