import { z } from 'zod';
import { type FieldDef, type FieldMap, fieldSchema, isBlank, type Label } from './fields.ts';

export type Role = 'anonymous' | 'user' | 'admin';

/** Who may do something: any logged-in member, or administrators only. */
export type Access = 'member' | 'admin';

export type ResourceDef<F extends FieldMap = FieldMap> = {
  readonly name: string;
  readonly label: Label;
  readonly table: string;
  /** The id field, also the query parameter of PUT and DELETE (SPEC §7: ?aid=, ?nid=, …). */
  readonly id: string;
  /** SPEC §7's console path, trailing slash included. */
  readonly path: string;
  readonly fields: F;
  readonly access: { readonly read: Access; readonly create: Access; readonly update: Access; readonly delete: Access };
  /** Columns of the console table, in order. */
  readonly listColumns: readonly string[];
  readonly orderBy: readonly (readonly [string, 'asc' | 'desc'])[];
  /** Checks across fields, run after each field is valid. */
  readonly refine?: (value: Record<string, unknown>, ctx: RefineContext) => void;
};

export type RefineContext = { mode: 'create' | 'update'; issue: (field: string, message: string, params?: Record<string, unknown>) => void };

export function defineResource<const F extends FieldMap>(def: ResourceDef<F>): ResourceDef<F> {
  return def;
}

function requiredSchema(def: FieldDef, mode: 'create' | 'update'): z.ZodType {
  const base = fieldSchema(def);
  if (!def.required) return base.optional();
  // Blank is "required" before the kind's own checks (an empty enum is missing, not a wrong option)
  // and again after them (a list sent as "[]" is empty once parsed).
  const given = z.unknown().refine((v) => !isBlank(v), { error: 'required', abort: true });
  const nonBlank = given.pipe(base).refine((v) => !isBlank(v), { error: 'required', abort: true });
  // On create a required field must be there (unless its declared default fills it); on update it
  // may be absent (unchanged). Sent empty, it is always an error.
  return mode === 'create' && def.default === undefined ? z.preprocess((v) => v ?? '', nonBlank) : nonBlank.optional();
}

/**
 * The input schema of a write, built from the declaration: every field optional unless required,
 * numeric twins of enums accepted, unknown fields dropped.
 */
export function inputSchema(res: ResourceDef, mode: 'create' | 'update'): z.ZodType<Record<string, unknown>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, def] of Object.entries(res.fields)) {
    shape[name] = requiredSchema(def, mode);
    if (def.kind === 'enum' && def.numField) {
      shape[def.numField] = fieldSchema({ kind: 'int', label: def.label, min: 0, max: 1000 }).optional();
    }
  }
  return z.object(shape).superRefine((value, ctx) => {
    const issue = (field: string, message: string, params?: Record<string, unknown>) => ctx.addIssue({ code: 'custom', path: [field], message, params });
    for (const [name, def] of Object.entries(res.fields)) {
      if (def.kind !== 'enum' || !def.numField) continue;
      resolveEnumPair(value, name, def, issue);
    }
    // Cross-field checks see only the fields that passed their own checks, and add nothing to a
    // field already refused (a start time of 25:00 is reported once, not again as "end before start").
    const invalid = new Set(ctx.issues.map((i) => String(i.path?.[0] ?? '')));
    const valid = Object.fromEntries(Object.entries(value).filter(([k]) => !invalid.has(k)));
    res.refine?.(valid, { mode, issue: (field, message, params) => invalid.has(field) || issue(field, message, params) });
  }) as unknown as z.ZodType<Record<string, unknown>>;
}

/** Fills the label from the number (or the number from the label) and rejects a pair that disagrees. */
function resolveEnumPair(value: Record<string, unknown>, name: string, def: FieldDef, issue: RefineContext['issue']) {
  const numField = def.numField as string;
  const options = def.options ?? [];
  const label = value[name];
  const num = value[numField];
  if (typeof label === 'string' && label !== '') {
    const entry = options.find((o) => o.value === label);
    if (num !== undefined && entry && entry.num !== num) {
      // labels sharing a number (young researcher / young associate researcher) agree with it
      issue(numField, 'enum_mismatch', { field: name });
      return;
    }
    if (entry) value[numField] = entry.num;
  } else if (typeof num === 'number') {
    const entry = options.find((o) => o.num === num);
    if (!entry) issue(numField, 'invalid_enum', { options: [...new Set(options.map((o) => o.num))].join(', ') });
    else value[name] = entry.value;
  }
}

/** Default values of a new record (SPEC §3 defaults, "today" for dates). */
export function defaults(res: ResourceDef): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(res.fields)) {
    if (def.default === undefined) continue;
    out[name] = typeof def.default === 'function' ? def.default() : def.default;
  }
  return out;
}

export function today(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
