// Author lists and the lab's members in them (issue #14). Kept apart from common/wire.ts, which builds zod
// schemas: the public pages import this, and they load no zod (the script policy forbids its eval probe).
//
// A publication's `author_members` has one entry per author: a member's person id (a link that survives a
// rename), `none` (not a member, whatever the name) or `auto` (the member of that name, if exactly one has
// it). On save the server turns each `auto` it can match into the member's id; the rest stay `auto` and
// are matched when read, so a member who joins later is found on their earlier papers.

export const NOT_A_MEMBER = 'none';
export const BY_NAME = 'auto';

/** A member as an author list shows them: highlighted, and linked when they have a page here. */
export type AuthorMember = { username: string; page: boolean };

/** The members an author list names: by person id (linked authors) and by name (authors left to `auto`). */
export type AuthorMembers = { byPid: Record<string, AuthorMember>; byName: Record<string, AuthorMember> };

export const noMembers = (): AuthorMembers => ({ byPid: {}, byName: {} });

/** A name as author lists are compared: trimmed, spaces single, case ignored. */
export const authorKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

type Authored = { author?: readonly string[]; author_members?: readonly string[] };

/** What the record says of its i-th author; `auto` where it says nothing (records from before the field). */
export function linkOf(p: Authored, i: number): string {
  const links = p.author_members;
  return links && links.length === (p.author ?? []).length ? (links[i] ?? BY_NAME) : BY_NAME;
}

/** The member the i-th author is, if any. */
export function memberOf(p: Authored, i: number, members: AuthorMembers): AuthorMember | undefined {
  const link = linkOf(p, i);
  if (link === NOT_A_MEMBER) return undefined;
  if (link === BY_NAME) return members.byName[authorKey(p.author?.[i] ?? '')];
  return members.byPid[link];
}

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
    for (const key of new Set([authorKey(p.name_en), authorKey(p.name_zh)])) {
      if (!key) continue;
      if (byName.has(key) && byName.get(key)?.pid !== p.pid) shared.add(key);
      byName.set(key, p);
    }
  }
  for (const key of shared) byName.delete(key);
  return { byPid, byName };
}
