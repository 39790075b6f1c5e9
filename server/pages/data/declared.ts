import type { Lang } from '../../../common/enums.ts';
import { pick } from '../../../common/lang.ts';
import { type PublicCardData, type PublicResource, type PublicResourceInfo, publicListPath, publicRecordPath } from '../../../common/resource.ts';
import { topicOf } from '../../cache/changes.ts';
import { escapeHtml } from '../../escape-html.ts';
import { recordLanguages, withRenderedText } from '../../public/cards.ts';
import {
  chosenFilters,
  detailTopics,
  type PublicCrud,
  publicCards,
  publicCount,
  publicFilters,
  publicListPage,
  publicRecord,
  publicRecords,
} from '../../public/declared.ts';
import { publicSiteSettings } from '../../services/site.ts';
import { orNull, type PageScope, RECORD_ID } from './shared.ts';

const infoOf = (res: PublicResource, lang: Lang): PublicResourceInfo => ({
  name: res.name,
  segment: res.public.segment,
  label: res.public.nav.label[lang],
  description: res.public.description?.[lang] ?? '',
  href: publicListPath(res),
});

/** The pages of the declared public resources (common/resources: `public`): their lists, records, menu, home and sitemap entries. */
export function declaredData({ lab, lang, ctx, origin, params, reads }: PageScope) {
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
    /**
     * The menu entries of the declared public resources, by their order, beside the fixed ones
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
      reads(topicOf(crud.res));
      const chosen = chosenFilters(crud.res, (name) => params[name] || undefined);
      const list = await publicListPage(crud, ctx, Number(params.page || 1), chosen);
      if (!list) return null;
      reads(...detailTopics(crud.res).filter(lab.changes.isTopic));
      const items = await publicCards(crud.res, ctx, list.items, lang, origin);
      return { resource: infoOf(crud.res, lang), ...list, items, filters: publicFilters(crud.res, chosen, lang), chosen };
    },

    /** One public record of a declared public resource, for its page at /{segment}/{id}; null when there is none. */
    async resourceRecord(segment: string, id: string) {
      const crud = declaredAt(segment);
      if (!crud || !RECORD_ID.test(id)) return null;
      reads(topicOf(crud.res));
      const row = await orNull(publicRecord(crud, ctx, Number(id)));
      if (!row) return null;
      // the names and records its details show (a member renamed, a publication retitled) are read too
      reads(...detailTopics(crud.res).filter(lab.changes.isTopic));
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
        reads(topicOf(crud.res));
        if ((await publicCount(crud, ctx)) > 0) out.push({ key: crud.res.name, label: line[lang], href: publicListPath(crud.res) });
      }
      return out;
    },

    /** The sitemap's entries of the declared public resources: each list page (every page of it) and each public record's page, with the languages it has (undefined: both). */
    async declaredSitemap(): Promise<[string, Lang[] | undefined][]> {
      const out: [string, Lang[] | undefined][] = [];
      for (const crud of lab.publicResources) {
        reads(topicOf(crud.res));
        const rows = await publicRecords(crud, ctx);
        const base = publicListPath(crud.res);
        const pages = Math.max(1, Math.ceil(rows.length / (crud.res.public.pageSize ?? 24)));
        out.push([base, undefined], ...Array.from({ length: pages - 1 }, (_, i) => [`${base}?page=${i + 2}`, undefined] as [string, undefined]));
        // a record's page has an alternate only in the languages its text exists in
        out.push(...rows.map((r) => [publicRecordPath(crud.res, String(r[crud.res.id])), recordLanguages(crud.res, r)] as [string, Lang[]]));
      }
      return out;
    },
  };
}
