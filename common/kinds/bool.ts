import { z } from 'zod';
import { type CommonKind, describe, msg, noFile } from './kind.ts';

// A switch: sent as a JSON boolean or as the text a form part carries, stored as 0/1, answered as a boolean.

export const bool: CommonKind = {
  input: () => noFile.pipe(z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((s) => s === 'true' || s === '1')], msg('invalid_bool'))),
  inputDoc: (def) => ({
    anyOf: [{ type: 'boolean' }, { type: 'string', enum: ['true', 'false', '1', '0'] }],
    description: describe(def),
  }),
  wire: () => z.boolean(),
  read: (v) => Boolean(v),
  store: (v) => (v ? 1 : 0),
  empty: () => false,
  // its declared states (published / unpublished), else a tick or a cross
  text(def, v, lang) {
    const on = v === true || v === 1 || v === 'true';
    return def.states ? def.states[on ? 'on' : 'off'][lang] : on ? '✓' : '✗';
  },
};
