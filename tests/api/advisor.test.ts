import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, chinaDate } from '../../common/advisor.ts';
import { dialects } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { makeWorld, type World } from '../fixtures/world.ts';

// SPEC §7 advisor calls (docs/advisor.md): the parameters and cookie, the day's figures from imported
// files and from a real upstream on loopback, recorded reminders, the name lists, every input checked.
// Who may call them at all is in roles.test.ts.

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'pingan', name));
const csv = (text: string) => ({ file: Buffer.from(text), name: 'export.csv', type: 'text/csv' });
const HEADER = '日期,学号,姓名,是否上报,上报时间,状态,接种针数\n';
const P = '/apiadvisor0/pingan/';
const INFO = '/apiadvisor0/info/';

describe.each(dialects)('advisor area on %s', (dialect) => {
  let w: World;
  let advisor: Client;
  beforeAll(async () => {
    w = await makeWorld(dialect);
    advisor = w.advisor;
  });
  afterAll(() => w.t.close());

  it('answers the stored parameters on mount=1, with nothing stored yet', async () => {
    const res = await advisor.get(`${P}?mount=1&date=2022-03-02`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      cookie: '',
      refresh_cookie: true,
      upstream: false,
      selfdez: 0,
      selfdyz: 0,
      xwzs: 0,
      lixiao: {},
      fanxiao: {},
      lixiao_month: [],
      fanxiao_month: [],
      remind: [],
      remind_today: [],
      imported_dates: [],
    });
  });

  it('refuses bad queries with the field named, in the caller’s language', async () => {
    const cases: [string, string, string][] = [
      [`${P}?mount=4`, 'mount', 'mount must be 1, 2 or 3'],
      [`${P}?mount=1&date=2022-02-30`, 'date', 'date must be YYYY-MM-DD'],
      [`${P}?mount=3&date_yes=yesterday`, 'date_yes', 'date must be YYYY-MM-DD'],
    ];
    for (const [url, field, message] of cases) {
      const res = await advisor.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()[field], url).toEqual([message]);
    }
    advisor.lang = 'zh';
    expect((await advisor.get(`${P}?mount=0`)).json().mount).toEqual(['mount 只能是 1、2 或 3']);
    advisor.lang = 'en';
  });

  it('mount=2 without any source says there is no data, and still carries the parameters', async () => {
    const res = await advisor.get(`${P}?mount=2&date=2021-01-01`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      date: '2021-01-01',
      source: null,
      source_error: 'no_data',
      zrs: 0,
      weishangbao: [],
      num_weishangbao: 0,
      weishangbao_name: '',
      cookie: '',
    });
  });

  it('imports the export and serves today’s reminder and yesterday’s zero report from it', async () => {
    const imported = await advisor.send('POST', `${P}import/`, { file: { file: fixture('report.csv'), name: 'report.csv', type: 'text/csv' } });
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toEqual({ rows: 16, dates: ['2022-03-01', '2022-03-02'] });
    await advisor.send('PUT', `${P}?remind=0`, { xwzs: '2' });

    const today = (await advisor.get(`${P}?mount=2&date=2022-03-02`)).json();
    expect(today).toMatchObject({ date: '2022-03-02', source: 'import', source_error: null, zrs: 8, xzs: 5, zxrs: 6, num_weishangbao: 3 });
    // doses 3, 2, 0, 1, 0, 3, 2, 1: two or more for four, one or more for six
    expect([today.dez, today.dyz]).toEqual([4, 6]);
    expect(today.weishangbao).toEqual([
      { realname: 'Lee, Anna "Annie"', xgh: '0021004', uptime: '', status: '' },
      { realname: '赵六', xgh: '2021005', uptime: '', status: '' },
      { realname: '周八', xgh: '2021007', uptime: '', status: '' },
    ]);
    expect(today.weishangbao_name).toBe('Lee, Anna "Annie"、赵六、周八');
    expect(today.imported_dates).toEqual(['2022-03-02', '2022-03-01']);

    const yes = (await advisor.get(`${P}?mount=3&date=2022-03-02&date_yes=2022-03-01`)).json();
    expect(yes).toMatchObject({ date: '2022-03-01', source: 'import', zrs: 8, xzs: 5 });
    expect(yes.weishangbao_yes.map((r: { xgh: string }) => r.xgh)).toEqual(['2021003', '2021005', '2021008']);
    expect(yes.buzhengchang_yes).toEqual([{ realname: '李四', xgh: '2021002', uptime: '2022-03-01 08:15', status: '发热' }]);
    // without date_yes, yesterday is the day before date
    expect((await advisor.get(`${P}?mount=3&date=2022-03-02`)).json().date).toBe('2022-03-01');
  });

  it('replaces a re-imported date as a whole, and a bad file changes nothing', async () => {
    const again = await advisor.send('POST', `${P}import/`, { file: csv(`${HEADER}2022-03-02,2021001,张三,否,,,2\n`) });
    expect(again.json()).toEqual({ rows: 1, dates: ['2022-03-02'] });
    expect((await advisor.get(`${P}?mount=2&date=2022-03-02`)).json()).toMatchObject({ zrs: 1, num_weishangbao: 1 });
    // the other date is untouched
    expect((await advisor.get(`${P}?mount=2&date=2022-03-01`)).json().zrs).toBe(8);

    const bad = await advisor.send('POST', `${P}import/`, { file: csv(`${HEADER}2022-03-02,2021009,,是,,,2\n2022-03-05,2021010,某人,也许,,,1\n`) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().file).toEqual(['Row 2, column C (realname): must not be empty', expect.stringMatching(/^Row 3, column D \(reported\)/)]);
    expect((await advisor.get(`${P}?mount=2&date=2022-03-02`)).json().zrs).toBe(1);
    expect((await advisor.get(`${P}?mount=1&date=2022-03-05`)).json().imported_dates).not.toContain('2022-03-05');

    const xls = await advisor.send('POST', `${P}import/`, { file: { file: fixture('legacy.xls'), name: 'old.xls', type: 'application/vnd.ms-excel' } });
    expect(xls.statusCode).toBe(415);
    expect((await advisor.send('POST', `${P}import/`, { note: 'no file' })).json()).toEqual({ file: ['a file is expected'] });
  });

  it('reads XLSX exports too', async () => {
    const res = await advisor.send('POST', `${P}import/`, { file: { file: fixture('report.xlsx'), name: 'report.xlsx', type: 'application/octet-stream' } });
    expect(res.statusCode).toBe(200);
    const { dates } = res.json();
    const day = (await advisor.get(`${P}?mount=2&date=${dates[0]}`)).json();
    expect(day.source).toBe('import');
    expect(day.zrs).toBeGreaterThan(0);
    expect(day.weishangbao.every((r: { xgh: string }) => /^\d+$/.test(r.xgh))).toBe(true);
  });

  it('refuses, before exceljs sees it, a sheet whose ranges reach past the import', async () => {
    // the fixture with its sheet's XML edited: exceljs creates every cell of a merged or validated range
    const report = await JSZip.loadAsync(fixture('report.xlsx'));
    const sheet = await report.file('xl/worksheets/sheet1.xml')?.async('string');
    expect(sheet).toContain('<dimension ref="A1:G10"/>');
    const edited = async (edit: (xml: string) => string) => {
      const zip = await JSZip.loadAsync(fixture('report.xlsx'));
      zip.file('xl/worksheets/sheet1.xml', edit(sheet ?? ''));
      return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    };
    const merged = (ref: string) => (xml: string) => xml.replace('</sheetData>', `</sheetData><mergeCells count="1"><mergeCell ref="${ref}"/></mergeCells>`);
    const hostile: [string, (xml: string) => string][] = [
      ['a merge of 380,000 cells', merged('H2:Z20000')],
      ['a merge of the whole sheet', merged('A1:XFD1048576')],
      // an entity is read as exceljs reads it (&#90; is Z)
      ['a merge written with an entity', merged('H2:&#90;20000')],
      ['a declared dimension past the rows', (xml) => xml.replace('<dimension ref="A1:G10"/>', '<dimension ref="A1:XFD1048576"/>')],
      [
        'a data validation of a whole column',
        (xml) =>
          xml.replace(
            '</sheetData>',
            '</sheetData><dataValidations count="1"><dataValidation type="whole" sqref="A2 D1:D1048576"><formula1>1</formula1></dataValidation></dataValidations>',
          ),
      ],
      ['a column span of millions', (xml) => xml.replace('<cols>', '<cols><col min="8" max="50000000" width="9"/>')],
    ];
    for (const [what, edit] of hostile) {
      const file = await edited(edit);
      expect(file.length, what).toBeLessThan(10_000);
      const started = performance.now();
      const res = await advisor.send('POST', `${P}import/`, { file: { file, name: 'report.xlsx', type: 'application/octet-stream' } });
      // generous: the refusal reads a few kB; exceljs took 0.5 to 3 s and 160 MB for the first alone
      expect(performance.now() - started, what).toBeLessThan(1000);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().file, what).toEqual([expect.stringContaining('declares ranges beyond what an import reads')]);
    }
    // what real files hold still reads: a small merge, Excel's "every column from H on", the dimension it had
    const fine = await edited((xml) => merged('H2:I3')(xml).replace('<cols>', '<cols><col min="8" max="16384" width="9"/>'));
    expect((await advisor.send('POST', `${P}import/`, { file: { file: fine, name: 'report.xlsx', type: 'application/octet-stream' } })).statusCode).toBe(200);
  });

  it('saves the parameters (remind=0): only the fields sent, counts of 0 remove a date', async () => {
    const ok = await advisor.send('PUT', `${P}?remind=0`, {
      cookie: '  JSESSIONID=abc; route=7  ',
      selfdez: '70',
      selfdyz: '75',
      lixiao_temp: JSON.stringify({ date: '2022-03-01', count: 3 }),
      fanxiao_temp: JSON.stringify({ date: '2022-02-20', count: 2 }),
    });
    expect(ok.json()).toBe('success');
    let base = (await advisor.get(`${P}?mount=1&date=2022-03-02`)).json();
    expect(base).toMatchObject({ cookie: 'JSESSIONID=abc; route=7', refresh_cookie: false, selfdez: 70, selfdyz: 75, xwzs: 2 });
    expect(base.lixiao).toEqual({ '2022-03-01': 3 });
    expect(base.fanxiao_month).toEqual([{ date: '2022-02-20', count: 2 }]);
    // the month runs up to `date`: a later date drops what is older than 30 days
    expect((await advisor.get(`${P}?mount=1&date=2022-04-01`)).json().lixiao_month).toEqual([]);

    await advisor.send('PUT', `${P}?remind=0`, { lixiao_temp: JSON.stringify({ date: '2022-03-01', count: 0 }), xwzs: '' });
    base = (await advisor.get(`${P}?mount=1&date=2022-03-02`)).json();
    expect(base.lixiao).toEqual({});
    expect(base).toMatchObject({ xwzs: 0, selfdez: 70, cookie: 'JSESSIONID=abc; route=7' });
  });

  it('refuses bad parameters and keeps everything as it was', async () => {
    const before = (await advisor.get(`${P}?mount=1&date=2022-03-02`)).json();
    const cases: [Record<string, string>, string, string][] = [
      [{ cookie: 'a=1\r\nX-Evil: 1' }, 'cookie', 'the cookie must be one line of printable ASCII'],
      [{ cookie: `a=${'x'.repeat(9000)}` }, 'cookie', 'at most 8192 characters'],
      [{ selfdez: '-1' }, 'selfdez', 'out of range (0–100000)'],
      [{ xwzs: 'many' }, 'xwzs', 'must be a whole number'],
      [{ lixiao_temp: '2022-03-01:3' }, 'lixiao_temp', 'must be {"date":"YYYY-MM-DD","count":number}'],
      [{ fanxiao_temp: JSON.stringify({ date: '2022-02-30', count: 1 }) }, 'fanxiao_temp', 'must be {"date":"YYYY-MM-DD","count":number}'],
    ];
    for (const [fields, field, message] of cases) {
      // a good field beside the bad one is not saved either
      const res = await advisor.send('PUT', `${P}?remind=0`, { ...fields, selfdyz: '1' });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()[field]?.[0], field).toContain(message);
    }
    expect((await advisor.get(`${P}?mount=1&date=2022-03-02`)).json()).toEqual(before);

    expect((await advisor.send('PUT', `${P}?remind=2`, {})).json()).toEqual({ remind: ['remind must be 0 (save parameters) or 1 (record reminders)'] });
    expect((await advisor.send('PUT', P, {})).statusCode).toBe(400);
    expect((await advisor.json('PUT', `${P}?remind=0`, { cookie: 'x' })).statusCode).toBe(415);
  });

  it('records reminders (remind=1): once per person and date, counted over dates, top 10 first', async () => {
    const people = (n: number) => Array.from({ length: n }, (_, i) => ({ xgh: `S${String(i).padStart(3, '0')}`, realname: `学生${i}` }));
    for (const [date, n] of [
      ['2022-03-01', 12],
      ['2022-03-02', 3],
      ['2022-03-03', 1],
    ] as const) {
      const res = await advisor.send('PUT', `${P}?remind=1&date=${date}`, { remind: JSON.stringify(people(n)) });
      expect(res.json()).toBe('success');
    }
    // the same day again counts once
    await advisor.send('PUT', `${P}?remind=1&date=2022-03-03`, { remind: JSON.stringify(people(1)) });
    const base = (await advisor.get(`${P}?mount=1&date=2022-03-03`)).json();
    expect(base.remind).toHaveLength(10);
    expect(base.remind.slice(0, 4)).toEqual([
      { xgh: 'S000', realname: '学生0', count: 3 },
      { xgh: 'S001', realname: '学生1', count: 2 },
      { xgh: 'S002', realname: '学生2', count: 2 },
      { xgh: 'S003', realname: '学生3', count: 1 },
    ]);
    expect(base.remind_today).toEqual(['S000']);

    const bad: [string, Record<string, string>][] = [
      ['?remind=1&date=2022-03-32', { remind: JSON.stringify(people(1)) }],
      ['?remind=1&date=2022-03-03', { remind: '[]' }],
      ['?remind=1&date=2022-03-03', { remind: 'S000' }],
      ['?remind=1&date=2022-03-03', { remind: JSON.stringify([{ xgh: 'S1' }]) }],
      ['?remind=1&date=2022-03-03', { remind: JSON.stringify(people(501)) }],
    ];
    for (const [query, fields] of bad) expect((await advisor.send('PUT', `${P}${query}`, fields)).statusCode, query).toBe(400);
    expect((await advisor.get(`${P}?mount=1&date=2022-03-03`)).json().remind).toEqual(base.remind);
  });

  it('keeps the name lists: pasted, imported from CSV, checked', async () => {
    const empty = (await advisor.get(INFO)).json();
    expect(empty).toEqual({
      info: { class: [], branch: [], probationary: [], disadvantaged: [] },
      col_name_dict: {
        class: { zh: '全班', en: 'Whole class' },
        branch: { zh: '党支部', en: 'Party branch' },
        probationary: { zh: '预备党员', en: 'Probationary members' },
        disadvantaged: { zh: '家庭经济困难学生', en: 'Financially disadvantaged' },
      },
    });
    expect((await advisor.send('PUT', INFO, { list: 'branch', names: ' 张三 \r\n李四\n\n张三\n王五' })).json()).toBe('success');
    expect((await advisor.send('PUT', INFO, { list: 'class', file: csv('姓名\n张三\n李四\n"王五"\n赵六,备注\n') })).json()).toBe('success');
    const gbk = Buffer.from([0xd5, 0xc5, 0xc8, 0xfd, 0x0a, 0xc0, 0xee, 0xcb, 0xc4, 0x0a]); // 张三\n李四 in GBK
    expect((await advisor.send('PUT', INFO, { list: 'disadvantaged', file: { file: gbk, name: 'gbk.csv', type: 'text/csv' } })).json()).toBe('success');
    const lists = (await advisor.get(INFO)).json().info;
    expect(lists.branch).toEqual(['张三', '李四', '王五']);
    expect(lists.class).toEqual(['张三', '李四', '王五', '赵六']);
    expect(lists.disadvantaged).toEqual(['张三', '李四']);
    // an empty paste empties the list
    await advisor.send('PUT', INFO, { list: 'disadvantaged', names: '' });
    expect((await advisor.get(INFO)).json().info.disadvantaged).toEqual([]);
  });

  it('refuses bad name lists and keeps the old one', async () => {
    const before = (await advisor.get(INFO)).json();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ list: 'everyone', names: 'A' }, 'list', 'not one of: class, branch, probationary, disadvantaged'],
      [{ names: 'A' }, 'list', 'required'],
      [{ list: 'branch' }, 'names', 'paste the names or upload a CSV file (one of the two)'],
      [{ list: 'branch', names: 'A', file: csv('B\n') }, 'names', 'paste the names or upload a CSV file (one of the two)'],
      [{ list: 'branch', names: Array.from({ length: 1001 }, (_, i) => `N${i}`).join('\n') }, 'names', 'a list holds at most 1000 names'],
      [{ list: 'branch', names: `ok\n${'长'.repeat(51)}` }, 'names', 'is longer than 50 characters'],
    ];
    for (const [fields, field, message] of cases) {
      const res = await advisor.send('PUT', INFO, fields as Record<string, string>);
      expect(res.statusCode, JSON.stringify(fields).slice(0, 60)).toBe(400);
      expect(res.json()[field]?.[0]).toContain(message);
    }
    expect((await advisor.get(INFO)).json()).toEqual(before);
  });

  it('answers 404 for advisor paths it does not have', async () => {
    expect((await advisor.get('/apiadvisor0/unknown/')).statusCode).toBe(404);
  });
});

// The upstream of docs/advisor.md, played by a real HTTP server on loopback.
describe.each(dialects)('advisor area with an upstream on %s', (dialect) => {
  const GOOD = 'JSESSIONID=good-cookie';
  const seen: { cookie: string | undefined; date: string | null }[] = [];
  let mode: 'ok' | 'slow' | 'garbage' = 'ok';
  let server: http.Server;
  let w: World;
  const today = chinaDate();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const date = new URL(req.url ?? '/', 'http://x').searchParams.get('date');
      seen.push({ cookie: req.headers.cookie, date });
      if (mode === 'slow') return; // never answers: the client's timeout decides
      if (req.headers.cookie !== GOOD) {
        res.writeHead(401).end();
        return;
      }
      if (mode === 'garbage') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"date": ');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          date,
          students: [
            { xgh: 'U1', realname: '甲', reported: true, uptime: `${date} 07:00`, status: '正常', doses: 2 },
            { xgh: 'U2', realname: '乙', reported: false, uptime: null, status: null, doses: 1 },
            { xgh: 'U3', realname: '丙', reported: true, uptime: `${date} 09:00`, status: '发热', doses: 0 },
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    w = await makeWorld(dialect, { PINGAN_UPSTREAM_URL: `http://127.0.0.1:${port}/report?class=7`, PINGAN_UPSTREAM_TIMEOUT_MS: '400' });
  });
  afterAll(async () => {
    await w.t.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('with no cookie stored asks nothing and says the cookie needs updating', async () => {
    const res = (await w.advisor.get(`${P}?mount=2`)).json();
    expect(res).toMatchObject({ upstream: true, refresh_cookie: true, source: null, source_error: 'cookie_rejected', date: today });
    expect(seen).toEqual([]);
  });

  it('sends the stored cookie; a refused one is marked and the imported reports stand in', async () => {
    await w.advisor.send('PUT', `${P}?remind=0`, { cookie: 'JSESSIONID=stale' });
    expect((await w.advisor.get(`${P}?mount=1`)).json().refresh_cookie).toBe(false);
    await w.advisor.send('POST', `${P}import/`, { file: csv(`${HEADER}${today},I1,导入者,否,,,0\n`) });
    const res = (await w.advisor.get(`${P}?mount=2`)).json();
    expect(seen.at(-1)).toEqual({ cookie: 'JSESSIONID=stale', date: today });
    expect(res).toMatchObject({ refresh_cookie: true, source: 'import', source_error: 'cookie_rejected', zrs: 1, weishangbao_name: '导入者' });
    // the mark stays until a new cookie or a good answer
    expect((await w.advisor.get(`${P}?mount=1`)).json().refresh_cookie).toBe(true);
  });

  it('maps a good answer into the day’s figures and clears the mark', async () => {
    await w.advisor.send('PUT', `${P}?remind=0`, { cookie: GOOD });
    const day = (await w.advisor.get(`${P}?mount=2&date=2022-05-06`)).json();
    expect(seen.at(-1)).toEqual({ cookie: GOOD, date: '2022-05-06' });
    expect(day).toMatchObject({
      source: 'upstream',
      source_error: null,
      refresh_cookie: false,
      zrs: 3,
      xzs: 2,
      dez: 1,
      dyz: 2,
      num_weishangbao: 1,
      weishangbao_name: '乙',
    });
    const yes = (await w.advisor.get(`${P}?mount=3&date=2022-05-06`)).json();
    expect(seen.at(-1)?.date).toBe('2022-05-05');
    expect(yes.buzhengchang_yes).toEqual([{ realname: '丙', xgh: 'U3', uptime: '2022-05-05 09:00', status: '发热' }]);
  });

  it('a timeout means the cookie needs updating; an unreadable answer is reported without blaming it', async () => {
    mode = 'slow';
    const slow = (await w.advisor.get(`${P}?mount=2&date=2022-05-06`)).json();
    expect(slow).toMatchObject({ source: null, source_error: 'timeout', refresh_cookie: true });
    mode = 'garbage';
    const garbage = (await w.advisor.get(`${P}?mount=2&date=2022-05-06`)).json();
    expect(garbage).toMatchObject({ source: null, source_error: 'malformed', refresh_cookie: false });
    mode = 'ok';
  });

  it('never shows the cookie to anyone but the advisor', async () => {
    for (const c of [w.user, w.admin, new Client(w.app)]) {
      const res = await c.get(`${P}?mount=1`);
      expect(res.statusCode).not.toBe(200);
      expect(res.body).not.toContain('good-cookie');
    }
    const me = await w.admin.get('/api/me/');
    expect(me.body).not.toContain('good-cookie');
  });
});

describe('advisor area switched off', () => {
  it('has no calls when ADVISOR_USERNAME is unset', async () => {
    const w = await makeWorld('sqlite', { ADVISOR_USERNAME: '' });
    try {
      for (const c of [w.advisor, w.admin]) expect((await c.get(`${P}?mount=1`)).statusCode).toBe(404);
      expect((await w.app.inject({ method: 'GET', url: `${P}?mount=1` })).statusCode).toBe(404);
    } finally {
      await w.t.close();
    }
  });
});

// keep the date helpers honest where the tests lean on them
it('addDays crosses months and leap days', () => {
  expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  expect(addDays('2022-12-31', 1)).toBe('2023-01-01');
});
