import type { FieldDef, FieldMap, Upload } from '../../common/fields.ts';
import { isSafeUrl, isUpload } from '../../common/fields.ts';
import { resources, site } from '../../common/resources/index.ts';
import { FieldError } from '../http/errors.ts';
import { ImageError, processImage } from '../images/images.ts';
import { type Storage, uploadLimits } from '../storage/storage.ts';
import { nowIso } from './context.ts';
import type { DB } from '../db/database.ts';

// Images an entity points at (article cover, seminar photo, portrait) live in the "media" bucket
// and are served at /resource/media/{key}.

export const MEDIA_PREFIX = '/resource/media/';

export function mediaKeyOf(url: string | null | undefined): string | undefined {
  return url?.startsWith(MEDIA_PREFIX) ? url.slice(MEDIA_PREFIX.length) : undefined;
}

/** Collects files written during a write, so they can be dropped if the write fails. */
export class FileChanges {
  readonly added: { bucket: 'media' | 'publication'; key: string }[] = [];
  readonly removed: { bucket: 'media' | 'publication'; key: string }[] = [];
  readonly storage: Storage;
  constructor(storage: Storage) {
    this.storage = storage;
  }
  async rollback() {
    for (const f of this.added) await this.storage.remove(f.bucket, f.key);
  }
  /** Removes replaced files; a media file another record still shows is kept. */
  async commit(db: DB) {
    for (const f of this.removed) {
      if (f.bucket === 'media' && (await mediaInUse(db, MEDIA_PREFIX + f.key))) continue;
      await this.storage.remove(f.bucket, f.key);
      if (f.bucket === 'media') await db.deleteFrom('media').where('storage_key', '=', f.key).execute();
    }
  }
}

// Every image field of every declaration: a media file stays while any of them still shows it.
const mediaColumns = [...Object.values(resources), site].flatMap((res) =>
  Object.entries(res.fields as FieldMap)
    .filter(([, def]) => def.kind === 'image')
    .map(([name]) => [res.table, name] as const),
);

export async function mediaInUse(db: DB, url: string): Promise<boolean> {
  for (const [table, column] of mediaColumns) {
    const row = await db.selectFrom(table).select(column).where(column, '=', url).executeTakeFirst();
    if (row) return true;
  }
  return false;
}

export async function storeImage(
  db: DB,
  changes: FileChanges,
  field: string,
  def: FieldDef,
  upload: Upload,
): Promise<string> {
  let img: Awaited<ReturnType<typeof processImage>>;
  try {
    img = await processImage(await changes.storage.readUpload(upload, uploadLimits.image), {
      minWidth: def.image?.minWidth,
      minHeight: def.image?.minHeight,
      format: def.image?.crop && def.image.crop[0] === def.image.crop[1] ? 'png' : 'keep',
    });
  } catch (e) {
    if (e instanceof ImageError) throw FieldError.one(field, e.key, e.params);
    throw e;
  }
  const key = await changes.storage.write('media', img.data, img.ext);
  changes.added.push({ bucket: 'media', key });
  await db.insertInto('media').values({ storage_key: key, width: img.width, height: img.height, created_at: nowIso() }).execute();
  return MEDIA_PREFIX + key;
}

/**
 * The new value of an image field: an upload is stored; the current URL or absent keeps it;
 * empty clears it; another safe URL (an administrator's link to an existing picture) is taken as is.
 */
export async function resolveImageField(
  db: DB,
  changes: FileChanges,
  field: string,
  def: FieldDef,
  value: unknown,
  current: string | null,
): Promise<string | null | undefined> {
  if (value === undefined) return undefined;
  let next: string | null;
  if (isUpload(value)) next = await storeImage(db, changes, field, def, value);
  else if (typeof value === 'string' && value.trim() === '') next = null;
  else if (typeof value === 'string' && (value === current || isSafeUrl(value.trim()))) next = value.trim();
  else throw FieldError.one(field, 'invalid_url');
  if (next !== current) {
    const old = mediaKeyOf(current);
    if (old) changes.removed.push({ bucket: 'media', key: old });
  }
  return next;
}
