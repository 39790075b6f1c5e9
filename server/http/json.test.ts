import { describe, expect, it } from 'vitest';
import { jsonTooDeep, MAX_JSON_DEPTH, valueTooDeep } from './json.ts';

describe('JSON depth', () => {
  const nested = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTooDeep(JSON.stringify({ a: '[[[[[[[[[[{{{{{{{{{{'.repeat(10), b: ['\\"[['] }))).toBe(false);
    expect(jsonTooDeep('{"a":'.repeat(100_000))).toBe(true);
  });
  it('walks a parsed value 100,000 levels deep without recursion', () => {
    expect(valueTooDeep(JSON.parse(nested(100_000)))).toBe(true);
    expect(valueTooDeep({ a: [1, { b: 'x' }], c: null })).toBe(false);
  });
});
