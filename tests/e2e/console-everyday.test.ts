import { describe, expect, test } from 'vitest';
import { loginAs } from '../helpers/client.ts';
import { ADMIN, browserSuite, e2eAvailable } from './server.ts';

// Issue #28, part 1 ("the console, as a secretary uses it"), in a real browser: the site's name, the
// carousel's links and order, images in the editors, the one publishing control, the activity log and the
// draft's preview.

type Rec = Record<string, unknown>;

describe.skipIf(!e2eAvailable)('the console as a secretary uses it', { timeout: 120_000 }, () => {
  const suite = browserSuite();

  test('the site name set in the console is the one the top bar, the footer, the titles and the feeds show', async () => {
    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    const names = { zh: `测试实验室 ${Date.now()}`, en: `Test Lab ${Date.now()}` };
    const put = await admin.send('PUT', '/api/site/', { lab_name_zh: names.zh, lab_name_en: names.en });
    expect(put.statusCode).toBe(200);

    for (const lang of ['zh', 'en'] as const) {
      const { page } = await suite.open({ lang });
      await page.goto(suite.at(`/?lang=${lang}`));
      await expect.poll(() => page.locator('header a.brand').textContent()).toBe(names[lang]);
      expect(await page.locator('header').textContent()).not.toContain('DISC');
      expect(await page.locator('footer .lab-name').textContent()).toBe(names[lang]);
      expect(await page.title()).toContain(names[lang]);
      const feed = await page.request.get(suite.at(`/feed/news.xml?lang=${lang}`));
      expect(await feed.text()).toContain(names[lang]);
      // another page than the home page shows it in its top bar too
      await page.goto(suite.at(`/news?lang=${lang}`));
      expect(await page.locator('header a.brand').textContent()).toBe(names[lang]);
    }
  });
});

export type { Rec };
