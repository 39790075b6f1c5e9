import { describe, expect, it } from 'vitest';
import { fromLabLocal, labTime, normalizeInstant, toLabLocal } from './instant.ts';
import { zodFieldErrors } from './messages.ts';
import { inputSchema } from './resource.ts';
import { article } from './resources/article.ts';

// Moments as "publish at" takes them: one stored form whose text order is time order, and the
// lab's wall-clock time (Beijing) in the console whatever the browser's or the server's zone.

describe('moments', () => {
  it('stores any offset as UTC to the millisecond, and refuses what is not a moment', () => {
    expect(normalizeInstant('2026-12-01T09:00+08:00')).toBe('2026-12-01T01:00:00.000Z');
    expect(normalizeInstant('2026-12-01T09:00:05.123456-05:30')).toBe('2026-12-01T14:30:05.123Z');
    expect(normalizeInstant('2026-12-01T00:30:00Z')).toBe('2026-12-01T00:30:00.000Z');
    for (const bad of ['2026-12-01T09:00', '2026-02-29T09:00Z', '2026-12-01T24:00Z', '2026-12-01 09:00+08:00', '0999-12-31T23:00Z', 'tomorrow', '']) {
      expect(normalizeInstant(bad), bad).toBeNull();
    }
    // text order is time order, whatever offsets they were given in
    const sorted = ['2026-12-01T09:00+08:00', '2026-12-01T02:00+00:00', '2026-11-30T20:30-05:00'].map((s) => normalizeInstant(s) as string).sort();
    expect(sorted.map((s) => Date.parse(s))).toEqual([...sorted].map((s) => Date.parse(s)).sort((a, b) => a - b));
  });

  it('shows and takes the lab’s wall-clock time, Beijing, to the second', () => {
    expect(toLabLocal('2026-12-01T01:00:05.000Z')).toBe('2026-12-01T09:00:05');
    expect(toLabLocal('2026-12-01T20:00:00.000Z')).toBe('2026-12-02T04:00:00');
    expect(fromLabLocal('2026-12-01T09:00')).toBe('2026-12-01T09:00:00+08:00');
    expect(normalizeInstant(fromLabLocal(toLabLocal('2026-12-01T01:00:05.000Z')))).toBe('2026-12-01T01:00:05.000Z');
    expect(labTime('2026-12-01T01:00:05.000Z')).toBe('2026-12-01 09:00');
    expect(toLabLocal(null)).toBe('');
    expect(fromLabLocal('')).toBe('');
  });

  it('gives the console the server’s own message for a malformed time, in both languages', () => {
    const parsed = inputSchema(article, 'update').safeParse({ publish_at: 'incomplete' });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(zodFieldErrors('zh', parsed.error.issues).publish_at).toEqual(['时间应为带时区的 ISO 8601 格式，如 2026-12-01T09:00+08:00']);
    expect(zodFieldErrors('en', parsed.error.issues).publish_at).toEqual(['a moment must be ISO 8601 with its time zone, e.g. 2026-12-01T09:00+08:00']);
    // empty clears it
    expect(inputSchema(article, 'update').safeParse({ publish_at: '' })).toMatchObject({ success: true, data: { publish_at: '' } });
  });
});
