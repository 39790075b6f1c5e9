import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../helpers/app.ts';
import { Client, loginAs, type Part } from '../helpers/client.ts';
import { png } from '../fixtures/images.ts';
import { asMember, createdId, fieldErrors, makeWorld, type Member, newMember, unique, type World } from '../fixtures/world.ts';

// People management (administrators, ?pid=) and one's own profile (?uid=): SPEC §4, §5 and DESIGN's
// "Updates", "Who may do what" and "Public reads".

function personFields(overrides: Record<string, Part> = {}): Record<string, Part> {
  const n = unique();
  return {
    uid: `P${n}Q${process.pid}`,
    username: `person${n}q${process.pid % 1000}`,
    name_zh: `人员${n}`,
    name_en: `Person ${n}`,
    password: 'long-enough-1',
    password2: 'long-enough-1',
    type: 'PhD',
    ...overrides,
  };
}

describe.each(dialects)('people on %s', (dialect) => {
  let w: World;
  let admin: Member;
  beforeAll(async () => {
    w = await makeWorld(dialect);
    admin = w.admin;
  });
  afterAll(() => w.t.close());

  const byPid = async (pid: number) => {
    const r = await admin.get(`/api/people/?pid=${pid}`);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(Array.isArray(body), 'GET ?pid= is one object').toBe(false);
    return body as Record<string, unknown>;
  };

  describe('required fields and SPEC §5 password rules', () => {
    it.each(['uid', 'username', 'name_zh', 'name_en'])('requires %s ("required" / "必填")', async (field) => {
      for (const [lang, text] of [
        ['en', 'required'],
        ['zh', '必填'],
      ] as const) {
        admin.lang = lang;
        try {
          const f = personFields();
          delete f[field];
          expect(fieldErrors(await admin.send('POST', '/api/people/', f))).toEqual({ [field]: [text] });
        } finally {
          admin.lang = 'en';
        }
      }
    });

    it('refuses a password under 10 characters, in both languages', async () => {
      const f = personFields({ password: 'ninechar9', password2: 'ninechar9' });
      expect(fieldErrors(await admin.send('POST', '/api/people/', f))).toEqual({ password: ['at least 10 characters'] });
      admin.lang = 'zh';
      try {
        expect(fieldErrors(await admin.send('POST', '/api/people/', f))).toEqual({ password: ['密码至少需要 10 个字符'] });
      } finally {
        admin.lang = 'en';
      }
      expect((await new Client(w.app).login(String(f.username), 'ninechar9')).loginStatus).toBe('notexist');
    });

    it('refuses a confirmation that differs, in both languages', async () => {
      const f = personFields({ password: 'password-one', password2: 'password-two' });
      expect(fieldErrors(await admin.send('POST', '/api/people/', f))).toEqual({ password2: ['the two passwords must match'] });
      admin.lang = 'zh';
      try {
        expect(fieldErrors(await admin.send('POST', '/api/people/', f))).toEqual({ password2: ['两次密码输入需保持一致'] });
      } finally {
        admin.lang = 'en';
      }
    });

    it('accepts exactly 10 characters, and the person logs in with them', async () => {
      const f = personFields({ password: 'ten-chars0', password2: 'ten-chars0' });
      createdId(await admin.send('POST', '/api/people/', f));
      expect((await new Client(w.app).login(String(f.username), 'ten-chars0')).loginStatus).toBe('success');
    });

    it('applies the same rules on the own profile, and a valid change takes effect', async () => {
      const m = await newMember(admin);
      const url = `/api/people/?uid=${m.uid}`;
      expect(fieldErrors(await m.send('PUT', url, { password: 'short', password2: 'short' }))).toEqual({ password: ['at least 10 characters'] });
      expect(fieldErrors(await m.send('PUT', url, { password: 'new-password-1', password2: 'new-password-2' }))).toEqual({
        password2: ['the two passwords must match'],
      });
      // an empty password on update leaves it as it is
      expect((await m.send('PUT', url, { name_en: 'Same Password', password: '', password2: '' })).statusCode).toBe(200);
      expect((await new Client(w.app).login(m.username, 'member-password')).loginStatus).toBe('success');
      const elsewhere = await loginAs(w.app, m.username, 'member-password');
      expect((await m.send('PUT', url, { password: 'new-password-1', password2: 'new-password-1', old_password: 'member-password' })).statusCode).toBe(200);
      expect((await new Client(w.app).login(m.username, 'member-password')).loginStatus).toBe('fail');
      expect((await new Client(w.app).login(m.username, 'new-password-1')).loginStatus).toBe('success');
      // the session that changed it stays; other sessions of that person end
      expect((await m.get('/api/me/')).statusCode).toBe(200);
      expect((await elsewhere.get('/api/me/')).statusCode).toBe(401);
    });
  });

  describe('unique username and uid', () => {
    it('answers 400 with a field error, never 500, on create and on update', async () => {
      const taken = personFields();
      createdId(await admin.send('POST', '/api/people/', taken));
      const dupName = await admin.send('POST', '/api/people/', personFields({ username: taken.username as string }));
      expect(fieldErrors(dupName)).toEqual({ username: ['this username is taken'] });
      const dupUid = await admin.send('POST', '/api/people/', personFields({ uid: taken.uid as string }));
      expect(fieldErrors(dupUid)).toEqual({ uid: ['this ID is taken'] });
      const m = await newMember(admin);
      expect(fieldErrors(await admin.send('PUT', `/api/people/?pid=${m.pid}`, { username: taken.username as string }))).toEqual({
        username: ['this username is taken'],
      });
      expect(fieldErrors(await admin.send('PUT', `/api/people/?pid=${m.pid}`, { uid: taken.uid as string }))).toEqual({ uid: ['this ID is taken'] });
      expect((await byPid(m.pid)).username).toBe(m.username);
      // keeping one's own username is not a clash
      expect((await admin.send('PUT', `/api/people/?pid=${m.pid}`, { username: m.username, uid: m.uid })).statusCode).toBe(200);
    });

    it('refuses reserved and malformed usernames', async () => {
      expect(Object.keys(fieldErrors(await admin.send('POST', '/api/people/', personFields({ username: 'api' }))))).toEqual(['username']);
      expect(Object.keys(fieldErrors(await admin.send('POST', '/api/people/', personFields({ username: '../etc' }))))).toEqual(['username']);
    });
  });

  describe('the link rule of SPEC §5', () => {
    it('sets link to link3 for link_type 3 and to /people/{username} otherwise', async () => {
      const f = personFields({ link_type: 3, link3: 'https://scholar.example.org/me', link: 'https://ignored.example' });
      const pid = createdId(await admin.send('POST', '/api/people/', f));
      expect(await byPid(pid)).toMatchObject({ link_type: 3, link3: 'https://scholar.example.org/me', link: 'https://scholar.example.org/me' });

      expect((await admin.send('PUT', `/api/people/?pid=${pid}`, { link_type: 1, link: 'https://evil.example/' })).statusCode).toBe(200);
      expect(await byPid(pid)).toMatchObject({ link_type: 1, link: `/people/${f.username}` });

      const renamed = `renamed${unique()}`;
      expect((await admin.send('PUT', `/api/people/?pid=${pid}`, { username: renamed })).statusCode).toBe(200);
      expect((await byPid(pid)).link).toBe(`/people/${renamed}`);

      const pid2 = createdId(await admin.send('POST', '/api/people/', personFields({ link_type: 0 })));
      const p2 = await byPid(pid2);
      expect(p2.link).toBe(`/people/${p2.username}`);
    });

    it('requires link3 when link_type is 3', async () => {
      expect(fieldErrors(await admin.send('POST', '/api/people/', personFields({ link_type: 3 })))).toEqual({ link3: ['required'] });
      const m = await newMember(admin);
      expect(fieldErrors(await m.send('PUT', `/api/people/?uid=${m.uid}`, { link_type: 3 }))).toEqual({ link3: ['required'] });
    });

    it('applies on the own profile too', async () => {
      const m = await newMember(admin);
      const url = `/api/people/?uid=${m.uid}`;
      expect((await m.send('PUT', url, { link_type: 3, link3: 'https://home.example.org/', link: '/elsewhere' })).statusCode).toBe(200);
      expect((await m.get(url)).json()).toMatchObject({ link: 'https://home.example.org/', link_type: 3 });
      expect((await m.send('PUT', url, { link_type: 2, link: 'https://home.example.org/' })).statusCode).toBe(200);
      expect((await m.get(url)).json()).toMatchObject({ link: `/people/${m.username}`, link_type: 2 });
    });
  });

  it('switches a person between in-group and former with a single-field update', async () => {
    const m = await newMember(admin, { description_en: 'Keeps this' });
    const before = await byPid(m.pid);
    expect(before.status).toBe(true);
    expect((await admin.send('PUT', `/api/people/?pid=${m.pid}`, { status: 'false' })).json()).toBe('success');
    const former = await byPid(m.pid);
    expect(former.status).toBe(false);
    expect({ ...former, status: true }).toEqual(before);
    const pub = (await new Client(w.app).get(`/api/read_people/?username=${m.username}`)).json();
    expect(pub.status).toBe(false);
    const light = (await new Client(w.app).get('/api/read_people/?onlylist=1')).json() as Record<string, unknown>[];
    expect(light.find((p) => p.pid === m.pid)?.status).toBe(false);
    expect((await admin.send('PUT', `/api/people/?pid=${m.pid}`, { status: 'true' })).statusCode).toBe(200);
    expect(await byPid(m.pid)).toEqual(before);
  });

  describe('own profile (?uid=)', () => {
    it('ignores authority, username and uid sent by the member', async () => {
      const m = await newMember(admin);
      const url = `/api/people/?uid=${m.uid}`;
      const r = await m.send('PUT', url, { authority: 'admin', username: 'takeover', uid: 'TAKEOVER', name_en: 'New English Name', type: 'postdoc' });
      expect(r.statusCode, r.body).toBe(200);
      const me = (await m.get(url)).json();
      expect(me).toMatchObject({ authority: 'user', username: m.username, uid: m.uid, name_en: 'New English Name', type: 'postdoc', type_num: 4 });
      expect((await m.get('/api/people/')).statusCode).toBe(403);
      expect((await new Client(w.app).login('takeover', 'member-password')).loginStatus).toBe('notexist');
    });

    it('cannot read or change another person’s profile', async () => {
      const m = await newMember(admin);
      const victim = await newMember(admin, { name_en: 'Victim Name' });
      expect((await m.get(`/api/people/?uid=${victim.uid}`)).statusCode).toBe(403);
      const r = await m.send('PUT', `/api/people/?uid=${victim.uid}`, { name_en: 'Defaced', password: 'new-password-9', password2: 'new-password-9' });
      expect(r.statusCode).toBe(403);
      // nor through ?pid= next to one's own uid
      expect((await m.send('PUT', `/api/people/?uid=${m.uid}&pid=${victim.pid}`, { name_en: 'Defaced' })).statusCode).toBe(403);
      expect((await byPid(victim.pid)).name_en).toBe('Victim Name');
      expect((await new Client(w.app).login(victim.username, 'member-password')).loginStatus).toBe('success');
      // an administrator, too, edits others through people management, not their profile
      expect((await admin.send('PUT', `/api/people/?uid=${victim.uid}`, { name_en: 'Defaced' })).statusCode).toBe(403);
      expect((await m.get('/api/people/?uid=NO-SUCH-UID')).statusCode).toBe(404);
    });

    it('reads the own profile with SPEC §3 fields and no password hash', async () => {
      const m = await newMember(admin, { phone: '+86 10 1234 5678' });
      const r = await m.get(`/api/people/?uid=${m.uid}`);
      expect(r.statusCode).toBe(200);
      const me = r.json();
      expect(me).toMatchObject({ pid: m.pid, uid: m.uid, username: m.username, phone: '+86 10 1234 5678', status: true, authority: 'user' });
      expect(typeof me.pid).toBe('number');
      expect(me).not.toHaveProperty('password_hash');
      expect(me).not.toHaveProperty('password');
      expect(r.body).not.toContain('$argon2');
    });
  });

  describe('SPEC §7 profile saves (every save sends the current password)', () => {
    /** The profile form of SPEC §2 as a SPEC client sends it: every field, the password twice (the current one), plus link, type_num and area_num. */
    const specForm = (m: Member, password: string, changes: Record<string, Part>): Record<string, Part> => ({
      uid: m.uid,
      username: m.username,
      name_zh: m.name_zh,
      name_en: 'Spec Client',
      password,
      password2: password,
      email: 'spec@example.org',
      phone: '010-1234',
      location_zh: '主楼',
      location_en: 'Main building',
      description_zh: '简介',
      description_en: 'About me',
      type: 'master',
      type_num: 6,
      entrance: 2024,
      area: 'none',
      area_num: 0,
      authority: 'user',
      link_type: 0,
      link1: '',
      link2: '',
      link3: '',
      link: `/people/${m.username}`,
      ...changes,
    });
    const own = async (m: Member) => (await m.get(`/api/people/?uid=${m.uid}`)).json() as Record<string, unknown>;

    it.each(['multipart', 'json'] as const)('saves location, introduction, page and avatar sent as %s with the current password', async (encoding) => {
      const m = await newMember(admin);
      const elsewhere = await loginAs(w.app, m.username, 'member-password');
      const url = `/api/people/?uid=${m.uid}`;
      const put = (fields: Record<string, Part>) => (encoding === 'json' ? m.json('PUT', url, fields) : m.send('PUT', url, fields));
      const saves: [Record<string, Part>, Record<string, unknown>][] = [
        [{ location_en: `Room ${encoding}` }, { location_en: `Room ${encoding}` }],
        [{ description_en: `Intro ${encoding}` }, { description_en: `Intro ${encoding}` }],
        [
          { link_type: 1, link1: `# Page ${encoding}` },
          { link_type: 1, link1: `# Page ${encoding}` },
        ],
      ];
      if (encoding === 'multipart') {
        saves.push([{ portrait_url: { file: await png(700, 700), name: 'me.png', type: 'image/png' } }, {}]);
      }
      for (const [changes, expected] of saves) {
        const before = await own(m);
        const r = await put(specForm(m, 'member-password', changes));
        expect(r.statusCode, r.body).toBe(200);
        const after = await own(m);
        expect(after).toMatchObject(expected);
        if ('portrait_url' in changes) expect(after.portrait_url).not.toBe(before.portrait_url);
      }
      // the password is as it was, and no session ended: the same password is no change
      expect((await new Client(w.app).login(m.username, 'member-password')).loginStatus).toBe('success');
      expect((await elsewhere.get('/api/me/')).statusCode).toBe(200);
      // a different password is a change: it asks for old_password, and nothing is saved
      expect(fieldErrors(await put(specForm(m, 'another-password', { location_en: 'Not saved' })))).toEqual({ old_password: ['required'] });
      expect((await own(m)).location_en).toBe('Main building');
      expect((await new Client(w.app).login(m.username, 'another-password')).loginStatus).toBe('fail');
    });

    it('counts a save with another password as a guess of the current one', async () => {
      const m = await newMember(admin);
      const url = `/api/people/?uid=${m.uid}`;
      for (let i = 0; i < 5; i++) expect((await m.json('PUT', url, specForm(m, `guess-${i}-password`, {}))).statusCode).toBe(400);
      // the sixth try waits its window, even with the right password: the answer tells nothing
      expect((await m.json('PUT', url, specForm(m, 'member-password', { location_en: 'Late' }))).statusCode).toBe(429);
      expect((await own(m)).location_en).not.toBe('Late');
    });

    it('a member who must replace an initial password is still refused when sending it again', async () => {
      const m = await newMember(admin);
      // as after an administrator's reset: the password they know must be replaced
      await w.app.lab.db.updateTable('person').set({ must_change_password: 1 }).where('pid', '=', m.pid).execute();
      const url = `/api/people/?uid=${m.uid}`;
      const r = await m.send('PUT', url, specForm(m, 'member-password', { location_en: 'Not yet' }));
      expect(Object.keys(fieldErrors(r))).toEqual(['password']);
      expect((await own(m)).location_en).not.toBe('Not yet');
      expect((await m.get('/api/me/')).json().must_change_password).toBe(true);
    });
  });

  describe('no initial password derived from the name (SPEC §9, departed from)', () => {
    it.each([
      ['李四', 'Li Si', 'lisi0000'],
      ['张三', 'Zhang San', 'zhangsan'],
      ['欧阳娜娜', 'Ouyang Nana', 'ouyangnana'],
    ])('creates %s without a password: %s logs nobody in, the invitation does', async (name_zh, name_en, pinyin) => {
      const f = personFields({ name_zh, name_en });
      delete f.password;
      delete f.password2;
      const res = await admin.send('POST', '/api/people/', f);
      createdId(res);
      expect(await new Client(w.app).login(String(f.username), pinyin)).toEqual({ loginStatus: 'fail', needs_invitation: true });
      const token = new URL(String(res.headers['x-invitation-url'])).hash.slice(1);
      const taken = await new Client(w.app).withCsrf('/api/invitation/', { token, password: 'my-own-password', password2: 'my-own-password' });
      expect(taken.statusCode, taken.body).toBe(200);
      const c = await asMember(await loginAs(w.app, String(f.username), 'my-own-password'));
      expect((await c.get('/api/me/')).json().must_change_password).toBe(false);
    });
  });

  describe('administrators', () => {
    it('keeps the last administrator: no demotion, no deletion', async () => {
      const list = (await admin.get('/api/people/')).json() as Record<string, unknown>[];
      expect(list.filter((p) => p.authority === 'admin').map((p) => p.pid)).toEqual([admin.pid]);
      const demote = await admin.send('PUT', `/api/people/?pid=${admin.pid}`, { authority: 'user' });
      expect(fieldErrors(demote)).toEqual({ authority: ['the last administrator cannot be removed'] });
      expect((await admin.delete(`/api/people/?pid=${admin.pid}`)).statusCode).toBe(400);
      expect((await byPid(admin.pid)).authority).toBe('admin');

      // with a second administrator, one may step down, and the change applies at once
      const second = await newMember(admin, { authority: 'admin' });
      expect((await second.get('/api/people/')).statusCode).toBe(200);
      expect((await second.send('PUT', `/api/people/?pid=${second.pid}`, { authority: 'user' })).statusCode).toBe(200);
      expect((await second.get('/api/people/')).statusCode).toBe(403);
      // and then the first is the last again
      expect(fieldErrors(await admin.send('PUT', `/api/people/?pid=${admin.pid}`, { authority: 'user' }))).toEqual({
        authority: ['the last administrator cannot be removed'],
      });

      // an administrator may delete another administrator, never the last one
      const third = await newMember(admin, { authority: 'admin' });
      expect((await third.delete(`/api/people/?pid=${admin.pid}`)).statusCode).toBe(200);
      expect((await admin.get('/api/me/')).statusCode).toBe(401);
      expect((await third.delete(`/api/people/?pid=${third.pid}`)).statusCode).toBe(400);
      expect(fieldErrors(await third.send('PUT', `/api/people/?pid=${third.pid}`, { authority: 'user' }))).toEqual({
        authority: ['the last administrator cannot be removed'],
      });
      // restore the world's administrator for the tests that follow
      w.admin = third;
      admin = third;
    });

    it('deleting a person ends their sessions', async () => {
      const m = await newMember(admin);
      expect((await m.get('/api/me/')).statusCode).toBe(200);
      expect((await admin.delete(`/api/people/?pid=${m.pid}`)).json()).toBe('success');
      expect((await m.get('/api/me/')).statusCode).toBe(401);
      expect((await admin.get(`/api/people/?pid=${m.pid}`)).statusCode).toBe(404);
      expect((await admin.delete(`/api/people/?pid=${m.pid}`)).statusCode).toBe(404);
    });
  });

  describe('public reads', () => {
    const hostile = [
      '<p>Hello <b>world</b></p>',
      '<script>alert(1)</script>',
      '<img src="x.png" onerror="alert(2)">',
      '<a href="javascript:alert(3)">click</a>',
      '<svg onload="alert(4)"><circle r="1"/></svg>',
      '<iframe src="https://evil.example"></iframe>',
    ].join('\n');

    it('never carries password hashes, phones or authority', async () => {
      const m = await newMember(admin, { phone: '13800138000', email: 'visible@example.org', link_type: 2, link2: hostile });
      const anon = new Client(w.app);
      for (const url of ['/api/read_people/', '/api/read_people/?onlylist=1', `/api/read_people/?username=${m.username}`]) {
        const r = await anon.get(url);
        expect(r.statusCode, url).toBe(200);
        for (const needle of ['13800138000', '$argon2', 'password', 'authority', 'must_change_password', 'phone']) {
          expect(r.body, `${url} leaks ${needle}`).not.toContain(needle);
        }
        const items = (Array.isArray(r.json()) ? r.json() : [r.json()]) as Record<string, unknown>[];
        const mine = items.find((p) => p.username === m.username);
        expect(mine, url).toBeDefined();
        expect(mine?.pid).toBe(m.pid);
        expect(mine?.status).toBe(true);
      }
      const one = (await anon.get(`/api/read_people/?username=${m.username}`)).json();
      expect(one.email).toBe('visible@example.org');
      expect(one.portrait_url).toEqual(expect.any(String));
      expect((await anon.get('/api/read_people/?username=nobody-at-all')).statusCode).toBe(404);
    });

    it('sanitizes link2 (HTML page) on the way out and keeps it exactly as sent inside', async () => {
      const m = await newMember(admin, { link_type: 2, link2: hostile });
      const pub = (await new Client(w.app).get(`/api/read_people/?username=${m.username}`)).json();
      const html = String(pub.link2);
      expect(html).toContain('<p>Hello <b>world</b></p>');
      expect(html).toContain('click');
      for (const bad of ['<script', 'alert(1)', 'onerror', 'javascript:', '<svg', 'onload', '<iframe']) {
        expect(html.toLowerCase(), bad).not.toContain(bad);
      }
      const stored = await byPid(m.pid);
      expect(stored.link2).toBe(hostile.replace(/\n/g, '\r\n'));
      const own = (await m.get(`/api/people/?uid=${m.uid}`)).json();
      expect(own.link2).toBe(stored.link2);
    });
  });
});
