import { afterAll, describe, expect, test } from 'vitest';
import { createMember, loginAs } from '../helpers/client.ts';
import { linkToken, smtpServer, type TestSmtp } from '../helpers/smtp.ts';
import { ADMIN, browserSuite, e2eAvailable, hydrated, logInThroughPage, startSite } from './server.ts';

// Self-service password reset in a real browser: "Forgot password?" on the login page,
// the mail read from a real SMTP server in the test process, its link followed, a new password set and
// used to log in.

describe.skipIf(!e2eAvailable)('password reset in a browser', { timeout: 120_000 }, () => {
  let smtp: TestSmtp | undefined;
  const suite = browserSuite(async () => {
    smtp = await smtpServer();
    return startSite({ SMTP_URL: smtp.url, MAIL_FROM: 'Lab <lab@example.edu>' });
  });
  afterAll(() => smtp?.close());

  test('forgot password → mail → link → new password → log in with it', async () => {
    const admin = await loginAs(suite.site.app, ADMIN.username, ADMIN.password);
    const member = await createMember(admin, { username: 'e2e.forgetful', email: 'forgetful@example.edu', name_en: 'Forgetful Member' });

    const { page } = await suite.open({ lang: 'en' });
    await page.goto(suite.at('/login'));
    await hydrated(page, 'form.login-card button[type=submit]');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await hydrated(page, 'form.login-card button[type=submit]');
    await page.getByLabel('Username or e-mail').fill('forgetful@example.edu');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page
      .getByRole('status')
      .getByText(/If this username or e-mail address belongs to an account/)
      .waitFor();

    const mail = await (smtp as TestSmtp).next('forgetful@example.edu');
    const token = linkToken(mail.text, '/reset-password');
    const link = new RegExp(`http://[^\\s]+/reset-password#${token}`).exec(mail.text)?.[0] as string;
    expect(link.startsWith(suite.site.url)).toBe(true);

    await page.goto(link);
    await page.getByText(/\(username e2e\.forgetful\), choose your new password/).waitFor();
    await hydrated(page, 'form.login-card button[type=submit]');
    await page.locator('input[name="password"]').fill('new-secret-password');
    await page.locator('input[name="password2"]').fill('new-secret-password');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page
      .getByRole('status')
      .getByText(/log in with the new password/)
      .waitFor();
    // the member's earlier session ended
    expect((await member.get('/api/me/')).statusCode).toBe(401);

    await logInThroughPage(page, suite.site.url, 'e2e.forgetful', 'new-secret-password', '/console');
    // the link works once
    await page.goto(link);
    await page
      .getByRole('alert')
      .getByText(/already been used/)
      .waitFor();
  });
});
