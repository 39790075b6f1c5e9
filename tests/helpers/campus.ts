import { createHash } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

// The browser a campus login started in (server/api/external-login.ts): its start sets `lab_<kind>_state`, the SHA-256
// of the state, which its callback must bring back. The API suites play that browser.

export type CampusKind = 'oidc' | 'cas';
const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');

/** Checks that a start bound its state to the browser: the cookie, HttpOnly, SameSite=Lax, for the login calls only. */
export function expectBound(kind: CampusKind, start: LightMyRequestResponse, state: string): void {
  const cookie = start.cookies.find((c) => c.name === `lab_${kind}_state`);
  expect(cookie).toMatchObject({ value: hashOf(state), httpOnly: true, sameSite: 'Lax', path: '/api/login/', maxAge: 600 });
}

/** The Cookie header of the browser that started the login whose callback address is `url` (none without a state). */
export function startedBy(kind: CampusKind, url: string): Record<string, string> {
  const state = new URL(url, 'http://x').searchParams.get('state');
  return state ? { cookie: `lab_${kind}_state=${hashOf(state)}` } : {};
}

/** A callback at `url` in a browser that started a login of its own (the victim's): it holds that start's cookie, not the link's. */
export async function inAnotherBrowser(app: FastifyInstance, kind: CampusKind, url: string): Promise<LightMyRequestResponse> {
  const own = await app.inject({ method: 'GET', url: `/api/login/${kind}/` });
  const theirs = own.cookies.find((c) => c.name === `lab_${kind}_state`)?.value as string;
  const u = new URL(url);
  return app.inject({ method: 'GET', url: u.pathname + u.search, headers: { cookie: `lab_${kind}_state=${theirs}` } });
}
