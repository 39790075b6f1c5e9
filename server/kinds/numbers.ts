import { checkRecords } from '../services/person-refs.ts';
import { type ServerKind, storeSent, textDetail } from './kind.ts';

// Numbers, switches and enums: what a write checks, and how a record page names them.

export const int: ServerKind = {
  // NOT NULL when required, else with a DEFAULT when declared with one, else NULL when empty
  // a record it `refers` to must exist
  async write(w) {
    const values = storeSent(w);
    const id = values[w.name];
    if (w.def.refers && id !== null && id !== undefined) await checkRecords(w.ctx, w.name, w.def.refers, [Number(id)]);
    return values;
  },
  // a number that `refers` to a record: a link to that record's page, while it has one
  detail(d) {
    if (!d.def.refers) return textDetail(d);
    const found = d.referred.records.get(`${d.def.refers}:${String(d.value)}`);
    return found ? { key: d.key, label: d.label, text: found.title, href: found.href } : undefined;
  },
};

export const bool: ServerKind = {
  write: storeSent,
  // a switch is how the record is kept (its release), not a fact about it
  detail: () => undefined,
};

/** An enum: its label, and its number (`numField`) beside it, which a write sends or takes from the label. */
export const enumKind: ServerKind = {
  write(w) {
    const twin = w.def.numField;
    const number = twin !== undefined && w.input[twin] !== undefined ? { [twin]: w.input[twin] } : {};
    return { ...storeSent(w), ...number };
  },
  detail: textDetail,
};
