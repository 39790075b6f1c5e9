import { afterAll, describe, expect, test } from 'vitest';
import { createMember, loginAs } from '../helpers/client.ts';
import { casServer, type TestCas } from '../helpers/cas.ts';
import { PEOPLE, SLAPD, slapd, type TestLdap } from '../helpers/ldap.ts';
import { oidcProvider, type TestOidc } from '../helpers/oidc.ts';
import { ADMIN, browserSuite, e2eAvailable, hydrated, logInThroughPage, sessionTokenOf, startSite } from './server.ts';

// University login in a real browser: the login page's "Log in with <campus>" button,
// the campus OpenID Connect provider (oidc-provider, in this process) and back, landing in the console.

describe.skipIf(!e2eAvailable)('campus login (OIDC) in a browser', { timeout: 120_000 }, () => {
  let idp: TestOidc | undefined;
  let siteUrl = '';
  const suite = browserSuite(async () => {
    idp = await oidcProvider(() => [`${siteUrl}/api/login/oidc/callback/`]);
    const site = await startSite({
      OIDC_ISSUER_URL: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_MATCH: 'uid',
      OIDC_ATTRIBUTE: 'student_number',
      OIDC_SCOPES: 'openid profile student',
      CAMPUS_LOGIN_NAME: '统一身份认证',
      CAMPUS_LOGIN_NAME_EN: 'University ID',
    });
    siteUrl = site.url;
    return site;
  });
  afterAll(() => idp?.close());

  test('the login page offers the campus login in both languages, on desktop and phone', async () => {
    for (const [lang, name] of [
      ['zh', '使用 统一身份认证 登录'],
      ['en', 'Log in with University ID'],
    ] as const) {
      for (const width of [1280, 390]) {
        const { page } = await suite.open({ lang, width, height: 844 });
        await page.goto(suite.at(`/login?lang=${lang}`));
        await hydrated(page, 'form.login-card button[type=submit]');
        const link = page.getByRole('link', { name });
        await link.waitFor();
        expect(await link.getAttribute('href')).toBe('/api/login/oidc/');
        const box = await link.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
        await page.screenshot({ path: `/tmp/login-campus-${lang}-${width}.png` });
      }
    }
  });

  test("the campus button carries the page's ?redirect= once the page has hydrated, whatever address drew it first", async () => {
    const { page } = await suite.open({ lang: 'en' });
    const link = page.getByRole('link', { name: 'Log in with University ID' });
    // the page without a target first: the server keeps that HTML of /login for its next readers
    await page.goto(suite.at('/login'));
    await hydrated(page, 'a[data-kind="oidc"]');
    expect(await link.getAttribute('href')).toBe('/api/login/oidc/');
    for (const target of ['/console/news?page=2', '/console/article']) {
      await page.goto(suite.at(`/login?redirect=${encodeURIComponent(target)}`));
      await hydrated(page, 'a[data-kind="oidc"]');
      await expect.poll(() => link.getAttribute('href')).toBe(`/api/login/oidc/?redirect=${encodeURIComponent(target)}`);
    }
  });

  test('logs a member in through the provider and lands in the console', async () => {
    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    await createMember(admin, { username: 'e2e.campus', uid: '2026110042', name_en: 'Campus Member', email: 'campus@example.edu' });
    (idp as TestOidc).nextAccount = { sub: 'campus-sub-42', claims: { student_number: '2026110042', name: 'Campus Member' } };

    const { page } = await suite.open({ lang: 'en' });
    await page.goto(suite.at('/login?redirect=/console'));
    await hydrated(page, 'form.login-card button[type=submit]');
    expect(await sessionTokenOf(page)).toBeUndefined();
    await page.getByRole('link', { name: 'Log in with University ID' }).click();
    await page.waitForURL((u) => u.pathname === '/console', { timeout: 20_000 });
    await page.getByRole('main').first().waitFor();
    await page.getByText('Campus Member').first().waitFor();
    const token = await sessionTokenOf(page);
    expect(token).toBeTruthy();
    const me = await suite.site.app.inject({ method: 'GET', url: '/api/me/', headers: { authorization: `Token ${token}` } });
    expect(me.json().username).toBe('e2e.campus');
  });

  test('a person who is no member is sent back to the login page with the message', async () => {
    (idp as TestOidc).nextAccount = { sub: 'stranger', claims: { student_number: '999' } };
    const { page } = await suite.open({ lang: 'zh' });
    await page.goto(suite.at('/login?lang=zh'));
    await hydrated(page, 'form.login-card button[type=submit]');
    await page.getByRole('link', { name: '使用 统一身份认证 登录' }).click();
    await page.getByRole('alert').getByText('本站没有与你的校园账号对应的成员，请联系管理员添加').waitFor();
    expect(await sessionTokenOf(page)).toBeUndefined();
    await page.screenshot({ path: '/tmp/login-campus-refused-zh.png' });
  });
});

// CAS and LDAP on one site: the login page's button goes to the loopback CAS server and back into the console,
// and the CAS server's single logout ends that session; the ordinary form logs a member in with the password of
// the directory (a real slapd). The console's site settings show the university login's group.
describe.skipIf(!e2eAvailable || !SLAPD)('campus login (CAS, LDAP) in a browser', { timeout: 120_000 }, () => {
  let cas: TestCas | undefined;
  let ldap: TestLdap | undefined;
  const suite = browserSuite(async () => {
    cas = await casServer();
    ldap = await slapd([{ uid: 'e2e.ldap', password: 'directory-password-1', cn: 'Directory Member' }]);
    return startSite({
      CAS_URL: cas.url,
      CAS_MATCH: 'uid',
      CAS_ATTRIBUTE: 'employeeNumber',
      LDAP_URL: ldap.url,
      LDAP_USER_DN: `uid={username},${PEOPLE}`,
      CAMPUS_LOGIN_NAME: '统一身份认证',
      CAMPUS_LOGIN_NAME_EN: 'University ID',
    });
  });
  afterAll(async () => {
    await cas?.close();
    await ldap?.close();
  });

  test('CAS: the button, the CAS server and back into the console; its single logout ends the session', async () => {
    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    await createMember(admin, { username: 'e2e.cas', uid: 'T900', name_en: 'Cas Member' });
    (cas as TestCas).nextUser = { user: 'zhaoliu', attributes: { employeeNumber: 'T900' } };
    const { page } = await suite.open({ lang: 'en' });
    await page.goto(suite.at('/login'));
    await hydrated(page, 'form.login-card button[type=submit]');
    await page.getByText('Log in with the username and password of your University ID.').waitFor();
    await page.getByRole('link', { name: 'Log in with University ID' }).click();
    await page.waitForURL((u) => u.pathname === '/console', { timeout: 20_000 });
    await page.getByText('Cas Member').first().waitFor();
    const token = await sessionTokenOf(page);
    expect(token).toBeTruthy();
    const me = () => suite.site.app.inject({ method: 'GET', url: '/api/me/', headers: { authorization: `Token ${token}` } });
    expect((await me()).statusCode).toBe(200);

    const { ticket, service } = (cas as TestCas).issued.at(-1) as { ticket: string; service: string };
    expect(service.startsWith(`${suite.site.url}/api/login/cas/callback/?state=`)).toBe(true);
    const slo = await fetch(service, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ logoutRequest: (cas as TestCas).logoutRequest(ticket) }),
    });
    expect(slo.status).toBe(200);
    expect((await me()).statusCode).toBe(401);
  });

  test('LDAP: the ordinary form with the directory password lands in the console', async () => {
    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    await createMember(admin, { username: 'e2e.ldap', name_en: 'Directory Member' });
    const { page } = await suite.open({ lang: 'en' });
    await logInThroughPage(page, suite.site.url, 'e2e.ldap', 'directory-password-1', '/console');
    await page.getByText('Directory Member').first().waitFor();
    expect(await sessionTokenOf(page)).toBeTruthy();
    // a wrong directory password is refused on the page
    const other = await suite.open({ lang: 'en' });
    await other.page.goto(suite.at('/login'));
    await hydrated(other.page, 'form.login-card button[type=submit]');
    await other.page.locator('input[name="username"]').fill('e2e.ldap');
    await other.page.locator('input[name="password"]').fill('directory-password-2');
    await other.page.locator('input[name="password"]').press('Enter');
    await other.page.getByRole('alert').waitFor();
    expect(await sessionTokenOf(other.page)).toBeUndefined();
  });

  test('the console’s site settings have the university login group', async () => {
    for (const [lang, width, heading] of [
      ['en', 1280, 'University login'],
      ['zh', 390, '校园统一登录'],
    ] as const) {
      const { page } = await suite.open({ lang, width, height: 900 });
      await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, '/console/site?tab=settings');
      const group = page.getByRole('region', { name: heading });
      await group.waitFor();
      await group.scrollIntoViewIfNeeded();
      await group.screenshot({ path: `/tmp/login-settings-${lang}-${width}.png` });
    }
  });
});
