import { type PersonListItem, type PublicPersonItem, peopleListFields, publicationListFields } from '../../../common/wire.ts';
import { topicOf } from '../../cache/changes.ts';
import { publicRecordsNaming } from '../../public/declared.ts';
import { peopleFields } from '../../services/person-refs.ts';
import { publicPeople, publicPeopleCount, publicPerson } from '../../services/people.ts';
import { publicationsBy } from '../../services/publications.ts';
import { citationCounts } from '../../sync/citations.ts';
import { renderMarkdown } from '../markdown.ts';
import { membersAmong } from './members.ts';
import { type ListPage, only, orNull, type PageScope, pageSizes, windowOf } from './shared.ts';

// the people page's cards: the fields left out when empty are optional in PersonListItem; the others are
// never empty (NOT NULL columns that validation keeps non-empty, numbers and booleans), so `only` keeps them
const personListItem = (p: PublicPersonItem) => only(p, peopleListFields) as PersonListItem;

/** The people page and each member's own page. */
export function peopleData(scope: PageScope) {
  const { lab, lang, ctx, params, reads } = scope;
  return {
    /** Every member on the public list (the sitemap). */
    async people() {
      reads('people');
      return (await publicPeople(ctx)).map(personListItem);
    },

    /** The people page: every current member, or one page of the former ones; null beyond the last. */
    async peoplePage(): Promise<(ListPage<PersonListItem> & { tab: 'current' | 'former' }) | null> {
      reads('people');
      const tab = params.tab === 'former' ? 'former' : 'current';
      const total = await publicPeopleCount(ctx, tab === 'current');
      // a lab's current members fit one page; its former members grow with every year
      const size = tab === 'current' ? Math.max(total, 1) : pageSizes.formerPeople;
      const w = windowOf(params, total, size);
      if (!w) return null;
      const items = (await publicPeople(ctx, { current: tab === 'current', limit: size, offset: w.offset })).map(personListItem);
      return { tab, items, total, page: w.page, pages: w.pages, size };
    },

    /** A personal page: the person, their page's HTML, and the publications naming them, newest first. */
    async person(username: string) {
      reads('people', 'publication');
      const p = await orNull(publicPerson(ctx, username));
      if (!p) return null;
      const { link1, link2, ...rest } = p;
      const body = p.link_type === 1 ? (await renderMarkdown(link1)).html : p.link_type === 2 ? link2 : '';
      const theirs = await publicationsBy(ctx, p);
      const items = theirs.map((x) => only(x, publicationListFields));
      // the declared records that name them in a people field, by resource
      const naming = lab.publicResources.filter((c) => peopleFields(c.res).length > 0);
      reads(...naming.map((c) => topicOf(c.res)));
      const records = await publicRecordsNaming(naming, ctx, p.pid, lang);
      // their citations in all, where the site shows citation counts
      reads('site');
      const counts = Object.values(
        await citationCounts(
          lab.db,
          theirs.map((x) => x.pid),
        ),
      );
      const citations = counts.length > 0 ? counts.reduce((a, b) => a + b, 0) : null;
      return { person: rest, html: body, publications: items, members: await membersAmong(scope, theirs), records, citations };
    },
  };
}
