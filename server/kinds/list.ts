import { showRefs } from '../../common/person-refs.ts';
import { parseList } from '../../common/kinds/index.ts';
import { checkRecords, isPeopleField, resolvePeople } from '../services/person-refs.ts';
import { referredIds, type ServerKind, textDetail } from './kind.ts';

// A list: its JSON text in one column. A record page shows a list of people as their names (members linked
// to their pages), a list of records it `refers` to as links to those with a public page, other lists as text.

export const list: ServerKind = {
  // the people a people field names are members (by id) or names; the records it `refers` to exist
  async write({ ctx, name, def, input, current }) {
    const items = parseList(input[name] ?? []);
    const had = parseList(current?.[name]);
    if (isPeopleField(def)) return { [name]: JSON.stringify(await resolvePeople(ctx, name, items, had)) };
    if (!def.refers) return { [name]: JSON.stringify(items) };
    // ids the record already named stay (a record deleted since): an unchanged list is sent back whole
    const ids = [...new Set(items)];
    const kept = new Set(had);
    await checkRecords(ctx, name, def.refers, ids.filter((id) => !kept.has(id)).map(Number));
    return { [name]: JSON.stringify(ids) };
  },
  detail(d) {
    const { def, key, label, value, lang, referred } = d;
    if (isPeopleField(def)) {
      const people = showRefs(Array.isArray(value) ? (value as string[]) : [], referred.members, lang);
      return people.length > 0 ? { key, label, people } : undefined;
    }
    if (!def.refers) return textDetail(d);
    // only the records with a public page, in the order the list names them
    const links = referredIds(value).flatMap((id) => {
      const found = referred.records.get(`${def.refers}:${id}`);
      return found ? [{ text: found.title, href: found.href }] : [];
    });
    return links.length > 0 ? { key, label, links } : undefined;
  },
};
