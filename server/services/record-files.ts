import { fileBucket, kindOf } from '../../common/kinds/index.ts';
import type { Bucket } from '../storage/storage.ts';
import type { Ctx } from './context.ts';
import type { Crud } from './crud.ts';

/** The stored file a record's address names, with the record as stored (its read and access decide who may have it). */
export type RecordFile = { bucket: Bucket; key: string; name: string; row: Record<string, unknown> };

/**
 * The file of record `id` served as `name` (server/http/stored-files.ts): among its file fields, the one of that
 * name with a stored file. Names are unique among a record's files (server/kinds/uploads.ts).
 */
export async function recordFile(ctx: Ctx, crud: Pick<Crud, 'res' | 'getRow'>, id: number, name: string): Promise<RecordFile | undefined> {
  if (!Number.isSafeInteger(id) || name === '') return undefined;
  const row = await crud.getRow(ctx.db, id).catch(() => undefined);
  if (!row) return undefined;
  for (const [field, def] of Object.entries(crud.res.fields)) {
    const keyColumn = kindOf(def).storedKey?.(field);
    const key = keyColumn ? row[keyColumn] : undefined;
    if (row[field] === name && typeof key === 'string' && key !== '') return { bucket: fileBucket(def), key, name, row };
  }
  return undefined;
}
