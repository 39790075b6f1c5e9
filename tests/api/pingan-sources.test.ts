import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../common/enums.ts';
import { t } from '../../common/messages.ts';
import { FieldError } from '../../server/errors.ts';
import { fieldErrorStatus } from '../../server/http/errors.ts';
import { parseReportFile } from '../../server/pingan/import-file.ts';
import { createUpstreamSource } from '../../server/pingan/upstream.ts';

// The two real pingan sources: the HTTP client against a real local server standing in for the
// reporting system, and the reader of its exported file over the samples in tests/fixtures/pingan.

const COOKIE = 'JSESSIONID=4f2a9c; route=node7';
const DATE = '2022-03-01';

const goodAnswer = {
  date: DATE,
  students: [
    { xgh: ' 2021001 ', realname: '张三 ', reported: true, uptime: '2022-03-01 08:00', status: '正常', doses: 3 },
    { xgh: '2021002', realname: '李四', reported: true, uptime: '2022-03-01 09:10', status: ' 发热 ' },
    { xgh: '2021003', realname: '王五', reported: false, uptime: null, status: null, doses: 0 },
    { xgh: '2021004', realname: 'Lee Anna', reported: false },
  ],
  generated_at: 'ignored',
};

describe('upstream source', () => {
  const received: { path: string; date: string | null; cls: string | null; cookie?: string; accept?: string }[] = [];
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      received.push({
        path: url.pathname,
        date: url.searchParams.get('date'),
        cls: url.searchParams.get('class'),
        cookie: req.headers.cookie,
        accept: req.headers.accept,
      });
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      switch (url.pathname) {
        case '/good':
          // answers only the advisor's exact cookie and the asked date, as the real system would
          if (req.headers.cookie !== COOKIE || url.searchParams.get('date') !== DATE) return json(400, { error: 'bad' });
          return json(200, goodAnswer);
        case '/401':
          return json(401, { error: 'login' });
        case '/403':
          return json(403, { error: 'forbidden' });
        case '/302':
          res.writeHead(302, { location: '/login' });
          return res.end();
        case '/500':
          return json(500, { error: 'boom' });
        case '/hang':
          return; // never answers
        case '/stall-body':
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.write('{"date":"2022-03-01","students":['); // and never finishes
        case '/not-json':
          return json(200, '<html>login</html>');
        case '/shape':
          return json(200, { date: DATE, students: [{ xgh: '2021001', realname: '张三', reported: 'yes' }] });
        case '/doses':
          return json(200, { date: DATE, students: [{ xgh: '2021001', realname: '张三', reported: true, doses: 4 }] });
        case '/other-date':
          return json(200, { ...goodAnswer, date: '2022-03-02' });
        case '/huge': {
          // a good answer but for the 11 MB of white space before it, sent without a length
          res.writeHead(200, { 'content-type': 'application/json' });
          const chunk = Buffer.alloc(1024 * 1024, 0x20);
          for (let i = 0; i < 11; i++) res.write(chunk);
          return res.end(JSON.stringify(goodAnswer));
        }
        case '/huge-declared':
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(11 * 1024 * 1024) });
          return res.end(JSON.stringify(goodAnswer).padEnd(11 * 1024 * 1024, ' '));
        default:
          return json(404, {});
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const source = (p: string, timeoutMs = 2000) => createUpstreamSource({ url: `${base}${p}`, timeoutMs });
  const failure = async (p: string, timeoutMs?: number) => {
    const r = await source(p, timeoutMs).day(DATE, COOKIE);
    expect(JSON.stringify(r)).not.toContain('4f2a9c');
    return r.ok ? 'ok' : r.failure;
  };

  it('maps a good answer and sends the cookie, the date and Accept', async () => {
    const src = createUpstreamSource({ url: `${base}/good?class=cs1`, timeoutMs: 2000 });
    expect(src.kind).toBe('upstream');
    const r = await src.day(DATE, COOKIE);
    expect(r).toEqual({
      ok: true,
      report: {
        date: DATE,
        students: [
          { xgh: '2021001', realname: '张三', reported: true, uptime: '2022-03-01 08:00', status: '正常', abnormal: false, doses: 3 },
          { xgh: '2021002', realname: '李四', reported: true, uptime: '2022-03-01 09:10', status: '发热', abnormal: true, doses: 0 },
          { xgh: '2021003', realname: '王五', reported: false, uptime: '', status: '', abnormal: false, doses: 0 },
          { xgh: '2021004', realname: 'Lee Anna', reported: false, uptime: '', status: '', abnormal: false, doses: 0 },
        ],
      },
    });
    expect(received.at(-1)).toEqual({ path: '/good', date: DATE, cls: 'cs1', cookie: COOKIE, accept: 'application/json' });
  });

  it('takes 401, 403 and a redirect to mean the cookie is rejected', async () => {
    expect(await failure('/401')).toBe('cookie_rejected');
    expect(await failure('/403')).toBe('cookie_rejected');
    expect(await failure('/302')).toBe('cookie_rejected');
    // the redirect was not followed to the login page
    expect(received.filter((r) => r.path === '/login')).toEqual([]);
  });

  it('reports another error status as upstream_error', async () => {
    expect(await failure('/500')).toBe('upstream_error');
    expect(await failure('/nowhere')).toBe('upstream_error');
  });

  it('gives up after timeoutMs, waiting for the answer or for its body', async () => {
    const started = Date.now();
    expect(await failure('/hang', 200)).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await failure('/stall-body', 200)).toBe('timeout');
  });

  it('refuses answers that are not the expected JSON for the asked date', async () => {
    expect(await failure('/not-json')).toBe('malformed');
    expect(await failure('/shape')).toBe('malformed');
    expect(await failure('/doses')).toBe('malformed');
    expect(await failure('/other-date')).toBe('malformed');
    expect(await failure('/huge')).toBe('malformed');
    expect(await failure('/huge-declared')).toBe('malformed');
  });

  it('reports a closed port as unreachable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const r = await createUpstreamSource({ url: `http://127.0.0.1:${port}/day`, timeoutMs: 2000 }).day(DATE, COOKIE);
    expect(r).toEqual({ ok: false, failure: 'unreachable' });
  });

  it('sends nothing without a cookie', async () => {
    const before = received.length;
    expect(await source('/good').day(DATE, '')).toEqual({ ok: false, failure: 'cookie_rejected' });
    expect(await source('/good').day(DATE, '  \t ')).toEqual({ ok: false, failure: 'cookie_rejected' });
    expect(received.length).toBe(before);
  });
});

describe('import file', () => {
  const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '../fixtures/pingan', name));

  /** The FieldError's messages on `file` in `lang`, and its status. */
  const errorsOf = async (data: Buffer, lang: Lang = 'en') => {
    try {
      await parseReportFile(data);
    } catch (e) {
      if (!(e instanceof FieldError)) throw e;
      expect(Object.keys(e.fields)).toEqual(['file']);
      return { status: fieldErrorStatus(e), messages: (e.fields.file ?? []).map((m) => t(lang, m.key, m.params)) };
    }
    throw new Error('expected a FieldError');
  };
  const csv = (lines: string[]) => Buffer.from(lines.join('\r\n'));
  const HEADER = '日期,学号,姓名,是否上报,上报时间,状态,接种针数';

  it.each(['report.csv', 'report-gbk.csv'])('reads %s (UTF-8 with BOM, GBK)', async (name) => {
    const rows = await parseReportFile(fixture(name));
    expect(rows).toHaveLength(16);
    expect(rows.filter((r) => r.date === '2022-03-01')).toHaveLength(8);
    expect(rows[0]).toEqual({
      date: '2022-03-01',
      xgh: '2021001',
      realname: '张三',
      reported: true,
      uptime: '2022-03-01 07:58',
      status: '正常',
      abnormal: false,
      doses: 3,
    });
    // seconds dropped; the one abnormal status
    expect(rows[1]).toMatchObject({ xgh: '2021002', uptime: '2022-03-01 08:15', status: '发热', abnormal: true });
    expect(rows.filter((r) => r.abnormal).map((r) => r.xgh)).toEqual(['2021002']);
    // unreported, empty doses read as 0
    expect(rows[2]).toEqual({ ...rows[2], reported: false, uptime: '', status: '', abnormal: false, doses: 0 });
    // leading zeros kept; a quoted name with a comma and doubled quotes
    expect(rows[3]).toMatchObject({ xgh: '0021004', realname: 'Lee, Anna "Annie"' });
    expect(rows.filter((r) => !r.reported)).toHaveLength(6);
    expect(rows[15]).toMatchObject({ date: '2022-03-02', xgh: '2021008', uptime: '2022-03-02 23:59', reported: true });
  });

  it('reads the GBK file to the same rows as the UTF-8 one', async () => {
    expect(await parseReportFile(fixture('report-gbk.csv'))).toEqual(await parseReportFile(fixture('report.csv')));
  });

  it('reads XLSX with English headers, date cells and numeric IDs', async () => {
    const rows = await parseReportFile(fixture('report.xlsx'));
    expect(rows).toHaveLength(8);
    expect(rows[0]).toEqual({
      date: '2022-03-01',
      xgh: '2021001',
      realname: '张三',
      reported: true,
      uptime: '2022-03-01 08:30',
      status: '正常',
      abnormal: false,
      doses: 3,
    });
    // rich text name, "yes", seconds of a date cell dropped, an abnormal status
    expect(rows[1]).toMatchObject({ realname: '李四', reported: true, uptime: '2022-03-01 09:05', abnormal: true, doses: 2 });
    expect(rows[2]).toMatchObject({ reported: false, uptime: '', status: '', doses: 0 });
    // a 15-digit number cell is its digits, not 2.021e14
    expect(rows[3]).toMatchObject({ xgh: '202100000000004', reported: false });
    expect(rows[6]).toMatchObject({ date: '2022-03-02', xgh: '2021003', reported: true, uptime: '2022-03-02 12:05' });
    expect(rows[7]).toMatchObject({ reported: false, doses: 1 });
    for (const r of rows) expect(typeof r.xgh).toBe('string');
  });

  it('names the row, column and header of every bad cell in bad.xlsx', async () => {
    const { status, messages } = await errorsOf(fixture('bad.xlsx'));
    expect(status).toBe(400);
    expect(messages).toEqual([
      t('en', 'import_date', { row: 3, col: 'A', zh: '日期', en: 'date' }),
      t('en', 'import_required', { row: 4, col: 'C', zh: '姓名', en: 'realname' }),
      t('en', 'import_bool', { row: 5, col: 'D', zh: '是否上报', en: 'reported' }),
      t('en', 'import_doses', { row: 6, col: 'G', zh: '接种针数', en: 'doses' }),
      t('en', 'import_uptime', { row: 7, col: 'E', zh: '上报时间', en: 'uptime' }),
      t('en', 'import_duplicate', { row: 8, col: 'B', zh: '学号', en: 'xgh', first: 2, date: '2022-03-01', xgh: '2021001' }),
      t('en', 'import_too_long', { row: 9, col: 'B', zh: '学号', en: 'xgh', max: 40 }),
    ]);
    expect(messages[1]).toBe('Row 4, column C (realname): must not be empty');
    expect(messages[3]).toBe('Row 6, column G (doses): must be a whole number 0–3');
    expect((await errorsOf(fixture('bad.xlsx'), 'zh')).messages[1]).toBe('第 4 行 C 列（姓名）：不能为空');
  });

  it('names the wrong headers of bad-header.csv', async () => {
    const { status, messages } = await errorsOf(fixture('bad-header.csv'));
    expect(status).toBe(400);
    expect(messages).toEqual(['Row 1, column C must be headed "姓名" or "realname"', 'Row 1, column F must be headed "状态" or "status"']);
  });

  it('refuses legacy .xls, other binary files and broken XLSX as 415', async () => {
    const typeMessage = t('en', 'import_type');
    expect(await errorsOf(fixture('legacy.xls'))).toEqual({ status: 415, messages: [typeMessage] });
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    expect(await errorsOf(png)).toEqual({ status: 415, messages: [typeMessage] });
    const brokenZip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 0x41)]);
    expect(await errorsOf(brokenZip)).toEqual({ status: 415, messages: [t('en', 'import_unreadable')] });
  });

  it('accepts English headers in any case, skips blank rows and counts them in row numbers', async () => {
    const data = csv([' DATE ,Xgh,RealName,REPORTED,uptime,Status,doses', '', ',,,,,,', '2024-02-29,s1,Ann,TRUE,,,', '2022-02-29,s2,Bob,0,,,']);
    const { messages } = await errorsOf(data);
    expect(messages).toEqual(['Row 5, column A (date): must be a date YYYY-MM-DD']);
    const rows = await parseReportFile(csv([' DATE ,Xgh,RealName,REPORTED,uptime,Status,doses', '', '2024-02-29,s1,Ann,TRUE,,,']));
    expect(rows).toEqual([{ date: '2024-02-29', xgh: 's1', realname: 'Ann', reported: true, uptime: '', status: '', abnormal: false, doses: 0 }]);
  });

  it('refuses a file with no data rows, and one with too many', async () => {
    expect((await errorsOf(csv([HEADER, '', '']))).messages).toEqual([t('en', 'import_empty')]);
    const many = Array.from({ length: 20_001 }, (_, i) => `2022-03-01,${i},N${i},是,,,`);
    expect((await errorsOf(csv([HEADER, ...many]))).messages).toEqual([t('en', 'import_too_many', { max: 20_000 })]);
    // exactly the limit is fine
    expect(await parseReportFile(csv([HEADER, ...many.slice(0, 20_000)]))).toHaveLength(20_000);
  });

  it('stops after 20 cell errors', async () => {
    const bad = Array.from({ length: 30 }, (_, i) => `2022-03-01,${i},,是,,,`);
    const { messages } = await errorsOf(csv([HEADER, ...bad]));
    expect(messages).toHaveLength(20);
    expect(messages[19]).toBe('Row 21, column C (realname): must not be empty');
  });
});
