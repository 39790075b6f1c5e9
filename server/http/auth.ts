import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Access } from '../../common/resource.ts';
import type { DB } from '../db/database.ts';
import { type Actor, actorForToken } from '../services/auth.ts';
import { ApiError } from './errors.ts';

// Reads the session on every request; routes then say who they need. A session is `Authorization:
// Token <token>` (SPEC §7, API clients), or the console's HttpOnly cookie, which no script of a page can
// read (an injected script must not reach the token). The cookie counts only on calls that
// carry X-Lab-Console: a page of another site can make a browser send the cookie (SameSite=Strict stops
// most of that) but cannot add that header without a CORS preflight this server never grants.

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    token: string | null;
    authError: 'invalid' | 'expired' | null;
  }
}

/** The console's session cookie. */
export const SESSION_COOKIE = 'lab_session';
/** The header the console sends with every call; see the top of this file. */
const CONSOLE_HEADER = 'x-lab-console';

const sessionCookieRe = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=([A-Za-z0-9_-]{16,128})\\s*(?:;|$)`);

/** The console's session token: its cookie, on a call that carries X-Lab-Console. */
function consoleSession(req: FastifyRequest): string | null {
  if (req.headers[CONSOLE_HEADER] !== '1') return null;
  return sessionCookie(req);
}

/**
 * The session cookie whatever the call carries. Only for pages a member opens from the console in a new
 * tab, which cannot add a header, and which check where the request came from themselves (server/pages/preview.ts).
 */
export function sessionCookie(req: FastifyRequest): string | null {
  const cookie = req.headers.cookie;
  return typeof cookie === 'string' ? (sessionCookieRe.exec(cookie)?.[1] ?? null) : null;
}

/** Whether a GET comes from the site itself or was typed, as the browser tells it (Sec-Fetch-Site; none from older browsers). */
export function getFromThisSite(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

/**
 * Who reads a file a member opened from the console in a new tab (which sends no X-Lab-Console): the session
 * of the request's Authorization header, else its session cookie when the GET comes from this site.
 */
export async function fileReader(db: DB, req: FastifyRequest): Promise<Actor | null> {
  if (req.actor || req.headers.authorization !== undefined) return req.actor;
  const token = getFromThisSite(req) ? sessionCookie(req) : null;
  const check = token ? await actorForToken(db, token) : undefined;
  return check && 'actor' in check ? check.actor : null;
}

/** The session token a request presents, if any. */
export function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return consoleSession(req);
  const m = /^(?:Token|Bearer)\s+(\S+)$/i.exec(h.trim());
  return m ? (m[1] as string) : null;
}

/** Whether a request presents a session at all (such a request is never answered from a shared cache). */
export function presentsSession(req: FastifyRequest): boolean {
  return req.headers.authorization !== undefined || consoleSession(req) !== null;
}

/**
 * Who may call a route, declared on the route itself (`config: { access }`) and checked here, on the
 * route the router matched: percent-encoded or otherwise spelled paths reach the same check as the plain
 * one (a check of the raw URL let `/api%6Cinyunshu/…` through). It runs in onRequest, before
 * any body is read. Routes under /api… must declare it; the server refuses to start otherwise.
 */
type RouteAccess = 'public' | 'member' | 'admin' | 'advisor';

/** One row of the route table: what the security tests walk, and what docs/security.md describes. */
type RouteAccessRow = { method: string; url: string; access: RouteAccess };

declare module 'fastify' {
  interface FastifyInstance {
    routeAccess: RouteAccessRow[];
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** A write allowed while the member must still replace an initial password (the service then lets only that change through). */
    duringPasswordChange?: boolean;
    /** A call open to an administrator who must still turn on two-factor login: who am I, and enrolment. */
    duringEnrolment?: boolean;
  }
}

const apiPath = /^\/(api|resource)/;
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export const authPlugin = fp(async (app: FastifyInstance, opts: { db: DB; advisor: string | undefined }) => {
  app.decorateRequest('actor', null);
  app.decorateRequest('token', null);
  app.decorateRequest('authError', null);
  app.decorate('routeAccess', [] as RouteAccessRow[]);

  app.addHook('onRoute', (route) => {
    // the API documentation and every page are public; an API route must say who may call it
    if (!route.config?.access && apiPath.test(route.url) && !route.url.startsWith('/api/docs')) {
      throw new Error(`${String(route.method)} ${route.url} declares no access (config.access)`);
    }
    const access = route.config?.access ?? 'public';
    route.config = { ...route.config, access } as typeof route.config;
    for (const method of [route.method].flat()) app.routeAccess.push({ method, url: route.url, access });
  });

  app.addHook('onRequest', async (req) => {
    const token = bearer(req);
    if (token) {
      const check = await actorForToken(opts.db, token);
      if ('actor' in check) {
        req.actor = check.actor;
        req.token = token;
      } else {
        req.authError = check.error;
      }
    }
    const { access = 'public', duringPasswordChange, duringEnrolment } = req.routeOptions.config;
    if (access === 'public') return;
    const actor = requireAccess(req, access === 'advisor' ? 'member' : access);
    // the site requires two-factor login of administrators: one without it reaches nothing but its enrolment
    if (actor.two_factor_missing && !duringEnrolment) throw new ApiError(403, 'two_factor_required');
    if (access === 'advisor' && actor.username !== opts.advisor) throw new ApiError(403, 'forbidden');
    if (actor.must_change_password && !safeMethods.has(req.method) && !duringPasswordChange) {
      throw new ApiError(403, 'password_change_required');
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
