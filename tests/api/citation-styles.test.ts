import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportEntry, PublicPublication } from '../../common/wire.ts';
import { citationsOf } from '../../server/services/citations.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { type Client, loginAs } from '../helpers/client.ts';

// Issue #26, point 5: the references tests/fixtures/bib/expected/citations.json writes by hand from GB/T
// 7714-2015's and APA 7's own examples (README.md there names each), for entries of the corpus imported
// as a lab imports them. A few parts the record cannot give yet are listed in GAPS, each said why; every
// other string must match exactly.

const dir = path.join(import.meta.dirname, '..', 'fixtures', 'bib');
type Case = { file: string; key: string; what: string; gbt7714: string | null; apa: string | null };
const cases = (JSON.parse(fs.readFileSync(path.join(dir, 'expected', 'citations.json'), 'utf8')) as { entries: Case[] }).entries;

/**
 * What the record cannot hold yet (docs/decisions.md, "Citations a reviewer would accept"): the place of
 * publication (no field), and that a work is a thesis (SPEC's types are paper, monograph, patent). The
 * expected string with these parts taken out is what must match.
 */
const GAPS: Record<string, (s: string) => string> = {
  'zotero-bbt.bib zhouRumorEarlyDetection2023 gbt7714': (s) => s.replace('New York: ', ''),
  'zotero-bbt.bib marchettiComputationalSocialScience2023 gbt7714': (s) => s.replace('Cambridge: ', ''),
};
const THESES = new Set(['chenModelingCollectiveAttention2022', 'chen2021attention']);

describe.each(dialects)('references by GB/T 7714-2015 and APA 7 of imported entries, on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await makeApp(dialect);
    admin = await loginAs(t.app, 'admin', 'admin-password');
  });
  afterAll(() => t?.close());

  it.each(cases.filter((c) => !THESES.has(c.key)).map((c) => [`${c.file} ${c.key} (${c.what})`, c] as const))('%s', async (_, c) => {
    const text = fs.readFileSync(path.join(dir, c.file), 'utf8');
    const entries = (await admin.json('POST', '/api/publication/import/preview/', { text })).json() as ImportEntry[];
    const entry = entries.find((e) => e.key === c.key) as ImportEntry;
    const r = await admin.json('POST', '/api/publication/import/', { entries: [{ record: entry.record, area: 'none' }] });
    expect(r.statusCode, r.body).toBe(200);
    const pid = (r.json() as { created: number[] }).created[0];
    const stored = (await admin.get(`/api/publication/?pid=${pid}`)).json() as PublicPublication;
    const cited = await citationsOf(stored);
    const want = (style: 'gbt7714' | 'apa') => {
      const s = c[style] as string;
      return GAPS[`${c.file} ${c.key} ${style}`]?.(s) ?? s;
    };
    if (c.gbt7714) expect(cited.gbt).toBe(want('gbt7714'));
    if (c.apa) expect(cited.apa).toBe(want('apa'));
    expect((await admin.delete(`/api/publication/?pid=${pid}`)).statusCode).toBe(200);
  });
});
