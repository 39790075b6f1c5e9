import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, pagePolicy } from './csp.ts';

const hashOf = (s: string) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`;

describe('the page policy', () => {
  it('allows each inline script of the page by its hash, once, and no script with a src', () => {
    const one = 'window.__ctx = {"a":"</p>"};';
    const two = 'import("/assets/entry.js");';
    const html = `<html><head><script src="/assets/a.js"></script><script>${one}</script></head><body><script type="module">${two}</script><script>${one}</script></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([hashOf(one), hashOf(two)]);
  });

  it('holds no unsafe source for scripts, and frames as asked', () => {
    const policy = pagePolicy('<script>x()</script>', "'none'");
    expect(policy).toMatch(new RegExp(`script-src 'self' ${hashOf('x()').replace(/[+/=]/g, '\\$&')};`));
    expect(policy).not.toMatch(/script-src[^;]*(unsafe|\*|data:|https:)/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(pagePolicy('', "'self'")).toContain("script-src 'self';");
  });
});
