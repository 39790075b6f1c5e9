import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailText, messages } from '../../common/messages.ts';
import { dialects, makeApp } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { expectBound, inAnotherBrowser, startedBy } from '../helpers/campus.ts';
import { oidcProvider, type TestOidc, walk } from '../helpers/oidc.ts';
import { makeWorld, newMember, type World } from '../fixtures/world.ts';

// University login with OpenID Connect against a real provider (oidc-provider) in this
// process: the authorization code flow with PKCE, state and nonce, through real redirects and the real
// token and userinfo endpoints. A member matched by e-mail logs in like any login (session, logout, the
// activity log, two-factor); every refusal ends at the login page with its message: an unknown person, a
// replayed state or handoff, a wrong or expired code, an id_token of another issuer or audience.

const SITE = 'http://lab.test';
const CALLBACK = `${SITE}/api/login/oidc/callback/`;

describe.each(dialects)('OIDC login on %s', (dialect) => {
  let w: World;
  let idp: TestOidc;
  beforeAll(async () => {
    idp = await oidcProvider(() => [CALLBACK]);
    w = await makeWorld(dialect, {
      PUBLIC_URL: SITE,
      OIDC_ISSUER_URL: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_MATCH: 'email',
      CAMPUS_LOGIN_NAME: '统一身份认证',
      CAMPUS_LOGIN_NAME_EN: 'University ID',
    });
  }, 60_000);
  afterAll(async () => {
    await w?.t.close();
    await idp?.close();
  });

  /** The site's start, then the provider, up to the address it sends the browser back to the site at. */
  async function toCallback(account: { sub: string; claims: Record<string, unknown> } | null): Promise<string> {
    idp.nextAccount = account;
    const start = await w.app.inject({ method: 'GET', url: '/api/login/oidc/?redirect=/console/articles' });
    expect(start.statusCode, start.body).toBe(302);
    const to = new URL(String(start.headers.location));
    expect(to.origin).toBe(idp.issuer);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(to.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expectBound('oidc', start, to.searchParams.get('state') as string);
    expect(to.searchParams.get('nonce')).toBeTruthy();
    expect(to.searchParams.get('redirect_uri')).toBe(CALLBACK);
    return walk(to.toString(), SITE);
  }

  /** The site's callback at that address, in the browser that started the login (or, `bound: false`, another). */
  async function callback(url: string, bound = true): Promise<string> {
    const u = new URL(url);
    const res = await w.app.inject({ method: 'GET', url: u.pathname + u.search, headers: bound ? startedBy('oidc', url) : {} });
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    return String(res.headers.location);
  }

  const refusal = (location: string) => new URL(location, SITE).searchParams.get('external_error');
  const handoffOf = (location: string) => /#handoff=([A-Za-z0-9_-]+)$/.exec(location)?.[1];

  async function finish(handoff: string, extra: Record<string, unknown> = {}) {
    return new Client(w.app).withCsrf('/api/login/external/', { handoff, ...extra });
  }

  it('logs a member in by e-mail: a session like any login, in the activity log, ended by logout', async () => {
    const m = await newMember(w.admin, { email: 'Alice.Wang@Example.edu' });
    const back = await callback(await toCallback({ sub: 'alice-sub', claims: { email_verified: true, email: 'alice.wang@example.edu', name: 'Alice' } }));
    expect(back).toMatch(/^\/login\?redirect=%2Fconsole%2Farticles#handoff=/);
    const res = await finish(handoffOf(back) as string);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.loginStatus).toBe('success');
    expect(body.userInfo.username).toBe(m.username);
    expect(res.cookies.find((c) => c.name === 'lab_session')?.httpOnly).toBe(true);
    const c = new Client(w.app, body.token);
    expect((await c.get('/api/me/')).json().username).toBe(m.username);
    const logged = await w.app.lab.db.selectFrom('activity').selectAll().where('action', '=', 'login').where('actor', '=', m.username).execute();
    expect(logged.map((r) => r.detail)).toContain('oidc');
    expect((await c.json('POST', '/api/logout/', {})).statusCode).toBe(200);
    expect((await c.get('/api/me/')).statusCode).toBe(401);
  });

  it('refuses a person who is no member, in both languages, and logs the attempt', async () => {
    const back = await callback(await toCallback({ sub: 'stranger', claims: { email_verified: true, email: 'stranger@example.edu' } }));
    expect(refusal(back)).toBe('external_unknown');
    expect(handoffOf(back)).toBeUndefined();
    expect(messages.external_unknown.zh).toContain('联系管理员');
    const failed = await w.app.lab.db
      .selectFrom('activity')
      .selectAll()
      .where('action', '=', 'login_failed')
      .where('record', '=', 'stranger@example.edu')
      .execute();
    expect(failed).toHaveLength(1);
    expect(failed[0]?.detail).toBe('oidc');
  });

  it('matches no one by an address the provider has not verified, and never an administrator', async () => {
    const m = await newMember(w.admin, { email: 'unverified@example.edu' });
    for (const verified of [undefined, false, 'false']) {
      const back = await callback(
        await toCallback({ sub: 'unverified', claims: { email: 'unverified@example.edu', ...(verified === undefined ? {} : { email_verified: verified }) } }),
      );
      expect(refusal(back), String(verified)).toBe('external_unverified');
      expect(handoffOf(back)).toBeUndefined();
    }
    expect(messages.external_unverified.zh).toContain('未经验证');
    // a verified address of an administrator: refused all the same, the administrator logs in with the password
    await w.admin.send('PUT', `/api/people/?pid=${m.pid}`, { authority: 'admin' });
    const admin = await callback(await toCallback({ sub: 'boss', claims: { email_verified: true, email: 'unverified@example.edu' } }));
    expect(refusal(admin)).toBe('external_admin');
    expect(handoffOf(admin)).toBeUndefined();
    expect(messages.external_admin.en).toContain("this site's password");
    expect((await new Client(w.app).login(m.username, 'member-password')).loginStatus).toBe('success');
  });

  it('refuses a callback in a browser that did not start that login (login CSRF): an attacker’s link logs the victim in nowhere', async () => {
    const attacker = await newMember(w.admin, { email: 'attacker.oidc@example.edu' });
    const link = await toCallback({ sub: 'attacker', claims: { email_verified: true, email: 'attacker.oidc@example.edu' } });
    // the victim's browser has no cookie of that login
    expect(refusal(await callback(link, false))).toBe('external_other_browser');
    // nor does the cookie of a login the victim started themselves fit it
    const res = await inAnotherBrowser(w.app, 'oidc', link);
    expect(refusal(String(res.headers.location))).toBe('external_other_browser');
    expect(res.cookies.find((c) => c.name === 'lab_session')).toBeUndefined();
    // the callback forgets the binding it was given
    expect(res.cookies.find((c) => c.name === 'lab_oidc_state')).toMatchObject({ value: '', path: '/api/login/' });
    // in the browser that started it, the same link still logs the attacker in: the binding alone refused it above
    const back = await callback(link);
    expect((await finish(handoffOf(back) as string)).json().userInfo.username).toBe(attacker.username);
  });

  it('refuses a replayed state, and a replayed handoff', async () => {
    const m = await newMember(w.admin, { email: 'replay@example.edu' });
    const url = await toCallback({ sub: 'replay', claims: { email_verified: true, email: 'replay@example.edu' } });
    const first = await callback(url);
    const handoff = handoffOf(first) as string;
    expect(handoff).toBeTruthy();
    expect(refusal(await callback(url))).toBe('external_failed');
    expect((await finish(handoff)).json().userInfo.username).toBe(m.username);
    const again = await finish(handoff);
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe(detailText('en', 'external_failed'));
    // a state of nobody's (even in a browser holding its cookie), and none at all (no login this browser started)
    expect(refusal(await callback(`${CALLBACK}?code=abc&state=${'x'.repeat(43)}`))).toBe('external_failed');
    expect(refusal(await callback(`${CALLBACK}?code=abc`))).toBe('external_other_browser');
  });

  it('refuses a wrong code and an expired one', async () => {
    await newMember(w.admin, { email: 'codes@example.edu' });
    const account = { sub: 'codes', claims: { email_verified: true, email: 'codes@example.edu' } };
    const url = new URL(await toCallback(account));
    url.searchParams.set('code', `${url.searchParams.get('code')}x`);
    expect(refusal(await callback(url.toString()))).toBe('external_failed');

    idp.codeTtl = 1;
    try {
      const late = await toCallback(account);
      await sleep(2_200);
      expect(refusal(await callback(late))).toBe('external_failed');
    } finally {
      idp.codeTtl = 60;
    }
    // and the same login in time passes: the refusals above were of the code
    expect(handoffOf(await callback(await toCallback(account)))).toBeTruthy();
  });

  it('refuses an id_token of another issuer or for another audience, signed with the provider’s own key', async () => {
    await newMember(w.admin, { email: 'forged@example.edu' });
    const account = { sub: 'forged', claims: { email_verified: true, email: 'forged@example.edu' } };
    for (const forge of [{ iss: 'http://evil.example' }, { aud: 'another-client' }]) {
      idp.forge = forge;
      try {
        expect(refusal(await callback(await toCallback(account))), JSON.stringify(forge)).toBe('external_failed');
      } finally {
        idp.forge = null;
      }
    }
    // the re-signing itself keeps a good token good
    idp.forge = {};
    try {
      expect(handoffOf(await callback(await toCallback(account)))).toBeTruthy();
    } finally {
      idp.forge = null;
    }
  });

  it('asks a member with two-factor login for the code after the campus login', async () => {
    const m = await newMember(w.admin, { email: 'totp@example.edu' });
    const setup = (await m.json('POST', '/api/two-factor/setup/', {})).json() as { secret: string };
    const codeAt = (offset: number) => generateSync({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });
    expect((await m.json('POST', '/api/two-factor/enable/', { code: codeAt(-1) })).statusCode).toBe(200);
    const back = await callback(await toCallback({ sub: 'totp', claims: { email_verified: true, email: 'totp@example.edu' } }));
    const first = await finish(handoffOf(back) as string);
    expect(first.json().loginStatus).toBe('code_required');
    expect(first.json().token).toBeUndefined();
    expect(first.cookies.find((c) => c.name === 'lab_session')).toBeUndefined();
    const done = await new Client(w.app).withCsrf('/api/login/code/', { challenge: first.json().challenge, code: codeAt(0) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().userInfo.username).toBe(m.username);
    const logged = await w.app.lab.db.selectFrom('activity').selectAll().where('action', '=', 'login').where('actor', '=', m.username).execute();
    // the login by password when the member was made, then the campus login finished with its code
    expect(logged.map((r) => r.detail)).toEqual(['', 'oidc']);
  });

  it('creates a first login’s account only when the site allows it, never an administrator', async () => {
    const account = {
      sub: 'newcomer',
      claims: { email_verified: true, email: 'newcomer@example.edu', preferred_username: 'newcomer', name: '新同学', authority: 'admin' },
    };
    expect(refusal(await callback(await toCallback(account)))).toBe('external_unknown');
    const set = await w.admin.send('PUT', '/api/site/', { external_signup: 'true', external_signup_type: 'PhD' });
    expect(set.statusCode, set.body).toBe(200);
    try {
      const back = await callback(await toCallback(account));
      const res = await finish(handoffOf(back) as string);
      expect(res.json().loginStatus, res.body).toBe('success');
      expect(res.json().userInfo).toMatchObject({ username: 'newcomer', authority: 'user', must_change_password: false });
      const row = await w.app.lab.db.selectFrom('person').selectAll().where('username', '=', 'newcomer').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ authority: 'user', type: 'PhD', email: 'newcomer@example.edu', name_zh: '新同学' });
      // the settings are the administrators' only
      expect((await new Client(w.app).get('/api/read_site/')).body).not.toContain('external_signup');
    } finally {
      await w.admin.send('PUT', '/api/site/', { external_signup: 'false' });
    }
  });

  it('can keep members from logging in with a password of this site; administrators keep theirs', async () => {
    const m = await newMember(w.admin, { email: 'campus-only@example.edu' });
    expect((await w.admin.send('PUT', '/api/site/', { member_passwords: 'false' })).statusCode).toBe(200);
    try {
      for (const lang of ['en', 'zh'] as const) {
        const c = new Client(w.app);
        c.lang = lang;
        const res = await c.loginResponse(m.username, 'member-password');
        expect(res.statusCode).toBe(403);
        expect(res.json().detail).toBe(detailText(lang, 'local_login_off'));
        expect(res.cookies.find((x) => x.name === 'lab_session')).toBeUndefined();
      }
      expect((await new Client(w.app).login('admin', 'admin-password')).loginStatus).toBe('success');
      // the campus login still works
      const back = await callback(await toCallback({ sub: 'campus-only', claims: { email_verified: true, email: 'campus-only@example.edu' } }));
      expect((await finish(handoffOf(back) as string)).json().loginStatus).toBe('success');
    } finally {
      await w.admin.send('PUT', '/api/site/', { member_passwords: 'true' });
    }
    expect((await new Client(w.app).login(m.username, 'member-password')).loginStatus).toBe('success');
  });
});

describe('OIDC not configured', () => {
  it('stays off and says so', async () => {
    const t = await makeApp('sqlite');
    try {
      for (const url of ['/api/login/oidc/', '/api/login/oidc/callback/?code=x&state=y']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe('/login?external_error=external_off');
      }
    } finally {
      await t.close();
    }
  });
});

describe('OIDC provider out of reach', () => {
  it('says so, and counts the starts per client address like login attempts', async () => {
    const t = await makeApp('sqlite', { OIDC_ISSUER_URL: 'http://127.0.0.1:1', OIDC_CLIENT_ID: 'lab', LOGIN_RATE_LIMIT: '3' });
    try {
      const locations: string[] = [];
      for (let i = 0; i < 4; i++) locations.push(String((await t.app.inject({ method: 'GET', url: '/api/login/oidc/' })).headers.location));
      expect(locations).toEqual([...Array(3).fill('/login?external_error=external_unavailable'), '/login?external_error=rate_limited']);
    } finally {
      await t.close();
    }
  });
});

describe('OIDC with a client secret the provider does not accept', () => {
  it('logs the provider’s error (never the secret) and tells the member the campus login is misconfigured, in both languages', async () => {
    const idp = await oidcProvider(() => [CALLBACK]);
    const wrongSecret = 'not-the-secret-the-provider-has-0123456789';
    let log = '';
    const stream = new PassThrough();
    stream.on('data', (d: Buffer) => {
      log += d.toString('utf8');
    });
    const t = await makeApp(
      'sqlite',
      { PUBLIC_URL: SITE, OIDC_ISSUER_URL: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: wrongSecret, OIDC_MATCH: 'email' },
      { logger: { stream } },
    );
    try {
      idp.nextAccount = { sub: 'alice-sub', claims: { email_verified: true, email: 'alice@example.edu' } };
      const start = await t.app.inject({ method: 'GET', url: '/api/login/oidc/' });
      expect(start.statusCode, start.body).toBe(302);
      const back = new URL(await walk(String(start.headers.location), SITE));
      const res = await t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: startedBy('oidc', back.toString()) });
      expect(res.statusCode, res.body).toBe(302);
      expect(res.headers.location).toBe('/login?external_error=external_misconfigured');
      expect(messages.external_misconfigured.en).toContain('contact the administrator');
      expect(messages.external_misconfigured.zh).toContain('联系管理员');
      // the provider's own words are in the log, the secret is not
      const refused = log
        .split('\n')
        .filter((line) => line.includes('campus login refused'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(refused).toHaveLength(1);
      expect(refused[0]).toMatchObject({ kind: 'oidc', key: 'external_misconfigured', error: 'invalid_client' });
      expect(String(refused[0]?.error_description)).not.toBe('');
      expect(log).not.toContain(wrongSecret);
      expect(log).not.toContain(Buffer.from(`${idp.clientId}:${wrongSecret}`).toString('base64'));
    } finally {
      await t.close();
      await idp.close();
    }
  });
});
