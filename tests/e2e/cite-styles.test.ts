import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { loginAs } from '../helpers/client.ts';
import { ADMIN, browserSuite, e2eAvailable, logInThroughPage, startSite } from './server.ts';

// In Chromium: an administrator uploads the lab's own citation style (.csl) in the site settings, chooses the
// styles the Cite box offers and their order (ticks, then the keyboard's drag), saves; a publication's page
// offers those styles, in that order, each with its reference and a Copy button.

const fixture = path.join(import.meta.dirname, '..', 'fixtures', 'csl', 'lab-journal.csl');

describe.skipIf(!e2eAvailable)('the Cite box’s styles, chosen in the console', { timeout: 120_000 }, () => {
  const suite = browserSuite(() => startSite());

  test('an uploaded style and IEEE, ordered, are what the Cite box offers', async () => {
    const { page } = await suite.open({ lang: 'en' });
    await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, '/console/site?tab=settings');
    const group = page.getByRole('group', { name: 'Citation styles of the Cite box on publication pages' });
    await group.locator('input[type=file]').setInputFiles(fixture);
    await page.getByText('Style added').first().waitFor();
    await group.getByLabel('Journal of Lab Studies', { exact: true }).check();
    await group.getByLabel('IEEE', { exact: true }).check();
    await group.getByLabel('APA', { exact: true }).uncheck();
    // GB/T 7714-2025, Journal of Lab Studies, IEEE: IEEE moved up one with the keyboard
    const handle = group.getByRole('button', { name: 'Drag to move “IEEE”' });
    await handle.focus();
    // dnd-kit's keyboard sensor moves between frames: each key after the one before has been taken
    await page.keyboard.press('Space');
    await page.waitForTimeout(300);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(300);
    await page.keyboard.press('Space');
    await page.getByText('“IEEE” dropped at position 2').waitFor({ state: 'attached' });
    await page.waitForTimeout(300);
    await expect(group.getByRole('list', { name: 'Order in the Cite box (drag)' }).getByRole('listitem').allTextContents()).resolves.toEqual([
      expect.stringContaining('GB/T 7714-2025'),
      expect.stringContaining('IEEE'),
      expect.stringContaining('Journal of Lab Studies'),
    ]);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Unsaved changes').waitFor({ state: 'hidden' });

    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    const [pub] = (await admin.get('/api/publication/')).json() as { pid: number; title: string }[];
    await page.goto(suite.at(`/publication/${pub?.pid}?lang=en`));
    const blocks = page.locator('#cite .cite-block');
    await expect(blocks.locator('.cite-head > span').allTextContents()).resolves.toEqual(['GB/T 7714-2025', 'IEEE', 'Journal of Lab Studies', 'BibTeX']);
    const own = await blocks.nth(2).locator('.cite-text').textContent();
    expect(own).toContain(` — ${pub?.title} // `);
    for (const i of [0, 1, 2]) await expect(blocks.nth(i).getByRole('button', { name: 'Copy' }).count()).resolves.toBe(1);
  });
});
