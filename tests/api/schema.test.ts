import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loose } from '../../server/db/schema.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';

// The schema itself refuses what the services never write: duplicates, dangling references and
// values outside an enumeration. One body runs on both databases.

const base = {
  uid: 'S1',
  username: 'schema1',
  name_zh: '甲',
  name_en: 'Jia',
  type: 'master',
  type_num: 6,
  password_hash: 'x',
};

describe.each(dialects)('schema constraints on %s', (dialect) => {
  let t: TestApp;
  // rows the types would refuse, on purpose: the loose view (server/db/schema.ts)
  const raw = () => loose(t.app.lab.db);
  beforeAll(async () => {
    t = await makeApp(dialect);
    await raw().insertInto('person').values(base).execute();
  });
  afterAll(() => t.close());

  const insertPerson = (over: Record<string, unknown>) =>
    raw()
      .insertInto('person')
      .values({ ...base, uid: `u${Math.random()}`, username: `n${Math.random()}`.slice(0, 20), ...over })
      .execute();

  it('keeps usernames and uids unique', async () => {
    await expect(insertPerson({ username: 'schema1' })).rejects.toThrow();
    await expect(insertPerson({ uid: 'S1' })).rejects.toThrow();
  });

  it('requires the values SPEC marks as required', async () => {
    await expect(insertPerson({ name_zh: null })).rejects.toThrow();
    await expect(raw().insertInto('article').values({ title: 't', type: 'paper reading', type_num: 4, time1: 'x', time2: 'x' }).execute()).rejects.toThrow();
  });

  it('checks enumerations and flags', async () => {
    await expect(insertPerson({ type: 'wizard' })).rejects.toThrow();
    await expect(insertPerson({ authority: 'root' })).rejects.toThrow();
    await expect(insertPerson({ status: 2 })).rejects.toThrow();
    await expect(insertPerson({ link_type: 4 })).rejects.toThrow();
    await expect(raw().insertInto('seminar').values({ title_zh: 't', date: '2026-01-01', room_type: 'Skype' }).execute()).rejects.toThrow();
    await expect(
      raw()
        .insertInto('publication')
        .values({ type: 'paper', type_num: 1, area: 'astrology', area_num: 1, title: 't', author: '[]', year: 2026, source: 's' })
        .execute(),
    ).rejects.toThrow();
  });

  it('enforces foreign keys', async () => {
    await expect(raw().insertInto('session').values({ token_hash: 'h', person_pid: 999999, login_time: 1 }).execute()).rejects.toThrow();
  });

  it('keeps site content in its enumerations, slugs unique per section (any case) and one settings row', async () => {
    const db = raw();
    const page = { section: 'course', slug: 'Schema-Page', title_zh: '页' };
    await db.insertInto('site_page').values(page).execute();
    await expect(
      db
        .insertInto('site_page')
        .values({ ...page, slug: 'schema-page' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('site_page')
        .values({ ...page, section: 'sharedtask' })
        .execute(),
    ).resolves.toBeDefined();
    await expect(
      db
        .insertInto('site_page')
        .values({ ...page, slug: 'other', section: 'blog' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('site_page')
        .values({ ...page, slug: 'other2', release: 2 })
        .execute(),
    ).rejects.toThrow();
    await expect(db.insertInto('site_page').values({ section: 'course', slug: 'no-title' }).execute()).rejects.toThrow();
    await expect(db.insertInto('showcase').values({ kind: 'banner', title_zh: 't' }).execute()).rejects.toThrow();
    await expect(db.insertInto('showcase').values({ kind: 'tool', title_zh: 't' }).execute()).resolves.toBeDefined();
    await expect(db.insertInto('site_settings').values({ id: 2, lab_name_zh: '甲', lab_name_en: 'A' }).execute()).rejects.toThrow();
    await expect(db.insertInto('site_settings').values({ id: 1, lab_name_zh: '甲', lab_name_en: 'A' }).execute()).resolves.toBeDefined();
    await expect(db.insertInto('site_settings').values({ id: 1, lab_name_zh: '乙', lab_name_en: 'B' }).execute()).rejects.toThrow();
  });

  it('accepts a valid row (the checks are not simply refusing everything)', async () => {
    await expect(insertPerson({})).resolves.toBeDefined();
  });
});
