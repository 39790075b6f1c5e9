import type { FieldDef, FieldKind } from '../../common/fields.ts';
import { bool01Default, type Column, int, intDefault, intOrNull, text, textDefault, textOrNull } from '../db/columns.ts';

// Each field kind's columns in a table derived from a declaration (server/db/declared-tables.ts), by name. A
// table of its own, importing nothing of the services: db/schema.ts derives the declared tables from it as it
// loads, before any service exists.

type Columns = (name: string, def: FieldDef) => Record<string, Column>;

/** A text: NOT NULL (with DEFAULT '' unless required), or NULL when empty where declared `nullable`. */
const textColumn = (def: FieldDef) => (def.nullable ? textOrNull : def.required ? text : textDefault);
const oneText: Columns = (name, def) => ({ [name]: textColumn(def) });

export const kindColumns = {
  text: oneText,
  longtext: oneText,
  url: oneText,
  email: oneText,
  date: oneText,
  time: oneText,
  // NULL when empty
  instant: (name) => ({ [name]: textOrNull }),
  bool: (name) => ({ [name]: bool01Default }),
  // NOT NULL when required, else with a DEFAULT when declared with one, else NULL when empty
  int: (name, def) => ({ [name]: def.required ? int : def.default !== undefined ? intDefault : intOrNull }),
  // its label's column, and its number's (`numField`) beside it: NOT NULL, with a DEFAULT unless required
  enum: (name, def) => ({ [name]: textColumn(def), ...(def.numField ? { [def.numField]: def.required ? int : intDefault } : {}) }),
  // its JSON text
  list: oneText,
  people: oneText,
  // the picture's address, NULL when none
  image: (name) => ({ [name]: textOrNull }),
  // the name it is served by, and its stored file's key beside it (NULL while there is none)
  file: (name, def) => ({ [name]: textColumn(def), [`${name}_key`]: textOrNull }),
  // kept as a hash by its resource's own hook, never as sent
  password: () => ({}),
} satisfies Record<FieldKind, Columns>;
