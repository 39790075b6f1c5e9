import type { AuthorMembers } from '../../../common/authors.ts';
import { type RankSystem, rankOfParam, rankParam, rankParams, shownSystems, type VenueRank } from '../../../common/venue-ranks.ts';
import { type PublicationListItem, type PublicPublication, publicationListFields } from '../../../common/wire.ts';
import { publicRecordsReferring, referringTopics } from '../../public/declared.ts';
import { citeBoxOf } from '../../services/csl/custom-styles.ts';
import type { ListOptions } from '../../services/crud.ts';
import { publicationPdfUrl, publications, withoutEditorFields } from '../../services/publications.ts';
import { rankedPublications } from '../../services/rank-index.ts';
import { publicSiteSettings } from '../../services/site.ts';
import { shownRanks } from '../../services/venue-rank.ts';
import { asWire } from '../../services/wire.ts';
import { citationCounts, preprintOf } from '../../sync/citations.ts';
import { membersAmong } from './members.ts';
import { type ListPage, only, orNull, type PageScope, pageSizes, RECORD_ID, windowOf } from './shared.ts';

/** The publication page, each publication's page, and the lists the feed, the sitemap and the citation exports read. */
export function publicationData(scope: PageScope) {
  const { lab, lang, ctx, params, reads } = scope;
  return {
    /**
     * The publication page: SPEC §4's area filter over the whole list, then one page of what it selects,
     * numbered over the whole selection; null beyond the last page.
     */
    async publicationPage(): Promise<
      | (ListPage<PublicationListItem & { ranks: VenueRank[] }> & {
          found: number[];
          selection: number[];
          members: AuthorMembers;
          /** The rank filter's values with publications (of the shown systems), and the chosen one. */
          ranks: string[];
          rank: string;
          citations: Record<number, number>;
        })
      | null
    > {
      reads('publication', 'site');
      const found = (await lab.db.selectFrom('publication').select('area_num').distinct().execute()).map((r) => r.area_num);
      const picked = params.area ? params.area.split(',').map(Number) : [];
      const selection = picked.filter((n) => found.includes(n));
      const shown = shownSystems((await publicSiteSettings(ctx)).venue_ranks);
      const byArea: ListOptions['where'] | undefined = selection.length > 0 ? (q) => q.where('area_num', 'in', selection) : undefined;
      const size = pageSizes.publication;
      // the ranks are matched, not stored (an updated list applies at once): a rank filter reads every
      // publication's ranks, held until the publications change (services/rank-index.ts), then one page of the matching ones
      let where = byArea;
      let total: number;
      let rankFound: string[] = [];
      let rank = '';
      const chosen = rankOfParam(params.rank ?? '');
      if (shown.length > 0) {
        const all = await rankedPublications(lab, ctx);
        const light = selection.length > 0 ? all.filter((p) => selection.includes(p.area)) : all;
        const seen = new Set<string>();
        const matching: number[] = [];
        for (const p of light) {
          const ranks = p.ranks.filter((r) => shown.includes(r.system));
          for (const r of ranks) seen.add(rankParam(r.system, r.rank));
          if (chosen && ranks.some((r) => r.system === chosen.system && r.rank === chosen.rank)) matching.push(Number(p.pid));
        }
        rankFound = rankParams.filter((v) => seen.has(v));
        if (chosen && shown.includes(chosen.system as RankSystem)) {
          rank = params.rank ?? '';
          const w = windowOf(params, matching.length, size);
          if (!w) return null;
          const onPage = matching.slice(w.offset, w.offset + size);
          where = (q) => q.where('pid', 'in', onPage.length > 0 ? onPage : [0]);
          total = matching.length;
        } else total = light.length;
      } else total = await publications.count(ctx, byArea);
      const w = windowOf(params, total, size);
      if (!w) return null;
      const listed = asWire<PublicPublication[]>(
        await publications.list(ctx, rank ? { where } : { ...(where ? { where } : {}), limit: size, offset: w.offset }),
      );
      const items = listed.map((p) => ({ ...only(p, publicationListFields), ranks: shownRanks(p, shown) }));
      const citations = await citationCounts(
        lab.db,
        listed.map((p) => p.pid),
      );
      return {
        items,
        total,
        page: w.page,
        pages: w.pages,
        size,
        found: found.sort((a, b) => a - b),
        selection,
        members: await membersAmong(scope, listed),
        ranks: rankFound,
        rank,
        citations,
      };
    },

    /** One publication's page; null when there is none. */
    async publication(pid: string) {
      reads('publication');
      if (!RECORD_ID.test(pid)) return null;
      const found = await orNull(publications.get(ctx, Number(pid)));
      if (!found) return null;
      const p = asWire<PublicPublication>(withoutEditorFields(found));
      reads('site');
      const ranks = shownRanks(found, shownSystems((await publicSiteSettings(ctx)).venue_ranks));
      // the declared records that refer to it (the projects it acknowledges, its awards)
      reads(...referringTopics(lab.publicResources, 'publication').filter(lab.changes.isTopic));
      const referring = await publicRecordsReferring(lab.publicResources, ctx, 'publication', p.pid, lang);
      // its citations where the site shows them, and the preprint it was
      const cited_by_count = (await citationCounts(lab.db, [p.pid]))[p.pid] ?? null;
      const preprint_url = await preprintOf(lab.db, p.pid);
      return { ...p, pdf_url: await publicationPdfUrl(ctx, p), members: await membersAmong(scope, [p]), referring, ranks, cited_by_count, preprint_url };
    },

    /** Every publication as the public sees it, in the list's order; of the given areas only, unless none. */
    async publications(areaNums: readonly number[]) {
      reads('publication');
      const where: ListOptions['where'] | undefined = areaNums.length > 0 ? (q) => q.where('area_num', 'in', [...areaNums]) : undefined;
      return asWire<PublicPublication[]>(await publications.list(ctx, where ? { where } : {}));
    },

    /** The "Cite" block of a publication's page: its references in the styles the site offers, and its BibTeX. */
    async citations(p: PublicPublication) {
      reads('site');
      return citeBoxOf(lab.db, p);
    },

    /** The most recently entered publications (the highest ids), for the feed. */
    async newestPublications(limit: number) {
      reads('publication');
      return asWire<PublicPublication[]>(await publications.list(ctx, { orderBy: [['pid', 'desc']], limit }));
    },

    /** Every publication's id, oldest first (the sitemap). */
    async publicationIds() {
      reads('publication');
      return (await lab.db.selectFrom('publication').select('pid').orderBy('pid').execute()).map((r) => r.pid);
    },
  };
}
