import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource } from '../../common/resource.ts';
import { isPostgres } from '../../server/db/database.ts';
import { type Registered, registry } from '../../server/registry.ts';
import { createCrud } from '../../server/services/crud.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { Client, loginAs } from '../helpers/client.ts';
import { createdId, fieldErrors } from '../fixtures/world.ts';

// docs/adding-a-resource.md, followed: a resource that exists only in this test (an
// award) is a declaration, its table, a service and a line in the registry, and with nothing else the
// server serves its four calls with the declared access, checks its input with bilingual messages, and
// stores and returns it.

const award = defineResource({
  name: 'award_fixture',
  label: { zh: '奖项', en: 'Awards' },
  table: 'award_fixture',
  id: 'wid',
  path: '/api/award_fixture/',
  fields: {
    title: { kind: 'text', label: { zh: '名称', en: 'Title' }, required: true, max: 100 },
    year: { kind: 'int', label: { zh: '年份', en: 'Year' }, min: 1950, max: 2100, widget: 'year' },
    winner: { kind: 'text', label: { zh: '获奖人', en: 'Winner' } },
    release: { kind: 'bool', label: { zh: '发布', en: 'Released' }, default: false },
  },
  access: { read: 'member', create: 'admin', update: 'admin', delete: 'admin' },
  listColumns: ['wid', 'title', 'year'],
  orderBy: [
    ['year', 'desc'],
    ['wid', 'desc'],
  ],
});

const awards: Registered = { crud: createCrud(award), routes: 'generic', update: 'record' };

describe.each(dialects)('a resource added by the steps of docs/adding-a-resource.md, on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  let member: Client;
  beforeAll(async () => {
    t = await makeApp(dialect, {}, { resources: [...registry, awards] });
    // its migration
    const db = t.app.lab.db;
    const id = isPostgres(db) ? sql`wid serial primary key` : sql`wid integer primary key autoincrement`;
    await sql`create table award_fixture (${id}, title varchar(100) not null, year integer, winner varchar(300) not null default '', release integer not null default 0 check (release in (0, 1)))`.execute(
      db,
    );
    admin = await loginAs(t.app, 'admin', 'admin-password');
    const made = await admin.send('POST', '/api/people/', {
      uid: 'AW1',
      username: 'awardee',
      name_zh: '获奖者',
      name_en: 'Awardee',
      password: 'prize-winning-pw',
      password2: 'prize-winning-pw',
    });
    expect(made.statusCode, made.body).toBe(200);
    member = await loginAs(t.app, 'awardee', 'prize-winning-pw');
  });
  afterAll(() => t.close());

  it('is stored and read back as declared, and listed in the declared order', async () => {
    const older = createdId(await admin.send('POST', award.path, { title: 'Best paper', year: 2019, winner: 'A. Author' }));
    const newer = createdId(await admin.send('POST', award.path, { title: 'Best poster', year: 2024 }));
    const got = (await admin.get(`${award.path}?wid=${older}`)).json();
    expect(got).toMatchObject({ wid: older, title: 'Best paper', year: 2019, winner: 'A. Author', release: false });
    const list = (await member.get(award.path)).json() as { wid: number }[];
    expect(list.map((a) => a.wid)).toEqual([newer, older]);
    expect((await admin.send('PUT', `${award.path}?wid=${older}`, { release: 'true' })).statusCode).toBe(200);
    expect((await admin.get(`${award.path}?wid=${older}`)).json().release).toBe(true);
    expect((await admin.delete(`${award.path}?wid=${newer}`)).statusCode).toBe(200);
    expect((await admin.get(`${award.path}?wid=${newer}`)).statusCode).toBe(404);
  });

  it('refuses bad input with the field named, in the request’s language, storing nothing', async () => {
    const before = ((await admin.get(award.path)).json() as unknown[]).length;
    expect(fieldErrors(await admin.send('POST', award.path, { year: 3000 }))).toEqual({ title: ['required'], year: ['out of range (1950–2100)'] });
    admin.lang = 'zh';
    const zh = fieldErrors(await admin.send('POST', award.path, { year: 3000 }));
    admin.lang = 'en';
    expect(Object.keys(zh).sort()).toEqual(['title', 'year']);
    expect(zh.title?.[0]).toMatch(/[\u4e00-\u9fff]/);
    expect(((await admin.get(award.path)).json() as unknown[]).length).toBe(before);
  });

  it('is served with its declared access', async () => {
    expect((await new Client(t.app).get(award.path)).statusCode).toBe(401);
    expect((await member.get(award.path)).statusCode).toBe(200);
    expect((await member.send('POST', award.path, { title: 'Mine' })).statusCode).toBe(403);
    const byMethod = Object.fromEntries(t.app.routeAccess.filter((r) => r.url === award.path).map((r) => [r.method, r.access]));
    expect(byMethod).toMatchObject({ GET: 'member', POST: 'admin', PUT: 'admin', DELETE: 'admin' });
  });
});
