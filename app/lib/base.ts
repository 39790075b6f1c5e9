import { serverBasePath } from '#page-context';
import { underBase } from '../../common/paths.ts';

// BASE_PATH (docs/deploy.md, "Under a sub-path"): the site may live under a prefix such as /lab. Paths of
// the site stay site-relative wherever they are made or stored (common/paths.ts, records, the API's
// answers); the prefix goes on where a browser is sent. React Router puts its `basename` on what it is handed:
// <Link>, <NavLink>, <Form>, navigate(), useNavigate() and the redirect() of a loader or an action take the
// site's path as it is (given `at()`'s, they went to /lab/lab/…). Everything else (plain <a>, images, fetch
// calls, a plain <form action>, full loads through window.location) goes through `at()`. The lint step
// refuses `at()` handed to React Router (biome-plugins/base-path.grit).

/** The prefix ('' at the root): in the browser React Router's basename, which the server gave the page; on the server its setting. */
export function basePath(): string {
  if (typeof window === 'undefined') return serverBasePath.read();
  const name = (window as { __reactRouterContext?: { basename?: string } }).__reactRouterContext?.basename ?? '/';
  return name.replace(/\/+$/, '');
}

/** A path of the site (`/people`) as the browser reaches it (`/lab/people`); a full URL, `#x` or `mailto:` as it is. */
export const at = (path: string): string => underBase(basePath(), path);

/** A path the browser is at (`location.pathname`) as a path of the site: without the prefix. */
export function siteRelative(pathname: string): string {
  const base = basePath();
  return base && (pathname === base || pathname.startsWith(`${base}/`)) ? pathname.slice(base.length) || '/' : pathname;
}
