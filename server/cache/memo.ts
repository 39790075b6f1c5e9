import { createHash } from 'node:crypto';

// Stored HTML and markdown are sanitized or rendered once per content, not on every read: the result is
// kept by a hash of the input, in a cache bounded in bytes (least recently used goes first). The
// sanitizer stays the single gate: every read still goes through it, and a hit returns exactly what it
// returned for the same input. Rules live in code, so a change of them arrives with a restart, which
// starts the cache empty; `version` is part of the key all the same, for a change made while running.

export type MemoOptions<T> = { budgetBytes: number; sizeOf: (value: T) => number; version?: string };

export function memoByContent<T>(fn: (input: string) => T, { budgetBytes, sizeOf, version = '' }: MemoOptions<T>) {
  const kept = new Map<string, { value: T; bytes: number }>();
  let used = 0;
  const memo = (input: string): T => {
    // short inputs (empty fields, a line) cost less to redo than to hash and keep
    if (input.length < 64) return fn(input);
    const key = createHash('sha1').update(version).update('\0').update(input).digest('base64url');
    const hit = kept.get(key);
    if (hit) {
      kept.delete(key);
      kept.set(key, hit);
      return hit.value;
    }
    const value = fn(input);
    const bytes = sizeOf(value) + 64;
    if (bytes > budgetBytes / 8) return value;
    kept.set(key, { value, bytes });
    used += bytes;
    for (const [k, v] of kept) {
      if (used <= budgetBytes) break;
      kept.delete(k);
      used -= v.bytes;
    }
    return value;
  };
  memo.clear = () => {
    kept.clear();
    used = 0;
  };
  memo.stats = () => ({ entries: kept.size, bytes: used });
  return memo;
}
