import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../helpers/app.ts';
import type { Client } from '../helpers/client.ts';
import { makeWorld, type World } from '../fixtures/world.ts';

// The advisor's name lists replaced from a file (docs/advisor.md "Importing a name list"): the column is
// found by its header (title rows above it skipped), a file without one falls back to the one column of
// names, a file of numbers is refused; an import is previewed first and saved only on a confirm based on
// the same version of the list; the list it replaces is kept and can be restored.

const INFO = '/apiadvisor0/info/';
const SURNAMES = '赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨朱秦尤许何吕施张孔曹严华金魏陶姜';
const GIVEN = ['子涵', '浩然', '雨桐', '思远', '欣怡', '宇航', '梓萱', '一鸣', '诗琪', '俊杰', '佳怡'];
/** 33 made-up members of a party branch. */
const ROSTER = Array.from({ length: 33 }, (_, i) => `${SURNAMES[i]}${GIVEN[i % GIVEN.length]}`);
const STATUS = ['中共党员', '中共预备党员', '共青团员'];

/** An .xlsx written with exceljs, the library the server reads it with: `rows` from row 1, as given. */
async function xlsx(rows: ExcelJS.CellValue[][], merge?: string): Promise<{ file: Buffer; name: string; type: string }> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const row of rows) ws.addRow(row);
  if (merge) ws.mergeCells(merge);
  return { file: Buffer.from(await wb.xlsx.writeBuffer()), name: 'roster.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
}

/** A Chinese roster as class advisors keep it: a title row, then 序号, 学号, 姓名, 性别, 政治面貌. */
const rosterRows = (names: string[]) => names.map((n, i) => [i + 1, 2021_0001 + i, n, i % 2 ? '女' : '男', STATUS[i % 3]]);
const titledRoster = (names: string[]) => xlsx([['2021级本科生党支部党员名单'], ['序号', '学号', '姓名', '性别', '政治面貌'], ...rosterRows(names)], 'A1:E1');

describe.each(dialects)('importing a name list on %s', (dialect) => {
  let w: World;
  let advisor: Client;
  beforeAll(async () => {
    w = await makeWorld(dialect);
    advisor = w.advisor;
  });
  afterAll(() => w.t.close());

  const lists = async () => (await advisor.get(INFO)).json().info as Record<string, string[]>;
  const preview = (fields: Record<string, string | { file: Buffer; name: string; type: string }>) => advisor.send('POST', `${INFO}preview/`, fields);

  it('reads the 姓名 column of a roster with a title row, previews it, and saves only on confirm', async () => {
    // the list as it stands: 30 of the roster and two who have left
    const before = [...ROSTER.slice(0, 30), '离校同学甲', '离校同学乙'];
    expect((await advisor.send('PUT', INFO, { list: 'branch', names: before.join('\n') })).json()).toBe('success');

    const res = await preview({ list: 'branch', file: await titledRoster(ROSTER) });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p.names).toEqual(ROSTER);
    expect(p.source).toEqual({ kind: 'header', column: 'C', header: '姓名', row: 2 });
    expect(p).toMatchObject({ list: 'branch', count: 33, added: ROSTER.slice(30), removed: ['离校同学甲', '离校同学乙'], kept: 30 });
    expect(p.base).toMatch(/^[0-9a-f]{16}$/);
    // a preview writes nothing
    expect((await lists()).branch).toEqual(before);

    const saved = await advisor.send('PUT', INFO, { list: 'branch', names: p.names.join('\n'), base: p.base, origin: 'import' });
    expect(saved.json()).toBe('success');
    expect((await lists()).branch).toEqual(ROSTER);

    // the log says what happened in counts, never the names
    const entry = await w.app.lab.db
      .selectFrom('activity')
      .selectAll()
      .where('resource', '=', 'advisor')
      .where('record', '=', 'names branch')
      .orderBy('eid', 'desc')
      .executeTakeFirstOrThrow();
    expect([entry.action, entry.detail]).toEqual(['update', 'import,added 3,removed 2,total 33']);
  });

  it('the same roster sent straight to PUT (as older clients do) takes the names, never the numbers', async () => {
    expect((await advisor.send('PUT', INFO, { list: 'probationary', file: await titledRoster(ROSTER.slice(0, 12)) })).json()).toBe('success');
    expect((await lists()).probationary).toEqual(ROSTER.slice(0, 12));
  });

  it('finds 名字, Name and a spaced “姓 名” header too, in CSV as well as XLSX', async () => {
    const csv = (text: string) => ({ file: Buffer.from(text), name: 'names.csv', type: 'text/csv' });
    const cases: [string, { file: Buffer; name: string; type: string }, string][] = [
      ['名字', csv('班级名单\n学号,名字\n2021001,张三\n2021002,李四\n'), 'B'],
      [
        'Name',
        await xlsx([
          ['No.', 'Student ID', 'Name'],
          [1, 2021001, '张三'],
          [2, 2021002, '李四'],
        ]),
        'C',
      ],
      ['姓 名', csv('序号,姓 名,备注\n1,张三,\n2,李四,班长\n'), 'B'],
    ];
    for (const [header, file, column] of cases) {
      const p = (await preview({ list: 'class', file })).json();
      expect(p.names, header).toEqual(['张三', '李四']);
      expect(p.source, header).toMatchObject({ kind: 'header', column, header });
    }
  });

  it('a roster without a header: the one column of names, said so; a file of numbers is refused in both languages', async () => {
    const headerless = await xlsx(rosterRows(ROSTER));
    const p = (await preview({ list: 'class', file: headerless })).json();
    expect(p.names).toEqual(ROSTER);
    expect(p.source).toEqual({ kind: 'guess', column: 'C' });
    // a merged title row above it is not a name
    const titled = (await preview({ list: 'class', file: await xlsx([['2021级党员名单'], ...rosterRows(ROSTER)], 'A1:E1') })).json();
    expect(titled.names).toEqual(ROSTER);

    const numbers = await xlsx(ROSTER.map((_, i) => [i + 1, 2021_0001 + i]));
    const before = await lists();
    for (const [lang, message] of [
      ['en', 'no name column found'],
      ['zh', '找不到姓名列'],
    ] as const) {
      advisor.lang = lang;
      for (const res of [await preview({ list: 'class', file: numbers }), await advisor.send('PUT', INFO, { list: 'class', file: numbers })]) {
        expect(res.statusCode).toBe(400);
        expect(res.json().file[0]).toContain(message);
      }
    }
    advisor.lang = 'en';
    // numbers under a 姓名 header are not names either
    const numbered = await preview({ list: 'class', file: await xlsx([['姓名'], [1], [2]]) });
    expect(numbered.json().file).toEqual(['the name column (A) holds only numbers, not names']);
    expect(await lists()).toEqual(before);
  });

  it('refuses a confirm based on a list that changed since its preview, and changes nothing', async () => {
    const p = (await preview({ list: 'branch', file: await titledRoster(ROSTER.slice(0, 20)) })).json();
    // meanwhile, in another window
    expect((await advisor.send('PUT', INFO, { list: 'branch', names: [...ROSTER, '新同学'].join('\n') })).json()).toBe('success');
    for (const [lang, message] of [
      ['en', 'the list has changed since this preview'],
      ['zh', '名单在预览之后已被修改'],
    ] as const) {
      advisor.lang = lang;
      const stale = await advisor.send('PUT', INFO, { list: 'branch', names: p.names.join('\n'), base: p.base, origin: 'import' });
      expect(stale.statusCode).toBe(400);
      expect(stale.json().base[0]).toContain(message);
    }
    advisor.lang = 'en';
    expect((await lists()).branch).toEqual([...ROSTER, '新同学']);
    expect((await advisor.send('PUT', INFO, { list: 'branch', names: 'x', origin: 'upload' })).json()).toEqual({ origin: ['origin must be paste or import'] });
  });

  it('keeps the replaced list as a version: listed with time and count, previewed and restored', async () => {
    const { versions } = (await advisor.get(`${INFO}versions/?list=branch`)).json();
    // newest first: the paste just before, the import (the first paste replaced an empty list: nothing to keep)
    expect(versions.map((v: { reason: string; count: number }) => [v.reason, v.count])).toEqual([
      ['save', 33],
      ['import', 32],
    ]);
    expect(Number.isNaN(Date.parse(versions[0].at))).toBe(false);
    const older = versions[1];

    const view = (await advisor.get(`${INFO}versions/${older.id}/`)).json();
    expect(view).toMatchObject({ id: older.id, list: 'branch', count: 32, reason: 'import', kept: 30, removed: [...ROSTER.slice(30), '新同学'] });
    expect(view.names).toEqual([...ROSTER.slice(0, 30), '离校同学甲', '离校同学乙']);
    expect(view.added).toEqual(['离校同学甲', '离校同学乙']);

    // a restore needs the version it was previewed on
    expect((await advisor.send('POST', `${INFO}versions/${older.id}/restore/`, {})).json()).toEqual({ base: ['required'] });
    expect((await advisor.send('POST', `${INFO}versions/${older.id}/restore/`, { base: '0000000000000000' })).statusCode).toBe(400);
    const restored = await advisor.send('POST', `${INFO}versions/${older.id}/restore/`, { base: view.base });
    expect(restored.json()).toEqual({ count: 32, added: 2, removed: 4, kept: 30 });
    expect((await lists()).branch).toEqual(view.names);
    // the list it replaced is a version in turn
    const after = (await advisor.get(`${INFO}versions/?list=branch`)).json().versions;
    expect(after[0]).toMatchObject({ reason: 'restore', count: 34 });
    const entry = await w.app.lab.db.selectFrom('activity').selectAll().where('resource', '=', 'advisor').orderBy('eid', 'desc').executeTakeFirstOrThrow();
    expect([entry.action, entry.record, entry.detail]).toEqual(['restore', 'names branch', 'restore,added 2,removed 4,total 32']);

    expect((await advisor.get(`${INFO}versions/999999/`)).statusCode).toBe(404);
    expect((await advisor.get(`${INFO}versions/?list=everyone`)).statusCode).toBe(400);
    // only the advisor
    expect((await w.user.get(`${INFO}versions/?list=branch`)).statusCode).toBe(403);
    expect((await w.admin.send('POST', `${INFO}preview/`, { list: 'branch', names: 'x' })).statusCode).toBe(403);
  });

  it('GET info/ keeps its SPEC shape', async () => {
    expect(Object.keys((await advisor.get(INFO)).json())).toEqual(['info', 'col_name_dict']);
  });
});
