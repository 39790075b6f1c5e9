import { parse } from '@retorquere/bibtex-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textFormats } from '../../common/fields.ts';
import type { PublicPublication } from '../../common/wire.ts';
import { createdId, fieldErrors } from '../fixtures/world.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { type Client, loginAs, sendRaw } from '../helpers/client.ts';

// Stored values that try to leave their BibTeX field (and add a @preamble with a
// shell escape, or an entry of their own), a DOI in a format that is not Crossref's, and a lone CR that
// would break a line of the iCalendar feed. Page routes (the exports, the feed) are served without a
// page build, so LAB_API_ONLY is off here.

const PREAMBLE = String.raw`}}@preamble{"\immediate\write18{id}"}@misc{y,note={`;
const HOSTILE_DOI = `10.1234/x${PREAMBLE}`;
const HOSTILE = {
  title: `Hostile ${PREAMBLE} <i>unclosed \\ ~ $x^2$ 50% #1 a_b & c`,
  author: JSON.stringify(['Mary {Ann} Smith', `Li ${PREAMBLE}`, 'Plato}', 'Tom and Jerry']),
  source: `Venue ${PREAMBLE}\n@preamble{"\\write18{ls}"}`,
  year: '2025',
  area: 'agents',
  link1: 'https://example.org/p?q={x}',
};
// real DOIs of the shapes Crossref describes: its recommended set, an old SICI one with < > ; :, one with &
const REAL_DOIS = [
  '10.1145/3589334.3645413',
  '10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0',
  '10.1207/s15327906mbr2403_1',
  '10.1207/S15327957PSPR0203&4_1',
  '10.1000/a[1]#b+c',
];

describe.each(dialects)('exports of hostile values on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  let pids: number[];
  beforeAll(async () => {
    t = await makeApp(dialect, { LAB_API_ONLY: '0' });
    admin = await loginAs(t.app, 'admin', 'admin-password');
    pids = [];
    for (const variant of [{}, { type: 'monograph' }, { type: 'patent' }, { venue_kind: 'journal' }, { venue_kind: 'other' }])
      pids.push(createdId(await admin.send('POST', '/api/publication/', { ...HOSTILE, ...variant })));
    // a DOI stored before the format was Crossref's (the old check took any non-space suffix)
    await t.app.lab.db.updateTable('publication').set({ doi: HOSTILE_DOI }).where('pid', 'in', pids).execute();
  });
  afterAll(() => t?.close());

  const stored = async () => ((await admin.get('/api/publication/')).json() as PublicPublication[]).filter((p) => pids.includes(p.pid));
  const readBack = (text: string) => {
    const library = parse(text, { sentenceCase: false });
    expect(library.errors).toEqual([]);
    expect(library.preamble).toEqual([]);
    expect(library.strings).toEqual({});
    return library.entries;
  };

  it('writes one whole entry per publication, and no @preamble, however its values are written', async () => {
    const all = await stored();
    expect(all.length).toBe(pids.length);
    const r = await t.app.inject({ method: 'GET', url: '/publication.bib' });
    expect(r.statusCode).toBe(200);
    const entries = readBack(r.body);
    expect(entries.length).toBe(all.length);
    // no line of the file opens an entry but the entries' own first lines
    expect(r.body.match(/^\s*@/gm)?.length).toBe(all.length);
    expect(r.body).not.toContain('\\immediate');
    expect(r.body).not.toContain('\\write18');
    for (const e of entries) {
      // each value comes back as it was stored, the hostile text as text
      expect(e.fields.title?.replace(/[{}]/g, '')).toBe(HOSTILE.title.replace(/[{}]/g, ''));
      expect(e.fields.author?.length).toBe(4);
      // the stored DOI outside the format is left out
      expect(e.fields.doi).toBeUndefined();
    }
    for (const pid of pids) {
      const one = await t.app.inject({ method: 'GET', url: `/publication/${pid}.bib` });
      expect(one.statusCode).toBe(200);
      expect(readBack(one.body).length).toBe(1);
    }
  });

  it("takes DOIs in Crossref's format, old ones included, and refuses one that could leave its field", async () => {
    expect(fieldErrors(await admin.send('POST', '/api/publication/', { ...HOSTILE, doi: HOSTILE_DOI })).doi).toBeDefined();
    for (const bad of ['10.1234/a b', '10.1234/a{b}', '10.1234/a\\b', '10.1234/a"b', 'https://doi.org/10.1234/ab', '10.12/ab'])
      expect(textFormats.doi.pattern.test(bad), bad).toBe(false);
    for (const doi of REAL_DOIS) {
      const pid = createdId(
        await admin.send('POST', '/api/publication/', { title: `Real ${doi}`, author: '["A B"]', source: 'S', year: '2020', area: 'agents', doi }),
      );
      const r = await t.app.inject({ method: 'GET', url: `/publication/${pid}.bib` });
      const [entry] = readBack(r.body);
      expect(entry?.fields.doi, doi).toBe(doi);
    }
  });

  it('writes a line break in a seminar title, CR alone included, as \\n in the iCalendar feed', async () => {
    const title = 'Talk\rATTACH:https://evil.example/x\nLOCATION:nowhere\r\nEND:VEVENT; a, b \\ c';
    // sent byte by byte: FormData would make every line break a CRLF, as a browser's form does
    const fields = { title_zh: title, title_en: title, date: '2026-12-01', start: '10:00', end: '11:00' };
    createdId(
      await sendRaw(
        admin,
        'POST',
        '/api/seminar/',
        Object.entries(fields).map(([name, value]) => ({ name, value })),
      ),
    );
    const r = await t.app.inject({ method: 'GET', url: '/feed/seminars.ics' });
    expect(r.statusCode).toBe(200);
    // every line ends with CRLF; no CR or LF elsewhere
    expect(r.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = r.body.replace(/\r\n /g, '').split('\r\n');
    expect(lines.filter((l) => /^(ATTACH|LOCATION:nowhere|END:VEVENT;)/.test(l))).toEqual([]);
    expect(lines).toContain('SUMMARY:Talk\\nATTACH:https://evil.example/x\\nLOCATION:nowhere\\nEND:VEVENT\\; a\\, b \\\\ c');
  });
});
