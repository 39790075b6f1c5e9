import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { publication } from '../../common/resources/publication.ts';
import { findVenues } from '../services/venue-rank.ts';
import { answers, typed } from './helpers.ts';

// The venues of the bundled rank lists (server/venue-ranks/), for the console's picker of a
// publication's rank correction: whoever may add publications may look them up.

const VenueChoiceSchema = z.strictObject({
  key: z.string(),
  system: z.enum(['ccf', 'core']),
  rank: z.string(),
  abbr: z.string(),
  name: z.string(),
  kind: z.enum(['conference', 'journal']),
});

export async function venueRankRoutes(app: FastifyInstance) {
  typed(app).get(
    '/api/venue-ranks/',
    {
      schema: {
        tags: ['publication'],
        summary: 'Venues of the rank lists (CCF, CORE) whose abbreviation, name or DBLP key holds q: the abbreviation itself first; at most 20',
        querystring: z.object({ q: z.string().max(200).optional() }).loose(),
        response: answers(z.array(VenueChoiceSchema)),
      },
      config: { access: publication.access.create },
    },
    async (req) => findVenues(req.query.q ?? ''),
  );
}
