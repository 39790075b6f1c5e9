import { constants as zlibConstants } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AnswerHeaders, answerFromCache, keepRendered, mayShare } from '../cache/http.ts';
import { queryOf } from '../http/url.ts';
import { z } from 'zod';
import { SEARCH_MAX_CHARS, SEARCH_PAGE_SIZE, searchKinds } from '../../common/search.ts';
import { SearchAnswerSchema } from '../../common/wire.ts';
import { requestLang } from '../http/errors.ts';
import { answers, typed } from './helpers.ts';

// GET /api/search/ (issue #15): the site search over what the public sees, for the console's quick search
// and anyone else (the search page asks the index itself).

const headers: AnswerHeaders = { vary: 'Accept-Encoding, Accept-Language', cacheControl: 'public, max-age=0, must-revalidate' };

/** The answer's key: the index's version, the language and the query as searched (cut, spaces trimmed). */
function searchKey(app: FastifyInstance, req: FastifyRequest): string {
  const query = queryOf(req.url);
  const q = query.get('q') ?? '';
  return `api ${app.lab.search.version} ${requestLang(req)} ${q.length > SEARCH_MAX_CHARS ? '!' : ''}${q.slice(0, SEARCH_MAX_CHARS).trim()}\u0000${query.get('kind') ?? ''}\u0000${query.get('page') ?? ''}`;
}

export async function searchRoutes(app: FastifyInstance) {
  // anonymous answers asked a second time are kept in the cache of search answers (server/cache/plugin.ts),
  // under the index's version: the next askers of the same words get the compressed bytes, a change of the
  // index a new key
  app.addHook('onRequest', async (req, reply) => {
    if (req.routeOptions.url !== '/api/search/' || !mayShare(req)) return;
    const key = searchKey(app, req);
    if (!app.searchAskedBefore(key)) return;
    req.cacheStore = app.searchCache;
    await answerFromCache(app.searchCache, req, reply, key, (flight) => app.searchRefresher.start(req, flight));
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.routeOptions.url !== '/api/search/' || !req.cacheFlight) return payload;
    return keepRendered(app.searchCache, req, reply, payload, [], headers);
  });
  typed(app).get(
    '/api/search/',
    {
      config: { access: 'public' },
      // an answer computed for one asker is compressed for that one only: quickly rather than small
      compress: { zlibOptions: { level: 1 }, brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } } },
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
    async (req) => {
      const { q, kind, page } = req.query;
      return await app.lab.search.search({ q, kind: kind ?? null, page: page ? Number(page) : 1, lang: requestLang(req) });
    },
  );
}
