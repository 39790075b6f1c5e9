import type { FastifyRequest } from 'fastify';
import type { Lang } from '../../../common/enums.ts';
import { resolveLang } from '../../../common/lang.ts';
import type { Topic } from '../../cache/changes.ts';
import { NotFound } from '../../errors.ts';
import { siteOrigin } from '../../http/origin.ts';
import { pathOf, queryOf } from '../../http/url.ts';
import type { Lab } from '../../lab.ts';
import type { Ctx } from '../../services/context.ts';

// What every family of page data (this folder) shares: the request it answers, read once, and the small
// helpers of lists and records. server/pages/page-data.ts composes the families into one PageData.

/**
 * One page request as the page data sees it. `reads` notes a topic the page read, so the page cache knows
 * which writes change it (server/cache/changes.ts).
 */
export type PageScope = {
  lab: Lab;
  req: FastifyRequest;
  lang: Lang;
  /** The request named its language (?lang=). */
  forced: boolean;
  /** An anonymous reader's context in the page's language: pages read public data only. */
  ctx: Ctx;
  /** The site's address for links: the checked origin and BASE_PATH (server/http/base-path.ts). */
  origin: string;
  /** The query parameters this page reads, normalized (page-params.ts): the only ones loaders see. */
  params: Record<string, string>;
  reads: (...topics: Topic[]) => void;
};

export function pageScope(lab: Lab, req: FastifyRequest, topics: Set<Topic>): PageScope {
  const { lang, forced } = pageLanguage(req);
  return {
    lab,
    req,
    lang,
    forced,
    ctx: { db: lab.db, storage: lab.storage, actor: null, lang },
    origin: `${req.pageOrigin ?? siteOrigin(req, lab.config)}${lab.config.basePath}`,
    params: lab.pageParams(pathOf(req.url), queryOf(req.url)),
    reads: (...ts) => {
      for (const t of ts) topics.add(t);
    },
  };
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

/** A record's id in an address: one spelling each (no leading zero), so a page is never kept twice under two (server/pages/canonical.ts). */
export const RECORD_ID = /^[1-9]\d{0,9}$/;

/**
 * Only the named fields, and of those only the ones with a value: page data is sent twice (as HTML and
 * for hydration), so lists stay lean. A page reads an absent field as empty.
 */
export function only<T extends object, K extends keyof T>(r: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of keys) if (r[k] !== undefined && r[k] !== '' && r[k] !== null) out[k] = r[k];
  return out;
}

/** The record, or null where there is none (a page's 404). */
export async function orNull<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof NotFound) return null;
    throw e;
  }
}

/** How many records one page of a long list shows (SPEC §4 lists). */
export const pageSizes = { publication: 100, article: 24, formerPeople: 60, news: 10 } as const;

/** A window of a long list, numbered from 1; null when `page` lies beyond it (the page is a 404). */
export type ListPage<T> = { items: T[]; total: number; page: number; pages: number; size: number };
export function windowOf(params: Record<string, string>, total: number, size: number): { page: number; pages: number; offset: number } | null {
  const page = Number(params.page || 1);
  const pages = Math.max(1, Math.ceil(total / size));
  return page > pages ? null : { page, pages, offset: (page - 1) * size };
}
