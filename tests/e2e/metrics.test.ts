import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuild, type Site, startSite } from './server.ts';

// /metrics of the real server (pages built) as Prometheus reads it: Prometheus's own checker (promtool, Debian's
// prometheus package, installed by .ci/run) accepts it without a warning, and every page is labelled by its React
// Router route, so that two pages' figures are told apart while the labels stay as few as the routes whatever
// clients ask. Who may read /metrics: tests/api/ops.test.ts and tests/e2e/pages-http.test.ts.

const PROMTOOL = ['/usr/bin/promtool', '/usr/local/bin/promtool'].find((p) => fs.existsSync(p));
if (!PROMTOOL) {
  if (process.env.CI) throw new Error('promtool is required under CI (.ci/run installs Debian’s prometheus package)');
  console.warn('[tests] the metrics suite is skipped: promtool is not installed (apt-get install prometheus)');
}

const METRICS_TOKEN = 'a-metrics-token-for-the-metrics-test';

/** The `route` label of each series of lab_http_requests_total, with its status. */
function routesOf(text: string): { route: string; status: string; count: number }[] {
  return [...text.matchAll(/^lab_http_requests_total\{method="[A-Z]+",route="([^"]*)",status="(\d+)"\} (\d+)$/gm)].map((m) => ({
    route: m[1] as string,
    status: m[2] as string,
    count: Number(m[3]),
  }));
}

describe.skipIf(!PROMTOOL)('/metrics as Prometheus reads it', () => {
  let site: Site;
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(site.url + path, { headers: { 'accept-language': 'en', ...headers }, redirect: 'manual' });
  const scrape = async () => {
    const res = await get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(res.status).toBe(200);
    return res.text();
  };

  beforeAll(async () => {
    await ensureBuild();
    site = await startSite({ METRICS_TOKEN });
  }, 240_000);
  afterAll(() => site?.close());

  it('passes promtool check metrics after pages with parameters, API calls and a 404', async () => {
    const people = ((await (await get('/api/read_people/')).json()) as { username: string }[]).map((p) => p.username);
    expect(people.length).toBeGreaterThanOrEqual(2);
    const [first, second] = people as [string, string];
    for (const path of ['/', '/people', `/people/${first}`, `/people/${second}`, `/people/${first}.data`, '/news', '/publication']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      await res.arrayBuffer();
    }
    for (const path of ['/api/read_news/', '/api/read_people/']) expect((await get(path)).status, path).toBe(200);
    expect((await get('/no-such-page')).status).toBe(404);
    expect((await get(`/people/${first}-no-such-person`)).status).toBe(404);

    const text = await scrape();
    const checked = spawnSync(PROMTOOL as string, ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(`${checked.stdout}${checked.stderr}`).toBe('');
    expect(checked.status).toBe(0);
    // the counts the cache and the jobs keep are counters, as their names say
    for (const name of ['lab_cache_hits_total', 'lab_cache_misses_total', 'lab_search_refreshes_total', 'lab_job_runs_total'])
      expect(text).toContain(`# TYPE ${name} counter`);

    const routes = routesOf(text);
    const labelOf = (status: string) => new Set(routes.filter((r) => r.status === status).map((r) => r.route));
    // two pages of one route under one label, and two routes under two
    expect(routes.find((r) => r.route === '/people/:username' && r.status === '200')?.count).toBeGreaterThanOrEqual(2);
    expect(labelOf('200')).toContain('/people');
    expect(labelOf('200')).toContain('/news');
    expect(labelOf('200')).toContain('/people/:username.data');
    expect(labelOf('200')).toContain('/api/read_news/');
    expect(labelOf('200')).not.toContain('*');
    // any page not found under one label, whichever path was asked
    expect(labelOf('404')).toEqual(new Set(['not-found']));
    expect(text).not.toContain(first);
  });

  it('keeps the route labels as few as the routes after 200 random addresses', async () => {
    const before = new Set(routesOf(await scrape()).map((r) => r.route));
    const tokens: string[] = [];
    const shapes = [
      (w: string) => `/${w}`,
      (w: string) => `/people/${w}`,
      (w: string) => `/people/${w}/${w}/x`,
      (w: string) => `/news/${w}?lang=${w}`,
      (w: string) => `/${w}/${w}/${w}`,
      (w: string) => `/console/${w}`,
      (w: string) => `/api/${w}/`,
      (w: string) => `/${w}.data`,
      (w: string) => `/publication/${w}`,
      (w: string) => `/%E5%AE%9E${w}`,
    ];
    for (let i = 0; i < 200; i++) {
      const token = `r${randomBytes(6).toString('hex')}`;
      tokens.push(token);
      const res = await get((shapes[i % shapes.length] as (w: string) => string)(token));
      await res.arrayBuffer();
    }
    const after = new Set(routesOf(await scrape()).map((r) => r.route));
    for (const route of after)
      expect(
        tokens.some((t) => route.includes(t)),
        route,
      ).toBe(false);
    // the new labels are route patterns the random addresses happened to reach, not one for each address
    expect(after.size - before.size).toBeLessThanOrEqual(10);
  });
});
