import createCache from '@emotion/cache';

// One emotion cache key on server and client, so the styles rendered into <head> are reused on hydration.
export function createEmotionCache() {
  return createCache({ key: 'css' });
}
