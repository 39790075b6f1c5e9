// Every public address of the site, in one place: the pages link by it, and a declaration names its
// records' pages by it (`publicPath`).
export const paths = {
  home: () => '/',
  news: () => '/news',
  article: (aid: number | string) => `/news/${aid}`,
  /** Every released news item (the home page's timeline shows the latest few), newest first, a page at a time. */
  newsArchive: () => '/news-archive',
  /** One news item's own page: its address for links from elsewhere (the feed, the search). */
  newsItem: (nid: number | string) => `/news-item/${nid}`,
  people: () => '/people',
  person: (username: string) => `/people/${encodeURIComponent(username)}`,
  curriculum: () => '/curriculum',
  course: (slug: string) => `/curriculum/${encodeURIComponent(slug)}`,
  sharedtask: () => '/sharedtask',
  sharedtaskItem: (slug: string) => `/sharedtask/${encodeURIComponent(slug)}`,
  publication: () => '/publication',
  publicationItem: (pid: number | string) => `/publication/${pid}`,
  /** BibTeX (or CSL-JSON) of every publication, or of those in the given areas. */
  publicationExport: (format: 'bib' | 'json', areas: readonly number[] = []) => `/publication.${format}${areas.length > 0 ? `?area=${areas.join(',')}` : ''}`,
  discopen: () => '/DISCOpen',
  /** The search page: of `q`, narrowed to one kind of result, in a language the URL names. */
  search: (q = '', kind: string | null = null, lang?: string) => {
    const query = new URLSearchParams();
    if (q) query.set('q', q);
    if (kind) query.set('kind', kind);
    if (lang) query.set('lang', lang);
    const s = query.toString();
    return s ? `/search?${s}` : '/search';
  },
  login: (redirect?: string) => (redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'),
  console: () => '/console',
  /** A record's public page as its editors preview it: `id` 'new' for a record not saved yet (POST only). */
  preview: (kind: string, id: number | string, lang: string) => `/preview/${kind}/${id}?lang=${lang}`,
  newsFeed: () => '/feed/news.xml',
  publicationFeed: () => '/feed/publications.xml',
  seminarFeed: () => '/feed/seminars.ics',
  /** The seminar calendar for calendar apps to subscribe to (webcal: is the same address). */
  seminarSubscription: (origin: string) => `${origin.replace(/^https?:/, 'webcal:')}/feed/seminars.ics`,
} as const;

/**
 * A path of the site (`/people`) under BASE_PATH (`/lab/people`; docs/deploy.md, "Under a sub-path"): paths are
 * made and stored site-relative, and the prefix goes on where a browser is sent. A full URL, `//host`, `#x` or
 * `mailto:` stays as it is.
 */
export function underBase(base: string, path: string): string {
  return base && path.startsWith('/') && !path.startsWith('//') ? `${base}${path}` : path;
}

/** Any origin: a path is judged by whether it resolves to the origin it is resolved against. */
const HERE = 'https://here.invalid';

/**
 * A path that stays on this site, as the URL parser resolves it, or undefined. A check of the text alone misses
 * what the parser drops or rewrites (`/\t/evil.example` loses its tab and becomes `//evil.example`; `/\evil`
 * becomes `//evil`), so the parser decides; and what it gives back is checked again, since a resolved path may
 * itself read as another site (`/.//evil.example/x` resolves to the path `//evil.example/x`, which a browser
 * takes for the host evil.example).
 */
export function sitePath(target: unknown, maxLength = 2048): string | undefined {
  if (typeof target !== 'string' || target.length > maxLength || !target.startsWith('/')) return undefined;
  let url: URL;
  try {
    url = new URL(target, HERE);
  } catch {
    return undefined;
  }
  if (url.origin !== HERE) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return /^\/[/\\]/.test(path) ? undefined : path;
}
