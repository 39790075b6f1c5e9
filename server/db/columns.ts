// The kinds of column a table has, as both databases hand them back: `int` (integer, bigint: PostgreSQL's
// bigint is parsed to a number in database.ts), `text` (varchar, text; lists are JSON text, instants ISO 8601
// text), `bool01` (a 0/1 integer with a CHECK, the same on both). A column an insert may leave out is `fill`ed
// by its DEFAULT or is the generated id (SQLite AUTOINCREMENT, PostgreSQL serial). The tables written out
// (schema.ts) and the ones derived from declarations (declared-tables.ts) are made of these.

export type Kind = 'int' | 'text' | 'bool01';

export type Column = { readonly kind: Kind; readonly nullable: boolean; readonly fill?: 'default' | 'serial' };

export const id = { kind: 'int', nullable: false, fill: 'serial' } as const;
export const int = { kind: 'int', nullable: false } as const;
export const intOrNull = { kind: 'int', nullable: true } as const;
export const intDefault = { kind: 'int', nullable: false, fill: 'default' } as const;
export const text = { kind: 'text', nullable: false } as const;
export const textOrNull = { kind: 'text', nullable: true } as const;
export const textDefault = { kind: 'text', nullable: false, fill: 'default' } as const;
export const bool01 = { kind: 'bool01', nullable: false } as const;
export const bool01Default = { kind: 'bool01', nullable: false, fill: 'default' } as const;
