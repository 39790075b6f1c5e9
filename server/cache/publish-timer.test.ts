import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Changes, type Topic } from './changes.ts';
import { MAX_WAIT_MS, PublishTimer } from './publish-timer.ts';

// The publish timer on a clock of its own: what it waits for, what it announces and when, and that it
// reads its plan again when told of a change (here or from another instance). The records' side (which
// times count) is tests/api/publish-at.test.ts, on both databases.

const T0 = Date.parse('2026-11-24T00:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();

describe('PublishTimer', () => {
  let times: { topic: Topic; at: string }[];
  let reads: number;
  let heard: Topic[];
  let changes: Changes;
  let timer: PublishTimer;
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: T0 });
    times = [];
    reads = 0;
    heard = [];
    changes = new Changes();
    changes.on((topic, from) => from === 'here' && heard.push(topic));
    // what is still to come at `now`, earliest first, as the database answers it
    const next = async (now: string) => {
      reads += 1;
      return times.filter((t) => t.at > now).sort((a, b) => a.at.localeCompare(b.at));
    };
    timer = new PublishTimer(next, changes, (e) => {
      throw e;
    });
  });
  afterEach(() => {
    timer.close();
    vi.useRealTimers();
  });

  it('announces each kind when its earliest time comes, then waits for the next', async () => {
    times = [
      { topic: 'news', at: at(5_000) },
      { topic: 'article', at: at(5_000) },
      { topic: 'seminar', at: at(60_000) },
    ];
    await timer.start();
    expect(timer.next).toBe(at(5_000));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(heard).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(heard.sort()).toEqual(['article', 'news']);
    await timer.settled();
    expect(timer.next).toBe(at(60_000));
    await vi.advanceTimersByTimeAsync(55_000);
    expect(heard.sort()).toEqual(['article', 'news', 'seminar']);
    await timer.settled();
    expect(timer.next).toBeUndefined();
  });

  it('waits a day at most, then reads the plan again without announcing anything', async () => {
    times = [{ topic: 'article', at: at(3 * MAX_WAIT_MS) }];
    await timer.start();
    const before = reads;
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS);
    await timer.settled();
    expect(reads).toBe(before + 1);
    expect(heard).toEqual([]);
    await vi.advanceTimersByTimeAsync(2 * MAX_WAIT_MS);
    expect(heard).toEqual(['article']);
  });

  it('reads the plan again when a kind with publish times changes, here or on another instance', async () => {
    await timer.start();
    expect(timer.next).toBeUndefined();
    times = [{ topic: 'news', at: at(10_000) }];
    changes.arrived('news');
    await timer.settled();
    expect(timer.next).toBe(at(10_000));
    // a change of another kind is no reason to read it
    const before = reads;
    changes.changed('people');
    await timer.settled();
    expect(reads).toBe(before);
    // moved earlier by a write here
    times = [{ topic: 'news', at: at(2_000) }];
    changes.changed('news');
    await timer.settled();
    expect(timer.next).toBe(at(2_000));
    heard = [];
    await vi.advanceTimersByTimeAsync(2_000);
    expect(heard).toEqual(['news']);
  });

  it('announces nothing once closed', async () => {
    times = [{ topic: 'article', at: at(1_000) }];
    await timer.start();
    timer.close();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(heard).toEqual([]);
  });
});
