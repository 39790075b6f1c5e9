import type { FastifyRequest } from 'fastify';
import type { Lang } from '../../common/enums.ts';
import { pick, resolveLang } from '../../common/lang.ts';
import type { Lab } from '../api/helpers.ts';
import { siteOrigin } from '../http/origin.ts';
import type { Ctx } from '../services/context.ts';
import { NotFound } from '../services/context.ts';
import { publicSeminars, publishedArticle, publishedArticles, publishedNews } from '../services/content.ts';
import { publicPeople, publicPerson } from '../services/people.ts';
import { publications } from '../services/publications.ts';
import { publicPage, publicPages, publicShowcase, siteSettings } from '../services/site.ts';
import { renderMarkdown } from './markdown.ts';

// What the page loaders may ask of the server: public data only, already in the shape a page shows
// (markdown rendered and sanitized, HTML sanitized). Loaders never see the database.

type Row = Record<string, unknown>;

/** A record as pages receive it: plain JSON values (what the loaders serialize). */
export type Rec = { [key: string]: string | number | boolean | null | undefined | string[] };
const rec = (r: Row): Rec => r as Rec;

/** Only the named fields: page data is sent twice (as HTML and for hydration), so lists stay lean. */
function only<K extends string>(r: Row, keys: readonly K[]): Rec {
  const out: Row = {};
  for (const k of keys) if (r[k] !== undefined && r[k] !== '' && r[k] !== null) out[k] = r[k];
  return out as Rec;
}

const publicationListFields = ['pid', 'title', 'author', 'year', 'month', 'source', 'area', 'area_num', 'link1', 'link2', 'link3', 'link4', 'file1_url', 'file2_url', 'file3_url'] as const;
const peopleListFields = ['pid', 'username', 'name_zh', 'name_en', 'description_zh', 'description_en', 'type', 'type_num', 'area', 'entrance', 'status', 'portrait_url', 'link', 'link_type'] as const;
const recs = (rs: Row[]): Rec[] => rs as Rec[];

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

/** The query of a raw request URL; never throws, whatever the URL holds. */
export function queryOf(rawUrl: string): URLSearchParams {
  const i = rawUrl.indexOf('?');
  return new URLSearchParams(i < 0 ? '' : rawUrl.slice(i + 1));
}

export function createPageData(lab: Lab, req: FastifyRequest) {
  const query = queryOf(req.url);
  const lang = resolveLang({
    query: query.get('lang'),
    cookie: req.headers.cookie ?? null,
    acceptLanguage: (req.headers['accept-language'] as string | undefined) ?? null,
  });
  const ctx = anonymousCtx(lab, lang);
  const origin = siteOrigin(req, lab.config);

  return {
    lang,
    /** The request named its language (?lang=): canonical links then keep it. */
    forced: query.get('lang') === lang,
    origin,
    analyticsUrl: lab.config.analyticsUrl ?? null,
    /** The class-advisor account whose area lives at /{advisor}/… (null: no such area). */
    advisor: lab.config.advisorUsername ?? null,
    site: () => siteSettings(ctx),

    /** The settings with the intro rendered (and as plain text for the meta description). */
    async siteWithIntro() {
      const s = await siteSettings(ctx);
      const intro = pick(s.intro_zh, s.intro_en, lang);
      return { ...s, intro_html: renderMarkdown(intro).html, intro_text: intro.replace(/[#*_`>[\]()-]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 200) };
    },

    /** Released news (the home timeline), newest first. */
    async news(limit?: number) {
      const list = recs(await publishedNews(ctx));
      return limit ? list.slice(0, limit) : list;
    },

    async latestSeminar() {
      const first = (await publicSeminars(ctx))[0];
      return first ? rec(first) : null;
    },

    async seminarsForFeed() {
      return recs(await publicSeminars(ctx));
    },

    /** Published articles as list items, newest publication first. */
    async articles() {
      return (await publishedArticles(ctx)).map(({ markdown: _, editors: __, ...a }) => rec(a));
    },

    /** One published article by id or slug, with its body rendered. */
    async article(word: string) {
      const found = await orNull(publishedArticle(ctx, /^\d{1,10}$/.test(word) ? { aid: Number(word) } : { slug: word }));
      if (!found) return null;
      const { markdown, ...a } = found;
      const { html, toc } = renderMarkdown(String(markdown ?? ''));
      return { article: rec(a), html, toc };
    },

    people: async () => (await publicPeople(ctx)).map((p) => only(p, peopleListFields)),

    async person(username: string) {
      const p = await orNull(publicPerson(ctx, username));
      if (!p) return null;
      const { link1, link2, ...rest } = p;
      const body = p.link_type === 1 ? renderMarkdown(String(link1 ?? '')).html : p.link_type === 2 ? String(link2 ?? '') : '';
      return { person: rec(rest), html: body };
    },

    publications: async () => (await publications.list(ctx)).map((p) => only(p, publicationListFields)),

    async pages(section: 'course' | 'sharedtask') {
      return (await publicPages(ctx, section)).map(({ markdown_zh: _, markdown_en: __, ...p }) => rec(p));
    },

    async page(section: 'course' | 'sharedtask', slug: string) {
      const p = await orNull(publicPage(ctx, section, slug));
      if (!p) return null;
      const { markdown_zh, markdown_en, ...rest } = p;
      const { html, toc } = renderMarkdown(pick(markdown_zh, markdown_en, lang));
      return { page: rec(rest), html, toc };
    },

    showcase: async (kind?: 'carousel' | 'tool' | 'project') => recs(await publicShowcase(ctx, kind)),
  };
}

export type PageData = ReturnType<typeof createPageData>;

