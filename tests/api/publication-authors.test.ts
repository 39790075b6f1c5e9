import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicationsBy } from '../../server/services/publications.ts';
import type { Ctx } from '../../server/services/context.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { createdId, fieldErrors } from '../fixtures/world.ts';
import { type Client, createMember, loginAs } from '../helpers/client.ts';

// Which member each author of a publication is. The server matches an author left to
// `auto` by name when the record is saved and keeps the member's id, so a rename keeps the link; an editor
// may choose the member or "not a member"; a member's publications are found by those links and, for
// authors still left to `auto`, by their English or Chinese name, alike on both databases.

describe.each(dialects)('authors and members on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  let ctx: Ctx;
  const people: Record<string, number> = {};
  const add = async (title: string, author: string[], extra: Record<string, string> = {}) => {
    const r = await admin.send('POST', '/api/publication/', { title, author: JSON.stringify(author), source: 'Test Venue', year: '2025', ...extra });
    expect(r.statusCode, r.body).toBe(200);
    return createdId(r);
  };
  const read = async (pid: number) => (await admin.get(`/api/publication/?pid=${pid}`)).json() as { author: string[]; author_members: string[] };
  const member = async (username: string, name_en: string, name_zh: string) => {
    people[username] = (await createMember(admin, { username, name_en, name_zh })).pid;
  };
  const titlesOf = async (username: string) => {
    const p = (await admin.get(`/api/read_people/?username=${username}`)).json() as { pid: number; name_en: string; name_zh: string };
    return (await publicationsBy(ctx, p)).map((x) => x.title).sort();
  };
  beforeAll(async () => {
    t = await makeApp(dialect);
    admin = await loginAs(t.app, 'admin', 'admin-password');
    ctx = { db: t.app.lab.db, storage: t.app.lab.storage, actor: null, lang: 'en' };
    await member('ada', 'Ada Lovelace', '艾达');
    await member('alan', 'Alan Turing', '图灵');
    await member('li1', 'Wei Li', '李伟');
    await member('li2', 'Wei Li', '李薇');
  });
  afterAll(() => t?.close());

  it('links an author to the one member of that name when saved, by either name, whatever the case and spacing', async () => {
    const pid = await add('Matched on save', ['Grace Hopper', '  ada   LOVELACE ', '图灵']);
    expect((await read(pid)).author_members).toEqual(['auto', String(people.ada), String(people.alan)]);
  });

  it('leaves a name two members share, and a name that only contains a member’s, to be chosen', async () => {
    const pid = await add('Ambiguous and longer names', ['Wei Li', 'Ada Lovelace-Byron']);
    expect((await read(pid)).author_members).toEqual(['auto', 'auto']);
    expect(await titlesOf('ada')).not.toContain('Ambiguous and longer names');
  });

  it('keeps what the editor chose: a member, or not a member though the name matches', async () => {
    const pid = await add('Chosen by the editor', ['Wei Li', 'Ada Lovelace', 'Alan Turing'], {
      author_members: JSON.stringify([String(people.li2), 'none', 'auto']),
    });
    expect((await read(pid)).author_members).toEqual([String(people.li2), 'none', String(people.alan)]);
    expect(await titlesOf('li2')).toContain('Chosen by the editor');
    expect(await titlesOf('li1')).not.toContain('Chosen by the editor');
    expect(await titlesOf('ada')).not.toContain('Chosen by the editor');
  });

  it('keeps each author’s member when the list is reordered or grows, unless the editor says otherwise', async () => {
    const pid = await add('Reordered later', ['Wei Li', 'Alan Turing'], { author_members: JSON.stringify([String(people.li1), 'auto']) });
    const r = await admin.send('PUT', `/api/publication/?pid=${pid}`, { author: JSON.stringify(['Alan Turing', 'Someone Else', 'Wei Li']) });
    expect(r.statusCode, r.body).toBe(200);
    expect((await read(pid)).author_members).toEqual([String(people.alan), 'auto', String(people.li1)]);
  });

  it('keeps the links when a member is renamed', async () => {
    await add('Before the rename', ['Alan Turing']);
    const r = await admin.send('PUT', `/api/people/?pid=${people.alan}`, { name_en: 'Alan M. Turing', name_zh: '阿兰·图灵' });
    expect(r.statusCode, r.body).toBe(200);
    expect(await titlesOf('alan')).toEqual(expect.arrayContaining(['Before the rename', 'Matched on save', 'Reordered later']));
  });

  it('finds papers whose authors are still left to their name, for a member who joined after them', async () => {
    await add('Before she joined', ['Grace Hopper']);
    await member('grace', 'Grace Hopper', '格蕾丝');
    expect(await titlesOf('grace')).toEqual(['Before she joined', 'Matched on save']);
  });

  it('refuses a list of another length, an unknown member or a malformed entry, in both languages, and stores nothing', async () => {
    const before = ((await admin.get('/api/publication/')).json() as unknown[]).length;
    const wrong = async (author_members: string[]) =>
      fieldErrors(
        await admin.send('POST', '/api/publication/', {
          title: 'Refused',
          author: '["Ada Lovelace","Alan Turing"]',
          source: 'V',
          year: '2025',
          author_members: JSON.stringify(author_members),
        }),
      );
    expect(await wrong(['auto'])).toEqual({ author_members: ['needs exactly one entry per author'] });
    expect(await wrong(['auto', '999999'])).toEqual({ author_members: ['there is no member with id 999999'] });
    expect(await wrong(['auto', 'admin'])).toEqual({ author_members: ["one entry per author: a member's id, none (not a member) or auto (matched by name)"] });
    admin.lang = 'zh';
    expect(await wrong(['auto'])).toEqual({ author_members: ['作者对应成员的项数须与作者人数相同'] });
    admin.lang = 'en';
    expect(((await admin.get('/api/publication/')).json() as unknown[]).length).toBe(before);
  });

  describe('names as text', () => {
    const titles = async (name_en: string, name_zh = '') => (await publicationsBy(ctx, { pid: 999_999, name_en, name_zh })).map((p) => p.title).sort();
    beforeAll(async () => {
      await add('Paper by a percent', ['100% Human', 'A_B']);
      await add('Paper by an exclamation', ['Wow! Author']);
    });

    it('treats a name as text, not as a pattern', async () => {
      expect(await titles('%')).toEqual([]);
      expect(await titles('_')).toEqual([]);
      expect(await titles('A_B')).toEqual(['Paper by a percent']);
      expect(await titles('100% Human')).toEqual(['Paper by a percent']);
      expect(await titles('Wow! Author')).toEqual(['Paper by an exclamation']);
      expect(await titles('!')).toEqual([]);
      expect(await titles('', '  ')).toEqual([]);
    });
  });
});
