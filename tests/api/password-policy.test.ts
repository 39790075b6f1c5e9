import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.ts';
import { PASSWORD_MIN, passwordProblem } from '../../common/password-policy.ts';
import { dialects } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { createdId, fieldErrors, makeWorld, newMember, unique, type World } from '../fixtures/world.ts';

// The password policy: at least 10 characters, not a common (breached) password, not
// containing the username or the name; one rule module (common/password-policy.ts) for the console's live
// feedback and the server, which decides, in both languages; old passwords still log in.

describe('the rule module', () => {
  it('judges each rule, and lets good passwords through', () => {
    const owner = { username: 'zhang.san', names: ['张三', 'Zhang San'] };
    expect(passwordProblem('short-1', owner)).toBe('password_min');
    expect(passwordProblem('😀'.repeat(PASSWORD_MIN - 1), owner)).toBe('password_min');
    expect(passwordProblem('Password123', owner)).toBe('password_common');
    expect(passwordProblem('QWERTYUIOP', owner)).toBe('password_common');
    expect(passwordProblem('woaini1314', owner)).toBe('password_common');
    expect(passwordProblem('my-Zhang.San-pass', owner)).toBe('password_personal');
    expect(passwordProblem('ZHANGSAN-2026!', owner)).toBe('password_personal');
    expect(passwordProblem('我是张三的密码啊啊', { names: ['张三'] })).toBe('password_min');
    expect(passwordProblem('我是张三的密码啊啊啊啊', { names: ['张三'] })).toBe('password_personal');
    // names too short to judge by ("Li", "Wu") refuse nothing
    expect(passwordProblem('olive-tree-wulin', { username: 'li', names: ['Li', 'Wu'] })).toBeNull();
    expect(passwordProblem('correct horse battery', owner)).toBeNull();
    expect(passwordProblem('tea-at-four-o-clock', owner)).toBeNull();
  });

  it('stays linear on 200,000-character inputs of the worst shapes', () => {
    const long = { username: `${'a'.repeat(39)}`, names: ['a'.repeat(100_000), `${'ab'.repeat(50_000)}c`] };
    const inputs = [
      'a'.repeat(200_000),
      'ab'.repeat(100_000),
      `${'a'.repeat(199_999)}!`,
      '.'.repeat(200_000),
      '张'.repeat(200_000),
      '\u{1F600}'.repeat(100_000),
    ];
    for (const input of inputs) {
      const started = performance.now();
      passwordProblem(input, long);
      passwordProblem(input, { username: input, names: [input, input] });
      expect(performance.now() - started, input.slice(0, 10)).toBeLessThan(500);
    }
  });
});

describe.each(dialects)('the password policy on %s', (dialect) => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld(dialect);
  });
  afterAll(() => w?.t.close());

  const person = (password: string, extra: Record<string, string> = {}) => {
    const n = unique();
    return {
      uid: `PP${n}P${process.pid}`,
      username: `wang.wu${n}`,
      name_zh: '王五',
      name_en: 'Wang Wu',
      type: 'master',
      password,
      password2: password,
      ...extra,
    };
  };
  const both = async (send: () => Promise<{ statusCode: number; body: string }>, c: Client, key: keyof typeof messages) => {
    for (const lang of ['en', 'zh'] as const) {
      c.lang = lang;
      try {
        expect(fieldErrors(await send())).toEqual({ password: [messages[key][lang]] });
      } finally {
        c.lang = 'en';
      }
    }
  };

  it('refuses each rule when an administrator creates a member, in zh and en, and creates nobody', async () => {
    for (const [password, key] of [
      ['nine-char', 'password_min'],
      ['1q2w3e4r5t', 'password_common'],
      ['Wang-Wu-the-great', 'password_personal'],
      ['王五的新密码一二三四', 'password_personal'],
    ] as const) {
      const f = person(password);
      await both(() => w.admin.send('POST', '/api/people/', f), w.admin, key);
      expect((await new Client(w.app).login(f.username, password)).loginStatus).toBe('notexist');
    }
    // the username, whatever the name
    const f = person('x', { username: `qianliu${unique()}`, name_en: 'Qian Liu', name_zh: '钱六' });
    await both(() => w.admin.send('POST', '/api/people/', { ...f, password: `${f.username}!!`, password2: `${f.username}!!` }), w.admin, 'password_personal');
    const good = person('a quiet river at dawn');
    createdId(await w.admin.send('POST', '/api/people/', good));
    expect((await new Client(w.app).login(good.username, 'a quiet river at dawn')).loginStatus).toBe('success');
  });

  it('refuses each rule on the own profile (the stored username and name count), and a good change works', async () => {
    const m = await newMember(w.admin, { name_en: 'Sun Qiang' });
    const url = `/api/people/?uid=${m.uid}`;
    const change = (password: string) => () => m.send('PUT', url, { password, password2: password, old_password: 'member-password' });
    await both(change('short-one'), m, 'password_min');
    await both(change('basketball'), m, 'password_common');
    await both(change(`${m.username}-2026`), m, 'password_personal');
    await both(change('sunqiang-2026'), m, 'password_personal');
    expect((await new Client(w.app).login(m.username, 'member-password')).loginStatus).toBe('success');
    expect((await change('granite-lantern-49')()).statusCode).toBe(200);
    expect((await new Client(w.app).login(m.username, 'granite-lantern-49')).loginStatus).toBe('success');
  });

  it('answers a SPEC-shaped login and a weak password with 400s in the language asked, never a 500', async () => {
    // an old account keeps its short password: the policy judges new passwords only
    const m = await newMember(w.admin);
    await w.app.lab.db
      .updateTable('person')
      .set({ password_hash: await (await import('../../server/services/auth.ts')).hashPassword('old8char') })
      .where('pid', '=', m.pid)
      .execute();
    expect((await new Client(w.app).login(m.username, 'old8char')).loginStatus).toBe('success');
    const r = await w.admin.send('POST', '/api/people/', person('abc'));
    expect(r.statusCode).toBe(400);
  });

  it('refuses each rule when an invitation is taken', async () => {
    const n = unique();
    const f = { uid: `PI${n}P${process.pid}`, username: `zhao.liu${n}`, name_zh: '赵六', name_en: 'Zhao Liu', type: 'master' };
    const res = await w.admin.send('POST', '/api/people/', f);
    const token = new URL(String(res.headers['x-invitation-url'])).hash.slice(1);
    const anon = new Client(w.app);
    const accept = (password: string) => () => anon.withCsrf('/api/invitation/', { token, password, password2: password });
    await both(accept('too-short'), anon, 'password_min');
    await both(accept('1234567890'), anon, 'password_common');
    await both(accept('I am Zhao Liu!'), anon, 'password_personal');
    await both(accept('赵六的密码就是这个吧'), anon, 'password_personal');
    expect((await accept('maple-syrup-harbor')()).statusCode).toBe(200);
  });
});

describe('the lab CLI', () => {
  const cli = path.join(import.meta.dirname, '..', '..', 'cli', 'lab.ts');
  it('refuses a weak password in both languages and creates nobody', { timeout: 300_000 }, async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lab-policy-'));
    try {
      const run = (...args: string[]) =>
        spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, timeout: 120_000 });
      const base = ['create-user', '--username', 'chen.qi', '--uid', 'C1', '--name-zh', '陈七', '--name-en', 'Chen Qi'];
      const weak = run(...base, '--password', 'chen.qi.password');
      expect(weak.status).toBe(2);
      expect(weak.stderr).toContain(messages.password_personal.en);
      expect(weak.stderr).toContain(messages.password_personal.zh);
      expect(run(...base, '--password', 'a distant lighthouse').status).toBe(0);
      const reset = run('reset-password', '--username', 'chen.qi', '--password', 'password123');
      expect(reset.status).toBe(2);
      expect(reset.stderr).toContain(messages.password_common.en);
      expect(run('reset-password', '--username', 'chen.qi', '--password', 'another distant lighthouse').status).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
