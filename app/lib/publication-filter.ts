// SPEC §4's publication filter: "All" is active by default; choosing areas deactivates All; removing
// the last chosen area reactivates All; choosing All deactivates the others. The selection lives in
// the URL (?area=1&area=4) so every state is a link that works without JavaScript; the server reads it
// (server/pages/page-params.ts) and filters the whole list.

export type Selection = readonly number[];

export function toggleArea(selection: Selection, area: number): number[] {
  return selection.includes(area) ? selection.filter((a) => a !== area) : [...selection, area].sort((a, b) => a - b);
}

export function selectAll(): number[] {
  return [];
}

export const isAll = (selection: Selection) => selection.length === 0;

/** The query of a selection of areas and, when one is chosen, a venue rank (?rank=ccf-a). */
export function searchOf(selection: Selection, rank = ''): string {
  const p = new URLSearchParams();
  for (const a of selection) p.append('area', String(a));
  if (rank) p.set('rank', rank);
  const s = p.toString();
  return s ? `?${s}` : '';
}
