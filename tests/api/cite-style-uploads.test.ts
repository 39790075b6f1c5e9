import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { importBib } from '../helpers/bib.ts';
import { docxParagraphs } from '../helpers/docx.ts';
import { type Client, loginAs } from '../helpers/client.ts';

// An administrator's own citation style over HTTP: uploaded, listed, used by the report, deleted (the Cite box
// offering it: tests/e2e/cite-styles.test.ts); and every bad file refused in the reader's language, never a 500,
// while the server goes on answering.

const good = fs.readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'csl', 'lab-journal.csl'));
const csl = (body: string, head = '') =>
  Buffer.from(`<?xml version="1.0"?>${head}<style xmlns="http://purl.org/net/xbiblio/csl" class="in-text" version="1.0">${body}</style>`);
const info = (id: string) => `<info><title>${id}</title><id>${id}</id></info>`;
const bibliography = '<citation><layout><text variable="title"/></layout></citation><bibliography><layout><text variable="title"/></layout></bibliography>';

/** Macros each calling the one before twice: 2^40 calls from a file of 3 kB. */
const endless = () => {
  const macros = ['<macro name="m0"><text value="x"/></macro>'];
  for (let i = 1; i <= 40; i++) macros.push(`<macro name="m${i}"><group><text macro="m${i - 1}"/><text macro="m${i - 1}"/></group></macro>`);
  return csl(
    `${info('endless')}${macros.join('')}<citation><layout><text macro="m40"/></layout></citation><bibliography><layout><text macro="m40"/></layout></bibliography>`,
  );
};

describe.each(dialects)('citation styles of the lab’s own, on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await makeApp(dialect);
    admin = await loginAs(t.app, 'admin', 'admin-password');
  });
  afterAll(() => t?.close());

  const upload = (file: Buffer, lang: 'zh' | 'en' = 'en') => {
    admin.lang = lang;
    return admin.send('POST', '/api/cite-styles/', { file: { file, name: 'style.csl', type: 'application/vnd.citationstyles.style+xml' } });
  };

  it('takes a good .csl, lists it, writes the report in it, and deletes it', async () => {
    const r = await upload(good);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ id: 'journal-of-lab-studies', title: 'Journal of Lab Studies' });
    const listed = (await admin.get('/api/cite-styles/')).json() as { id: string; shipped: boolean }[];
    expect(listed.map((s) => s.id)).toEqual(expect.arrayContaining(['gb-t-7714-2015', 'apa', 'ieee', 'journal-of-lab-studies']));
    // the same style again is refused by its id
    expect((await upload(good)).json()).toMatchObject({ file: [expect.stringContaining('journal-of-lab-studies')] });

    const { remove } = await importBib(admin, '@article{k, title={Measuring Polarization}, author={Zhao, Xinyue}, journal={TKDE}, year={2024}}');
    const csv = (await admin.get('/api/report/export/?format=csv&from=2024&to=2024&lang=en&style=journal-of-lab-studies')).body;
    expect(csv).toContain('Reference (Journal of Lab Studies)');
    expect(csv).toContain('Zhao X — Measuring Polarization // TKDE (2024).');
    // the Word document's references in a shipped style, numbered once (the style's own number left out)
    const docx = await docxParagraphs((await admin.get('/api/report/export/?format=docx&from=2024&to=2024&lang=en&style=ieee')).rawPayload);
    const ieee = docx.map((p) => p.text).filter((text) => text.includes('Measuring Polarization'));
    expect(ieee).toEqual([expect.stringMatching(/^\[\d+\] X\. Zhao, “Measuring Polarization,” TKDE, 2024\.$/)]);
    admin.lang = 'zh';
    const unknown = await admin.get('/api/report/export/?format=csv&from=2024&to=2024&lang=zh&style=no-such-style');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('没有编号为 no-such-style 的引用格式');

    expect((await admin.delete('/api/cite-styles/journal-of-lab-studies')).statusCode).toBe(200);
    expect((await admin.delete('/api/cite-styles/journal-of-lab-studies')).statusCode).toBe(404);
    // a report asked in it now is refused as any unknown style is
    expect((await admin.get('/api/report/export/?format=csv&from=2024&to=2024&lang=en&style=journal-of-lab-studies')).statusCode).toBe(400);
    await remove();
  });

  it.each([
    ['not XML', Buffer.from('this is not <xml'), 'not a well-formed XML file', '不是格式正确的 XML'],
    [
      'an external entity (XXE)',
      csl(`${info('x')}<citation><layout><text value="&xxe;"/></layout></citation>${bibliography}`, '<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'),
      'may not contain a DOCTYPE',
      '不能包含 DOCTYPE',
    ],
    ['not CSL', Buffer.from('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body/></html>'), 'this is not a CSL style', '这不是 CSL 样式'],
    [
      'CSL 0.8',
      Buffer.from(`<style xmlns="http://purl.org/net/xbiblio/csl" version="0.8">${info('old')}${bibliography}</style>`),
      'with version="1.0"',
      '且 version="1.0"',
    ],
    ['without a title or id', csl(bibliography), 'no <title> or <id>', '缺少'],
    ['5 MB', csl(`${info('big')}${bibliography}<!--${'x'.repeat(5 * 1024 * 1024)}-->`), 'File too large (limit 1 MB)', '文件过大'],
  ])('refuses %s, in English and in Chinese', async (_, file, en, zh) => {
    for (const [lang, words] of [
      ['en', en],
      ['zh', zh],
    ] as const) {
      const r = await upload(file, lang);
      expect([400, 413], r.body).toContain(r.statusCode);
      const answer = JSON.stringify(r.json() as unknown, null, 0).replaceAll('\\"', '"');
      expect(answer).toContain(words);
      expect(answer).not.toContain('root:');
    }
  });

  it('stops a style whose rendering does not end at its time bound, answering other requests meanwhile', async () => {
    const started = Date.now();
    const slow = upload(endless());
    // the event loop is free: a read answers at once while the style runs in its worker
    const other = Date.now();
    const listed = await admin.get('/api/cite-styles/');
    expect(listed.statusCode).toBe(200);
    expect(Date.now() - other).toBeLessThan(1000);
    const r = await slow;
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ file: ['writing a reference with this style took longer than 5 s and was stopped (the style may have macros that never end)'] });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(((await admin.get('/api/cite-styles/')).json() as { id: string }[]).map((s) => s.id)).not.toContain('endless');
  });
});
