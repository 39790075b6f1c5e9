import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { at } from '../http/base-path.ts';
import { sha256 } from '../services/auth.ts';
import { type ExternalKind, STATE_SECONDS } from '../services/external-login.ts';

/**
 * The browser a campus login started in (login CSRF): the start sets a cookie with the state's SHA-256, HttpOnly and
 * SameSite=Lax (sent on the provider's top-level redirect back, not on a request another site makes), and the
 * callback is refused without the cookie of its own state. An attacker's unfinished callback link, opened by a
 * victim, no longer logs the victim into the attacker's account (nor links the attacker's campus account to the
 * victim's, for a start from the profile).
 */
const bindingCookie = (kind: ExternalKind) => `lab_${kind}_state`;

export function bindToBrowser(req: FastifyRequest, reply: FastifyReply, kind: ExternalKind, state: string) {
  const config = reply.server.lab.config;
  reply.setCookie(bindingCookie(kind), sha256(state), {
    path: at(config.basePath, '/api/login/'),
    httpOnly: true,
    sameSite: 'lax',
    secure: config.production && req.protocol === 'https',
    maxAge: STATE_SECONDS,
  });
}

/** Whether the callback's state is the one this browser started (its cookie), which is then forgotten. */
export function startedHere(req: FastifyRequest, reply: FastifyReply, kind: ExternalKind, state: string | undefined): boolean {
  const bound = req.cookies[bindingCookie(kind)];
  reply.clearCookie(bindingCookie(kind), { path: at(reply.server.lab.config.basePath, '/api/login/') });
  if (!bound || !state) return false;
  const want = Buffer.from(sha256(state));
  const got = Buffer.from(bound);
  return want.length === got.length && timingSafeEqual(want, got);
}
