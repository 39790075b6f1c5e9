import type { z } from 'zod';
import type { FieldDef, FieldKind } from '../fields.ts';
import { bool } from './bool.ts';
import { enumKind } from './enum.ts';
import { integerText, int } from './int.ts';
import type { CommonKind, JsonDoc } from './kind.ts';
import { list, people } from './list.ts';
import { date, instant, time } from './moments.ts';
import { email, longtext, password, text, url } from './text.ts';
import { file, image } from './uploads.ts';

export type { CommonKind, JsonDoc } from './kind.ts';
export { parseList } from './list.ts';
export { fileBucket, recordFileUrl } from './uploads.ts';

/** Every field kind, by name: what it is on the wire, as stored and as text (a kind missing here does not compile). */
export const kinds = {
  text,
  longtext,
  url,
  email,
  date,
  time,
  instant,
  bool,
  int,
  enum: enumKind,
  list,
  people,
  image,
  file,
  password,
} as const satisfies Record<FieldKind, CommonKind>;

/** A field's kind, as its module. */
export const kindOf = (def: Pick<FieldDef, 'kind'>): CommonKind => kinds[def.kind];

/** The zod schema of one field's value as a write sends it (its kind's). */
export const fieldSchema = (def: FieldDef): z.ZodType => kindOf(def).input(def);

/** How a field's value may be sent, for the API documentation (DESIGN "Multipart text fields"). */
export const wireInputDoc = (def: FieldDef): JsonDoc => kindOf(def).inputDoc(def);

/** The wire doc of an enum's numeric twin (type_num, area_num). */
export const numFieldDoc = (def: FieldDef): JsonDoc => ({ anyOf: [{ type: 'integer' }, integerText], description: `${def.label.en} number` });

/** A value as a reader reads it, in `lang` (an enum by its label, a boolean by its state, a moment as Beijing time). */
export const valueText = (def: FieldDef, value: unknown, lang: 'zh' | 'en'): string => kindOf(def).text(def, value, lang);
