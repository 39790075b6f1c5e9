import type { FastifyRequest } from 'fastify';
import type { Lang } from '../../common/enums.ts';
import { pick, resolveLang } from '../../common/lang.ts';
import { themeOfCookie } from '../../common/theme.ts';
import type { Lab } from '../lab.ts';
import { isResultKind, type SearchKind } from '../../common/search.ts';
import { siteOrigin } from '../http/origin.ts';
import { pathOf, queryOf } from '../http/url.ts';
import type { Ctx } from '../services/context.ts';
import {
  type PersonListItem,
  type PublicationListItem,
  type PublicPersonItem,
  type PublicPublication,
  peopleListFields,
  publicationListFields,
} from '../../common/wire.ts';
import {
  type ArticleListItem,
  isPreviewKind,
  previewRecord,
  publicSeminars,
  publishedArticle,
  publishedArticleCount,
  publishedArticles,
  publishedNews,
} from '../services/content.ts';
import type { ListOptions } from '../services/crud.ts';
import { publicPeople, publicPeopleCount, publicPerson } from '../services/people.ts';
import { publicationPdfUrl, publications, publicationsBy, withoutEditorFields } from '../services/publications.ts';
import { shownRanks } from '../services/venue-rank.ts';
import { rankedPublications } from '../services/rank-index.ts';
import { rankOfParam, rankParam, rankParams, type RankSystem, shownSystems, type VenueRank } from '../../common/venue-ranks.ts';
import { type AuthorMembers, authorKey, BY_NAME, indexMembers, linkOf, memberOf, noMembers } from '../../common/authors.ts';
import { publicPage, publicPages, publicShowcase, publicSiteSettings } from '../services/site.ts';
import { asWire } from '../services/wire.ts';
import { citationsOf } from '../services/citations.ts';
import { renderMarkdown } from './markdown.ts';
import { pageParams } from './page-params.ts';
import type { Topic } from '../cache/changes.ts';
import { Forbidden, NotFound } from '../errors.ts';
import { type PublicCardData, type PublicResource, type PublicResourceInfo, publicListPath, publicRecordPath } from '../../common/resource.ts';
import {
  type PublicCrud,
  detailTopics,
  publicCards,
  publicCount,
  chosenFilters,
  publicFilters,
  publicListPage,
  publicRecord,
  publicRecords,
  publicRecordsNaming,
  publicRecordsReferring,
  referringTopics,
} from '../public/declared.ts';
import { peopleFields } from '../services/person-refs.ts';
import { recordLanguages, withRenderedText } from '../public/cards.ts';
import { escapeHtml } from '../escape-html.ts';
import { citationCounts, preprintOf } from '../sync/citations.ts';

/** A record's id in an address: one spelling each (no leading zero), so a page is never kept twice under two (server/pages/canonical.ts). */
const RECORD_ID = /^[1-9]\d{0,9}$/;

const infoOf = (res: PublicResource, lang: Lang): PublicResourceInfo => ({
  name: res.name,
  segment: res.public.segment,
  label: res.public.nav.label[lang],
  description: res.public.description?.[lang] ?? '',
  href: publicListPath(res),
});

// What the page loaders may ask of the server: public data only, already in the shape a page shows
// (markdown rendered and sanitized, HTML sanitized). Loaders never see the database.

// Each read has the type of the public read it is (common/wire.ts), so the pages are typed by it too.

/**
 * Only the named fields, and of those only the ones with a value: page data is sent twice (as HTML and
 * for hydration), so lists stay lean. A page reads an absent field as empty.
 */
function only<T extends object, K extends keyof T>(r: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of keys) if (r[k] !== undefined && r[k] !== '' && r[k] !== null) out[k] = r[k];
  return out;
}

// the people page's cards: the fields left out when empty are optional in PersonListItem; the others are
// never empty (NOT NULL columns that validation keeps non-empty, numbers and booleans), so `only` keeps them
const personListItem = (p: PublicPersonItem) => only(p, peopleListFields) as PersonListItem;
/** An article as the news page lists it (who edited it is not shown). */
export type ArticleListEntry = Omit<ArticleListItem, 'editors'>;
const listEntry = ({ editors: _, ...a }: ArticleListItem): ArticleListEntry => a;

function anonymousCtx(lab: Lab, lang: Lang): Ctx {
  return { db: lab.db, storage: lab.storage, actor: null, lang };
}

async function orNull<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof NotFound) return null;
    throw e;
  }
}

/** The language a page is rendered in, and whether its URL named it (?lang=: canonical links keep it). */
export function pageLanguage(req: FastifyRequest): { lang: Lang; forced: boolean } {
  const asked = queryOf(req.url).get('lang');
  const lang = resolveLang({
    query: asked,
    cookie: req.headers.cookie ?? null,
    acceptLanguage: (req.headers['accept-language'] as string | undefined) ?? null,
  });
  return { lang, forced: asked === lang };
}

/** How many records one page of a long list shows (SPEC §4 lists; issue #11 "big lists"). */
export const pageSizes = { publication: 100, article: 24, formerPeople: 60 } as const;

/** A window of a long list, numbered from 1; null when `page` lies beyond it (the page is a 404). */
export type ListPage<T> = { items: T[]; total: number; page: number; pages: number; size: number };
function windowOf(params: Record<string, string>, total: number, size: number): { page: number; pages: number; offset: number } | null {
  const page = Number(params.page || 1);
  const pages = Math.max(1, Math.ceil(total / size));
  return page > pages ? null : { page, pages, offset: (page - 1) * size };
}

/**
 * The data of one page request. `topics` collects what the page read, so the page cache knows which
 * writes change it (server/cache/changes.ts).
 */
export function createPageData(lab: Lab, req: FastifyRequest, topics: Set<Topic> = new Set()) {
  const { lang, forced } = pageLanguage(req);
  const ctx = anonymousCtx(lab, lang);
  // the site's address for links: the checked origin and BASE_PATH (server/http/base-path.ts)
  const origin = `${req.pageOrigin ?? siteOrigin(req, lab.config)}${lab.config.basePath}`;
  const reads = (...ts: Topic[]) => {
    for (const t of ts) topics.add(t);
  };

  /** The lab's members among the authors of `list` (linked, or matched by name): who to highlight and link, and no one else. */
  async function membersAmong(list: readonly { author?: readonly string[]; author_members?: readonly string[] }[]): Promise<AuthorMembers> {
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

  /** The served public resource whose pages start with `segment` (any case). */
  const declaredAt = (segment: string): PublicCrud | undefined => lab.publicResources.find((c) => c.res.public.segment.toLowerCase() === segment.toLowerCase());

  /** A declared record page's schema.org JSON-LD, where its declaration has one (`public.jsonLd`). */
  async function declaredJsonLd(res: PublicResource, row: Record<string, unknown>, record: PublicCardData): Promise<Record<string, unknown> | null> {
    if (!res.public.jsonLd) return null;
    reads('site');
    const site = await publicSiteSettings(ctx);
    const organization = { '@type': 'ResearchOrganization', name: pick(site.lab_name_zh, site.lab_name_en, lang), url: `${origin}/` };
    const blocks = record.blocks ?? [];
    const ld = res.public.jsonLd(row, {
      lang,
      url: `${origin}${record.href}`,
      title: record.title,
      text: record.text.join('\n\n'),
      html: blocks.map((b) => `${b.heading ? `<h2>${escapeHtml(b.heading)}</h2>` : ''}${b.html ?? `<p>${escapeHtml(b.text)}</p>`}`).join(''),
      organization,
      address: pick(site.location_zh, site.location_en, lang),
    });
    return { '@context': 'https://schema.org', ...ld };
  }

  return {
    lang,
    /**
     * The menu entries of the declared public resources (issue #27), by their order, beside the fixed ones
     * (app/lib/paths.ts): each with its label in the reader's language.
     */
    declaredNav: () =>
      lab.publicResources.map((c) => ({ key: c.res.name, href: publicListPath(c.res), order: c.res.public.nav.order, label: c.res.public.nav.label[lang] })),

    /** The result kinds of the declared public resources in the search, by name: their labels in the reader's language. */
    declaredKinds: (): Record<string, string> =>
      Object.fromEntries(lab.publicResources.filter((c) => c.res.public.search !== false).map((c) => [c.res.name, c.res.public.nav.label[lang]])),

    /** One page (?page=) of a declared public resource's list page at /{segment}; null for none, or beyond the last page. */
    async resourceList(segment: string) {
      const crud = declaredAt(segment);
      if (!crud) return null;
      reads(crud.res.name as Topic);
      const chosen = chosenFilters(crud.res, (name) => this.params[name] || undefined);
      const list = await publicListPage(crud, ctx, Number(this.params.page || 1), chosen);
      if (!list) return null;
      reads(...(detailTopics(crud.res) as Topic[]));
      const items = await publicCards(crud.res, ctx, list.items, lang, origin);
      return { resource: infoOf(crud.res, lang), ...list, items, filters: publicFilters(crud.res, chosen, lang), chosen };
    },

    /** One public record of a declared public resource, for its page at /{segment}/{id}; null when there is none. */
    async resourceRecord(segment: string, id: string) {
      const crud = declaredAt(segment);
      if (!crud || !RECORD_ID.test(id)) return null;
      reads(crud.res.name as Topic);
      const row = await orNull(publicRecord(crud, ctx, Number(id)));
      if (!row) return null;
      // the names and records its details show (a member renamed, a publication retitled) are read too
      reads(...(detailTopics(crud.res) as Topic[]));
      const [card] = await publicCards(crud.res, ctx, [row], lang, origin);
      if (!card) return null;
      const record = await withRenderedText(crud.res, card, lang);
      // schema.org: the declaration's own (public.jsonLd), else the one its type gives (public.schemaType)
      return { resource: infoOf(crud.res, lang), record, jsonLd: (await declaredJsonLd(crud.res, row, record)) ?? record.jsonLd ?? null };
    },

    /** The home page's lines of the declared public resources that have one (`public.home`) while any of their records is public. */
    async declaredHome(): Promise<{ key: string; label: string; href: string }[]> {
      const out: { key: string; label: string; href: string }[] = [];
      for (const crud of lab.publicResources) {
        const line = crud.res.public.home;
        if (!line) continue;
        reads(crud.res.name as Topic);
        if ((await publicCount(crud, ctx)) > 0) out.push({ key: crud.res.name, label: line[lang], href: publicListPath(crud.res) });
      }
      return out;
    },

    /** The sitemap's entries of the declared public resources: each list page (every page of it) and each public record's page, with the languages it has (undefined: both). */
    async declaredSitemap(): Promise<[string, Lang[] | undefined][]> {
      const out: [string, Lang[] | undefined][] = [];
      for (const crud of lab.publicResources) {
        reads(crud.res.name as Topic);
        const rows = await publicRecords(crud, ctx);
        const base = publicListPath(crud.res);
        const pages = Math.max(1, Math.ceil(rows.length / (crud.res.public.pageSize ?? 24)));
        out.push([base, undefined], ...Array.from({ length: pages - 1 }, (_, i) => [`${base}?page=${i + 2}`, undefined] as [string, undefined]));
        // a record's page has an alternate only in the languages its text exists in (issue #27, point 3)
        out.push(...rows.map((r) => [publicRecordPath(crud.res, String(r[crud.res.id])), recordLanguages(crud.res, r)] as [string, Lang[]]));
      }
      return out;
    },

    /** The request named its language (?lang=): canonical links then keep it. */
    forced,
    /** The reader's colour theme (the `theme` cookie), rendered on <html> so the first paint has it. */
    theme: themeOfCookie(req.headers.cookie),
    origin,
    /** BASE_PATH ('' at the root; `origin` above already ends with it): robots.txt's rules name paths under it. */
    base: lab.config.basePath,
    /** The query parameters this page reads, normalized (page-params.ts): the only ones loaders see. */
    params: pageParams(pathOf(req.url), queryOf(req.url)),
    analyticsUrl: lab.config.analyticsUrl ?? null,
    /** University login (issue #30): the campus name and which kinds are set up (the login page's buttons). */
    campusLogin: { name: lab.config.campusName, oidc: lab.config.oidc !== undefined, cas: lab.config.cas !== undefined, ldap: lab.config.ldap !== undefined },
    /** The class-advisor account whose area lives at /{advisor}/… (null: no such area). */
    advisor: lab.config.advisorUsername ?? null,
    site: () => {
      reads('site');
      return publicSiteSettings(ctx);
    },

    /** The settings with the intro rendered (and as plain text for the meta description). */
    async siteWithIntro() {
      reads('site');
      const s = await publicSiteSettings(ctx);
      const intro = pick(s.intro_zh, s.intro_en, lang);
      return {
        ...s,
        intro_html: (await renderMarkdown(intro)).html,
        intro_text: intro
          .replace(/[#*_`>[\]()-]/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 200),
      };
    },

    /** Released news (the home timeline), newest first; `limit` reads only the latest few. */
    async news(limit?: number) {
      reads('news');
      return publishedNews(ctx, limit);
    },

    async latestSeminar() {
      reads('seminar');
      return (await publicSeminars(ctx, 1))[0] ?? null;
    },

    async seminarsForFeed() {
      reads('seminar');
      return publicSeminars(ctx);
    },

    /** Published articles as list items, newest publication first: every one, or the latest `limit`. */
    async articles(limit?: number) {
      reads('article');
      return (await publishedArticles(ctx, limit ? { limit } : {})).map(listEntry);
    },

    /** How many pages each long list has (the sitemap names every one). */
    async listPages() {
      reads('article', 'people', 'publication');
      const [articleCount, formerCount, publicationCount] = await Promise.all([
        publishedArticleCount(ctx),
        publicPeopleCount(ctx, false),
        publications.count(ctx),
      ]);
      const pagesOf = (n: number, size: number) => Math.max(1, Math.ceil(n / size));
      return {
        news: pagesOf(articleCount, pageSizes.article),
        formerPeople: pagesOf(formerCount, pageSizes.formerPeople),
        publication: pagesOf(publicationCount, pageSizes.publication),
      };
    },

    /** One page of the published articles (the news page); null beyond the last. */
    async articlePage(): Promise<ListPage<ArticleListEntry> | null> {
      reads('article');
      const size = pageSizes.article;
      const total = await publishedArticleCount(ctx);
      const w = windowOf(this.params, total, size);
      if (!w) return null;
      const items = (await publishedArticles(ctx, { limit: size, offset: w.offset })).map(listEntry);
      return { items, total, page: w.page, pages: w.pages, size };
    },

    /** One published article by id or slug, with its body rendered. */
    async article(word: string) {
      reads('article');
      const found = await orNull(publishedArticle(ctx, RECORD_ID.test(word) ? { aid: Number(word) } : { slug: word }));
      if (!found) return null;
      const { markdown, ...a } = found;
      const { html, toc } = await renderMarkdown(markdown);
      return { article: a, html, toc };
    },

    /** Every member on the public list (the sitemap). */
    async people() {
      reads('people');
      return (await publicPeople(ctx)).map(personListItem);
    },

    /** The people page: every current member, or one page of the former ones; null beyond the last. */
    async peoplePage(): Promise<(ListPage<PersonListItem> & { tab: 'current' | 'former' }) | null> {
      reads('people');
      const tab = this.params.tab === 'former' ? 'former' : 'current';
      const total = await publicPeopleCount(ctx, tab === 'current');
      // a lab's current members fit one page; its former members grow with every year
      const size = tab === 'current' ? Math.max(total, 1) : pageSizes.formerPeople;
      const w = windowOf(this.params, total, size);
      if (!w) return null;
      const items = (await publicPeople(ctx, { current: tab === 'current', limit: size, offset: w.offset })).map(personListItem);
      return { tab, items, total, page: w.page, pages: w.pages, size };
    },

    /** A personal page: the person, their page's HTML, and the publications naming them (issue #14), newest first. */
    async person(username: string) {
      reads('people', 'publication');
      const p = await orNull(publicPerson(ctx, username));
      if (!p) return null;
      const { link1, link2, ...rest } = p;
      const body = p.link_type === 1 ? (await renderMarkdown(link1)).html : p.link_type === 2 ? link2 : '';
      const theirs = await publicationsBy(ctx, p);
      const items = theirs.map((x) => only(x, publicationListFields));
      // the declared records that name them in a people field (issue #27), by resource
      const naming = lab.publicResources.filter((c) => peopleFields(c.res).length > 0);
      reads(...naming.map((c) => c.res.name as Topic));
      const records = await publicRecordsNaming(naming, ctx, p.pid, lang);
      // issue #29: their citations in all, where the site shows citation counts
      reads('site');
      const counts = Object.values(
        await citationCounts(
          lab.db,
          theirs.map((x) => x.pid),
        ),
      );
      const citations = counts.length > 0 ? counts.reduce((a, b) => a + b, 0) : null;
      return { person: rest, html: body, publications: items, members: await membersAmong(theirs), records, citations };
    },

    /**
     * The publication page: SPEC §4's area filter over the whole list, then one page of what it selects,
     * numbered over the whole selection; null beyond the last page.
     */
    async publicationPage(): Promise<
      | (ListPage<PublicationListItem & { ranks: VenueRank[] }> & {
          found: number[];
          selection: number[];
          members: AuthorMembers;
          /** Issue #29, point 2: the rank filter's values with publications (of the shown systems), and the chosen one. */
          ranks: string[];
          rank: string;
          citations: Record<number, number>;
        })
      | null
    > {
      reads('publication', 'site');
      const found = (await lab.db.selectFrom('publication').select('area_num').distinct().execute()).map((r) => r.area_num);
      const picked = this.params.area ? this.params.area.split(',').map(Number) : [];
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
      const chosen = rankOfParam(this.params.rank ?? '');
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
          rank = this.params.rank ?? '';
          const w = windowOf(this.params, matching.length, size);
          if (!w) return null;
          const onPage = matching.slice(w.offset, w.offset + size);
          where = (q) => q.where('pid', 'in', onPage.length > 0 ? onPage : [0]);
          total = matching.length;
        } else total = light.length;
      } else total = await publications.count(ctx, byArea);
      const w = windowOf(this.params, total, size);
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
        members: await membersAmong(listed),
        ranks: rankFound,
        rank,
        citations,
      };
    },

    /** One publication's page (issue #14); null when there is none. */
    async publication(pid: string) {
      reads('publication');
      if (!RECORD_ID.test(pid)) return null;
      const found = await orNull(publications.get(ctx, Number(pid)));
      if (!found) return null;
      const p = asWire<PublicPublication>(withoutEditorFields(found));
      reads('site');
      const ranks = shownRanks(found, shownSystems((await publicSiteSettings(ctx)).venue_ranks));
      // the declared records that refer to it (the projects it acknowledges, its awards: issue #27)
      reads(...(referringTopics(lab.publicResources, 'publication') as Topic[]));
      const referring = await publicRecordsReferring(lab.publicResources, ctx, 'publication', p.pid, lang);
      // issue #29: its citations where the site shows them, and the preprint it was
      const cited_by_count = (await citationCounts(lab.db, [p.pid]))[p.pid] ?? null;
      const preprint_url = await preprintOf(lab.db, p.pid);
      return { ...p, pdf_url: await publicationPdfUrl(ctx, p), members: await membersAmong([p]), referring, ranks, cited_by_count, preprint_url };
    },

    /** Every publication as the public sees it, in the list's order; of the given areas only, unless none. */
    async publications(areaNums: readonly number[]) {
      reads('publication');
      const where: ListOptions['where'] | undefined = areaNums.length > 0 ? (q) => q.where('area_num', 'in', [...areaNums]) : undefined;
      return asWire<PublicPublication[]>(await publications.list(ctx, where ? { where } : {}));
    },

    /** The "Cite" block of a publication's page: its BibTeX and APA reference. */
    citations: (p: PublicPublication) => citationsOf(p),

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

    async pages(section: 'course' | 'sharedtask') {
      reads('site');
      return (await publicPages(ctx, section)).map(({ markdown_zh: _, markdown_en: __, ...p }) => p);
    },

    async page(section: 'course' | 'sharedtask', slug: string) {
      reads('site');
      const p = await orNull(publicPage(ctx, section, slug));
      if (!p) return null;
      const { markdown_zh, markdown_en, ...rest } = p;
      const { html, toc } = await renderMarkdown(pick(markdown_zh, markdown_en, lang));
      return { page: rest, html, toc };
    },

    /** The search page (issue #15): one page of results for ?q= (of ?kind=), never cached (plugin.ts). */
    async search() {
      const { q, kind, page } = this.params;
      return lab.search.search({ q: q ?? '', kind: isResultKind(kind) ? (kind as SearchKind) : null, page: Number(page || 1), lang });
    },

    /**
     * A record's preview (issue #16): as its public page would show it, a draft or with `edits` (the
     * console's unsaved fields) on top; null unless the preview gate let a member through for this request
     * (server/pages/preview.ts), for a kind or record there is none of, or a kind the member may not edit.
     * A preview reads no cached data and is never cached, so it notes no topic.
     */
    async preview(kind: string, id: string, edits?: Record<string, unknown>) {
      const actor = req.previewer;
      if (!actor || !isPreviewKind(kind) || !/^(?:new|\d{1,10})$/.test(id) || (id === 'new' && !edits)) return null;
      const p = await orNull(previewRecord({ ...ctx, actor }, kind, id === 'new' ? null : Number(id), edits)).catch((e: unknown) => {
        if (e instanceof Forbidden) return null;
        throw e;
      });
      if (p?.kind !== 'article') return p;
      const { markdown, ...article } = p.article;
      return { ...p, article, ...(await renderMarkdown(markdown)) };
    },

    /** Whether the page was asked for by a POST (a preview of unsaved edits: its action answers, not its loader). */
    posted: req.method === 'POST',

    showcase: async (kind?: 'carousel' | 'tool' | 'project') => {
      reads('site');
      return publicShowcase(ctx, kind);
    },
  };
}

export type PageData = ReturnType<typeof createPageData>;
