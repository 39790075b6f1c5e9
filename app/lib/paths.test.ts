import { describe, expect, it } from 'vitest';
import { safeRedirect } from './paths.ts';

// The login's redirect target: only a path the URL parser resolves to this site.

describe('safeRedirect', () => {
  it.each([
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/\t\\evil.example',
    '//evil.example',
    '/\\evil.example',
    '\\/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    ' /console',
    '',
    // paths that resolve to a path a browser reads as another host
    '/.//evil.example/x',
    '/./\\evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '/.%2e//evil.example',
    `/${'a'.repeat(3000)}`,
  ])('refuses %j', (target) => {
    expect(safeRedirect(target)).toBe('/');
    expect(safeRedirect(target, '/console')).toBe('/console');
  });

  it('refuses nothing given', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect(undefined)).toBe('/');
  });

  it.each([
    ['/', '/'],
    ['/console/people', '/console/people'],
    ['/news/12?lang=en#top', '/news/12?lang=en#top'],
    ['/people/li.si/more', '/people/li.si/more'],
    ['/console/../news', '/news'],
  ])('keeps the path %j as %j', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });
});
