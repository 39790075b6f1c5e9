import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';

// The console's session: the token lives in an HttpOnly, SameSite=Strict cookie
// that no script of a page can read, and that cookie counts only on calls carrying X-Lab-Console, which
// a page of another site cannot send (CSRF). A call it authenticates is never answered from, nor stored
// in, the shared cache.

describe.each(dialects)('the console session cookie on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp(dialect);
  });
  afterAll(() => t.close());

  const login = async () => {
    const res = await new Client(t.app).loginResponse('admin', 'admin-password');
    expect(res.json().loginStatus).toBe('success');
    return { res, session: res.cookies.find((k) => k.name === 'lab_session') };
  };
  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { payload: JSON.stringify(payload) } : {}),
    });

  it('is set at login: HttpOnly, SameSite=Strict, for the whole site, for the session’s 604800 s', async () => {
    const { res, session } = await login();
    expect(session?.value).toBe(res.json().token);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', maxAge: 604800 });
  });

  it('counts only with X-Lab-Console: a page of another site that makes the browser send it gets 401', async () => {
    const { session } = await login();
    const cookie = `lab_session=${session?.value}`;
    expect((await call('GET', '/api/me/', { cookie })).statusCode).toBe(401);
    expect((await call('POST', '/api/news/', { cookie }, { date: '2026-11-23', abstract: 'forged' })).statusCode).toBe(401);
    expect((await call('GET', '/api/me/', { cookie, 'x-lab-console': '1' })).json().username).toBe('admin');
    const made = await call('POST', '/api/news/', { cookie, 'x-lab-console': '1' }, { date: '2026-11-23', abstract: 'Through the console' });
    expect(made.statusCode, made.body).toBe(200);
    const news = (await call('GET', '/api/news/', { cookie, 'x-lab-console': '1' })).json() as { abstract: string }[];
    expect(news.map((n) => n.abstract)).toContain('Through the console');
    expect(news.map((n) => n.abstract)).not.toContain('forged');
  });

  it('is never answered from the shared cache, nor stored in it', async () => {
    const { session } = await login();
    const cookie = `lab_session=${session?.value}`;
    const anonymous = await call('GET', '/api/read_news/', {});
    expect(anonymous.headers['x-cache']).toBeDefined();
    const signedIn = await call('GET', '/api/read_news/', { cookie, 'x-lab-console': '1' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['x-cache']).toBeUndefined();
    // the cookie alone is no session: such a call is anonymous and may share
    expect((await call('GET', '/api/read_news/', { cookie })).headers['x-cache']).toBeDefined();
  });

  it('ends at logout: the token is revoked and the cookie dropped', async () => {
    const { session } = await login();
    const headers = { cookie: `lab_session=${session?.value}`, 'x-lab-console': '1' };
    const out = await call('POST', '/api/logout/', headers);
    expect(out.statusCode).toBe(200);
    const dropped = out.cookies.find((k) => k.name === 'lab_session');
    expect(dropped?.value).toBe('');
    expect(new Date(dropped?.expires ?? Date.now()).getTime()).toBeLessThan(Date.now());
    expect((await call('GET', '/api/me/', headers)).statusCode).toBe(401);
  });
});
