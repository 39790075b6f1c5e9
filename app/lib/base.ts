import { serverBasePath } from '#page-context';
import { underBase } from '../../common/paths.ts';

// BASE_PATH (docs/deploy.md, "Under a sub-path"): the site may live under a prefix such as /lab. Paths of
// the site stay site-relative wherever they are made or stored (common/paths.ts, records, the API's
// answers); the prefix goes on where a browser is sent. React Router's <Link>, <NavLink> and navigate take
// it from its `basename`; everything else (plain links, images, fetch calls, full loads, loader redirects)
// goes through `at()`.

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
