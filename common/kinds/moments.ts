import { z } from 'zod';
import { isRealDate, TIME_RE } from '../fields.ts';
import { labTime, normalizeInstant } from '../instant.ts';
import { asStored, type CommonKind, emptyText, msg, plainText, storeOrNull, storeText, textDoc, textOf, wireText } from './kind.ts';

// Dates and times: a day (YYYY-MM-DD), a time of day (HH:MM, 24 h), and a moment (ISO 8601 with its offset,
// kept as UTC text by common/instant.ts and shown as the lab's wall-clock time, Beijing).

export const date: CommonKind = {
  input: () => textOf(10, true).refine((s) => s === '' || isRealDate(s), msg('invalid_date')),
  inputDoc: (def) => textDoc(def, { format: 'date' }),
  wire: wireText,
  read: asStored,
  store: storeText,
  empty: emptyText,
  text: (_def, v) => plainText(v),
};

export const time: CommonKind = {
  input: () => textOf(5, true).refine((s) => s === '' || TIME_RE.test(s), msg('invalid_time')),
  inputDoc: (def) => textDoc(def, { pattern: '^\\d{2}:\\d{2}$' }),
  wire: wireText,
  read: asStored,
  store: storeText,
  empty: emptyText,
  text: (_def, v) => plainText(v),
};

export const instant: CommonKind = {
  input: () =>
    textOf(40, true).transform((s, ctx) => {
      if (s === '') return s;
      const stored = normalizeInstant(s);
      if (stored === null) {
        ctx.addIssue({ code: 'custom', message: 'invalid_instant' });
        return z.NEVER;
      }
      return stored;
    }),
  inputDoc: (def) => textDoc(def, { format: 'date-time' }),
  wire: (def) => (def.nullable ? z.iso.datetime({ offset: true }).nullable() : z.iso.datetime({ offset: true })),
  read: asStored,
  // NULL when empty (its column may be NULL)
  store: storeOrNull,
  empty: () => null,
  text: (_def, v) => labTime(v),
};
