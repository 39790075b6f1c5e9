import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loginAs } from '../helpers/client.ts';
import { createdId } from '../fixtures/world.ts';
import { fakeOpenAlex, type FakeOpenAlex, ORCID, work } from '../helpers/openalex.ts';
import { crossrefWork, type FakeRegistries, fakeRegistries } from '../helpers/registries.ts';
import { ADMIN, browserSuite, e2eAvailable, logInThroughPage, startSite } from './server.ts';

// Issue #29, point 1 in Chromium, against a loopback OpenAlex (and ORCID, dblp): a member's ORCID iD on their page and in their
// Person's sameAs; "New papers" on their row of the console proposes their works, one added; the daily
// job's citation counts shown on the publication's page, the list and the member's page once the site
// setting is on, and not before; a stored preprint's published version that only a DOI relation ties to it
// (a loopback Crossref) proposed as its update, labelled "matched by DOI relation" in both languages.

let oa: FakeOpenAlex;
let reg: FakeRegistries;
beforeAll(async () => {
  oa = await fakeOpenAlex();
  reg = await fakeRegistries();
  oa.works = [work('301', { title: 'Found In OpenAlex', display_name: 'Found In OpenAlex', cited_by_count: 31 })];
});
afterAll(async () => {
  await oa?.close();
  await reg?.close();
});

describe.skipIf(!e2eAvailable)('publications kept current, in a browser', { timeout: 120_000 }, () => {
  const suite = browserSuite(() =>
    startSite({
      OPENALEX_URL: oa.url,
      ORCID_URL: oa.url,
      DBLP_URL: oa.url,
      CROSSREF_URL: reg.url,
      DATACITE_URL: reg.url,
      SYNC_INTERVAL_MS: '0',
      SYNC_MAILTO: 'lab@example.edu',
    }),
  );

  test("a member's ORCID iD on their page and in their Person; New papers on their row adds one; citations shown once the setting is on", async () => {
    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    const people = (await admin.get('/api/people/')).json() as { pid: number; username: string; name_en: string; link_type: number }[];
    const member = people.find((p) => p.username === 'sunyihang') as { pid: number; name_en: string };
    expect(
      (await admin.send('PUT', `/api/people/?pid=${member.pid}`, { orcid: `https://orcid.org/${ORCID}`, link_type: 1, link1: '# Hello' })).statusCode,
    ).toBe(200);
    oa.works[0]?.authorships.push({
      author_position: 'last',
      author: { id: 'https://openalex.org/A5000000009', display_name: member.name_en, orcid: `https://orcid.org/${ORCID}` },
      institutions: [],
      raw_author_name: member.name_en,
    });

    const { page } = await suite.open({ lang: 'en' });
    await page.goto(suite.at('/people/sunyihang?lang=en'));
    await expect(page.getByRole('link', { name: 'ORCID' }).getAttribute('href')).resolves.toBe(`https://orcid.org/${ORCID}`);
    const ld = await page.evaluate(() => [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '{}')));
    expect(ld.find((x) => x['@type'] === 'Person')?.sameAs).toContain(`https://orcid.org/${ORCID}`);

    await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, '/console/people');
    // the list is paged by the server: the member's row found with its filter box
    await page.getByRole('row').getByRole('button').first().waitFor();
    await page.locator('main').getByRole('searchbox', { name: 'Filter' }).fill('sunyihang');
    const row = page.getByRole('row', { name: /sunyihang/ });
    await row.getByRole('button', { name: 'New papers' }).click();
    const dialog = page.getByRole('dialog', { name: 'New papers from OpenAlex' });
    await dialog.getByText('Found In OpenAlex').waitFor();
    await dialog.getByRole('button', { name: 'Add 1' }).click();
    await page.getByText('Imported: 1 added, 0 updated').first().waitFor();
    const stored = ((await admin.get('/api/publication/')).json() as { pid: number; title: string }[]).find((p) => p.title === 'Found In OpenAlex');
    expect(stored).toBeDefined();

    // the daily job's counts: hidden while the setting is off (the default), shown once it is on
    const run = await suite.site.app.inject({ method: 'POST', url: '/api/publication/sync/run/', headers: admin.headers() });
    expect(run.statusCode, run.body).toBe(200);
    await page.goto(suite.at(`/publication/${stored?.pid}?lang=en`));
    await expect(page.locator('.cited-by').count()).resolves.toBe(0);
    await suite.site.app.lab.db.updateTable('site_settings').set({ show_citations: 1 }).execute();
    suite.site.app.lab.changes.changed('site');
    await page.goto(suite.at(`/publication/${stored?.pid}?lang=en`));
    await expect(page.locator('.cited-by').first().textContent()).resolves.toContain('Cited 31 times (OpenAlex)');
    await page.goto(suite.at(`/publication?lang=zh`));
    await expect(page.locator(`li:has(a[href="/publication/${stored?.pid}"]) .cited-by`).textContent()).resolves.toContain('被引 31 次（OpenAlex）');
    await page.goto(suite.at('/people/sunyihang?lang=en'));
    await expect(page.locator('.profile .cited-by').textContent()).resolves.toBe('Cited 31 times (OpenAlex)');
  });

  test("a preprint's published version matched by DOI relation: proposed as its update, so labelled in English and Chinese", async () => {
    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    const people = (await admin.get('/api/people/')).json() as { pid: number; username: string }[];
    const member = people.find((p) => p.username === 'sunyihang') as { pid: number };
    expect((await admin.send('PUT', `/api/people/?pid=${member.pid}`, { orcid: `https://orcid.org/${ORCID}` })).statusCode).toBe(200);
    const biorxiv = '10.1101/2023.04.01.535001';
    const cell = '10.1016/j.cell.2024.01.201';
    const pid = createdId(
      await admin.send('POST', '/api/publication/', {
        title: 'Neural Signatures of Group Coordination',
        author: '["Ada Lovelace"]',
        source: 'bioRxiv',
        year: 2023,
        doi: biorxiv,
      }),
    );
    oa.works = [
      work('302', {
        doi: `https://doi.org/${cell}`,
        title: 'Coordination Signatures in Neural Circuits',
        display_name: 'Coordination Signatures in Neural Circuits',
        primary_location: {
          is_oa: false,
          landing_page_url: `https://doi.org/${cell}`,
          pdf_url: null,
          source: { display_name: 'Cell', type: 'journal' },
          version: 'publishedVersion',
        },
      }),
    ];
    reg.crossref.set(cell, crossrefWork(cell, { relation: { 'has-preprint': [{ 'id-type': 'doi', id: biorxiv, 'asserted-by': 'object' }] } }));
    for (const [lang, button, title, label] of [
      ['en', 'New papers', 'New papers from OpenAlex', 'matched by DOI relation'],
      ['zh', '新论文', '来自 OpenAlex 的新论文', '按 DOI 关联匹配'],
    ] as const) {
      const { page } = await suite.open({ lang });
      await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, `/console/people?lang=${lang}`);
      await page.getByRole('row').getByRole('button').first().waitFor();
      await page.locator('main').getByRole('searchbox').first().fill('sunyihang');
      await page
        .getByRole('row', { name: /sunyihang/ })
        .getByRole('button', { name: button })
        .click();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.getByText('Coordination Signatures in Neural Circuits').first().waitFor();
      await dialog.getByText(label).first().waitFor();
      await expect(dialog.getByText(`#${pid}`).count()).resolves.toBeGreaterThan(0);
    }
    expect(reg.asked.map((a) => a.path)).toContain(`/works/${cell}`);
  });
});
