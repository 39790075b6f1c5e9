import type { Lang } from '../../common/enums.ts';
import type { FieldDef, FieldMap } from '../../common/fields.ts';
import { kindOf } from '../../common/kinds/index.ts';
import type { ReferredMember } from '../../common/person-refs.ts';
import type { PublicDetail } from '../../common/resource.ts';
import type { FileChanges, StoredFile } from '../services/media.ts';
import type { Ctx } from '../services/context.ts';

// What a field kind is on the server (its columns: ./columns.ts): what a write stores for it, the stored files its value
// names, and how a record page shows it. One module per kind in this folder, gathered in index.ts; what it is
// on the wire is common/kinds/.

type Row = Record<string, unknown>;

/** One field of a write: its checked input, the record as stored (none on create) and the write's files. */
export type FieldWrite = {
  ctx: Ctx;
  name: string;
  def: FieldDef;
  /** The checked input of the whole write (an enum's number travels beside it). */
  input: Row;
  current: Row | undefined;
  changes: FileChanges;
  /** The resource's fields, and the columns the write sets so far (its fields in declared order). */
  fields: FieldMap;
  values: Row;
};

/** What a record page knows besides the record: the members its people fields name, and the public records its fields refer to, by `{resource}:{id}`. */
export type Referred = { members: Record<string, ReferredMember>; records: Map<string, { title: string; href: string }> };

/** One declared detail of a record page (`public.details`), with a value. */
export type DetailArgs = { def: FieldDef; key: string; label: string; value: unknown; lang: Lang; referred: Referred };

export type ServerKind = {
  /** The columns a write sets for the field, sent in `input` (absent fields are never asked): none leaves them to the resource's hooks. */
  write(w: FieldWrite): Promise<Row> | Row;
  /**
   * Restoring a version: the columns it takes back that no write sends (a file's name and stored key; the
   * present file stays while anything refers to it). None: a version's value is restored as a write's input.
   */
  restore?(r: { name: string; def: FieldDef; version: Row; current: Row; changes: FileChanges }): Row;
  /** The stored files a record's field names (an image's picture, a file): they leave with the record. */
  files?(name: string, def: FieldDef, row: Row): StoredFile[];
  /** Shapes a read's answer of the field from the stored row (a file: its address in, its stored key out). */
  answer?(a: { name: string; resource: string; id: unknown; row: Row; wire: Row }): void;
  /** The largest upload it takes, in bytes (a write with such a field is multipart with a file part per field). */
  readonly uploadLimit?: number;
  /** How a record page shows it among its details; none: not shown. */
  detail(d: DetailArgs): PublicDetail | undefined;
};

/** A field whose column is written as its kind stores the value sent. */
export const storeSent = ({ name, def, input }: FieldWrite): Row => ({ [name]: kindOf(def).store(input[name]) });

/** A detail shown as its value's text (an enum by its label, a moment as Beijing time). */
export function textDetail({ def, key, label, value, lang }: DetailArgs): PublicDetail | undefined {
  const text = kindOf(def).text(def, value, lang);
  return text ? { key, label, text } : undefined;
}

/** The ids a `refers` field holds: an int's one, a list's each. */
export const referredIds = (v: unknown): number[] =>
  typeof v === 'number' ? [v] : Array.isArray(v) ? v.flatMap((x) => (/^[1-9]\d{0,9}$/.test(String(x)) ? [Number(x)] : [])) : [];
