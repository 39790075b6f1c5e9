import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Access } from '../../common/resource.ts';
import type { DB } from '../db/database.ts';
import { type Actor, actorForToken } from '../services/auth.ts';
import { ApiError } from './errors.ts';

// Reads `Authorization: Token <token>` on every request; routes then say who they need.

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    token: string | null;
    authError: 'invalid' | 'expired' | null;
  }
}

export function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^(?:Token|Bearer)\s+(\S+)$/i.exec(h.trim());
  return m ? (m[1] as string) : null;
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { db: DB }) => {
  app.decorateRequest('actor', null);
  app.decorateRequest('token', null);
  app.decorateRequest('authError', null);
  app.addHook('onRequest', async (req) => {
    const token = bearer(req);
    if (!token) return;
    const check = await actorForToken(opts.db, token);
    if ('actor' in check) {
      req.actor = check.actor;
      req.token = token;
    } else {
      req.authError = check.error;
    }
  });
});

/** The logged-in actor, or a 401 (expired or missing token). */
export function requireActor(req: FastifyRequest): Actor {
  if (req.actor) return req.actor;
  throw new ApiError(401, req.authError === 'expired' ? 'session_expired' : 'unauthenticated');
}

export function requireAccess(req: FastifyRequest, access: Access): Actor {
  const actor = requireActor(req);
  if (access === 'admin' && actor.authority !== 'admin') throw new ApiError(403, 'forbidden');
  return actor;
}

/** A preHandler that lets only members (or administrators) through. */
export function guard(access: Access) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    requireAccess(req, access);
  };
}
