import { describe, expect, it } from 'vitest';
import { en } from '../../app/i18n/en.ts';
import { zh } from '../../app/i18n/zh.ts';
import { ADMIN, browserSuite, e2eAvailable, hydrated, logInThroughPage } from './server.ts';

// Openings in Chromium, on the demo lab, at 1280 and 390 px, in Chinese and
// English: the list at /join and an opening's page (its facts, its markdown, its JSON-LD JobPosting with
// validThrough), the menu entry, the home page's "we are recruiting" line; an opening written in Chinese
// only, read in English, under a note in English with its text marked lang="zh"; and an opening whose
// deadline passes while the server runs, gone from the list, its page, the sitemap and the search with no
// write.

const SHOTS = process.env.OPENINGS_SHOTS;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!e2eAvailable)('openings in the browser', { timeout: 90_000 }, () => {
  const s = browserSuite();

  for (const width of [1280, 390]) {
    for (const lang of ['zh', 'en'] as const) {
      it(`lists the open ones and shows one, at ${width} px in ${lang}`, async () => {
        const { page } = await s.open({ lang, width, height: 900 });
        await page.goto(s.at('/'));
        const line = page.locator('.home-notice a');
        await expect.poll(() => line.textContent()).toContain(lang === 'zh' ? '招生招聘中' : 'We are recruiting');
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/home-${lang}-${width}.png` });
        await line.click();
        await page.waitForURL(/\/join$/);
        await hydrated(page, 'h1');
        expect(await page.locator('h1').textContent()).toBe(lang === 'zh' ? '加入我们' : 'Join us');
        const cards = page.locator('.grid .card');
        // four open; the summer internship's deadline has passed
        expect(await cards.count()).toBe(4);
        const text = await page.locator('main, body').first().innerText();
        expect(text).toContain(lang === 'zh' ? '博士研究生' : 'PhD student');
        expect(text).not.toContain(lang === 'zh' ? '2026 年暑期科研实习' : 'Summer research internship 2026');
        // the page fits the screen
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/join-${lang}-${width}.png`, fullPage: true });

        await cards.filter({ hasText: lang === 'zh' ? '2027 级博士研究生招生' : 'PhD admissions for autumn 2027' }).click();
        await page.waitForURL(/\/join\/\d+$/);
        await hydrated(page, 'h1');
        const body = await page.locator('body').innerText();
        expect(body).toContain(lang === 'zh' ? '截止时间（北京时间）' : 'Deadline (Beijing time)');
        expect(body).toContain('2027-03-31 23:59');
        expect(await page.locator('.facts dt').allTextContents()).toEqual([lang === 'zh' ? '截止时间（北京时间）' : 'Deadline (Beijing time)']);
        expect(body).toContain(lang === 'zh' ? '申请方式' : 'How to apply');
        // its markdown is rendered
        expect(await page.locator('.record-text strong').count()).toBeGreaterThan(0);
        // complete in both languages: no note, both alternates
        expect(await page.locator('[data-testid="language-note"]').count()).toBe(0);
        expect(await page.locator('link[rel="alternate"][hreflang="zh"]').count()).toBe(1);
        expect(await page.locator('link[rel="alternate"][hreflang="en"]').count()).toBe(1);
        const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
        expect(ld).toMatchObject({
          '@context': 'https://schema.org',
          '@type': 'JobPosting',
          validThrough: '2027-03-31T15:59:00.000Z',
          employmentType: 'FULL_TIME',
        });
        expect(ld.hiringOrganization.name).toBe(lang === 'zh' ? '数据智能与社会计算实验室' : 'Data Intelligence and Social Computing Lab');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/opening-${lang}-${width}.png`, fullPage: true });
      });
    }
  }

  it('has its menu entry in both languages', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const { page } = await s.open({ lang, width: 1280 });
      await page.goto(s.at('/people'));
      await expect.poll(() => page.locator('header a[href="/join"]').first().textContent()).toBe(lang === 'zh' ? '加入我们' : 'Join us');
    }
  });

  it('shows a text written in one language only, in that language, under a note in the reader’s (point 3)', async () => {
    for (const width of [1280, 390]) {
      const { page } = await s.open({ lang: 'en', width });
      await page.goto(s.at('/join'));
      const card = page.locator('.grid .card').filter({ hasText: '科研助理（数据标注平台方向）' });
      expect(await card.locator('h2').getAttribute('lang')).toBe('zh');
      await card.click();
      await page.waitForURL(/\/join\/\d+$/);
      await hydrated(page, 'h1');
      expect(await page.locator('html').getAttribute('lang')).toMatch(/^en/);
      const note = page.locator('[data-testid="language-note"]');
      expect(await note.textContent()).toBe('This item is not yet available in English.');
      // the note is in the page's language; the title and the text are marked Chinese
      expect(await note.getAttribute('lang')).toBeNull();
      expect(await page.locator('h1').getAttribute('lang')).toBe('zh');
      const texts = page.locator('.record-text > div');
      expect(await texts.count()).toBe(2);
      for (const l of await texts.evaluateAll((els) => els.map((e) => e.getAttribute('lang')))) expect(l).toBe('zh');
      // its headings are the reader's
      expect(await page.locator('.record-text h2').first().textContent()).toBe('How to apply');
      // an alternate only in Chinese
      expect(await page.locator('link[rel="alternate"][hreflang="en"]').count()).toBe(0);
      expect(await page.locator('link[rel="alternate"][hreflang="zh"]').count()).toBe(1);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/missing-en-${width}.png`, fullPage: true });

      // in Chinese, nothing is missing: no note, no lang of its own
      const zh = await s.open({ lang: 'zh', width });
      await zh.page.goto(page.url());
      await hydrated(zh.page, 'h1');
      expect(await zh.page.locator('[data-testid="language-note"]').count()).toBe(0);
      expect(await zh.page.locator('h1').getAttribute('lang')).toBeNull();
    }
  });

  it('takes an opening off the site when its deadline passes while the server runs, with no write', async () => {
    const { csrftoken } = (await (await fetch(s.at('/api/csrf/'))).json()) as { csrftoken: string };
    const login = await fetch(s.at('/api/login/'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrftoken}`, 'x-csrftoken': csrftoken },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const word = `Ephemeral${Date.now()}`;
    const deadline = new Date(Date.now() + 5000).toISOString();
    const form = new FormData();
    for (const [k, v] of Object.entries({ kind: 'Intern', title_zh: `实习 ${word}`, title_en: `Intern ${word}`, deadline, release: 'true' })) form.append(k, v);
    const created = await fetch(s.at('/api/opening/'), { method: 'POST', body: form, headers: { authorization: `Token ${token}` } });
    expect(created.status, await created.clone().text()).toBe(200);
    const visitor = await s.browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    try {
      const v = await visitor.newPage();
      const get = async (path: string) => (await fetch(s.at(path))).text();
      const found = async () => ((await (await fetch(s.at(`/api/search/?q=${word}`))).json()) as { total: number }).total;
      await v.goto(s.at('/join'));
      expect(await v.locator('body').innerText()).toContain(`Intern ${word}`);
      const href = await v.locator('.grid .card').filter({ hasText: word }).getAttribute('href');
      expect(href).toMatch(/^\/join\/\d+$/);
      expect(await get('/sitemap.xml')).toContain(`${href}<`);
      await expect.poll(found, { timeout: 10_000, interval: 250 }).toBe(1);
      // the pages are in the cache now
      expect((await fetch(s.at('/join'))).headers.get('x-cache')).toBe('hit');

      await sleep(Date.parse(deadline) - Date.now() + 300);
      // no write since: the publish timer announced the end of its window
      await expect.poll(async () => (await fetch(s.at('/join'))).text(), { timeout: 10_000, interval: 250 }).not.toContain(word);
      await v.reload();
      expect(await v.locator('body').innerText()).not.toContain(word);
      expect((await fetch(s.at(href as string))).status).toBe(404);
      expect(await get('/sitemap.xml')).not.toContain(`${href}<`);
      await expect.poll(found, { timeout: 10_000, interval: 250 }).toBe(0);
    } finally {
      await visitor.close();
    }
  });

  it('is edited in the console, whose list marks a record lacking a language and filters to them (point 3)', async () => {
    for (const [lang, width] of [
      ['zh', 1280],
      ['en', 390],
    ] as const) {
      const { page } = await s.open({ lang, width });
      await logInThroughPage(page, s.at(''), ADMIN.username, ADMIN.password, '/console/opening');
      const missingEn = lang === 'zh' ? '缺英文' : 'Missing English';
      const rows = width > 600 ? page.locator('tbody tr') : page.locator('ul[aria-label] > li');
      // the demo's five, and any another test added
      await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(5);
      const all = await rows.count();
      // the research assistant's is written in Chinese only
      const marked = rows.filter({ hasText: missingEn });
      expect(await marked.count()).toBe(1);
      expect(await marked.innerText()).toContain('科研助理');
      // the summer internship is released, but its deadline has passed
      expect(await rows.filter({ hasText: lang === 'zh' ? '2026 年暑期科研实习' : 'Summer research internship 2026' }).innerText()).toContain(
        lang === 'zh' ? '已截止 2026-06-30 23:59' : 'Ended 2026-06-30 23:59',
      );
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-${lang}-${width}.png`, fullPage: true });
      const languages = page.getByRole('combobox', { name: lang === 'zh' ? '语言' : 'Languages', exact: true });
      // the filter asks the server
      const asked = page.waitForRequest((r) => r.url().includes('/api/opening/') && r.url().includes('missing=en'));
      await languages.click();
      await page.getByRole('option', { name: missingEn }).click();
      await asked;
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().innerText()).toContain('科研助理');
      await languages.click();
      await page.getByRole('option', { name: lang === 'zh' ? '缺中文' : 'Missing Chinese' }).click();
      await expect.poll(() => rows.first().innerText()).toContain(lang === 'zh' ? '暂无记录' : 'No records');
      // its editor: the deadline as Beijing time
      await languages.click();
      await page.getByRole('option', { name: lang === 'zh' ? '全部' : 'All' }).click();
      await expect.poll(() => rows.count()).toBe(all);
      await rows
        .filter({ hasText: '科研助理' })
        .getByRole('button', { name: lang === 'zh' ? '编辑' : 'Edit' })
        .click();
      // a side panel, as every record editor of the console (a drawer on a phone)
      const editor = page.getByRole('form', { name: lang === 'zh' ? zh.console.editing : en.console.editing });
      await editor.waitFor();
      expect(await page.getByRole('dialog', { name: /.+/ }).count()).toBe(0);
      expect(await editor.getByLabel(lang === 'zh' ? '截止时间（北京时间）' : 'Deadline (Beijing time)').inputValue()).toMatch(/^2027-01-15T23:59/);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/console-editor-${lang}-${width}.png` });
    }
  });
});
