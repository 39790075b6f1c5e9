import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportEntry, PublicPublication } from '../../common/wire.ts';
import { citationsOf } from '../../server/services/citations.ts';
import { dialects, makeApp, type TestApp } from '../helpers/app.ts';
import { type Client, loginAs } from '../helpers/client.ts';

// Issue #26, point 5: the references tests/fixtures/bib/expected/citations.json writes by hand from GB/T
// 7714-2015's and APA 7's own examples (README.md there names each), for entries of the corpus imported
// as a lab imports them; every string must match exactly (theses and the place of publication included).

const dir = path.join(import.meta.dirname, '..', 'fixtures', 'bib');
type Case = { file: string; key: string; what: string; gbt7714: string | null; apa: string | null };
const cases = (JSON.parse(fs.readFileSync(path.join(dir, 'expected', 'citations.json'), 'utf8')) as { entries: Case[] }).entries;

describe.each(dialects)('references by GB/T 7714-2015 and APA 7 of imported entries, on %s', (dialect) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await makeApp(dialect);
    admin = await loginAs(t.app, 'admin', 'admin-password');
  });
  afterAll(() => t?.close());

  it.each(cases.map((c) => [`${c.file} ${c.key} (${c.what})`, c] as const))('%s', async (_, c) => {
    const text = fs.readFileSync(path.join(dir, c.file), 'utf8');
    const entries = (await admin.json('POST', '/api/publication/import/preview/', { text })).json() as ImportEntry[];
    const entry = entries.find((e) => e.key === c.key) as ImportEntry;
    const r = await admin.json('POST', '/api/publication/import/', { entries: [{ record: entry.record, area: 'none' }] });
    expect(r.statusCode, r.body).toBe(200);
    const pid = (r.json() as { created: number[] }).created[0];
    const stored = (await admin.get(`/api/publication/?pid=${pid}`)).json() as PublicPublication;
    const cited = await citationsOf(stored);
    if (c.gbt7714) expect(cited.gbt).toBe(c.gbt7714);
    if (c.apa) expect(cited.apa).toBe(c.apa);
    expect((await admin.delete(`/api/publication/?pid=${pid}`)).statusCode).toBe(200);
  });
});
