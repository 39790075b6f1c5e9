import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { memoByContent } from './memo.ts';
import { FLIGHT_LIMIT_MS, type Flight, ResponseCache } from './response-cache.ts';

const page = (text: string, topics: ('people' | 'publication' | 'site')[] = ['site']) => ({ status: 200, type: 'text/html', body: Buffer.from(text), topics });

async function render(cache: ResponseCache, key: string, text: string, topics?: ('people' | 'publication' | 'site')[]) {
  const flight = cache.begin(key);
  if (!flight) throw new Error(`a render of ${key} is under way`);
  return cache.finish(flight, page(text, topics));
}

describe('ResponseCache', () => {
  it('keeps an answer in its three forms with a content tag', async () => {
    const cache = new ResponseCache(1 << 20, 60_000);
    const stored = await render(cache, 'a', 'hello '.repeat(200));
    expect(stored).toBeDefined();
    expect(gunzipSync(stored?.gzip ?? Buffer.alloc(0)).toString()).toBe('hello '.repeat(200));
    expect(brotliDecompressSync(stored?.br ?? Buffer.alloc(0)).toString()).toBe('hello '.repeat(200));
    // the tag follows the content: the same body renders to the same tag (on any instance)
    const again = await render(new ResponseCache(1 << 20, 60_000), 'b', 'hello '.repeat(200));
    expect(again?.etag).toBe(stored?.etag);
    expect((await render(cache, 'c', 'other'))?.etag).not.toBe(stored?.etag);
    expect(cache.lookup('a')).toMatchObject({ fresh: true });
  });

  it('gives a version its time: kept by a render of the same bytes, a later second for new bytes', async () => {
    const cache = new ResponseCache(1 << 20, 60_000);
    const first = await render(cache, 'a', 'one');
    expect(first?.modifiedMs).toBe(Math.floor((first?.modifiedMs ?? 1) / 1000) * 1000);
    cache.changed('site');
    const same = await render(cache, 'a', 'one');
    expect(same?.modifiedMs).toBe(first?.modifiedMs);
    // rendered anew within the same second: If-Modified-Since must not take it for the version before
    const changed = await render(cache, 'a', 'two');
    expect(changed?.modifiedMs).toBeGreaterThan(first?.modifiedMs ?? 0);
    expect(changed?.wire.gzip).toContain(new Date(changed?.modifiedMs ?? 0).toUTCString());
    expect(changed?.notModified).toEqual(expect.arrayContaining(['etag', changed?.etag]));
  });

  it('stays within its byte budget, dropping the least recently used first', async () => {
    const body = 'x'.repeat(10_000);
    const cache = new ResponseCache(60_000, 60_000);
    for (const k of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) {
      await render(cache, k, `${k}${body}`);
      cache.lookup('a'); // a is read all the time
    }
    expect(cache.snapshot().bytes).toBeLessThanOrEqual(60_000);
    expect(cache.lookup('a').entry).toBeDefined();
    expect(cache.lookup('b').entry).toBeUndefined();
    expect(cache.lookup('h').entry).toBeDefined();
    expect(cache.stats.evicted).toBeGreaterThan(0);
  });

  it('never keeps an answer bigger than a quarter of the budget', async () => {
    const cache = new ResponseCache(10_000, 60_000);
    const noise = Buffer.from(Array.from({ length: 8_000 }, (_, i) => (i * 7919) % 251));
    const flight = cache.begin('big');
    const stored = await cache.finish(flight ?? (undefined as never), { status: 200, type: 'text/plain', body: noise, topics: [] });
    expect(stored).toBeDefined();
    expect(cache.size).toBe(0);
  });

  it('lets one render run per key and hands its answer to the waiters', async () => {
    const cache = new ResponseCache(1 << 20, 60_000);
    const first = cache.begin('k');
    expect(first).toBeDefined();
    expect(cache.begin('k')).toBeUndefined();
    const waiting = cache.flight('k')?.promise;
    await cache.finish(first ?? (undefined as never), page('one'));
    expect((await waiting)?.body.toString()).toBe('one');
    expect(cache.flight('k')).toBeUndefined();
  });

  it('does not keep statuses other than 200, and a dropped render lets waiters go', async () => {
    const cache = new ResponseCache(1 << 20, 60_000);
    const f = cache.begin('k');
    const waiting = cache.flight('k')?.promise;
    expect(await cache.finish(f ?? (undefined as never), { status: 404, type: 'text/html', body: Buffer.from('nope'), topics: [] })).toBeUndefined();
    expect(await waiting).toBeUndefined();
    expect(cache.size).toBe(0);
    const g = cache.begin('k');
    cache.abandon(g);
    expect(cache.flight('k')).toBeUndefined();
  });

  it('marks stale only what shows the topic a write changed', async () => {
    const cache = new ResponseCache(1 << 20, 60_000);
    await render(cache, 'people', 'p', ['people', 'site']);
    await render(cache, 'pubs', 'q', ['publication', 'site']);
    cache.changed('publication');
    expect(cache.lookup('people').fresh).toBe(true);
    expect(cache.lookup('pubs')).toMatchObject({ fresh: false, entry: expect.anything() });
    cache.changed('site');
    expect(cache.lookup('people').fresh).toBe(false);
  });

  it('keeps a render that raced a write to its topic as stale', async () => {
    const cache = new ResponseCache(1 << 20, 60_000);
    const flight = cache.begin('k');
    cache.changed('people'); // the write lands while the page renders from older data
    await cache.finish(flight ?? (undefined as never), page('old', ['people']));
    expect(cache.lookup('k').fresh).toBe(false);
    const other = cache.begin('j');
    cache.changed('publication');
    await cache.finish(other ?? (undefined as never), page('fine', ['people']));
    expect(cache.lookup('j').fresh).toBe(true);
  });

  it('takes a render that hangs past the limit for lost, so the next reader can start another', async () => {
    const cache = new ResponseCache(1 << 20, 60_000);
    const hung = cache.begin('k') as Flight;
    let settled: unknown = 'pending';
    hung.promise.then((v) => {
      settled = v;
    });
    expect(cache.begin('k')).toBeUndefined();
    hung.startedMs -= FLIGHT_LIMIT_MS + 1;
    const next = cache.begin('k');
    expect(next).toBeDefined();
    await Promise.resolve();
    expect(settled).toBeUndefined();
  });

  it('treats an answer older than maxAge as stale', async () => {
    const cache = new ResponseCache(1 << 20, 0);
    await render(cache, 'k', 'x');
    expect(cache.lookup('k').fresh).toBe(false);
  });
});

describe('memoByContent', () => {
  it('computes once per content and returns the same result', () => {
    let calls = 0;
    const memo = memoByContent(
      (s: string) => {
        calls++;
        return s.toUpperCase();
      },
      { budgetBytes: 1 << 20, sizeOf: (s) => s.length * 2 },
    );
    const long = 'a'.repeat(100);
    expect(memo(long)).toBe('A'.repeat(100));
    expect(memo(long)).toBe('A'.repeat(100));
    expect(calls).toBe(1);
    memo(`${long}b`);
    expect(calls).toBe(2);
  });

  it('stays within its budget', () => {
    const memo = memoByContent((s: string) => s, { budgetBytes: 10_000, sizeOf: (s) => s.length * 2 });
    for (let i = 0; i < 100; i++) memo(`${i}`.padEnd(500, 'z'));
    expect(memo.stats().bytes).toBeLessThanOrEqual(10_000);
  });
});
