import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailText, messages } from '../../common/messages.ts';
import { takeBackup } from '../../server/backup/backup.ts';
import { sha256 } from '../../server/services/auth.ts';
import { dialects } from '../helpers/app.ts';
import { entriesOf, optionsOf, schemaOf } from '../helpers/archives.ts';
import { casServer, type TestCas } from '../helpers/cas.ts';
import { startedBy } from '../helpers/campus.ts';
import { Client } from '../helpers/client.ts';
import { PEOPLE, slapd, type TestLdap } from '../helpers/ldap.ts';
import { type OidcAccount, oidcProvider, type TestOidc, walk } from '../helpers/oidc.ts';
import { makeWorld, type Member, newMember, type World } from '../fixtures/world.ts';

// The campus identity a member is (server/services/external-links.ts), against the same stand-ins as the login
// suites: a real OpenID Connect provider (oidc-provider), the loopback CAS server, a real OpenLDAP. The first
// login that matches by the claim records the identity, and later logins go by it: a changed claim still finds the
// member, another identity holding the claim is refused. An administrator is never matched by a claim, only by
// the link they make from the profile (with this site's password, or right after logging in); unlinking is one's
// own (or an administrator's) and logged.

const SITE = 'http://lab.test';
const OIDC_CALLBACK = `${SITE}/api/login/oidc/callback/`;
const DIRECTORY = [
  { uid: 'linda', password: 'linda-directory-pass', cn: 'Linda Sun' },
  { uid: 'boss', password: 'boss-directory-pass', cn: 'The Boss' },
  { uid: 'chief', password: 'chief-directory-pass', cn: 'The Chief' },
];

let idp: TestOidc;
let cas: TestCas;
let ldap: TestLdap;
beforeAll(async () => {
  [idp, cas, ldap] = await Promise.all([oidcProvider(() => [OIDC_CALLBACK]), casServer(), slapd(DIRECTORY)]);
}, 60_000);
afterAll(async () => {
  await idp?.close();
  await cas?.close();
  await ldap?.close();
});

describe.each(dialects)('campus links on %s', (dialect) => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld(dialect, {
      PUBLIC_URL: SITE,
      OIDC_ISSUER_URL: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_MATCH: 'email',
      CAS_URL: cas.url,
      CAS_MATCH: 'uid',
      CAS_ATTRIBUTE: 'employeeNumber',
      LDAP_URL: ldap.url,
      LDAP_USER_DN: `uid={username},${PEOPLE}`,
    });
  }, 60_000);
  afterAll(() => w?.t.close());

  const refusal = (location: string) => new URL(location, SITE).searchParams.get('external_error');
  const handoffOf = (location: string) => /#handoff=([A-Za-z0-9_-]+)$/.exec(location)?.[1];
  const linkResult = (location: string) => {
    const u = new URL(location, SITE);
    expect(u.pathname).toBe('/console/profile');
    return u.searchParams.get('campus_link') ?? `error:${u.searchParams.get('campus_link_error')}`;
  };

  /** The site's callback at `url`, in the browser that started it (or, `bound: false`, another): where it sends the browser. */
  async function callback(kind: 'oidc' | 'cas', url: string, bound = true): Promise<string> {
    const u = new URL(url);
    const res = await w.app.inject({ method: 'GET', url: u.pathname + u.search, headers: bound ? startedBy(kind, url) : {} });
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    return String(res.headers.location);
  }

  /** Through the provider to the site's callback address, from a start address. */
  async function viaProvider(kind: 'oidc' | 'cas', start: string, who: OidcAccount | { user: string; attributes: Record<string, string> }): Promise<string> {
    if (kind === 'oidc') {
      idp.nextAccount = who as OidcAccount;
      return walk(start, SITE);
    }
    cas.nextUser = who as { user: string; attributes: Record<string, string> };
    const res = await fetch(start, { redirect: 'manual' });
    expect(res.status).toBe(302);
    return String(res.headers.get('location'));
  }

  /** A campus login from the login page: the handoff finished, its answer. */
  async function campusLogin(kind: 'oidc' | 'cas', who: OidcAccount | { user: string; attributes: Record<string, string> }) {
    const start = await w.app.inject({ method: 'GET', url: `/api/login/${kind}/` });
    expect(start.statusCode, start.body).toBe(302);
    const back = await callback(kind, await viaProvider(kind, String(start.headers.location), who));
    const handoff = handoffOf(back);
    if (!handoff) return { refused: refusal(back) };
    const res = await new Client(w.app).withCsrf('/api/login/external/', { handoff });
    expect(res.statusCode, res.body).toBe(200);
    return { username: res.json().userInfo?.username as string | undefined, body: res.json() };
  }

  /** A link from the profile of `member`: the start, the provider, the callback; where the browser lands. */
  async function linkFromProfile(member: Client, kind: 'oidc' | 'cas', who: OidcAccount | { user: string; attributes: Record<string, string> }) {
    const start = await member.json('POST', '/api/campus-links/start/', { kind });
    expect(start.statusCode, start.body).toBe(200);
    const state = start.cookies.find((c) => c.name === `lab_${kind}_state`);
    expect(state).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/login/' });
    return linkResult(await callback(kind, await viaProvider(kind, start.json().url, who)));
  }

  const linksOf = async (pid: number) => w.app.lab.db.selectFrom('external_link').selectAll().where('person_pid', '=', pid).orderBy('id').execute();
  const logOf = (pid: number, action: 'link' | 'unlink') =>
    w.app.lab.db.selectFrom('activity').selectAll().where('action', '=', action).where('record', '=', String(pid)).orderBy('eid').execute();

  /** A session of `member` that logged in long ago (past the minutes a fresh login stands for the password). */
  async function staleSession(member: Member): Promise<Client> {
    const token = `stale-${member.pid}-${Date.now()}-0123456789abcdef`;
    await w.app.lab.db
      .insertInto('session')
      .values({ token_hash: sha256(token), person_pid: member.pid, login_time: Math.floor(Date.now() / 1000) - 3600 })
      .execute();
    return new Client(w.app, token);
  }

  it('records the identity at the first login; a changed claim still opens the same member by it', async () => {
    const m = await newMember(w.admin, { email: 'first.login@example.edu' });
    const account = { sub: 'sub-first-login', claims: { email_verified: true, email: 'first.login@example.edu' } };
    expect((await campusLogin('oidc', account)).username).toBe(m.username);
    expect(await linksOf(m.pid)).toMatchObject([{ kind: 'oidc', issuer: w.app.lab.config.oidc?.issuerUrl, subject: 'sub-first-login', explicit: 0 }]);
    expect((await logOf(m.pid, 'link')).map((r) => [r.actor, r.detail])).toEqual([[m.username, 'oidc']]);
    // the campus renamed the address: no member has it, the link still knows who this is
    const renamed = { sub: 'sub-first-login', claims: { email_verified: true, email: 'renamed@example.edu' } };
    expect((await campusLogin('oidc', renamed)).username).toBe(m.username);
    // and so for a CAS principal whose number changed
    const c = await newMember(w.admin, { uid: 'LINK0001' });
    expect((await campusLogin('cas', { user: 'cas-first', attributes: { employeeNumber: 'LINK0001' } })).username).toBe(c.username);
    expect((await campusLogin('cas', { user: 'cas-first', attributes: { employeeNumber: 'LINK9999' } })).username).toBe(c.username);
    expect(await linksOf(c.pid)).toMatchObject([{ kind: 'cas', issuer: cas.url, subject: 'cas-first', explicit: 0 }]);
  });

  it('refuses a second campus identity whose claim matches a member already linked, in both languages', async () => {
    const m = await newMember(w.admin, { email: 'taken.claim@example.edu' });
    expect((await campusLogin('oidc', { sub: 'sub-owner', claims: { email_verified: true, email: 'taken.claim@example.edu' } })).username).toBe(m.username);
    // the address now belongs to another campus account (reassigned, or a provider that lets it be claimed)
    const other = await campusLogin('oidc', { sub: 'sub-newcomer', claims: { email_verified: true, email: 'taken.claim@example.edu' } });
    expect(other.refused).toBe('external_linked_elsewhere');
    expect(messages.external_linked_elsewhere.zh).toContain('另一个校园账号');
    expect(messages.external_linked_elsewhere.en).toContain('another campus account');
    expect(await linksOf(m.pid)).toHaveLength(1);
    const failed = await w.app.lab.db
      .selectFrom('activity')
      .selectAll()
      .where('action', '=', 'login_failed')
      .where('record', '=', 'taken.claim@example.edu')
      .execute();
    expect(failed.map((r) => r.detail)).toEqual(['oidc']);
    // the same by a CAS number
    const c = await newMember(w.admin, { uid: 'LINK0002' });
    expect((await campusLogin('cas', { user: 'cas-owner', attributes: { employeeNumber: 'LINK0002' } })).username).toBe(c.username);
    expect((await campusLogin('cas', { user: 'cas-intruder', attributes: { employeeNumber: 'LINK0002' } })).refused).toBe('external_linked_elsewhere');
  });

  it('refuses an administrator by the claim, and by a link a claim made before they were one', async () => {
    const a = await newMember(w.admin, { email: 'claimed.admin@example.edu' });
    const account = { sub: 'sub-claimed-admin', claims: { email_verified: true, email: 'claimed.admin@example.edu' } };
    expect((await campusLogin('oidc', account)).username).toBe(a.username);
    await w.admin.send('PUT', `/api/people/?pid=${a.pid}`, { authority: 'admin' });
    expect((await campusLogin('oidc', account)).refused).toBe('external_admin');
    const b = await newMember(w.admin, { email: 'never.linked.admin@example.edu', authority: 'admin' });
    expect((await campusLogin('oidc', { sub: 'sub-b', claims: { email_verified: true, email: 'never.linked.admin@example.edu' } })).refused).toBe(
      'external_admin',
    );
    expect(await linksOf(b.pid)).toEqual([]);
    expect(messages.external_admin.en).toContain("this site's password");
    expect(messages.external_admin.zh).toContain('本站密码');
  });

  it('lets an administrator link their own OIDC account from the profile, which then logs them in, their second factor still asked', async () => {
    const boss = await newMember(w.admin, { email: 'oidc.boss@example.edu', authority: 'admin' });
    const account = { sub: 'sub-oidc-boss', claims: { email_verified: true, email: 'someone.else@example.edu' } };
    expect(await linkFromProfile(boss, 'oidc', account)).toBe('linked');
    const listed = (await boss.get('/api/campus-links/')).json();
    expect(listed).toMatchObject({ links: [{ kind: 'oidc', subject: 'sub-oidc-boss', explicit: true }], available: { oidc: true, cas: true, ldap: true } });
    expect((await logOf(boss.pid, 'link')).map((r) => r.detail)).toEqual(['oidc,explicit']);
    const login = await campusLogin('oidc', account);
    expect(login.username).toBe(boss.username);
    expect(login.body.userInfo.authority).toBe('admin');
    // enrolled in two-factor login, the campus login is the first factor only
    const { secret } = (await boss.json('POST', '/api/two-factor/setup/', {})).json() as { secret: string };
    const codeAt = (offset: number) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });
    expect((await boss.json('POST', '/api/two-factor/enable/', { code: codeAt(-1) })).statusCode).toBe(200);
    const second = await campusLogin('oidc', account);
    expect(second.body.loginStatus).toBe('code_required');
    expect(second.body.token).toBeUndefined();
    const done = await new Client(w.app).withCsrf('/api/login/code/', { challenge: second.body.challenge, code: codeAt(0) });
    expect(done.json().userInfo?.username, done.body).toBe(boss.username);
  });

  it('lets an administrator link their own CAS account, which then logs them in; a claim match still does not', async () => {
    const boss = await newMember(w.admin, { uid: 'BOSS0001', authority: 'admin' });
    const who = { user: 'cas-boss', attributes: { employeeNumber: 'NOT-THE-BOSS' } };
    expect(await linkFromProfile(boss, 'cas', who)).toBe('linked');
    expect(await linksOf(boss.pid)).toMatchObject([{ kind: 'cas', subject: 'cas-boss', explicit: 1 }]);
    // before the link a claim match would have been refused; by the link it opens the account
    expect((await campusLogin('cas', who)).username).toBe(boss.username);
    expect((await campusLogin('cas', { user: 'cas-other', attributes: { employeeNumber: 'BOSS0001' } })).refused).toBe('external_admin');
  });

  it('lets an administrator link their own directory account; its password then logs them in, under its name or theirs', async () => {
    const boss = await newMember(w.admin, { username: 'chief', authority: 'admin' });
    // before: the directory is never asked for an administrator's username
    expect((await new Client(w.app).login('chief', 'chief-directory-pass')).loginStatus).toBe('fail');
    const wrong = await boss.json('POST', '/api/campus-links/ldap/', { username: 'boss', campus_password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe(detailText('en', 'external_link_wrong'));
    const res = await boss.json('POST', '/api/campus-links/ldap/', { username: 'boss', campus_password: 'boss-directory-pass' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await linksOf(boss.pid)).toMatchObject([{ kind: 'ldap', issuer: ldap.url, subject: `uid=boss,${PEOPLE}`, explicit: 1 }]);
    const byDirectory = await new Client(w.app).login('boss', 'boss-directory-pass');
    expect(byDirectory.loginStatus).toBe('success');
    expect(byDirectory.userInfo).toMatchObject({ username: 'chief', authority: 'admin' });
    // this site's password still works; the directory's account of the same name is no link of theirs, and a
    // claim match opens no administrator
    expect((await new Client(w.app).login('chief', 'member-password')).userInfo?.username).toBe('chief');
    const sameName = await new Client(w.app).loginResponse('chief', 'chief-directory-pass');
    expect(sameName.json().token).toBeUndefined();
    expect(sameName.json().detail).toBe(detailText('en', 'external_admin'));
    // linked to the account of their own name, its password opens theirs too
    expect((await boss.json('POST', '/api/campus-links/ldap/', { username: 'chief', campus_password: 'chief-directory-pass' })).statusCode).toBe(200);
    expect((await linksOf(boss.pid)).map((l) => l.subject)).toEqual([`uid=chief,${PEOPLE}`]);
    expect((await new Client(w.app).login('chief', 'chief-directory-pass')).userInfo?.username).toBe('chief');
    // the earlier link was replaced, and both logged
    expect((await logOf(boss.pid, 'unlink')).map((r) => r.detail)).toEqual(['ldap']);
    expect((await new Client(w.app).login('boss', 'boss-directory-pass')).loginStatus).not.toBe('success');
  });

  it('asks for this site’s password to link unless the session logged in within minutes, in both languages', async () => {
    const m = await newMember(w.admin);
    const stale = await staleSession(m);
    for (const lang of ['en', 'zh'] as const) {
      stale.lang = lang;
      for (const [url, body] of [
        ['/api/campus-links/start/', { kind: 'oidc' }],
        ['/api/campus-links/start/', { kind: 'cas' }],
        ['/api/campus-links/ldap/', { username: 'linda', campus_password: 'linda-directory-pass' }],
      ] as const) {
        const res = await stale.json('POST', url, body);
        expect(res.statusCode, `${url} ${res.body}`).toBe(400);
        expect(res.json().detail).toBe(detailText(lang, 'external_link_needs_password'));
        expect(res.cookies.find((c) => c.name.startsWith('lab_'))).toBeUndefined();
      }
    }
    stale.lang = 'en';
    const wrong = await stale.json('POST', '/api/campus-links/start/', { kind: 'oidc', password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe(detailText('en', 'old_password_wrong'));
    expect(await linksOf(m.pid)).toEqual([]);
    const start = await stale.json('POST', '/api/campus-links/start/', { kind: 'oidc', password: 'member-password' });
    expect(start.statusCode, start.body).toBe(200);
    expect(new URL(start.json().url).origin).toBe(idp.issuer);
  });

  it('refuses to link an identity that is another member’s, and a link started in another browser', async () => {
    const owner = await newMember(w.admin, { email: 'owner.of.sub@example.edu' });
    const account = { sub: 'sub-owned', claims: { email_verified: true, email: 'owner.of.sub@example.edu' } };
    expect((await campusLogin('oidc', account)).username).toBe(owner.username);
    const thief = await newMember(w.admin);
    expect(await linkFromProfile(thief, 'oidc', account)).toBe('error:external_link_taken');
    expect(messages.external_link_taken.zh).toContain('另一位成员');
    // the directory's linda logs in as linda (linked then); another member cannot take her account
    await newMember(w.admin, { username: 'linda' });
    expect((await new Client(w.app).login('linda', 'linda-directory-pass')).userInfo?.username).toBe('linda');
    const taken = await thief.json('POST', '/api/campus-links/ldap/', { username: 'linda', campus_password: 'linda-directory-pass' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().detail).toBe(detailText('en', 'external_link_taken'));
    expect(await linksOf(thief.pid)).toEqual([]);
    // an attacker's started link, its provider address opened by a victim: the callback in the victim's browser
    // has no binding of it, links nothing and says so on the profile
    const start = await thief.json('POST', '/api/campus-links/start/', { kind: 'oidc' });
    const back = await viaProvider('oidc', start.json().url, { sub: 'sub-victim', claims: { email_verified: true, email: 'victim@example.edu' } });
    expect(linkResult(await callback('oidc', back, false))).toBe('error:external_other_browser');
    expect(await linksOf(thief.pid)).toEqual([]);
  });

  it('unlinks one’s own link, logged; another member cannot unlink it', async () => {
    const m = await newMember(w.admin, { email: 'unlink.me@example.edu' });
    expect((await campusLogin('oidc', { sub: 'sub-unlink', claims: { email_verified: true, email: 'unlink.me@example.edu' } })).username).toBe(m.username);
    const [link] = (await m.get('/api/campus-links/')).json().links as { id: number }[];
    expect(link).toBeDefined();
    const other = await newMember(w.admin);
    const res: LightMyRequestResponse = await other.delete(`/api/campus-links/?id=${link?.id}`);
    expect(res.statusCode).toBe(404);
    expect(await linksOf(m.pid)).toHaveLength(1);
    expect((await other.get('/api/campus-links/')).json().links).toEqual([]);
    expect((await new Client(w.app).delete(`/api/campus-links/?id=${link?.id}`)).statusCode).toBe(401);
    expect((await m.delete(`/api/campus-links/?id=${link?.id}`)).statusCode).toBe(200);
    expect(await linksOf(m.pid)).toEqual([]);
    expect((await logOf(m.pid, 'unlink')).map((r) => [r.actor, r.detail])).toEqual([[m.username, 'oidc']]);
    expect((await m.delete(`/api/campus-links/?id=${link?.id}`)).statusCode).toBe(404);
  });

  it('records the link of an account a first login creates', async () => {
    expect((await w.admin.send('PUT', '/api/site/', { external_signup: 'true' })).statusCode).toBe(200);
    try {
      const login = await campusLogin('oidc', {
        sub: 'sub-signup',
        claims: { email_verified: true, email: 'signup@example.edu', preferred_username: 'signup1' },
      });
      expect(login.username).toBe('signup1');
      const row = await w.app.lab.db.selectFrom('person').select('pid').where('username', '=', 'signup1').executeTakeFirstOrThrow();
      expect(await linksOf(row.pid)).toMatchObject([{ kind: 'oidc', subject: 'sub-signup', explicit: 0 }]);
    } finally {
      await w.admin.send('PUT', '/api/site/', { external_signup: 'false' });
    }
  });

  it('keeps the links in a backup', async () => {
    const m = await newMember(w.admin, { uid: 'LINK0100' });
    expect((await campusLogin('cas', { user: 'cas-backup', attributes: { employeeNumber: 'LINK0100' } })).username).toBe(m.username);
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-links-backup-'));
    try {
      const file = path.join(scratch, 'lab.tar.gz');
      await takeBackup(optionsOf(w.t, dialect, dialect === 'postgres' ? await schemaOf(w.t) : undefined), w.app.lab.storage, file);
      const entries = await entriesOf(file);
      const manifest = JSON.parse(String(entries.find((e) => e.name === 'manifest.json')?.data)) as { tables: { name: string; rows: number }[] };
      const rows = await w.app.lab.db.selectFrom('external_link').select('id').execute();
      expect(manifest.tables.find((t) => t.name === 'external_link')?.rows).toBe(rows.length);
      expect(Buffer.concat(entries.map((e) => e.data)).toString('utf8')).toContain('cas-backup');
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
});
