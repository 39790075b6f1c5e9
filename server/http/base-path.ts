import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// BASE_PATH (docs/deploy.md, "Under a sub-path"): requests arrive with the prefix (nginx passes
// `/lab/people` on as it is). The prefix comes off before routing, so every route, hook and cache key
// of the server sees the same paths as at the root; the page renderer alone gets the whole URL
// (req.originalUrl), for React Router's `basename`. What the server emits puts it back: `at()`.

/** Where a request outside the prefix, and the bare prefix, are routed to (never a page). */
const OUTSIDE = '/__outside-base-path';
const BARE = '/__base-path';

/** Fastify's `rewriteUrl` for a base path: `/lab/x` → `/x`; `/lab` and `/lab?…` → the redirect to `/lab/`; anything else → a 404. */
export function stripBasePath(base: string): (req: { url?: string }) => string {
  return (req) => {
    const url = req.url ?? '/';
    if (url.startsWith(`${base}/`)) return url.slice(base.length);
    if (url === base || url.startsWith(`${base}?`)) return `${BARE}${url.slice(base.length)}`;
    return OUTSIDE;
  };
}

/** A path of the site (`/people`) as it is reached from outside (`/lab/people`). */
export { underBase as at } from '../../common/paths.ts';

/** The Path of the site's cookies: the prefix, so a neighbouring site on the same host never gets them. */
export const cookiePath = (base: string) => base || '/';

/** The two routes of the rewritten requests: the bare prefix is sent on to `/lab/`, and nothing outside it is the site. */
export function basePathRoutes(app: FastifyInstance, base: string) {
  const options = { schema: { hide: true }, config: { access: 'public' } } as const;
  app.all(BARE, options, async (req: FastifyRequest, reply: FastifyReply) => {
    const q = req.url.indexOf('?');
    return reply.redirect(`${base}/${q < 0 ? '' : req.url.slice(q)}`, 301);
  });
  app.all(OUTSIDE, options, async (_req: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).type('text/plain; charset=utf-8').send(`Not found: this site is served under ${base}/\n`),
  );
}
