import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { publicSeminars, publishedArticle, publishedArticles, publishedNews } from '../services/content.ts';
import { peopleLightList, publicPeople, publicPerson } from '../services/people.ts';
import { publications } from '../services/publications.ts';
import { asSent, onWhenOne } from '../cache/plugin.ts';
import { ctxOf, parseId } from './helpers.ts';
import { NotFound } from '../errors.ts';

// SPEC §7 public reads. Never unpublished articles or news, never passwords, tokens or phones;
// stored HTML leaves through the sanitizer.

const tags = ['public'];

export async function publicRoutes(app: FastifyInstance) {
  app.get(
    '/api/read_news/',
    { config: { access: 'public', cache: { topics: ['news'] } }, schema: { tags, summary: 'Published news, newest first' } },
    async (req) => {
      return publishedNews(ctxOf(app, req));
    },
  );

  app.get(
    '/api/read_seminar/',
    {
      config: { access: 'public', cache: { topics: ['seminar'], query: { recent: onWhenOne } } },
      schema: { tags, summary: 'Seminars, newest first; ?recent=1 for the latest one', querystring: z.object({ recent: z.string().optional() }).loose() },
    },
    async (req) => {
      const list = await publicSeminars(ctxOf(app, req));
      if ((req.query as { recent?: string }).recent === '1') {
        if (list.length === 0) throw new NotFound();
        return list[0];
      }
      return list;
    },
  );

  app.get(
    '/api/read_article/',
    {
      config: { access: 'public', cache: { topics: ['article'], query: { aid: asSent, slug: asSent } } },
      schema: {
        tags,
        summary: 'Published articles (list items); ?aid= or ?slug= for one',
        querystring: z.object({ aid: z.string().optional(), slug: z.string().optional() }).loose(),
      },
    },
    async (req) => {
      const { aid, slug } = req.query as { aid?: string; slug?: string };
      const ctx = ctxOf(app, req);
      if (aid !== undefined || slug !== undefined) {
        const id = parseId(aid);
        if (id !== undefined) return publishedArticle(ctx, { aid: id });
        if (slug !== undefined) return publishedArticle(ctx, { slug });
        throw new NotFound();
      }
      return (await publishedArticles(ctx)).map((a) => ({
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
      }));
    },
  );

  app.get(
    '/api/read_people/',
    {
      config: { access: 'public', cache: { topics: ['people'], query: { username: asSent, onlylist: onWhenOne } } },
      schema: {
        tags,
        summary: 'People (public fields); ?username= for one; ?onlylist=1 for a light list',
        querystring: z.object({ username: z.string().optional(), onlylist: z.string().optional() }).loose(),
      },
    },
    async (req) => {
      const { username, onlylist } = req.query as { username?: string; onlylist?: string };
      const ctx = ctxOf(app, req);
      if (username !== undefined) return publicPerson(ctx, username);
      if (onlylist === '1') return peopleLightList(ctx);
      return publicPeople(ctx);
    },
  );

  app.get(
    '/api/read_publication/',
    { config: { access: 'public', cache: { topics: ['publication'] } }, schema: { tags, summary: 'Publications, newest first' } },
    async (req) => {
      return publications.list(ctxOf(app, req));
    },
  );
}
