import { at } from '../http/base-path.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { paths } from '../../common/paths.ts';
import type { Lab } from '../lab.ts';
import { bearer, getFromThisSite, sessionCookie } from '../http/auth.ts';
import { pathOf } from '../http/url.ts';
import { type Actor, actorForToken } from '../services/auth.ts';

// Previews: /preview/{kind}/{id} renders a record's real public page for the members who edit
// it, a draft or the unsaved edits of the console's form (POSTed to the same address). The page is the
// public one, so it goes through the page route; this gate decides before anything is read or rendered:
// - who: the console's session. The preview opens in a new tab, which cannot send X-Lab-Console, so the
//   cookie counts here without it, only from the site itself: a GET the browser marks same-origin or typed
//   (Sec-Fetch-Site), a POST whose Origin is the site's own (a page elsewhere cannot make a member's browser
//   render its text on our origin). Anyone else: a GET is sent to the login, anything else answered 401;
//   a POST from elsewhere 403. An API client's Authorization header counts as anywhere.
// - never shared: no-store, private, noindex; never in the page cache (plugin.ts keys no /preview path);
//   never framed (server/http/headers.ts).

/** The largest form of unsaved edits: two long texts of 200,000 characters, as UTF-8 in multipart. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

export const isPreviewPath = (path: string) => /^\/preview(?:[/.]|$)/i.test(path);

declare module 'fastify' {
  interface FastifyRequest {
    /** The member a preview is rendered for (set only by the gate below). */
    previewer?: Actor;
  }
}

/** Whether the request comes from the site itself, as the browser tells it. */
function fromThisSite(req: FastifyRequest, origin: string): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return getFromThisSite(req);
  const site = req.headers['sec-fetch-site'];
  return req.headers.origin === origin && (site === undefined || site === 'same-origin');
}

/** Decides a request for a preview: true when it is answered here (refused), false when the page may render for `req.previewer`. */
export async function previewGate(lab: Lab, req: FastifyRequest, reply: FastifyReply, origin: string): Promise<boolean> {
  reply.header('Cache-Control', 'no-store, private').header('X-Robots-Tag', 'noindex, nofollow, noarchive').header('Vary', 'Cookie');
  const refuse = (status: number, text: string) => {
    reply.code(status).type('text/plain; charset=utf-8').send(text);
    return true;
  };
  if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') return refuse(405, 'Method Not Allowed');
  if (req.method === 'POST' && !(Number(req.headers['content-length']) <= MAX_BODY_BYTES)) return refuse(413, 'Payload Too Large');
  const token = req.headers.authorization !== undefined ? bearer(req) : fromThisSite(req, origin) ? sessionCookie(req) : null;
  const check = token ? await actorForToken(lab.db, token) : undefined;
  if (check && 'actor' in check) {
    req.previewer = check.actor;
    return false;
  }
  if (req.method === 'POST' && req.headers.authorization === undefined && !fromThisSite(req, origin))
    return refuse(403, 'Forbidden: a preview of unsaved edits is posted from the console only');
  const path = pathOf(req.url);
  if (req.method === 'POST' || path.endsWith('.data')) return refuse(401, 'Unauthorized: log in to the console to preview');
  reply.redirect(at(lab.config.basePath, paths.login(req.url)), 302);
  return true;
}
