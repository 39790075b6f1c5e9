import type { ShownRef } from '../../common/person-refs.ts';
import { at } from '../lib/base.ts';

/**
 * A name among others (an author, an award's recipient): a lab member stands out, linked to their page where
 * they have one; anyone else is the name as written. The author lists and the people fields draw
 * each name with it.
 */
export function MemberName({ name, member, href }: ShownRef) {
  if (!member) return <>{name}</>;
  return href ? (
    <a className="member" href={at(href)}>
      {name}
    </a>
  ) : (
    <strong className="member">{name}</strong>
  );
}

/** The names of a people field, comma-separated in the reader's language. */
export function PeopleNames({ people, lang }: { people: readonly ShownRef[]; lang: 'zh' | 'en' }) {
  return (
    <>
      {people.map((p, i) => (
        // a name may appear twice in a list: its place is its key
        // biome-ignore lint/suspicious/noArrayIndexKey: the list's order is the record's
        <span key={i}>
          {i > 0 && (lang === 'zh' ? '、' : ', ')}
          <MemberName {...p} />
        </span>
      ))}
    </>
  );
}
