import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';

// What the server's metrics call a page (server/ops/plugin.ts): the pattern of the React Router route that
// renders it (`/people/:username`), never the path asked for, so that the labels stay as few as the routes
// whatever clients ask. Every page is served by one Fastify route, whose own pattern says nothing.

/** The Fastify route React Router's handler is mounted on: every path no other route claims. */
export const PAGE_ROUTE = '*';

/** The one label of a request no page or route has (a 404), whatever its path. */
export const NOT_FOUND = 'not-found';

/** React Router's single-fetch suffix: a page's data for a navigation in the browser (`/people/x.data`). */
const DATA = '.data';

/**
 * The label of a page path under the build's routes: its route's pattern (`/people/:username`), with `.data`
 * for the data of a navigation (`/people/:username.data`), and NOT_FOUND for the catch-all not-found pages.
 */
export function pagePatterns(routes: ServerBuild['routes']): (path: string) => string {
  const byParent = new Map<string | undefined, RouteObject[]>();
  const nodes = new Map<string, RouteObject>();
  for (const r of Object.values(routes)) {
    if (!r) continue;
    const node = { id: r.id, path: r.path, caseSensitive: r.caseSensitive, ...(r.index ? { index: true } : {}) } as RouteObject;
    nodes.set(r.id, node);
    byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), node]);
  }
  for (const [id, node] of nodes) {
    const children = byParent.get(id);
    if (children) node.children = children;
  }
  const tree = byParent.get(undefined) ?? [];
  const label = (path: string) => {
    const data = path.endsWith(DATA);
    const asked = data ? path.slice(0, -DATA.length) : path;
    // the home page's data is asked for as /_root.data
    if (data && asked === '/_root') return `/_root${DATA}`;
    const matches = matchRoutes(tree, asked);
    const leaf = matches?.at(-1)?.route;
    if (!matches || !leaf || leaf.path === '*') return NOT_FOUND;
    const pattern = `/${matches
      .map((m) => m.route.path)
      .filter((p) => p)
      .join('/')}`;
    return data ? `${pattern}${DATA}` : pattern;
  };
  // matchRoutes ranks every route again on each call (about 0.2 ms here): the paths asked most often are
  // remembered, a bounded number of them, and forgotten all at once when the bound is reached
  const known = new Map<string, string>();
  return (path) => {
    let found = known.get(path);
    if (found === undefined) {
      found = label(path);
      if (known.size >= KNOWN_PATHS) known.clear();
      known.set(path, found);
    }
    return found;
  };
}

/** How many page paths' labels are remembered. */
const KNOWN_PATHS = 2000;
