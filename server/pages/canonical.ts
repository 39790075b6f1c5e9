import type { ServerBuild } from 'react-router';

// One address per page (docs/security.md, third round). React Router matches paths without regard to case, and
// reads `//` and a trailing `/` as nothing: /PUBLICATION, //publication and /publication/ are the publication list,
// and the page cache, which keys pages by their path, kept a copy of each: 5,000 spellings rendered 5,000 times
// and pushed the other pages out. A page asked for by another spelling is sent to its own address (301) instead,
// before the cache is looked at. Record ids have one spelling too (no leading zeros, server/pages/page-data.ts), and
// a page not found is never kept (server/cache/http.ts).

/** The address spelling of each route's first segment, by its lower-case form: only routes at the top (under layouts without a path). */
export function firstSegments(routes: ServerBuild['routes']): Map<string, string> {
  const spelled = new Map<string, string>();
  for (const route of Object.values(routes)) {
    if (!route?.path) continue;
    let top = true;
    for (let up = route.parentId ? routes[route.parentId] : undefined; up; up = up.parentId ? routes[up.parentId] : undefined) {
      if (up.path) {
        top = false;
        break;
      }
    }
    const first = route.path.split('/')[0] ?? '';
    if (top && first && !/[:*]/.test(first)) spelled.set(first.toLowerCase(), first);
  }
  return spelled;
}

/** A decoded page path in its one spelling: no repeated or trailing slash, its first segment as its route spells it. */
export function canonicalPath(path: string, segments: ReadonlyMap<string, string>): string {
  let c = path.includes('//') ? path.replace(/\/{2,}/g, '/') : path;
  if (c.length > 1 && c.endsWith('/')) c = c.slice(0, -1);
  const end = c.indexOf('/', 1);
  const first = end < 0 ? c.slice(1) : c.slice(1, end);
  const spelled = segments.get(first.toLowerCase());
  if (spelled !== undefined && spelled !== first) c = `/${spelled}${end < 0 ? '' : c.slice(end)}`;
  return c;
}

/** A decoded path as an address (each segment percent-encoded). */
export const encodedPath = (path: string) => path.split('/').map(encodeURIComponent).join('/');
