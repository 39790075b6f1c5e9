import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Excel from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { people as demoPeople, publications as demoPublications } from '../../cli/demo/content.ts';
import { awards as demoAwards, patents as demoPatents, projects as demoProjects } from '../../cli/demo/records.ts';
import { seedDemo } from '../../cli/demo/seed.ts';
import { type ReportKind, reportKinds, type ReportSummary } from '../../common/report.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { type Client, loginAs } from '../helpers/client.ts';
import { docxParagraphs } from '../helpers/docx.ts';

// The demo lab's report reads back with the right counts and references,
// in both languages. What it should count is worked out here from the demo's own data (cli/demo), not from
// the server. The files are opened once by LibreOffice where it is installed (soffice on the PATH; CI
// installs it in .ci/run): converted to PDF, their pages counted and their text read.

const KINDS = reportKinds.map((k) => k.value);
const hasSoffice = (() => {
  try {
    execFileSync('soffice', ['--version'], { stdio: 'ignore', timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
})();

/** What the demo seeds, counted by kind, as the report should count it (cli/demo/seed.ts sets the venue kinds so). */
function expected(): { byKind: Record<ReportKind, number>; liqinghe: number; y2024: number } {
  const kindOf = (p: (typeof demoPublications)[number]): ReportKind | undefined =>
    p.type === 'patent' ? undefined : p.type !== 'paper' ? 'other' : /journal|transactions|^TKDE$/i.test(p.source) ? 'journal' : 'conference';
  const byKind = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<ReportKind, number>;
  let y2024 = 0;
  const year = (d: unknown) => Number(String(d).slice(0, 4));
  for (const p of demoPublications) {
    const k = kindOf(p);
    if (!k) continue;
    byKind[k] += 1;
    if (p.year === 2024) y2024 += 1;
  }
  for (const p of demoPatents) {
    byKind[p.kind === 'software copyright' ? 'software' : 'patent'] += 1;
    if (year(p.status === 'granted' ? p.granted_on : p.filed_on) === 2024) y2024 += 1;
  }
  byKind.award = demoAwards.length;
  byKind.project = demoProjects.length;
  // a project counts in every year it runs (an open end: to the report's end)
  y2024 +=
    demoAwards.filter((a) => a.year === 2024).length +
    demoProjects.filter((p) => Number(p.start_year) <= 2024 && (typeof p.end_year === 'number' ? p.end_year : 2100) >= 2024).length;
  // 李清禾's records: papers naming her (by either name), and the registers naming her by username
  const li = demoPeople.find((p) => p.username === 'liqinghe');
  const names = new Set([li?.name_en, li?.name_zh]);
  const named = (r: Record<string, unknown>, fields: string[]) => fields.some((f) => (r[f] as string[] | undefined)?.includes('@liqinghe'));
  const liqinghe =
    demoPublications.filter((p) => kindOf(p) && p.author.some((a) => names.has(a))).length +
    demoPatents.filter((p) => named(p, ['inventors'])).length +
    demoAwards.filter((a) => named(a, ['recipients'])).length +
    demoProjects.filter((p) => named(p, ['pi', 'members'])).length;
  return { byKind, liqinghe, y2024 };
}

describe.each(dialects)('the demo lab’s achievement report on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  const want = expected();
  const total = Object.values(want.byKind).reduce((a, b) => a + b, 0);
  const all = 'from=1950&to=2100';

  beforeAll(async () => {
    t = await makeApp(dialect, { LAB_ADMIN_USERNAME: '', LAB_ADMIN_PASSWORD: '' });
    await seedDemo(t.app.lab.db, t.app.lab.storage, 'demo-admin-password', { advisor: 'advisor0' });
    admin = await loginAs(t.app, 'labadmin', 'demo-admin-password');
  }, 180_000);
  afterAll(() => t?.close());

  it('counts every kind of the demo’s records, by year and by member', async () => {
    // every kind is there
    for (const k of KINDS) expect(want.byKind[k], k).toBeGreaterThan(0);
    const s = (await admin.get(`/api/report/?${all}`)).json() as ReportSummary;
    expect(s.byKind.counts).toEqual(want.byKind);
    expect(s.total).toBe(total);
    expect(s.byYear.find((y) => y.year === 2024)?.total).toBe(want.y2024);
    const li = s.byMember.find((m) => m.name_zh === '李清禾');
    expect(li?.total).toBe(want.liqinghe);
  });

  for (const lang of ['zh', 'en'] as const) {
    it(`writes the workbook and the Word document with those counts (${lang})`, async () => {
      const xlsx = await admin.get(`/api/report/export/?format=xlsx&${all}&lang=${lang}`);
      expect(xlsx.statusCode).toBe(200);
      const book = new Excel.Workbook();
      await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      expect(book.worksheets).toHaveLength(1 + KINDS.length);
      for (const [i, k] of KINDS.entries()) {
        const sheet = book.worksheets[i + 1];
        expect(sheet?.name).toBe(reportKinds[i]?.[lang]);
        // a header and one row per record
        expect(sheet?.actualRowCount, k).toBe(want.byKind[k] + 1);
      }

      const docx = await admin.get(`/api/report/export/?format=docx&${all}&lang=${lang}`);
      expect(docx.statusCode).toBe(200);
      const paras = await docxParagraphs(docx.rawPayload);
      const texts = paras.map((p) => p.text);
      for (const [i, k] of KINDS.entries()) expect(texts, k).toContain(`${reportKinds[i]?.[lang]} (${want.byKind[k]})`);
      // one numbered reference per record
      const refs = paras.filter((p) => /^\[\d+\] /.test(p.text));
      expect(refs).toHaveLength(total);
      // the members in bold: 李清禾 by her name in the registers, and in the references as GB/T writes her
      const bold = new Set(refs.flatMap((p) => p.bold));
      expect(bold.has(lang === 'zh' ? '李清禾' : 'Qinghe Li')).toBe(true);
      expect(bold.has('Li Q')).toBe(true);
      // and no outsider: the ACL award's co-recipient from Edinburgh
      expect([...bold].some((b) => b.includes('Emily Hart'))).toBe(false);
    });
  }

  it.skipIf(!hasSoffice)(
    'opens in LibreOffice: the document and the workbook convert to PDF with their text',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-lo-'));
      try {
        const docx = await admin.get(`/api/report/export/?format=docx&${all}&lang=zh`);
        const xlsx = await admin.get(`/api/report/export/?format=xlsx&${all}&lang=en`);
        fs.writeFileSync(path.join(dir, 'report-doc.docx'), docx.rawPayload);
        fs.writeFileSync(path.join(dir, 'report-book.xlsx'), xlsx.rawPayload);
        // a profile of its own: a LibreOffice already open elsewhere would take the conversion over
        const profile = `file://${path.join(dir, 'profile')}`;
        execFileSync(
          'soffice',
          [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, 'report-doc.docx', 'report-book.xlsx'],
          {
            cwd: dir,
            timeout: 150_000,
            stdio: 'ignore',
          },
        );
        const pdfText = (name: string) => {
          const pdf = path.join(dir, name);
          expect(fs.existsSync(pdf), name).toBe(true);
          const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf]).toString())?.[1]);
          return { pages, text: execFileSync('pdftotext', ['-layout', pdf, '-']).toString() };
        };
        const doc = pdfText('report-doc.pdf');
        // 74 references and their headings: a few pages, not one and not dozens
        expect(doc.pages).toBeGreaterThanOrEqual(3);
        expect(doc.pages).toBeLessThanOrEqual(15);
        const flat = doc.text.replace(/\s+/g, '');
        expect(flat).toContain('成果统计');
        expect(flat).toContain(`期刊论文(${want.byKind.journal})`);
        expect(flat).toContain(`科研项目(${want.byKind.project})`);
        expect(flat).toContain('ZL202310123456.7[P]');
        const sheets = pdfText('report-book.pdf');
        expect(sheets.pages).toBeGreaterThanOrEqual(1);
        fs.writeFileSync('/tmp/report-sheets.txt', sheets.text);
        expect(sheets.text).toContain('Journal articles');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    200_000,
  );
});
