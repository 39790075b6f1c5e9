import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailText, messages } from '../../common/messages.ts';
import { RESET_MAILS_PER_ACCOUNT } from '../../server/services/password-reset.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { Client, loginAs } from '../helpers/client.ts';
import { hangingServer, linkToken, smtpServer, type TestSmtp } from '../helpers/smtp.ts';
import { type TestCertificates, throwawayCertificates } from '../helpers/tls.ts';
import { asMember, createdId, makeWorld, newMember, unique, type World } from '../fixtures/world.ts';

// E-mail against a real SMTP server in the test process: the invitation and the
// password reset mails arrive in both languages, as text and HTML, and their links work once; a reset ask
// is answered alike whether or not an account matches; without SMTP_URL, or with a mail server that refuses
// or hangs, the features say so clearly and change nothing; one whose certificate Node.js does not trust (a
// campus authority) is logged with the TLS cause and the hint naming NODE_EXTRA_CA_CERTS, not `ESOCKET` alone.

const FROM = 'Lab <lab@example.edu>';
const mailEnv = (url: string, extra: Record<string, string> = {}) => ({ SMTP_URL: url, MAIL_FROM: FROM, ...extra });

describe.each(dialects)('e-mail on %s', (dialect) => {
  let smtp: TestSmtp;
  let w: World;
  const anon = () => new Client(w.app);
  beforeAll(async () => {
    smtp = await smtpServer();
    w = await makeWorld(dialect, mailEnv(smtp.url));
  });
  afterAll(async () => {
    await w?.t.close();
    await smtp?.close();
  });

  const ask = (login: string, c = anon()) => c.withCsrf('/api/password-reset/request/', { login });
  const reset = (token: string, password: string, c = anon()) => c.withCsrf('/api/password-reset/', { token, password, password2: password });
  const resetState = (token: string) => anon().get(`/api/password-reset/?token=${encodeURIComponent(token)}`);
  const withEmail = async () => {
    const n = unique();
    const email = `member${n}.${dialect}@example.edu`;
    const m = await newMember(w.admin, { email, name_zh: `张三${n}`, name_en: `Zhang San ${n}` });
    return Object.assign(m, { email });
  };

  it('mails an invitation in both languages, text and HTML; its link works once and matches the one shown', async () => {
    const n = unique();
    const email = `invitee${n}.${dialect}@example.edu`;
    const res = await w.admin.send('POST', '/api/people/', {
      uid: `ML${n}P${process.pid}`,
      username: `mail${n}x${process.pid % 1000}`,
      name_zh: '王五<b>',
      name_en: 'Wang & Wu',
      type: 'master',
      email,
    });
    const pid = createdId(res);
    const url = String(res.headers['x-invitation-url']);
    const token = new URL(url).hash.slice(1);
    const sent = await w.admin.json('POST', `/api/people/invitation/mail/?pid=${pid}`, { token });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toBe('success');
    const mail = await smtp.next(email);
    expect(mail.raw.from?.text).toContain('lab@example.edu');
    expect(mail.subject).toMatch(/请设置您的网站密码.*choose your password/);
    expect(linkToken(mail.text, '/invite')).toBe(token);
    expect(mail.text).toContain(url);
    expect(mail.text).toContain('王五<b>');
    expect(mail.text).toContain('有效期 7 天');
    expect(mail.text).toContain('valid for 7 days');
    // everything interpolated is escaped in the HTML
    expect(mail.html).toContain('王五&lt;b&gt;');
    expect(mail.html).toContain('Wang &amp; Wu');
    expect(mail.html).not.toContain('王五<b>');
    expect(mail.html).toContain(`href="${url}"`);
    // the link works once
    const taken = await anon().withCsrf('/api/invitation/', { token, password: 'mailed-password-1', password2: 'mailed-password-1' });
    expect(taken.statusCode, taken.body).toBe(200);
    const again = await anon().withCsrf('/api/invitation/', { token, password: 'mailed-password-2', password2: 'mailed-password-2' });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/already been used/i);
    // a used link is not mailed again, nor a link of someone else
    const used = await w.admin.json('POST', `/api/people/invitation/mail/?pid=${pid}`, { token });
    expect(used.statusCode).toBe(400);
    expect(used.json().detail).toMatch(/already been used/i);
    const activity = await w.app.lab.db.selectFrom('activity').selectAll().where('action', '=', 'mail').where('record', '=', String(pid)).execute();
    expect(activity).toHaveLength(1);
  });

  it('refuses to mail an invitation to a member without an address, or another member’s link, saying why', async () => {
    const n = unique();
    const res = await w.admin.send('POST', '/api/people/', {
      uid: `MN${n}P${process.pid}`,
      username: `noml${n}x${process.pid % 1000}`,
      name_zh: '赵六',
      name_en: 'Zhao Liu',
      type: 'master',
    });
    const pid = createdId(res);
    const token = new URL(String(res.headers['x-invitation-url'])).hash.slice(1);
    const none = await w.admin.json('POST', `/api/people/invitation/mail/?pid=${pid}`, { token });
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toMatch(/no e-mail address/i);
    const other = await withEmail();
    const wrong = await w.admin.json('POST', `/api/people/invitation/mail/?pid=${other.pid}`, { token });
    expect(wrong.statusCode).toBe(404);
    expect((await w.user.json('POST', `/api/people/invitation/mail/?pid=${pid}`, { token })).statusCode).toBe(403);
  });

  it('mails a reset link that works once, ends every session, and lets the member log in with the new password', async () => {
    const m = await withEmail();
    expect((await m.get('/api/me/')).statusCode).toBe(200);
    const asked = await ask(m.username);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().detail).toMatch(/If this username or e-mail address belongs to an account/i);
    const mail = await smtp.next(m.email);
    expect(mail.subject).toMatch(/重设密码.*reset your password/);
    expect(mail.text).toContain('有效期 1 小时');
    expect(mail.text).toContain('valid for 1 hour');
    expect(mail.html).toContain('/reset-password#');
    const token = linkToken(mail.text, '/reset-password');
    const stored = await w.app.lab.db.selectFrom('password_reset').selectAll().where('person_pid', '=', m.pid).execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
    const minutes = ((stored[0]?.expires_at ?? 0) - Date.now() / 1000) / 60;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
    expect((await resetState(token)).json()).toMatchObject({ state: 'open', username: m.username });

    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ password: ['at least 10 characters'] });
    // the policy with whom the link is for: a password holding the username is refused, in the reader's
    // language, and the link stays open
    const named = `${m.username}-2026-x`;
    const zhReader = anon();
    zhReader.lang = 'zh';
    for (const c of [anon(), zhReader]) {
      const refused = await reset(token, named, c);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(Object.keys(refused.json())).toEqual(['password']);
      expect(String(refused.json().password)).toMatch(c === zhReader ? /用户名/ : /username/);
    }
    expect((await resetState(token)).json().state).toBe('open');
    // a device trusted to skip the second factor is forgotten with the reset: whoever took the account had it too
    await w.app.lab.db
      .insertInto('trusted_device')
      .values({ token_hash: 'f'.repeat(64), person_pid: m.pid, expires_at: Math.floor(Date.now() / 1000) + 3600 })
      .execute();
    const done = await reset(token, 'reset-password-1');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().detail).toMatch(/log in with the new password/i);
    // every session ended; the old password no longer works, the new one does
    expect((await m.get('/api/me/')).statusCode).toBe(401);
    expect((await anon().login(m.username, 'member-password')).loginStatus).toBe('fail');
    expect((await anon().login(m.username, 'reset-password-1')).loginStatus).toBe('success');
    expect(await w.app.lab.db.selectFrom('trusted_device').selectAll().where('person_pid', '=', m.pid).execute()).toEqual([]);
    // once
    expect((await resetState(token)).json().state).toBe('used');
    const again = await reset(token, 'reset-password-2');
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/already been used/i);
    const zh = anon();
    zh.lang = 'zh';
    expect((await reset(token, 'reset-password-2', zh)).json().detail).toContain('已被使用');
    const log = await w.app.lab.db.selectFrom('activity').select(['action', 'detail', 'outcome']).where('record', '=', String(m.pid)).execute();
    expect(log).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'reset_request', detail: 'mail', outcome: 'ok' }),
        expect.objectContaining({ action: 'password', detail: 'reset' }),
      ]),
    );
  });

  it('finds the account by its e-mail address in any case', async () => {
    const m = await withEmail();
    expect((await ask(m.email.toUpperCase())).statusCode).toBe(200);
    const mail = await smtp.next(m.email);
    expect(mail.text).toContain(m.username);
  });

  it('answers an unknown account exactly as a known one, and sends nothing', async () => {
    const m = await withEmail();
    const before = smtp.mails.length;
    const known = await ask(m.username);
    const unknown = await ask(`nobody${unique()}`);
    const unknownMail = await ask(`nobody${unique()}@example.edu`);
    for (const r of [unknown, unknownMail]) {
      expect(r.statusCode).toBe(known.statusCode);
      expect(r.body).toBe(known.body);
      expect(r.headers['content-type']).toBe(known.headers['content-type']);
    }
    await w.app.lab.mailer.settled();
    expect(smtp.mails.length).toBe(before + 1);
    await smtp.next(m.email);
  });

  it('refuses an expired link, saying so in both languages, and changes nothing', async () => {
    const m = await withEmail();
    await ask(m.username);
    const token = linkToken((await smtp.next(m.email)).text, '/reset-password');
    // an hour later
    await w.app.lab.db
      .updateTable('password_reset')
      .set({ expires_at: Math.floor(Date.now() / 1000) - 1 })
      .where('person_pid', '=', m.pid)
      .execute();
    expect((await resetState(token)).json().state).toBe('expired');
    const late = await reset(token, 'too-late-password');
    expect(late.statusCode).toBe(400);
    expect(late.json().detail).toMatch(/expired \(it is valid for 1 hour\)/i);
    const zh = anon();
    zh.lang = 'zh';
    expect((await reset(token, 'too-late-password', zh)).json().detail).toContain('已过期');
    expect((await anon().login(m.username, 'too-late-password')).loginStatus).toBe('fail');
    expect((await m.get('/api/me/')).statusCode).toBe(200);
    expect((await resetState('x'.repeat(43))).statusCode).toBe(404);
  });

  it('limits the mails per account and the asks per address', async () => {
    // the earlier tests asked from this address too
    await w.app.lab.db.deleteFrom('counters').where('key', 'like', 'reset-address:%').execute();
    const m = await withEmail();
    for (let i = 0; i < RESET_MAILS_PER_ACCOUNT + 2; i++) expect((await ask(m.username)).statusCode).toBe(200);
    await w.app.lab.mailer.settled();
    expect(smtp.mails.filter((x) => x.to.includes(m.email))).toHaveLength(RESET_MAILS_PER_ACCOUNT);
    let last = await ask(`nobody${unique()}`);
    for (let i = 0; i < 20 && last.statusCode === 200; i++) last = await ask(`nobody${unique()}`);
    expect(last.statusCode).toBe(429);
    expect(last.json().detail).toMatch(/too many attempts/i);
    await w.app.lab.db.deleteFrom('counters').where('key', 'like', 'reset-address:%').execute();
  });

  it('mails the author of a scheduled item when it goes public, only while the site setting is on', async () => {
    const email = `author${unique()}.${dialect}@example.edu`;
    const author = await newMember(w.admin, { email, authority: 'admin', name_en: 'Author <One>' });
    const schedule = async (abstract: string) => {
      const at = new Date(Date.now() + 1500).toISOString();
      const id = createdId(await author.send('POST', '/api/news/', { abstract, release: 'true', publish_at: at }));
      const logged = async () =>
        (await w.app.lab.db.selectFrom('activity').select('eid').where('action', '=', 'publish').where('record', '=', String(id)).execute()).length;
      await expect.poll(logged, { timeout: 10_000, interval: 200 }).toBe(1);
      await w.app.lab.mailer.settled();
      return id;
    };
    // off by default
    expect((await w.admin.get('/api/site/')).json().notify_publish).toBe(false);
    await schedule(`Quiet news ${unique()}`);
    expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(0);

    expect((await w.admin.send('PUT', '/api/site/', { notify_publish: 'true' })).statusCode).toBe(200);
    expect((await w.admin.get('/api/site/')).json().notify_publish).toBe(true);
    const title = `Announced news ${unique()}`;
    const id = await schedule(title);
    const mail = await smtp.next(email);
    expect(mail.subject).toContain(title);
    expect(mail.text).toContain('已在预定时间发布');
    expect(mail.text).toContain('was published at its scheduled time');
    expect(mail.html).toContain('Author &lt;One&gt;');
    const sent = await w.app.lab.db
      .selectFrom('activity')
      .select(['detail'])
      .where('action', '=', 'mail')
      .where('resource', '=', 'news')
      .where('record', '=', String(id))
      .execute();
    expect(sent).toEqual([{ detail: 'published' }]);
    expect((await w.admin.send('PUT', '/api/site/', { notify_publish: 'false' })).statusCode).toBe(200);
  });

  it('refuses the CSRF-less ask', async () => {
    const r = await w.app.inject({
      method: 'POST',
      url: '/api/password-reset/request/',
      headers: { 'content-type': 'application/json' },
      payload: '{"login":"admin"}',
    });
    expect(r.statusCode).toBe(403);
  });
});

describe.each(dialects)('e-mail not set up, or failing, on %s', (dialect) => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await makeApp(dialect);
  });
  afterAll(() => plain?.close());

  it('says what is missing without SMTP_URL, in both languages, and issues nothing', async () => {
    const admin = await asMember(await loginAs(plain.app, 'admin', 'admin-password'));
    const m = await newMember(admin, { email: `x${unique()}@example.edu` });
    const c = new Client(plain.app);
    const r = await c.withCsrf('/api/password-reset/request/', { login: m.username });
    expect(r.statusCode).toBe(400);
    // a visitor is told to ask the administrator, not how the server is set up
    expect(r.json().detail).toBe(detailText('en', 'reset_mail_off'));
    expect(r.body).not.toMatch(/SMTP|MAIL_FROM|deploy/);
    c.lang = 'zh';
    expect((await c.withCsrf('/api/password-reset/request/', { login: m.username })).json().detail).toBe(detailText('zh', 'reset_mail_off'));
    const created = await admin.send('POST', '/api/people/', {
      uid: `NS${unique()}P${process.pid}`,
      username: `nosmtp${unique()}`,
      name_zh: '钱七',
      name_en: 'Qian Qi',
      type: 'master',
      email: 'q@example.edu',
    });
    const token = new URL(String(created.headers['x-invitation-url'])).hash.slice(1);
    const mailed = await admin.json('POST', `/api/people/invitation/mail/?pid=${createdId(created)}`, { token });
    expect(mailed.statusCode).toBe(400);
    expect(mailed.json().detail).toMatch(/SMTP_URL/i);
    await plain.app.lab.mailer.settled();
    expect(await plain.app.lab.db.selectFrom('password_reset').selectAll().execute()).toHaveLength(0);
  });

  for (const kind of ['refuses', 'hangs'] as const) {
    it(`reports a mail server that ${kind} clearly and changes nothing`, async () => {
      const server = kind === 'refuses' ? await smtpServer({ refuse: true }) : await hangingServer();
      const t = await makeApp(dialect, mailEnv(server.url, { SMTP_TIMEOUT_MS: '800' }));
      try {
        const admin = await asMember(await loginAs(t.app, 'admin', 'admin-password'));
        const created = await admin.send('POST', '/api/people/', {
          uid: `RF${unique()}P${process.pid}`,
          username: `refused${unique()}`,
          name_zh: '孙八',
          name_en: 'Sun Ba',
          type: 'master',
          email: 's@example.edu',
        });
        const pid = createdId(created);
        const token = new URL(String(created.headers['x-invitation-url'])).hash.slice(1);
        const started = Date.now();
        const mailed = await admin.json('POST', `/api/people/invitation/mail/?pid=${pid}`, { token });
        expect(Date.now() - started).toBeLessThan(5_000);
        expect(mailed.statusCode).toBe(502);
        expect(mailed.json().detail).toMatch(/the mail was not sent: the mail server refused it or did not answer in time/i);
        // the invitation is still open, and no mail was logged
        expect((await new Client(t.app).get(`/api/invitation/?token=${token}`)).json().state).toBe('open');
        expect(await t.app.lab.db.selectFrom('activity').selectAll().where('action', '=', 'mail').execute()).toHaveLength(0);

        const m = await newMember(admin, { email: `r${unique()}@example.edu` });
        const asked = await new Client(t.app).withCsrf('/api/password-reset/request/', { login: m.username });
        expect(asked.statusCode).toBe(200);
        await t.app.lab.mailer.settled();
        // a link nobody received is no link; the failure is in the activity log
        expect(await t.app.lab.db.selectFrom('password_reset').selectAll().execute()).toHaveLength(0);
        const log = await t.app.lab.db
          .selectFrom('activity')
          .select(['outcome', 'detail'])
          .where('action', '=', 'reset_request')
          .where('record', '=', String(m.pid))
          .execute();
        expect(log).toEqual([{ outcome: 'failed', detail: 'mail_failed' }]);
        expect((await new Client(t.app).login(m.username, 'member-password')).loginStatus).toBe('success');
      } finally {
        await t.close();
        await server.close();
      }
    });
  }
});

// The log is the database's business of neither dialect: one (SQLite) serves, as in tests/api/log-secrets.test.ts.
describe('a mail server whose certificate Node.js does not trust', () => {
  let certs: TestCertificates;
  beforeAll(() => {
    certs = throwawayCertificates();
  });
  afterAll(() => certs?.remove());

  const cases = [
    { how: 'STARTTLS, a self-signed certificate', tls: () => ({ ...certs.self }), code: 'DEPTH_ZERO_SELF_SIGNED_CERT' },
    { how: 'STARTTLS, a certificate of a campus authority', tls: () => ({ ...certs.leaf }), code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' },
    { how: 'TLS from the start (smtps), a self-signed certificate', tls: () => ({ ...certs.self, implicit: true }), code: 'DEPTH_ZERO_SELF_SIGNED_CERT' },
  ];
  for (const { how, tls, code } of cases) {
    it(`logs the TLS cause and NODE_EXTRA_CA_CERTS: ${how}`, async () => {
      const smtp = await smtpServer({ tls: tls() });
      let log = '';
      const stream = new PassThrough();
      stream.on('data', (d: Buffer) => {
        log += d.toString('utf8');
      });
      const t = await makeApp('sqlite', mailEnv(smtp.url, { SMTP_TIMEOUT_MS: '5000' }), { logger: { stream } });
      try {
        const admin = await asMember(await loginAs(t.app, 'admin', 'admin-password'));
        const created = await admin.send('POST', '/api/people/', {
          uid: `TL${unique()}P${process.pid}`,
          username: `tls${unique()}`,
          name_zh: '周九',
          name_en: 'Zhou Jiu',
          type: 'master',
          email: 'tls@example.edu',
        });
        const token = new URL(String(created.headers['x-invitation-url'])).hash.slice(1);
        const mailed = await admin.json('POST', `/api/people/invitation/mail/?pid=${createdId(created)}`, { token });
        expect(mailed.statusCode).toBe(502);
        expect(smtp.mails).toHaveLength(0);
        const failed = log
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Record<string, unknown>)
          .filter((l) => l.msg === 'a mail could not be sent');
        expect(failed, log).toHaveLength(1);
        expect(failed[0]).toMatchObject({ code: 'ESOCKET', tls: code });
        expect(failed[0]?.hint).toMatch(/NODE_EXTRA_CA_CERTS=\/path\/to\/campus-ca\.pem/);
      } finally {
        await t.close();
        await smtp.close();
      }
    });
  }
});
