import { z } from 'zod';
import type { FieldDef } from '../fields.ts';
import { asStored, type CommonKind, describe, msg, noFile, plainText, storeOrNull } from './kind.ts';

// A whole number between the declaration's bounds (0 to a billion unless given); sent empty, an optional one
// is cleared (stored as NULL). A year, a month or one of `choices` in the console (its widget).

const MAX = 1_000_000_000;

/** The schema of a whole number from `min` to `max`, sent as a number or as its digits. */
function intSchema(min: number, max: number) {
  return noFile.pipe(
    z
      .union(
        [
          z.number(),
          z
            .string()
            .trim()
            .regex(/^-?\d{1,12}$/, msg('invalid_number'))
            .transform(Number),
        ],
        msg('invalid_number'),
      )
      .pipe(
        z
          .number()
          .int(msg('invalid_number'))
          // one check with both bounds, so the message can name them both
          .refine((n) => n >= min && n <= max, { error: 'out_of_range', params: { min, max } }),
      ),
  );
}

export const integerText = { type: 'string', pattern: '^-?\\d+$' } as const;

/** Whether a read always has a number for it (required, or filled by its default). */
const alwaysGiven = (def: FieldDef) => def.required === true || def.default !== undefined;

export const int: CommonKind = {
  input: (def) => z.union([z.literal(''), intSchema(def.min ?? 0, def.max ?? MAX)], msg('invalid_number')),
  inputDoc: (def) => ({
    anyOf: [{ type: 'integer', minimum: def.min ?? 0, maximum: def.max ?? MAX }, integerText, { type: 'string', enum: [''] }],
    description: describe(def),
  }),
  wire: (def) => (alwaysGiven(def) ? z.number().int() : z.number().int().nullable()),
  read: asStored,
  store: storeOrNull,
  empty: () => null,
  // one of its `choices` by its label
  text(def, v, lang) {
    const choice = def.widget === 'choice' ? def.choices?.find((c) => c.num === Number(v)) : undefined;
    return choice ? choice[lang] : plainText(v);
  },
};
