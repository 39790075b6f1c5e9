import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicationsBy } from '../../server/services/publications.ts';
import type { Ctx } from '../../server/services/context.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { type Client, loginAs } from '../helpers/client.ts';

// Issue #14, point 6: a member's publications are found by their English or Chinese name in the author
// lists, alike on both databases; case and spacing do not matter, and a name is never a pattern.

describe.each(dialects)('publications by author on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  let ctx: Ctx;
  const add = async (title: string, author: string[]) => {
    const r = await admin.send('POST', '/api/publication/', { title, author: JSON.stringify(author), source: 'Test Venue', year: '2025' });
    expect(r.statusCode, r.body).toBe(200);
  };
  beforeAll(async () => {
    t = await makeApp(dialect);
    admin = await loginAs(t.app, 'admin', 'admin-password');
    ctx = { db: t.app.lab.db, storage: t.app.lab.storage, actor: null, lang: 'en' };
    await add('Paper by Ada in English', ['Grace Hopper', 'Ada Lovelace']);
    await add('Paper by Ada in Chinese', ['艾达', 'Alan Turing']);
    await add('Paper with her name spelled loosely', ['  ada   LOVELACE ']);
    await add('Paper by someone whose name contains hers', ['Ada Lovelace-Byron']);
    await add('Paper by a percent', ['100% Human', 'A_B']);
    await add('Paper by an exclamation', ['Wow! Author']);
  });
  afterAll(() => t?.close());

  const titles = async (names: string[]) => (await publicationsBy(ctx, names)).map((p) => p.title).sort();

  it('finds a member by either name, whatever the case and spacing, and never by a longer name', async () => {
    expect(await titles(['Ada Lovelace', '艾达'])).toEqual(['Paper by Ada in Chinese', 'Paper by Ada in English', 'Paper with her name spelled loosely']);
    expect(await titles(['Alan Turing'])).toEqual(['Paper by Ada in Chinese']);
  });

  it('treats a name as text, not as a pattern', async () => {
    expect(await titles(['%'])).toEqual([]);
    expect(await titles(['_'])).toEqual([]);
    expect(await titles(['A_B'])).toEqual(['Paper by a percent']);
    expect(await titles(['100% Human'])).toEqual(['Paper by a percent']);
    expect(await titles(['Wow! Author'])).toEqual(['Paper by an exclamation']);
    expect(await titles(['!'])).toEqual([]);
    expect(await titles(['', '  '])).toEqual([]);
  });
});
