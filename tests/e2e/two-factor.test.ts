import { readFile } from 'node:fs/promises';
import { generateSync } from 'otplib';
import { describe, expect, test } from 'vitest';
import { createMember, loginAs } from '../helpers/client.ts';
import { en } from '../../app/i18n/en.ts';
import { ADMIN, browserSuite, e2eAvailable, hydrated, logInThroughPage } from './server.ts';

// Two-factor login in a real browser: a member sets it up from the profile with the key
// the page shows (the code computed here as an authenticator app would), sees the recovery codes once, and
// the next login asks for the code after the password.

const codeAt = (secret: string, offset: number) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

describe.skipIf(!e2eAvailable)('two-factor login in a browser', { timeout: 120_000 }, () => {
  const suite = browserSuite();

  test('enrol from the profile, then log in with the password and a code', async () => {
    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    const member = await createMember(admin, { username: 'e2e.totp', name_en: 'Totp Person' });
    const { page, context } = await suite.open({ lang: 'en' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.site.url });
    await logInThroughPage(page, suite.site.url, member.username, 'member-password', '/console/profile');
    await page.getByRole('button', { name: 'Set up two-factor login' }).click();
    await page.getByRole('img', { name: 'QR code of the key for your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('two-factor-key').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    // the previous step's code: the login below takes the current one
    await page.getByLabel('Code from the app').fill(codeAt(secret, -1));
    await page.getByRole('button', { name: 'Confirm' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const shown = await codes.allTextContents();
    // kept at once: copied all together, one a line, or downloaded as a text file named after the site and the account
    await page.getByRole('button', { name: en.twoFactor.copyCodes }).click();
    await page.getByRole('button', { name: en.twoFactor.codesCopied }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown.join('\n'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: en.twoFactor.downloadCodes }).click()]);
    const site = String(((await admin.get('/api/site/')).json() as { lab_name_en: string }).lab_name_en);
    expect(download.suggestedFilename()).toBe(`${site.replace(/\s+/g, '-')}-recovery-codes-of-e2e.totp.txt`);
    const text = await readFile(await download.path(), 'utf8');
    expect(text.split('\n').filter((l) => /^[a-z0-9-]{6,}$/i.test(l))).toEqual(shown);
    expect(text).toContain(`of e2e.totp on ${site}`);

    // a fresh browser (logged out): password, then the code
    const { page: again } = await suite.open({ lang: 'en' });
    await again.goto(suite.at('/login?redirect=/console/profile'));
    await hydrated(again, 'form.login-card button[type=submit]');
    await again.locator('form.login-card button[type=submit]:not([disabled])').waitFor();
    await again.locator('input[name="username"]').fill(member.username);
    await again.locator('input[name="password"]').fill('member-password');
    await again.locator('input[name="password"]').press('Enter');
    await again.locator('input[name="code"]').fill(codeAt(secret, 0));
    await again.locator('input[name="code"]').press('Enter');
    await again.waitForURL(/\/console\/profile/);
    await again.getByText('Two-factor login is on (10 recovery codes left).').waitFor();
  });

  test('an administrator who must enrol is sent to the enrolment, from the login and from any console address', async () => {
    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    const boss = await createMember(admin, { username: 'e2e.boss', name_en: 'Second Administrator', authority: 'admin' });
    const required = await admin.send('PUT', '/api/site/', { require_admin_2fa: 'true' });
    expect(required.statusCode, required.body).toBe(200);
    try {
      const { page } = await suite.open({ lang: 'en' });
      const where = () => {
        const u = new URL(page.url());
        return `${u.pathname}${u.search}${u.hash}`;
      };
      await page.goto(suite.at('/console/news'));
      await page.waitForURL((u) => u.pathname.endsWith('/login'));
      expect(where()).toBe('/login?redirect=%2Fconsole%2Fnews');
      await hydrated(page, 'form.login-card button[type=submit]');
      await page.locator('form.login-card button[type=submit]:not([disabled])').waitFor();
      await page.locator('input[name="username"]').fill(boss.username);
      await page.locator('input[name="password"]').fill('member-password');
      await page.locator('input[name="password"]').press('Enter');
      await page.waitForURL((u) => u.pathname.endsWith('/console/profile'), { timeout: 15_000 });
      expect(where()).toBe('/console/profile#two-factor');
      await page.getByText(en.twoFactor.required).waitFor();
      await page.goto(suite.at('/console/news'));
      await page.waitForURL((u) => u.pathname.endsWith('/console/profile'));
      expect(where()).toBe('/console/profile#two-factor');
      await page.getByText(en.twoFactor.required).waitFor();
    } finally {
      // the administrator enrols (the one thing they may do), then lifts the requirement
      const setup = await boss.json('POST', '/api/two-factor/setup/', {});
      const { secret } = setup.json() as { secret: string };
      expect((await boss.json('POST', '/api/two-factor/enable/', { code: codeAt(secret, 0) })).statusCode).toBe(200);
      expect((await boss.send('PUT', '/api/site/', { require_admin_2fa: 'false' })).statusCode).toBe(200);
    }
  });
});
