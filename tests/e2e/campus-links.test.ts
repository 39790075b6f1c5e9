import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { en } from '../../app/i18n/en.ts';
import { translateText } from '../../app/i18n/index.tsx';
import { zh } from '../../app/i18n/zh.ts';
import { detailText, messages } from '../../common/messages.ts';
import { sha256 } from '../../server/services/auth.ts';
import { casServer, type TestCas } from '../helpers/cas.ts';
import { Client } from '../helpers/client.ts';
import { PEOPLE, SLAPD, slapd, type TestLdap } from '../helpers/ldap.ts';
import { type OidcAccount, oidcProvider, type TestOidc } from '../helpers/oidc.ts';
import { listed, sized, violations, WIDTHS, withAxe } from './axe.ts';
import { ADMIN, browserSuite, e2eAvailable, hydrated, logInThroughPage, networkQuiet, sessionTokenOf, startSite, viaConsoleNav } from './server.ts';

// The profile's campus accounts in a real browser (app/console/campus-links.tsx, server/api/campus-links.ts): an
// administrator, whom a campus login opens only by a link of their own, links their OIDC account through the real
// provider (this site's password asked once the login is not fresh, a wrong one refused beside the field), their
// directory account through the small LDAP form (a real slapd), unlinks from the list, and finds both in the
// activity log; the section passes axe in both themes at both widths, in both languages.

const dict = { zh, en } as const;
type Lang = keyof typeof dict;
/** A message of the interface with its {{placeholders}} filled. */
const fill = (text: string, vars: Record<string, string>) => translateText(text, vars);
const linkButton = (lang: Lang, kind: 'OIDC' | 'CAS' | 'LDAP') => fill(dict[lang].campusLinks.link, { kind });

/** The administrator's campus account: its username claim matches them, which alone must not open their account. */
const ADMIN_OIDC: OidcAccount = { sub: 'oidc-sub-of-the-lab-admin-0042', claims: { preferred_username: ADMIN.username, name: 'Lab Admin' } };
const DIRECTORY = { uid: 'e2e.boss', password: 'boss-directory-pass', cn: 'The Boss' };
const WRONG_SITE_PASSWORD = 'not-the-site-password';
const ldapSkip = SLAPD ? '' : ' — skipped: slapd is not installed here (apt-get install slapd ldap-utils)';

describe.skipIf(!e2eAvailable)('campus accounts on the profile in a browser', { timeout: 120_000 }, () => {
  let idp: TestOidc | undefined;
  let cas: TestCas | undefined;
  let ldap: TestLdap | undefined;
  let siteUrl = '';
  const suite = browserSuite(async () => {
    [idp, cas, ldap] = await Promise.all([oidcProvider(() => [`${siteUrl}/api/login/oidc/callback/`]), casServer(), SLAPD ? slapd([DIRECTORY]) : undefined]);
    const site = await startSite({
      OIDC_ISSUER_URL: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      CAS_URL: cas.url,
      CAS_MATCH: 'uid',
      CAS_ATTRIBUTE: 'employeeNumber',
      ...(ldap ? { LDAP_URL: ldap.url, LDAP_USER_DN: `uid={username},${PEOPLE}` } : {}),
      CAMPUS_LOGIN_NAME: '统一身份认证',
      CAMPUS_LOGIN_NAME_EN: 'University ID',
    });
    siteUrl = site.url;
    return site;
  });
  afterAll(async () => {
    await idp?.close();
    await cas?.close();
    await ldap?.close();
  });

  const db = () => suite.site.app.lab.db;
  const adminPid = async () => (await db().selectFrom('person').select('pid').where('username', '=', ADMIN.username).executeTakeFirstOrThrow()).pid;
  const adminLinks = async () =>
    db()
      .selectFrom('external_link')
      .select(['kind', 'subject', 'explicit'])
      .where('person_pid', '=', await adminPid())
      .orderBy('id')
      .execute();

  /** The console's profile, logged in through the login page (a fresh login), its campus accounts drawn. */
  async function profile(lang: Lang, width = 1280, { axe = false } = {}): Promise<{ page: Page; section: Locator }> {
    const { page, context } = await suite.open({ lang, ...sized(width), context: { colorScheme: 'light' } });
    if (axe) await withAxe(context);
    await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, '/console/profile');
    const section = page.getByRole('region', { name: dict[lang].campusLinks.title });
    await section.getByRole('button', { name: linkButton(lang, 'OIDC') }).waitFor();
    await networkQuiet(page);
    return { page, section };
  }

  /** The session the page holds logged in an hour ago: past the minutes a fresh login stands for the password. */
  async function ageSession(page: Page) {
    const token = await sessionTokenOf(page);
    expect(token).toBeTruthy();
    const aged = await db()
      .updateTable('session')
      .set({ login_time: Math.floor(Date.now() / 1000) - 3600 })
      .where('token_hash', '=', sha256(token as string))
      .executeTakeFirst();
    expect(Number(aged.numUpdatedRows)).toBe(1);
  }

  /** What is said beside a field (its accessible description), when the field is marked invalid; else ''. */
  const refusalBeside = (field: Locator) =>
    field.evaluate((el) => {
      if (el.getAttribute('aria-invalid') !== 'true') return '';
      const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
      return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    });

  /** The date as the section writes it, in the browser's own rendering of the language. */
  const today = (page: Page, lang: Lang) => page.evaluate((l) => new Date().toLocaleDateString(l), lang);

  /** Whether an element's background is light or dark (its relative luminance over or under a half). */
  const lightness = (el: Locator) =>
    el.evaluate((node) => {
      const [r, g, b] = (getComputedStyle(node).backgroundColor.match(/[\d.]+/g) ?? []).map(Number).map((v) => v / 255);
      const lin = (v = 0) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b) > 0.5 ? 'light' : 'dark';
    });

  const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

  test('zh: an administrator refused by a campus login links their own OIDC account (site password asked, a wrong one refused), which then opens their console', async () => {
    const c = zh.campusLinks;
    const oidc = idp as TestOidc;
    // before the link: the campus login that matches the administrator by the claim is refused, in their words
    oidc.nextAccount = ADMIN_OIDC;
    const { page } = await suite.open({ lang: 'zh' });
    await page.goto(suite.at('/login?lang=zh'));
    await hydrated(page, 'form.login-card button[type=submit]');
    await page.getByRole('link', { name: '使用 统一身份认证 登录（OIDC）' }).click();
    await page.getByRole('alert').getByText(messages.external_admin.zh).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await sessionTokenOf(page)).toBeUndefined();
    expect(await adminLinks()).toEqual([]);

    // the profile: no link, a button for each campus login of the site
    await logInThroughPage(page, suite.site.url, ADMIN.username, ADMIN.password, '/console/profile');
    const section = page.getByRole('region', { name: c.title });
    await section.getByText(c.none).waitFor();
    expect(await section.getByRole('listitem').count()).toBe(0);
    for (const kind of ['OIDC', 'CAS'] as const) {
      expect(await section.getByRole('button', { name: linkButton('zh', kind) }).isEnabled(), kind).toBe(true);
    }
    // LDAP's button sends its form: there once the directory is set up, enabled once the form is filled
    if (SLAPD)
      expect(
        await section
          .getByRole('form', { name: linkButton('zh', 'LDAP') })
          .getByRole('button')
          .isVisible(),
      ).toBe(true);

    // an hour after the login: the site's password is asked first, beside its field, and nothing leaves the page
    await ageSession(page);
    const linkOidc = section.getByRole('button', { name: linkButton('zh', 'OIDC') });
    await linkOidc.click();
    const password = section.getByLabel(zh.twoFactor.password, { exact: true });
    await password.waitFor();
    await expect.poll(() => refusalBeside(password)).toBe(messages.external_link_needs_password.zh);
    expect(await password.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await linkOidc.isDisabled()).toBe(true);
    // a wrong one is refused there too, and links nothing
    await password.fill(WRONG_SITE_PASSWORD);
    await linkOidc.click();
    await expect.poll(() => refusalBeside(password)).toBe(messages.old_password_wrong.zh);
    expect(new URL(page.url()).pathname).toBe('/console/profile');
    expect(await adminLinks()).toEqual([]);
    await page.screenshot({ path: '/tmp/campus-links-password-zh.png' });

    // the right one: to the provider and back to the section, which lists the link
    await password.fill(ADMIN.password);
    await linkOidc.click();
    await section.getByRole('status').getByText(c.linked).waitFor({ timeout: 20_000 });
    const back = new URL(page.url());
    expect(back.pathname).toBe('/console/profile');
    expect(back.searchParams.has('campus_link')).toBe(false);
    const rows = section.getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(1);
    const row = await rows.first().textContent();
    expect(row).toContain('OIDC');
    expect(row).toContain(ADMIN_OIDC.sub);
    expect(row).toContain(fill(c.byYou, { date: await today(page, 'zh') }));
    expect(await section.getByText(c.none).count()).toBe(0);
    expect(await adminLinks()).toEqual([{ kind: 'oidc', subject: ADMIN_OIDC.sub, explicit: 1 }]);

    // a link that failed on its way back is told in words, not by its key, and the address is cleaned
    await page.goto(suite.at('/console/profile?campus_link_error=external_link_taken#campus-links'));
    await section.getByRole('alert').getByText(messages.external_link_taken.zh, { exact: true }).waitFor();
    expect(await section.getByText('external_link_taken').count()).toBe(0);
    await expect.poll(() => new URL(page.url()).search).toBe('');

    // now the same campus login opens the administrator's console
    const other = await suite.open({ lang: 'zh' });
    await other.page.goto(suite.at('/login?lang=zh'));
    await hydrated(other.page, 'form.login-card button[type=submit]');
    await other.page.getByRole('link', { name: '使用 统一身份认证 登录（OIDC）' }).click();
    await other.page.waitForURL((u) => u.pathname === '/console', { timeout: 20_000 });
    // the activity log is an administrator's screen
    await other.page.getByRole('navigation').getByRole('link', { name: zh.console.activity.title }).first().waitFor();
    const token = await sessionTokenOf(other.page);
    expect(token).toBeTruthy();
    const me = await suite.site.app.inject({ method: 'GET', url: '/api/me/', headers: { authorization: `Token ${token}` } });
    expect(me.json()).toMatchObject({ username: ADMIN.username, authority: 'admin' });
  });

  test.skipIf(!SLAPD)(`en, phone: links the directory (LDAP) account through its small form, straight after logging in${ldapSkip}`, async () => {
    const c = en.campusLinks;
    const { page, section } = await profile('en', 390);
    const form = section.getByRole('form', { name: linkButton('en', 'LDAP') });
    const username = form.getByLabel(c.directoryUsername, { exact: true });
    const directoryPassword = form.getByLabel(c.directoryPassword, { exact: true });
    const submit = form.getByRole('button', { name: linkButton('en', 'LDAP') });
    expect(await submit.isDisabled()).toBe(true);
    await username.fill(DIRECTORY.uid);
    await directoryPassword.fill('not-the-directory-password');
    await directoryPassword.press('Enter');
    await section.getByRole('alert').getByText(messages.external_link_wrong.en).waitFor();
    // a fresh login: the directory's refusal asks for no site password
    expect(await section.getByLabel(en.twoFactor.password, { exact: true }).count()).toBe(0);
    expect(await adminLinks()).not.toContainEqual(expect.objectContaining({ kind: 'ldap' }));

    await directoryPassword.fill(DIRECTORY.password);
    await submit.click();
    await section.getByRole('status').getByText(c.linked).waitFor();
    const row = section.getByRole('listitem').filter({ hasText: 'LDAP' });
    await row.waitFor();
    expect(await row.textContent()).toContain(`uid=${DIRECTORY.uid},${PEOPLE}`);
    expect(await row.textContent()).toContain(fill(c.byYou, { date: await today(page, 'en') }));
    expect(await username.inputValue()).toBe('');
    expect(await directoryPassword.inputValue()).toBe('');
    expect(await noSidewaysScroll(page)).toBe(true);
    await section.screenshot({ path: '/tmp/campus-links-ldap-en-390.png' });
    // the directory's password now opens the administrator's account
    const byDirectory = await new Client(suite.site.app).login(DIRECTORY.uid, DIRECTORY.password);
    expect(byDirectory.userInfo?.username).toBe(ADMIN.username);
  });

  test('en: links straight through after logging in, refuses a wrong site password once the login is old, unlinks, and the activity log shows both', async () => {
    const c = en.campusLinks;
    const oidc = idp as TestOidc;
    oidc.nextAccount = ADMIN_OIDC;
    const { page, section } = await profile('en');
    // a fresh login stands for the password: straight to the provider and back
    await section.getByRole('button', { name: linkButton('en', 'OIDC') }).click();
    await section.getByRole('status').getByText(c.linked).waitFor({ timeout: 20_000 });
    const oidcRow = section.getByRole('listitem').filter({ hasText: ADMIN_OIDC.sub });
    await oidcRow.waitFor();
    expect(await oidcRow.textContent()).toContain(fill(c.byYou, { date: await today(page, 'en') }));
    expect(await section.getByLabel(en.twoFactor.password, { exact: true }).count()).toBe(0);

    // an old login, a wrong password: refused beside the field in English, nothing linked
    await ageSession(page);
    const linkCas = section.getByRole('button', { name: linkButton('en', 'CAS') });
    await linkCas.click();
    const password = section.getByLabel(en.twoFactor.password, { exact: true });
    await expect.poll(() => refusalBeside(password)).toBe(detailText('en', 'external_link_needs_password'));
    await password.fill(WRONG_SITE_PASSWORD);
    await linkCas.click();
    await expect.poll(() => refusalBeside(password)).toBe(detailText('en', 'old_password_wrong'));
    expect(new URL(page.url()).pathname).toBe('/console/profile');
    expect(await adminLinks()).not.toContainEqual(expect.objectContaining({ kind: 'cas' }));
    await page.screenshot({ path: '/tmp/campus-links-password-en.png' });

    // unlink, after the question
    await oidcRow.getByRole('button', { name: c.unlink }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(fill(c.confirmUnlink, { kind: 'OIDC', subject: ADMIN_OIDC.sub })).waitFor();
    await dialog.getByRole('button', { name: en.console.confirm, exact: true }).click();
    await section.getByRole('status').getByText(c.unlinked).waitFor();
    await expect.poll(() => oidcRow.count()).toBe(0);
    expect(await adminLinks()).not.toContainEqual(expect.objectContaining({ kind: 'oidc' }));

    // the activity log: the unlink, newest, and the link before it, both the administrator's
    const a = en.console.activity;
    await viaConsoleNav(page, '/console/activity');
    const grid = page.getByRole('table', { name: a.title });
    await grid.locator('tbody tr td').first().waitFor();
    const headers = await grid.locator('thead th').allTextContents();
    const cells = async (header: string) => grid.locator(`tbody tr td:nth-child(${headers.indexOf(header) + 1})`).allTextContents();
    expect(headers).toContain(a.action);
    const actions = await cells(a.action);
    const people = await cells(a.person);
    expect(actions[0]).toBe(a.actions.unlink);
    expect(people[0]).toBe(ADMIN.username);
    const linked = actions.indexOf(a.actions.link);
    expect(linked).toBeGreaterThan(0);
    expect(people[linked]).toBe(ADMIN.username);
  });

  test('the section passes axe in light and dark at 1280 and 390 px, in both languages, and nothing scrolls sideways on a phone', async () => {
    // a link a first campus login recorded, with a long subject, and the site's password asked: every part drawn
    const subject = 'cas-principal-with-a-rather-long-name-0123456789-abcdefghijklmnopqrstuvwxyz';
    const pid = await adminPid();
    const createdAt = Math.floor(Date.now() / 1000);
    await db()
      .insertInto('external_link')
      .values({ kind: 'cas', issuer: (cas as TestCas).url, subject, person_pid: pid, explicit: 0, created_at: createdAt })
      .execute();
    const found: string[] = [];
    for (const lang of ['zh', 'en'] as const) {
      const { page, section } = await profile(lang, 1280, { axe: true });
      await section.getByText(subject).waitFor();
      await ageSession(page);
      await section.getByRole('button', { name: linkButton(lang, 'OIDC') }).click();
      const password = section.getByLabel(dict[lang].twoFactor.password, { exact: true });
      await expect.poll(() => refusalBeside(password)).toBe(detailText(lang, 'external_link_needs_password'));
      expect(await section.getByRole('listitem').filter({ hasText: subject }).textContent()).toContain(
        // the day it was recorded, as the browser writes it (not "today": the run may cross midnight)
        fill(dict[lang].campusLinks.atFirstLogin, {
          date: await page.evaluate(([s, l]) => new Date(Number(s) * 1000).toLocaleDateString(String(l)), [createdAt, lang]),
        }),
      );
      for (const width of WIDTHS) {
        await page.setViewportSize(sized(width));
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          const where = `the campus accounts (${lang}, ${width} px, ${scheme})`;
          // the scheme in force: a light section would pass the dark check without showing anything
          await expect.poll(() => lightness(section), { message: where }).toBe(scheme);
          found.push(...(await violations(page, where, { include: '#campus-links' })));
          if (width < 600) {
            expect(await noSidewaysScroll(page), where).toBe(true);
            expect(await section.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), where).toBe(true);
          }
          await section.screenshot({ path: `/tmp/campus-links-${lang}-${width}-${scheme}.png` });
        }
      }
    }
    expect(found, listed(found)).toEqual([]);
  });
});
