import { type AuthorMembers, authorKey, BY_NAME, indexMembers, linkOf, memberOf, noMembers } from '../../../common/authors.ts';
import type { PublicPersonItem } from '../../../common/wire.ts';
import { publicPeople } from '../../services/people.ts';
import type { PageScope } from './shared.ts';

/** The lab's members among the authors of `list` (linked, or matched by name): who to highlight and link, and no one else. */
export async function membersAmong(
  { ctx, reads }: PageScope,
  list: readonly { author?: readonly string[]; author_members?: readonly string[] }[],
): Promise<AuthorMembers> {
  reads('people');
  const out = noMembers();
  if (list.every((p) => (p.author ?? []).length === 0)) return out;
  const index = indexMembers(await publicPeople(ctx));
  const shown = (m: PublicPersonItem) => ({ username: m.username, page: m.link_type === 1 || m.link_type === 2 });
  const everyone: AuthorMembers = {
    byPid: Object.fromEntries([...index.byPid].map(([pid, m]) => [pid, shown(m)])),
    byName: Object.fromEntries([...index.byName].map(([name, m]) => [name, shown(m)])),
  };
  for (const p of list) {
    for (const [i, name] of (p.author ?? []).entries()) {
      const m = memberOf(p, i, everyone);
      const link = linkOf(p, i);
      if (m && link === BY_NAME) out.byName[authorKey(name)] = m;
      else if (m) out.byPid[link] = m;
    }
  }
  return out;
}
