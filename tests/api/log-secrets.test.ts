import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutQueryValues } from '../../server/http/log.ts';
import { makeApp, type TestApp } from '../helpers/app.ts';
import { casServer, type TestCas } from '../helpers/cas.ts';
import { startedBy } from '../helpers/campus.ts';
import { Client, loginAs } from '../helpers/client.ts';
import { oidcProvider, type TestOidc, walk } from '../helpers/oidc.ts';
import { linkToken, smtpServer, type TestSmtp } from '../helpers/smtp.ts';
import { createdId, newMember } from '../fixtures/world.ts';

// No secret in the server's log: the log of a whole invitation, password reset, OIDC and CAS
// login is read for every token, code, state, ticket and handoff they carried. Before, Fastify wrote every URL
// as sent, and a token read from the log logged in as the member. The log is the database's business of neither
// dialect: one (SQLite) serves.

const SITE = 'http://lab.test';

describe('the log of invitations, resets and campus logins', () => {
  let t: TestApp;
  let log = '';
  let idp: TestOidc;
  let cas: TestCas;
  let smtp: TestSmtp;
  const secrets: string[] = [];
  beforeAll(async () => {
    idp = await oidcProvider(() => [`${SITE}/api/login/oidc/callback/`]);
    cas = await casServer();
    smtp = await smtpServer();
    const stream = new PassThrough();
    stream.on('data', (d: Buffer) => {
      log += d.toString('utf8');
    });
    t = await makeApp(
      'sqlite',
      {
        PUBLIC_URL: SITE,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Lab <lab@example.edu>',
        OIDC_ISSUER_URL: idp.issuer,
        OIDC_CLIENT_ID: idp.clientId,
        OIDC_CLIENT_SECRET: idp.clientSecret,
        OIDC_MATCH: 'email',
        CAS_URL: cas.url,
        CAS_MATCH: 'uid',
        CAS_ATTRIBUTE: 'employeeNumber',
      },
      { logger: { stream } },
    );
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([idp?.close(), cas?.close(), smtp?.close()]);
  });

  /** A request as a browser sends it: what its answer says, where it sends the browser. */
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const pathOf = (url: string) => {
    const u = new URL(url);
    return u.pathname + u.search;
  };
  const handoffOf = (location: string) => /#handoff=([A-Za-z0-9_-]+)$/.exec(location)?.[1] as string;

  it('an invitation, read by an older client (query) and by the page (X-Link-Token), then accepted', async () => {
    const admin = await loginAs(t.app, 'admin', 'admin-password');
    const res = await admin.send('POST', '/api/people/', { uid: 'LOG001', username: 'logged.invitee', name_zh: '王五', name_en: 'Wang Wu', type: 'master' });
    createdId(res);
    const token = new URL(String(res.headers['x-invitation-url'])).hash.slice(1);
    secrets.push(token);
    expect((await get(`/api/invitation/?token=${token}`)).json().state).toBe('open');
    const byHeader = await t.app.inject({ method: 'GET', url: '/api/invitation/', headers: { 'x-link-token': token } });
    expect(byHeader.json().state).toBe('open');
    const taken = await new Client(t.app).withCsrf('/api/invitation/', { token, password: 'logged-orchard-31', password2: 'logged-orchard-31' });
    expect(taken.statusCode, taken.body).toBe(200);
    secrets.push(String(taken.json().token));
  });

  it('a password reset by mail', async () => {
    const admin = await loginAs(t.app, 'admin', 'admin-password');
    const m = await newMember(admin, { email: 'reset.logged@example.edu' });
    expect((await new Client(t.app).withCsrf('/api/password-reset/request/', { login: m.username })).statusCode).toBe(200);
    const token = linkToken((await smtp.next('reset.logged@example.edu')).text, '/reset-password');
    secrets.push(token);
    expect((await get(`/api/password-reset/?token=${token}`)).json().state).toBe('open');
    const done = await new Client(t.app).withCsrf('/api/password-reset/', { token, password: 'reset-orchard-44', password2: 'reset-orchard-44' });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('an OIDC login: the code and the state come back in the query', async () => {
    const admin = await loginAs(t.app, 'admin', 'admin-password');
    await newMember(admin, { email: 'oidc.logged@example.edu' });
    idp.nextAccount = { sub: 'oidc-logged', claims: { email_verified: true, email: 'oidc.logged@example.edu' } };
    const start = await get('/api/login/oidc/?redirect=/console');
    const back = await walk(String(start.headers.location), SITE);
    const query = new URL(back).searchParams;
    secrets.push(query.get('code') as string, query.get('state') as string);
    const landed = String((await t.app.inject({ method: 'GET', url: pathOf(back), headers: startedBy('oidc', back) })).headers.location);
    const handoff = handoffOf(landed);
    secrets.push(handoff);
    const res = await new Client(t.app).withCsrf('/api/login/external/', { handoff });
    expect(res.json().loginStatus, res.body).toBe('success');
    secrets.push(String(res.json().token));
  });

  it('a CAS login: the ticket comes back in the query', async () => {
    const admin = await loginAs(t.app, 'admin', 'admin-password');
    await newMember(admin, { uid: 'CASLOG01' });
    cas.nextUser = { user: 'caslogged', attributes: { employeeNumber: 'CASLOG01' } };
    const start = await get('/api/login/cas/?redirect=/console');
    const back = String((await fetch(String(start.headers.location), { redirect: 'manual' })).headers.get('location'));
    const query = new URL(back).searchParams;
    secrets.push(query.get('ticket') as string, query.get('state') as string);
    const landed = String((await t.app.inject({ method: 'GET', url: pathOf(back), headers: startedBy('cas', back) })).headers.location);
    const handoff = handoffOf(landed);
    secrets.push(handoff);
    const res = await new Client(t.app).withCsrf('/api/login/external/', { handoff });
    expect(res.json().loginStatus, res.body).toBe('success');
    secrets.push(String(res.json().token));
  });

  it('holds none of their secrets, and still names every request with its query’s names', () => {
    expect(secrets).toHaveLength(11);
    for (const s of secrets) expect(s.length).toBeGreaterThanOrEqual(16);
    for (const s of secrets) expect(log.includes(s), `a secret (${s.slice(0, 4)}…) is in the log`).toBe(false);
    expect(log).toContain('"url":"/api/invitation/?token="');
    expect(log).toContain('"url":"/api/password-reset/?token="');
    expect(log).toMatch(/"url":"\/api\/login\/oidc\/callback\/\?(code=&state=|state=&code=)/);
    expect(log).toMatch(/"url":"\/api\/login\/cas\/callback\/\?(state=&ticket=|ticket=&state=)/);
  });

  it('drops every query value, keeping the names and the path', () => {
    expect(withoutQueryValues('/api/people/')).toBe('/api/people/');
    expect(withoutQueryValues('/a/?token=x&lang=en&flag&&=v')).toBe('/a/?token=&lang=&flag=&=');
    expect(withoutQueryValues('/a/?')).toBe('/a/?');
  });
});
