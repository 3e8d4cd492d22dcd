import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, startApp, waitForMail, type RunningApp } from './helpers/harness';
import { newAccount, signInViaUi } from './helpers/accounts';

describe('auth screens in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the landing page with every section and leads to /auth', async () => {
    const { page, context } = await newPage(browser, app);
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Shipping Today' }).waitFor();
    for (const title of [
      'Multi-Carrier Rates',
      'Real-Time Tracking',
      'Canadian Compliance',
      'Secure & Reliable',
      'Toronto Timezone',
      'Flexible Billing',
    ]) {
      expect(await page.getByRole('heading', { name: title }).count()).toBe(1);
    }
    expect(await page.getByRole('link', { name: 'Start Your Free Trial' }).count()).toBe(1);
    expect(await page.locator('footer').count()).toBe(1);
    await page.getByRole('link', { name: 'Learn More' }).click();
    await page.waitForURL('**/#features');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL('**/auth');
    await page.getByRole('heading', { name: 'Sign in to Voyageur' }).waitFor();
    await context.close();
  });

  it('loads at most 120 KB of gzipped JavaScript on the landing page', async () => {
    const { page, context } = await newPage(browser, app);
    const scripts = new Set<string>();
    page.on('response', (r) => {
      const { pathname } = new URL(r.url());
      if (pathname.endsWith('.js')) scripts.add(pathname);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Start Shipping Today' }).waitFor();
    const distWeb = path.resolve(import.meta.dirname, '../../dist/web');
    let gz = 0;
    for (const p of scripts) gz += zlib.gzipSync(fs.readFileSync(path.join(distWeb, p)), { level: 9 }).length;
    expect(gz).toBeLessThanOrEqual(120 * 1024);
    await context.close();
  });

  it('registers with the mailed code, signs out, signs in and remembers the email', async () => {
    const { page, context } = await newPage(browser, app);
    const account = newAccount('reg');
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();

    // Send Code needs the required fields first.
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please fill in all required fields first' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create Account' }).isDisabled()).toBe(true);

    await page.getByLabel('Company').fill('Maple Parcels Inc.');
    await page.getByLabel('First name').fill(account.firstName);
    await page.getByLabel('Last name').fill(account.lastName);
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    expect(await page.getByLabel('Verification code').getAttribute('maxlength')).toBe('6');
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByRole('button', { name: '✓ Sent' }).waitFor();
    await page.getByText(`We sent a 6-digit code to ${account.email}.`).waitFor();
    await page.getByText('Verification code sent! Please check your email for a 6-digit code.').waitFor();
    expect(await page.getByRole('button', { name: 'Resend' }).count()).toBe(1);

    // A short code is refused before any call.
    await page.getByLabel('Verification code').fill('123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please enter the 6-digit verification code' }).first().waitFor();

    const code = await waitForMail(app, account.email, /\b(\d{6})\b/);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('user-email').filter({ hasText: account.email }).waitFor();
    expect(await page.getByTestId('user-initials').first().textContent()).toBe('AT');

    // A signed-in user on /auth goes to the dashboard.
    await page.goto('/auth');
    await page.waitForURL('**/dashboard');

    // Sign out.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/auth');
    await page.getByTestId('toast').filter({ hasText: 'Logged out' }).waitFor();
    const me = await page.request.get(`${app.url}/api/user`);
    expect(me.status()).toBe(401);

    // Wrong password: the server's message in a dismissible red banner.
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Continue' }).click();
    const banner = page.getByTestId('error-banner');
    await banner.filter({ hasText: 'Invalid email or password' }).waitFor();
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    expect(await banner.count()).toBe(0);

    // Sign in with remember-email on.
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Remember email').check();
    expect(await page.getByLabel('Save password').count()).toBe(1);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('toast').filter({ hasText: 'Welcome back!' }).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/auth');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(account.email);
    expect(await page.getByLabel('Remember email').isChecked()).toBe(true);
    await page.reload();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(account.email);
    await context.close();
  });

  it('resets a forgotten password with the mailed link and signs in with the new one', async () => {
    const { page, context } = await newPage(browser, app);
    const account = newAccount('reset');
    const reg = await page.request.post(`${app.url}/api/register`, {
      data: { email: account.email, password: account.password, firstName: 'Li', lastName: 'Wei' },
    });
    expect(reg.ok()).toBe(true);
    const code = await waitForMail(app, account.email, /\b(\d{6})\b/);
    expect(
      (await page.request.post(`${app.url}/api/auth/verify-otp`, { data: { email: account.email, code } })).ok(),
    ).toBe(true);
    await page.request.post(`${app.url}/api/logout`);

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page
      .getByTestId('success-banner')
      .filter({ hasText: 'If an account with that email exists, you will receive a password reset link.' })
      .waitFor();

    const token = await waitForMail(app, account.email, /token=([\w-]+)/);
    await page.goto(`/auth?token=${token}`);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    const newPassword = 'Brand-new-pass-42';
    await page.getByLabel('New password').fill('short');
    await page.getByLabel('Confirm password').fill('short');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password must be at least 8 characters long').first().waitFor();
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Passwords do not match').first().waitFor();
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page
      .getByTestId('success-banner')
      .filter({ hasText: 'Your password has been reset successfully!' })
      .waitFor();
    await page.getByRole('heading', { name: 'Sign in to Voyageur' }).waitFor();
    expect(new URL(page.url()).search).toBe('');

    await signInViaUi(page, { email: account.email, password: newPassword });
    await context.close();
  });

  it('switches to verify-email mode when an unverified account signs in', async () => {
    const { page, context } = await newPage(browser, app);
    const account = newAccount('unverified');
    const reg = await page.request.post(`${app.url}/api/register`, {
      data: { email: account.email, password: account.password, firstName: 'Sam', lastName: 'Roy' },
    });
    expect(reg.ok()).toBe(true);
    await page.goto('/auth');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
    await page.getByText(`We sent a verification code to ${account.email}.`).waitFor();

    await page.getByLabel('Verification code').fill('000000');
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.getByTestId('error-banner').waitFor();

    const code = await waitForMail(app, account.email, /\b(\d{6})\b/);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('hides the Google button when Google sign-in is not configured; an old link shows a red banner', async () => {
    const { page, context } = await newPage(browser, app);
    const providers = page.waitForResponse((r) => r.url().endsWith('/api/auth/providers'));
    await page.goto('/auth');
    expect(await (await providers).json()).toEqual({ google: false });
    await page.getByRole('button', { name: 'Continue' }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign in with Google' }).count()).toBe(0);
    expect(await page.getByText('or', { exact: true }).count()).toBe(0);
    await page.goto('/api/auth/google');
    await page.waitForURL('**/auth?error=google_not_configured');
    await page
      .getByTestId('error-banner')
      .filter({ hasText: 'Google sign-in is not configured on this server.' })
      .waitFor();
    await context.close();
  });
});
