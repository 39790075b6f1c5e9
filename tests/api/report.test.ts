import Excel from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportSummary } from '../../common/report.ts';
import type { PublicPublication } from '../../common/wire.ts';
import { referencesIn } from '../../server/services/citations.ts';
import { buildReport, summaryOf } from '../../server/services/report.ts';
import { referencesOffThread, reportCsv, reportDocx, reportXlsx } from '../../server/services/report-files.ts';
import { createdId, fieldErrors, type Member, makeWorld, newMember, type World } from '../fixtures/world.ts';
import { dialects } from '../helpers/app.ts';
import { docxParagraphs } from '../helpers/docx.ts';

// The achievement report. A known set of records (two members, papers of each venue kind,
// a patent publication that the patents register counts instead, a patent, a software copyright, an award
// and a project, some outside the period), and what the counts, the workbook, the Word document and the CSV
// say of them.

async function workbook(buf: Buffer) {
  const book = new Excel.Workbook();
  await book.xlsx.load(buf as unknown as ArrayBuffer);
  return book;
}

const sheetRows = (book: Excel.Workbook, name: string) => {
  const sheet = book.getWorksheet(name);
  expect(sheet, name).toBeDefined();
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

describe.each(dialects)('achievement report on %s', (dialect) => {
  let w: World;
  let li: Member;
  let wang: Member;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    w = await makeWorld(dialect);
    li = await newMember(w.admin, { name_zh: '李清禾', name_en: 'Qinghe Li' });
    wang = await newMember(w.admin, { name_zh: '王书怡', name_en: 'Shuyi Wang' });
    const pub = async (key: string, fields: Record<string, string>) => {
      const r = await w.admin.send('POST', '/api/publication/', { source: 'Venue', area: 'agents', ...fields });
      expect(r.statusCode, r.body).toBe(200);
      ids[key] = createdId(r);
    };
    // matched to the members by name; an outsider first
    await pub('journal', {
      title: 'Graph Agents for Rumour Tracing',
      author: '["Emily Hart","Qinghe Li","Shuyi Wang"]',
      source: 'Journal of Agents',
      venue_kind: 'journal',
      year: '2024',
      volume: '12',
      issue: '3',
      pages: '100-120',
    });
    await pub('conf2023', {
      title: '=HYPERLINK("x") Conference Paper',
      author: '["Shuyi Wang","Tom Hill"]',
      source: 'ACL 2023',
      venue_kind: 'conference',
      year: '2023',
      area: 'social computing',
    });
    await pub('conf2024', {
      title: '社会计算驱动的谣言检测',
      author: '["李清禾","张三","李四","王五"]',
      source: '计算机学报',
      venue_kind: 'conference',
      year: '2024',
    });
    await pub('book', { title: 'A Monograph', author: '["Qinghe Li"]', source: 'Press', type: 'monograph', venue_kind: 'other', year: '2022' });
    await pub('patentPub', { title: 'Patent Publication', author: '["Qinghe Li"]', source: 'CN1', type: 'patent', year: '2023' });
    await pub('old', { title: 'Too Old', author: '["Qinghe Li"]', venue_kind: 'journal', year: '2019' });
    const rec = async (path: string, fields: Record<string, string>) => {
      const r = await w.admin.send('POST', path, fields);
      expect(r.statusCode, r.body).toBe(200);
      return createdId(r);
    };
    ids.patent = await rec('/api/patent/', {
      kind: 'invention',
      number: 'ZL202310123456.7',
      title_zh: '一种谣言早期检测方法',
      title_en: 'A method for early rumour detection',
      inventors: JSON.stringify([`@${li.username}`, 'Zhang Wei']),
      status: 'granted',
      filed_on: '2022-02-14',
      granted_on: '2024-09-03',
    });
    ids.software = await rec('/api/patent/', {
      kind: 'software copyright',
      number: '2023SR0456789',
      title_zh: '论辩标注平台 V2.0',
      inventors: JSON.stringify([`@${wang.username}`]),
      status: 'filed',
      filed_on: '2023-04-02',
    });
    ids.award = await rec('/api/award/', {
      title_zh: '科技进步奖二等奖',
      title_en: 'Science Progress Award',
      level: 'provincial',
      year: '2024',
      recipients: JSON.stringify([`@${li.username}`, `@${wang.username}`]),
    });
    ids.project = await rec('/api/project/', {
      title_zh: '社会计算驱动的谣言治理',
      title_en: 'Rumour governance by social computing',
      funder_zh: '国家重点研发计划',
      funder_en: 'National Key R&D Program',
      programme_zh: '课题',
      programme_en: 'Subproject',
      grant_number: '2022YFB3103700',
      level: 'national',
      start_year: '2022',
      end_year: '2025',
      pi: JSON.stringify([`@${li.username}`]),
      members: JSON.stringify([`@${wang.username}`]),
    });
    // a project that started before the period and runs into it counts in the period's years it runs
    await rec('/api/project/', { title_zh: '旧项目', start_year: '2019', end_year: '2024', pi: JSON.stringify([`@${li.username}`]) });
  }, 120_000);
  afterAll(() => w?.t.close());

  const summary = async (query: string) => {
    const r = await w.admin.get(`/api/report/?${query}`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as ReportSummary;
  };

  it('counts the records of the period by kind, year, area and member', async () => {
    const s = await summary('from=2022&to=2024');
    expect(s.byKind.counts).toEqual({ journal: 1, conference: 2, other: 1, patent: 1, software: 1, award: 1, project: 2 });
    expect(s.total).toBe(9);
    // both projects run through 2022–2024: counted in each of those years, once in the total
    expect(s.byYear.map((y) => [y.year, y.total])).toEqual([
      [2024, 6],
      [2023, 4],
      [2022, 3],
    ]);
    expect(s.byYear[0]?.counts).toEqual({ journal: 1, conference: 1, patent: 1, award: 1, project: 2 });
    expect(s.byArea.map((a) => [a.area, a.total])).toEqual([
      ['social computing', 1],
      ['agents', 3],
    ]);
    const member = (pid: number) => s.byMember.find((m) => m.pid === pid);
    // 李清禾: the journal paper, the Chinese paper (by her Chinese name), the book, the patent, the award, both projects
    expect(member(li.pid)?.total).toBe(7);
    expect(member(wang.pid)?.counts).toEqual({ journal: 1, conference: 1, software: 1, award: 1, project: 1 });
    // no rank source: no rank table
    expect(s.byRank).toBeUndefined();
  });

  it('groups by the venue ranks the site shows, and by none when it shows none', async () => {
    expect((await w.admin.json('PUT', '/api/site/', { venue_ranks: 'ccf' })).statusCode).toBe(200);
    try {
      const s = await summary('from=2022&to=2024&kinds=journal,conference');
      // ACL is CCF A; the others are on no list
      expect(s.byRank?.find((r) => r.rank === 'CCF A')?.total).toBe(1);
      expect(s.byRank?.find((r) => r.rank === 'unranked')?.total).toBe(2);
    } finally {
      expect((await w.admin.json('PUT', '/api/site/', { venue_ranks: 'none' })).statusCode).toBe(200);
    }
    expect((await summary('from=2022&to=2024')).byRank).toBeUndefined();
  });

  it('narrows to members, areas and kinds', async () => {
    const s = await summary(`from=2022&to=2024&members=${wang.pid}`);
    expect(s.total).toBe(5);
    expect(s.byMember.map((m) => m.pid)).toEqual([wang.pid]);
    const areas = await summary('from=2022&to=2024&areas=social%20computing&kinds=journal,conference,award');
    expect(areas.byKind.counts).toEqual({ conference: 1, award: 1 });
    expect(areas.kinds).toEqual(['journal', 'conference', 'award']);
  });

  it('writes the workbook: a summary sheet and one sheet per kind, in the chosen language', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const r = await w.admin.get(`/api/report/export/?format=xlsx&from=2022&to=2024&lang=${lang}`);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.headers['content-disposition']).toBe(`attachment; filename="report-2022-2024-${lang}.xlsx"`);
      const book = await workbook(r.rawPayload);
      const names =
        lang === 'zh'
          ? ['汇总', '期刊论文', '会议论文', '其他论著', '专利', '软件著作权', '获奖', '科研项目']
          : ['Summary', 'Journal articles', 'Conference papers', 'Other publications', 'Patents', 'Software copyrights', 'Awards', 'Research projects'];
      expect(book.worksheets.map((s) => s.name)).toEqual(names);
      const summaryRows = sheetRows(book, names[0] as string);
      const total = summaryRows.find((row) => row[0] === (lang === 'zh' ? '合计' : 'Total'));
      expect(total).toEqual([lang === 'zh' ? '合计' : 'Total', 1, 2, 1, 1, 1, 1, 2, 9]);
      const conf = sheetRows(book, names[2] as string);
      expect(conf).toHaveLength(3);
      expect(conf[1]?.[0]).toBe(2024);
      // a title that would be a formula stays text
      expect(conf[2]?.[1]).toBe(`'=HYPERLINK("x") Conference Paper`);
      const project = sheetRows(book, names[7] as string);
      expect(project[1]).toContain('2022YFB3103700');
      expect(project[1]).toContain(lang === 'zh' ? '李清禾，王书怡' : 'Qinghe Li, Shuyi Wang');
    }
  });

  it('writes the Word document: kinds, levels and years in order, GB/T references, the members bold', async () => {
    const r = await w.admin.get('/api/report/export/?format=docx&from=2022&to=2024&lang=zh');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toContain('wordprocessingml');
    const paras = await docxParagraphs(r.rawPayload);
    const texts = paras.map((p) => p.text);
    const at = (s: string) => texts.findIndex((t) => t.includes(s));
    expect(at('期刊论文 (1)')).toBeGreaterThan(0);
    // kind order, and within the conference papers the newest year first
    expect(at('期刊论文 (1)')).toBeLessThan(at('会议论文 (2)'));
    expect(at('会议论文 (2)')).toBeLessThan(at('社会计算驱动的谣言检测[C]'));
    expect(at('社会计算驱动的谣言检测[C]')).toBeLessThan(at('conference paper[C]'));
    expect(at('其他论著 (1)')).toBeLessThan(at('专利 (1)'));
    expect(texts).toContain('[1] Hart E，Li Q，Wang S. Graph agents for rumour tracing[J]. Journal of Agents，2024，12（3）：100-120.');
    // the journal paper's members bold, the outsider not
    expect(paras[at('Graph agents')]?.bold).toEqual(['Li Q', 'Wang S']);
    // a Chinese paper of four authors: three, then 等
    expect(texts).toContain('[1] 李清禾，张三，李四，等. 社会计算驱动的谣言检测[C]//计算机学报，2024.');
    expect(paras[at('社会计算驱动的谣言检测[C]')]?.bold).toEqual(['李清禾']);
    // the registers, in the same spirit
    expect(texts).toContain('[1] 李清禾, Zhang Wei. 一种谣言早期检测方法: ZL202310123456.7[P]. 2024-09-03.');
    expect(texts).toContain('[1] 王书怡. 论辩标注平台 V2.0: 2023SR0456789[CP]. 2023-04-02.');
    expect(texts).toContain('[1] 李清禾, 王书怡. 社会计算驱动的谣言治理. 国家重点研发计划 课题 2022YFB3103700, 2022–2025.');
    expect(paras[at('社会计算驱动的谣言治理')]?.bold).toEqual(['李清禾', '王书怡']);
    // the levels as headings: an award's and a project's
    expect(at('省部级')).toBeGreaterThan(at('获奖 (1)'));
    expect(at('国家级')).toBeGreaterThan(at('科研项目 (2)'));
    // the patent publication is counted once, by the register
    expect(at('Patent Publication')).toBe(-1);
    expect(at('Too Old')).toBe(-1);
    // a project that runs into the period is listed, under its start year
    expect(texts).toContain('[2] 李清禾. 旧项目. 2019–2024.');
    expect(at('计年规则')).toBeGreaterThan(0);

    const en = await docxParagraphs((await w.admin.get('/api/report/export/?format=docx&from=2022&to=2024&lang=en')).rawPayload);
    const enTexts = en.map((p) => p.text);
    expect(enTexts).toContain(
      '[1] Qinghe Li, Shuyi Wang. Rumour governance by social computing. National Key R&D Program Subproject 2022YFB3103700, 2022–2025.',
    );
    expect(enTexts.some((t) => t.startsWith('Journal articles (1)'))).toBe(true);
  });

  it('writes the CSV: one row per record with its reference, formulas inert', async () => {
    const r = await w.admin.get('/api/report/export/?format=csv&from=2022&to=2024&lang=en');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.body.startsWith('\uFEFFKind,Rank,Year,Title,People,Reference (GB/T 7714),Counted in (a project: every year it runs)\r\n')).toBe(true);
    const lines = r.body.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(10);
    expect(lines[1]).toBe(
      'Journal articles,,2024,Graph Agents for Rumour Tracing,"Emily Hart, Qinghe Li, Shuyi Wang",Hart E，Li Q，Wang S. Graph agents for rumour tracing[J]. Journal of Agents，2024，12（3）：100-120.,2024',
    );
    // the project of 2019–2024, counted in the period's years it runs
    expect(lines.some((l) => l.startsWith('Research projects,National,2019,') && l.endsWith(',2022–2024'))).toBe(true);
    expect(r.body).toContain(`,2023,"'=HYPERLINK(""x"") Conference Paper",`);
    expect(r.body).not.toMatch(/(^|,)=/m);
  });

  it('writes the same references in a worker thread as in the server’s own (a long report’s)', async () => {
    const list = ((await w.admin.get('/api/publication/')).json() as PublicPublication[]).filter((p) => p.type !== 'patent');
    expect(list.length).toBeGreaterThanOrEqual(5);
    const inline = await referencesIn(list);
    expect(inline.every(Boolean)).toBe(true);
    expect(await referencesOffThread(list)).toEqual(inline);
  });

  it('groups publications by venue rank when given a rank source (the rank column, table and headings)', async () => {
    const ctx = { db: w.app.lab.db, storage: w.app.lab.storage, actor: null, lang: 'en' as const };
    const rankOf = (p: PublicPublication) => (p.source === 'ACL 2023' ? 'CCF-A' : p.source === 'Journal of Agents' ? 'CCF-B' : undefined);
    const report = await buildReport(ctx, { from: 2022, to: 2024, kinds: ['journal', 'conference'] }, rankOf);
    expect(summaryOf(report).byRank?.map((r) => [r.rank, r.total])).toEqual([
      ['CCF-A', 1],
      ['CCF-B', 1],
      ['unranked', 1],
    ]);
    const book = await workbook(await reportXlsx(report, 'en'));
    expect(sheetRows(book, 'Conference papers')[0]?.slice(0, 2)).toEqual(['Year', 'Rank']);
    expect(sheetRows(book, 'Summary').some((row) => row[0] === 'By venue rank (publications)')).toBe(true);
    const texts = (await docxParagraphs(await reportDocx(report, 'en', 'Lab'))).map((p) => p.text);
    // within the conference papers: the ranked first, the unranked last, each under its heading
    expect(texts.indexOf('CCF-A')).toBeLessThan(texts.findIndex((t) => t.includes('conference paper[C]')));
    expect(texts.lastIndexOf('Unranked')).toBeLessThan(texts.findIndex((t) => t.includes('社会计算驱动的谣言检测')));
    expect(texts.lastIndexOf('Unranked')).toBeGreaterThan(texts.findIndex((t) => t.includes('conference paper[C]')));
    // without one: no rank column
    const plain = await workbook(await reportXlsx(await buildReport(ctx, { from: 2022, to: 2024, kinds: ['conference'] }), 'en'));
    expect(sheetRows(plain, 'Conference papers')[0]?.slice(0, 2)).toEqual(['Year', 'Title']);
  });

  it('writes a long report’s Word document in a worker thread, the same as a short one’s', async () => {
    const ctx = { db: w.app.lab.db, storage: w.app.lab.storage, actor: null, lang: 'en' as const };
    const short = await buildReport(ctx, { from: 2022, to: 2024, kinds: ['journal'] });
    const [paper] = short.items;
    expect(paper?.publication).toBeDefined();
    // the journal paper 320 times over (ids of their own): past WORKER_FROM
    const items = Array.from({ length: 320 }, (_, i) => ({ ...paper, publication: { ...paper?.publication, pid: 100_000 + i } }) as typeof paper & {});
    const long = await reportDocx({ ...short, items }, 'en', 'Lab');
    const refs = (await docxParagraphs(long)).filter((p) => /^\[\d+\] /.test(p.text));
    const one = (await docxParagraphs(await reportDocx(short, 'en', 'Lab'))).filter((p) => /^\[\d+\] /.test(p.text));
    expect(refs).toHaveLength(320);
    expect(refs[319]).toEqual({ ...one[0], text: one[0]?.text.replace('[1]', '[320]') });
  }, 60_000);

  it('writes a long report’s CSV in a worker thread (its parts posted one after another), the same lines as a short one’s', async () => {
    const ctx = { db: w.app.lab.db, storage: w.app.lab.storage, actor: null, lang: 'en' as const };
    const short = await buildReport(ctx, { from: 2022, to: 2024, kinds: ['journal'] });
    const [paper] = short.items;
    // past WORKER_FROM and past several of the parts the worker is posted: each line must come back, in order
    const items = Array.from(
      { length: 620 },
      (_, i) => ({ ...paper, year: 2024 - (i % 3), publication: { ...paper?.publication, pid: 200_000 + i } }) as typeof paper & {},
    );
    const [head, line] = (await reportCsv(short, 'en')).split('\r\n');
    const long = (await reportCsv({ ...short, items }, 'en')).split('\r\n');
    expect(long[0]).toBe(head);
    expect(long.slice(1, -1)).toEqual(items.map((item) => line?.replace(',2024,', `,${item.year},`).replace(/,2024$/, `,${item.year}`)));
  }, 60_000);

  it('counts a project in every year it runs, an open end to the period’s end, and writes its money as a number', async () => {
    const running = await w.admin.send('POST', '/api/project/', {
      title_zh: '跨年项目',
      title_en: 'A project over four years',
      start_year: '2023',
      end_year: '2026',
      amount: '1250',
      pi: JSON.stringify([`@${wang.username}`]),
    });
    expect(running.statusCode, running.body).toBe(200);
    const open = await w.admin.send('POST', '/api/project/', { title_zh: '未定结束的项目', start_year: '2025' });
    expect(open.statusCode, open.body).toBe(200);
    try {
      // a 2025 report: the 2023–2026 project and the open one (the 2022–2025 project too)
      const y2025 = await summary('from=2025&to=2025&kinds=project');
      expect(y2025.byKind.counts).toEqual({ project: 3 });
      expect(y2025.byYear).toEqual([{ year: 2025, counts: { project: 3 }, total: 3 }]);
      // 2024–2025: each counted in both years it runs there, once in the total
      const range = await summary(`from=2024&to=2025&kinds=project&members=${wang.pid}`);
      expect(range.total).toBe(2);
      expect(range.byYear.map((y) => [y.year, y.counts.project])).toEqual([
        [2025, 2],
        [2024, 2],
      ]);
      // after its end year it is not counted; the open one still is
      const y2027 = await summary('from=2027&to=2027&kinds=project');
      expect(y2027.total).toBe(1);

      const r = await w.admin.get('/api/report/export/?format=xlsx&from=2025&to=2025&kinds=project&lang=en');
      expect(r.statusCode, r.body).toBe(200);
      const book = await workbook(r.rawPayload);
      expect(sheetRows(book, 'Summary')[1]?.[0]).toContain('a research project in every year it runs');
      const sheet = book.getWorksheet('Research projects');
      const header = sheetRows(book, 'Research projects')[0] ?? [];
      const amountCol = header.indexOf('Funding (10,000 CNY)') + 1;
      expect(amountCol).toBeGreaterThan(0);
      let found = false;
      sheet?.eachRow((row, n) => {
        if (n === 1 || !String(row.getCell(3).value).includes('A project over four years')) return;
        found = true;
        const cell = row.getCell(amountCol);
        expect(cell.type).toBe(Excel.ValueType.Number);
        expect(cell.value).toBe(1250);
        expect(cell.numFmt).toBe('#,##0');
        expect(row.getCell(header.indexOf('Counted in (a project: every year it runs)') + 1).value).toBe('2025');
      });
      expect(found).toBe(true);
    } finally {
      for (const id of [createdId(running), createdId(open)]) expect((await w.admin.delete(`/api/project/?jid=${id}`)).statusCode).toBe(200);
    }
  });

  it('is for administrators, and refuses a bad period in the asker’s language', async () => {
    expect((await w.user.get('/api/report/?from=2022&to=2024')).statusCode).toBe(403);
    expect((await w.user.get('/api/report/export/?format=xlsx&from=2022&to=2024')).statusCode).toBe(403);
    w.admin.lang = 'en';
    expect(fieldErrors(await w.admin.get('/api/report/?from=2024&to=2022')).to).toEqual(['the end year cannot be before the start year']);
    w.admin.lang = 'zh';
    expect(fieldErrors(await w.admin.get('/api/report/?from=2024&to=2022')).to).toEqual(['结束年份不能早于起始年份']);
    expect(fieldErrors(await w.admin.get('/api/report/?from=1900&to=2022')).from).toEqual(['超出允许范围（1950–2100）']);
    w.admin.lang = 'en';
    expect(Object.keys(fieldErrors(await w.admin.get('/api/report/?from=20x4&to=2022')))).toContain('from');
    expect(Object.keys(fieldErrors(await w.admin.get('/api/report/?from=2020&to=2022&kinds=journal,poems')))).toContain('kinds');
    expect((await w.admin.get('/api/report/export/?format=exe&from=2020&to=2022')).statusCode).toBe(400);
  });
});
