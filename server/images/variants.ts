import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Bucket, Storage } from '../storage/storage.ts';

// Resized WebP copies of stored images, made on first request and kept beside the originals
// (DATA_DIR/files/variants). Pages ask for them with ?w=, from a fixed list of widths.

export const variantWidths = [160, 320, 480, 640, 800, 1200] as const;

const pending = new Map<string, Promise<string>>();

export function isVariantWidth(w: number): w is (typeof variantWidths)[number] {
  return (variantWidths as readonly number[]).includes(w);
}

/** The path of the WebP variant of a stored image at `width` (never wider than the original). */
export async function variantPath(storage: Storage, bucket: Bucket, key: string, width: number): Promise<string | undefined> {
  const source = storage.pathOf(bucket, key);
  if (!source || !Storage.isKey(key) || !isVariantWidth(width)) return undefined;
  const dir = path.join(storage.root, 'variants');
  const target = path.join(dir, `${bucket}-${key.replace(/\.[a-z0-9]+$/, '')}-${width}.webp`);
  try {
    await fs.access(target);
    return target;
  } catch {
    /* not made yet */
  }
  const existing = pending.get(target);
  if (existing) return existing;
  const work = (async () => {
    await fs.mkdir(dir, { recursive: true });
    // a name of its own: instances on other machines sharing DATA_DIR may make the same variant at once
    const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    const { default: sharp } = await import('sharp');
    await sharp(source).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toFile(tmp);
    await fs.rename(tmp, target);
    return target;
  })();
  pending.set(target, work);
  try {
    return await work;
  } catch {
    return undefined;
  } finally {
    pending.delete(target);
  }
}
