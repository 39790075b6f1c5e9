import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { en } from '../../app/i18n/en.ts';
import { zh } from '../../app/i18n/zh.ts';
import { article, info, person, publication, site } from '../../common/resources/index.ts';
import { type Client, createMember, loginAs } from '../helpers/client.ts';
import { ADMIN, browserSuite, e2eAvailable, logInThroughPage, networkQuiet } from './server.ts';

// In the console: a record edited by two members has its versions listed with
// who made each, two of them compared word by word, and one restored, in either language; a publication
// deleted in the console is found in the trash and restored with its file; a member restores their own
// profile; the dialog and the trash fit a phone; a member has no trash. The API's rules are
// tests/api/history.test.ts.

const MEMBER_PASSWORD = 'member-password';
const messages = { zh, en } as const;
type Lang = keyof typeof messages;
type Who = { username: string; password: string; uid?: string };

/** Screenshots to look at (the console's layout in both languages and on a phone), in test-results/ as the other suites' (not in git). */
async function shot(page: Page, name: string) {
  // once the dialogs have faded in
  await page.waitForFunction(() => document.getAnimations().length === 0);
  await page.screenshot({ path: path.join('test-results', `console-history-${name}.png`) });
}

describe.skipIf(!e2eAvailable)('history and trash in the console', { timeout: 120_000 }, () => {
  const suite = browserSuite();
  let admin: Client;
  beforeAll(async () => {
    admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
  });

  async function logIn(lang: Lang, who: Who, target: string, width = 1366): Promise<Page> {
    const { page } = await suite.open({ lang, width, height: width < 600 ? 844 : 900 });
    await logInThroughPage(page, suite.site.url, who.username, who.password, target);
    await page.locator('main h1').first().waitFor();
    return page;
  }

  const member = async (): Promise<Who> => {
    const created = await createMember(admin);
    return { username: created.username, password: MEMBER_PASSWORD, uid: created.uid };
  };

  async function newArticle(title: string, markdown: string): Promise<number> {
    const r = await admin.send('POST', '/api/article/', { title, abstract: 'History test', type: 'lab hot topic', markdown, release: 'true' });
    expect(r.statusCode, r.body).toBe(200);
    return Number(r.headers['x-resource-id']);
  }

  /** The article's editor, opened by its address; its body set and saved. */
  async function editBody(page: Page, lang: Lang, aid: number, text: string) {
    const m = messages[lang].console;
    await page.goto(suite.at(`/console/article?edit=${aid}`));
    const editor = page.getByRole('form', { name: new RegExp(m.editing) });
    await editor.getByLabel(article.fields.markdown.label[lang], { exact: true }).fill(text);
    await editor.getByRole('button', { name: m.save, exact: true }).click();
    await page.getByText(m.modified).first().waitFor();
    await editor.waitFor({ state: 'detached' });
  }

  const historyDialog = (page: Page, lang: Lang) => page.getByRole('dialog', { name: new RegExp(`^${messages[lang].console.history.title}`) });
  const versionsOf = (dialog: Locator, lang: Lang) => dialog.getByRole('list', { name: messages[lang].console.history.versions }).getByRole('listitem');
  const changeOf = (dialog: Locator, lang: Lang, label: string) =>
    dialog.getByRole('list', { name: messages[lang].console.history.changes }).getByRole('listitem', { name: label, exact: true });
  const confirmDialog = async (page: Page, lang: Lang) => {
    await page.getByRole('dialog').getByRole('button', { name: messages[lang].console.confirm, exact: true }).click();
  };
  const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

  const texts = {
    zh: ['实验室每周一读论文。', '实验室每周二读论文。', '实验室每周二讨论论文。'],
    en: ['The lab reads papers on Monday.', 'The lab reads papers on Tuesday.', 'The lab discusses papers on Tuesday.'],
  } as const;
  // the words that differ between the second and the third text, and between the first and the second
  const changed = { zh: { del: '读', ins: '讨论', first: '一', second: '二' }, en: { del: 'reads', ins: 'discusses', first: 'Monday', second: 'Tuesday' } };

  test.each(['zh', 'en'] as const)(
    'in %s: an article edited by two members shows both versions with their authors, compares them, and restores the first',
    async (lang) => {
      const m = messages[lang].console;
      const [original, first, second] = texts[lang];
      const aid = await newArticle(`History ${lang} ${Date.now()}`, original);
      const [ann, bo] = [await member(), await member()];

      const annPage = await logIn(lang, ann, '/console/article');
      await editBody(annPage, lang, aid, first);
      const page = await logIn(lang, bo, '/console/article');
      await editBody(page, lang, aid, second);

      await page.goto(suite.at(`/console/article?edit=${aid}`));
      const editor = page.getByRole('form', { name: new RegExp(m.editing) });
      await editor.getByRole('button', { name: m.history.button }).click();
      const dialog = historyDialog(page, lang);
      const versions = versionsOf(dialog, lang);
      // the current version on top, by the last editor; then the first member's; then the one they replaced
      await expect.poll(() => versions.count()).toBe(3);
      await expect(versions.nth(0).textContent()).resolves.toContain(m.history.current);
      await expect(versions.nth(0).textContent()).resolves.toContain(bo.username);
      await expect(versions.nth(1).textContent()).resolves.toContain(ann.username);
      await expect(versions.nth(2).textContent()).resolves.toContain(m.history.earliest);
      // the time in the reader's language
      expect(await versions.nth(1).textContent()).toMatch(lang === 'zh' ? /\d{4}年\d{1,2}月\d{1,2}日/ : /\d{1,2} \w{3} \d{4}/);

      // by default the newest kept version against the current one: the second member's change, word by word
      const body = changeOf(dialog, lang, article.fields.markdown.label[lang]);
      await body.locator('del', { hasText: changed[lang].del }).waitFor();
      await body.locator('ins', { hasText: changed[lang].ins }).waitFor();
      // unchanged fields are hidden until asked for
      expect(await changeOf(dialog, lang, article.fields.title.label[lang]).count()).toBe(0);
      await dialog.getByLabel(new RegExp(m.history.showUnchanged.replace(/[（(].*$/, ''))).check();
      await changeOf(dialog, lang, article.fields.title.label[lang]).waitFor();
      await shot(page, `dialog-${lang}`);

      // any two: the earliest against the first member's version shows the first change alone
      await versions.nth(2).getByRole('button').click();
      await dialog.getByRole('combobox', { name: m.history.compareWith }).click();
      await page
        .getByRole('option')
        .filter({ hasText: new RegExp(`^(?!${m.history.current})`) })
        .first()
        .click();
      await body.locator('ins', { hasText: changed[lang].second }).waitFor();
      await expect(body.locator('del').allTextContents()).resolves.toEqual([changed[lang].first].map((w) => expect.stringContaining(w)));
      await expect(body.locator('ins', { hasText: changed[lang].ins }).count()).resolves.toBe(0);

      // restore the first member's version: the editor shows its text, and so does the public page
      await versions.nth(1).getByRole('button').click();
      await dialog.getByRole('button', { name: m.history.restore }).click();
      await confirmDialog(page, lang);
      await page.getByText(m.history.restored).first().waitFor();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => editor.getByLabel(article.fields.markdown.label[lang], { exact: true }).inputValue()).toBe(first);
      const restored = (await admin.get(`/api/article/?aid=${aid}`)).json() as { markdown: string };
      expect(restored.markdown).toBe(first);
      await page.goto(suite.at(`/news/${aid}`));
      await page.getByText(first).waitFor();
      expect(await page.getByText(second).count()).toBe(0);

      // the restore is itself a version, made by whoever restored it
      await page.goto(suite.at(`/console/article?edit=${aid}`));
      await editor.getByRole('button', { name: m.history.button }).click();
      await expect.poll(() => versions.count()).toBe(4);
      await expect(versions.nth(0).textContent()).resolves.toContain(bo.username);
    },
  );

  test("a version today's rules refuse (its slug taken since) is not restored, and the dialog says why by field, in the reader's language", async () => {
    const m = zh.console;
    const slug = `history-slug-${Date.now()}`;
    const aid = await newArticle(`Slug history ${Date.now()}`, 'Text.');
    expect((await admin.send('PUT', `/api/article/?aid=${aid}`, { slug })).statusCode).toBe(200);
    expect((await admin.send('PUT', `/api/article/?aid=${aid}`, { slug: `${slug}-moved` })).statusCode).toBe(200);
    // another article takes the slug the first one had
    const other = await newArticle(`Slug taker ${Date.now()}`, 'Text.');
    expect((await admin.send('PUT', `/api/article/?aid=${other}`, { slug })).statusCode).toBe(200);

    const page = await logIn('zh', ADMIN, `/console/article?edit=${aid}`);
    await page.getByRole('button', { name: m.history.button }).click();
    const dialog = historyDialog(page, 'zh');
    await changeOf(dialog, 'zh', article.fields.slug.label.zh).locator('ins', { hasText: 'moved' }).waitFor();
    await dialog.getByRole('button', { name: m.history.restore }).click();
    await confirmDialog(page, 'zh');
    const refusal = dialog.getByRole('alert');
    await refusal.getByText(`${article.fields.slug.label.zh}：该短链接已被使用`).waitFor();
    await expect(refusal.textContent()).resolves.toContain(m.history.refused);
    await shot(page, 'refused-zh');
    expect(((await admin.get(`/api/article/?aid=${aid}`)).json() as { slug: string }).slug).toBe(`${slug}-moved`);
  });

  test('a publication deleted in the console is restored from the trash by an administrator, its file downloadable again', async () => {
    const m = zh.console;
    const pdf = Buffer.from(`%PDF-1.4 trash test ${Date.now()} ${'x'.repeat(64)}`);
    const title = `回收站论文 ${Date.now()}`;
    const r = await admin.send('POST', '/api/publication/', {
      title,
      author: '["A"]',
      source: 'ACL',
      year: '2025',
      file1: { file: pdf, name: 'trash-me.pdf' },
    });
    expect(r.statusCode, r.body).toBe(200);
    const pid = Number(r.headers['x-resource-id']);
    const fileUrl = `/resource/public/publication/${pid}/trash-me.pdf`;
    expect((await fetch(suite.at(fileUrl))).status).toBe(200);

    const page = await logIn('zh', ADMIN, `/console/publication?edit=${pid}`);
    // the list is paged on the server: the new paper is found through the list's filter, as a member would,
    // once the console runs in the page (its editor is open): what is typed before that is lost
    await page.getByRole('form', { name: new RegExp(m.editing) }).waitFor({ timeout: 60_000 });
    await page.getByRole('searchbox', { name: m.filter }).fill(title);
    const listed = page.getByRole('row', { name: new RegExp(title) });
    await listed.waitFor({ timeout: 60_000 });
    await listed.getByRole('button', { name: m.delete, exact: true }).click();
    await confirmDialog(page, 'zh');
    await page.getByText(m.deleted).first().waitFor();
    expect((await fetch(suite.at(fileUrl))).status).toBe(404);

    await page.getByRole('navigation').getByRole('link', { name: m.trash.title }).click();
    await page.getByRole('heading', { name: m.trash.title, level: 1 }).waitFor();
    await page.getByText(m.trash.intro.replace('{{days}}', '30')).waitFor();
    const row = page.getByRole('row', { name: new RegExp(title) });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(0, 5)).toEqual([publication.label.zh, title, ADMIN.username, expect.stringMatching(/\d/), m.trash.fileCount.replace('{{n}}', '1')]);
    await shot(page, 'trash-zh');
    await row.getByRole('button', { name: new RegExp(`^${m.trash.restore}`) }).click();
    await confirmDialog(page, 'zh');
    await page.getByText(m.trash.restored.replace('{{title}}', title)).first().waitFor();
    await expect.poll(() => row.count()).toBe(0);

    // back under its own id, with its file
    const served = await fetch(suite.at(fileUrl));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);
    // and the link opens the restored publication in its editor
    await page.getByRole('link', { name: m.trash.open }).click();
    await page.waitForURL((u) => u.pathname === '/console/publication' && u.searchParams.get('edit') === String(pid));
    await expect
      .poll(() =>
        page
          .getByRole('form', { name: new RegExp(m.editing) })
          .getByLabel(`${publication.fields.title.label.zh} *`)
          .inputValue(),
      )
      .toBe(title);

    // emptying the trash asks for a word first; then what was in it is gone for good
    const gone = await newArticle(`Gone for good ${Date.now()}`, 'Deleted, then purged.');
    expect((await admin.delete(`/api/article/?aid=${gone}`)).statusCode).toBe(200);
    await page.goto(suite.at('/console/trash'));
    await page.getByRole('row', { name: /Gone for good/ }).waitFor();
    await page.getByRole('button', { name: m.trash.emptyTrash }).click();
    const ask = page.getByRole('dialog', { name: m.trash.emptyQuestion.replace('{{n}}', '1') });
    const purge = ask.getByRole('button', { name: m.trash.emptyTrash });
    expect(await purge.isDisabled()).toBe(true);
    await ask.getByLabel(m.trash.typeToConfirm.replace('{{word}}', m.trash.word)).fill('清');
    expect(await purge.isDisabled()).toBe(true);
    await ask.getByLabel(m.trash.typeToConfirm.replace('{{word}}', m.trash.word)).fill(m.trash.word);
    await shot(page, 'trash-empty-zh');
    await purge.click();
    await page.getByText(m.trash.emptied.replace('{{n}}', '1')).first().waitFor();
    await page.getByText(m.trash.empty).waitFor();
    expect((await admin.get(`/api/article/?aid=${gone}`)).statusCode).toBe(404);
  });

  test('a member reads and restores the history of their own profile, and only its own fields', async () => {
    const m = en.console;
    const me = await member();
    const page = await logIn('en', me, '/console/profile');
    const intro = page.getByLabel(person.fields.description_en.label.en, { exact: true });
    const stored = async () => ((await admin.get(`/api/people/?uid=${me.uid}`)).json() as { description_en: string }).description_en;
    for (const text of ['I study graphs.', 'I study social graphs.']) {
      await intro.fill(text);
      await page.getByRole('button', { name: m.save, exact: true }).click();
      await expect.poll(stored).toBe(text);
      // the screen reads the saved profile again and redraws its form: typing waits for that
      await networkQuiet(page);
      await expect.poll(() => intro.inputValue()).toBe(text);
    }

    await page.getByRole('button', { name: m.history.button }).click();
    const dialog = historyDialog(page, 'en');
    await expect.poll(() => versionsOf(dialog, 'en').count()).toBe(3);
    const change = changeOf(dialog, 'en', person.fields.description_en.label.en);
    await change.locator('ins', { hasText: 'social' }).waitFor();
    await shot(page, 'profile-en');
    // a member compares their own fields: not their authority nor their status
    await dialog.getByLabel(/Show unchanged fields/).check();
    await changeOf(dialog, 'en', person.fields.name_en.label.en).waitFor();
    expect(await changeOf(dialog, 'en', person.fields.authority.label.en).count()).toBe(0);
    expect(await changeOf(dialog, 'en', person.fields.status.label.en).count()).toBe(0);

    await dialog.getByRole('button', { name: m.history.restore }).click();
    await confirmDialog(page, 'en');
    await page.getByText(m.history.restored).first().waitFor();
    await expect.poll(() => intro.inputValue()).toBe('I study graphs.');
  });

  test('the info pages and the site settings, screens of their own, have the same History', async () => {
    const m = en.console;
    const page = await logIn('en', ADMIN, '/console/site?tab=settings');
    const before = (await admin.get('/api/site/')).json() as { lab_name_en: string };
    expect((await admin.send('PUT', '/api/site/', { lab_name_en: 'Lab of Many Versions' })).statusCode).toBe(200);
    await page.reload();
    const name = page.getByLabel(`${site.fields.lab_name_en.label.en} *`);
    await expect.poll(() => name.inputValue()).toBe('Lab of Many Versions');
    await page.getByRole('button', { name: m.history.button }).click();
    const dialog = historyDialog(page, 'en');
    const change = changeOf(dialog, 'en', site.fields.lab_name_en.label.en);
    await change.locator('ins', { hasText: 'Many Versions' }).waitFor();
    await shot(page, 'site-en');
    await dialog.getByRole('button', { name: m.history.restore }).click();
    await confirmDialog(page, 'en');
    await page.getByText(m.history.restored).first().waitFor();
    await expect.poll(() => name.inputValue()).toBe(before.lab_name_en);

    // the info page shown in the tab, after a save of the whole list changed its text
    const pages = (await admin.get('/api/info/')).json() as { iid: number; aspect: string; markdown: string; order: number }[];
    const [first] = pages.sort((a, b) => a.order - b.order || a.iid - b.iid);
    if (!first) throw new Error('the demo has info pages');
    const edited = pages.map((p) => (p.iid === first.iid ? { ...p, markdown: `${p.markdown}\n\nA line added for history.` } : p));
    expect((await admin.json('PUT', '/api/info/', edited)).statusCode).toBe(200);
    await page.goto(suite.at('/console/info'));
    await page.getByRole('button', { name: m.history.button }).click();
    const infoDialog = historyDialog(page, 'en');
    await changeOf(infoDialog, 'en', info.fields.markdown.label.en).locator('ins', { hasText: 'added' }).waitFor();
    expect(await infoDialog.textContent()).toContain(first.aspect);
  });

  test('at 390 px the History dialog and the trash fit the screen without sideways scrolling', async () => {
    const aid = await newArticle(`Phone history ${Date.now()}`, `${'A long first paragraph that wraps on a phone. '.repeat(12)}\n\nEnd of the first text.`);
    expect(
      (
        await admin.send('PUT', `/api/article/?aid=${aid}`, {
          markdown: `${'A long first paragraph that wraps on a phone. '.repeat(12)}\n\nEnd of the edited text, now longer.`,
        })
      ).statusCode,
    ).toBe(200);
    for (const lang of ['zh', 'en'] as const) {
      const m = messages[lang].console;
      // on a phone the editor opens as a dialog, which hides the page's main region from the accessibility
      // tree: logging in waits for that region, so the editor is opened once logged in
      const page = await logIn(lang, ADMIN, '/console/article', 390);
      await page.goto(suite.at(`/console/article?edit=${aid}`));
      await page.getByRole('button', { name: m.history.button }).click();
      const dialog = historyDialog(page, lang);
      await changeOf(dialog, lang, article.fields.markdown.label[lang]).locator('ins').first().waitFor();
      const box = await dialog.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390, lang).toBe(true);
      // nothing in the dialog is wider than it
      expect(await dialog.evaluate((el) => [...el.querySelectorAll('*')].every((e) => e.getBoundingClientRect().right <= window.innerWidth + 1)), lang).toBe(
        true,
      );
      expect(await noSideways(page), lang).toBe(true);
      await shot(page, `dialog-phone-${lang}`);
    }
    // the trash as cards, each with its restore button in reach
    expect((await admin.delete(`/api/article/?aid=${aid}`)).statusCode).toBe(200);
    for (const lang of ['zh', 'en'] as const) {
      const m = messages[lang].console;
      const page = await logIn(lang, ADMIN, '/console/trash', 390);
      await page.getByRole('heading', { name: m.trash.title, level: 1 }).waitFor();
      const card = page.getByRole('list', { name: m.trash.title }).getByRole('listitem').filter({ hasText: 'Phone history' });
      await card.getByRole('button', { name: new RegExp(`^${m.trash.restore}`) }).waitFor();
      const button = await card.getByRole('button').boundingBox();
      expect(button && button.x >= 0 && button.x + button.width <= 390, lang).toBe(true);
      expect(await noSideways(page), lang).toBe(true);
      await shot(page, `trash-phone-${lang}`);
    }
  });

  test('an ordinary member has no Trash entry, is refused at its address, and the server refuses them', async () => {
    const me = await member();
    const page = await logIn('zh', me, '/console');
    const nav = page.getByRole('navigation', { name: zh.console.menu });
    await nav.getByRole('link').first().waitFor();
    expect(await nav.getByRole('link').allTextContents()).not.toContain(zh.console.trash.title);
    await page.goto(suite.at('/console/trash'));
    await page.getByText(zh.console.trash.adminOnly).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    const client = await loginAs(suite.site.app, me.username, MEMBER_PASSWORD);
    expect((await client.get('/api/trash/')).statusCode).toBe(403);
  });
});
