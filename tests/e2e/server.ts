import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page, type Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { seededDemo } from '../helpers/templates.ts';

// End-to-end tests of real pages: the page build (made here when it is missing or older than the
// app's sources), the real server on a free loopback port on a copy of the demo lab seeded once a run (a
// fresh SQLite DATA_DIR each), and Debian's Chromium driven by playwright-core.
// Where Chromium is missing the suites are skipped with the reason printed, except under CI, where
// that is a failure (as tests/helpers/app.ts does for PostgreSQL).

export const root = path.resolve(import.meta.dirname, '..', '..');
/**
 * Debian's chromium-headless-shell (the headless build Playwright itself runs by default) where installed: the
 * same Chromium version as the chromium package, without the browser's own interface, and about 40 % less CPU for
 * the same pages (docs/testing.md). Else the chromium package, run headless.
 */
export const CHROMIUM =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p)) ?? '/usr/bin/chromium';
export const ADMIN = { username: 'labadmin', password: 'e2e-admin-password' } as const;

const chromiumProblem = fs.existsSync(CHROMIUM) ? undefined : `${CHROMIUM} not found`;
if (chromiumProblem) {
  if (process.env.CI) throw new Error(`Chromium is required under CI: ${chromiumProblem}`);
  console.warn(`[tests] end-to-end suites skipped: ${chromiumProblem} (install Debian's chromium-headless-shell or chromium)`);
}

/** Whether this machine can run the end-to-end suites (always true under CI, or the run fails). */
export const e2eAvailable = !chromiumProblem;

// ---------------------------------------------------------------------------------------------
// The page build

const serverBuild = path.join(root, 'build', 'server', 'index.js');
/** What the page build is made from: a change in any of these makes the build stale. */
const buildInputs = ['app', 'common', 'vite.config.ts', 'react-router.config.ts'];

function newestMtime(p: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

function buildIsStale(): boolean {
  if (!fs.existsSync(serverBuild)) return true;
  const built = fs.statSync(serverBuild).mtimeMs;
  return buildInputs.some((p) => newestMtime(path.join(root, p)) > built);
}

const lockFile = path.join(os.tmpdir(), `lab-e2e-build-${createHash('sha256').update(root).digest('hex').slice(0, 12)}.lock`);

function lockHolderAlive(): boolean {
  try {
    const pid = Number(fs.readFileSync(lockFile, 'utf8'));
    if (!pid) return true; // being written
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Builds the pages once (`react-router build`) when build/server/index.js is missing or older than
 * the newest source. A lock file makes parallel test files wait for one build instead of racing.
 */
export async function ensureBuild(): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (buildIsStale()) {
    let fd: number;
    try {
      fd = fs.openSync(lockFile, 'wx');
    } catch {
      // another test file builds: wait for it (or take over a lock its dead owner left)
      if (!lockHolderAlive()) fs.rmSync(lockFile, { force: true });
      if (Date.now() > deadline) throw new Error(`timed out waiting for the page build (lock ${lockFile})`);
      await sleep(250);
      continue;
    }
    try {
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      if (!buildIsStale()) return;
      const cli = path.join(root, 'node_modules', '@react-router', 'dev', 'bin.cjs');
      const run = spawnSync(process.execPath, [cli, 'build'], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, NODE_ENV: 'production' },
        timeout: 170_000,
      });
      if (run.status !== 0) throw new Error(`react-router build failed (${run.status ?? run.signal}):\n${run.stdout}\n${run.stderr}`.slice(-4000));
      // the build may finish within the mtime resolution of a just-saved source: mark it as newer
      const now = new Date();
      fs.utimesSync(serverBuild, now, now);
      return;
    } finally {
      fs.rmSync(lockFile, { force: true });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The server

export type Site = { app: FastifyInstance; url: string; dataDir: string; close: () => Promise<void> };

/**
 * The real server (API, files, pages) on 127.0.0.1 and a free port, with the demo lab seeded; `env` adds
 * settings (with ADVISOR_USERNAME, that advisor's demo area is seeded too).
 */
export async function startSite(env: Record<string, string> = {}): Promise<Site> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-e2e-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LAB_ADMIN_USERNAME: '',
    // the suite logs in more often than a person would
    LOGIN_RATE_LIMIT: '1000',
    // a read right after a write sees it: on busy test machines a render may take longer than the
    // 300 ms a reader waits in production before taking the previous version (tests/e2e/page-cache.test.ts)
    CACHE_PATIENCE_MS: '15000',
    ...env,
  });
  // the demo lab as seeded once this run (tests/helpers/templates.ts), copied: the server starts on it as
  // `lab demo` does on the lab it has just seeded
  const [demo] = await Promise.all([seededDemo({ password: ADMIN.password, advisor: config.advisorUsername }), ensureBuild()]);
  fs.cpSync(demo, dataDir, { recursive: true });
  const app = await buildApp({ config });
  try {
    await app.lab.search.settled();
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (e) {
    await app.close();
    throw e;
  }
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('the server has no address');
  return {
    app,
    url: `http://127.0.0.1:${address.port}`,
    dataDir,
    async close() {
      // a test that left a response unread holds its connection busy: the suite ends, so drop them all
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The browser

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

// ---------------------------------------------------------------------------------------------
// Pages

/** Waits until React has hydrated the element (its props are attached), so clicks reach handlers. */
export async function hydrated(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    return !!el && Object.keys(el).some((k) => k.startsWith('__reactProps'));
  }, selector);
}

const pending = new WeakMap<Page, { requests: Set<Request>; since: number }>();

/** Counts the page's requests in flight, for `networkQuiet` (browserSuite's pages are counted from their start). */
function countRequests(page: Page): void {
  if (pending.has(page)) return;
  const state = { requests: new Set<Request>(), since: Date.now() };
  pending.set(page, state);
  page.on('request', (r) => {
    state.requests.add(r);
    state.since = Date.now();
  });
  const done = (r: Request) => {
    state.requests.delete(r);
    state.since = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Waits until the page has had no request in flight for `quietMs`: Playwright's `networkidle`, whose fixed 500 ms of
 * quiet were a third of each console screen's check, cut to what a screen needs between an answer and the fetch
 * it starts next (a render and an effect).
 */
export async function networkQuiet(page: Page, quietMs = 150, timeoutMs = 30_000): Promise<void> {
  const state = pending.get(page);
  if (!state) throw new Error('networkQuiet: the page was not opened by a browser suite (countRequests)');
  const deadline = Date.now() + timeoutMs;
  while (state.requests.size > 0 || Date.now() - state.since < quietMs) {
    if (Date.now() > deadline) throw new Error(`networkQuiet: still in flight after ${timeoutMs} ms: ${[...state.requests].map((r) => r.url()).join(' ')}`);
    await sleep(25);
  }
}

/** Logs in through the real /login page (Enter submits) and waits until `target` shows its main content. */
export async function logInThroughPage(page: Page, baseUrl: string, username: string, password: string, target: string): Promise<void> {
  await page.goto(`${baseUrl}/login?redirect=${encodeURIComponent(target)}`);
  await hydrated(page, 'form.login-card button[type=submit]');
  // the button is enabled once hydrated; Enter does nothing on a form whose submit button is disabled
  await page.locator('form.login-card button[type=submit]:not([disabled])').waitFor();
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="password"]').press('Enter');
  await page.waitForURL((u) => `${u.pathname}${u.search}` === target, { timeout: 15_000 });
  await page.getByRole('main').first().waitFor();
}

/**
 * Goes to a screen of the console (a page of it already open) by its own nav, as a member does: the drawer's link
 * (on a phone the drawer is closed, but kept in the page). One page load serves every screen, where a `goto` each
 * paid the console's scripts again (a third of a screen's check).
 */
export async function viaConsoleNav(page: Page, path: string): Promise<void> {
  const link = `[role="navigation"] a[href="${path}"]`;
  await page.locator(link).first().dispatchEvent('click');
  await page.waitForURL((u) => u.pathname === path);
  // the new screen drawn: its link is the current one
  await page.locator(`${link}[aria-current="page"]`).first().waitFor({ state: 'attached' });
}

/**
 * The session token the browser holds: its HttpOnly cookie, which the test reads through the browser's
 * cookie store (no script of the page can). Undefined when logged out.
 */
export async function sessionTokenOf(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === 'lab_session')?.value;
}

// ---------------------------------------------------------------------------------------------
// A browser suite

export type BrowserSuite = {
  /** The site and the browser, once the suite's beforeAll has run. */
  readonly site: Site;
  readonly browser: Browser;
  /**
   * A fresh browser context (own cookies and storage) in a language and window size, with links outside
   * the loopback server answered by a stub page; any uncaught exception in its pages fails the test.
   */
  open(options?: { lang?: 'zh' | 'en'; width?: number; height?: number; context?: BrowserContextOptions }): Promise<{ page: Page; context: BrowserContext }>;
  /** The site's absolute URL of a path. */
  at(path: string): string;
};

/**
 * What each page of a failed test showed, into the run's log: its address, and what a screen reader would have
 * found there (the accessibility tree, cut short). A flake seen once in CI is otherwise gone with its browser.
 */
async function describeFailure(contexts: BrowserContext[]): Promise<void> {
  for (const page of contexts.flatMap((c) => c.pages())) {
    const tree = await page
      .locator('body')
      .ariaSnapshot({ timeout: 2_000 })
      .catch((e: Error) => `(no accessibility tree: ${e.message})`);
    // the body's own children: a layer left aria-hidden hides the whole page from the tree above
    const layers = await page
      .evaluate(() =>
        [...document.body.children]
          .map(
            (e) =>
              `<${e.tagName.toLowerCase()}${e.id ? ` id=${e.id}` : ''} class="${e.className}"${e.getAttribute('aria-hidden') ? ` aria-hidden=${e.getAttribute('aria-hidden')}` : ''}> ${e.querySelectorAll('*').length} elements`,
          )
          .join('\n'),
      )
      .catch((e: Error) => `(no body: ${e.message})`);
    console.error(`\n-- the page of the failed test: ${page.url()}\n${tree.slice(0, 6_000)}\n-- its layers:\n${layers}\n--`);
  }
}

/**
 * The set-up every browser suite shares, registered in the calling `describe`: the site (from `start`,
 * the demo lab by default) and Chromium started before its tests and closed after them, and each test's
 * browser contexts closed and its page errors asserted empty after it.
 */
export function browserSuite(start: () => Promise<Site> = () => startSite()): BrowserSuite {
  let site: Site | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  beforeAll(async () => {
    [site, browser] = await Promise.all([start(), launchBrowser()]);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await describeFailure(contexts);
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    expect(pageErrors.splice(0)).toEqual([]);
  });
  return {
    get site() {
      return site as Site;
    },
    get browser() {
      return browser as Browser;
    },
    async open({ lang = 'en', width = 1366, height = 900, context: extra = {} } = {}) {
      const context = await (browser as Browser).newContext({ locale: lang === 'zh' ? 'zh-CN' : 'en-US', viewport: { width, height }, ...extra });
      contexts.push(context);
      // nothing leaves the loopback server: outside links answer with a stub page
      await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>outside</title>outside' }),
      );
      context.on('page', (p) => {
        p.on('pageerror', (e) => pageErrors.push(`${p.url()}: ${e.message}`));
        countRequests(p);
      });
      return { page: await context.newPage(), context };
    },
    at: (path: string) => `${(site as Site).url}${path}`,
  };
}
