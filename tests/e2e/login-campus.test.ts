import { afterAll, describe, expect, test } from 'vitest';
import { createMember, loginAs } from '../helpers/client.ts';
import { oidcProvider, type TestOidc } from '../helpers/oidc.ts';
import { ADMIN, browserSuite, e2eAvailable, hydrated, sessionTokenOf, startSite } from './server.ts';

// University login in a real browser (issue #30, point 1): the login page's "Log in with <campus>" button,
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
