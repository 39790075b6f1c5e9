import { z } from 'zod';
import { enumLabel } from '../enums.ts';
import { asStored, type CommonKind, emptyText, plainText, storeText, TEXT_MAX, textDoc, textOf } from './kind.ts';

// One of the declared options, stored and sent by its English value; its number (`numField`: type_num,
// area_num) travels beside it (common/resource.ts keeps the two in agreement).

const values = (def: Parameters<CommonKind['input']>[0]) => (def.options ?? []).map((o) => o.value);

export const enumKind: CommonKind = {
  input: (def) => textOf(TEXT_MAX, true).refine((s) => values(def).includes(s), { error: 'invalid_enum', params: { options: values(def).join(', ') } }),
  inputDoc: (def) => textDoc(def, { enum: values(def) }),
  wire: (def) => z.enum(values(def)),
  read: asStored,
  store: storeText,
  empty: emptyText,
  answers: (_name, def) => (def.numField ? { [def.numField]: z.number().int().describe(`${def.label.en} number`) } : {}),
  text: (def, v, lang) => (typeof v === 'string' && v ? enumLabel(def.options ?? [], v, lang) : plainText(v)),
};
