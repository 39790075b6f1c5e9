// The parts of a raw request URL, read the way the routers read them and without ever throwing:
// what the cache keys, the page data and the header rules look at.

/** The decoded path of a raw request URL (what the routers match), or the raw one where it does not decode. */
export function pathOf(rawUrl: string): string {
  const path = rawUrl.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The query of a raw request URL; never throws, whatever the URL holds. */
export function queryOf(rawUrl: string): URLSearchParams {
  const i = rawUrl.indexOf('?');
  return new URLSearchParams(i < 0 ? '' : rawUrl.slice(i + 1));
}
