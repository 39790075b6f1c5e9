import { describe, expect, it } from 'vitest';
import { safeReturn } from './external-login.ts';

// Where a campus login returns to: a path of this site as the parser resolves it, never one a
// browser reads as another host; else the console.
describe('safeReturn', () => {
  it.each([
    '/.//evil.example/x',
    '/./\\evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/',
    42,
    undefined,
    `/${'a'.repeat(400)}`,
  ])('refuses %j', (target) => {
    expect(safeReturn(target)).toBe('/console');
  });

  it.each([
    ['/console/people', '/console/people'],
    ['/news/12?lang=en', '/news/12?lang=en'],
    ['/console/../news', '/news'],
  ])('keeps %j as %j', (target, expected) => {
    expect(safeReturn(target)).toBe(expected);
  });
});
