import { createHash } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { newScriptMark, pagePolicy, rendererScripts } from './csp.ts';

const hashOf = (s: string) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`;

describe('the page policy', () => {
  it("allows the renderer's own inline scripts by their hash, once, and no script with a src", () => {
    const mark = newScriptMark();
    const one = 'window.__ctx = {"a":"</p>"};';
    const two = 'import("/assets/entry.js");';
    const html = `<html><head><script src="/assets/a.js" nonce="${mark}"></script><script nonce="${mark}">${one}</script></head><body><script type="module" nonce="${mark}">${two}</script><script nonce="${mark}">${one}</script></body></html>`;
    expect(rendererScripts(html, mark).hashes).toEqual([hashOf(one), hashOf(two)]);
  });

  it('allows no inline script the renderer did not mark: one in stored content is left out, the mark leaves the page', () => {
    const mark = newScriptMark();
    expect(mark).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(newScriptMark()).not.toBe(mark);
    // as React writes a page whose stored HTML slipped past the sanitizer (app/components/rich-html.tsx),
    // beside a script of React Router's, which carries the render's mark as its nonce
    const html = renderToStaticMarkup(
      createElement(
        'body',
        null,
        createElement('div', {
          className: 'rich',
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the hole the policy is the second defence against
          dangerouslySetInnerHTML: { __html: '<p>x</p><script>steal()</script><script nonce="guess">steal()</script>' },
        }),
        // biome-ignore lint/security/noDangerouslySetInnerHtml: as React Router writes its own scripts
        createElement('script', { nonce: mark, dangerouslySetInnerHTML: { __html: 'own()' } }),
        createElement('link', { rel: 'modulepreload', href: '/assets/a.js', nonce: mark }),
      ),
    );
    const own = rendererScripts(html, mark);
    expect(own.hashes).toEqual([hashOf('own()')]);
    expect(own.html).not.toContain(mark);
    expect(own.html).toContain('<script>own()</script>');
    expect(own.html).toContain('<link rel="modulepreload" href="/assets/a.js"/>');
    // without a mark (the dev server), nothing is allowed
    expect(rendererScripts(html, '').hashes).toEqual([]);
  });

  it('holds no unsafe source for scripts, and frames as asked', () => {
    const policy = pagePolicy([hashOf('x()')], "'none'");
    expect(policy).toMatch(new RegExp(`script-src 'self' ${hashOf('x()').replace(/[+/=]/g, '\\$&')};`));
    expect(policy).not.toMatch(/script-src[^;]*(unsafe|\*|data:|https:)/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(pagePolicy([], "'self'")).toContain("script-src 'self';");
  });
});
