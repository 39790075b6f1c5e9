import { constants as zlibConstants } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AnswerHeaders, answerFromCache, keepRendered, mayShare } from '../cache/http.ts';
import { queryOf } from '../http/url.ts';
import { z } from 'zod';
import { SEARCH_MAX_CHARS, SEARCH_PAGE_SIZE, type SearchAnswer, type SearchKind, searchKinds } from '../../common/search.ts';
import { searchKindResources } from '../../common/search-resources.ts';
import { searchAnswerSchema } from '../../common/wire.ts';
import { requireActor } from '../http/auth.ts';
import type { Actor } from '../services/auth.ts';
import { requestLang } from '../http/errors.ts';
import type { SearchIndex } from '../search/search-index.ts';
import { answers, typed } from './helpers.ts';

// GET /api/search/: the site search over what the public sees, for the console's quick search
// and anyone else (the search page asks the index itself).

const headers: AnswerHeaders = { vary: 'Accept-Encoding, Accept-Language', cacheControl: 'public, max-age=0, must-revalidate' };

/** The answer's key: the index's version, the language and the query as searched (cut, spaces trimmed). */
function searchKey(app: FastifyInstance, req: FastifyRequest): string {
  const query = queryOf(req.url);
  const q = query.get('q') ?? '';
  return `api ${app.lab.search.version} ${requestLang(req)} ${q.length > SEARCH_MAX_CHARS ? '!' : ''}${q.slice(0, SEARCH_MAX_CHARS).trim()}\u0000${query.get('kind') ?? ''}\u0000${query.get('page') ?? ''}`;
}

/** Whether `actor` may edit records of this kind: the update access of the resource the console edits it with. */
const mayEdit = (actor: Actor, kind: SearchKind) => actor.authority === 'admin' || searchKindResources[kind].access.update === 'member';

/** The public answer with the unpublished records found first (one page of SEARCH_PAGE_SIZE), counted in its totals. */
function withUnpublished(answer: SearchAnswer, unpublished: Awaited<ReturnType<SearchIndex['best']>>): SearchAnswer {
  if (unpublished.results.length === 0) return answer;
  const counts = { ...answer.counts };
  let more = 0;
  for (const [k, n] of Object.entries(unpublished.counts) as [SearchKind, number][]) {
    counts[k] += n;
    if (answer.kind === null || answer.kind === k) more += n;
  }
  const results = [...unpublished.results, ...answer.results].slice(0, SEARCH_PAGE_SIZE);
  const didYouMean = answer.didYouMean ?? unpublished.didYouMean;
  return { ...answer, counts, total: answer.total + more, results, ...(didYouMean ? { didYouMean } : {}) };
}

export async function searchRoutes(app: FastifyInstance) {
  const kinds = app.lab.resultKinds;
  // anonymous answers asked a second time are kept in the cache of search answers (server/cache/plugin.ts),
  // under the index's version: the next askers of the same words get the compressed bytes, a change of the
  // index a new key
  app.addHook('onRequest', async (req, reply) => {
    // the console's search (?scope=console) is a member's own: never kept, never answered from what was kept
    if (req.routeOptions.url !== '/api/search/' || !mayShare(req) || queryOf(req.url).has('scope')) return;
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
            // a fixed kind or the name of a declared public resource this app serves
            kind: z.enum(kinds as [SearchKind, ...SearchKind[]]).optional(),
            page: z
              .string()
              .regex(/^\d{1,6}$/)
              .optional(),
            scope: z
              .enum(['console'])
              .optional()
              .describe(
                'console: for a logged-in member, also the records the public does not see yet (drafts, scheduled, unreleased) that the member may edit, first',
              ),
          })
          .loose(),
        response: answers(searchAnswerSchema(kinds)),
      },
    },
    async (req) => {
      const { q, kind, page, scope } = req.query;
      const lang = requestLang(req);
      // the console's search needs a member (a 401 otherwise), before anything is searched
      const actor = scope === 'console' ? requireActor(req) : null;
      const answer = await app.lab.search.search({ q, kind: kind ?? null, page: page ? Number(page) : 1, lang });
      if (!actor || answer.page > 1) return answer;
      // a member finds their drafts in the console, of the kinds their rights let them
      // edit (the resources' update access, as the API decides it: server/http/auth.ts), never beyond
      const kinds = new Set(searchKinds.filter((k) => (kind ?? k) === k && mayEdit(actor, k)));
      const unpublished = await app.lab.unpublished.best({ q, kinds, lang, limit: SEARCH_PAGE_SIZE });
      return withUnpublished(answer, unpublished);
    },
  );
}
