import { z } from 'zod';
import type { FieldDef } from '../fields.ts';
import { asStored, type CommonKind, describe, msg, plainText, storeText, uploadSchema } from './kind.ts';

// Fields a write may carry a file for: an image (its column keeps the picture's address) and a file (its
// column keeps the original name; the stored file's key is beside it, `{name}_key`, never answered).
// Sent as a new file, or as text: the current value to keep it, empty to remove it.

const IMAGE_URL_MAX = 300;
const FILE_NAME_MAX = 255;

/** A new file, or the current value's text (at most what its column holds). */
const uploadOrText = (max: number) => z.union([uploadSchema, z.string().max(max, msg('too_long'))]);

const uploadDoc = (def: FieldDef) => ({
  anyOf: [
    { type: 'string', format: 'binary' },
    { type: 'string', description: 'the current value to keep it, empty to remove it' },
  ],
  description: describe(def),
});

export const image: CommonKind = {
  upload: true,
  input: (def) => uploadOrText(def.max ?? IMAGE_URL_MAX),
  inputDoc: uploadDoc,
  wire: () => z.string().nullable(),
  read: asStored,
  store: storeText,
  empty: () => null,
  text: (_def, v) => plainText(v),
};

/**
 * The address a record's file is served at: the resource, the record and the file's name (unique among the
 * record's files). Publications' are SPEC §7's `/resource/public/publication/{pid}/{file}`.
 */
export const recordFileUrl = (resource: string, id: number | string, name: string) => `/resource/public/${resource}/${id}/${encodeURIComponent(name)}`;

/** The bucket a file field's files are kept in: its declared one, else the one of every declared file. */
export const fileBucket = (def: Pick<FieldDef, 'bucket'>): 'publication' | 'file' => def.bucket ?? 'file';

export const file: CommonKind = {
  upload: true,
  storedKey: (name) => `${name}_key`,
  // its address, empty while it has no file
  answers: (name, def) => ({ [`${name}_url`]: z.string().describe(`${def.label.en} (address)`) }),
  input: (def) => uploadOrText(def.max ?? FILE_NAME_MAX),
  inputDoc: uploadDoc,
  wire: (def) => (def.nullable ? z.string().nullable() : z.string()),
  read: asStored,
  store: storeText,
  empty: (def) => (def.nullable ? null : ''),
  text: (_def, v) => plainText(v),
};
