import { z } from 'zod';
import { buckets } from '../storage/storage.ts';

// The backup archive (docs/operations.md, "Backups"): one gzip-compressed tar file holding, in order,
//   lab-backup.json        what made it: format, schema version, database kind, time (read first, so a
//                          restore refuses a backup it cannot take before reading the rest)
//   db/{table}.jsonl       one line of column values per row, in primary-key order
//   files/{bucket}/{key}   every stored file a record of the snapshot points at, byte for byte
//   manifest.json          rows and SHA-256 of each table, size and SHA-256 of each file, id counters
// Rows are arrays of values in the order of the manifest's columns; values are text, numbers or null on
// both databases (docs/decisions/002-data.md), so a backup moves between SQLite and PostgreSQL unchanged.

export const FORMAT = 'lab-backup';
export const FORMAT_VERSION = 1;
export const HEADER = 'lab-backup.json';
export const MANIFEST = 'manifest.json';

const sha256 = z.string().regex(/^[a-f0-9]{64}$/);
const identifier = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/);

export const headerSchema = z.object({
  format: z.literal(FORMAT),
  version: z.number().int(),
  schema: z.string().max(200),
  database: z.enum(['sqlite', 'postgres']),
  createdAt: z.string().max(40),
});
export type Header = z.infer<typeof headerSchema>;

export const manifestSchema = z.object({
  tables: z.array(z.object({ name: identifier, columns: z.array(identifier).min(1), rows: z.number().int().min(0), sha256 })),
  sequences: z.record(identifier, z.number().int().min(0)),
  files: z.array(z.object({ bucket: z.enum(buckets), key: z.string().max(100), size: z.number().int().min(0), sha256 })),
  /** Files a record pointed at that the instance did not have when the backup was taken. */
  missing: z.array(z.object({ bucket: z.enum(buckets), key: z.string().max(100) })),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const tableEntry = (table: string) => `db/${table}.jsonl`;
export const fileEntry = (bucket: string, key: string) => `files/${bucket}/${key}`;

/** A value a row may hold: what both databases store and JSON carries without loss. */
export function isCellValue(v: unknown): v is string | number | null {
  return v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
}

/** The archive does not hold what a backup holds; the message says what, for the operator. */
export class BadArchive extends Error {}

/** A restore that would overwrite data, or that the instance cannot take now. */
export class RestoreRefused extends Error {}
