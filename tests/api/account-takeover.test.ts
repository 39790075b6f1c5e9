import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.ts';
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
