import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { detailText } from '../../common/messages.ts';
import { en } from '../../app/i18n/en.ts';
import { zh } from '../../app/i18n/zh.ts';
import { loginAs } from '../helpers/client.ts';
import { ADMIN, browserSuite, e2eAvailable, hydrated, logInThroughPage } from './server.ts';

// Invitations in a real browser: the administrator creates a member without a
// password in the console and copies the link shown once; a fresh browser opens it, chooses a password
// and is logged in; the link then says it was used, in zh and en. The page works at 390 px.

type Rec = Record<string, unknown>;

describe.skipIf(!e2eAvailable)('invitations in a browser', { timeout: 120_000 }, () => {
  const suite = browserSuite();

  /** The row of `username` in the people table, found with the list's filter box (the list is paged by the server). */
  async function rowOf(page: Page, username: string, filter = '筛选') {
    const row = page.getByRole('row', { name: new RegExp(username.replace('.', '\\.')) });
    // the list has loaded once a row has its buttons
    await page.getByRole('row').getByRole('button').first().waitFor();
    const box = page.locator('main').getByRole('searchbox', { name: filter });
    if ((await box.inputValue()) !== username) await box.fill(username);
    await row.waitFor();
    return row;
  }

  /** The dialog's end of validity, read back as a moment: shown in Beijing time with its zone named, 7 days on. */
  async function expiresShown(dialog: ReturnType<Page['getByRole']>, lang: 'zh' | 'en') {
    const text = (await dialog.getByTestId('invitation-expires').textContent()) ?? '';
    const shown = new RegExp(
      `^${(lang === 'zh' ? zh : en).consoleInvite.expires.replace(/[()（）.]/g, '\\$&').replace('{{time}}', '(\\d{4}-\\d{2}-\\d{2}) (\\d{2}:\\d{2})')}$`,
    ).exec(text);
    expect(shown, text).not.toBeNull();
    const at = Date.parse(`${shown?.[1]}T${shown?.[2]}:00+08:00`);
    expect(Math.abs(at - (Date.now() + 7 * 86_400_000))).toBeLessThan(5 * 60_000);
  }

  const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  test('an administrator creates a member, copies the link; a fresh browser sets a password and is logged in; the link is then used', async () => {
    const { page: console_, context } = await suite.open({ lang: 'zh' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.site.url });
    await logInThroughPage(console_, suite.site.url, ADMIN.username, ADMIN.password, '/console/people');
    await console_.getByRole('button', { name: '添加' }).click();
    const editor = console_.getByRole('form', { name: '新建' });
    await editor.getByLabel('学号/工号 *').fill('INV0001');
    await editor.getByLabel('用户名 *').fill('e2e.invited');
    await editor.getByLabel('中文名 *').fill('李四');
    await editor.getByLabel('英文名 *').fill('Li Si');
    // no password: the server makes an invitation
    await editor.getByRole('button', { name: '保存' }).click();
    const dialog = console_.getByRole('dialog', { name: '李四 的邀请链接' });
    await dialog.waitFor();
    await dialog.getByText('只显示这一次').waitFor();
    await expiresShown(dialog, 'zh');
    const shown = await dialog.getByTestId('invitation-link').inputValue();
    expect(shown).toMatch(new RegExp(`^${suite.site.url}/invite#[A-Za-z0-9_-]{43}$`));
    // this server sends no mail: no "send by e-mail"
    expect(await dialog.getByTestId('invitation-mail').count()).toBe(0);
    await dialog.getByRole('button', { name: '复制链接' }).click();
    await dialog.getByRole('button', { name: '已复制' }).waitFor();
    const link = await console_.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(shown);
    await dialog.getByRole('button', { name: '关闭' }).click();
    // the list marks the account until the link is used
    await (await rowOf(console_, 'e2e.invited')).getByText('需要邀请').waitFor();

    // SPEC §9's pinyin password logs nobody in; the login page says why
    const { page: stranger } = await suite.open({ lang: 'en' });
    await stranger.goto(suite.at('/login'));
    await hydrated(stranger, 'form.login-card button[type=submit]');
    await stranger.locator('form.login-card button[type=submit]:not([disabled])').waitFor();
    await stranger.locator('input[name="username"]').fill('e2e.invited');
    await stranger.locator('input[name="password"]').fill('lisi0000');
    await stranger.locator('input[name="password"]').press('Enter');
    await stranger.getByRole('alert').getByText('must first set its password through an invitation link').waitFor();

    // the member, in a fresh browser on a phone
    const { page: member, context: memberContext } = await suite.open({ lang: 'en', width: 390, height: 844 });
    // the page runs under the site's script policy with no violation
    await memberContext.addInitScript(() => {
      const w = window as unknown as { __violations: string[] };
      w.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const opened = await member.goto(link);
    expect(opened?.headers()['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    await member.getByText('Li Si (username e2e.invited), choose your password.').waitFor();
    expect(await noSideways(member)).toBe(true);
    await member.getByLabel('New password').fill('short');
    await member.getByLabel('Confirm password').fill('short');
    await member.getByRole('button', { name: 'Set password and log in' }).click();
    await member.getByRole('alert').getByText('at least 10 characters').waitFor();
    expect(await member.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    await member.getByLabel('New password').fill('own-chosen-secret');
    await member.getByLabel('Confirm password').fill('own-chosen-secret');
    await member.getByRole('button', { name: 'Set password and log in' }).click();
    await member.waitForURL((u) => u.pathname === '/console', { timeout: 15_000 });
    await member.locator('main h1').first().waitFor();
    expect(await member.evaluate(() => localStorage.getItem('username'))).toBe('e2e.invited');
    await loginAs(suite.site.app, 'e2e.invited', 'own-chosen-secret');

    // the same link again, in either language
    for (const [lang, words] of [
      ['zh', '该邀请链接已被使用'],
      ['en', 'This invitation link has already been used'],
    ] as const) {
      const { page: again } = await suite.open({ lang, width: 390, height: 844 });
      await again.goto(link);
      await again.getByRole('alert').getByText(words).waitFor();
      expect(await again.getByRole('button', { name: lang === 'zh' ? '设置密码并登录' : 'Set password and log in' }).count()).toBe(0);
      expect(await noSideways(again)).toBe(true);
    }
    await console_.reload();
    await (await rowOf(console_, 'e2e.invited')).getByRole('button', { name: '邀请链接' }).waitFor();
    expect(await (await rowOf(console_, 'e2e.invited')).getByText('需要邀请').count()).toBe(0);
  });

  test('an account that still has its old initial password is marked, and the button shows a new link once', async () => {
    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    const someone = ((await admin.get('/api/people/')).json() as Rec[]).find(
      (p) => p.username !== ADMIN.username && p.username !== 'demo.user' && p.username !== 'e2e.invited',
    ) as Rec;
    // as after the upgrade: the account waits for an invitation
    await suite.site.app.lab.db.updateTable('person').set({ must_change_password: 1 }).where('pid', '=', Number(someone.pid)).execute();
    const { page } = await suite.open({ lang: 'en' });
    await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, '/console/people');
    const row = await rowOf(page, String(someone.username), 'Filter');
    await row.getByText('needs an invitation').waitFor();
    await row.getByRole('button', { name: 'Invitation link' }).click();
    const dialog = page.getByRole('dialog', { name: /^Invitation link for / });
    await dialog.getByText('shown only now').waitFor();
    await expiresShown(dialog, 'en');
    const link = await dialog.getByTestId('invitation-link').inputValue();
    expect(link).toMatch(/\/invite#[A-Za-z0-9_-]{43}$/);
    const state = await fetch(suite.at(`/api/invitation/?token=${new URL(link).hash.slice(1)}`));
    expect(((await state.json()) as Rec).state).toBe('open');
  });

  test('a server without mail: "forgot password" tells a visitor to ask the administrator, never how the server is set up', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const { page } = await suite.open({ lang, width: 390, height: 844 });
      await page.goto(suite.at('/forgot-password'));
      await page.getByText(detailText(lang, 'reset_mail_off')).waitFor();
      expect(await page.locator('input[name="login"]').count()).toBe(0);
      expect(await page.locator('main').textContent()).not.toMatch(/SMTP|MAIL_FROM|deploy/);
      expect(await noSideways(page)).toBe(true);
    }
  });

  test('two-factor: only an enrolled member is marked and offers a reset; a refusal stays until it is closed', async () => {
    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    const people = (await admin.get('/api/people/')).json() as Rec[];
    // accounts in use (an account waiting for its invitation has no two-factor to reset)
    const [on, off] = people.filter((p) => p.username !== ADMIN.username && p.account === 'active') as [Rec, Rec];
    await suite.site.app.lab.db
      .insertInto('two_factor')
      .values({ person_pid: Number(on.pid), secret: 'JBSWY3DPEHPK3PXP', enabled_at: Math.floor(Date.now() / 1000), last_step: null, recovery: '[]' })
      .execute();
    for (const lang of ['zh', 'en'] as const) {
      const w = lang === 'zh' ? zh : en;
      const { page } = await suite.open({ lang });
      await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, '/console/people');
      const filter = lang === 'zh' ? '筛选' : 'Filter';
      const enrolled = await rowOf(page, String(on.username), filter);
      await enrolled.getByText(w.twoFactor.enrolled).waitFor();
      await enrolled.getByRole('button', { name: w.twoFactor.reset }).waitFor();
      const plain = await rowOf(page, String(off.username), filter);
      await plain.getByRole('button', { name: lang === 'zh' ? '邀请链接' : 'Invitation link' }).waitFor();
      expect(await plain.getByRole('button', { name: w.twoFactor.reset }).count()).toBe(0);
      expect(await plain.getByText(w.twoFactor.enrolled).count()).toBe(0);
    }

    // the server refuses a username that is taken: its words stay past the time a success message shows
    const { page } = await suite.open({ lang: 'en' });
    await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, '/console/people');
    await page.getByRole('button', { name: 'Add' }).click();
    const editor = page.getByRole('form', { name: 'New' });
    await editor.getByLabel('ID *').fill('INV0099');
    await editor.getByLabel('Username *').fill(String(off.username));
    await editor.getByLabel('Chinese name *').fill('王五');
    await editor.getByLabel('English name *').fill('Wang Wu');
    await editor.getByRole('button', { name: 'Save' }).click();
    const refusal = page.locator('#notistack-snackbar').first();
    await refusal.waitFor();
    await page.waitForTimeout(3000);
    expect(await refusal.isVisible()).toBe(true);
    await page.getByRole('alert').filter({ has: refusal }).getByRole('button', { name: 'Close' }).click();
    await refusal.waitFor({ state: 'hidden' });
  });
});
