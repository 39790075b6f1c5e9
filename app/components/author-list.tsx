import { type AuthorMembers, memberOf } from '../../common/authors.ts';
import { paths } from '../../common/paths.ts';
import { MemberName } from './member-name.tsx';

/** An author list with the lab's members standing out, each linked to their page where they have one. */
export function AuthorList({ item, members }: { item: { author?: readonly string[]; author_members?: readonly string[] }; members: AuthorMembers }) {
  // an author may appear twice in a list: the key counts the repeats
  const seen = new Map<string, number>();
  const keyOf = (name: string) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return `${name}#${n}`;
  };
  return (
    <>
      {(item.author ?? []).map((name, i) => {
        const member = memberOf(item, i, members);
        return (
          <span key={keyOf(name)}>
            {i > 0 && ', '}
            <MemberName name={name} member={member !== undefined} {...(member?.page ? { href: paths.person(member.username) } : {})} />
          </span>
        );
      })}
    </>
  );
}
