import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seedDemo } from '../../cli/demo/seed.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { en } from '../../app/i18n/en.ts';
import { zh } from '../../app/i18n/zh.ts';
import { freePort, NGINX, nginx, type TestNginx } from '../helpers/nginx.ts';
import { DEMO_ADVISOR_PASSWORD } from '../../cli/demo/advisor-seed.ts';
import { generateSync } from 'otplib';
import { ADMIN, browserSuite, e2eAvailable, ensureBuild, hydrated, root, type Site } from './server.ts';

// The whole site under /lab/ (the server of `npm start` with BASE_PATH=/lab) behind nginx,
// with the location block of the repository's recipe (deploy/nginx.conf) as `location /lab/` and nothing else:
// any request outside the prefix is nginx's 404, never the site. A reader goes through the public pages in both
// languages, a member through the login, the console (a saved record: the console's calls) and the logout, the
// class advisor through their area; every request the browser made, and every link and image of every page it
// saw, stayed under /lab/; the cookies are the prefix's; the feeds and the sitemap name addresses under it.
// Console and advisor addresses opened without a login go to /lab/login?redirect=… and, logged in, back to them;
// an administrator who must enrol two-factor login is sent to the enrolment, under /lab/ once.

const BASE = '/lab';
/** The demo's class advisor, whose area the site has with ADVISOR_USERNAME. */
const ADVISOR = 'linyunshu';

/**
 * What `npm start` runs (the server bundle of `npm run build`, built here into a folder of its own, with the page
 * build) as its own process on a DATA_DIR seeded with the demo lab, with `env`; its address and its stop.
 */
async function startBundle(env: Record<string, string>): Promise<{ url: string; close: () => Promise<void> }> {
  await ensureBuild();
  const outDir = path.join(root, 'build', `app-base-path-${process.pid}`);
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const built = spawnSync(process.execPath, [vite, 'build', '-c', 'vite.server.config.ts', '--outDir', outDir], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (built.status !== 0) throw new Error(`the server bundle did not build: ${built.stderr}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-base-path-'));
  // the demo lab, written by the sources' own server on that DATA_DIR before the bundle starts on it
  const seeding = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, LAB_API_ONLY: '1', ...env }) });
  await seedDemo(seeding.lab.db, seeding.lab.storage, ADMIN.password, { advisor: env.ADVISOR_USERNAME });
  await seeding.close();
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.join(outDir, 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      LOGIN_RATE_LIMIT: '1000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const close = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; ; ) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await close();
      throw new Error(`the server bundle did not answer: ${stderr}`.slice(-3000));
    }
    if ((await fetch(`${url}${env.BASE_PATH ?? ''}/readyz`).catch(() => undefined))?.status === 200) return { url, close };
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every address a page names (links, images, forms, the head's links), as the browser resolved them. */
const addressesOf = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll('[href], [src], [srcset], [action], [imagesrcset]')) {
      for (const name of ['href', 'src', 'action']) {
        const v = (el as HTMLAnchorElement)[name as 'href'];
        if (el.hasAttribute(name) && typeof v === 'string') out.push(v);
      }
      for (const name of ['srcset', 'imagesrcset']) {
        const set = el.getAttribute(name);
        if (set) for (const part of set.split(',')) out.push(new URL(part.trim().split(/\s+/)[0] ?? '', document.baseURI).href);
      }
    }
    return out;
  });

describe.skipIf(!e2eAvailable || !NGINX)('the site under /lab/ behind nginx', { timeout: 180_000 }, () => {
  let proxy: TestNginx | undefined;
  let app: { url: string; close: () => Promise<void> } | undefined;
  const suite = browserSuite(async () => {
    // the address readers use is nginx's: PUBLIC_URL names it, as docs/deploy.md says
    const port = await freePort();
    // a CAS server is named only for the login page's campus button (no test follows it there)
    app = await startBundle({
      BASE_PATH: BASE,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      TRUST_PROXY: '1',
      ADVISOR_USERNAME: ADVISOR,
      CAS_URL: 'http://127.0.0.1:9/cas',
    });
    proxy = await nginx(app.url.replace('http://', ''), `${BASE}/`, port);
    const server = app;
    const close = async () => {
      await proxy?.close();
      await server.close();
    };
    // the browser suite's site: only its address and its stop are used here
    return { url: proxy.url, close } as unknown as Site;
  });
  const origin = () => suite.site.url;
  /** Addresses of this site outside the prefix (a link or request that escaped it); other sites' are not ours. */
  const outside = (urls: readonly string[]) =>
    urls.filter((u) => {
      if (!/^https?:/.test(u)) return false;
      const url = new URL(u);
      return url.origin === origin() && !url.pathname.startsWith(`${BASE}/`);
    });

  test('a reader and a member go through the site in both languages, and nothing leaves /lab/', async () => {
    // wide enough for the whole menu in the top bar, in both languages
    const { page, context } = await suite.open({ lang: 'zh', width: 1920 });
    const requests: string[] = [];
    const failed: string[] = [];
    context.on('request', (r) => requests.push(r.url()));
    context.on('response', (r) => {
      if (r.status() >= 400 && new URL(r.url()).origin === origin()) failed.push(`${r.status()} ${r.url()}`);
    });
    const seen: string[] = [];
    /** The page at `path` (under /lab/) once it shows its heading and has hydrated; its addresses are kept. */
    const arrived = async (path: string | RegExp) => {
      await page.waitForURL((u) => (typeof path === 'string' ? `${u.pathname}${u.search}` === path : path.test(u.pathname)));
      await page.locator('main h1').first().waitFor();
      await hydrated(page, 'header .brand');
      seen.push(...(await addressesOf(page)));
    };
    const menu = (name: string) => page.getByRole('navigation', { name: zh.nav.main }).getByRole('link', { name, exact: true });

    // the home page in Chinese: its links, images and scripts are all under /lab/
    await page.goto(`${origin()}${BASE}/`);
    await arrived(`${BASE}/`);
    expect(await page.locator('header .brand').getAttribute('href')).toBe(`${BASE}/`);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical?.startsWith(`${origin()}${BASE}/`)).toBe(true);

    // the menu: news, people, a person, publications, a declared resource's page (awards)
    await menu(zh.nav.news).click();
    await arrived(`${BASE}/news`);
    await menu(zh.nav.people).click();
    await arrived(`${BASE}/people`);
    const person = page.locator('main a.card[href^="/lab/people/"]').first();
    const personPath = new URL((await person.evaluate((a) => (a as HTMLAnchorElement).href)) as string).pathname;
    await person.click();
    await arrived(personPath);
    await menu(zh.nav.publication).click();
    await arrived(`${BASE}/publication`);
    await page.locator('main a[href^="/lab/publication/"]').first().click();
    await arrived(/^\/lab\/publication\/\d+$/);
    await menu('获奖').click();
    await arrived(`${BASE}/awards`);
    // the projects: a filter (a link with its query), a project, an acknowledging publication, the project named back
    await menu('科研项目').click();
    await arrived(`${BASE}/projects`);
    await page.locator('nav.filters[data-filter="level"]').getByRole('link', { name: '国家级', exact: true }).click();
    await arrived(`${BASE}/projects?level=national`);
    await page.locator('main a.card[href^="/lab/projects/"]').first().click();
    await arrived(/^\/lab\/projects\/\d+$/);
    const projectPath = new URL(page.url()).pathname;
    await page.locator('main .record-links a[href^="/lab/publication/"]').first().click();
    await arrived(/^\/lab\/publication\/\d+$/);
    expect(await page.locator(`section.referring a[href="${projectPath}"]`).count()).toBe(1);
    // home again by the site's name in the bar (a client navigation: the home page's data under the prefix)
    await page.locator('header .brand').click();
    await arrived(`${BASE}/`);

    // the search of the top bar
    const search = page.getByRole('search', { name: zh.search.label }).first();
    await search.getByRole('searchbox').fill('argument');
    await search.getByRole('searchbox').press('Enter');
    await arrived(`${BASE}/search?q=argument`);
    expect(await page.locator('main a[href^="/lab/"]').count()).toBeGreaterThan(0);

    // English, from the language menu: the same page, the choice in a cookie of the prefix
    await page.getByRole('button', { name: zh.lang.button.replace('{{lang}}', zh.lang.zh) }).click();
    await page
      .getByRole('menuitemradio', { name: 'English' })
      .or(page.getByRole('menuitem', { name: 'English' }))
      .first()
      .click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await page.goto(`${origin()}${BASE}/`);
    await arrived(`${BASE}/`);
    expect(await page.locator('main h1').first().isVisible()).toBe(true);
    await page.getByRole('navigation', { name: en.nav.main }).getByRole('link', { name: en.nav.news, exact: true }).click();
    await arrived(`${BASE}/news`);

    // the login page from the top bar, back to the console; a record saved there (the console's calls)
    await page.getByRole('link', { name: en.auth.login }).click();
    await page.waitForURL((u) => u.pathname === `${BASE}/login`);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/news');
    await page.goto(`${origin()}${BASE}/login?redirect=${encodeURIComponent('/console/news')}`);
    await hydrated(page, 'form.login-card button[type=submit]');
    await page.locator('form.login-card button[type=submit]:not([disabled])').waitFor();
    await page.locator('input[name="username"]').fill(ADMIN.username);
    await page.locator('input[name="password"]').fill(ADMIN.password);
    await page.locator('input[name="password"]').press('Enter');
    await page.waitForURL((u) => u.pathname === `${BASE}/console/news`, { timeout: 15_000 });
    await page.locator('main h1').first().waitFor();
    const abstract = `Under a sub-path ${Date.now()}`;
    await page.getByRole('button', { name: en.console.add }).click();
    await page.getByLabel(/^Abstract/).fill(abstract);
    await page.getByRole('button', { name: en.console.save }).click();
    await page.getByRole('row', { name: new RegExp(abstract) }).waitFor();
    seen.push(...(await addressesOf(page)));

    // the cookies: the session's, the CSRF token's, the language's, all of the prefix
    const cookies = await context.cookies();
    expect(cookies.map((c) => c.name).sort()).toEqual(expect.arrayContaining(['csrftoken', 'lab_session', 'lang']));
    for (const c of cookies) expect({ name: c.name, path: c.path }).toEqual({ name: c.name, path: BASE });

    // the logout, from the console's frame: back on the login page, the session's cookie gone
    await page.getByRole('button', { name: en.console.logout }).first().click();
    await page.waitForURL((u) => u.pathname === `${BASE}/login`);
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'lab_session')).toBe(false);

    expect(requests.length).toBeGreaterThan(20);
    expect(requests.filter((u) => u.includes('/api/'))).not.toEqual([]);
    // the client navigations' data, the home page's included
    expect(requests.map((u) => new URL(u).pathname)).toEqual(
      expect.arrayContaining([`${BASE}/_.data`, `${BASE}/news.data`, `${BASE}/awards.data`, `${BASE}/projects.data`]),
    );
    expect(outside(requests)).toEqual([]);
    expect(outside(seen)).toEqual([]);
    expect(seen.filter((u) => u.includes('/resource/') || u.includes('/static/'))).not.toEqual([]);
    expect(failed).toEqual([]);
  });

  test("the class advisor's area: from the login page to both of its screens, nothing outside /lab/", async () => {
    const { page, context } = await suite.open({ lang: 'en' });
    const requests: string[] = [];
    context.on('request', (r) => requests.push(r.url()));
    await page.goto(`${origin()}${BASE}/login?redirect=${encodeURIComponent(`/${ADVISOR}/pingan`)}`);
    await hydrated(page, 'form.login-card button[type=submit]');
    await page.locator('form.login-card button[type=submit]:not([disabled])').waitFor();
    await page.locator('input[name="username"]').fill(ADVISOR);
    await page.locator('input[name="password"]').fill(DEMO_ADVISOR_PASSWORD);
    await page.locator('input[name="password"]').press('Enter');
    await page.waitForURL((u) => u.pathname === `${BASE}/${ADVISOR}/pingan`, { timeout: 15_000 });
    await expect.poll(() => page.getByRole('main').locator('h1').textContent()).toBe(en.advisor.pingan);
    const nav = page.getByRole('navigation', { name: en.console.menu });
    expect(await nav.getByRole('link', { name: en.advisor.info }).getAttribute('href')).toBe(`${BASE}/${ADVISOR}/info`);
    const seen = await addressesOf(page);
    await nav.getByRole('link', { name: en.advisor.info }).click();
    await page.waitForURL((u) => u.pathname === `${BASE}/${ADVISOR}/info`);
    await expect.poll(() => page.getByRole('main').locator('h1').textContent()).toBe(en.advisor.info);
    seen.push(...(await addressesOf(page)));
    expect(requests.filter((u) => u.includes(`/api${ADVISOR}/`))).not.toEqual([]);
    expect(outside(requests)).toEqual([]);
    expect(outside(seen)).toEqual([]);
  });

  /** Where the page is: its path and query as the address bar shows them. */
  const here = (page: Page) => {
    const u = new URL(page.url());
    return `${u.pathname}${u.search}`;
  };
  /** Logs in on the login page open in `page` (Enter does nothing before the page has hydrated). */
  async function logInHere(page: Page, username: string, password: string) {
    await hydrated(page, 'form.login-card button[type=submit]');
    await page.locator('form.login-card button[type=submit]:not([disabled])').waitFor();
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('input[name="password"]').press('Enter');
  }

  test.each([
    ['/console', ADMIN.username, ADMIN.password],
    ['/console/news', ADMIN.username, ADMIN.password],
    ['/console/site?tab=showcase', ADMIN.username, ADMIN.password],
    [`/${ADVISOR}/pingan`, ADVISOR, DEMO_ADVISOR_PASSWORD],
    [`/${ADVISOR}/info`, ADVISOR, DEMO_ADVISOR_PASSWORD],
  ])('%s opened without a login: /lab/login?redirect=…, and the login lands on it', async (target, username, password) => {
    const { page } = await suite.open({ lang: 'en' });
    const login = `${BASE}/login?redirect=${encodeURIComponent(target)}`;
    // a bookmark, or an address typed in: the browser's first page of the site
    await page.goto(`${origin()}${BASE}${target}`);
    await page.waitForURL((u) => u.pathname.endsWith('/login'));
    expect(here(page)).toBe(login);
    await page.getByRole('heading', { name: en.login.title }).waitFor();
    // the campus button, once the page has come alive, still carries where to go back to, under the prefix
    await hydrated(page, 'a[data-kind="cas"]');
    await expect.poll(() => page.locator('a[data-kind="cas"]').getAttribute('href')).toBe(`${BASE}/api/login/cas/?redirect=${encodeURIComponent(target)}`);
    await logInHere(page, username, password);
    await page.waitForURL((u) => `${u.pathname}${u.search}` === `${BASE}${target}`, { timeout: 15_000 });
    await page.getByRole('main').locator('h1').first().waitFor();
    // the login expired (a week old): the same address goes to the login page again
    await page.evaluate(() => localStorage.setItem('loginTime', String(Math.floor(Date.now() / 1000) - 604_801)));
    await page.goto(`${origin()}${BASE}${target}`);
    await page.waitForURL((u) => u.pathname.endsWith('/login'));
    expect(here(page)).toBe(login);
  });

  test('an administrator who must enrol two-factor login is sent to the enrolment, under /lab/ once', async () => {
    const site = `${origin()}${BASE}`;
    /** A token as the login call gives it to a browser (the CSRF pair first). */
    const tokenOf = async (username: string, password: string) => {
      const csrf = await fetch(`${site}/api/csrf/`);
      const pair = ((await csrf.json()) as { csrftoken: string }).csrftoken;
      const cookie = csrf.headers.getSetCookie().map((c) => c.split(';')[0]);
      const res = await fetch(`${site}/api/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cookie.join('; '), 'x-csrftoken': pair },
        body: JSON.stringify({ username, password }),
      });
      const body = (await res.json()) as { token?: string };
      if (!body.token) throw new Error(`the login of ${username} failed: ${JSON.stringify(body)}`);
      return body.token;
    };
    const call = (token: string, method: 'POST' | 'PUT', path: string, body: FormData | object) =>
      fetch(`${site}${path}`, {
        method,
        headers: { authorization: `Token ${token}`, ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }) },
        body: body instanceof FormData ? body : JSON.stringify(body),
      });
    const fields = (values: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(values)) form.set(k, v);
      return form;
    };
    const boss = { username: 'lab.boss', password: 'member-password' };
    const admin = await tokenOf(ADMIN.username, ADMIN.password);
    const made = await call(
      admin,
      'POST',
      '/api/people/',
      fields({
        uid: 'LABBOSS1',
        username: boss.username,
        name_zh: '二号管理员',
        name_en: 'Second Administrator',
        password: boss.password,
        password2: boss.password,
        type: 'master',
        authority: 'admin',
      }),
    );
    expect(made.status, await made.text()).toBe(200);
    const required = await call(admin, 'PUT', '/api/site/', fields({ require_admin_2fa: 'true' }));
    expect(required.status, await required.text()).toBe(200);
    try {
      const { page } = await suite.open({ lang: 'en' });
      const enrolment = `${BASE}/console/profile#two-factor`;
      const at = (u: URL) => `${u.pathname}${u.search}${u.hash}`;
      await page.goto(`${site}/console/news`);
      await page.waitForURL((u) => u.pathname.endsWith('/login'));
      expect(here(page)).toBe(`${BASE}/login?redirect=${encodeURIComponent('/console/news')}`);
      await logInHere(page, boss.username, boss.password);
      // the login sends them to the enrolment before the page they asked for
      await page.waitForURL((u) => u.pathname.endsWith('/console/profile'), { timeout: 15_000 });
      expect(at(new URL(page.url()))).toBe(enrolment);
      await page.getByText(en.twoFactor.required).waitFor();
      // and so does any other console screen, opened while they are still not enrolled
      await page.goto(`${site}/console/news`);
      await page.waitForURL((u) => u.pathname.endsWith('/console/profile'));
      expect(at(new URL(page.url()))).toBe(enrolment);
      await page.getByText(en.twoFactor.required).waitFor();
    } finally {
      // the administrator enrols (the one thing they may do), then lifts the requirement for the other tests
      const token = await tokenOf(boss.username, boss.password);
      const { secret } = (await (await call(token, 'POST', '/api/two-factor/setup/', {})).json()) as { secret: string };
      const enabled = await call(token, 'POST', '/api/two-factor/enable/', { code: generateSync({ secret }) });
      expect(enabled.status, await enabled.text()).toBe(200);
      const lifted = await call(token, 'PUT', '/api/site/', fields({ require_admin_2fa: 'false' }));
      expect(lifted.status, await lifted.text()).toBe(200);
    }
  });

  test('the feeds, the sitemap and robots.txt name addresses under /lab/', async () => {
    const site = `${origin()}${BASE}`;
    for (const path of ['/sitemap.xml', '/feed/news.xml', '/feed/publications.xml']) {
      const text = await (await fetch(`${site}${path}`)).text();
      const urls = [...text.matchAll(/<(?:loc|link)>([^<]+)<|href="([^"]+)"/g)].map((m) => (m[1] ?? m[2] ?? '').replaceAll('&amp;', '&'));
      expect(urls.length, path).toBeGreaterThan(3);
      for (const u of urls) expect(u.startsWith(`${site}/`), `${path}: ${u}`).toBe(true);
    }
    const ics = await (await fetch(`${site}/feed/seminars.ics`)).text();
    const own = (ics.match(/https?:\/\/[^\s;]+/g) ?? []).filter((u) => u.startsWith(origin()));
    for (const u of own) expect(u.startsWith(`${site}/`), u).toBe(true);
    const robots = await (await fetch(`${site}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${site}/sitemap.xml`);
    expect(robots).toContain(`Disallow: ${BASE}/console`);
  });

  test('/lab is sent on to /lab/; outside the prefix nginx answers, and the server itself refuses it', async () => {
    const bare = await fetch(`${origin()}${BASE}`, { redirect: 'manual' });
    expect(bare.status).toBe(301);
    expect(new URL(bare.headers.get('location') ?? '', origin()).pathname).toBe(`${BASE}/`);
    for (const path of ['/', '/people', '/api/read_people/', '/static/favicon.svg']) expect((await fetch(`${origin()}${path}`)).status, path).toBe(404);
    // the server behind it, asked directly: the same prefix, nothing outside it
    const direct = app?.url as string;
    expect((await fetch(`${direct}${BASE}/healthz`)).status).toBe(200);
    const outsideDirect = await fetch(`${direct}/people`);
    expect(outsideDirect.status).toBe(404);
    expect(await outsideDirect.text()).not.toContain('<html');
  });
});
