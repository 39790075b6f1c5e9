import type { FieldDef } from '../../common/fields.ts';
import { text, textDefault, textOrNull } from '../db/columns.ts';
import { type ServerKind, storeSent, textDetail } from './kind.ts';

// Texts, dates and times: one text column, stored as sent. NOT NULL (with DEFAULT '' unless required), or NULL
// when empty for a moment and a `nullable` text.

const column = (def: FieldDef, nullWhenEmpty = false) => (nullWhenEmpty || def.nullable ? textOrNull : def.required ? text : textDefault);

/** A text kind's server side; `nullWhenEmpty`: its column is NULL when empty (a moment). */
const textKind = (nullWhenEmpty = false): ServerKind => ({
  columns: (name, def) => ({ [name]: column(def, nullWhenEmpty) }),
  write: storeSent,
  detail: textDetail,
});

export const plainText = textKind();
export const instant = textKind(true);

/** A link: shown as a link. */
export const url: ServerKind = {
  ...plainText,
  detail: ({ key, label, value }) => ({ key, label, text: String(value), href: String(value) }),
};

/** A password: no column as sent (a resource's hook keeps its hash), never written as sent, never shown. */
export const password: ServerKind = {
  columns: () => ({}),
  write: () => ({}),
  detail: () => undefined,
};
