import type { Lang } from '../../common/enums.ts';
import { kindOf } from '../../common/kinds/index.ts';
import type { ResourceDef } from '../../common/resource.ts';
import { FieldError } from '../errors.ts';
import { serverKindOf } from '../kinds/index.ts';
import type { CrudHooks } from './crud.ts';

// A stored row as a read answers it, and a database's refusal as a field error: what the generic service
// (crud.ts) and the history (history.ts) both need, here so that neither imports the other for it.

type Row = Record<string, unknown>;

/** Converts a stored row to the wire shape: booleans, lists and enum twins as SPEC §3 names them. */
export function rowToWire(res: ResourceDef, row: Row, hooks: Pick<CrudHooks, 'hidden' | 'decorate'> = {}, lang: Lang = 'en'): Row {
  const out: Row = {};
  const hidden = new Set(hooks.hidden ?? []);
  for (const [k, v] of Object.entries(row)) if (!hidden.has(k)) out[k] = v;
  for (const [name, def] of Object.entries(res.fields)) {
    const kind = kindOf(def);
    if (kind.secret) delete out[name];
    // a switch or a list a narrow read left out is still answered (false, []): its reading of nothing
    else if (name in row || kind.read(undefined) !== undefined) out[name] = kind.read(row[name]);
    if (name in row) serverKindOf(def).answer?.({ name, resource: res.name, id: row[res.id], row, wire: out });
  }
  return hooks.decorate ? hooks.decorate(out, lang, row) : out;
}

/** A unique-constraint violation that slipped past the checks becomes a field error, not a 500. */
export function translateConstraint(e: unknown): unknown {
  if (!(e instanceof Error)) return e;
  const code = (e as { code?: string }).code;
  const text = `${e.message} ${(e as { detail?: string }).detail ?? ''}`;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505') {
    const m = /(username|uid|slug|storage_key)/.exec(text);
    const field = m ? m[1] : 'non_field_errors';
    const key = field === 'username' ? 'taken_username' : field === 'uid' ? 'taken_uid' : field === 'slug' ? 'taken_slug' : 'invalid_string';
    return FieldError.one(field as string, key);
  }
  return e;
}
