import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { addressKey } from '../../http/client-address.ts';
import { counterStore } from '../../http/counter-store.ts';
import { csrfRoutes } from './csrf.ts';
import { loginRoutes } from './login.ts';
import { passwordRoutes, takeInvitationRoute } from './password.ts';
import { sessionRoutes } from './session.ts';

// Login with a CSRF cookie + header (double submit), logout that revokes the token, and who am I: each part
// a module of this folder, registered here in one order.

export async function authRoutes(app: FastifyInstance) {
  csrfRoutes(app);
  // every call that takes a password or a code, under one rate limit per client address
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
    loginRoutes(scoped);
    takeInvitationRoute(scoped);
  });
  passwordRoutes(app);
  sessionRoutes(app);
}
