import { paths } from '../../common/paths.ts';
import { type AuthorMembers, authorKey } from '../../common/authors.ts';

/** An author list with the lab's members standing out, each linked to their page where they have one. */
export function AuthorList({ authors, members }: { authors: readonly string[]; members: AuthorMembers }) {
  // an author may appear twice in a list: the key counts the repeats
  const seen = new Map<string, number>();
  const keyOf = (name: string) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return `${name}#${n}`;
  };
  return (
    <>
      {authors.map((name, i) => {
        const member = members[authorKey(name)];
        const shown = member ? (
          member.page ? (
            <a className="member" href={paths.person(member.username)}>
              {name}
            </a>
          ) : (
            <strong className="member">{name}</strong>
          )
        ) : (
          name
        );
        return (
          <span key={keyOf(name)}>
            {i > 0 && ', '}
            {shown}
          </span>
        );
      })}
    </>
  );
}
