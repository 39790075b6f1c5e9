import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { consoleEn } from '../../app/i18n/console-en.ts';
import { consoleZh } from '../../app/i18n/console-zh.ts';
import { browserSuite, e2eAvailable, hydrated, root } from './server.ts';

// What a public page makes a phone download and evaluate (docs/performance.md, "Public page weight";
// docs/decisions/081-public-page-weight.md): six pages of the demo lab in Chromium at a phone's width. None of
// the scripts they request is a console route's module, holds the console's texts or is MUI, and each page's
// scripts stay under the budget below, counted as the browser evaluates them (uncompressed). Their preloads ask for a
// low priority: the page's HTML and its hero image come first on a slow phone (app/entry.server.tsx).

/** Bytes of JavaScript a public page may request: 387–392 KB measured (2026-12-06), 452–457 KB before. */
const BUDGET_KB = 420;

/** The console's and the advisor area's route modules in the build (React Router's manifest of the browser's build). */
function consoleModules(): Set<string> {
  const dir = path.join(root, 'build', 'client', 'assets');
  const file = fs.readdirSync(dir).find((f) => /^manifest-[\w-]+\.js$/.test(f)) as string;
  const text = fs.readFileSync(path.join(dir, file), 'utf8');
  const manifest = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as { routes: Record<string, { module: string }> };
  return new Set(
    Object.entries(manifest.routes)
      .filter(([id]) => /^routes\/(console|advisor)\//.test(id))
      .map(([, r]) => r.module),
  );
}

/** Texts of the console alone, as a bundle writes them (plain words, no quote or escape to differ by). */
function consoleTexts(): string[] {
  const out: string[] = [];
  const walk = (node: unknown) => {
    if (typeof node === 'string') {
      if (node.length >= 24 && /^[\p{L}\p{N} ,.;:()/–·、，。：（）]+$/u.test(node)) out.push(node);
    } else if (node && typeof node === 'object') for (const v of Object.values(node)) walk(v);
  };
  walk(consoleEn);
  walk(consoleZh);
  return out;
}

describe.skipIf(!e2eAvailable)('the weight of the public pages', { timeout: 120_000 }, () => {
  const suite = browserSuite();

  test('six public pages request no console or MUI code, at a low priority, and each stays under its JavaScript budget', async () => {
    const xml = await (await fetch(suite.at('/sitemap.xml'))).text();
    const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
    const first = (re: RegExp) => paths.find((p) => re.test(p)) as string;
    const pages = ['/', '/people', '/publication', first(/^\/people\/[^/]+$/), first(/^\/publication\/\d+$/), '/projects'];
    expect(pages.every(Boolean)).toBe(true);
    const modules = consoleModules();
    expect(modules.size).toBeGreaterThan(10);
    const texts = consoleTexts();
    expect(texts.length).toBeGreaterThan(50);

    const weights: Record<string, number> = {};
    for (const p of pages) {
      const html = await (await fetch(suite.at(p))).text();
      const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
      expect(preloads.length).toBeGreaterThan(5);
      expect(
        preloads.filter((l) => !l.includes('fetchpriority="low"')),
        p,
      ).toEqual([]);
      const { page } = await suite.open({ width: 390, height: 844 });
      const scripts: Promise<{ url: string; body: string }>[] = [];
      page.on('response', (r) => {
        if (r.request().resourceType() === 'script') scripts.push(r.text().then((body) => ({ url: new URL(r.url()).pathname, body })));
      });
      await page.goto(suite.at(p));
      await hydrated(page, 'header');
      await page.waitForLoadState('load');
      const loaded = await Promise.all(scripts);
      expect(loaded.length).toBeGreaterThan(5);
      for (const { url, body } of loaded) {
        expect(modules.has(url), `${p} requests the console's ${url}`).toBe(false);
        expect(body.match(/\bMui[A-Z][A-Za-z]+/)?.[0], `${p} requests MUI in ${url}`).toBeUndefined();
        expect(
          texts.find((t) => body.includes(t)),
          `${p} requests the console's texts in ${url}`,
        ).toBeUndefined();
      }
      weights[p] = Math.round(loaded.reduce((n, s) => n + Buffer.byteLength(s.body), 0) / 1024);
    }
    // the console's screens are drawn by their scripts: its preloads keep the browser's own priority
    const consoleHtml = await (await fetch(suite.at('/console'))).text();
    expect(consoleHtml).toContain('<link rel="modulepreload"');
    expect(consoleHtml).not.toContain('fetchpriority');
    console.log('JavaScript requested (KB, uncompressed):', weights);
    for (const [p, kb] of Object.entries(weights)) expect(kb, `${p}: ${kb} KB of JavaScript`).toBeLessThanOrEqual(BUDGET_KB);
  });
});
