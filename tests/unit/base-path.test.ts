import type { ServerBuild } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { serverBasePath } from '#page-context';
import { underBase } from '../../common/paths.ts';
import { underBaseHtml } from '../../app/components/rich-html.tsx';
import { at, siteRelative } from '../../app/lib/base.ts';
import { responsive } from '../../app/lib/images.ts';
import { stripBasePath } from '../../server/http/base-path.ts';
import { buildUnder } from '../../server/pages/plugin.ts';

// BASE_PATH's small parts: where the prefix goes on and comes off. The site under /lab
// behind nginx: tests/api/base-path.test.ts and tests/e2e/base-path.test.ts.

describe('the prefix on a path of the site', () => {
  it.each([
    ['/people/alice', '/lab/people/alice'],
    ['/', '/lab/'],
    ['/search?q=a', '/lab/search?q=a'],
    ['https://example.org/x', 'https://example.org/x'],
    ['//cdn.example.org/x', '//cdn.example.org/x'],
    ['#cite', '#cite'],
    ['mailto:lab@example.edu', 'mailto:lab@example.edu'],
    ['blob:http://x/1', 'blob:http://x/1'],
    ['', ''],
  ])('%j → %j, and as it is at the root', (path, expected) => {
    expect(underBase('/lab', path)).toBe(expected);
    expect(underBase('', path)).toBe(path);
  });

  it("stored HTML's root-relative links and images, and nothing else", () => {
    const html =
      '<p><a href="/people/alice">A</a> <a href="https://x.org/">X</a> <a href="//x.org/">Y</a> <img src="/resource/media/k.png" alt=""> /people in text</p>';
    expect(underBaseHtml(html, '/lab')).toBe(
      '<p><a href="/lab/people/alice">A</a> <a href="https://x.org/">X</a> <a href="//x.org/">Y</a> <img src="/lab/resource/media/k.png" alt=""> /people in text</p>',
    );
    expect(underBaseHtml(html, '')).toBe(html);
    // a body image's resized copies, each address of the set
    const picture =
      '<picture><source type="image/webp" srcset="/resource/image/k.png?w=160 160w, /resource/image/k.png?w=320 320w"><img src="/resource/image/k.png"></picture>';
    expect(underBaseHtml(picture, '/lab')).toBe(
      '<picture><source type="image/webp" srcset="/lab/resource/image/k.png?w=160 160w, /lab/resource/image/k.png?w=320 320w"><img src="/lab/resource/image/k.png"></picture>',
    );
  });
});

describe('the pages’ helpers while the server renders under /lab', () => {
  afterEach(() => {
    serverBasePath.read = () => '';
  });
  it('puts the prefix on and takes it off', () => {
    serverBasePath.read = () => '/lab';
    expect(at('/news')).toBe('/lab/news');
    expect(siteRelative('/lab/people/alice')).toBe('/people/alice');
    expect(siteRelative('/lab')).toBe('/');
    expect(siteRelative('/laboratory')).toBe('/laboratory');
    expect(responsive('/resource/image/k', 400).src).toBe('/lab/resource/image/k?w=480');
    expect(
      responsive('/resource/image/k', 400)
        .srcSet?.split(', ')
        .every((s) => s.startsWith('/lab/resource/image/k?w=')),
    ).toBe(true);
    serverBasePath.read = () => '';
    expect(at('/news')).toBe('/news');
  });
});

describe('requests and the page build under /lab', () => {
  const strip = stripBasePath('/lab');
  it.each([
    ['/lab/', '/'],
    ['/lab/people?tab=former', '/people?tab=former'],
    ['/lab/api/read_people/', '/api/read_people/'],
    ['/lab', '/__base-path'],
    ['/lab?lang=en', '/__base-path?lang=en'],
    ['/', '/__outside-base-path'],
    ['/laboratory', '/__outside-base-path'],
    ['/people', '/__outside-base-path'],
  ])('%s is routed as %s', (url, routed) => expect(strip({ url })).toBe(routed));

  it('serves the build with the basename and the scripts under the prefix', () => {
    const build = {
      basename: '/',
      publicPath: '/',
      assets: {
        url: '/assets/manifest-1.js',
        version: '1',
        entry: { module: '/assets/entry.client-1.js', imports: ['/assets/a-1.js'], css: [] },
        routes: { root: { id: 'root', path: '', module: '/assets/root-1.js', imports: ['/assets/b-1.js'], css: [], hasLoader: true } },
      },
    } as unknown as ServerBuild;
    const under = buildUnder(build, '/lab');
    expect(under.basename).toBe('/lab/');
    expect(under.publicPath).toBe('/lab/');
    expect(under.assets.url).toBe('/lab/assets/manifest-1.js');
    expect(under.assets.entry).toEqual({ module: '/lab/assets/entry.client-1.js', imports: ['/lab/assets/a-1.js'], css: [] });
    expect(under.assets.routes.root).toMatchObject({ id: 'root', path: '', module: '/lab/assets/root-1.js', imports: ['/lab/assets/b-1.js'], hasLoader: true });
    expect(buildUnder(build, '')).toBe(build);
  });
});
