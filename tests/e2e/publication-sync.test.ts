import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loginAs } from '../helpers/client.ts';
import { createdId } from '../fixtures/world.ts';
import { fakeOpenAlex, type FakeOpenAlex, ORCID, work } from '../helpers/openalex.ts';
import { crossrefWork, type FakeRegistries, fakeRegistries } from '../helpers/registries.ts';
import { fitsWidth, inLang, shot } from './demo-pages.ts';
import { proposeNewWorks } from '../../server/sync/job.ts';
import { ADMIN, browserSuite, e2eAvailable, logInThroughPage, startSite } from './server.ts';

// In Chromium, against a loopback OpenAlex (and ORCID, dblp): a member's ORCID iD on their page and in their
// Person's sameAs; "New papers" on their row of the console proposes their works, one added; the daily
// job's citation counts shown on the publication's page, the list and the member's page once the site
// setting is on, and not before; a stored preprint's published version that only a DOI relation ties to it
// (a loopback Crossref) proposed as its update, labelled "matched by DOI relation" in both languages. The
// lab-wide search runs in the background: a progress bar, then the preview, in both languages at 1280 and
// 390 px, picked up again by a page reloaded meanwhile, or a failing index's message; a member with only a
// dblp id has "New papers" on their row.

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

  test('the lab-wide search shows its progress, then the preview (both languages, 1280 and 390 px, picked up after a reload); a dblp-only member has New papers', async () => {
    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    const people = (await admin.get('/api/people/')).json() as { pid: number; username: string; status: boolean | number }[];
    // in-group members: the lab-wide search asks those
    const others = people.filter((p) => p.username !== 'sunyihang' && p.username !== ADMIN.username && Boolean(p.status)).slice(0, 4);
    expect(others).toHaveLength(4);
    // three members with an OpenAlex author id, each with a work; one with only a dblp id
    for (const [i, p] of others.slice(0, 3).entries()) {
      const id = `A500000070${i}`;
      expect((await admin.send('PUT', `/api/people/?pid=${p.pid}`, { openalex: id })).statusCode).toBe(200);
      oa.works.push(
        work(`40${i}`, {
          title: `Lab Wide Find ${i}`,
          display_name: `Lab Wide Find ${i}`,
          authorships: [
            {
              author_position: 'first',
              author: { id: `https://openalex.org/${id}`, display_name: p.username, orcid: null },
              institutions: [],
              raw_author_name: p.username,
            },
          ],
        }),
      );
    }
    const dblpOnly = others[3] as { pid: number; username: string };
    expect((await admin.send('PUT', `/api/people/?pid=${dblpOnly.pid}`, { dblp: '88/1234' })).statusCode).toBe(200);
    // each answer takes a while: the search lasts several seconds
    oa.delayMs = 1200;
    try {
      for (const [lang, width] of [
        ['en', 1280],
        ['zh', 390],
      ] as const) {
        const { page } = await suite.open({ lang, width, height: 844 });
        await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, '/console/publication');
        await page.getByRole('button', { name: inLang(lang, '查找新论文', 'Find new papers') }).click();
        const bar = page.getByRole('progressbar');
        await bar.waitFor();
        const progress = page.getByText(new RegExp(inLang(lang, '^已查询 \\d+ / 5 位成员$', '^Asked \\d+ of 5 members$')));
        await progress.waitFor();
        await fitsWidth(page, width);
        await shot('publication-sync')(page, `progress-${lang}-${width}`);
        if (lang === 'zh') {
          // a screen opened again picks up the run going
          await page.reload();
          await bar.waitFor();
          await progress.waitFor();
        }
        const dialog = page.getByRole('dialog', { name: inLang(lang, '来自 OpenAlex 的新论文', 'New papers from OpenAlex') });
        await dialog.getByText('Lab Wide Find 2').waitFor({ timeout: 60_000 });
        await expect(dialog.getByText('Lab Wide Find 0').count()).resolves.toBe(1);
        await expect(bar.count()).resolves.toBe(0);
        await shot('publication-sync')(page, `preview-${lang}-${width}`);
      }
    } finally {
      oa.delayMs = 0;
    }

    // an index that fails: the run's message, in the reader's language
    const { page } = await suite.open({ lang: 'en' });
    await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, '/console/publication');
    oa.mode = 'error';
    try {
      await page.getByRole('button', { name: 'Find new papers' }).click();
      await page.getByRole('alert').filter({ hasText: 'OpenAlex answered an error (HTTP 500); nothing was changed, try again later' }).waitFor();
      await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    } finally {
      oa.mode = 'ok';
    }

    // the member with only a dblp id: New papers on their row
    await page.goto(suite.at('/console/people'));
    await page.getByRole('row').getByRole('button').first().waitFor();
    await page.locator('main').getByRole('searchbox', { name: 'Filter' }).fill(dblpOnly.username);
    await page
      .getByRole('row', { name: new RegExp(dblpOnly.username) })
      .getByRole('button', { name: 'New papers' })
      .waitFor();
  });

  test("the daily job's search waits in the console: said on opening, its works reviewed from there (zh 390 px, en 1280 px)", async () => {
    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    // what the job does after the day's citations (server/sync/job.ts), here at once
    const run = await proposeNewWorks(suite.site.app);
    await expect
      .poll(async () => ((await admin.get(`/api/publication/sync/runs/${run.id}/`)).json() as { state: string }).state, { timeout: 60_000 })
      .toBe('done');
    for (const [lang, width] of [
      ['zh', 390],
      ['en', 1280],
    ] as const) {
      const { page } = await suite.open({ lang, width, height: 844 });
      await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, '/console/publication');
      const said = page.getByRole('alert').filter({
        hasText: new RegExp(
          inLang(lang, '^每日自动查找（[\\d-]+ [\\d:]+）发现 \\d+ 篇实验室还没有的论文', '^The daily search \\([\\d-]+ [\\d:]+\\) found \\d+ work'),
        ),
      });
      await said.waitFor();
      await fitsWidth(page, width);
      await shot('publication-sync')(page, `daily-${lang}-${width}`);
      await said.getByRole('button', { name: inLang(lang, '查看', 'Review') }).click();
      const dialog = page.getByRole('dialog', { name: inLang(lang, '来自 OpenAlex 的新论文', 'New papers from OpenAlex') });
      await dialog.getByText('Lab Wide Find 2').waitFor();
      await expect(said.count()).resolves.toBe(0);
    }
  });
});
