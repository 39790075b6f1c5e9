import net from 'node:net';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailText, messages } from '../../common/messages.ts';
import { escapeDn, escapeFilter, withUsername } from '../../server/services/ldap.ts';
import { dialects, makeApp } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { BASE, PEOPLE, SERVICE, slapd, type TestLdap } from '../helpers/ldap.ts';
import { makeWorld, newMember, type World } from '../fixtures/world.ts';

// University login with LDAP against a real OpenLDAP (Debian's slapd, started by the
// test helper with a small directory): the ordinary login form checks the password with the directory,
// binding as the user (LDAP_USER_DN) or searching then binding (LDAP_BIND_DN, LDAP_BASE, LDAP_FILTER).
// Refused: an unknown user, a wrong password, a username that tries to be filter or DN syntax.

const USERS = [
  { uid: 'alice', password: 'alice-directory-pass', cn: 'Alice Wang', mail: 'alice@example.edu', employeeNumber: 'E001' },
  { uid: 'bob', password: 'bob-directory-pass', cn: 'Bob Li', mail: 'bob@example.edu', employeeNumber: 'E002' },
  { uid: 'carol', password: 'carol-directory-pass', cn: 'Carol Zhao' },
  { uid: 'totp', password: 'totp-directory-pass', cn: 'Two Factor' },
];

let ldap: TestLdap;
beforeAll(async () => {
  ldap = await slapd(USERS);
}, 60_000);
afterAll(() => ldap?.close());

const modes = {
  'bind as the user': () => ({ LDAP_URL: ldap.url, LDAP_USER_DN: `uid={username},${PEOPLE}` }),
  'search then bind': () => ({
    LDAP_URL: ldap.url,
    LDAP_BIND_DN: SERVICE.dn,
    LDAP_BIND_PASSWORD: SERVICE.password,
    LDAP_BASE: BASE,
    LDAP_FILTER: '(&(objectClass=inetOrgPerson)(uid={username}))',
  }),
};

describe.each(dialects.flatMap((d) => Object.keys(modes).map((m) => [d, m] as const)))('LDAP login on %s, %s', (dialect, mode) => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld(dialect, { ...modes[mode as keyof typeof modes](), CAMPUS_LOGIN_NAME_EN: 'University account' });
    for (const username of ['alice', 'bob', 'totp']) await newMember(w.admin, { username });
  }, 60_000);
  afterAll(() => w?.t.close());

  const tryLogin = (username: string, password: string, lang: 'en' | 'zh' = 'en') => {
    const c = new Client(w.app);
    c.lang = lang;
    return c.loginResponse(username, password);
  };

  it('logs a member in with the directory password: a session like any login, in the activity log', async () => {
    const res = await tryLogin('alice', 'alice-directory-pass');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ loginStatus: 'success', userInfo: { username: 'alice', authority: 'user' } });
    const c = new Client(w.app, res.json().token);
    expect((await c.get('/api/me/')).json().username).toBe('alice');
    const logged = await w.app.lab.db.selectFrom('activity').selectAll().where('action', '=', 'login').where('actor', '=', 'alice').execute();
    expect(logged.map((r) => r.detail)).toContain('ldap');
    expect((await c.json('POST', '/api/logout/', {})).statusCode).toBe(200);
    expect((await c.get('/api/me/')).statusCode).toBe(401);
    // the password of this site still logs in while the site allows it
    expect((await tryLogin('alice', 'member-password')).json().loginStatus).toBe('success');
  });

  it('refuses a wrong password and an unknown user', async () => {
    for (const password of ['bob-directory-pas', 'alice-directory-pass', ' ']) {
      const res = await tryLogin('bob', password);
      expect(res.json().loginStatus, password).toBe('fail');
      expect(res.json().token).toBeUndefined();
    }
    expect((await tryLogin('nobody', 'whatever-password')).json().loginStatus).toBe('notexist');
    // in the directory, but no member of this site
    for (const lang of ['en', 'zh'] as const) {
      const res = await tryLogin('carol', 'carol-directory-pass', lang);
      expect(res.json().token).toBeUndefined();
      expect(res.json().detail).toBe(detailText(lang, 'external_unknown'));
    }
  });

  it('never asks the directory for an administrator of this site: a directory password opens no administrator', async () => {
    // carol is in the directory; here she is also the site's administrator, with this site's password
    await newMember(w.admin, { username: 'carol', authority: 'admin' });
    const res = await tryLogin('carol', 'carol-directory-pass');
    expect(res.json().loginStatus).toBe('fail');
    expect(res.json().token).toBeUndefined();
    expect((await tryLogin('carol', 'member-password')).json().loginStatus).toBe('success');
  });

  it('refuses a username that tries to be filter or DN syntax', async () => {
    for (const username of ['b*', '*', 'bob)(uid=*', 'bo*)(|(uid=*', 'bob\\', 'uid=bob', 'bob,ou=people', `bob,${PEOPLE}`, 'b\u0000']) {
      const res = await tryLogin(username, 'bob-directory-pass');
      expect(res.statusCode, `${username}: ${res.body}`).toBeLessThan(500);
      expect(res.json().loginStatus, username).not.toBe('success');
      expect(res.json().token, username).toBeUndefined();
    }
    // and bob himself does log in: the refusals were of the usernames
    expect((await tryLogin('bob', 'bob-directory-pass')).json().loginStatus).toBe('success');
  });

  it('asks a member with two-factor login for the code after the directory password', async () => {
    const m = new Client(w.app, (await new Client(w.app).login('totp', 'member-password')).token);
    const { secret } = (await m.json('POST', '/api/two-factor/setup/', {})).json() as { secret: string };
    const codeAt = (offset: number) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });
    expect((await m.json('POST', '/api/two-factor/enable/', { code: codeAt(-1) })).statusCode).toBe(200);
    const first = await tryLogin('totp', 'totp-directory-pass');
    expect(first.json().loginStatus).toBe('code_required');
    expect(first.json().token).toBeUndefined();
    const done = await new Client(w.app).withCsrf('/api/login/code/', { challenge: first.json().challenge, code: codeAt(0) });
    expect(done.json().loginStatus, done.body).toBe('success');
    // the password logins before (the member made, the enrolment), and the directory login with its code
    const logged = await w.app.lab.db.selectFrom('activity').selectAll().where('action', '=', 'login').where('actor', '=', 'totp').orderBy('eid').execute();
    expect(logged.map((r) => r.detail)).toEqual(['', '', 'ldap']);
  });

  it('keeps working when the site turns members’ own passwords off', async () => {
    expect((await w.admin.send('PUT', '/api/site/', { member_passwords: 'false' })).statusCode).toBe(200);
    try {
      expect((await tryLogin('bob', 'bob-directory-pass')).json().loginStatus).toBe('success');
      const local = await tryLogin('bob', 'member-password');
      expect(local.statusCode).toBe(403);
      expect(local.json().detail).toBe(detailText('en', 'local_login_off'));
    } finally {
      await w.admin.send('PUT', '/api/site/', { member_passwords: 'true' });
    }
  });
});

describe('LDAP out of reach', () => {
  it('administrators still log in with their own password; a member hears that the directory cannot be reached', async () => {
    const t = await makeApp('sqlite', { LDAP_URL: 'ldap://127.0.0.1:1', LDAP_USER_DN: `uid={username},${PEOPLE}`, LDAP_TIMEOUT_MS: '2000' });
    try {
      expect((await new Client(t.app).login('admin', 'admin-password')).loginStatus).toBe('success');
      const res = await new Client(t.app).loginResponse('alice', 'alice-directory-pass');
      expect(res.statusCode).toBe(502);
      expect(res.json().detail).toBe(detailText('en', 'ldap_unavailable'));
    } finally {
      await t.close();
    }
  });
});

describe('a directory that accepts connections and never answers', () => {
  // what a hung campus directory looks like from here (slapd stopped with SIGSTOP answers the same way): the
  // connection opens, no LDAP answer ever comes
  const TIMEOUT_MS = 3_000;
  let hung: net.Server;
  const sockets = new Set<net.Socket>();
  let connections = 0;
  let w: World;
  beforeAll(async () => {
    hung = net.createServer((s) => {
      connections += 1;
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const url = `ldap://127.0.0.1:${(hung.address() as net.AddressInfo).port}`;
    w = await makeWorld('sqlite', {
      LDAP_URL: url,
      LDAP_BIND_DN: SERVICE.dn,
      LDAP_BIND_PASSWORD: SERVICE.password,
      LDAP_BASE: BASE,
      LDAP_TIMEOUT_MS: String(TIMEOUT_MS),
    });
  }, 60_000);
  afterAll(async () => {
    await w?.t.close();
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => hung?.close(resolve));
  });

  const timed = async (username: string, password: string, lang: 'en' | 'zh' = 'en') => {
    const c = new Client(w.app);
    c.lang = lang;
    const started = Date.now();
    const res = await c.loginResponse(username, password);
    return { res, ms: Date.now() - started };
  };

  it('lets an account with its own password of this site in at once, administrator or member', async () => {
    const before = connections;
    const admin = await timed('admin', 'admin-password');
    expect(admin.res.json().loginStatus).toBe('success');
    expect(admin.ms).toBeLessThan(1_000);
    const member = await timed(w.user.username, 'member-password');
    expect(member.res.json(), member.res.body).toMatchObject({ loginStatus: 'success', userInfo: { username: w.user.username } });
    expect(member.ms).toBeLessThan(1_000);
    // the directory was never asked: no connection was opened for these logins
    expect(connections).toBe(before);
  });

  it('tells a directory user, in their language, that the directory is not answering, within its timeout', async () => {
    for (const lang of ['en', 'zh'] as const) {
      // no account here, and a member whose password is not this site's (it may be the directory's)
      for (const [username, password] of [
        ['campus.only', 'campus-password'],
        [w.other.username, 'campus-password'],
      ] as const) {
        const { res, ms } = await timed(username, password, lang);
        expect(res.statusCode, res.body).toBe(502);
        expect(res.json().detail).toBe(detailText(lang, 'ldap_unavailable'));
        expect(res.json().token).toBeUndefined();
        expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
        expect(ms).toBeLessThan(TIMEOUT_MS + 1_500);
      }
    }
    expect(messages.ldap_unavailable.zh).toContain('没有应答');
  }, 30_000);
});

describe('LDAP escapes', () => {
  it('escapes filter values (RFC 4515) and DN values (RFC 4514)', () => {
    expect(escapeFilter('a*b(c)d\\e\u0000')).toBe('a\\2ab\\28c\\29d\\5ce\\00');
    expect(escapeFilter('张三.li-1')).toBe('张三.li-1');
    expect(escapeDn('a,b+c"d\\e<f>g;h=i')).toBe('a\\,b\\+c\\"d\\\\e\\<f\\>g\\;h\\=i');
    expect(escapeDn('#x ')).toBe('\\#x\\ ');
    expect(escapeDn(' lead')).toBe('\\ lead');
    // filled by a function: a replacement string would read `$&`, `$'` and `` $` `` as the match and what
    // surrounds it, and put the template's own syntax into the filter or DN
    const name = "a$&b$'c$`d";
    expect(withUsername('(&(objectClass=person)(uid={username}))', escapeFilter(name))).toBe("(&(objectClass=person)(uid=a$&b$'c$`d))");
    expect(withUsername('uid={username},ou=people', escapeDn(name))).toBe("uid=a$&b$'c$`d,ou=people");
  });
});
