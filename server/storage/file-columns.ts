import type { FieldMap } from '../../common/fields.ts';
import { fileBucket, kindOf } from '../../common/kinds/index.ts';
import type { ResourceDef } from '../../common/resource.ts';
import { resources } from '../../common/resources/index.ts';
import { asBucket, type Bucket } from './storage.ts';

/**
 * Every column that holds the key of a stored file, and its bucket: what a backup copies with the records,
 * what a restore checks, what the orphan sweep and a removal ask before a file leaves (tests/api/backup.test.ts
 * holds it to the schema).
 */
export type StoredFileColumn = { table: string; column: string; bucket: Bucket | { readonly column: string } };

/** The columns of `declared` resources (an app's served ones) and of the other tables that keep stored files. */
export const storedFilesOf = (declared: readonly ResourceDef[]): readonly StoredFileColumn[] => [
  // each declared field that keeps a stored file's key beside it (a file), in its bucket
  ...declared.flatMap((res) =>
    Object.entries(res.fields as FieldMap).flatMap(([name, def]) => {
      const column = kindOf(def).storedKey?.(name);
      return column ? [{ table: res.table as string, column, bucket: fileBucket(def) } satisfies StoredFileColumn] : [];
    }),
  ),
  { table: 'data_file', column: 'storage_key', bucket: 'data' },
  { table: 'image', column: 'storage_key', bucket: 'image' },
  { table: 'media', column: 'storage_key', bucket: 'media' },
  // files a revision or a trash entry keeps (services/history.ts): the bucket is the row's own
  { table: 'kept_file', column: 'storage_key', bucket: { column: 'bucket' } },
];

/** Those of every resource declared here (a backup or sweep run outside an app, by the CLI). */
export const storedFiles = storedFilesOf(Object.values(resources));

/** The bucket of a row's stored file: the column's own, or the one the row names (undefined if it names none). */
export function bucketOf(f: StoredFileColumn, row: Record<string, unknown>): Bucket | undefined {
  return typeof f.bucket === 'string' ? f.bucket : asBucket(row[f.bucket.column]);
}
