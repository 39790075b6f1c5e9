import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SEARCH_MAX_CHARS, SEARCH_PAGE_SIZE, SearchAnswerSchema, searchKinds } from '../../common/search.ts';
import { requestLang } from '../http/errors.ts';
import { answers, typed } from './helpers.ts';

// GET /api/search/ (issue #15): the site search over what the public sees, for the search page's
// script-free twin, the console's quick search and anyone else. Answers are not kept by the response
// cache: every query would be a new entry (server/cache/), and a search costs less than keeping it.

export async function searchRoutes(app: FastifyInstance) {
  typed(app).get(
    '/api/search/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary: 'Search the public site: publications, articles, news, people, courses, shared tasks and open-source projects',
        description: `A query longer than ${SEARCH_MAX_CHARS} characters is cut (\`cut\` says so); results come ${SEARCH_PAGE_SIZE} to a page, best first, with the words that matched marked.`,
        querystring: z
          .object({
            q: z.string().max(1000).default(''),
            kind: z.enum(searchKinds).optional(),
            page: z
              .string()
              .regex(/^\d{1,6}$/)
              .optional(),
          })
          .loose(),
        response: answers(SearchAnswerSchema),
      },
    },
    async (req, reply) => {
      const { q, kind, page } = req.query;
      reply.header('Cache-Control', 'no-store');
      return await app.lab.search.search({ q, kind: kind ?? null, page: page ? Number(page) : 1, lang: requestLang(req) });
    },
  );
}
