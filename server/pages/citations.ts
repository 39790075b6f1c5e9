import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ParamKey } from '../cache/plugin.ts';
import { bibtexOf, cslJsonOf } from '../services/citations.ts';
import { typed } from '../api/helpers.ts';
import { NotFound } from '../errors.ts';
import { createPageData } from './page-data.ts';
import { areaList } from './page-params.ts';

// The publications for reference managers: BibTeX and CSL-JSON of all of them, of an area
// filter (?area=4 or ?area=1,4, the list page's selection), and of one. Answers are shared through the
// read cache and rendered again after a publication changes.

/** The areas asked for, as the list page's filter normalizes them ("" is all). */
const areasOf = (v: string | undefined) => areaList((v ?? '').split(','));
const areaKey: ParamKey = (v) => `=${areasOf(v)}`;

const query = z.object({ area: z.string().max(100).optional().describe('area numbers, comma-separated (all when absent)') });
const cache = { topics: ['publication' as const], query: { area: areaKey } };

export async function citationRoutes(app: FastifyInstance) {
  const api = typed(app);
  const schema = { hide: true, querystring: query };

  async function selection(req: Parameters<typeof createPageData>[1], area: string | undefined) {
    const picked = areasOf(area);
    return createPageData(app.lab, req).publications(picked ? picked.split(',').map(Number) : []);
  }

  api.get('/publication.bib', { schema, config: { access: 'public', cache } }, async (req, reply) => {
    reply.type('application/x-bibtex; charset=utf-8').header('content-disposition', 'inline; filename="publications.bib"');
    return bibtexOf(await selection(req, req.query.area));
  });

  api.get('/publication.json', { schema, config: { access: 'public', cache } }, async (req, reply) => {
    reply.type('application/vnd.citationstyles.csl+json; charset=utf-8').header('content-disposition', 'inline; filename="publications.json"');
    return cslJsonOf(await selection(req, req.query.area));
  });

  api.get(
    '/publication/:pid.bib',
    // not through the read cache: it keys a route by its declared query, and this one's record is in its path
    { schema: { hide: true, params: z.object({ pid: z.string() }) }, config: { access: 'public' } },
    async (req, reply) => {
      const found = await createPageData(app.lab, req).publication(req.params.pid);
      if (!found) throw new NotFound();
      reply.type('application/x-bibtex; charset=utf-8').header('content-disposition', `inline; filename="publication-${found.pid}.bib"`);
      return bibtexOf([found]);
    },
  );
}
