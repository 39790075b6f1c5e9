import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loginAs } from '../helpers/client.ts';
import { ADMIN, browserSuite, e2eAvailable, logInThroughPage, startSite } from './server.ts';

// Issue #14, point 4 in Chromium: the publication editor's "Fill" takes a DOI's metadata from a registry
// (a loopback server speaking Crossref's JSON, at CROSSREF_URL) into the form, to check and save.

let crossref: http.Server;
let crossrefUrl = '';
beforeAll(async () => {
  crossref = http.createServer((req, res) => {
    res.writeHead(req.url === '/works/10.1145%2F3589334.3645413' ? 200 : 404, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        status: 'ok',
        message: {
          type: 'journal-article',
          title: ['Filled From Its DOI'],
          author: [{ given: 'Ada', family: 'Lovelace' }],
          'container-title': ['Journal of Tests'],
          published: { 'date-parts': [[2023, 9]] },
          abstract: '<jats:p>Found by the registry.</jats:p>',
        },
      }),
    );
  });
  await new Promise<void>((r) => crossref.listen(0, '127.0.0.1', () => r()));
  crossrefUrl = `http://127.0.0.1:${(crossref.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => crossref.close(() => r())));

describe.skipIf(!e2eAvailable)('the publication editor in a browser', { timeout: 90_000 }, () => {
  const suite = browserSuite(() => startSite({ CROSSREF_URL: crossrefUrl, DATACITE_URL: crossrefUrl, DOI_LOOKUP_TIMEOUT_MS: '2000' }));

  test('fills title, authors, venue, date and abstract from a DOI, saves them, and says so when a DOI is unknown', async () => {
    const { page } = await suite.open({ lang: 'zh' });
    await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, '/console/publication');
    await page.getByRole('button', { name: '添加' }).click();
    const editor = page.getByRole('form', { name: '新建' });
    await editor.getByLabel('DOI').fill('10.9999/unknown');
    await editor.getByRole('button', { name: '填写' }).click();
    await page.getByText('在 Crossref 和 DataCite 都找不到这个 DOI').first().waitFor();
    await expect(editor.getByLabel('标题 *').inputValue()).resolves.toBe('');
    await editor.getByLabel('DOI').fill('10.1145/3589334.3645413');
    await editor.getByRole('button', { name: '填写' }).click();
    await page.getByText('已按 DOI 填写，请核对后保存').first().waitFor();
    await expect(editor.getByLabel('标题 *').inputValue()).resolves.toBe('Filled From Its DOI');
    await expect(editor.getByLabel('发表平台 *').inputValue()).resolves.toBe('Journal of Tests');
    await editor.getByRole('button', { name: '保存' }).click();
    await page.getByText('添加成功').first().waitFor();
    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    const saved = ((await admin.get('/api/publication/')).json() as Record<string, unknown>[]).find((p) => p.title === 'Filled From Its DOI');
    expect(saved).toMatchObject({
      author: ['Ada Lovelace'],
      venue_kind: 'journal',
      year: 2023,
      month: 9,
      doi: '10.1145/3589334.3645413',
      abstract: 'Found by the registry.',
    });
  });
});
