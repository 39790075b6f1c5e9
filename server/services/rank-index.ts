import type { VenueRank } from '../../common/venue-ranks.ts';
import type { Lab } from '../lab.ts';
import type { Ctx } from './context.ts';
import { publications } from './publications.ts';
import { rankColumns, shownRanks } from './venue-rank.ts';
import { rankSystems } from '../../common/venue-ranks.ts';

// Every publication's venue ranks, in the list's order, with its area: what the public list's rank filter
// and its choices read. The ranks are matched, not stored (an updated rank list
// applies at once), and reading the rank columns of 10,000 publications for each page not yet cached held
// the event loop 80-140 ms a page (bench/scale.ts, /publication?rank=ccf-a): so it is read once, a page of
// ids at a time, and read again after a change of the publications (here or on another instance).

export type RankedPublication = { pid: number; area: number; ranks: VenueRank[] };

type Held = { generation: number; built?: { generation: number; rows: Promise<RankedPublication[]> } };
const held = new WeakMap<Lab, Held>();

/** Ids read at a time, the event loop given back between. */
const PAGE = 1000;

async function read(ctx: Ctx): Promise<RankedPublication[]> {
  const ids = await publications.ids(ctx);
  const rows: RankedPublication[] = [];
  for (let at = 0; at < ids.length; at += PAGE) {
    const page = ids.slice(at, at + PAGE);
    const got = await publications.list(ctx, { columns: [...rankColumns, 'area_num'], where: (q) => q.where('pid', 'in', page) });
    for (const p of got) rows.push({ pid: Number(p.pid), area: Number(p.area_num), ranks: shownRanks(p, rankSystems) });
    await new Promise((next) => setImmediate(next));
  }
  return rows;
}

/** The lab's publications with their ranks in every system, in the list's order: read once until the publications change. */
export async function rankedPublications(lab: Lab, ctx: Ctx): Promise<RankedPublication[]> {
  let h = held.get(lab);
  if (!h) {
    const fresh: Held = { generation: 0 };
    lab.changes.on((topic) => {
      if (topic === 'publication') fresh.generation += 1;
    });
    held.set(lab, fresh);
    h = fresh;
  }
  // a change while it was read: read again, so that a page made after a change never shows what was before it
  for (let tries = 0; ; tries += 1) {
    const generation = h.generation;
    if (h.built?.generation !== generation) h.built = { generation, rows: read(ctx) };
    const rows = await h.built.rows.catch((e: unknown) => {
      if (h.built?.generation === generation) h.built = undefined;
      throw e;
    });
    if (h.generation === generation || tries >= 2) return rows;
  }
}
