import { areas, enumLabel, type Lang, personTypes } from '../../common/enums.ts';
import type { PersonListItem } from '../../common/wire.ts';

// People grouping of SPEC §2: teachers (type_num 1–3), then postdocs, PhD, master and undergraduate
// students; former members in the same groups (with "other" for type_num 8).

const peopleGroups = [
  { key: 'teachers', nums: [1, 2, 3] },
  { key: 'postdoc', nums: [4] },
  { key: 'phd', nums: [5] },
  { key: 'master', nums: [6] },
  { key: 'undergraduate', nums: [7] },
  { key: 'other', nums: [8] },
] as const;

export function groupPeople(people: PersonListItem[], current: boolean) {
  const mine = people.filter((p) => p.status === current);
  return peopleGroups
    .map((g) => ({ key: g.key, people: mine.filter((p) => (g.nums as readonly number[]).includes(p.type_num)) }))
    .filter((g) => g.people.length > 0);
}

/** Where a card leads: nowhere (link_type 0), the external page (3) or the personal page. */
export function personHref(p: PersonListItem): string | null {
  if (!p.link_type) return null;
  if (p.link_type === 3) return p.link || null;
  return `/people/${encodeURIComponent(p.username)}`;
}

export const typeLabel = (value: unknown, lang: Lang) => enumLabel(personTypes, String(value ?? ''), lang);
export const areaLabel = (value: unknown, lang: Lang) => (value && value !== 'none' ? enumLabel(areas, String(value), lang) : '');
