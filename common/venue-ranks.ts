// The venue rank systems a site may show (CCF's recommended list, CORE's conference
// ranks), their ranks, and the list filter's values (?rank=ccf-a). The lists themselves are data files the
// server reads (server/venue-ranks/); the pages see only what a publication matched.

export const rankSystems = ['ccf', 'core'] as const;
export type RankSystem = (typeof rankSystems)[number];

const ranksOf = { ccf: ['A', 'B', 'C'], core: ['A*', 'A', 'B', 'C'] } as const satisfies Record<RankSystem, readonly string[]>;

/** A publication's rank in one system, as the pages show it ("CCF A", "CORE A*"). */
export type VenueRank = { system: RankSystem; rank: string; venue: string };

const systemLabel: Record<RankSystem, { zh: string; en: string }> = {
  ccf: { zh: 'CCF', en: 'CCF' },
  core: { zh: 'CORE', en: 'CORE' },
};

/** A badge's visible text; the system's name is part of it, so it never relies on colour. */
export const rankText = (r: Pick<VenueRank, 'system' | 'rank'>) => `${systemLabel[r.system].en} ${r.rank}`;

/** The filter's value of a rank: ccf-a, core-astar (a star is awkward in an address). */
export const rankParam = (system: RankSystem, rank: string) => `${system}-${rank.toLowerCase().replace('*', 'star')}`;

/** Every filter value, in the order the filter offers them. */
export const rankParams: readonly string[] = rankSystems.flatMap((s) => ranksOf[s].map((r) => rankParam(s, r)));

/** The system and rank a filter value names, or null. */
export function rankOfParam(param: string): { system: RankSystem; rank: string } | null {
  for (const system of rankSystems) for (const rank of ranksOf[system]) if (rankParam(system, rank) === param) return { system, rank };
  return null;
}

/**
 * The site setting `venue_ranks`: which systems the pages show, a comma-separated list ("" shows none, the
 * default: a lab outside China may not want CCF's judgement on its papers).
 */
export function shownSystems(setting: unknown): RankSystem[] {
  const chosen = typeof setting === 'string' ? setting.split(',') : [];
  return rankSystems.filter((s) => chosen.includes(s));
}

/** The override of the automatic match: "" matches by the venue, `none` shows no rank. */
export const NO_RANK = 'none';
