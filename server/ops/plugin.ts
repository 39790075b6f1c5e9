import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { pendingMigrations, poolOf } from '../db/database.ts';
import { pathOf } from '../http/url.ts';
import { NOT_FOUND, PAGE_ROUTE } from '../pages/route-pattern.ts';

// What the operator's tools ask of an instance:
// - GET /healthz: the process answers (systemd, the proxy's liveness check); it reads nothing.
// - GET /readyz: it can serve: the database answers, its migrations are all applied, the files' folder
//   takes a write. 503 naming the failed check otherwise (a proxy takes the instance out of rotation).
// - GET /metrics: Prometheus's text format, only with `Authorization: Bearer $METRICS_TOKEN` or from an
//   address of METRICS_ALLOW; otherwise the 404 any unknown path gets. Without either setting the route
//   does not exist, and requests are not even counted (the hot path stays as it was).
// Fresh shared answers are sent from the first hook, before this plugin's (server/cache/http.ts): they
// are counted by the cache's figures (lab_cache_hits_total), not by lab_http_requests_total.

export type OpsOptions = { metricsToken: string | undefined; metricsAllow: string[]; pgSchema?: string | undefined };

/** How long a readiness check may take before it counts as failed (the file check waits for a libuv thread, which password hashing may hold). */
const CHECK_MS = 5000;

const within = <T>(ms: number, p: Promise<T>): Promise<T> =>
  Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);

/** A list of addresses and CIDR blocks (METRICS_ALLOW). */
function addressList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const e of entries) {
    const [ip = '', bits] = e.split('/');
    const type = isIPv6(ip) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(ip, type);
    else list.addSubnet(ip, Number(bits), type);
  }
  return list;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

export const opsPlugin = fp(async (app: FastifyInstance, opts: OpsOptions) => {
  const { lab } = app;
  app.decorate('pagePattern', {});

  app.get('/healthz', { schema: { hide: true }, config: { access: 'public' } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'alive' };
  });

  app.get('/readyz', { schema: { hide: true }, config: { access: 'public' } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    const checks: Record<string, string> = {};
    const run = async (name: string, check: () => Promise<string | undefined>) => {
      try {
        checks[name] = (await within(CHECK_MS, check())) ?? 'ok';
      } catch (e) {
        // the check's own words only: no paths, addresses or credentials of the configuration
        checks[name] = `failed: ${(e as { code?: string }).code ?? (e as Error).message.split('\n')[0]?.slice(0, 120)}`;
      }
    };
    await Promise.all([
      run('database', async () => {
        await sql`select 1`.execute(lab.db);
        return undefined;
      }),
      run('migrations', async () => {
        const { pending } = await pendingMigrations(lab.db, opts.pgSchema);
        return pending.length ? `failed: ${pending.length} not applied` : undefined;
      }),
      run('storage', async () => {
        await lab.storage.probe();
        return undefined;
      }),
    ]);
    const ready = Object.values(checks).every((c) => c === 'ok');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });

  if (!opts.metricsToken && opts.metricsAllow.length === 0) return;
  const token = opts.metricsToken ? digest(opts.metricsToken) : undefined;
  const allowed = addressList(opts.metricsAllow);
  const may = (req: FastifyRequest) => {
    const auth = req.headers.authorization;
    if (token && typeof auth === 'string' && auth.startsWith('Bearer ') && timingSafeEqual(digest(auth.slice(7)), token)) return true;
    return allowed.check(req.ip, isIPv6(req.ip) ? 'ipv6' : 'ipv4');
  };

  const registry = new Registry();
  const requests = new Counter({
    name: 'lab_http_requests_total',
    help: 'Answers given by the routes, by method, route pattern and status (fresh cache hits: lab_cache_hits_total)',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'lab_http_request_duration_seconds',
    help: 'Time from the request to the answer, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // counted when the answer's last byte is handed over: answers the cache writes itself (hijacked, so no
  // onResponse hook runs for them) are counted too
  app.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    reply.raw.once('finish', () => {
      const status = reply.raw.statusCode;
      const route = routeLabel(req, status);
      requests.inc({ method: req.method, route, status: String(status) });
      latency.observe({ method: req.method, route }, reply.elapsedTime / 1000);
    });
    done();
  });
  // the route's pattern, never the raw path: a bounded set of labels whatever clients send. Every page is
  // served by one route (`*`): a page is labelled by its React Router route (`/people/:username`), and a page
  // not found, or a path no route has, by one label
  const routeLabel = (req: FastifyRequest, status: number): string => {
    const route = req.routeOptions.url;
    if (route === undefined) return NOT_FOUND;
    if (route !== PAGE_ROUTE) return route;
    if (status === 404) return NOT_FOUND;
    return app.pagePattern.of?.(pathOf(req.url)) ?? route;
  };

  // figures kept elsewhere, read when Prometheus asks
  const gauge = (name: string, help: string, labelNames: string[], read: (g: Gauge) => void) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      collect() {
        read(this);
      },
    });
  gauge('lab_cache_entries', 'Shared answers kept', [], (g) => g.set(app.responseCache.snapshot().entries));
  gauge('lab_cache_bytes', 'Bytes the kept answers take, and the budget (CACHE_MB)', ['kind'], (g) => {
    const s = app.responseCache.snapshot();
    g.set({ kind: 'used' }, s.bytes);
    g.set({ kind: 'budget' }, s.budget);
  });
  // counts kept elsewhere, which only grow while the process lives: counters (Prometheus's rate() reads a
  // restart's drop to zero as a reset), given the count each time they are read
  const counter = (name: string, help: string, labelNames: string[], read: (add: (labels: Record<string, string>, n: number) => void) => void) =>
    new Counter({
      name,
      help,
      labelNames,
      registers: [registry],
      collect() {
        this.reset();
        read((labels, n) => this.inc(labels, n));
      },
    });
  counter('lab_cache_hits_total', 'Fresh shared answers sent', [], (add) => add({}, app.responseCache.stats.hits));
  counter('lab_cache_misses_total', 'Shared answers rendered (a miss or a stale answer)', [], (add) => add({}, app.responseCache.stats.renders));
  counter('lab_cache_stale_total', 'Stale answers sent while their new version rendered', [], (add) => add({}, app.responseCache.stats.stale));
  counter('lab_cache_evicted_total', 'Answers dropped for the budget', [], (add) => add({}, app.responseCache.stats.evicted));
  gauge('lab_search_documents', 'Documents in the site search index', [], (g) => g.set(lab.search.stats.documents));
  counter('lab_search_refreshes_total', 'Reads of changed records into the search index', [], (add) => add({}, lab.search.stats.refreshes));
  counter('lab_job_runs_total', 'Background job runs by job and outcome', ['job', 'outcome'], (add) => {
    for (const [job, r] of lab.jobs.entries()) {
      add({ job, outcome: 'ok' }, r.ok);
      add({ job, outcome: 'failed' }, r.failed);
    }
  });
  gauge('lab_job_last_run_seconds', 'How long the last run of each job took', ['job'], (g) => {
    for (const [job, r] of lab.jobs.entries()) g.set({ job }, r.lastMs / 1000);
  });
  gauge('lab_db_pool_connections', 'PostgreSQL pool connections by state (absent with SQLite)', ['state'], (g) => {
    const pool = poolOf(lab.db);
    if (!pool) return;
    g.set({ state: 'open' }, pool.total);
    g.set({ state: 'idle' }, pool.idle);
    g.set({ state: 'waiting' }, pool.waiting);
    g.set({ state: 'max' }, pool.max);
  });
  gauge('lab_process_resident_bytes', 'Resident memory of the process', [], (g) => g.set(process.memoryUsage.rss()));
  gauge('lab_process_heap_used_bytes', "V8's heap in use", [], (g) => g.set(process.memoryUsage().heapUsed));

  // no route of its own: a request that may not read the metrics goes on as for any path the site does not
  // have (the page 404 where pages are served), so nothing tells a stranger that /metrics exists
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' || pathOf(req.url) !== '/metrics' || !may(req)) return;
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return reply.send(await registry.metrics());
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** A page path's label in the metrics, its route's pattern (set by server/pages/plugin.ts when it serves pages). */
    pagePattern: { of?: (path: string) => string };
  }
}
