// Fields that refer to people (kind `people`): each item a `person_ref`, a lab
// member or someone outside the lab. Generalised from a publication's author members (common/authors.ts),
// which keep their own SPEC §7 shape (`author` names beside `author_members` links) and share with this the
// members' index, the check that a referred member exists, the links on public pages and the member's page.
//
// An item is `pid:{id}` (a member, by person id: a link that survives a rename), `@{username}` (a member by
// username, as a write may send it: the server stores it as `pid:{id}`), or a name as written (someone
// outside the lab, free text). Like common/authors.ts, kept free of zod: the public pages import it.

import { paths } from './paths.ts';

/** A member as public pages show them among the names: highlighted, and linked when they have a page here. */
export type MemberLink = { username: string; page: boolean };

/** A member as a people field names them on a public page: both names, and whether they have a page. */
export type ReferredMember = MemberLink & { name_zh: string; name_en: string };

/** One item of a people field, read. */
export type PersonRef = { pid: string } | { username: string } | { name: string };

const PID = /^pid:([1-9]\d{0,9})$/;
const USERNAME = /^@([A-Za-z0-9_.-]{1,64})$/;

/** The item of a member referred to by id. */
export const memberRef = (pid: number | string) => `pid:${pid}`;

/** What an item of a people field says: a member by id, by username, or a name. */
export function readRef(item: string): PersonRef {
  const byPid = PID.exec(item);
  if (byPid) return { pid: byPid[1] as string };
  const byName = USERNAME.exec(item);
  if (byName) return { username: byName[1] as string };
  return { name: item.trim() };
}

/** The member ids a list of items refers to. */
export const referredPids = (items: readonly string[]) => items.flatMap((i) => PID.exec(i)?.[1] ?? []);

/** A name as lists of names are compared: trimmed, spaces single, case ignored. */
export const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

type Named = { pid: number; name_en: string; name_zh: string };

/**
 * The members by id and by name, where a name belongs to one member only (two members of one name are
 * left for an editor to choose between).
 */
export function indexMembers<P extends Named>(people: readonly P[]): { byPid: Map<string, P>; byName: Map<string, P> } {
  const byPid = new Map<string, P>();
  const byName = new Map<string, P>();
  const shared = new Set<string>();
  for (const p of people) {
    byPid.set(String(p.pid), p);
    for (const key of new Set([nameKey(p.name_en), nameKey(p.name_zh)])) {
      if (!key) continue;
      if (byName.has(key) && byName.get(key)?.pid !== p.pid) shared.add(key);
      byName.set(key, p);
    }
  }
  for (const key of shared) byName.delete(key);
  return { byPid, byName };
}

/**
 * The first member id a write may not name: one that is not a member now and that the record did not
 * already name (a member removed since stays where the record had them; an unchanged list is sent back whole).
 */
export function unknownMember(pids: readonly string[], members: { has(pid: string): boolean }, had: readonly string[] = []): string | undefined {
  const before = new Set(had);
  return pids.find((pid) => !members.has(pid) && !before.has(pid));
}

/** One name of a people field as a public page shows it: a member's name in the reader's language (linked where they have a page), else the name as written. */
export type ShownRef = { name: string; member: boolean; href?: string };

/** A people field's items as a public page shows them; a member no longer listed is left out (their name went with them). */
export function showRefs(items: readonly string[], members: Readonly<Record<string, ReferredMember>>, lang: 'zh' | 'en'): ShownRef[] {
  return items.flatMap((item): ShownRef[] => {
    const ref = readRef(item);
    if ('name' in ref) return ref.name ? [{ name: ref.name, member: false }] : [];
    const m = 'pid' in ref ? members[ref.pid] : undefined;
    if (!m) return [];
    const name = (lang === 'zh' ? m.name_zh || m.name_en : m.name_en || m.name_zh) || m.username;
    return [m.page ? { name, member: true, href: paths.person(m.username) } : { name, member: true }];
  });
}
