import { escapeHtml } from '../escape-html.ts';
import { widthsFor } from '../images/variants.ts';
import type { Ctx } from '../services/context.ts';
import { scanHtml } from '../services/html-scan.ts';
import { objectName, Storage } from '../storage/storage.ts';

// The images of a rendered body (an article's Markdown, a page's HTML, already sanitized) as a public page
// shows them: one of the site's own stored images (/resource/image/…, /resource/media/…) gets its width and
// height (the page does not move as it loads) and a <picture> of its resized AVIF and WebP copies
// (server/images/variants.ts, ?w=&f=); each image but the body's first loads lazily, and all decode off the
// main thread. An image from elsewhere keeps its address and attributes. The size of an image stored before
// sizes were kept is read from its file the first time, and kept.

type Size = { width: number; height: number };
type Tag = { start: number; end: number; attrs: Map<string, string> };

/** Where a body's own image is stored: its bucket and key, from its address (under the site's base path or not). */
const OWN = /^(?:\/[A-Za-z0-9._~-]+)*\/resource\/(image|media)\/([a-f0-9]{32}(?:\.[a-z0-9]{1,8})?)$/;

/** How wide a body's image shows at most: the text column of an article. */
const SIZES = '(min-width: 860px) 800px, 100vw';

/** The <img> tags of sanitized HTML: where each starts and ends, and its attributes (decoded). One linear pass. */
function imgTags(html: string): Tag[] {
  const tags: Tag[] = [];
  let start = -1;
  let isImg = false;
  let attrs = new Map<string, string>();
  let name = '';
  let value = '';
  const close = (end: number) => {
    if (isImg) tags.push({ start, end: end + 1, attrs });
    isImg = false;
  };
  scanHtml(
    html,
    {
      onopentagname: (s, e) => {
        start = s - 1;
        isImg = html.slice(s, e).toLowerCase() === 'img';
        attrs = new Map();
      },
      onattribname: (s, e) => {
        name = html.slice(s, e).toLowerCase();
        value = '';
      },
      onattribdata: (s, e) => {
        value += html.slice(s, e);
      },
      onattribentity: (cp) => {
        value += String.fromCodePoint(cp);
      },
      onattribend: () => {
        if (!attrs.has(name)) attrs.set(name, value);
      },
      onopentagend: close,
      onselfclosingtag: close,
    },
    { decodeEntities: true },
  );
  return tags;
}

/** The stored images' sizes, by bucket and key: from their rows, or read from the file once (then kept, for a member's image). */
async function sizesOf(ctx: Pick<Ctx, 'db' | 'storage'>, wanted: { bucket: 'image' | 'media'; key: string }[]): Promise<Map<string, Size>> {
  const out = new Map<string, Size>();
  const keys = (bucket: 'image' | 'media') => [...new Set(wanted.filter((w) => w.bucket === bucket).map((w) => w.key))];
  const images = keys('image');
  const media = keys('media');
  if (images.length > 0)
    for (const r of await ctx.db.selectFrom('image').select(['storage_key', 'width', 'height']).where('storage_key', 'in', images).execute()) {
      if (r.width && r.height) out.set(`image/${r.storage_key}`, { width: r.width, height: r.height });
      else {
        const size = await sizeFromFile(ctx.storage, 'image', r.storage_key);
        if (!size) continue;
        out.set(`image/${r.storage_key}`, size);
        await ctx.db.updateTable('image').set(size).where('storage_key', '=', r.storage_key).execute();
      }
    }
  if (media.length > 0)
    for (const r of await ctx.db.selectFrom('media').select(['storage_key', 'width', 'height']).where('storage_key', 'in', media).execute())
      if (r.width && r.height) out.set(`media/${r.storage_key}`, { width: r.width, height: r.height });
  return out;
}

/** A stored image's size as its file says (the header alone is read); none when it cannot be read. */
async function sizeFromFile(storage: Storage, bucket: 'image' | 'media', key: string): Promise<Size | undefined> {
  const name = objectName(bucket, key);
  const file = name ? await storage.get(name) : undefined;
  if (!file) return undefined;
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    const { default: sharp } = await import('sharp');
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    // EXIF orientation is applied to stored images (server/images/images.ts), so width and height are as shown
    return meta.width && meta.height ? { width: meta.width, height: meta.height } : undefined;
  } catch {
    return undefined;
  } finally {
    file.stream.destroy();
  }
}

const attr = (name: string, value: string) => ` ${name}="${escapeHtml(value)}"`;

/** An <img> as a body shows it: its own attributes, its size where known, lazy unless first, decoded off the main thread. */
function imgHtml(attrs: Map<string, string>, size: Size | undefined, eager: boolean): string {
  const out = new Map(attrs);
  if (size && !(out.has('width') && out.has('height'))) {
    out.set('width', String(size.width));
    out.set('height', String(size.height));
  }
  if (eager) out.delete('loading');
  else out.set('loading', 'lazy');
  out.set('decoding', 'async');
  return `<img${[...out].map(([k, v]) => attr(k, v)).join('')}>`;
}

/**
 * The body's HTML with its images sized, offered in smaller encodings, and loaded lazily after the first; every
 * one lazily with `allLazy` (an entry of a list such as the home page's news, below what the page paints first).
 */
export async function sizedBodyImages(ctx: Pick<Ctx, 'db' | 'storage'>, html: string, { allLazy = false } = {}): Promise<string> {
  if (!html.includes('<img')) return html;
  const tags = imgTags(html);
  if (tags.length === 0) return html;
  const own = tags.map((t) => {
    const m = OWN.exec(t.attrs.get('src') ?? '');
    return m && Storage.isKey(m[2] as string) ? { bucket: m[1] as 'image' | 'media', key: m[2] as string } : undefined;
  });
  const sizes = await sizesOf(
    ctx,
    own.flatMap((o) => (o ? [o] : [])),
  );
  const parts: string[] = [];
  let at = 0;
  for (const [i, t] of tags.entries()) {
    parts.push(html.slice(at, t.start));
    at = t.end;
    const o = own[i];
    const size = o ? sizes.get(`${o.bucket}/${o.key}`) : undefined;
    const img = imgHtml(t.attrs, size, i === 0 && !allLazy);
    if (!o || !size) {
      parts.push(img);
      continue;
    }
    const src = t.attrs.get('src') as string;
    const set = (f: 'avif' | 'webp') =>
      widthsFor(size.width)
        .map((w) => `${src}?w=${w}${f === 'avif' ? '&f=avif' : ''} ${Math.min(w, size.width)}w`)
        .join(', ');
    parts.push(
      `<picture><source type="image/avif"${attr('srcset', set('avif'))}${attr('sizes', SIZES)}><source type="image/webp"${attr('srcset', set('webp'))}${attr('sizes', SIZES)}>${img}</picture>`,
    );
  }
  parts.push(html.slice(at));
  return parts.join('');
}
