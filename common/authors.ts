// Author lists and the lab's members in them. Kept apart from common/wire.ts, which builds zod
// schemas: the public pages import this, and they load no zod (the script policy forbids its eval probe).
//
// A publication's `author_members` has one entry per author: a member's person id (a link that survives a
// rename), `none` (not a member, whatever the name) or `auto` (the member of that name, if exactly one has
// it). On save the server turns each `auto` it can match into the member's id; the rest stay `auto` and
// are matched when read, so a member who joins later is found on their earlier papers.

import { indexMembers, type MemberLink, nameKey } from './person-refs.ts';

// the members' index is the people fields' (common/person-refs.ts)
export { indexMembers };

export const NOT_A_MEMBER = 'none';
export const BY_NAME = 'auto';

/** A member as an author list shows them: highlighted, and linked when they have a page here (the people fields' MemberLink). */
export type AuthorMember = MemberLink;

/** The members an author list names: by person id (linked authors) and by name (authors left to `auto`). */
export type AuthorMembers = { byPid: Record<string, AuthorMember>; byName: Record<string, AuthorMember> };

export const noMembers = (): AuthorMembers => ({ byPid: {}, byName: {} });

/** A name as author lists are compared: trimmed, spaces single, case ignored. */
export const authorKey = nameKey;

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

// Names as BibTeX defines them. `author` keeps each author as the lab displays them
// (SPEC's list of strings); `author_parts` beside it keeps, one JSON object per author, the name's parts as
// the BibTeX parser read them. A part list is used (for citations and export) only while it still displays
// as the stored name: an editor who retypes a name gets the name as typed.

/** A name's parts: a person's family, given names, particle ("van der") and suffix ("Jr."), or a whole name (a body, a Chinese name). */
export type NameParts = { family?: string; given?: string; particle?: string; suffix?: string; literal?: string };

const CJK = /[\u3400-\u9fff]/;

/** A name as the lab writes it: "Given particle Family Suffix", a Chinese one family first, unspaced (李青禾). */
export function displayName(n: NameParts): string {
  if (n.literal) return n.literal;
  if (CJK.test(`${n.family ?? ''}${n.given ?? ''}`)) return `${n.family ?? ''}${n.given ?? ''}`;
  return [n.given, n.particle, n.family, n.suffix].filter(Boolean).join(' ');
}

/** One item of `author_parts` read back; undefined when it is not a name's parts. */
function partsOf(json: string | undefined): NameParts | undefined {
  if (!json) return undefined;
  try {
    const v: unknown = JSON.parse(json);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
    const out: NameParts = {};
    for (const [k, x] of Object.entries(v)) {
      if (!['family', 'given', 'particle', 'suffix', 'literal'].includes(k) || typeof x !== 'string') return undefined;
      if (x) out[k as keyof NameParts] = x;
    }
    return out.literal || out.family ? out : undefined;
  } catch {
    return undefined;
  }
}

/** The parts of each name of a list, where they still display as the stored name (else undefined: read the name as written). */
export function namesWithParts(names: readonly string[], parts: readonly string[] | undefined): (NameParts | undefined)[] {
  return names.map((name, i) => {
    const p = parts && parts.length === names.length ? partsOf(parts[i]) : undefined;
    return p && authorKey(displayName(p)) === authorKey(name) ? p : undefined;
  });
}
