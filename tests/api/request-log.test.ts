import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../helpers/app.ts';

// The server's log of requests: one JSON line a request (method, URL, status, time), under an id that no other
// instance, nor this one after a restart, gives (Fastify's ids were req-1, req-2… in every process), with the URL
// as the client asked it under BASE_PATH. Secrets in URLs: tests/api/log-secrets.test.ts. The log is the
// database's business of neither dialect: one (SQLite) serves.

type Line = {
  reqId?: string;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
};

/** An app whose log is read line by line. */
async function loggedApp(env: Record<string, string> = {}): Promise<{ t: TestApp; lines: () => Line[] }> {
  let log = '';
  const stream = new PassThrough();
  stream.on('data', (d: Buffer) => {
    log += d.toString('utf8');
  });
  const t = await makeApp('sqlite', env, { logger: { stream } });
  return {
    t,
    lines: () =>
      log
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as Line),
  };
}

/** The lines of the one request whose URL holds `marker`, once its answer's line is written. */
async function linesOf(lines: () => Line[], marker: string): Promise<Line[]> {
  await expect.poll(() => lines().some((l) => l.req?.url?.includes(marker) && l.res?.statusCode !== undefined)).toBe(true);
  const ids = new Set(lines().flatMap((l) => (l.req?.url?.includes(marker) ? [l.reqId] : [])));
  expect(ids.size).toBe(1);
  const [id] = ids;
  return lines().filter((l) => l.reqId === id);
}

describe('the request log', () => {
  let one: { t: TestApp; lines: () => Line[] };
  let other: { t: TestApp; lines: () => Line[] };
  let under: { t: TestApp; lines: () => Line[] };
  beforeAll(async () => {
    [one, other, under] = await Promise.all([loggedApp(), loggedApp(), loggedApp({ BASE_PATH: '/lab' })]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([one?.t.close(), other?.t.close(), under?.t.close()]);
  });

  it.each([
    ['GET', '/api/read_news/?first=1', 200],
    ['GET', '/api/no-such-call/?second=1', 404],
    ['POST', '/api/login/?third=1', 403],
  ])('%s %s: one line, with method, URL, status and time', async (method, url, status) => {
    const res = await one.t.app.inject({ method: method as 'GET' | 'POST', url, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(res.statusCode).toBe(status);
    const marker = url.slice(url.indexOf('?') + 1, url.indexOf('='));
    const lines = await linesOf(one.lines, marker);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({ req: { method, url: url.replace(/=1$/, '=') }, res: { statusCode: status } });
    expect(line?.responseTime).toBeGreaterThanOrEqual(0);
  });

  it('gives ids that another instance does not give', async () => {
    await one.t.app.inject({ method: 'GET', url: '/api/read_news/?fromone=1' });
    await other.t.app.inject({ method: 'GET', url: '/api/read_news/?fromother=1' });
    const [a] = await linesOf(one.lines, 'fromone');
    const [b] = await linesOf(other.lines, 'fromother');
    expect(a?.reqId).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(b?.reqId).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    // each instance's own prefix: never the same id for two requests, whichever instance answered
    expect(a?.reqId?.split('-')[0]).not.toBe(b?.reqId?.split('-')[0]);
  });

  it('logs the URL as the client asked it under BASE_PATH, and what fell outside it', async () => {
    expect((await under.t.app.inject({ method: 'GET', url: '/lab/api/read_news/?underbase=1' })).statusCode).toBe(200);
    const [line] = await linesOf(under.lines, 'underbase');
    expect(line?.req?.url).toBe('/lab/api/read_news/?underbase=');
    expect((await under.t.app.inject({ method: 'GET', url: '/elsewhere/?outside=1' })).statusCode).toBe(404);
    const [outside] = await linesOf(under.lines, 'outside');
    expect(outside?.req?.url).toBe('/elsewhere/?outside=');
  });
});
