import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import { conditionalPlugin } from './http/conditional.ts';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { advisorRoutes } from './api/advisor.ts';
import { authRoutes } from './api/auth/index.ts';
import { twoFactorRoutes } from './api/two-factor.ts';
import { externalLoginRoutes } from './api/external-login.ts';
import { contentRoutes } from './api/content.ts';
import { registeredResourceRoutes } from './api/resource-routes.ts';
import { orderRoutes } from './api/order.ts';
import { type Registered, registry } from './registry.ts';
import { publicCruds, publicDocuments } from './public/declared.ts';
import { publicSegments } from '../common/resource.ts';
import { pageParamsOf } from './pages/page-params.ts';
import { resultKindsOf } from '../common/search.ts';
import { reservedUsernamesOf } from '../common/resources/person.ts';
import { fileRoutes } from './api/files.ts';
import type { Lab } from './lab.ts';
import { peopleRoutes } from './api/people.ts';
import { publicationImportRoutes } from './api/publication-import.ts';
import { publicationSyncRoutes } from './api/publication-sync.ts';
import { venueRankRoutes } from './api/venue-ranks.ts';
import { citeStyleRoutes } from './api/cite-styles.ts';
import { openAlexOf } from './sync/index.ts';
import { scheduleSync } from './sync/job.ts';
import { declaredPublicRoutes, publicRoutes } from './api/public.ts';
import { scheduleRoutes } from './api/schedules.ts';
import { siteRoutes } from './api/site.ts';
import type { Config } from './config.ts';
import { createDatabase, type DB, migrate, pendingMigrations } from './db/database.ts';
import { authPlugin } from './http/auth.ts';
import { errorsPlugin, requestLang } from './http/errors.ts';
import { multipartPlugin } from './http/multipart.ts';
import { lingerPlugin } from './http/linger.ts';
import { bodyDeadlinePlugin, clientErrorHandler, serverTimeouts } from './http/timeouts.ts';
import { headersPlugin, sendsHsts } from './http/headers.ts';
import { responseSerializer } from './http/responses.ts';
import { textPlugin } from './http/text.ts';
import { jsonPlugin } from './http/json.ts';
import { storedFileRoutes } from './http/stored-files.ts';
import { storedFilesOf } from './storage/file-columns.ts';
import { basePathRoutes, stripBasePath } from './http/base-path.ts';
import { ensureAdmin } from './services/bootstrap.ts';
import { scheduleOrphanSweep } from './storage/orphans.ts';
import { createStorage } from './storage/storage.ts';
import { Changes, topicOf } from './cache/changes.ts';
import { documentIdOf, documentsOf, someDocumentsOf, unpublishedDocumentsOf } from './search/documents.ts';
import { SearchIndex } from './search/search-index.ts';
import { searchRoutes } from './api/search.ts';
import { activityRoutes } from './api/activity.ts';
import { reportRoutes } from './api/report.ts';
import { historyRoutes, scheduleTrashPurge } from './api/history.ts';
import { projectRoot } from './root.ts';
import { loggerOptions, requestLogOptions } from './http/log.ts';
import { cachePlugin, mainCacheKey } from './cache/plugin.ts';
import { earlyHit } from './cache/http.ts';
import { PublishTimer } from './cache/publish-timer.ts';
import { logPublications, nextPublications } from './services/content.ts';
import { clusterPlugin } from './cluster/bus.ts';
import { pagesPlugin } from './pages/plugin.ts';
import { JobRuns } from './ops/jobs.ts';
import { Mailer } from './mail/mailer.ts';
import { noticePublished } from './mail/notices.ts';
import { opsPlugin } from './ops/plugin.ts';
import type { ViteDevServer } from 'vite';
import { detailText } from '../common/messages.ts';
import { closeHeavy } from './services/csl/heavy-styles.ts';

/** How long after listening the search indexes begin their first build, unless a search asks sooner. */
const INDEX_AFTER_LISTEN_MS = 1000;

export type AppOptions = {
  config: Config;
  db?: DB;
  /** The log: off, on (standard output), or into a stream of the caller's (a test reads it). */
  logger?: boolean | { stream: NodeJS.WritableStream };
  pgSchema?: string;
  devServer?: ViteDevServer;
  /** The declared resources served (server/registry.ts); a test adds one of its own here. */
  resources?: readonly Registered[];
};

/** Builds the whole server: database (migrated), storage, API, files and, when built, the pages. */
export async function buildApp({ config, db: givenDb, logger = false, pgSchema, devServer, resources = registry }: AppOptions): Promise<FastifyInstance> {
  const dbOptions = { dataDir: config.dataDir, databaseUrl: config.databaseUrl, ...(pgSchema ? { pgSchema } : {}) };
  const db = givenDb ?? createDatabase(dbOptions);
  const storage = await createStorage(config);
  try {
    await storage.init();
    const { pending, upgrade } = await pendingMigrations(db, pgSchema);
    // an upgrade changes the schema of data a lab has: a backup first, or no change at all
    if (upgrade && !givenDb) {
      const { backupBeforeUpgrade } = await import('./backup/schedule.ts');
      await backupBeforeUpgrade(dbOptions, storage, config.backupDir ?? path.join(config.dataDir, 'backups'), pending[0] as string).catch((e) => {
        throw new Error(`the backup before upgrading failed, so the database was left as it was: ${(e as Error).message}`);
      });
    }
    await migrate(db, pgSchema);
  } catch (e) {
    await storage.close();
    if (!givenDb) await db.destroy();
    throw e;
  }
  await ensureAdmin(db, config);

  const { trustProxy } = config;
  const app = Fastify({
    logger: logger ? loggerOptions(logger === true ? undefined : logger.stream) : false,
    ...requestLogOptions(),
    bodyLimit: 4 * 1024 * 1024,
    // how long a client may take to send its headers and a whole upload (server/http/timeouts.ts)
    ...serverTimeouts(config),
    clientErrorHandler,
    // behind reverse proxies (TRUST_PROXY) the client address is the one the nearest trusted hop saw:
    // a number trusts that many hops from this server, never what a client wrote further left
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    // file names are URL segments (/resource/public/publication/{pid}/{file}): up to 180 bytes,
    // percent-encoded up to three times as long (the default limit is 100 characters)
    routerOptions: { ignoreDuplicateSlashes: false, maxParamLength: 1024 },
    // under a sub-path (BASE_PATH) the routes see the paths they see at the root (server/http/base-path.ts)
    ...(config.basePath ? { rewriteUrl: stripBasePath(config.basePath) } : {}),
  });
  app.setValidatorCompiler(validatorCompiler);
  // every answer is checked against its route's schema, but in production only the first of each route (server/http/responses.ts)
  app.setSerializerCompiler(responseSerializer(config.production ? { mode: 'first answer', log: app.log } : { mode: 'every answer' }));
  // a fresh shared answer is sent before any other hook runs: server/cache/http.ts
  app.addHook(
    'onRequest',
    earlyHit(
      (req) => mainCacheKey(app, req),
      () => app.responseCache,
      (req) => sendsHsts(req, config),
    ),
  );
  // the served resources with a public side: their names are cache topics and search kinds,
  // their pages' first segments are no one's username, their records are searched
  const declaredPublic = publicCruds(resources);
  const changes = new Changes(declaredPublic.map((c) => c.res));
  // the declared public resources whose records leave the site at a time of their own (`public.until`)
  const windowed = declaredPublic.map((c) => c.res).filter((r) => r.public.until !== undefined);
  const declaredDocs = new Map(declaredPublic.filter((c) => c.res.public.search !== false).map((c) => [c.res.name as string, c]));
  const resultKinds = resultKindsOf(declaredDocs.keys());
  // the search index reads the public records as a visitor would, and again after each public change
  const search = new SearchIndex(
    (topic) => {
      const ctx = { db, storage, actor: null, lang: 'en' } as const;
      const own = declaredDocs.get(topic);
      return own ? publicDocuments(own, ctx) : documentsOf[topic]?.(ctx);
    },
    (e) => app.log.error({ err: e }, 'the search index could not read the public records'),
    (topic, ids) => someDocumentsOf({ db, storage, actor: null, lang: 'en' }, topic, ids),
    changes.topics,
    resultKinds,
  );
  // a write of one known record here is read alone where its document allows it; another instance's change whole
  changes.on((topic, _from, record) => void search.changed(topic, documentIdOf(topic, record)));
  // what the public does not see, for the console's search: few records, each topic read whole
  const unpublished = new SearchIndex(
    (topic) => unpublishedDocumentsOf[topic]?.({ db, storage, actor: null, lang: 'en' }),
    (e) => app.log.error({ err: e }, 'the search index could not read the unpublished records'),
    undefined,
    changes.topics,
    resultKinds,
  );
  changes.on((topic) => void unpublished.changed(topic));
  const jobs = new JobRuns();
  // records scheduled for later appear when their time comes, announced as changes (server/cache/publish-timer.ts)
  // outgoing mail: server/mail/
  const mailer = new Mailer(config, app.log);
  const publishTimer = new PublishTimer(
    (now) => nextPublications(db, now, windowed),
    changes,
    (e) => app.log.error({ err: e }, 'the publish timer could not read the publish times'),
    // each record that went public at its time is an entry of the activity log, by the system
    // and a run of the job "publish" for /metrics; when the site setting says so, its author gets a mail
    // (server/mail/notices.ts), after the log
    (topics, now) =>
      jobs.time('publish', async () => {
        const published = await logPublications(db, topics, now);
        if (published.length > 0) mailer.later('publication notice', () => noticePublished(db, mailer, config, published));
      }),
    windowed.map(topicOf),
  );
  const lab: Lab = {
    db,
    storage,
    config,
    changes,
    search,
    unpublished,
    publishTimer,
    jobs,
    publicResources: declaredPublic,
    mailer,
    pageParams: pageParamsOf(
      declaredPublic.map((c) => c.res),
      resultKinds,
    ),
    resultKinds,
    reservedUsernames: reservedUsernamesOf(publicSegments(declaredPublic.map((c) => c.res))),
    storedFiles: storedFilesOf(resources.map((r) => r.crud.res)),
  };
  app.decorate('lab', lab);
  // the indexes are built a second after the server listens (or at the first search), so that the first pages
  // do not share the start with a 10k lab's seconds of indexing (docs/performance.md, start-up)
  let indexTimer: NodeJS.Timeout | undefined;
  app.addHook('onListen', async () => {
    indexTimer = setTimeout(() => {
      void search.ready;
      void unpublished.ready;
    }, INDEX_AFTER_LISTEN_MS).unref();
  });
  let stopPurge = async () => {};
  // the stop has begun: answers still in flight close their connection (a keep-alive client would hold the stop
  // until it let go), and the storage lets its shared heartbeat go beside them
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
    storage.stopping();
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (stopping) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onClose', async () => {
    await stopPurge();
    // the index's and the timer's reads end before the database does
    clearTimeout(indexTimer);
    search.close();
    unpublished.close();
    publishTimer.close();
    await Promise.all([search.settled(), unpublished.settled(), publishTimer.settled(), mailer.settled()]);
    mailer.close();
    // the heavy citation styles' worker (server/services/csl/heavy-styles.ts), if one was started
    await closeHeavy();
    await storage.close();
    if (!givenDb) await db.destroy();
  });
  await publishTimer.start();
  if (config.backupDir && !givenDb) (await import('./backup/schedule.ts')).scheduleBackups(app, dbOptions, storage, config.backupDir, config.backupKeep);
  // with PostgreSQL, changes travel to and from the other instances (server/cluster/bus.ts)
  await app.register(clusterPlugin, { pgSchema });

  await app.register(errorsPlugin);
  // an answer sent before its body was read whole: the rest is read and thrown away, within bounds (server/http/linger.ts)
  await app.register(lingerPlugin);
  // an ordinary call's body not sent within its bound is answered 408 (server/http/timeouts.ts)
  await app.register(bodyDeadlinePlugin, { bodyTimeoutMs: config.bodyTimeoutMs });
  await app.register(headersPlugin, { config });
  // 304 for a reader who holds an answer's version: the last onSend of each GET route before compression
  await app.register(conditionalPlugin);
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie);
  await app.register(authPlugin, { db, advisor: config.advisorUsername });
  await app.register(multipartPlugin, { storage, uploadsInFlight: config.uploadsInFlight, diskReserveBytes: config.diskReserveBytes });
  await app.register(jsonPlugin);
  await app.register(textPlugin);
  await app.register(cachePlugin, { budgetBytes: config.cacheBytes, maxAgeMs: config.cacheMaxAgeMs, patienceMs: config.cachePatienceMs });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Lab website API', version: '1', description: 'SPEC §7 calls. Authenticated calls send `Authorization: Token <token>`.' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // its page names its scripts by the whole path: under BASE_PATH, with the prefix
  await app.register(swaggerUi, { routePrefix: '/api/docs', ...(config.basePath ? { indexPrefix: config.basePath } : {}) });
  // /healthz, /readyz and (with METRICS_TOKEN or METRICS_ALLOW) /metrics: server/ops/plugin.ts
  await app.register(opsPlugin, { metricsToken: config.metricsToken, metricsAllow: config.metricsAllow, pgSchema });

  await app.register(authRoutes);
  await app.register(twoFactorRoutes);
  await app.register(externalLoginRoutes);
  await app.register(publicRoutes);
  await app.register(async (scoped) => declaredPublicRoutes(scoped, declaredPublic));
  await app.register(searchRoutes);
  await app.register(activityRoutes);
  await app.register(async (scoped) => reportRoutes(scoped));
  await app.register(historyRoutes);
  const stopTrashPurge = scheduleTrashPurge(app);
  // stored files no record points at (a write killed before its commit) leave their buckets (server/storage/orphans.ts)
  const stopSweep = scheduleOrphanSweep(app);
  // citations, retractions and DOIs from OpenAlex, once a day on one of the instances (server/sync/job.ts)
  const stopSync = config.sync.job ? scheduleSync(app, () => openAlexOf(app)) : async () => {};
  stopPurge = async () => {
    await Promise.all([stopTrashPurge(), stopSweep(), stopSync()]);
  };
  await app.register(peopleRoutes);
  await app.register(async (scoped) => registeredResourceRoutes(scoped, resources));
  await app.register(contentRoutes);
  await app.register(async (scoped) => orderRoutes(scoped, resources));
  await app.register(publicationImportRoutes);
  await app.register(publicationSyncRoutes);
  await app.register(venueRankRoutes);
  await app.register(citeStyleRoutes);
  await app.register(siteRoutes);
  await app.register(fileRoutes);
  await app.register(scheduleRoutes);
  await app.register(advisorRoutes);
  await app.register(async (scoped) => storedFileRoutes(scoped, resources));
  // fixed site assets (default portrait, QR image); the app's hashed assets come with the page build
  await app.register(fastifyStatic, { root: path.join(projectRoot, 'public', 'static'), prefix: '/static/', maxAge: '1d', index: false });

  // unknown API paths answer JSON; every other path is a page (or the page 404)
  const apiNotFound = async (req: FastifyRequest, reply: FastifyReply) => reply.code(404).send({ detail: detailText(requestLang(req), 'not_found') });
  for (const prefix of ['/api/*', '/apiprivate/*', '/resource/*']) app.all(prefix, { schema: { hide: true }, config: { access: 'public' } }, apiNotFound);
  app.setNotFoundHandler(apiNotFound);
  if (config.basePath) basePathRoutes(app, config.basePath);
  if (config.serveApp) await app.register(pagesPlugin, { ...(devServer ? { devServer } : {}) });
  return app;
}
