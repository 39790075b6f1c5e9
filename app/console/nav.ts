// The console's screens, in drawer order. `admin` screens are shown to administrators only (the
// server refuses their calls to anyone else anyway).
export const consoleNav = [
  { key: 'home', path: '/console', admin: false },
  { key: 'people', path: '/console/people', admin: true },
  { key: 'article', path: '/console/article', admin: false },
  { key: 'publication', path: '/console/publication', admin: false },
  { key: 'news', path: '/console/news', admin: true },
  { key: 'seminar', path: '/console/seminar', admin: true },
  { key: 'data', path: '/console/data', admin: false },
  { key: 'info', path: '/console/info', admin: false },
  { key: 'site', path: '/console/site', admin: true },
  { key: 'profile', path: '/console/profile', admin: false },
  { key: 'private_image', path: '/console/private_image', admin: false },
  { key: 'private_data', path: '/console/private_data', admin: false },
  { key: 'private_time', path: '/console/private_time', admin: false },
] as const;

export type ConsoleKey = (typeof consoleNav)[number]['key'];
