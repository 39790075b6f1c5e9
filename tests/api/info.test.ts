import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../helpers/app.ts';
import { createdId, makeWorld, type World } from '../fixtures/world.ts';

// SPEC §7 Info pages: members read; administrators add (multipart), save the whole list (JSON array)
// and delete. Success is "success"; errors are a flat JSON array of messages.

type Page = { iid: number; aspect: string; markdown: string; order: number };

describe.each(dialects)('info pages on %s', (dialect) => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld(dialect);
  });
  afterAll(() => w.t.close());

  const pages = async (c = w.user): Promise<Page[]> => {
    const r = await c.get('/api/info/');
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const add = async (aspect: string, order: number, markdown = `# ${aspect}`) =>
    createdId(await w.admin.send('POST', '/api/info/', { iid: -1, aspect, markdown, order }));
  /** A 400 whose body is a flat list of message strings. */
  const messages = (r: { statusCode: number; body: string }) => {
    expect(r.statusCode, r.body).toBe(400);
    const body: unknown = JSON.parse(r.body);
    expect(Array.isArray(body), r.body).toBe(true);
    for (const m of body as unknown[]) expect(typeof m).toBe('string');
    return body as string[];
  };

  it('adds pages, lists them by order, saves the whole list in a new order, deletes one', async () => {
    const a = await add('Lab rules', 0);
    const b = await add('Equipment', 1);
    const c = await add('Onboarding', 2);
    expect((await pages()).map((p) => p.iid)).toEqual([a, b, c]);
    const first = (await pages())[0] as Page;
    expect(first).toEqual({ iid: a, aspect: 'Lab rules', markdown: '# Lab rules', order: 0 });

    // the sort dialog: order by position; an edit rides along; a new page (-1) is appended
    const list = [
      { iid: c, aspect: 'Onboarding', markdown: '# Start here', order: 0 },
      { iid: a, aspect: 'Lab rules', markdown: '# Lab rules', order: 1 },
      { iid: b, aspect: 'Equipment', markdown: '# Equipment', order: 2 },
      { iid: -1, aspect: 'Holidays', markdown: '# Holidays', order: 3 },
    ];
    const r = await w.admin.json('PUT', '/api/info/', list);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toBe('success');
    const after = await pages(w.advisor);
    expect(after.map((p) => p.aspect)).toEqual(['Onboarding', 'Lab rules', 'Equipment', 'Holidays']);
    expect(after[0]).toEqual({ iid: c, aspect: 'Onboarding', markdown: '# Start here', order: 0 });
    expect(typeof after[3]?.iid).toBe('number');

    const del = await w.admin.delete(`/api/info/?iid=${a}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toBe('success');
    expect((await pages()).map((p) => p.iid)).not.toContain(a);
    expect((await w.admin.delete(`/api/info/?iid=${a}`)).statusCode).toBe(404);
  });

  it('answers errors as a flat list of messages, in the request’s language, changing nothing', async () => {
    const id = await add('Keep me', 10, '# unchanged');
    const before = await pages();
    expect(messages(await w.admin.send('POST', '/api/info/', { markdown: 'no aspect' }))).toEqual(['aspect: required']);
    w.admin.lang = 'zh';
    try {
      expect(messages(await w.admin.send('POST', '/api/info/', { aspect: '  ' }))).toEqual(['aspect: 必填']);
    } finally {
      w.admin.lang = 'en';
    }
    expect(messages(await w.admin.send('POST', '/api/info/', { aspect: 'x'.repeat(101) }))).toEqual(['aspect: at most 100 characters']);

    // the whole-list PUT: not a list, an entry without aspect, an unknown page
    expect(messages(await w.admin.json('PUT', '/api/info/', { iid: id, aspect: 'not in a list' })).length).toBeGreaterThan(0);
    const noAspect = messages(
      await w.admin.json('PUT', '/api/info/', [
        { iid: id, aspect: 'Changed', order: 0 },
        { iid: id, aspect: '' },
      ]),
    );
    expect(noAspect.some((m) => /required/.test(m))).toBe(true);
    const unknown = messages(
      await w.admin.json('PUT', '/api/info/', [
        { iid: id, aspect: 'Changed', order: 0 },
        { iid: 987654, aspect: 'Ghost' },
      ]),
    );
    expect(unknown.some((m) => m.includes('987654'))).toBe(true);
    expect(messages(await w.admin.json('PUT', '/api/info/', [{ iid: 'abc', aspect: 'x' }])).length).toBeGreaterThan(0);
    const malformed = await w.app.inject({
      method: 'PUT',
      url: '/api/info/',
      headers: w.admin.headers({ 'content-type': 'application/json' }),
      payload: '[{"iid": 1,',
    });
    expect(messages(malformed)).toEqual(['Malformed request']);
    expect(await pages()).toEqual(before);
  });

  it('keeps writes to administrators', async () => {
    const id = await add('Admins only', 20);
    const before = await pages();
    expect((await w.user.send('POST', '/api/info/', { aspect: 'By a member' })).statusCode).toBe(403);
    expect((await w.user.json('PUT', '/api/info/', [{ iid: id, aspect: 'Taken over', order: 0 }])).statusCode).toBe(403);
    expect((await w.user.delete(`/api/info/?iid=${id}`)).statusCode).toBe(403);
    expect((await w.advisor.delete(`/api/info/?iid=${id}`)).statusCode).toBe(403);
    expect(await pages()).toEqual(before);
  });
});
