import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TrashListSchema, VersionListSchema, VersionSchema } from '../../common/wire.ts';
import { registry } from '../registry.ts';
import { getVersion, listTrash, listVersions, purgeTrash, restoreFromTrash, restoreVersion, trashCutoff, type Versioned } from '../services/history.ts';
import { siteRecord } from '../services/site.ts';
import { answers, ctxOf, SuccessSchema, success, typed } from './helpers.ts';

// Revisions and the trash; the rules are in server/services/history.ts.
//   GET  /api/history/{resource}/{id}/                      the record now and its versions
//   GET  /api/history/{resource}/{id}/{rid}/                one version
//   POST /api/history/{resource}/{id}/{rid}/restore/        restore it (itself a new version)
//   GET  /api/trash/, POST /api/trash/{tid}/restore/, DELETE /api/trash/    administrators
// Whoever may edit a record may read and restore its history; a member their own profile's.

/** Every declared resource that keeps history, by name: the registry's and the site settings record. */
const versioned: ReadonlyMap<string, Versioned> = new Map(
  [...registry.map((r) => r.crud), siteRecord].filter((c) => c.res.history).map((c) => [c.res.name, c]),
);
const find = (name: string) => versioned.get(name);

const id = z
  .string()
  .regex(/^\d{1,10}$/, { error: 'invalid_number' })
  .transform(Number);
const RecordParams = z.object({ resource: z.enum([...versioned.keys()] as [string, ...string[]]), id });
const VersionParams = RecordParams.extend({ rid: id });

export async function historyRoutes(app: FastifyInstance) {
  const api = typed(app);
  const tags = ['history'];

  api.get(
    '/api/history/:resource/:id/',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'A record as it is now and the versions history keeps, newest first',
        params: RecordParams,
        response: answers(VersionListSchema),
      },
    },
    async (req) => {
      const v = find(req.params.resource) as Versioned;
      return listVersions(ctxOf(app, req), v, req.params.id);
    },
  );

  api.get(
    '/api/history/:resource/:id/:rid/',
    { config: { access: 'member' }, schema: { tags, summary: 'One version of a record', params: VersionParams, response: answers(VersionSchema) } },
    async (req) => getVersion(ctxOf(app, req), find(req.params.resource) as Versioned, req.params.id, req.params.rid),
  );

  api.post(
    '/api/history/:resource/:id/:rid/restore/',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Restores a version: an update with its values, kept as a new version',
        params: VersionParams,
        response: answers(SuccessSchema),
      },
    },
    async (req, reply) => {
      await restoreVersion(ctxOf(app, req), find(req.params.resource) as Versioned, req.params.id, req.params.rid);
      return success(reply);
    },
  );

  api.get(
    '/api/trash/',
    { config: { access: 'admin' }, schema: { tags, summary: 'Deleted records, most recent first (administrators)', response: answers(TrashListSchema) } },
    async (req) => {
      const ctx = ctxOf(app, req);
      // what is past its time is purged before it is listed, whether or not the hourly purge has run
      await purgeTrash(ctx, trashCutoff(app.lab.config.trashDays));
      return { days: app.lab.config.trashDays, items: await listTrash(ctx, ctx.lang, find) };
    },
  );

  api.post(
    '/api/trash/:tid/restore/',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Puts a deleted record back under its own id, with its files (administrators)',
        params: z.object({ tid: id }),
        response: answers(z.strictObject({ resource: z.string(), record: z.number().int() })),
      },
    },
    async (req) => restoreFromTrash(ctxOf(app, req), req.params.tid, find),
  );

  api.delete(
    '/api/trash/',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Empties the trash: its records and their files are gone for good (administrators)',
        response: answers(z.strictObject({ purged: z.number().int() })),
      },
    },
    async (req) => ({ purged: await purgeTrash(ctxOf(app, req)) }),
  );
}

/** Purges the trash of what is past its time now and every hour (each instance; a purge twice is harmless). */
export function scheduleTrashPurge(app: FastifyInstance): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = app.lab.jobs
      .time('trash-purge', () => purgeTrash({ db: app.lab.db, storage: app.lab.storage, actor: null, lang: 'en' }, trashCutoff(app.lab.config.trashDays)))
      .catch((e: unknown) => app.log.error({ err: e }, 'the trash could not be purged'));
  };
  const timer = setInterval(run, 3600_000);
  timer.unref();
  app.addHook('onReady', async () => run());
  // called before the database closes: a purge under way ends first
  return async () => {
    clearInterval(timer);
    await running;
  };
}
