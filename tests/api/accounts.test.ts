import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { makeWorld, newMember, type World } from '../fixtures/world.ts';

// Accounts that are not lab members: the administrator made from LAB_ADMIN_USERNAME (type
// "other", current) is on no public list or read until an administrator gives it a member type; a
// former member of type "other" (a visiting student) stays on the former list.

describe.each(dialects)('accounts that are not members on %s', (dialect) => {
  let w: World;
  const anon = () => new Client(w.app);
  const publicUsernames = async (url: string) => ((await anon().get(url)).json() as { username: string }[]).map((p) => p.username);

  beforeAll(async () => {
    w = await makeWorld(dialect);
  });
  afterAll(() => w?.t.close());

  it('keeps the bootstrap administrator off the public people reads', async () => {
    expect(await publicUsernames('/api/read_people/')).not.toContain('admin');
    expect(await publicUsernames('/api/read_people/?onlylist=1')).not.toContain('admin');
    expect((await anon().get('/api/read_people/?username=admin')).statusCode).toBe(404);
    // members are there, and the console still lists everyone
    expect(await publicUsernames('/api/read_people/')).toContain(w.user.username);
    expect(((await w.admin.get('/api/people/')).json() as { username: string }[]).map((p) => p.username)).toContain('admin');
  });

  it('lists a former visiting member of type "other", and the administrator once given a member type', async () => {
    const visitor = await newMember(w.admin, { type: 'other', status: 'false', name_en: 'Visiting Student' });
    expect(await publicUsernames('/api/read_people/')).toContain(visitor.username);
    const hidden = await newMember(w.admin, { type: 'other', name_en: 'Guest account' });
    expect(await publicUsernames('/api/read_people/')).not.toContain(hidden.username);
    const res = await w.admin.send('PUT', `/api/people/?pid=${w.admin.pid}`, { type: 'professor', name_en: 'Prof. Admin', name_zh: '管理员教授' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await publicUsernames('/api/read_people/')).toContain('admin');
    expect((await anon().get('/api/read_people/?username=admin')).statusCode).toBe(200);
  });
});

describe.each(dialects)('failed logins of one account on %s', (dialect) => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld(dialect);
  });
  afterAll(() => w?.t.close());

  const attempt = async (username: string, password: string) => {
    const started = Date.now();
    const status = (await new Client(w.app).login(username, password)).loginStatus;
    return { status, ms: Date.now() - started };
  };

  it('slow down every attempt at that account, never lock it, and leave other accounts alone', async () => {
    const victim = await newMember(w.admin, { password: 'victim-password-1', password2: 'victim-password-1' });
    for (let i = 0; i < 6; i++) expect((await attempt(victim.username, 'wrong-guess')).status).toBe('fail');
    // six failures: the next attempt waits 2 s first, and the right password still works
    const slowed = await attempt(victim.username, 'victim-password-1');
    expect(slowed.status).toBe('success');
    expect(slowed.ms).toBeGreaterThanOrEqual(1_900);
    // the success cleared the count
    const after = await attempt(victim.username, 'victim-password-1');
    expect(after.status).toBe('success');
    expect(after.ms).toBeLessThan(slowed.ms - 1_000);
    // names that do not exist are counted alike (no difference tells them apart)
    for (let i = 0; i < 6; i++) await attempt('nobody-by-this-name', 'x');
    expect((await attempt('nobody-by-this-name', 'x')).ms).toBeGreaterThanOrEqual(1_900);
  }, 60_000);

  it('slow down parallel attempts too: each is counted before it waits', async () => {
    const victim = await newMember(w.admin, { password: 'victim-password-2', password2: 'victim-password-2' });
    const answers = await Promise.all(
      Array.from({ length: 9 }, async (_, i) => {
        const started = Date.now();
        const res = await new Client(w.app).loginResponse(victim.username, `wrong-guess-${i}`);
        return { status: res.statusCode, ms: Date.now() - started };
      }),
    );
    // all nine saw a count of 0 and none waited, before: now the later ones wait their turn (or are refused)
    const slowest = Math.max(...answers.map((a) => a.ms));
    expect(slowest >= 2_000 || answers.some((a) => a.status === 429), JSON.stringify(answers)).toBe(true);
    expect((await attempt(victim.username, 'victim-password-2')).status).toBe('success');
  }, 60_000);
});
