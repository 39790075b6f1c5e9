import type { FieldDef } from '../../common/fields.ts';
import type { ResourceDef } from '../../common/resource.ts';
import type { Column } from './schema.ts';

// The columns of a table whose declaration says `columns: 'declared'` (issue #27): derived from its fields,
// at run time for the schema test (tests/api/db-schema.test.ts compares them with the migrated database)
// and as types for Kysely, by the same rules, so that a new resource's columns are written in its
// declaration and its migration only. The house's conventions (docs/adding-a-resource.md) decide:
// - the id: a generated id; a boolean: 0/1, its default filled by the database when it has one;
// - an int: NOT NULL when required or with a default (filled), else NULL when empty;
// - an instant, an image, a `nullable` text: NULL when empty;
// - every other kind (text, lists as JSON, enums, dates…): NOT NULL text, filled by its DEFAULT unless
//   required without a default; an enum's number beside it likewise.
// A file field (a stored file and its key) is not derived: such a table is written in schema.ts.

type Serial = { readonly kind: 'int'; readonly nullable: false; readonly fill: 'serial' };

type Filled<D> = D extends { readonly required: true } ? (D extends { readonly default: unknown } ? true : false) : true;

type ColumnOfField<D extends FieldDef> = D['kind'] extends 'bool'
  ? { readonly kind: 'bool01'; readonly nullable: false; readonly fill: 'default' }
  : D['kind'] extends 'int'
    ? D extends { readonly required: true } | { readonly default: number }
      ? D extends { readonly default: number }
        ? { readonly kind: 'int'; readonly nullable: false; readonly fill: 'default' }
        : { readonly kind: 'int'; readonly nullable: false }
      : { readonly kind: 'int'; readonly nullable: true }
    : D['kind'] extends 'instant' | 'image'
      ? { readonly kind: 'text'; readonly nullable: true }
      : D extends { readonly nullable: true }
        ? { readonly kind: 'text'; readonly nullable: true }
        : Filled<D> extends true
          ? { readonly kind: 'text'; readonly nullable: false; readonly fill: 'default' }
          : { readonly kind: 'text'; readonly nullable: false };

type NumTwins<F> = {
  readonly [K in keyof F as F[K] extends { readonly numField: infer N extends string } ? N : never]: {
    readonly kind: 'int';
    readonly nullable: false;
    readonly fill: 'default';
  };
};

/** The columns of a declared table, as a type: its id, each field's column, each enum's number. */
export type DeclaredColumns<R extends ResourceDef> = { readonly [K in R['id']]: Serial } & {
  readonly [K in keyof R['fields'] as R['fields'][K]['kind'] extends 'password' | 'file' ? never : K]: ColumnOfField<R['fields'][K]>;
} & NumTwins<R['fields']>;

/** The declarations among `R` whose columns are declared, by table. */
export type DeclaredTables<R extends Record<string, ResourceDef>> = {
  readonly [K in keyof R as R[K] extends { readonly columns: 'declared' } ? R[K]['table'] : never]: DeclaredColumns<R[K]>;
};

function columnOfField(def: FieldDef): Column {
  switch (def.kind) {
    case 'bool':
      return { kind: 'bool01', nullable: false, fill: 'default' };
    case 'int':
      if (def.default !== undefined) return { kind: 'int', nullable: false, fill: 'default' };
      return def.required ? { kind: 'int', nullable: false } : { kind: 'int', nullable: true };
    case 'instant':
    case 'image':
      return { kind: 'text', nullable: true };
    default:
      if (def.nullable) return { kind: 'text', nullable: true };
      return def.required && def.default === undefined ? { kind: 'text', nullable: false } : { kind: 'text', nullable: false, fill: 'default' };
  }
}

/** A declared table's columns, at run time (the same rules as DeclaredColumns). */
export function declaredColumns(res: ResourceDef): Record<string, Column> {
  const out: Record<string, Column> = { [res.id]: { kind: 'int', nullable: false, fill: 'serial' } };
  for (const [name, def] of Object.entries(res.fields)) {
    if (def.kind === 'file') throw new Error(`${res.name}.${name}: a file field's columns are written in server/db/schema.ts`);
    if (def.kind === 'password') continue;
    out[name] = columnOfField(def);
    if (def.kind === 'enum' && def.numField) out[def.numField] = { kind: 'int', nullable: false, fill: 'default' };
  }
  return out;
}

/** The tables of the declarations whose columns are declared. */
export function declaredTables<R extends Record<string, ResourceDef>>(resources: R): DeclaredTables<R> {
  const out: Record<string, Record<string, Column>> = {};
  for (const res of Object.values(resources)) if (res.columns === 'declared') out[res.table] = declaredColumns(res);
  return out as DeclaredTables<R>;
}
