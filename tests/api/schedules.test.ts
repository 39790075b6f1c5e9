import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../helpers/app.ts';
import { fieldErrors, makeWorld, type Member, newMember, type World } from '../fixtures/world.ts';

// SPEC §7 Availability (/apiprivate/disctime/): one's own weekly grid per term, and everyone's by term.

const URL = '/apiprivate/disctime/';
const TERM = '2025-2026-1';
const OCCUPY_EN = 'must be a list of [day 1–7, period 1–15]';
const OCCUPY_ZH = '必须是 [星期 1–7, 节次 1–15] 的列表';
const TERM_EN = 'term must look like 2025-2026-1';

describe.each(dialects)('schedules on %s', (dialect) => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld(dialect);
  });
  afterAll(() => w.t.close());

  const put = (m: Member, body: Record<string, unknown>) => m.json('PUT', URL, { uid: m.uid, name: m.name_zh, term: TERM, ...body });
  const own = async (m: Member) => {
    const r = await m.get(`${URL}?uid=${m.uid}`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { term: string; occupy: [number, number][] }[];
  };

  it('saves one’s grid normalised (sorted, without duplicates) and reads it back per term', async () => {
    const m = await newMember(w.admin);
    expect(await own(m)).toEqual([]);
    const r = await put(m, {
      occupy: [
        [3, 2],
        [1, 1],
        [3, 2],
        [7, 15],
        [1, 15],
        [1, 1],
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toBe('success');
    expect(await own(m)).toEqual([
      {
        term: TERM,
        occupy: [
          [1, 1],
          [1, 15],
          [3, 2],
          [7, 15],
        ],
      },
    ]);

    // saving the same term again replaces it; another term is kept beside it, newest term first
    expect((await put(m, { occupy: [[2, 5]] })).statusCode).toBe(200);
    expect((await put(m, { term: '2024-2025-2', occupy: [[4, 4]] })).statusCode).toBe(200);
    expect(await own(m)).toEqual([
      { term: TERM, occupy: [[2, 5]] },
      { term: '2024-2025-2', occupy: [[4, 4]] },
    ]);
    expect((await put(m, { occupy: [] })).statusCode).toBe(200);
    expect((await own(m))[0]).toEqual({ term: TERM, occupy: [] });
  });

  const badOccupy: [string, unknown][] = [
    ['day 8', [[8, 1]]],
    ['day 0', [[0, 1]]],
    ['period 0', [[1, 0]]],
    ['period 16', [[1, 16]]],
    ['a single number', [[1]]],
    ['a triple', [[1, 2, 3]]],
    ['a string', 'monday'],
    ['a string period', [[1, '2']]],
    ['a fraction', [[1.5, 2]]],
    ['an object', { 1: 2 }],
    ['null', null],
    ['more pairs than cells', Array.from({ length: 106 }, () => [1, 1])],
  ];

  it.each(badOccupy)('refuses occupy with %s (400, in both languages) and keeps the stored grid', async (_label, occupy) => {
    const m = await newMember(w.admin);
    expect((await put(m, { occupy: [[5, 5]] })).statusCode).toBe(200);
    expect(fieldErrors(await put(m, { occupy }))).toEqual({ occupy: [OCCUPY_EN] });
    m.lang = 'zh';
    expect(fieldErrors(await put(m, { occupy }))).toEqual({ occupy: [OCCUPY_ZH] });
    expect(await own(m)).toEqual([{ term: TERM, occupy: [[5, 5]] }]);
  });

  it.each(['2025-2027-1', '2025-2026-3', '2025-2026', 'spring 2025', ''])('refuses the term %j', async (term) => {
    expect(fieldErrors(await put(w.user, { term, occupy: [[1, 1]] }))).toEqual({ term: [TERM_EN] });
  });

  it('requires uid, term and occupy', async () => {
    const r = await w.user.json('PUT', URL, { name: 'x' });
    const errors = fieldErrors(r);
    expect(Object.keys(errors).sort()).toEqual(['occupy', 'term', 'uid']);
    expect(errors.uid).toEqual(['required']);
  });

  it('refuses someone else’s uid (403) and an unknown one (404)', async () => {
    const victim = await newMember(w.admin);
    expect((await put(victim, { occupy: [[6, 6]] })).statusCode).toBe(200);
    const r = await w.user.json('PUT', URL, { uid: victim.uid, name: 'x', term: TERM, occupy: [[1, 1]] });
    expect(r.statusCode).toBe(403);
    expect((await w.user.get(`${URL}?uid=${victim.uid}`)).statusCode).toBe(403);
    expect((await w.admin.json('PUT', URL, { uid: victim.uid, name: 'x', term: TERM, occupy: [[1, 1]] })).statusCode).toBe(403);
    expect(await own(victim)).toEqual([{ term: TERM, occupy: [[6, 6]] }]);
    expect((await w.user.json('PUT', URL, { uid: 'NO-SUCH-UID', term: TERM, occupy: [] })).statusCode).toBe(404);
  });

  it('answers everyone’s grids keyed by term, in-group members only', async () => {
    const a = await newMember(w.admin, { name_zh: '甲同学' });
    const b = await newMember(w.admin, { name_zh: '乙同学' });
    const former = await newMember(w.admin, { name_zh: '已毕业' });
    const term = '2026-2027-2';
    expect((await put(a, { term, occupy: [[1, 2]] })).statusCode).toBe(200);
    expect(
      (
        await put(b, {
          term,
          occupy: [
            [2, 3],
            [1, 1],
          ],
        })
      ).statusCode,
    ).toBe(200);
    expect((await put(b, { term: '2026-2027-1', occupy: [[7, 7]] })).statusCode).toBe(200);
    expect((await put(former, { term, occupy: [[3, 3]] })).statusCode).toBe(200);
    expect((await w.admin.send('PUT', `/api/people/?pid=${former.pid}`, { status: 'false' })).statusCode).toBe(200);

    const r = await w.other.get(URL);
    expect(r.statusCode).toBe(200);
    const all = r.json() as Record<string, { name: string; occupy: [number, number][] }[]>;
    expect(Array.isArray(all)).toBe(false);
    const inTerm = all[term] ?? [];
    expect(inTerm.map((p) => ({ name: p.name, occupy: p.occupy }))).toEqual([
      { name: '甲同学', occupy: [[1, 2]] },
      {
        name: '乙同学',
        occupy: [
          [1, 1],
          [2, 3],
        ],
      },
    ]);
    expect(all['2026-2027-1']?.map((p) => p.name)).toEqual(['乙同学']);
    expect(JSON.stringify(all)).not.toContain('已毕业');
  });
});
