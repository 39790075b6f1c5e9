import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  type PublicArticleItem,
  PublicArticleItemSchema,
  PublicArticleSchema,
  PublicNewsSchema,
  PublicPersonItemSchema,
  type PublicPersonLight,
  PublicPersonLightSchema,
  PublicPersonSchema,
  type PublicPublicationItem,
  PublicPublicationItemSchema,
  PublicSeminarSchema,
} from '../../common/wire.ts';
import { publicSeminars, publishedArticle, publishedArticles, publishedNews } from '../services/content.ts';
import { peopleLightList, publicPeople, publicPerson } from '../services/people.ts';
import { publicationItemColumns, publications, withoutEditorFields } from '../services/publications.ts';
import { asSent, onWhenOne, type ParamKey } from '../cache/plugin.ts';
import type { ListOptions } from '../services/crud.ts';
import { at } from '../http/base-path.ts';
import { asWire } from '../services/wire.ts';
import { answers, ctxOf, listOrOne, parseId, typed } from './helpers.ts';
import { NotFound } from '../errors.ts';
import { publicFilterValues, publicReadPath, publicSchema } from '../../common/resource.ts';
import { topicOf } from '../cache/changes.ts';
import { chosenFilters, type PublicCrud, publicRecord, publicRecords } from '../public/declared.ts';

// SPEC §7 public reads. Never unpublished articles or news, never passwords, tokens or phones;
// stored HTML leaves through the sanitizer. Each answer's schema (common/wire.ts) names every field the
// public sees.

const tags = ['public'];

/** /api/read_publication/'s optional paging: the default page size, and the bounds of the numbers it reads. */
const PER_PAGE = 100;
const PER_PAGE_MAX = 1000;
const PAGE_MAX = 1_000_000;

/** A whole number from 0 to `max` written with digits alone, else undefined (ignored). */
function whole(value: string | undefined, max: number): number | undefined {
  if (value === undefined || !/^\d{1,7}$/.test(value)) return undefined;
  const n = Number(value);
  return n <= max ? n : undefined;
}

/** The cache key of such a number: what `whole` reads of it, so that junk shares the answer without it. */
const wholeKey =
  (max: number): ParamKey =>
  (v) => {
    const n = whole(v, max);
    return n === undefined ? '' : `=${n}`;
  };

export async function publicRoutes(app: FastifyInstance) {
  const api = typed(app);
  api.get(
    '/api/read_news/',
    {
      config: { access: 'public', cache: { topics: ['news'] } },
      schema: { tags, summary: 'Published news, newest first', response: answers(z.array(PublicNewsSchema)) },
    },
    async (req) => await publishedNews(ctxOf(app, req)),
  );

  api.get(
    '/api/read_seminar/',
    {
      config: { access: 'public', cache: { topics: ['seminar'], query: { recent: onWhenOne } } },
      schema: {
        tags,
        summary: 'Seminars, newest first; ?recent=1 for the latest one',
        querystring: z.object({ recent: z.string().optional() }).loose(),
        response: answers(listOrOne(PublicSeminarSchema)),
      },
    },
    async (req) => {
      const list = await publicSeminars(ctxOf(app, req));
      if (req.query.recent === '1') {
        const [latest] = list;
        if (!latest) throw new NotFound();
        return latest;
      }
      return list;
    },
  );

  api.get(
    '/api/read_article/',
    {
      config: { access: 'public', cache: { topics: ['article'], query: { aid: asSent, slug: asSent } } },
      schema: {
        tags,
        summary: 'Published articles (list items); ?aid= or ?slug= for one',
        querystring: z.object({ aid: z.string().optional(), slug: z.string().optional() }).loose(),
        response: answers(z.union([z.array(PublicArticleItemSchema), PublicArticleSchema])),
      },
    },
    async (req) => {
      const { aid, slug } = req.query;
      const ctx = ctxOf(app, req);
      if (aid !== undefined || slug !== undefined) {
        const id = parseId(aid);
        if (id !== undefined) return await publishedArticle(ctx, { aid: id });
        if (slug !== undefined) return await publishedArticle(ctx, { slug });
        throw new NotFound();
      }
      // the service's list item carries more (editors, release, time1…): the public item is these
      return (await publishedArticles(ctx)).map(
        (a): PublicArticleItem => ({
          aid: a.aid,
          slug: a.slug,
          title: a.title,
          abstract: a.abstract,
          image_url: a.image_url,
          type: a.type,
          type_num: a.type_num,
          authors: a.authors,
          time3: a.time3,
          timestr3: a.timestr3,
        }),
      );
    },
  );

  api.get(
    '/api/read_people/',
    {
      config: { access: 'public', cache: { topics: ['people'], query: { username: asSent, onlylist: onWhenOne } } },
      schema: {
        tags,
        summary: 'People (public fields); ?username= for one; ?onlylist=1 for a light list',
        querystring: z.object({ username: z.string().optional(), onlylist: z.string().optional() }).loose(),
        response: answers(z.union([PublicPersonSchema, z.array(PublicPersonLightSchema), z.array(PublicPersonItemSchema)])),
      },
    },
    async (req) => {
      const { username, onlylist } = req.query;
      const ctx = ctxOf(app, req);
      if (username !== undefined) return await publicPerson(ctx, username);
      if (onlylist === '1') return asWire<PublicPersonLight[]>(await peopleLightList(ctx));
      return await publicPeople(ctx);
    },
  );

  api.get(
    '/api/read_publication/',
    {
      // a value that is not a whole number of the right size is ignored, as if absent: junk shares the answer
      config: {
        access: 'public',
        cache: { topics: ['publication'], query: { page: wholeKey(PAGE_MAX), per_page: wholeKey(PER_PAGE_MAX), since: wholeKey(9999) } },
      },
      schema: {
        tags,
        summary:
          'Publications, newest first, without their abstracts (on each publication page, and in /publication.json). The whole list unless asked for less: ' +
          `?since=YEAR keeps those of that year and later; ?page=N (from 1) answers the Nth page of ?per_page= (default ${PER_PAGE}, at most ${PER_PAGE_MAX}) ` +
          'with X-Total-Count and a Link to the next page. Send If-None-Match with the ETag of the last answer: 304 while nothing changed.',
        querystring: z
          .object({
            page: z.string().optional().meta({ description: 'a page number from 1; absent: the whole list' }),
            per_page: z
              .string()
              .optional()
              .meta({ description: `items a page (1–${PER_PAGE_MAX}, default ${PER_PAGE})` }),
            since: z.string().optional().meta({ description: 'a year: only publications of that year or later' }),
          })
          .loose(),
        response: answers(z.array(PublicPublicationItemSchema)),
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(app, req);
      const since = whole(req.query.since, 9999);
      const where: ListOptions['where'] = since === undefined ? undefined : (q) => q.where('year', '>=', since);
      const page = whole(req.query.page, PAGE_MAX);
      if (page === undefined || page < 1)
        return asWire<PublicPublicationItem[]>((await publications.list(ctx, { columns: publicationItemColumns, where })).map(withoutEditorFields));
      const perPage = Math.max(1, whole(req.query.per_page, PER_PAGE_MAX) ?? PER_PAGE);
      const [total, rows] = await Promise.all([
        publications.count(ctx, where),
        publications.list(ctx, { columns: publicationItemColumns, where, limit: perPage, offset: (page - 1) * perPage }),
      ]);
      reply.header('X-Total-Count', String(total));
      if (page * perPage < total) {
        const next = new URLSearchParams({ page: String(page + 1), per_page: String(perPage), ...(since === undefined ? {} : { since: String(since) }) });
        reply.header('Link', `<${at(app.lab.config.basePath, '/api/read_publication/')}?${next}>; rel="next"`);
      }
      return asWire<PublicPublicationItem[]>(rows.map(withoutEditorFields));
    },
  );
}

/**
 * The read of each served resource whose declaration has a public side: GET /api/read_{name}/
 * answers its public records, in the declared order, and ?{id}= one of them; each only with the declared
 * projection's fields (a filter: a column the service reads and the projection does not name never leaves).
 */
export async function declaredPublicRoutes(app: FastifyInstance, declared: readonly PublicCrud[]) {
  const api = typed(app);
  for (const crud of declared) {
    const { res } = crud;
    const item = publicSchema(res);
    // the list page's filters narrow the list here too (?level=national); a value no filter offers is ignored
    const filters = publicFilterValues(res);
    const filterKeys = Object.fromEntries(
      Object.entries(filters).map(([param, values]) => [param, (v: string | undefined) => (v !== undefined && values.includes(v) ? `=${v}` : '')]),
    );
    const filterQuery = Object.fromEntries(
      Object.entries(filters).map(([param, values]) => [
        param,
        z
          .string()
          .optional()
          .meta({ description: `one of ${values.join(', ')}` }),
      ]),
    );
    api.get(
      publicReadPath(res),
      {
        config: { access: 'public', cache: { topics: [topicOf(res)], query: { [res.id]: asSent, ...filterKeys } } },
        schema: {
          tags,
          summary: `${res.label.en}: the public records, in their order; ?${res.id}= for one`,
          querystring: z.object({ [res.id]: z.string().optional(), ...filterQuery }).loose(),
          response: answers(listOrOne(item)),
        },
      },
      async (req) => {
        const ctx = ctxOf(app, req);
        const query = req.query as Record<string, string | undefined>;
        const raw = query[res.id];
        if (raw === undefined)
          return await publicRecords(
            crud,
            ctx,
            {},
            chosenFilters(res, (name) => query[name]),
          );
        const id = parseId(raw);
        if (id === undefined) throw new NotFound();
        return await publicRecord(crud, ctx, id);
      },
    );
  }
}
