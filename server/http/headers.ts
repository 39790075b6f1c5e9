import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { pathOf } from './url.ts';

// Headers of defence in depth on every answer: no Referer with a path leaves for another
// site, no page is framed by another site, and the login, the console and the advisor area are framed
// by no one (clickjacking of a logged-in member). Behind HTTPS in production, browsers are told to keep
// to HTTPS. Pages get their full content security policy where they are rendered (server/http/csp.ts,
// server/pages/plugin.ts).

/** Paths whose pages act for a logged-in member: never inside a frame. */
export function actsForMember(path: string, advisor: string | undefined): boolean {
  const p = path.toLowerCase();
  if (p === '/login' || p.startsWith('/login/') || p === '/console' || p.startsWith('/console/') || p.startsWith('/preview/')) return true;
  return !!advisor && p.startsWith(`/${advisor.toLowerCase()}/`);
}

/** Strict-Transport-Security, sent over HTTPS in production. */
export const HSTS = 'max-age=15552000';
export const sendsHsts = (req: FastifyRequest, config: Config) => config.production && req.protocol === 'https';

export const headersPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (actsForMember(pathOf(req.url), opts.config.advisorUsername)) {
      reply.header('X-Frame-Options', 'DENY');
      if (!reply.hasHeader('content-security-policy')) reply.header('Content-Security-Policy', "frame-ancestors 'none'");
    } else reply.header('X-Frame-Options', 'SAMEORIGIN');
    if (sendsHsts(req, opts.config)) reply.header('Strict-Transport-Security', HSTS);
  });
});
