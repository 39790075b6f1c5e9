import { z } from 'zod';
import type { Lang } from '../enums.ts';
import type { FieldDef } from '../fields.ts';
import type { MessageKey } from '../messages.ts';
import { isUpload, type Upload } from '../upload.ts';

// What a field kind is on every side (a write's input, a read's answer, a value shown as text): one module
// per kind in this folder, gathered in index.ts into a table the compiler holds complete. The server's part
// (columns, files, public details) is server/kinds/, the console's (widget, list cell, history) app/console/kinds/.

/** A JSON Schema fragment, as the API documentation (OpenAPI) shows a value. */
export type JsonDoc = { readonly [key: string]: unknown };

export type CommonKind = {
  /**
   * The zod schema of a value as a write sends it (multipart text or JSON). An empty string means "clear";
   * whether a required field may be absent or empty is decided by the resource's input schema.
   */
  input(def: FieldDef): z.ZodType;
  /** How the API documentation shows a value sent: the kind's own type, or the text a multipart part carries for it. */
  inputDoc(def: FieldDef): JsonDoc;
  /** The value as a read answers it; none: it never leaves the server (a password). */
  wire(def: FieldDef): z.ZodType | undefined;
  /** A stored column's value as a read answers it (a 0/1 integer as a boolean, a list's JSON text as an array). */
  read(stored: unknown): unknown;
  /** A checked input value as its column stores it. */
  store(value: unknown): unknown;
  /** The field's value in a record that has none yet (a new one, before its defaults), as a read answers it. */
  empty(def: FieldDef): unknown;
  /**
   * What a read answers beside the field, by name: an enum's number (`numField`), a file's address (`{name}_url`).
   * The public projection of the field carries them too.
   */
  answers?(name: string, def: FieldDef): Record<string, z.ZodType>;
  /** The column keeping its stored file's key beside it (never answered): a file's. */
  storedKey?(name: string): string;
  /** A value as a reader reads it, in `lang`: an enum by its option's label, a boolean by its state, a moment as Beijing time. */
  text(def: FieldDef, value: unknown, lang: Lang): string;
  /** A write may carry a file for it (multipart): an uploaded image or file. */
  readonly upload?: true;
  /** Never answered, compared or kept in a version as sent (a password): a value sent is a change. */
  readonly secret?: true;
  /** Its value is text a person wrote, which a language pair (key_zh, key_en) is made of. */
  readonly prose?: true;
};

export const TEXT_MAX = 300;

export const msg = (key: MessageKey) => ({ error: key });

/** An uploaded file: only the multipart layer makes one (common/upload.ts). */
export const uploadSchema = z.custom<Upload>(isUpload, msg('file_expected'));

export const noFile = z.custom<unknown>((v) => !isUpload(v), msg('unexpected_file'));

/** A text of at most `max` characters (a number sent is its text), trimmed unless said. */
export function textOf(max: number, trim: boolean) {
  const base = z.union([z.string(), z.number().transform(String)], msg('invalid_string'));
  return noFile
    .pipe(base)
    .transform((s) => (trim ? s.trim() : s))
    .pipe(z.string().max(max, msg('too_long')));
}

/** Any value as plain text: nothing for null, a list's items joined. */
export const plainText = (v: unknown): string => (v === null || v === undefined ? '' : Array.isArray(v) ? v.join(', ') : String(v));

/** A stored text column read back: as it is. */
export const asStored = (v: unknown) => v;

/** A text value stored: empty when absent. */
export const storeText = (v: unknown) => v ?? '';

/** A value whose column is NULL when empty (a number, a moment). */
export const storeOrNull = (v: unknown) => (v === '' || v === undefined ? null : v);

/** The empty value of a text: NULL where the declaration keeps it so, else ''. */
export const emptyText = (def: FieldDef) => (def.nullable ? null : '');

/** A text's wire schema: a string, or null where the declaration keeps it so. */
export const wireText = (def: FieldDef) => (def.nullable ? z.string().nullable() : z.string());

/** The description the API documentation gives a field. */
export const describe = (def: FieldDef) => `${def.label.en} (${def.kind}${def.required ? ', required' : ''})`;

/** A text the API documentation shows, with its description. */
export const textDoc = (def: FieldDef, extra: JsonDoc = {}): JsonDoc => ({ type: 'string', ...extra, description: describe(def) });
