import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADVISOR_PASSWORD } from '../../cli/demo/advisor-seed.ts';
import { ADMIN, e2eAvailable, launchBrowser, logInThroughPage, type Site, sessionTokenOf, startSite } from './server.ts';

// The content security policy in a real browser (issue #12, point 6): the public pages, the login, the
// console and the advisor area run under it with no violation, in both languages, whether the page came
// from the cache or was just rendered; a script injected into a page's HTML does not run; and the
// console's session token is out of reach of any script of the page.

const ADVISOR = 'linyunshu';

/** Records every CSP violation of the page (and of the pages it navigates to). */
async function watched(browser: Browser, lang: 'zh' | 'en'): Promise<Page> {
  const context = await browser.newContext({ locale: lang === 'en' ? 'en-US' : 'zh-CN' });
  await context.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
  });
  return context.newPage();
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

describe.skipIf(!e2eAvailable)('the content security policy in Chromium', () => {
  let site: Site;
  let browser: Browser;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite({ ADVISOR_USERNAME: ADVISOR }), launchBrowser()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it.each(['zh', 'en'] as const)('public pages and the login run with no violation (%s), rendered or from the cache', async (lang) => {
    const page = await watched(browser, lang);
    for (const path of ['/', '/news', '/people', '/publication', '/curriculum', '/sharedtask', '/discopen', '/people/liqinghe', '/login']) {
      for (const round of ['rendered', 'cached']) {
        const res = await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle' });
        const policy = res?.headers()['content-security-policy'] ?? '';
        expect(policy, `${path} ${round}`).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
        expect(policy).not.toMatch(/script-src[^;]*unsafe/);
        expect(policy).toContain(path === '/login' ? "frame-ancestors 'none'" : "frame-ancestors 'self'");
        // hydrated: React attached its handlers, which needs every script of the page to have run
        await page.waitForFunction(() => [...document.querySelectorAll('body *')].some((el) => Object.keys(el).some((k) => k.startsWith('__reactProps'))));
        expect(await violations(page), `${path} ${round}`).toEqual([]);
      }
    }
    await page.context().close();
  });

  it('the console and the advisor area run with no violation, and the token stays out of reach', async () => {
    const page = await watched(browser, 'en');
    await logInThroughPage(page, site.url, ADMIN.username, ADMIN.password, '/console');
    for (const path of [
      '/console',
      '/console/article',
      '/console/publication',
      '/console/people',
      '/console/news',
      '/console/seminar',
      '/console/site',
      '/console/profile',
    ]) {
      await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle' });
      await page.getByRole('main').first().waitFor();
      expect(await violations(page), path).toEqual([]);
    }
    const token = await sessionTokenOf(page);
    expect(token).toMatch(/^\S{32,}$/);
    // what any script of the page can reach: no token anywhere
    const reachable = await page.evaluate(
      () => `${document.cookie} ${JSON.stringify({ ...localStorage })} ${JSON.stringify({ ...sessionStorage })} ${document.documentElement.outerHTML}`,
    );
    expect(reachable).not.toContain(token as string);
    await page.context().close();

    const advisor = await watched(browser, 'zh');
    await logInThroughPage(advisor, site.url, ADVISOR, DEMO_ADVISOR_PASSWORD, `/${ADVISOR}/pingan`);
    for (const path of [`/${ADVISOR}/pingan`, `/${ADVISOR}/info`]) {
      const res = await advisor.goto(`${site.url}${path}`, { waitUntil: 'networkidle' });
      expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      await advisor.getByRole('main').first().waitFor();
      expect(await violations(advisor), path).toEqual([]);
    }
    await advisor.context().close();
  });

  it('a script injected into a page does not run', async () => {
    const page = await watched(browser, 'en');
    // as if content had slipped past the sanitizer: the page's own HTML carries an attacker's script
    await page.route(`${site.url}/news`, async (route) => {
      const res = await route.fetch();
      const html = (await res.text()).replace('</body>', '<script>window.__injected = true</script></body>');
      await route.fulfill({ response: res, body: html });
    });
    await page.goto(`${site.url}/news`, { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    expect((await violations(page)).some((v) => v.startsWith('script-src'))).toBe(true);
    await page.context().close();
  });
});
