import { showRefs } from '../../common/person-refs.ts';
import { parseList } from '../../common/kinds/index.ts';
import { checkRecords, resolvePeople } from '../services/person-refs.ts';
import { referredIds, type ServerKind, textDetail } from './kind.ts';

// Lists: their JSON text in one column. A record page shows a list of records it `refers` to as links to those
// with a public page, a list of people as their names (members linked to their pages), other lists as text.

export const list: ServerKind = {
  // the people a people field names are members (by id) or names; the records it `refers` to exist
  async write({ ctx, name, def, input, current }) {
    const items = parseList(input[name] ?? []);
    const had = parseList(current?.[name]);
    if (!def.refers) return { [name]: JSON.stringify(items) };
    // ids the record already named stay (a record deleted since): an unchanged list is sent back whole
    const ids = [...new Set(items)];
    const kept = new Set(had);
    await checkRecords(ctx, name, def.refers, ids.filter((id) => !kept.has(id)).map(Number));
    return { [name]: JSON.stringify(ids) };
  },
  detail(d) {
    const { def, key, label, value, referred } = d;
    if (!def.refers) return textDetail(d);
    // only the records with a public page, in the order the list names them
    const links = referredIds(value).flatMap((id) => {
      const found = referred.records.get(`${def.refers}:${id}`);
      return found ? [{ text: found.title, href: found.href }] : [];
    });
    return links.length > 0 ? { key, label, links } : undefined;
  },
};

/** People: stored as members by id (a username resolved, an unknown member refused) and names; shown as their names, members linked. */
export const people: ServerKind = {
  async write({ ctx, name, input, current }) {
    return { [name]: JSON.stringify(await resolvePeople(ctx, name, parseList(input[name] ?? []), parseList(current?.[name]))) };
  },
  detail({ key, label, value, lang, referred }) {
    const shown = showRefs(Array.isArray(value) ? (value as string[]) : [], referred.members, lang);
    return shown.length > 0 ? { key, label, people: shown } : undefined;
  },
};
