import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { publication } from '../../common/resources/publication.ts';
import { SyncAcceptSchema, SyncDismissSchema, SyncPreviewSchema, SyncRunSchema } from '../../common/sync.ts';
import { indexesOf, openAlexOf } from '../sync/index.ts';
import { refreshPublications } from '../sync/job.ts';
import { publicationFlags } from '../sync/flags.ts';
import { acceptWorks, dismissWorks, findNewPapers, withReason } from '../sync/proposals.ts';
import { latestRun, readRun, startRun, stopRuns } from '../sync/runs.ts';
import { answers, ctxOf, typed } from './helpers.ts';

// "Find new papers" and the health of the list (server/sync/): the works OpenAlex lists for
// one member or the whole lab as the BibTeX import's preview, accepting or dismissing them, the flags the
// daily job raised, and (administrators) that job run now. Whoever may add publications may find and accept.

const tags = ['publication'];

export async function publicationSyncRoutes(app: FastifyInstance) {
  const api = typed(app);
  const access = publication.access.create;

  api.post(
    `${publication.path}sync/preview/`,
    {
      schema: {
        tags,
        summary:
          "New works of a member (pid) or of every in-group member with an ORCID iD, OpenAlex or dblp id (OpenAlex, ORCID, dblp), less the lab's and the dismissed ones",
        body: z.strictObject({ pid: z.number().int().positive().optional() }),
        response: answers(SyncPreviewSchema),
      },
      config: { access },
    },
    async (req) => {
      const ctx = ctxOf(app, req);
      const found = await findNewPapers(ctx, await indexesOf(app), req.body.pid);
      return req.body.pid === undefined ? withReason(ctx, found) : found;
    },
  );

  // the lab-wide search as a run in the background, polled (server/sync/runs.ts): one answer per request, however long it takes
  app.addHook('onClose', () => stopRuns(app.lab.db));
  api.post(
    `${publication.path}sync/runs/`,
    {
      schema: {
        tags,
        summary: 'Start the lab-wide search for new works in the background and answer at once with its progress; while one runs (on any instance), that one',
        body: z.strictObject({}).optional(),
        response: { ...answers(SyncRunSchema), 202: SyncRunSchema },
      },
      config: { access },
    },
    async (req, reply) => {
      const run = await startRun(ctxOf(app, req), () => indexesOf(app));
      return reply.code(202).send(run);
    },
  );

  api.get(
    `${publication.path}sync/runs/latest/`,
    {
      schema: { tags, summary: 'The latest lab-wide search (to pick up one going), or null', response: answers(SyncRunSchema.nullable()) },
      config: { access },
    },
    async (req) => latestRun(ctxOf(app, req)),
  );

  api.get(
    `${publication.path}sync/runs/:id/`,
    {
      schema: {
        tags,
        summary: "A lab-wide search's progress; once done its preview, once failed the index's message",
        params: z.strictObject({ id: z.string().regex(/^[0-9a-f]{24}$/) }),
        response: answers(SyncRunSchema),
      },
      config: { access },
    },
    async (req) => readRun(ctxOf(app, req), req.params.id),
  );

  api.post(
    `${publication.path}sync/accept/`,
    {
      schema: {
        tags,
        summary: 'Store the chosen works in one transaction: new publications in their areas, or published versions updating their preprints in place',
        body: SyncAcceptSchema,
        response: answers(z.strictObject({ created: z.array(z.number().int()), updated: z.array(z.number().int()) })),
      },
      config: { access },
    },
    async (req) => acceptWorks(ctxOf(app, req), req.body.entries),
  );

  api.post(
    `${publication.path}sync/dismiss/`,
    {
      schema: { tags, summary: 'Never propose these works again', body: SyncDismissSchema, response: answers(z.strictObject({ dismissed: z.number().int() })) },
      config: { access },
    },
    async (req) => ({ dismissed: await dismissWorks(ctxOf(app, req), req.body.entries) }),
  );

  api.get(
    `${publication.path}sync/flags/`,
    {
      schema: {
        tags,
        summary: 'What the daily job found: retracted works, DOIs OpenAlex matches for publications without one, links that answer 404',
        response: answers(z.array(z.strictObject({ pid: z.number().int(), title: z.string(), flags: z.array(z.string()), doi_found: z.string().optional() }))),
      },
      config: { access },
    },
    async (req) => publicationFlags(ctxOf(app, req)),
  );

  api.post(
    `${publication.path}sync/run/`,
    {
      schema: {
        tags,
        summary: 'Run the daily job now (administrators): citations, retractions and DOIs from OpenAlex',
        response: answers(
          z.strictObject({ publications: z.number().int(), counted: z.number().int(), retracted: z.number().int(), doisFound: z.number().int() }),
        ),
      },
      config: { access: 'admin' },
    },
    async () => {
      const summary = await refreshPublications(app.lab.db, await openAlexOf(app));
      app.lab.changes.changed('publication');
      return summary;
    },
  );
}
