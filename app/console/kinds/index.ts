import type { FieldDef, FieldKind } from '../../../common/fields.ts';
import type { ConsoleKind } from './kind.ts';
import { list, people } from './list.tsx';
import { date, instant, time } from './moments.tsx';
import { bool, enumKind, int } from './numbers.tsx';
import { email, longtext, password, text, url } from './text.tsx';
import { file, image } from './uploads.tsx';

export type { ConsoleKind, FieldProps } from './kind.ts';

/** Every field kind in the console, by name (a kind missing here does not compile). */
const consoleKinds = {
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
} as const satisfies Record<FieldKind, ConsoleKind>;

/** A field's kind in the console. */
export const consoleKindOf = (def: Pick<FieldDef, 'kind'>): ConsoleKind => consoleKinds[def.kind];
