import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseBasePath } from '../../server/config.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { smtpServer, type TestSmtp } from '../helpers/smtp.ts';

// BASE_PATH: the setting's checks, and the server under /lab as nginx passes requests on
// (with the prefix): the bare prefix is sent to /lab/, nothing outside it is the site, the cookies are the
// prefix's and the addresses it hands out (redirects, invitation links) keep it. The pages, the feeds and a
// browser behind a real nginx: tests/e2e/base-path.test.ts.

describe('BASE_PATH', () => {
  it.each([
    ['', ''],
    ['/', ''],
    ['lab', '/lab'],
    ['/lab/', '/lab'],
    [' /dept/lab ', '/dept/lab'],
    ['/my-lab_2.0~x', '/my-lab_2.0~x'],
  ])('%j is %j', (v, expected) => expect(parseBasePath(v)).toBe(expected));

  it.each(['/a b', '/lab?x=1', '/lab#x', 'https://example.edu/lab', '/../etc', '/lab/./x', '/la%2fb', '/lab//x', '/实验室'])(
    '%j is refused at start-up, with what a value looks like',
    (v) => expect(() => loadConfig({ BASE_PATH: v })).toThrow(/BASE_PATH must be a plain path like \/lab/),
  );

  it('PUBLIC_URL written with the sub-path names the origin', () => {
    expect(loadConfig({ BASE_PATH: '/lab', PUBLIC_URL: 'https://example.edu/lab/' }).publicUrl).toBe('https://example.edu');
    expect(loadConfig({ PUBLIC_URL: 'https://example.edu/' }).publicUrl).toBe('https://example.edu');
  });
});

describe.each(dialects)('the server under /lab (%s)', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await smtpServer();
    t = await makeApp(dialect, { BASE_PATH: '/lab', PUBLIC_URL: 'https://example.edu', SMTP_URL: smtp.url, MAIL_FROM: 'lab@example.edu' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  /** A login as a browser makes it, under the prefix: the CSRF cookie, then the call. */
  async function login() {
    const csrf = await get('/lab/api/csrf/');
    const token = csrf.cookies.find((c) => c.name === 'csrftoken')?.value as string;
    return t.app.inject({
      method: 'POST',
      url: '/lab/api/login/',
      headers: { 'content-type': 'application/json', cookie: `csrftoken=${token}`, 'x-csrftoken': token },
      payload: JSON.stringify({ username: 'admin', password: 'admin-password' }),
    });
  }

  it('/lab is sent on to /lab/ (its query kept); under the prefix the server answers as at the root', async () => {
    const bare = await get('/lab');
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/lab/');
    expect((await get('/lab?lang=en')).headers.location).toBe('/lab/?lang=en');
    expect((await get('/lab/healthz')).statusCode).toBe(200);
    expect((await get('/lab/api/read_people/')).statusCode).toBe(200);
    expect((await get('/lab/api/no-such-call/')).json()).toEqual({ detail: expect.any(String) });
  });

  it.each(['/', '/healthz', '/api/read_people/', '/static/favicon.svg', '/people', '/labx', '/labx/people', '/LAB/', '//lab/'])(
    '%s, outside the prefix, is a 404 that is not the site',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('served under /lab/');
    },
  );

  it('the cookies are the prefix’s: the CSRF token, the session, and the session dropped at logout', async () => {
    const csrf = await get('/lab/api/csrf/');
    expect(csrf.cookies.find((c) => c.name === 'csrftoken')).toMatchObject({ path: '/lab' });
    const res = await login();
    expect(res.json()).toMatchObject({ loginStatus: 'success' });
    const session = res.cookies.find((c) => c.name === 'lab_session');
    expect(session).toMatchObject({ path: '/lab', httpOnly: true, sameSite: 'Strict' });
    const out = await t.app.inject({
      method: 'POST',
      url: '/lab/api/logout/',
      headers: { authorization: `Token ${res.json().token}` },
    });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'lab_session')).toMatchObject({ path: '/lab', value: '' });
  });

  it("the API's documentation page loads its scripts under the prefix", async () => {
    const page = (await get('/lab/api/docs')).body;
    const scripts = [...page.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1] as string);
    expect(scripts.length).toBeGreaterThan(1);
    for (const src of scripts) {
      expect(src.startsWith('/lab/api/docs/static/')).toBe(true);
      expect((await get(src)).statusCode).toBe(200);
    }
  });

  it('a campus login that is not set up goes back to the login page under the prefix', async () => {
    const res = await get('/lab/api/login/oidc/?redirect=/console');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/lab/login?external_error=external_off');
  });

  it('the links of an invitation and of a password reset name the site with its prefix, shown and mailed', async () => {
    const token = (await login()).json().token as string;
    const auth = { authorization: `Token ${token}` };
    const email = `invited.${dialect}@example.edu`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/lab/api/people/',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ uid: `U${Date.now()}`, username: `invited${Date.now() % 100000}`, name_zh: '受邀', name_en: 'Invited', type: 'master', email }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const invitation = String(created.headers['x-invitation-url']);
    expect(invitation).toMatch(/^https:\/\/example\.edu\/lab\/invite#/);
    const pid = Number(created.headers['x-resource-id']);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/lab/api/people/invitation/mail/?pid=${pid}`,
      headers: { ...auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ token: new URL(invitation).hash.slice(1) }),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await smtp.next(email)).text).toContain(invitation);

    const csrf = (await get('/lab/api/csrf/')).cookies.find((c) => c.name === 'csrftoken')?.value as string;
    const asked = await t.app.inject({
      method: 'POST',
      url: '/lab/api/password-reset/request/',
      headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
      payload: JSON.stringify({ login: email }),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await smtp.next(email)).text).toMatch(/https:\/\/example\.edu\/lab\/reset-password#[\w-]{43}/);
  });
});
