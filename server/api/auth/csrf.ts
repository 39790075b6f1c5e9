import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CsrfSchema } from '../../../common/wire.ts';
import { cookiePath } from '../../http/base-path.ts';
import { ApiError } from '../../http/errors.ts';
import { safeEqual } from '../../services/auth.ts';
import { answers, typed } from '../helpers.ts';
import { tags } from './shared.ts';

// The CSRF pair (double submit) of every call made before a session exists: the cookie set here, echoed in
// X-CSRFToken.

const CSRF_COOKIE = 'csrftoken';

/** The header a call echoes the cookie in, for its schema. */
export const csrfHeaders = () => z.object({ 'x-csrftoken': z.string().optional() }).loose();

/** The login's CSRF pair (double submit), checked before the body is even looked at. */
export async function csrfPair(req: FastifyRequest) {
  const cookie = req.cookies[CSRF_COOKIE];
  const header = req.headers['x-csrftoken'];
  if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) throw new ApiError(403, 'csrf');
}

export function csrfRoutes(app: FastifyInstance) {
  typed(app).get(
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
}
