import { z } from 'zod';
import { textFormats } from '../fields.ts';
import { type CommonKind, describe, msg, noFile, plainText, TEXT_MAX } from './kind.ts';

// A list of short texts (tags, authors, people, ids of records it refers to), sent as a JSON array or as its
// JSON text in a form part, stored as JSON text; each item may have to match the declaration's format.

const listSchema = (max: number) =>
  noFile.pipe(
    z.union(
      [
        z.array(z.string().max(TEXT_MAX, msg('too_long'))).max(max, msg('too_long')),
        z.string().transform((s, ctx) => {
          if (s.trim() === '') return [];
          try {
            const v: unknown = JSON.parse(s);
            if (Array.isArray(v) && v.length <= max && v.every((x) => typeof x === 'string' && x.length <= TEXT_MAX)) {
              return (v as string[]).map((x) => x.trim()).filter(Boolean);
            }
          } catch {
            /* fall through */
          }
          ctx.addIssue({ code: 'custom', message: 'invalid_list' });
          return z.NEVER;
        }),
      ],
      msg('invalid_list'),
    ),
  );

/** A stored list (JSON text) as an array; anything else is empty. */
export function parseList(v: unknown): string[] {
  if (Array.isArray(v)) return v as string[];
  try {
    const parsed: unknown = JSON.parse(String(v ?? '[]'));
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

export const list: CommonKind = {
  input(def) {
    const format = def.format ? textFormats[def.format] : undefined;
    const items = listSchema(def.max ?? 100);
    return format ? items.refine((xs) => xs.every((x) => format.pattern.test(x)), msg(format.message)) : items;
  },
  inputDoc: (def) => ({
    anyOf: [
      { type: 'array', items: { type: 'string' }, maxItems: def.max ?? 100 },
      { type: 'string', description: 'a JSON array' },
    ],
    description: describe(def),
  }),
  wire: () => z.array(z.string()),
  read: parseList,
  store: (v) => JSON.stringify(v ?? []),
  empty: () => [],
  text: (_def, v) => plainText(v),
};

/** People: a list of `person_ref`s, each a member (pid:12, @username, stored as pid:12) or a name as written. */
export const people: CommonKind = {
  ...list,
  input: (def) => list.input({ ...def, format: 'person_ref' }),
};
