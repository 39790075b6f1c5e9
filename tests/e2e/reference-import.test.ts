import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { PublicPublication } from '../../common/wire.ts';
import { loginAs } from '../helpers/client.ts';
import { ADMIN, browserSuite, e2eAvailable, logInThroughPage } from './server.ts';

// In Chromium, a RIS file as Zotero writes it (CRLF) is chosen in the console's import dialog, sent with
// the format its extension names, previewed with each record's type, and imported; the counts are read on
// screen and the publications are stored.

const RIS = path.join(import.meta.dirname, '..', 'fixtures', 'references', 'zotero.ris');

describe.skipIf(!e2eAvailable)('RIS import in a browser', { timeout: 120_000 }, () => {
  const suite = browserSuite();

  test('a .ris file chosen, previewed and imported through the dialog', async () => {
    const { page } = await suite.open({ lang: 'zh', width: 1280 });
    await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, '/console/publication');
    await page.locator('main h1').first().waitFor();
    await page.getByRole('button', { name: '导入 BibTeX、RIS、EndNote' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: '从 BibTeX、RIS 或 EndNote 导入论文' }).waitFor();
    await dialog.locator('input[type=file]').setInputFiles(RIS);
    await expect.poll(() => dialog.getByLabel('BibTeX、RIS 或 EndNote 文本').inputValue()).toContain('TY  - JOUR');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/publication/import/preview/'));
    await dialog.getByRole('button', { name: '预览', exact: true }).click();
    expect((await sent).postDataJSON()).toMatchObject({ format: 'ris' });
    await dialog.getByText('共 5 条，已选 5 条').waitFor();
    const rows = dialog.getByRole('table', { name: '待导入的条目' }).getByRole('row');
    await rows.filter({ hasText: 'Polarization and Echo Chambers on Chinese Social Media' }).first().waitFor();
    await rows.filter({ hasText: 'Neural Models of Public Opinion' }).first().waitFor();

    await dialog.getByRole('button', { name: '导入 5 篇' }).click();
    await page.getByText('导入完成：新增 5 篇，更新 0 篇，作为重复跳过 0 篇，拒绝 0 篇').first().waitFor();

    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    const pubs = (await admin.get('/api/publication/')).json() as PublicPublication[];
    expect(pubs.find((p) => p.doi === '10.1007/s42001-021-00101-2')).toMatchObject({
      title: 'Polarization and Echo Chambers on Chinese Social Media',
      source: 'Journal of Computational Social Science',
      year: 2021,
    });
    expect(pubs.find((p) => p.title === 'Neural Models of Public Opinion')?.type).toBe('master thesis');
  });
});
