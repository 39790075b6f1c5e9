import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import './console.ts';
import { translate } from './index.tsx';
import { zh } from './zh.ts';

describe('the interface texts', () => {
  it('write a count with the word in its number, never "member(s)"', () => {
    expect(translate('en', 'consoleHome.recorded', { n: 1 })).toBe('1 member has filled in this term');
    expect(translate('en', 'consoleHome.recorded', { n: 14 })).toBe('14 members have filled in this term');
    expect(translate('en', 'consoleHome.recorded', { n: 0 })).toBe('0 members have filled in this term');
    expect(translate('zh', 'consoleHome.recorded', { n: 14 })).not.toMatch(/\|/);
    const all = JSON.stringify(en);
    expect(all).not.toMatch(/\w\(s\)/);
  });

  it('put the full-width colon and question mark in Chinese text, never ASCII ones after a Chinese letter', () => {
    const texts: string[] = [];
    const walk = (node: unknown) => {
      if (typeof node === 'string') texts.push(node);
      else if (node && typeof node === 'object') for (const v of Object.values(node)) walk(v);
    };
    walk(zh);
    expect(texts.filter((s) => /\p{Script=Han}[:?]/u.test(s))).toEqual([]);
    expect(zh.colon).toBe('：');
    expect(en.colon).toBe(': ');
  });
});

describe("the site's texts apart from the console's", () => {
  it('hold every group a public page, a component or the login pages names (the console adds its own when it loads)', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const path = await import('node:path');
    const { siteZh } = await import('./site-zh.ts');
    const app = path.resolve(import.meta.dirname, '..');
    const consoleOnly = /^(console|advisor|routes\/console|routes\/advisor|i18n)\//;
    const named = new Set<string>();
    for (const file of readdirSync(app, { recursive: true }) as string[]) {
      if (!/\.tsx?$/.test(file) || /\.test\./.test(file) || consoleOnly.test(file.split(path.sep).join('/'))) continue;
      for (const m of readFileSync(path.join(app, file), 'utf8').matchAll(/\bt\(\s*['`]([a-zA-Z]+)\./g)) named.add(m[1] as string);
    }
    expect(named.size).toBeGreaterThan(10);
    expect([...named].filter((g) => !(g in siteZh))).toEqual([]);
  });
});
