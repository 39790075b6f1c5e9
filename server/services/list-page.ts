import { type Expression, type SqlBool, sql } from 'kysely';
import { z } from 'zod';
import type { Lang } from '../../common/enums.ts';
import { FILTER_MAX, filterColumns, filterWords, LIMIT_MAX, type ListParams, missingPairs, sortKeys } from '../../common/list-params.ts';
import type { ResourceDef } from '../../common/resource.ts';
import { isPostgres } from '../db/database.ts';
import { ACCENTS, foldAccents } from '../db/fold.ts';
import { tables } from '../db/schema.ts';
import type { Ctx } from './context.ts';
import type { Crud, ListOptions } from './crud.ts';

// A console list's page: the filter text, the sort and the window of a list call, run in SQL so
// that a list of 10 000 records answers one page. The filter looks for each word (at most five, of at most
// 100 characters in all) in the declared columns: a case-insensitive substring of a text column (LIKE with
// the word's % and _ escaped: no pattern of the reader's reaches the database, nor any regular expression),
// an equal number in a number column, an enum option whose label in either language holds it. The sort is
// one of the list's columns (common/list-params.ts), then the id, so that pages never overlap. Accents are
// folded on both sides ("muller" finds "Müller", server/db/fold.ts), and a word naming a lab member (either
// name, or the username) finds the records whose linked authors are that member ("李清禾" finds her papers
// written as "Qinghe Li"; docs/decisions/072-report-years-list-filters-body-images.md).

/** The list call's query parameters, each checked (a bad one is a 400 naming it, in both languages). */
export function listParamsSchema(res: ResourceDef) {
  const keys = sortKeys(res);
  const int = (max: number) => z.coerce.number().int().min(0).max(max).optional();
  return {
    q: z.string().max(FILTER_MAX).optional().describe(`Filter text: each word (at most five) in one of the list's columns`),
    sort: (keys.length > 0 ? z.enum(keys as [string, ...string[]]) : z.never()).optional().describe('A column of the list to sort by'),
    order: z.enum(['asc', 'desc']).optional().describe('Direction of `sort` (asc unless given)'),
    limit: int(LIMIT_MAX).describe('Rows of one page; the total is in X-Total-Count'),
    offset: int(1_000_000_000).describe('Rows skipped before the page'),
    // a bilingual resource's records written in one language only
    missing: (missingPairs(res).length > 0 ? z.enum(['zh', 'en']) : z.never())
      .optional()
      .describe('Only records lacking this language (zh or en): a text written in the other language only'),
  };
}

type Column = { name: string; kind: 'text' | 'int' | 'bool01' };

/** The filter's columns as the table stores them (a declared name that is no column is left out). */
function columnsOf(res: ResourceDef): Column[] {
  const table: Record<string, { kind: Column['kind'] }> | undefined = (tables as Record<string, Record<string, { kind: Column['kind'] }>>)[res.table];
  return filterColumns(res).flatMap((name) => {
    const col = table?.[name];
    return col ? [{ name, kind: col.kind }] : [];
  });
}

const escapeLike = (w: string) => `%${w.replaceAll('\\', '\\\\').replaceAll('%', '\\%').replaceAll('_', '\\_')}%`;

/** Whether the list call asks for anything beyond the whole list. */
export const narrowed = (p: ListParams) =>
  p.q !== undefined || p.sort !== undefined || p.limit !== undefined || p.offset !== undefined || p.missing !== undefined;

const blank = (column: string) => sql<SqlBool>`coalesce(trim(${sql.ref(column)}), '') = ''`;

/** Records lacking `lang`: some bilingual pair written in the other language only. */
function missingOf(res: ResourceDef, lang: Lang | undefined): ListOptions['where'] {
  const pairs = missingPairs(res);
  if (!lang || pairs.length === 0) return undefined;
  const other = lang === 'zh' ? 'en' : 'zh';
  return (query) => query.where((eb) => eb.or(pairs.map((key) => eb.and([blank(`${key}_${lang}`), eb.not(blank(`${key}_${other}`))]))));
}

/** Both conditions, either, or none. */
function both(a: ListOptions['where'], b: ListOptions['where']): ListOptions['where'] {
  if (!a || !b) return a ?? b;
  return (query) => b(a(query));
}

/** A text column folded as the filter words are: accents made plain (server/db/fold.ts), compared ignoring case. */
function foldedLike(ctx: Ctx, column: string, pattern: string): Expression<SqlBool> {
  return isPostgres(ctx.db)
    ? sql<SqlBool>`translate(${sql.ref(column)}, ${ACCENTS.from}, ${ACCENTS.to}) ilike ${pattern} escape '\\'`
    : sql<SqlBool>`lab_fold(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/** A filter column with its links to members beside it (a publication's `author` and `author_members`). */
const linksOf = (res: ResourceDef, column: string) => (res.fields[`${column}_members`] ? `${column}_members` : undefined);

/** Members a word names (either name or the username, accents folded): at most this many are looked for. */
const MEMBERS_PER_WORD = 20;

type Member = { pid: number; name_zh: string; name_en: string };

/** Each word's members, for a list whose filter looks in author lists linked to members; none otherwise. */
async function membersOf(res: ResourceDef, ctx: Ctx, words: readonly string[]): Promise<Map<string, Member[]>> {
  const out = new Map<string, Member[]>();
  if (!columnsOf(res).some((c) => linksOf(res, c.name))) return out;
  for (const word of words) {
    const pattern = escapeLike(foldAccents(word));
    const found = await ctx.db
      .selectFrom('person')
      .select(['pid', 'name_zh', 'name_en'])
      .where((eb) => eb.or(['name_zh', 'name_en', 'username'].map((c) => foldedLike(ctx, c, pattern))))
      .orderBy('pid')
      .limit(MEMBERS_PER_WORD)
      .execute();
    out.set(word, found);
  }
  return out;
}

/** The filter as a condition: every word found in some column. */
function filterOf(res: ResourceDef, ctx: Ctx, q: string | undefined, members: Map<string, Member[]>): ListOptions['where'] {
  const words = filterWords(q);
  if (words.length === 0) return undefined;
  const columns = columnsOf(res);
  return (query) =>
    query.where((eb) =>
      eb.and(
        words.map((word) => {
          const folded = foldAccents(word);
          const pattern = escapeLike(folded);
          const n = /^\d{1,9}$/.test(word) ? Number(word) : undefined;
          const any: Expression<SqlBool>[] = [];
          for (const c of columns) {
            const def = res.fields[c.name];
            if (c.kind === 'int') {
              if (n !== undefined) any.push(eb(c.name, '=', n));
            } else if (c.kind === 'text') {
              any.push(foldedLike(ctx, c.name, pattern));
              // an enum is stored by its English value: a word of its label in the reader's language finds it too
              if (def?.options) {
                const values = (def.options ?? []).filter((o) => [o.zh, o.en].some((l) => foldAccents(l).includes(folded))).map((o) => o.value);
                if (values.length > 0) any.push(eb(c.name, 'in', values));
              }
              // a member the word names: the authors linked to them, and those left to be matched by their names
              const links = linksOf(res, c.name);
              for (const m of links ? (members.get(word) ?? []) : []) {
                any.push(sql<SqlBool>`${sql.ref(links as string)} like ${escapeLike(`"${m.pid}"`)} escape '\\'`);
                for (const name of new Set([m.name_en, m.name_zh]))
                  if (name.trim()) any.push(foldedLike(ctx, c.name, escapeLike(`"${foldAccents(name.trim())}"`)));
              }
            }
          }
          return any.length > 0 ? eb.or(any) : sql<SqlBool>`1 = 0`;
        }),
      ),
    );
}

/** One page of a list call and the number of records its filter selects. */
export async function listPage(crud: Crud, ctx: Ctx, p: ListParams): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const { res } = crud;
  const where = both(filterOf(res, ctx, p.q, await membersOf(res, ctx, filterWords(p.q))), missingOf(res, p.missing));
  const orderBy: [string, 'asc' | 'desc'][] = p.sort
    ? [
        [p.sort, p.order ?? 'asc'],
        [res.id, p.order ?? 'asc'],
      ]
    : res.orderBy.map(([c, d]) => [c, d]);
  const [rows, total] = await Promise.all([
    crud.list(ctx, {
      ...(where ? { where } : {}),
      orderBy,
      ...(p.limit !== undefined ? { limit: p.limit, offset: p.offset ?? 0 } : p.offset ? { limit: Number.MAX_SAFE_INTEGER, offset: p.offset } : {}),
    }),
    crud.count(ctx, where),
  ]);
  return { rows, total };
}

/** The header that carries a narrowed list's total (the answer stays SPEC §7's array). */
export const TOTAL_HEADER = 'x-total-count';
