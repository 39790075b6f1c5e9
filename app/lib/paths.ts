// Every public URL of the site, in one place.
export const paths = {
  home: () => '/',
  news: () => '/news',
  article: (aid: number | string) => `/news/${aid}`,
  people: () => '/people',
  person: (username: string) => `/people/${encodeURIComponent(username)}`,
  curriculum: () => '/curriculum',
  course: (slug: string) => `/curriculum/${encodeURIComponent(slug)}`,
  sharedtask: () => '/sharedtask',
  sharedtaskItem: (slug: string) => `/sharedtask/${encodeURIComponent(slug)}`,
  publication: () => '/publication',
  discopen: () => '/DISCOpen',
  login: (redirect?: string) => (redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'),
  console: () => '/console',
  newsFeed: () => '/feed/news.xml',
  seminarFeed: () => '/feed/seminars.ics',
} as const;

export const publicNav = [
  ['home', paths.home()],
  ['news', paths.news()],
  ['people', paths.people()],
  ['curriculum', paths.curriculum()],
  ['sharedtask', paths.sharedtask()],
  ['publication', paths.publication()],
  ['discopen', paths.discopen()],
] as const;

/** A redirect target that stays on this site: a path, never an absolute or protocol-relative URL. */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}
