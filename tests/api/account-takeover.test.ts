import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailText, messages } from '../../common/messages.ts';
import { dialects } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { smtpServer, type TestSmtp } from '../helpers/smtp.ts';
import { makeWorld, newMember, unique, type World } from '../fixtures/world.ts';

// A stolen session does not take the account for good. With only a session token, changing
// one's own e-mail address and then asking for a password reset mailed the link to the thief. Now an address
// change asks for the current password (SPEC §5's save with `password` = `password2` = the current one still
// works), the old address is told, and no reset is mailed for a day after the change.

describe.each(dialects)('an e-mail change on %s', (dialect) => {
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

  const member = async () => {
    const n = unique();
    const email = `owner${n}.${dialect}@example.edu`;
    return Object.assign(await newMember(w.admin, { email }), { email });
  };
  const emailOf = async (pid: number) => (await w.app.lab.db.selectFrom('person').select('email').where('pid', '=', pid).executeTakeFirstOrThrow()).email;

  it('with only a session is refused in the reader’s language, and changes nothing', async () => {
    const m = await member();
    for (const lang of ['en', 'zh'] as const) {
      m.lang = lang;
      const res = await m.send('PUT', `/api/people/?uid=${m.uid}`, { email: 'mallory@evil.example' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ old_password: [messages.email_needs_password[lang]] });
    }
    // a wrong current password is no proof either
    m.lang = 'en';
    const wrong = await m.send('PUT', `/api/people/?uid=${m.uid}`, { email: 'mallory@evil.example', old_password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ old_password: [messages.old_password_wrong.en] });
    expect(await emailOf(m.pid)).toBe(m.email);
    // the rest of the profile saves as before, and the same address (in other letters' case) is no change
    const same = await m.send('PUT', `/api/people/?uid=${m.uid}`, { email: m.email.toUpperCase(), phone: '13800000000' });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('with SPEC’s profile save (password = password2 = the current one) or old_password is made, and the old address is told', async () => {
    const m = await member();
    const to = `new${unique()}.${dialect}@example.edu`;
    const res = await m.send('PUT', `/api/people/?uid=${m.uid}`, { email: to, password: 'member-password', password2: 'member-password' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await emailOf(m.pid)).toBe(to);
    const notice = await smtp.next(m.email);
    expect(notice.subject).toMatch(/邮箱已更改.*e-mail address was changed/);
    expect(notice.text).toContain(to);
    expect(notice.text).toContain('tell the lab administrator');
    // old_password alone proves it too
    const again = `again${unique()}.${dialect}@example.edu`;
    expect((await m.send('PUT', `/api/people/?uid=${m.uid}`, { email: again, old_password: 'member-password' })).statusCode).toBe(200);
    expect(await emailOf(m.pid)).toBe(again);
    expect((await smtp.next(to)).text).toContain(again);
    // the member's password still works: nothing else changed
    expect((await new Client(w.app).login(m.username, 'member-password')).loginStatus).toBe('success');
  });

  it('holds password resets for a day after it: no link reaches the new address', async () => {
    const m = await member();
    const to = `held${unique()}.${dialect}@example.edu`;
    expect((await m.send('PUT', `/api/people/?uid=${m.uid}`, { email: to, old_password: 'member-password' })).statusCode).toBe(200);
    await smtp.next(m.email);
    const asked = await new Client(w.app).withCsrf('/api/password-reset/request/', { login: m.username });
    expect(asked.statusCode, asked.body).toBe(200);
    await w.app.lab.mailer.settled();
    expect(smtp.mails.filter((mail) => mail.to.includes(to))).toEqual([]);
    const held = await w.app.lab.db.selectFrom('activity').selectAll().where('action', '=', 'reset_request').where('record', '=', String(m.pid)).execute();
    expect(held.map((r) => [r.outcome, r.detail])).toEqual([['refused', 'email_changed']]);
    // a day later the reset goes out again (the change's entry moved back by a day)
    await w.app.lab.db
      .updateTable('activity')
      .set({ at: new Date(Date.now() - 24 * 3600_000 - 1000).toISOString() })
      .where('action', '=', 'email')
      .where('record', '=', String(m.pid))
      .execute();
    expect((await new Client(w.app).withCsrf('/api/password-reset/request/', { login: m.username })).statusCode).toBe(200);
    expect((await smtp.next(to)).subject).toMatch(/reset your password/);
  });

  it('by an administrator for another member needs no password of theirs', async () => {
    const m = await member();
    const to = `byadmin${unique()}.${dialect}@example.edu`;
    const res = await w.admin.send('PUT', `/api/people/?pid=${m.pid}`, { email: to });
    expect(res.statusCode, res.body).toBe(200);
    expect(await emailOf(m.pid)).toBe(to);
  });
});

// Nor can a stolen session put a second factor of the thief's on the account (which would lock the owner out): starting
// an enrolment asks for the password, unless the session logged in within the last ten minutes (the administrator the
// site sends to enrolment right after the login). Turning it off asked for the password already.
describe.each(dialects)('starting a two-factor enrolment on %s', (dialect) => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld(dialect);
  });
  afterAll(async () => {
    await w?.t.close();
  });

  /** A member whose session logged in `minutes` ago. */
  const loggedInAgo = async (minutes: number) => {
    const m = await newMember(w.admin);
    await w.app.lab.db
      .updateTable('session')
      .set({ login_time: Math.floor(Date.now() / 1000) - minutes * 60 })
      .where('person_pid', '=', m.pid)
      .execute();
    return m;
  };
  const pending = async (pid: number) => (await w.app.lab.db.selectFrom('two_factor').select('person_pid').where('person_pid', '=', pid).execute()).length;

  it('with a session of eleven minutes and no password is refused in the reader’s language, and starts nothing', async () => {
    const m = await loggedInAgo(11);
    for (const lang of ['en', 'zh'] as const) {
      m.lang = lang;
      const res = await m.json('POST', '/api/two-factor/setup/', {});
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ detail: detailText(lang, 'two_factor_needs_password') });
    }
    m.lang = 'en';
    const wrong = await m.json('POST', '/api/two-factor/setup/', { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: detailText('en', 'old_password_wrong') });
    // SPEC-less clients that send no body at all get the same answer, not a 500
    const bare = await w.app.inject({ method: 'POST', url: '/api/two-factor/setup/', headers: { authorization: `Token ${m.token}` } });
    expect(bare.statusCode, bare.body).toBe(400);
    expect(await pending(m.pid)).toBe(0);
  });

  it('with the password starts it; right after a login it needs none', async () => {
    const old = await loggedInAgo(30);
    const res = await old.json('POST', '/api/two-factor/setup/', { password: 'member-password' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ secret: expect.stringMatching(/^[A-Z2-7]{16,}$/) });
    const fresh = await loggedInAgo(9);
    expect((await fresh.json('POST', '/api/two-factor/setup/', {})).statusCode).toBe(200);
    expect(await pending(old.pid)).toBe(1);
    expect(await pending(fresh.pid)).toBe(1);
  });

  it('counts wrong passwords: past five in 15 minutes it answers 429, even to the right one', async () => {
    const m = await loggedInAgo(20);
    for (let i = 0; i < 5; i++) expect((await m.json('POST', '/api/two-factor/setup/', { password: `wrong-${i}` })).statusCode).toBe(400);
    expect((await m.json('POST', '/api/two-factor/setup/', { password: 'member-password' })).statusCode).toBe(429);
    expect(await pending(m.pid)).toBe(0);
  });
});
