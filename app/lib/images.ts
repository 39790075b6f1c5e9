// Stored images are served in resized WebP copies (?w=, see server/images/variants.ts); other
// images (static files, outside links) are used as they are.

import { at } from './base.ts';

const widths = [160, 320, 480, 640, 800, 1200];

const resizable = (url: string) => url.startsWith('/resource/media/') || url.startsWith('/resource/image/');

/** src and srcSet of an image shown about `displayWidth` CSS pixels wide. */
export function responsive(path: string, displayWidth: number): { src: string; srcSet?: string } {
  // records keep paths of the site; the browser asks for them under BASE_PATH
  const url = at(path);
  if (!path || !resizable(path)) return { src: url };
  const base = widths.find((w) => w >= displayWidth) ?? 1200;
  const set = widths.filter((w) => w >= displayWidth / 2 && w <= displayWidth * 2.5);
  return { src: `${url}?w=${base}`, srcSet: set.map((w) => `${url}?w=${w} ${w}w`).join(', ') };
}
