import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hit, peek, reset, sweep } from '../../server/services/counters.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';

// The shared counters behind the login limit and the old-password limit (server/services/counters.ts).

describe.each(dialects)('counters on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp(dialect);
  });
  afterAll(() => t.close());
  const db = () => t.app.lab.db;

  it('counts hits in a window and starts again at 1 once it has ended', async () => {
    const now = 1_000_000;
    expect(await hit(db(), 'k1', 60_000, now)).toEqual({ count: 1, resetAt: now + 60_000 });
    expect(await hit(db(), 'k1', 60_000, now + 1000)).toEqual({ count: 2, resetAt: now + 60_000 });
    expect(await peek(db(), 'k1', now + 2000)).toEqual({ count: 2, resetAt: now + 60_000 });
    // the window ended: a new one starts with this hit
    expect(await peek(db(), 'k1', now + 60_000)).toEqual({ count: 0, resetAt: now + 60_000 });
    expect(await hit(db(), 'k1', 60_000, now + 60_000)).toEqual({ count: 1, resetAt: now + 120_000 });
  });

  it('forgets a key on reset', async () => {
    await hit(db(), 'k2', 60_000);
    await hit(db(), 'k2', 60_000);
    await reset(db(), 'k2');
    expect((await peek(db(), 'k2')).count).toBe(0);
    expect((await hit(db(), 'k2', 60_000)).count).toBe(1);
  });

  it('gives 20 parallel hits the counts 1 to 20', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => hit(db(), 'parallel', 60_000)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('deletes ended windows on sweep and keeps running ones', async () => {
    const now = Date.now();
    await hit(db(), 'old', 1000, now - 5000);
    await hit(db(), 'running', 60_000, now);
    await sweep(db(), now);
    const keys = (await db().selectFrom('counters').select('key').execute()).map((r) => r.key);
    expect(keys).not.toContain('old');
    expect(keys).toContain('running');
  });
});
