import type { ResourceDef } from '../../common/resource.ts';
import { kindColumns } from '../kinds/columns.ts';
import { type bool01Default, type Column, id, type int, type intDefault, type intOrNull, type text, type textDefault, type textOrNull } from './columns.ts';

// The table of a declared resource, derived from its fields: a new resource's columns are written
// twice, in its declaration and its migration, never a third time in schema.ts. The derivation is the
// house's migration conventions (docs/adding-a-resource.md), and tests/api/db-schema.test.ts compares what it
// gives with the migrated database on both databases. A table that breaks a convention (the older tables,
// a column no field declares) is written out in schema.ts instead, which then takes precedence.

/**
 * Whether a field is required: NOT NULL with no DEFAULT in the table, whatever the declaration's default (the
 * server fills that one on create: a date of today, a kind most records have), as the older tables did.
 */
type Given<D> = D extends { required: true } ? true : false;

/**
 * A field's column: booleans 0/1 with DEFAULT 0; numbers NOT NULL when required, else with a DEFAULT when
 * the declaration has one, else NULL when empty; instants, images' URLs and `nullable` texts NULL when empty;
 * every other text (and a list's JSON, an enum's label, a file's name) NOT NULL, with DEFAULT '' unless
 * required. A password is never stored as sent: it has no column.
 */
type FieldColumn<D> = D extends { kind: 'password' }
  ? never
  : D extends { kind: 'bool' }
    ? typeof bool01Default
    : D extends { kind: 'int' }
      ? Given<D> extends true
        ? typeof int
        : D extends { default: unknown }
          ? typeof intDefault
          : typeof intOrNull
      : D extends { kind: 'instant' | 'image' } | { nullable: true }
        ? typeof textOrNull
        : Given<D> extends true
          ? typeof text
          : typeof textDefault;

/** An enum's numeric twin: NOT NULL, with a DEFAULT unless the enum is required. */
type TwinColumn<D> = Given<D> extends true ? typeof int : typeof intDefault;

type Twins<F> = { [K in keyof F as F[K] extends { kind: 'enum'; numField: infer N extends string } ? N : never]: TwinColumn<F[K]> };

/** A file's stored key beside its name: NULL while it has none. */
type FileKeys<F> = { [K in keyof F as F[K] extends { kind: 'file' } ? `${K & string}_key` : never]: typeof textOrNull };

export type DerivedTable<R> =
  R extends ResourceDef<infer F, string, infer I>
    ? { [K in I]: typeof id } & { [K in keyof F as FieldColumn<F[K]> extends never ? never : K]: FieldColumn<F[K]> } & Twins<F> & FileKeys<F>
    : never;

/** The tables of the declared resources that `written` does not write out, by table name. */
export type DerivedTables<Rs, Written> = {
  [N in keyof Rs as Rs[N] extends { table: infer T extends string } ? (T extends keyof Written ? never : T) : never]: DerivedTable<Rs[N]>;
};

/** A declared resource's table, by the conventions above. */
export function derivedTable(res: ResourceDef): Record<string, Column> {
  const columns: Record<string, Column> = { [res.id]: id };
  // each field's columns as its kind says (server/kinds/)
  for (const [name, def] of Object.entries(res.fields)) Object.assign(columns, kindColumns[def.kind](name, def));
  return columns;
}

/** The tables of `resources` that `written` does not write out. */
export function derivedTables<const Rs extends Record<string, ResourceDef>, const W extends Record<string, unknown>>(
  resources: Rs,
  written: W,
): DerivedTables<Rs, W> {
  const out: Record<string, Record<string, Column>> = {};
  for (const res of Object.values(resources)) if (!(res.table in written)) out[res.table] = derivedTable(res);
  return out as DerivedTables<Rs, W>;
}
