import type { FieldDef, FieldKind } from '../../common/fields.ts';
import type { ServerKind } from './kind.ts';
import { list, people } from './list.ts';
import { bool, enumKind, int } from './numbers.ts';
import { password, plainText, url } from './text.ts';
import { file, image } from './uploads.ts';

export type { Referred, ServerKind } from './kind.ts';
export { referredIds } from './kind.ts';

/** Every field kind's server side, by name (a kind missing here does not compile). */
const serverKinds = {
  text: plainText,
  longtext: plainText,
  url,
  email: plainText,
  date: plainText,
  time: plainText,
  instant: plainText,
  bool,
  int,
  enum: enumKind,
  list,
  people,
  image,
  file,
  password,
} as const satisfies Record<FieldKind, ServerKind>;

/** A field's kind, its server side. */
export const serverKindOf = (def: Pick<FieldDef, 'kind'>): ServerKind => serverKinds[def.kind];
