import { sql } from 'kysely';
import type { FieldDef } from '../../common/fields.ts';
import { memberRef, readRef, referredPids, unknownMember } from '../../common/person-refs.ts';
import type { ResourceDef } from '../../common/resource.ts';
import { resources } from '../../common/resources/index.ts';
import { loose } from '../db/schema.ts';
import { FieldError } from '../errors.ts';
import type { Ctx } from './context.ts';

// What a write of any declared resource checks of its references, run by createCrud: the
// people a people field names (kind `people`, common/person-refs.ts) and the record an int field
// `refers` to. A member named by username is stored by id; a member or record that does not exist is a
// field error, except a member the record already named (removed since: an unchanged list is sent back whole).

/** A people field: its items are `person_ref`s (common/kinds/list.ts). */
export const isPeopleField = (def: FieldDef) => def.kind === 'people';

/** The people fields of a declaration, by name. */
export const peopleFields = (res: ResourceDef) => Object.entries(res.fields).flatMap(([name, def]) => (isPeopleField(def) ? [name] : []));

/** A people field's items as stored: each member by id, names as written; an unknown member or username refused. */
export async function resolvePeople(ctx: Ctx, field: string, items: readonly string[], had: readonly string[] = []): Promise<string[]> {
  const refs = items.map(readRef);
  const usernames = [...new Set(refs.flatMap((r) => ('username' in r ? [r.username] : [])))];
  const byUsername = new Map<string, number>();
  if (usernames.length > 0) {
    const rows = await ctx.db.selectFrom('person').select(['pid', 'username']).where('username', 'in', usernames).execute();
    for (const r of rows) byUsername.set(r.username, r.pid);
    const missing = usernames.find((u) => !byUsername.has(u));
    if (missing !== undefined) throw FieldError.one(field, 'unknown_username', { username: missing });
  }
  const stored = refs.map((r) => ('pid' in r ? memberRef(r.pid) : 'username' in r ? memberRef(byUsername.get(r.username) as number) : r.name));
  const pids = [...new Set(referredPids(stored))];
  const found =
    pids.length > 0
      ? new Set((await ctx.db.selectFrom('person').select('pid').where('pid', 'in', pids.map(Number)).execute()).map((r) => String(r.pid)))
      : new Set<string>();
  const unknown = unknownMember(pids, found, referredPids(had));
  if (unknown !== undefined) throw FieldError.one(field, 'unknown_member', { pid: unknown });
  return stored;
}

/** Refuses the first of `ids` that names no record of the resource `name`. */
export async function checkRecords(ctx: Ctx, field: string, name: string, ids: readonly number[]): Promise<void> {
  const target = (resources as Record<string, ResourceDef>)[name];
  if (!target) throw new Error(`field ${field} refers to ${name}, which is not declared`);
  const safe = ids.filter(Number.isSafeInteger);
  const found = new Set<number>();
  // in batches: a list may name many records, and a database bounds a query's parameters
  for (let i = 0; i < safe.length; i += 500) {
    const rows = await loose(ctx.db)
      .selectFrom(target.table)
      .select(target.id)
      .where(target.id, 'in', safe.slice(i, i + 500))
      .execute();
    for (const r of rows) found.add(Number(r[target.id]));
  }
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw FieldError.one(field, 'unknown_record', { id: missing });
}

/** Text containing `word` as a LIKE pattern: never a pattern itself (LIKE's wildcards and the escape `!` are escaped). */
export const containing = (word: string) => sql<string>`${`%${word.replace(/[!%_]/g, '!$&')}%`} escape '!'`;

/** Whether a stored people list (JSON text) may name the member: the database narrows by the quoted reference, the list decides. */
export const mayName = (pid: number) => containing(`"${memberRef(pid)}"`);

/** Whether a people field's items name the member. */
export const names = (items: readonly string[], pid: number) => referredPids(items).includes(String(pid));
