import type { Lang } from './enums.ts';
import type { FieldKind } from './fields.ts';
import type { ListColumn, ResourceDef } from './resource.ts';

// A console list's filter, sort and window, added to the SPEC §7 list calls (GET /api/{name}/):
// `q` a filter text, `sort` one of the list's columns and `order` its direction, `limit` and `offset` a
// page. All optional: a call without them answers the whole list in the declared order, as SPEC §7 has it.
// What may be sorted and searched follows from the declaration's `listColumns` (and `console.filter`),
// once, for the server's whitelist and the console's table alike.

/** The longest filter text (characters), and the most words of it that count. */
export const FILTER_MAX = 100;
const FILTER_WORDS = 5;
/** The page sizes a console list offers; the first is SPEC §9's. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
/** The most rows one page may ask for. */
export const LIMIT_MAX = 500;

export type ListParams = { q?: string; sort?: string; order?: 'asc' | 'desc'; limit?: number; offset?: number; missing?: Lang };

const sortableKinds: ReadonlySet<FieldKind> = new Set(['text', 'url', 'email', 'date', 'time', 'instant', 'bool', 'int', 'enum']);
const searchableKinds: ReadonlySet<FieldKind> = new Set(['text', 'longtext', 'url', 'email', 'date', 'list', 'enum', 'int']);

const asObject = (c: ListColumn): Exclude<ListColumn, string> => (typeof c === 'string' ? { key: c } : c);

/** The columns a list column stands for: a bilingual pair's two, a name shown with another's both. */
function columnsOf(c: ListColumn): string[] {
  const col = asObject(c);
  if (col.bilingual) return [`${col.key}_zh`, `${col.key}_en`];
  return col.with ? [col.key, col.with] : [col.key];
}

/** Whether `name` is a stored value of a kind a list may sort by: the id, a scalar field, or an instant the server keeps. */
function sortable(res: ResourceDef, name: string): boolean {
  if (name === res.id) return true;
  const def = res.fields[name];
  if (def) return sortableKinds.has(def.kind);
  return res.derived?.[name]?.kind === 'instant';
}

/** The `sort` a list column's heading asks for in `lang` (its own key, a bilingual pair's column in the reader's language), if it may sort. */
export function sortKeyOf(res: ResourceDef, c: ListColumn, lang: Lang): string | undefined {
  const col = asObject(c);
  const key = col.bilingual ? `${col.key}_${lang}` : col.key;
  return sortable(res, key) ? key : undefined;
}

/** Every `sort` a list call accepts: the sortable columns its list shows, in both languages. */
export function sortKeys(res: ResourceDef): string[] {
  const keys = res.listColumns.flatMap((c) => columnsOf(c).slice(0, asObject(c).bilingual ? 2 : 1));
  return [...new Set(keys.filter((k) => sortable(res, k)))];
}

/** The columns the filter text looks in: the list's columns and the declaration's `console.filter`, of a kind that holds words or numbers. */
export function filterColumns(res: ResourceDef): string[] {
  const names = [res.id, ...res.listColumns.flatMap((c) => columnsOf(c)), ...(res.console?.filter ?? [])];
  return [...new Set(names)].filter((n) => n === res.id || (res.fields[n] !== undefined && searchableKinds.has(res.fields[n].kind)));
}

/**
 * The bilingual pairs a list's "missing English" / "missing Chinese" filter looks at:
 * every `key` whose `key_zh` and `key_en` text fields the declaration has. A record lacks a language where
 * a pair is written in the other one only.
 */
export { bilingualPairs as missingPairs } from './resource.ts';

/** The words of a filter text that count: split at white space, at most FILTER_WORDS of them, lower case. */
export function filterWords(q: string | undefined): string[] {
  return (q ?? '')
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '')
    .slice(0, FILTER_WORDS);
}

/** The query string of a list call (what the console's table sends). */
export function listSearch(p: ListParams): string {
  const out = new URLSearchParams();
  if (p.q?.trim()) out.set('q', p.q.trim());
  if (p.sort) out.set('sort', p.sort);
  if (p.sort && p.order) out.set('order', p.order);
  if (p.limit !== undefined) out.set('limit', String(p.limit));
  if (p.offset) out.set('offset', String(p.offset));
  if (p.missing) out.set('missing', p.missing);
  const s = out.toString();
  return s ? `?${s}` : '';
}
