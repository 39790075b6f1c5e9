import type { Metadata, Sharp } from 'sharp';

// Every uploaded image is recognised by its bytes (png, jpeg, bmp), checked against the minimum size
// of its slot, and re-encoded with its metadata dropped, so no uploaded byte is served as it came.
// sharp (libvips) and the BMP decoder load with the first image, not with the server (docs/performance.md).

type ImageKind = 'png' | 'jpeg' | 'bmp';
const MAX_PIXELS = 40_000_000;

export class ImageError extends Error {
  readonly key: 'image_type' | 'image_too_small' | 'image_too_large';
  readonly params: Record<string, number>;
  constructor(key: ImageError['key'], params: Record<string, number> = {}) {
    super(key);
    this.key = key;
    this.params = params;
  }
}

function sniffImage(buf: Buffer): ImageKind | undefined {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 26 && buf[0] === 0x42 && buf[1] === 0x4d) return 'bmp';
  return undefined;
}

async function toSharp(buf: Buffer, kind: ImageKind): Promise<Sharp> {
  const { default: sharp } = await import('sharp');
  if (kind !== 'bmp') return sharp(buf, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
  // libvips from npm cannot read BMP: check the header's size first, then decode the pixels here.
  const width = buf.readInt32LE(18);
  const height = Math.abs(buf.readInt32LE(22));
  if (width <= 0 || height <= 0) throw new ImageError('image_type');
  if (width * height > MAX_PIXELS) throw new ImageError('image_too_large');
  const { decode: decodeBmp } = await import('bmp-ts');
  let bmp: ReturnType<typeof decodeBmp>;
  try {
    bmp = decodeBmp(buf, { toRGBA: true });
  } catch {
    throw new ImageError('image_type');
  }
  if (bmp.data.length < bmp.width * bmp.height * 4) throw new ImageError('image_type');
  return sharp(bmp.data, { raw: { width: bmp.width, height: bmp.height, channels: 4 } }).removeAlpha();
}

export type ProcessedImage = { data: Buffer; ext: 'png' | 'jpg'; width: number; height: number };

export type ImageRules = { minWidth?: number; minHeight?: number; format?: 'png' | 'keep' };

/** Validates and re-encodes an uploaded image. Throws ImageError for anything a person should fix. */
export async function processImage(buf: Buffer, rules: ImageRules = {}): Promise<ProcessedImage> {
  const kind = sniffImage(buf);
  if (!kind) throw new ImageError('image_type');
  let img: Sharp;
  let meta: Metadata;
  try {
    img = await toSharp(buf, kind);
    meta = await img.metadata();
  } catch (e) {
    if (e instanceof ImageError) throw e;
    if (e instanceof Error && /pixel limit/i.test(e.message)) throw new ImageError('image_too_large');
    throw new ImageError('image_type');
  }
  // EXIF orientation turns a stored 450x800 into a displayed 800x450, and the other way round
  const swap = (meta.orientation ?? 1) >= 5;
  const width = (swap ? meta.height : meta.width) ?? 0;
  const height = (swap ? meta.width : meta.height) ?? 0;
  const minWidth = rules.minWidth ?? 1;
  const minHeight = rules.minHeight ?? 1;
  if (width < minWidth || height < minHeight) throw new ImageError('image_too_small', { width: minWidth, height: minHeight });
  const asPng = rules.format === 'png' || kind !== 'jpeg';
  try {
    const pipeline = img.rotate();
    const data = asPng ? await pipeline.png({ compressionLevel: 8 }).toBuffer() : await pipeline.jpeg({ quality: 88, mozjpeg: true }).toBuffer();
    return { data, ext: asPng ? 'png' : 'jpg', width, height };
  } catch {
    throw new ImageError('image_type');
  }
}
