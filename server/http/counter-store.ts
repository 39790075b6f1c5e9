import type { DB } from '../db/database.ts';
import { hit, peek } from '../services/counters.ts';

// A store for @fastify/rate-limit that counts in the database (server/services/counters.ts), so a
// limit holds across instances and restarts. The plugin makes it with `new Store(options)` and
// passes each route's options to `child`; the counters' keys are `{prefix}:{the plugin's key}`.

type Answer = (err: Error | null, res?: { current: number; ttl: number }) => void;

export function counterStore(db: DB, prefix: string) {
  return class CounterStore {
    incr(key: string, cb: Answer, timeWindow: number): void {
      const now = Date.now();
      hit(db, `${prefix}:${key}`, timeWindow, now).then(
        (c) => cb(null, { current: c.count, ttl: c.resetAt - now }),
        (e: Error) => cb(e),
      );
    }

    read(key: string, cb: Answer): void {
      const now = Date.now();
      peek(db, `${prefix}:${key}`, now).then(
        (c) => cb(null, { current: c.count, ttl: c.resetAt - now }),
        (e: Error) => cb(e),
      );
    }

    child(): CounterStore {
      return new CounterStore();
    }
  };
}
