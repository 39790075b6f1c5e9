import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../helpers/app.ts';
import { casServer, type TestCas } from '../helpers/cas.ts';
import { expectBound, inAnotherBrowser, startedBy } from '../helpers/campus.ts';
import { Client } from '../helpers/client.ts';
import { makeWorld, newMember, type World } from '../fixtures/world.ts';
import { parseLogoutRequest, parseValidation } from '../../server/services/cas.ts';

// University login with CAS 3.0 against a loopback CAS server that speaks the
// protocol's XML (tests/helpers/cas.ts): the browser's way there and back, the ticket validated at
// /p3/serviceValidate with its attributes, the member matched by its staff number attribute; a forged
// ticket, a replayed one and one issued for another service are refused; the CAS server's single logout
// ends the session its ticket started.

const SITE = 'http://lab.test';

describe.each(dialects)('CAS login on %s', (dialect) => {
  let w: World;
  let cas: TestCas;
  beforeAll(async () => {
    cas = await casServer();
    w = await makeWorld(dialect, { PUBLIC_URL: SITE, CAS_URL: cas.url, CAS_MATCH: 'uid', CAS_ATTRIBUTE: 'employeeNumber' });
  }, 60_000);
  afterAll(async () => {
    await w?.t.close();
    await cas?.close();
  });

  /** The site's start: the CAS login address, and the service address in it. */
  async function start(): Promise<{ login: URL; service: string }> {
    const res = await w.app.inject({ method: 'GET', url: '/api/login/cas/?redirect=/console/people' });
    expect(res.statusCode, res.body).toBe(302);
    const login = new URL(String(res.headers.location));
    expect(`${login.origin}${login.pathname}`).toBe(`${cas.url}/login`);
    const service = login.searchParams.get('service') as string;
    expect(service).toMatch(new RegExp(`^${SITE}/api/login/cas/callback/\\?state=[A-Za-z0-9_-]{43}$`));
    expectBound('cas', res, new URL(service).searchParams.get('state') as string);
    return { login, service };
  }

  /** The CAS server's redirect back to the site with a ticket, for `user`. */
  async function toService(user: { user: string; attributes: Record<string, string> }): Promise<string> {
    cas.nextUser = user;
    const { login } = await start();
    const res = await fetch(login, { redirect: 'manual' });
    expect(res.status).toBe(302);
    return String(res.headers.get('location'));
  }

  /** The site's callback at that address, in the browser that started the login (or, `bound: false`, another). */
  async function callback(url: string, bound = true): Promise<string> {
    const u = new URL(url);
    const res = await w.app.inject({ method: 'GET', url: u.pathname + u.search, headers: bound ? startedBy('cas', url) : {} });
    expect(res.statusCode, res.body).toBe(302);
    return String(res.headers.location);
  }
  const refusal = (location: string) => new URL(location, SITE).searchParams.get('external_error');
  const handoffOf = (location: string) => /#handoff=([A-Za-z0-9_-]+)$/.exec(location)?.[1];
  const finish = (handoff: string) => new Client(w.app).withCsrf('/api/login/external/', { handoff });
  const ticketOf = (url: string) => new URL(url).searchParams.get('ticket') as string;

  it('refuses a callback in a browser that did not start that login (login CSRF): an attacker’s ticket logs the victim in nowhere', async () => {
    const attacker = await newMember(w.admin, { uid: 'CSRF0001' });
    const link = await toService({ user: 'attacker', attributes: { employeeNumber: 'CSRF0001' } });
    expect(refusal(await callback(link, false))).toBe('external_other_browser');
    // nor does the cookie of a login the victim started themselves fit it
    const res = await inAnotherBrowser(w.app, 'cas', link);
    expect(refusal(String(res.headers.location))).toBe('external_other_browser');
    expect(res.cookies.find((c) => c.name === 'lab_cas_state')).toMatchObject({ value: '', path: '/api/login/' });
    // in the browser that started it, the same link still logs the attacker in: the binding alone refused it above
    const res2 = await finish(handoffOf(await callback(link)) as string);
    expect(res2.json().userInfo.username).toBe(attacker.username);
  });

  it('logs a member in by the staff number attribute; the CAS single logout ends that session', async () => {
    const m = await newMember(w.admin, { uid: 'T2026001' });
    const back = await toService({ user: 'zhangsan', attributes: { employeeNumber: 'T2026001', mail: 'zs@example.edu', displayName: '张三' } });
    const ticket = ticketOf(back);
    const landed = await callback(back);
    expect(landed).toMatch(/^\/login\?redirect=%2Fconsole%2Fpeople#handoff=/);
    const res = await finish(handoffOf(landed) as string);
    expect(res.json().loginStatus, res.body).toBe('success');
    expect(res.json().userInfo.username).toBe(m.username);
    const c = new Client(w.app, res.json().token);
    // another session of the same member, by password: single logout must not end it
    const other = new Client(w.app);
    expect((await other.login(m.username, 'member-password')).loginStatus).toBe('success');
    expect((await c.get('/api/me/')).statusCode).toBe(200);
    const logged = await w.app.lab.db.selectFrom('activity').selectAll().where('action', '=', 'login').where('actor', '=', m.username).execute();
    expect(logged.map((r) => r.detail)).toContain('cas');

    // a logout request naming another ticket ends nothing; malformed XML neither, and both answer alike
    for (const logoutRequest of [
      cas.logoutRequest('ST-unknown-ticket'),
      '<samlp:LogoutRequest',
      '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
    ]) {
      const r = await w.app.inject({
        method: 'POST',
        url: '/api/login/cas/callback/',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ logoutRequest }).toString(),
      });
      expect(r.statusCode, r.body).toBe(200);
      expect((await c.get('/api/me/')).statusCode).toBe(200);
    }
    const slo = await w.app.inject({
      method: 'POST',
      url: new URL(back).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ logoutRequest: cas.logoutRequest(ticket) }).toString(),
    });
    expect(slo.statusCode, slo.body).toBe(200);
    expect((await c.get('/api/me/')).statusCode).toBe(401);
    expect((await other.get('/api/me/')).statusCode).toBe(200);
    const out = await w.app.lab.db.selectFrom('activity').selectAll().where('action', '=', 'logout').where('actor', '=', m.username).execute();
    expect(out.map((r) => r.detail)).toContain('cas');
  });

  it('binds the ticket to the session a member with two-factor login starts after the code', async () => {
    const m = await newMember(w.admin, { uid: 'T2026009' });
    const { secret } = (await m.json('POST', '/api/two-factor/setup/', {})).json() as { secret: string };
    const codeAt = (offset: number) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });
    expect((await m.json('POST', '/api/two-factor/enable/', { code: codeAt(-1) })).statusCode).toBe(200);
    const back = await toService({ user: 'totp', attributes: { employeeNumber: 'T2026009' } });
    const first = await finish(handoffOf(await callback(back)) as string);
    expect(first.json().loginStatus, first.body).toBe('code_required');
    const done = await new Client(w.app).withCsrf('/api/login/code/', { challenge: first.json().challenge, code: codeAt(0) });
    expect(done.json().loginStatus, done.body).toBe('success');
    const c = new Client(w.app, done.json().token);
    expect((await c.get('/api/me/')).statusCode).toBe(200);
    const slo = await w.app.inject({
      method: 'POST',
      url: new URL(back).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ logoutRequest: cas.logoutRequest(ticketOf(back)) }).toString(),
    });
    expect(slo.statusCode).toBe(200);
    expect((await c.get('/api/me/')).statusCode).toBe(401);
    // and m's own session (by password, before) goes on
    expect((await m.get('/api/me/')).statusCode).toBe(200);
  });

  it('refuses a forged ticket', async () => {
    const { service } = await start();
    const before = cas.validations;
    expect(refusal(await callback(`${service}&ticket=ST-forged-0000-cas.test`))).toBe('external_failed');
    expect(cas.validations).toBe(before + 1);
  });

  it('refuses a replayed ticket, with its own state or a fresh one', async () => {
    await newMember(w.admin, { uid: 'T2026002' });
    const back = await toService({ user: 'lisi', attributes: { employeeNumber: 'T2026002' } });
    expect(handoffOf(await callback(back))).toBeTruthy();
    // the same address again: its state is used
    expect(refusal(await callback(back))).toBe('external_failed');
    // the ticket under a fresh state: the CAS server knows it was validated
    const { service } = await start();
    expect(refusal(await callback(`${service}&ticket=${ticketOf(back)}`))).toBe('external_failed');
  });

  it('refuses a ticket issued for another service', async () => {
    await newMember(w.admin, { uid: 'T2026003' });
    const { service } = await start();
    const ticket = cas.issue('http://elsewhere.example/cas-client/', { user: 'wangwu', attributes: { employeeNumber: 'T2026003' } });
    expect(refusal(await callback(`${service}&ticket=${ticket}`))).toBe('external_failed');
  });

  it('refuses a person who is no member, and one without the attribute', async () => {
    expect(refusal(await callback(await toService({ user: 'stranger', attributes: { employeeNumber: 'X404' } })))).toBe('external_unknown');
    expect(refusal(await callback(await toService({ user: 'nonumber', attributes: { mail: 'n@example.edu' } })))).toBe('external_missing_claim');
  });
});

describe('CAS XML', () => {
  it('reads a validation: the user, each attribute’s first value (CDATA too); failures by their code', () => {
    const ok = parseValidation(`<?xml version="1.0"?>
<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>u&amp;1</cas:user>
<cas:attributes><cas:mail>a@b.edu</cas:mail><cas:mail>second@b.edu</cas:mail><cas:cn><![CDATA[Zhang San]]></cas:cn></cas:attributes>
</cas:authenticationSuccess></cas:serviceResponse>`);
    expect(ok).toEqual({ user: 'u&1', attributes: { mail: 'a@b.edu', cn: 'Zhang San' } });
    expect(
      parseValidation(
        '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">no</cas:authenticationFailure></cas:serviceResponse>',
      ),
    ).toEqual({
      failure: 'INVALID_TICKET',
    });
    // a user element outside the CAS namespace is not the CAS user
    expect(parseValidation('<serviceResponse><authenticationSuccess><user>admin</user></authenticationSuccess></serviceResponse>')).toEqual({
      failure: 'NO_USER',
    });
    // entities of a DTD are not expanded: unreadable, refused
    expect(
      parseValidation(
        '<!DOCTYPE r [<!ENTITY x "admin">]><cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>&x;</cas:user></cas:authenticationSuccess></cas:serviceResponse>',
      ),
    ).toHaveProperty('failure');
    expect(parseValidation('<cas:serviceResponse')).toEqual({ failure: 'UNREADABLE' });
    expect(parseValidation(`<a>${'x'.repeat(70_000)}</a>`)).toEqual({ failure: 'TOO_LARGE' });
    expect(
      parseLogoutRequest(
        '<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"><samlp:SessionIndex>ST-1-a</samlp:SessionIndex></samlp:LogoutRequest>',
      ),
    ).toBe('ST-1-a');
    expect(parseLogoutRequest('<LogoutRequest><SessionIndex>ST-1-a</SessionIndex></LogoutRequest>')).toBeUndefined();
  });
});
