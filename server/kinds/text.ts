import { type ServerKind, storeSent, textDetail } from './kind.ts';

// Texts, dates and times: stored as sent, shown as their text (a moment as Beijing time).

export const plainText: ServerKind = { write: storeSent, detail: textDetail };

/** A link: shown as a link. */
export const url: ServerKind = {
  ...plainText,
  detail: ({ key, label, value }) => ({ key, label, text: String(value), href: String(value) }),
};

/** A password: no column as sent (a resource's hook keeps its hash), never written as sent, never shown. */
export const password: ServerKind = {
  write: () => ({}),
  detail: () => undefined,
};
