import { describe, expect, it } from 'vitest';
import { contentTag, notModified, tagMatches } from './conditional.ts';

describe('conditional requests', () => {
  const tag = contentTag('the answer');

  it('compares tags weakly, in a list, and takes "*"', () => {
    expect(tag.startsWith('W/"')).toBe(true);
    expect(tagMatches(tag, tag)).toBe(true);
    expect(tagMatches(tag.slice(2), tag)).toBe(true);
    expect(tagMatches(`"other", ${tag}`, tag)).toBe(true);
    expect(tagMatches('*', tag)).toBe(true);
    expect(tagMatches('"other"', tag)).toBe(false);
    expect(tagMatches(undefined, tag)).toBe(false);
  });

  it('reads If-Modified-Since only without If-None-Match, by whole seconds', () => {
    const at = Date.parse('Sun, 06 Dec 2026 10:00:00 GMT') + 400;
    expect(notModified({ 'if-modified-since': 'Sun, 06 Dec 2026 10:00:00 GMT' }, tag, at)).toBe(true);
    expect(notModified({ 'if-modified-since': 'Sun, 06 Dec 2026 09:59:59 GMT' }, tag, at)).toBe(false);
    expect(notModified({ 'if-modified-since': 'not a date' }, tag, at)).toBe(false);
    expect(notModified({ 'if-modified-since': 'Sun, 06 Dec 2026 10:00:00 GMT' }, tag, undefined)).toBe(false);
    // If-None-Match decides when it is sent (RFC 9110 §13.2.2)
    expect(notModified({ 'if-none-match': '"other"', 'if-modified-since': 'Sun, 06 Dec 2026 10:00:00 GMT' }, tag, at)).toBe(false);
  });

  it('stays linear on a long header', () => {
    const long = `${'"x", '.repeat(40_000)}${tag}`;
    const started = performance.now();
    expect(tagMatches(long, tag)).toBe(true);
    expect(tagMatches(' '.repeat(200_000), tag)).toBe(false);
    expect(notModified({ 'if-modified-since': 'x'.repeat(200_000) }, tag, 0)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
