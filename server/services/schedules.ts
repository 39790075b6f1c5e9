import { z } from 'zod';
import { DAYS, isTerm, PERIODS } from '../../common/schedule.ts';
import type { Ctx } from './context.ts';
import { Forbidden, NotFound } from '../errors.ts';

// Weekly availability (SPEC §2 private_time, §7 disctime): one row per person and term.

// Every way a pair can be wrong answers the one message of SPEC's grid (not "at most 7 characters").
const cell = (max: number) =>
  z.number({ error: 'invalid_occupy' }).int({ error: 'invalid_occupy' }).min(1, { error: 'invalid_occupy' }).max(max, { error: 'invalid_occupy' });

const OccupySchema = z
  .array(z.tuple([cell(DAYS), cell(PERIODS)], { error: 'invalid_occupy' }), { error: 'invalid_occupy' })
  .max(DAYS * PERIODS, { error: 'invalid_occupy' });

export const SchedulePutSchema = z.object({
  uid: z.string({ error: 'required' }).min(1, { error: 'required' }).max(40, { error: 'too_long' }),
  name: z.string().max(100, { error: 'too_long' }).optional(),
  term: z.string({ error: 'required' }).refine(isTerm, { error: 'invalid_term' }),
  occupy: OccupySchema,
});

type Pair = [number, number];

/** Sorted, without duplicates. */
function normaliseOccupy(pairs: Pair[]): Pair[] {
  const seen = new Set(pairs.map(([d, p]) => d * 100 + p));
  return [...seen].sort((a, b) => a - b).map((n) => [Math.floor(n / 100), n % 100]);
}

const parse = (s: string): Pair[] => {
  try {
    return OccupySchema.parse(JSON.parse(s)) as Pair[];
  } catch {
    return [];
  }
};

export async function ownSchedules(ctx: Ctx, uid: string) {
  const person = await ctx.db.selectFrom('person').select(['pid']).where('uid', '=', uid).executeTakeFirst();
  if (!person) throw new NotFound();
  if (person.pid !== ctx.actor?.pid) throw new Forbidden();
  const rows = await ctx.db.selectFrom('schedule').select(['term', 'occupy']).where('person_pid', '=', person.pid).orderBy('term', 'desc').execute();
  return rows.map((r) => ({ term: r.term, occupy: parse(r.occupy) }));
}

/** Every in-group member's grid, keyed by term (the console home's time-management view). */
export async function allSchedules(ctx: Ctx) {
  const rows = await ctx.db
    .selectFrom('schedule')
    .innerJoin('person', 'person.pid', 'schedule.person_pid')
    .select(['schedule.term', 'schedule.occupy', 'person.name_zh', 'person.name_en', 'person.uid'])
    .where('person.status', '=', 1)
    .orderBy('schedule.term', 'desc')
    .orderBy('person.type_num')
    .orderBy('person.pid')
    .execute();
  const out: Record<string, { name: string; name_en: string; uid: string; occupy: Pair[] }[]> = {};
  for (const r of rows) {
    const list = out[r.term] ?? [];
    list.push({ name: r.name_zh, name_en: r.name_en, uid: r.uid, occupy: parse(r.occupy) });
    out[r.term] = list;
  }
  return out;
}

export async function saveSchedule(ctx: Ctx, input: z.infer<typeof SchedulePutSchema>) {
  const person = await ctx.db.selectFrom('person').select(['pid']).where('uid', '=', input.uid).executeTakeFirst();
  if (!person) throw new NotFound();
  if (person.pid !== ctx.actor?.pid) throw new Forbidden();
  const occupy = JSON.stringify(normaliseOccupy(input.occupy as Pair[]));
  await ctx.db
    .insertInto('schedule')
    .values({ person_pid: person.pid, term: input.term, occupy })
    .onConflict((oc) => oc.columns(['person_pid', 'term']).doUpdateSet({ occupy }))
    .execute();
}
