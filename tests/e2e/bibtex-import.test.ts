import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { PublicPublication } from '../../common/wire.ts';
import { loginAs } from '../helpers/client.ts';
import { listed, violations, withAxe } from './axe.ts';
import { ADMIN, browserSuite, e2eAvailable, logInThroughPage } from './server.ts';

// In Chromium, a .bib file is chosen, previewed (a duplicate within the file and an
// entry the import changes are shown), imported, the result counts read on screen, and the created papers'
// pages show the complete GB/T 7714 and APA references. The preview dialog has no axe-core violation
// (WCAG 2.2 A/AA) at 1280 px nor at 390 px, where the entries are cards.

const BIB = `@article{lin2023motifs,
  author  = {Lin, Wei and Zhou, Mingyu and Peng, Xiaoyu},
  title   = {Coordinated Inauthentic Behavior Seen through Temporal Motifs},
  journal = {IEEE Transactions on Computational Social Systems},
  year    = {2023},
  volume  = {10},
  number  = {2},
  pages   = {812--824},
  doi     = {https://doi.org/10.1109/TCSS.2026.0000026},
}

@inproceedings{zhou2023early,
  author    = {Zhou, Mingyu and Lin, Wei},
  title     = {Early Rumor Detection from Propagation Graphs and User Credibility},
  booktitle = {Proceedings of the 46th International ACM SIGIR Conference on Research and Development in Information Retrieval},
  publisher = {Association for Computing Machinery},
  address   = {New York, NY, USA},
  year      = {2023},
  pages     = {1123--1132},
}

@article{lin2023motifs_again,
  author  = {Lin, W. and Zhou, M. and Peng, X.},
  title   = {Coordinated inauthentic behavior seen through temporal motifs},
  journal = {IEEE Trans. Comput. Soc. Syst.},
  year    = {2023},
  doi     = {10.1109/tcss.2026.0000026},
}
`;

describe.skipIf(!e2eAvailable)('BibTeX import in a browser', { timeout: 120_000 }, () => {
  const suite = browserSuite();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bib-e2e-')), 'lab.bib');
  fs.writeFileSync(file, BIB);

  /** Logged in, the Import BibTeX dialog opened, the file chosen and previewed: the dialog. */
  async function preview(page: Page) {
    await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, '/console/publication');
    await page.locator('main h1').first().waitFor();
    await page.getByRole('button', { name: '导入 BibTeX' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles(file);
    await expect.poll(() => dialog.getByLabel('BibTeX、RIS 或 EndNote 文本').inputValue()).toContain('lin2023motifs_again');
    await dialog.getByRole('button', { name: '预览', exact: true }).click();
    await dialog.getByText('共 3 条，已选 2 条').waitFor();
    return dialog;
  }

  /** axe's WCAG A/AA violations in the preview dialog (its page opened in a context given to withAxe). */
  const axe = async (page: Page, width: number) => {
    const found = await violations(page, `the preview at ${width} px`, { include: '[role="dialog"]' });
    expect(found, listed(found)).toEqual([]);
  };

  test('at 390 px the preview is cards with every column, and has no axe violation', async () => {
    const { page, context } = await suite.open({ lang: 'zh', width: 390, height: 844 });
    await withAxe(context);
    const dialog = await preview(page);
    const cards = dialog.getByRole('list', { name: '待导入的条目' }).getByRole('listitem');
    expect(await cards.count()).toBe(3);
    const again = cards.filter({ hasText: 'lin2023motifs_again' });
    // every column as a term and its value: the choice, the work, the area, the duplicate
    for (const term of ['导入', '论文', '方向', '重复']) await again.locator('dt', { hasText: term }).first().waitFor();
    await again.getByText('与本文件第 1 条（lin2023motifs）的 DOI 相同，默认跳过').waitFor();
    await cards.filter({ hasText: 'lin2023motifs' }).first().getByText('DOI 去掉了前缀：10.1109/TCSS.2026.0000026').waitFor();
    // no card is wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await axe(page, 390);
  });

  test('a file chosen, previewed with its duplicate and its change, imported; the counts read; the pages cite it whole', async () => {
    const { page, context } = await suite.open({ lang: 'zh', width: 1280 });
    await withAxe(context);
    const dialog = await preview(page);
    const rows = dialog.getByRole('table', { name: '待导入的条目' }).getByRole('row');
    const again = rows.filter({ hasText: 'lin2023motifs_again' });
    await again.getByText('与本文件第 1 条（lin2023motifs）的 DOI 相同，默认跳过').waitFor();
    await expect(again.getByRole('checkbox').isChecked()).resolves.toBe(false);
    await rows.filter({ hasText: 'lin2023motifs' }).first().getByText('DOI 去掉了前缀：10.1109/TCSS.2026.0000026').waitFor();
    await axe(page, 1280);

    await dialog.getByRole('button', { name: '导入 2 篇' }).click();
    await page.getByText('导入完成：新增 2 篇，更新 0 篇，作为重复跳过 1 篇，拒绝 0 篇').first().waitFor();

    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    const pubs = (await admin.get('/api/publication/')).json() as PublicPublication[];
    const pidOf = (start: string) => pubs.find((p) => p.title.startsWith(start))?.pid;
    expect(pubs.filter((p) => p.doi.toLowerCase() === '10.1109/tcss.2026.0000026').length).toBe(1);
    const cited = async (pid: number | undefined) => {
      const { page: pub } = await suite.open({ lang: 'en' });
      await pub.goto(suite.at(`/publication/${pid}`));
      return pub.locator('#cite .cite-text').allTextContents();
    };
    const [gbt, apa] = await cited(pidOf('Coordinated Inauthentic'));
    expect(gbt).toBe(
      'Lin W，Zhou M，Peng X. Coordinated inauthentic behavior seen through temporal motifs[J/OL]. IEEE Transactions on Computational Social Systems，2023，10（2）：812-824. DOI:10.1109/TCSS.2026.0000026.',
    );
    expect(apa).toBe(
      'Lin, W., Zhou, M., & Peng, X. (2023). Coordinated inauthentic behavior seen through temporal motifs. IEEE Transactions on Computational Social Systems, 10(2), 812–824. https://doi.org/10.1109/TCSS.2026.0000026',
    );
    const [gbtC, apaC] = await cited(pidOf('Early Rumor'));
    expect(gbtC).toBe(
      'Zhou M，Lin W. Early rumor detection from propagation graphs and user credibility[C]//Proceedings of the 46th international ACM SIGIR conference on research and development in information retrieval. New York：Association for Computing Machinery，2023：1123-1132.',
    );
    expect(apaC).toBe(
      'Zhou, M., & Lin, W. (2023). Early rumor detection from propagation graphs and user credibility. In Proceedings of the 46th International ACM SIGIR Conference on Research and Development in Information Retrieval (pp. 1123–1132). Association for Computing Machinery.',
    );
  });

  test('in English too: the preview says what it changed and what is a duplicate', async () => {
    const { page } = await suite.open({ lang: 'en', width: 1280 });
    await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, '/console/publication');
    await page.locator('main h1').first().waitFor();
    const english = page.getByRole('button', { name: 'English' });
    if (await english.isVisible()) await english.click();
    await page.getByRole('button', { name: 'Import BibTeX' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles(file);
    await expect.poll(() => dialog.getByLabel('BibTeX, RIS or EndNote text').inputValue()).toContain('lin2023motifs_again');
    await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
    // the first test imported them: now both papers are duplicates of stored ones, the third of the first
    await dialog.getByText('DOI stored bare: 10.1109/TCSS.2026.0000026').waitFor();
    expect(await dialog.getByText(/^Same DOI as publication #\d+$/).count()).toBe(2);
    await dialog.getByText('3 entries, 0 chosen').waitFor();
  });
});
