import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailText, messages } from '../../common/messages.ts';
import { dialects } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { entriesOf, optionsOf, schemaOf } from '../helpers/archives.ts';
import { takeBackup } from '../../server/backup/backup.ts';
import { smtpServer, type TestSmtp } from '../helpers/smtp.ts';
import { CODE_TRIES } from '../../server/services/two-factor.ts';
import { makeWorld, newMember, type Member, type World } from '../fixtures/world.ts';

// Two-factor login: enrolment from the profile, a login in two steps (no session before
// the code), wrong and replayed codes refused, recovery codes used once, a trusted device that skips the code
// until a reset, the site setting that keeps an administrator without it out of the console API, and resets
// by another administrator and by `lab reset-2fa`.

const cli = path.join(import.meta.dirname, '..', '..', 'cli', 'lab.ts');
const STEP = 30;
/** The code of the time step `offset` steps from now. */
const codeAt = (secret: string, offset = 0) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offset * STEP });

type Raw = { statusCode: number; body: string; json: () => Record<string, unknown>; cookies: { name: string; value: string }[] };

describe.each(dialects)('two-factor login on %s', (dialect) => {
  let w: World;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await smtpServer();
    w = await makeWorld(dialect, { SMTP_URL: smtp.url, MAIL_FROM: 'Lab <lab@example.edu>' });
  });
  afterAll(async () => {
    await w?.t.close();
    await smtp?.close();
  });

  /** The login call as a browser makes it, with cookies of its own (a trusted device). */
  const loginCall = async (url: string, body: Record<string, unknown>, cookies: Record<string, string> = {}, lang: 'en' | 'zh' = 'en'): Promise<Raw> => {
    const csrf = await w.app.inject({ method: 'GET', url: '/api/csrf/' });
    const token = csrf.cookies.find((c) => c.name === 'csrftoken')?.value as string;
    const cookie = Object.entries({ csrftoken: token, ...cookies })
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
    return w.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', 'accept-language': lang, cookie, 'x-csrftoken': token },
      payload: JSON.stringify(body),
    }) as Promise<Raw>;
  };

  /** Enrols `m`: the secret and the recovery codes. The confirming code is of the previous step, so the current one is free. */
  async function enrol(m: Member): Promise<{ secret: string; recovery: string[] }> {
    const setup = await m.json('POST', '/api/two-factor/setup/', {});
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, uri, qr_svg } = setup.json() as { secret: string; uri: string; qr_svg: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // a wrong code does not enable it
    expect((await m.json('POST', '/api/two-factor/enable/', { code: '000000' === codeAt(secret) ? '111111' : '000000' })).statusCode).toBe(400);
    const enabled = await m.json('POST', '/api/two-factor/enable/', { code: codeAt(secret, -1) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const recovery = (enabled.json() as { recovery_codes: string[] }).recovery_codes;
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    expect((await m.get('/api/two-factor/')).json()).toMatchObject({ enabled: true, recovery_left: 10 });
    return { secret, recovery };
  }

  it('names the site in the authenticator: the lab’s name in the member’s language as issuer, issuer:username as label', async () => {
    const m = await newMember(w.admin);
    const before = (await w.admin.get('/api/site/')).json() as { lab_name_zh: string; lab_name_en: string };
    // a colon would end the issuer early in the label: none is kept; the rest is URI-encoded
    const names = { lab_name_zh: '机器人实验室 & 智能', lab_name_en: 'Robots: Lab & Co/2' };
    expect((await w.admin.json('PUT', '/api/site/', names)).statusCode).toBe(200);
    try {
      for (const [lang, issuer] of [
        ['en', 'Robots Lab & Co/2'],
        ['zh', '机器人实验室 & 智能'],
      ] as const) {
        m.lang = lang;
        const setup = await m.json('POST', '/api/two-factor/setup/', {});
        expect(setup.statusCode, setup.body).toBe(200);
        const uri = new URL((setup.json() as { uri: string }).uri);
        expect(uri.protocol).toBe('otpauth:');
        expect(uri.pathname).toBe(`/${encodeURIComponent(issuer)}:${encodeURIComponent(m.username)}`);
        expect(uri.searchParams.get('issuer')).toBe(issuer);
        expect(decodeURIComponent(uri.pathname.slice(1)).split(':')).toEqual([issuer, m.username]);
      }
    } finally {
      m.lang = 'en';
      await w.admin.json('PUT', '/api/site/', { lab_name_zh: before.lab_name_zh, lab_name_en: before.lab_name_en });
    }
  });

  it('enrols, then a login needs the code: no session before it, a wrong or replayed code refused', async () => {
    const m = await newMember(w.admin);
    const { secret } = await enrol(m);
    // the secret is in no answer about the person
    for (const url of [`/api/people/?uid=${m.uid}`, '/api/me/']) expect((await m.get(url)).body).not.toContain(secret);
    expect((await w.admin.get('/api/people/')).body).not.toContain(secret);
    expect((await w.admin.get('/api/activity/')).body).not.toContain(secret);

    const first = await loginCall('/api/login/', { username: m.username, password: 'member-password' });
    expect(first.statusCode).toBe(200);
    const answer = first.json();
    expect(answer.loginStatus).toBe('code_required');
    expect(answer.token).toBeUndefined();
    expect(first.cookies.find((c) => c.name === 'lab_session')).toBeUndefined();
    const challenge = String(answer.challenge);

    for (const lang of ['en', 'zh'] as const) {
      const wrong = await loginCall('/api/login/code/', { challenge, code: '12345x' }, {}, lang);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().detail).toBe(detailText(lang, 'two_factor_code_wrong'));
    }
    const code = codeAt(secret);
    const ok = await loginCall('/api/login/code/', { challenge, code });
    expect(ok.statusCode, ok.body).toBe(200);
    const session = ok.json() as { loginStatus: string; token: string };
    expect(session.loginStatus).toBe('success');
    const c = new Client(w.app);
    c.token = session.token;
    expect((await c.get('/api/me/')).statusCode).toBe(200);
    // the challenge is spent, and the same code is refused in a new login (replay within its window)
    expect((await loginCall('/api/login/code/', { challenge, code })).json().detail).toBe(detailText('en', 'two_factor_challenge'));
    const again = await loginCall('/api/login/', { username: m.username, password: 'member-password' });
    const replay = await loginCall('/api/login/code/', { challenge: String(again.json().challenge), code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().detail).toBe(detailText('en', 'two_factor_code_wrong'));
    // the SPEC call with the code in it completes in one step (the next step's code: the current one was taken)
    const oneCall = await loginCall('/api/login/', { username: m.username, password: 'member-password', code: codeAt(secret, 1) });
    expect(oneCall.json().loginStatus, oneCall.body).toBe('success');
    // a wrong password still says fail, with no hint of the second factor
    expect((await loginCall('/api/login/', { username: m.username, password: 'wrong-password' })).json()).toEqual({ loginStatus: 'fail' });
  });

  it('a challenge allows five tries, and members without two-factor log in as SPEC says', async () => {
    const m = await newMember(w.admin);
    expect((await new Client(w.app).login(m.username, 'member-password')).loginStatus).toBe('success');
    await enrol(m);
    const first = await loginCall('/api/login/', { username: m.username, password: 'member-password' });
    const challenge = String(first.json().challenge);
    for (let i = 0; i < 5; i++) expect((await loginCall('/api/login/code/', { challenge, code: '000001' })).statusCode).toBe(400);
    expect((await loginCall('/api/login/code/', { challenge, code: '000001' })).json().detail).toBe(detailText('en', 'two_factor_challenge'));
    expect((await loginCall('/api/login/code/', { challenge: 'x'.repeat(43), code: '123456' })).statusCode).toBe(400);
  });

  it('a recovery code works once', async () => {
    const m = await newMember(w.admin);
    const { recovery } = await enrol(m);
    const use = async (code: string) => {
      const first = await loginCall('/api/login/', { username: m.username, password: 'member-password' });
      return loginCall('/api/login/code/', { challenge: String(first.json().challenge), code });
    };
    const ok = await use(String(recovery[3]).toUpperCase());
    expect(ok.json().loginStatus, ok.body).toBe('success');
    expect((await use(String(recovery[3]))).statusCode).toBe(400);
    expect((await m.get('/api/two-factor/')).json()).toMatchObject({ recovery_left: 9 });
  });

  it('caps wrong codes per account: past ten in 15 minutes every code is refused unchecked, on every route, and the owner is told once', {
    timeout: 60_000,
  }, async () => {
    const email = `capped.${dialect}@example.edu`;
    const m = await newMember(w.admin, { email });
    const { secret } = await enrol(m);
    const wrong = codeAt(secret) === '000000' ? '111111' : '000000';
    // ten wrong codes at once, from as many clients (each its own cookies; the count is the account's)
    const guesses = await Promise.all(
      Array.from({ length: CODE_TRIES }, () => loginCall('/api/login/', { username: m.username, password: 'member-password', code: wrong })),
    );
    for (const res of guesses) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().detail).toBe(detailText('en', 'two_factor_code_wrong'));
    }
    // the slow-down of repeated attempts at one account is another guard (accounts.test.ts): out of the way here
    await w.app.lab.db.deleteFrom('counters').where('key', '=', `login-account:${m.username}`).execute();
    // the right code is not even checked now, in the login call and in a challenge, in the reader's language
    for (const lang of ['en', 'zh'] as const) {
      const right = await loginCall('/api/login/', { username: m.username, password: 'member-password', code: codeAt(secret) }, {}, lang);
      expect(right.statusCode, right.body).toBe(429);
      expect(right.json().detail).toBe(detailText(lang, 'rate_limited'));
    }
    const first = await loginCall('/api/login/', { username: m.username, password: 'member-password' });
    expect(first.json().loginStatus).toBe('code_required');
    const answered = await loginCall('/api/login/code/', { challenge: String(first.json().challenge), code: codeAt(secret) });
    expect(answered.statusCode, answered.body).toBe(429);
    // another account is not touched
    const other = await newMember(w.admin);
    const { secret: theirs } = await enrol(other);
    expect((await loginCall('/api/login/', { username: other.username, password: 'member-password', code: codeAt(theirs) })).json().loginStatus).toBe(
      'success',
    );
    // one mail to the owner for the window, however many refusals
    await w.app.lab.mailer.settled();
    const told = smtp.mails.filter((mail) => mail.to.includes(email));
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toMatch(/两步验证码错误次数过多.*too many wrong two-factor codes/);
    // the window over (its end moved to now), the right code works again and clears the count
    await w.app.lab.db.updateTable('counters').set({ reset_at: Date.now() }).where('key', '=', `two-factor-codes:${m.pid}`).execute();
    expect((await loginCall('/api/login/', { username: m.username, password: 'member-password', code: codeAt(secret, 1) })).json().loginStatus).toBe('success');
  });

  it('a trusted device skips the code for 30 days, until a reset or a new password', async () => {
    const m = await newMember(w.admin);
    const { secret } = await enrol(m);
    const first = await loginCall('/api/login/', { username: m.username, password: 'member-password' });
    const done = await loginCall('/api/login/code/', { challenge: String(first.json().challenge), code: codeAt(secret), trust_device: true });
    const trusted = done.cookies.find((c) => c.name === 'lab_trusted') as { value: string; httpOnly?: boolean; maxAge?: number } | undefined;
    expect(trusted?.httpOnly).toBe(true);
    expect(trusted?.maxAge).toBe(30 * 24 * 3600);
    const cookie = { lab_trusted: String(trusted?.value) };
    expect((await loginCall('/api/login/', { username: m.username, password: 'member-password' }, cookie)).json().loginStatus).toBe('success');
    // bound to the member: another enrolled member's login still asks
    const other = await newMember(w.admin);
    await enrol(other);
    expect((await loginCall('/api/login/', { username: other.username, password: 'member-password' }, cookie)).json().loginStatus).toBe('code_required');
    // a wrong password is a wrong password, trusted device or not
    expect((await loginCall('/api/login/', { username: m.username, password: 'not-the-password' }, cookie)).json().loginStatus).toBe('fail');
    // an administrator's reset forgets it
    expect((await w.admin.json('POST', `/api/people/two-factor-reset/?pid=${m.pid}`, {})).statusCode).toBe(200);
    const { secret: again } = await enrol(m);
    expect((await loginCall('/api/login/', { username: m.username, password: 'member-password' }, cookie)).json().loginStatus).toBe('code_required');
    // and a new password forgets a device trusted after that
    const first2 = await loginCall('/api/login/', { username: m.username, password: 'member-password' });
    const done2 = await loginCall('/api/login/code/', { challenge: String(first2.json().challenge), code: codeAt(again, 1), trust_device: true });
    const cookie2 = { lab_trusted: String(done2.cookies.find((c) => c.name === 'lab_trusted')?.value) };
    expect((await loginCall('/api/login/', { username: m.username, password: 'member-password' }, cookie2)).json().loginStatus).toBe('success');
    const changed = await m.send('PUT', `/api/people/?uid=${m.uid}`, {
      password: 'fresh-orchard-22',
      password2: 'fresh-orchard-22',
      old_password: 'member-password',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await loginCall('/api/login/', { username: m.username, password: 'fresh-orchard-22' }, cookie2)).json().loginStatus).toBe('code_required');
  });

  it('the site setting keeps an administrator without two-factor out of the console API until enrolled', async () => {
    const boss = await newMember(w.admin, { authority: 'admin' });
    const set = async (on: boolean) => {
      const r = await w.admin.send('PUT', '/api/site/', { require_admin_2fa: on ? 'true' : 'false' });
      expect(r.statusCode, r.body).toBe(200);
    };
    // the bootstrap administrator enrols first, so it keeps its way in
    await enrol(w.admin);
    await set(true);
    try {
      const fresh = await loginCall('/api/login/', { username: boss.username, password: 'member-password' });
      expect((fresh.json().userInfo as Record<string, unknown>).two_factor_missing).toBe(true);
      for (const lang of ['en', 'zh'] as const) {
        boss.lang = lang;
        const r = await boss.get('/api/people/');
        expect(r.statusCode).toBe(403);
        expect(r.json().detail).toBe(detailText(lang, 'two_factor_required'));
      }
      boss.lang = 'en';
      expect((await boss.get('/api/news/')).statusCode).toBe(403);
      expect((await boss.send('POST', '/api/news/', { title: 'x' })).statusCode).toBe(403);
      expect((await boss.get('/api/me/')).json()).toMatchObject({ two_factor_missing: true });
      expect((await boss.get('/api/two-factor/')).json()).toEqual({ enabled: false, required: true, recovery_left: 0 });
      // a member who is not an administrator is not held
      expect((await w.user.get(`/api/people/?uid=${w.user.uid}`)).statusCode).toBe(200);
      await enrol(boss);
      expect((await boss.get('/api/people/')).statusCode).toBe(200);
      expect((await boss.get('/api/me/')).json()).toMatchObject({ two_factor_missing: false });
    } finally {
      await set(false);
    }
  });

  it('an administrator resets another member’s two-factor (not their own), logged; so does lab reset-2fa', { timeout: 300_000 }, async () => {
    const m = await newMember(w.admin);
    // who has it on: administrators only; a member not enrolled has nothing to reset, and nothing is logged
    const enrolled = async () => (await w.admin.get('/api/people/two-factor/')).json().enrolled as number[];
    expect(await enrolled()).not.toContain(m.pid);
    expect((await m.get('/api/people/two-factor/')).statusCode).toBe(403);
    const before = (await w.admin.get('/api/activity/?limit=50')).body;
    for (const lang of ['en', 'zh'] as const) {
      w.admin.lang = lang;
      const none = await w.admin.json('POST', `/api/people/two-factor-reset/?pid=${m.pid}`, {});
      expect(none.statusCode).toBe(400);
      expect(none.json().detail).toBe(detailText(lang, 'two_factor_not_enrolled'));
    }
    w.admin.lang = 'en';
    expect((await w.admin.get('/api/activity/?limit=50')).body).toBe(before);
    await enrol(m);
    expect(await enrolled()).toContain(m.pid);
    expect((await m.json('POST', `/api/people/two-factor-reset/?pid=${m.pid}`, {})).statusCode).toBe(403);
    expect((await w.admin.json('POST', `/api/people/two-factor-reset/?pid=${w.admin.pid}`, {})).statusCode).toBe(400);
    expect((await w.admin.json('POST', '/api/people/two-factor-reset/?pid=999999', {})).statusCode).toBe(404);
    expect((await w.admin.json('POST', `/api/people/two-factor-reset/?pid=${m.pid}`, {})).statusCode).toBe(200);
    expect((await new Client(w.app).login(m.username, 'member-password')).loginStatus).toBe('success');
    expect(await enrolled()).not.toContain(m.pid);
    const log = (await w.admin.get('/api/activity/?limit=50')).body;
    expect(log).toContain('two_factor_enrol');
    expect(log).toContain('two_factor_reset');
    // turning it off oneself asks for the password
    await enrol(m);
    expect((await m.json('POST', '/api/two-factor/disable/', { password: 'not-mine-at-all' })).statusCode).toBe(400);
    expect((await m.json('POST', '/api/two-factor/disable/', { password: 'member-password' })).statusCode).toBe(200);
    expect((await w.admin.get('/api/activity/?limit=50')).body).toContain('two_factor_disable');
    if (dialect !== 'sqlite') return;
    await enrol(m);
    const r = spawnSync(process.execPath, [cli, 'reset-2fa', m.username], {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: w.t.dataDir, DATABASE_URL: '' },
      timeout: 30_000,
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Two-factor login of ${m.username} is reset`);
    expect((await new Client(w.app).login(m.username, 'member-password')).loginStatus).toBe('success');
    const unknown = spawnSync(process.execPath, [cli, 'reset-2fa', 'nobody-here'], {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: w.t.dataDir, DATABASE_URL: '' },
      timeout: 30_000,
    });
    expect(unknown.status).toBe(2);
  });

  it('a backup holds no TOTP seed and no recovery code: their table is in it, empty', async () => {
    const m = await newMember(w.admin);
    const { secret, recovery } = await enrol(m);
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-2fa-backup-'));
    try {
      const file = path.join(scratch, 'lab.tar.gz');
      await takeBackup(optionsOf(w.t, dialect, dialect === 'postgres' ? await schemaOf(w.t) : undefined), w.app.lab.storage, file);
      const entries = await entriesOf(file);
      const manifest = JSON.parse(String(entries.find((e) => e.name === 'manifest.json')?.data)) as { tables: { name: string; rows: number }[] };
      expect(manifest.tables.find((t) => t.name === 'two_factor')).toMatchObject({ rows: 0 });
      expect(manifest.tables.find((t) => t.name === 'person')?.rows).toBeGreaterThan(0);
      const all = Buffer.concat(entries.map((e) => e.data)).toString('utf8');
      expect(all).not.toContain(secret);
      for (const code of recovery) expect(all).not.toContain(createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex'));
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
});
