import { describe, expect, it } from 'vitest';
import { canonicalPath, encodedPath, firstSegments } from './canonical.ts';

describe('one spelling of a page address', () => {
  // the shape of a React Router build's routes: root, a layout without a path, pages under it, a section with children
  const routes = {
    root: { id: 'root', path: '' },
    frame: { id: 'frame', parentId: 'root' },
    news: { id: 'news', parentId: 'frame', path: 'news' },
    article: { id: 'article', parentId: 'frame', path: 'news/:word' },
    open: { id: 'open', parentId: 'frame', path: 'DISCOpen' },
    rest: { id: 'rest', parentId: 'frame', path: '*' },
    console: { id: 'console', parentId: 'root', path: 'console' },
    data: { id: 'data', parentId: 'console', path: 'Data' },
  } as never;
  const segments = firstSegments(routes);

  it('knows the first segment of each top route, as its route spells it, and no child’s', () => {
    expect([...segments.entries()].sort()).toEqual([
      ['console', 'console'],
      ['discopen', 'DISCOpen'],
      ['news', 'news'],
    ]);
  });

  it('spells the first segment as its route does, and keeps the rest as asked', () => {
    expect(canonicalPath('/NEWS', segments)).toBe('/news');
    expect(canonicalPath('/discopen', segments)).toBe('/DISCOpen');
    expect(canonicalPath('/News/Some-Word', segments)).toBe('/news/Some-Word');
    expect(canonicalPath('/nowhere/X', segments)).toBe('/nowhere/X');
  });

  it('collapses repeated slashes and drops a trailing one, never leaving an address that starts with two', () => {
    expect(canonicalPath('//news', segments)).toBe('/news');
    expect(canonicalPath('/news//a///b/', segments)).toBe('/news/a/b');
    expect(canonicalPath('/', segments)).toBe('/');
    expect(canonicalPath('//', segments)).toBe('/');
    expect(canonicalPath('//evil.example/x', segments)).toBe('/evil.example/x');
  });

  it('leaves an address already in its spelling as it is', () => {
    for (const p of ['/', '/news', '/news/1', '/DISCOpen', '/people/liqinghe']) expect(canonicalPath(p, segments)).toBe(p);
  });

  it('encodes each segment of a decoded path', () => {
    expect(encodedPath('/news/a b?c#d')).toBe('/news/a%20b%3Fc%23d');
    expect(encodedPath('/people/张三')).toBe('/people/%E5%BC%A0%E4%B8%89');
  });
});
