import fs from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { type Bucket, objectName, Storage, variantName } from '../storage/storage.ts';

// Resized WebP copies of stored images, made on first request and kept beside the originals (the storage's
// variants/, on disk or in the bucket). Pages ask for them with ?w=, from a fixed list of widths. The
// original streams into sharp and the copy is written to a local temporary file, then moved in.

export const variantWidths = [160, 320, 480, 640, 800, 1200] as const;

/** The encodings a variant is made in: WebP by default, AVIF (smaller still) where a page offers it (?f=avif). */
export type VariantFormat = 'webp' | 'avif';
export const variantTypes: Record<VariantFormat, string> = { webp: 'image/webp', avif: 'image/avif' };

const pending = new Map<string, Promise<string | undefined>>();

export function isVariantWidth(w: number): w is (typeof variantWidths)[number] {
  return (variantWidths as readonly number[]).includes(w);
}

/**
 * The storage's name of the WebP (or AVIF) variant of a stored image at `width` (never wider than the original), made
 * if need be; undefined when there is no such original. A copy that cannot be made (not an image sharp reads, a
 * storage failing) throws: the caller says so in its log.
 */
export async function variantOf(storage: Storage, bucket: Bucket, key: string, width: number, format: VariantFormat = 'webp'): Promise<string | undefined> {
  const source = objectName(bucket, key);
  if (!source || !Storage.isKey(key) || !isVariantWidth(width)) return undefined;
  const target = variantName(`${bucket}-${key.replace(/\.[a-z0-9]+$/, '')}-${width}.${format}`);
  if (!target) return undefined;
  if (await storage.head(target)) return target;
  const existing = pending.get(target);
  if (existing) return existing;
  const work = (async () => {
    const original = await storage.get(source);
    if (!original) return undefined;
    // a name of its own: other instances may make the same variant at once (the last one's move wins)
    const tmp = storage.tmpPath();
    try {
      const { default: sharp } = await import('sharp');
      await pipeline(
        original.stream,
        // AVIF at a low effort: its encoder is slow, and a page's first visitor may wait for it
        format === 'avif'
          ? sharp().resize({ width, withoutEnlargement: true }).avif({ quality: 55, effort: 2 })
          : sharp().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }),
        (await fs.open(tmp, 'wx')).createWriteStream(),
      );
      await storage.moveIn(tmp, target);
    } finally {
      original.stream.destroy();
      await fs.rm(tmp, { force: true });
    }
    return target;
  })();
  pending.set(target, work);
  try {
    return await work;
  } finally {
    pending.delete(target);
  }
}

/** The variant widths a body's image of `width` pixels is offered in: those narrower, then the first that is not (the original's size). */
export function widthsFor(width: number): number[] {
  const narrower = variantWidths.filter((w) => w < width);
  const next = variantWidths.find((w) => w >= width);
  return next === undefined ? narrower : [...narrower, next];
}

/**
 * Makes an uploaded image's variants now, one after another, in both encodings, so a page's first visitor does
 * not wait for them (covers' are made on first request). Best effort: a failure leaves them to be made then.
 */
export async function makeVariants(storage: Storage, bucket: Bucket, key: string, width: number): Promise<void> {
  for (const w of widthsFor(width)) for (const f of ['webp', 'avif'] as const) await variantOf(storage, bucket, key, w, f).catch(() => undefined);
}
