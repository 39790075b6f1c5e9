import type { FieldDef, FieldMap, Upload } from '../../common/fields.ts';
import { isSafeUrl, isUpload } from '../../common/fields.ts';
import { resources, site } from '../../common/resources/index.ts';
import { ImageError, processImage } from '../images/images.ts';
import { type Bucket, type Storage, uploadLimits } from '../storage/storage.ts';
import { storedFiles } from '../storage/file-columns.ts';
import { nowIso } from './context.ts';
import type { DB } from '../db/database.ts';
import { loose } from '../db/schema.ts';
import { FieldError } from '../errors.ts';
import { serverKindOf } from '../kinds/index.ts';

// Images an entity points at (article cover, seminar photo, portrait) live in the "media" bucket
// and are served at /resource/media/{key}.

const MEDIA_PREFIX = '/resource/media/';

export function mediaKeyOf(url: string | null | undefined): string | undefined {
  return url?.startsWith(MEDIA_PREFIX) ? url.slice(MEDIA_PREFIX.length) : undefined;
}

export type StoredFile = { bucket: Bucket; key: string };

/**
 * The files of one write (server/services/transaction.ts): those it stored, dropped again if the write
 * fails, and those it replaced or removed, which leave their buckets only once the write has committed.
 * A record is never committed pointing at a file that is not there.
 */
export class FileChanges {
  readonly added: StoredFile[] = [];
  readonly removed: StoredFile[] = [];
  /** The rows of images this write stored, inserted with its records. */
  readonly mediaRows: { storage_key: string; width: number; height: number; created_at: string }[] = [];
  readonly storage: Storage;
  constructor(storage: Storage) {
    this.storage = storage;
  }
  /** The write failed: what it stored goes. */
  async rollback() {
    for (const f of this.added) await this.storage.remove(f.bucket, f.key);
  }
  /**
   * In the write's transaction: the new media rows go in; a replaced or removed file that nothing
   * refers to any more leaves (its media row with it); one another record, a revision or the trash still
   * refers to is kept, row and file.
   */
  async settle(trx: DB) {
    if (this.mediaRows.length) await trx.insertInto('media').values(this.mediaRows).execute();
    const leaving: StoredFile[] = [];
    for (const f of this.removed) {
      if (await fileInUse(trx, f)) continue;
      if (f.bucket === 'media') await trx.deleteFrom('media').where('storage_key', '=', f.key).execute();
      leaving.push(f);
    }
    this.removed.splice(0, this.removed.length, ...leaving);
  }
  /** After the commit: the removed files leave their buckets. */
  async commit() {
    for (const f of this.removed) await this.storage.remove(f.bucket, f.key);
  }
}

// Every field of every declaration whose value names a media file (an image's): the file stays while any of
// them still shows it. Read when first needed: server/kinds/ imports this module.
let mediaColumnList: (readonly [string, string])[] | undefined;
const mediaColumns = () =>
  (mediaColumnList ??= [...Object.values(resources), site].flatMap((res) =>
    Object.entries(res.fields as FieldMap)
      .filter(([, def]) => serverKindOf(def).files !== undefined)
      .map(([name]) => [res.table, name] as const),
  ));

/**
 * Whether a stored file is still referred to: by a record (an image field's URL for media; a key column of
 * storage.ts's `storedFiles` for the others) or by a revision or trash entry (`kept_file`).
 */
async function fileInUse(db: DB, f: StoredFile): Promise<boolean> {
  const kept = await db.selectFrom('kept_file').select('holder').where('storage_key', '=', f.key).where('bucket', '=', f.bucket).executeTakeFirst();
  if (kept) return true;
  if (f.bucket === 'media') return mediaInUse(db, MEDIA_PREFIX + f.key);
  for (const c of storedFiles) {
    if (c.bucket !== f.bucket) continue;
    // tables and columns named by storage.ts: the loose view (db/schema.ts)
    if (await loose(db).selectFrom(c.table).select(c.column).where(c.column, '=', f.key).executeTakeFirst()) return true;
  }
  return false;
}

async function mediaInUse(db: DB, url: string): Promise<boolean> {
  for (const [table, column] of mediaColumns()) {
    // tables and columns named by the declarations: the loose view (db/schema.ts)
    const row = await loose(db).selectFrom(table).select(column).where(column, '=', url).executeTakeFirst();
    if (row) return true;
  }
  return false;
}

async function storeImage(changes: FileChanges, field: string, def: FieldDef, upload: Upload): Promise<string> {
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
  changes.mediaRows.push({ storage_key: key, width: img.width, height: img.height, created_at: nowIso() });
  return MEDIA_PREFIX + key;
}

/**
 * The new value of an image field: an upload is stored; the current URL or absent keeps it;
 * empty clears it; another safe URL (an administrator's link to an existing picture) is taken as is.
 */
export async function resolveImageField(
  changes: FileChanges,
  field: string,
  def: FieldDef,
  value: unknown,
  current: string | null,
): Promise<string | null | undefined> {
  if (value === undefined) return undefined;
  let next: string | null;
  if (isUpload(value)) next = await storeImage(changes, field, def, value);
  else if (typeof value === 'string' && value.trim() === '') next = null;
  else if (typeof value === 'string' && (value === current || isSafeUrl(value.trim()))) next = value.trim();
  else throw FieldError.one(field, 'invalid_url');
  if (next !== current) {
    const old = mediaKeyOf(current);
    if (old) changes.removed.push({ bucket: 'media', key: old });
  }
  return next;
}
