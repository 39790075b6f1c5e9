import { z } from 'zod';
import { type FieldDef, isSafeUrl, textFormats } from '../fields.ts';
import { asStored, type CommonKind, emptyText, msg, plainText, storeText, TEXT_MAX, textDoc, textOf, wireText } from './kind.ts';

// Texts: one line (`text`, which may have to match a format: a DOI, an ORCID iD…), a long text (markdown or
// HTML, stored exactly as sent), a link, an e-mail address, and a password (never stored or answered as sent).

const LONGTEXT_MAX = 200_000;
const URL_MAX = 2000;
const EMAIL_MAX = 254;
const PASSWORD_MAX = 128;

/** Shared by every text kind: stored as sent, read back as stored, shown as it is. */
const plain = { read: asStored, store: storeText, empty: emptyText, wire: wireText, text: (_def: FieldDef, v: unknown) => plainText(v) } as const;

export const text: CommonKind = {
  ...plain,
  prose: true,
  input(def) {
    const format = def.format ? textFormats[def.format] : undefined;
    if (!format) return textOf(def.max ?? TEXT_MAX, true);
    const normalize = 'normalize' in format ? format.normalize : (s: string) => s;
    return textOf(def.max ?? TEXT_MAX, true)
      .transform(normalize)
      .refine((s) => s === '' || (format.pattern.test(s) && (!('check' in format) || format.check(s))), msg(format.message));
  },
  inputDoc: (def) => textDoc(def, { maxLength: def.max ?? TEXT_MAX }),
};

export const longtext: CommonKind = {
  ...plain,
  prose: true,
  input: (def) => textOf(def.max ?? LONGTEXT_MAX, false),
  inputDoc: (def) => textDoc(def, { maxLength: def.max ?? LONGTEXT_MAX }),
};

export const url: CommonKind = {
  ...plain,
  input: (def) => textOf(def.max ?? URL_MAX, true).refine((s) => s === '' || isSafeUrl(s), msg('invalid_url')),
  inputDoc: (def) => textDoc(def, { format: 'uri-reference' }),
};

export const email: CommonKind = {
  ...plain,
  input: () => textOf(EMAIL_MAX, true).refine((s) => s === '' || z.email().safeParse(s).success, msg('invalid_email')),
  inputDoc: (def) => textDoc(def, { format: 'email' }),
};

export const password: CommonKind = {
  ...plain,
  secret: true,
  input: (def) => textOf(def.max ?? PASSWORD_MAX, false),
  inputDoc: (def) => textDoc(def, { maxLength: def.max ?? PASSWORD_MAX }),
  wire: () => undefined,
  // never shown: a value a form holds is a secret
  text: () => '',
};
