import { createHash } from 'node:crypto';

// Stored HTML and markdown are sanitized or rendered once per content, not on every read: the result is
// kept by a hash of the input, in a cache bounded in bytes (least recently used goes first). The
// sanitizer stays the single gate: every read still goes through it, and a hit returns exactly what it
// returned for the same input. Rules live in code, so a change of them arrives with a restart, which
// starts the cache empty; `version` is part of the key all the same, for a change made while running.

export type MemoOptions<T> = { budgetBytes: number; sizeOf: (value: T) => number; version?: string };

/** The kept values by a hash of their input, least recently used first, bounded in bytes. */
function contentStore<T>({ budgetBytes, sizeOf, version = '' }: MemoOptions<T>) {
  const kept = new Map<string, { value: T; bytes: number }>();
  let used = 0;
  const keyOf = (input: string) => createHash('sha1').update(version).update('\0').update(input).digest('base64url');
  return {
    keyOf,
    get(key: string): T | undefined {
      const hit = kept.get(key);
      if (!hit) return undefined;
      kept.delete(key);
      kept.set(key, hit);
      return hit.value;
    },
    set(key: string, value: T) {
      const bytes = sizeOf(value) + 64;
      if (bytes > budgetBytes / 8) return;
      kept.set(key, { value, bytes });
      used += bytes;
      for (const [k, v] of kept) {
        if (used <= budgetBytes) break;
        kept.delete(k);
        used -= v.bytes;
      }
    },
    clear() {
      kept.clear();
      used = 0;
    },
    stats: () => ({ entries: kept.size, bytes: used }),
  };
}

export function memoByContent<T>(fn: (input: string) => T, options: MemoOptions<T>) {
  const store = contentStore(options);
  const memo = (input: string): T => {
    // short inputs (empty fields, a line) cost less to redo than to hash and keep
    if (input.length < 64) return fn(input);
    const key = store.keyOf(input);
    const hit = store.get(key);
    if (hit !== undefined) return hit;
    const value = fn(input);
    store.set(key, value);
    return value;
  };
  memo.clear = store.clear;
  memo.stats = store.stats;
  return memo;
}

/**
 * The same for work done elsewhere (a worker thread): a value is kept once it has come, and callers
 * asking for an input on its way wait for the same answer.
 */
export function memoByContentAsync<T>(fn: (input: string) => Promise<T>, options: MemoOptions<T>) {
  const store = contentStore(options);
  const coming = new Map<string, Promise<T>>();
  const memo = (input: string): Promise<T> => {
    if (input.length < 64) return fn(input);
    const key = store.keyOf(input);
    const hit = store.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    let value = coming.get(key);
    if (!value) {
      value = fn(input).then((v) => {
        store.set(key, v);
        return v;
      });
      coming.set(key, value);
      void value.finally(() => coming.delete(key)).catch(() => {});
    }
    return value;
  };
  memo.clear = store.clear;
  memo.stats = store.stats;
  return memo;
}
