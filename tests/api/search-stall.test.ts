import { loopHolds } from '../helpers/loop.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '../../common/search.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { Client, loginAs } from '../helpers/client.ts';
import { newMember } from '../fixtures/world.ts';

// A member's own page (markdown up to 200,000 characters) is made search text after
// every write. Hostile markdown took time growing with the square of its length (80,000 "[" froze every
// request for 23 s); now it is read in one pass, and the index's work after a write is done in turns, so
// the event loop is never held for more than 50 ms at a time.

// the field's limit, less the words around the hostile part
const SIZE = 199_960;

const hostile = {
  brackets: '['.repeat(SIZE),
  nested: `${'['.repeat(SIZE / 2)}${']'.repeat(SIZE / 2)}`,
  links: '[a]('.repeat(SIZE / 4),
  images: '!['.repeat(SIZE / 2),
  // a form sends each line break as CRLF
  lines: '\n['.repeat(SIZE / 3),
  spaces: `${' '.repeat(SIZE - 2)}\nx`,
  // a hundred thousand words: the most terms a page can give
  words: '*a'.repeat(SIZE / 2),
};

describe.each(dialects)('hostile personal pages on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await makeApp(dialect);
    admin = await loginAs(t.app, 'admin', 'admin-password');
    await t.app.lab.search.settled();
  });
  afterAll(() => t?.close());

  it('are indexed after a write without holding the event loop for more than 50 ms at a time', async () => {
    const anon = new Client(t.app);
    const members = [];
    for (const [i, [shape, link1]] of Object.entries(hostile).entries()) {
      const m = await newMember(admin);
      members.push(m);
      const r = await m.send('PUT', `/api/people/?uid=${m.uid}`, { link_type: 1, link1: `${shape} ${link1} tail${i}` });
      expect(r.statusCode, r.body).toBe(200);
    }
    await t.app.lab.search.settled();
    // the pages are searchable, their words found past the hostile part
    for (const i of Object.keys(hostile).keys()) {
      const found = (await anon.get(`/api/search/?q=tail${i}`)).json() as SearchAnswer;
      expect(found.total, `tail${i}`).toBe(1);
    }
    // every page changed again, and the index brought up to date: timed alone, without the requests' own work
    for (const [i, m] of members.entries()) {
      const page = `${Object.values(hostile)[i]} again${i}`;
      await t.app.lab.db.updateTable('person').set({ link1: page }).where('pid', '=', m.pid).execute();
    }
    const holds = loopHolds();
    t.app.lab.changes.changed('people');
    await t.app.lab.search.settled();
    const longest = holds.stop();
    expect(longest).toBeLessThan(50);
    expect(((await anon.get('/api/search/?q=again6')).json() as SearchAnswer).total).toBe(1);
  });
});
