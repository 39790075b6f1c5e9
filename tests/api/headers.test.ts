import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../helpers/app.ts';

// Headers of defence in depth: Referrer-Policy everywhere, no framing by other sites, the
// login, console and advisor area framed by no one, HSTS only behind HTTPS in production.

describe('defence-in-depth headers', () => {
  let t: TestApp;
  let prod: TestApp;
  beforeAll(async () => {
    t = await makeApp('sqlite');
    prod = await makeApp('sqlite', { NODE_ENV: 'production', TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t?.close();
    await prod?.close();
  });

  it('keeps the login, the console and the advisor area out of every frame', async () => {
    for (const url of ['/login', '/console', '/console/people', '/Console/site', '/advisor0/pingan', '/%61dvisor0/info']) {
      const res = await t.app.inject({ url });
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(String(res.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });

  it('lets public pages and reads be framed by the site itself only', async () => {
    for (const url of ['/', '/people', '/api/read_site/', '/no-such-page']) {
      const res = await t.app.inject({ url });
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });

  it('sends HSTS only over HTTPS in production', async () => {
    expect((await prod.app.inject({ url: '/api/read_site/', headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBe(
      'max-age=15552000',
    );
    expect((await prod.app.inject({ url: '/api/read_site/' })).headers['strict-transport-security']).toBeUndefined();
    expect((await t.app.inject({ url: '/api/read_site/', headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBeUndefined();
  });
});
