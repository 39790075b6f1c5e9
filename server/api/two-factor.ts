import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireActor } from '../http/auth.ts';
import { logActivity } from '../services/activity.ts';
import { beginEnrolment, confirmEnrolment, enrolledMembers, removeTwoFactor, resetTwoFactor, twoFactorState } from '../services/two-factor.ts';
import { RecoveryCodesSchema, TwoFactorEnrolledSchema, TwoFactorSetupSchema, TwoFactorStateSchema } from '../../common/wire.ts';
import { answers, ctxOf, SuccessSchema, success, typed } from './helpers.ts';
import { checkOwnPassword, passwordOrFreshLogin } from './own-password.ts';

// Two-factor login: a member's own enrolment from the profile, turning it off with the
// password, and an administrator's reset of another member's. Open to an administrator the site still
// sends to enrolment (duringEnrolment, server/http/auth.ts). Every answer is no-store: a secret or recovery
// codes are shown once and kept by no cache.

const tags = ['two-factor'];
const CodeBody = z.object({ code: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(64, { error: 'too_long' }) });
const PasswordBody = z.object({ password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200, { error: 'too_long' }) });
const ResetQuery = z
  .object({ pid: z.coerce.number({ error: 'invalid_number' }).int({ error: 'invalid_number' }).positive({ error: 'invalid_number' }) })
  .loose();

const SetupBody = z
  .object({ password: z.string().max(200, { error: 'too_long' }).optional() })
  .loose()
  .optional();

export async function twoFactorRoutes(app: FastifyInstance) {
  const api = typed(app);

  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/api/two-factor/')) reply.header('Cache-Control', 'no-store');
  });

  api.get(
    '/api/two-factor/',
    {
      schema: { tags, summary: 'One’s own two-factor login: on or off, required, recovery codes left', response: answers(TwoFactorStateSchema) },
      config: { access: 'member', duringEnrolment: true },
    },
    async (req) => twoFactorState(app.lab.db, requireActor(req)),
  );

  api.post(
    '/api/two-factor/setup/',
    {
      schema: {
        tags,
        summary:
          'Starts an enrolment: a new secret, its otpauth URI and a QR code (SVG, drawn by this server). Asks for the password unless the session logged in within the last 10 minutes',
        body: SetupBody,
        response: answers(TwoFactorSetupSchema),
      },
      config: { access: 'member', duringEnrolment: true },
    },
    async (req) => {
      const actor = requireActor(req);
      // a stolen session alone must not put a second factor of the thief's on the account: the password, or a
      // login of the last minutes (the administrator the site sends to enrolment right after logging in)
      await passwordOrFreshLogin(app.lab.db, actor, req.body?.password, 'two_factor_needs_password');
      return beginEnrolment(ctxOf(app, req), actor);
    },
  );

  api.post(
    '/api/two-factor/enable/',
    {
      schema: {
        tags,
        summary: 'Confirms the enrolment with a code; answers the 10 recovery codes, shown this once',
        body: CodeBody,
        response: answers(RecoveryCodesSchema),
      },
      config: { access: 'member', duringEnrolment: true },
    },
    async (req) => confirmEnrolment(ctxOf(app, req), requireActor(req), req.body.code),
  );

  api.post(
    '/api/two-factor/disable/',
    {
      schema: {
        tags,
        summary: 'Turns one’s own two-factor login off (asks for the password); trusted devices are forgotten',
        body: PasswordBody,
        response: answers(SuccessSchema),
      },
      config: { access: 'member' },
    },
    async (req, reply) => {
      const actor = requireActor(req);
      await checkOwnPassword(app.lab.db, actor.pid, req.body.password);
      if (await removeTwoFactor(app.lab.db, actor.pid)) {
        await logActivity(ctxOf(app, req), { action: 'two_factor_disable', resource: 'person', record: actor.pid });
      }
      return success(reply);
    },
  );

  api.get(
    '/api/people/two-factor/',
    {
      schema: {
        tags,
        summary: 'Who has two-factor login on (administrators): the People screen marks them and offers their reset',
        response: answers(TwoFactorEnrolledSchema),
      },
      config: { access: 'admin' },
    },
    async () => ({ enrolled: await enrolledMembers(app.lab.db) }),
  );

  api.post(
    '/api/people/two-factor-reset/',
    {
      schema: {
        tags,
        summary: 'Resets another member’s two-factor login (administrators): they log in with the password alone and may enrol again',
        querystring: ResetQuery,
        response: answers(SuccessSchema),
      },
      config: { access: 'admin' },
    },
    async (req, reply) => {
      await resetTwoFactor(ctxOf(app, req), req.query.pid);
      return success(reply);
    },
  );
}
