import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, readOutbox, startApp, waitForMail, type RunningApp } from './helpers/harness';
import { newAccount, signInViaUi, signUpViaApi } from './helpers/accounts';

const ADMIN = { email: 'admin-accounts@example.com', password: 'Admin-pass-2026' };

/** Issue 22 in Chromium: the sign-up buttons, a sign-up that tells nothing, Chinese names family name first. */
describe('accounts in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("the landing page's Get Started and call to action open the sign-up form; Sign In opens sign-in", async () => {
    const { page, context } = await newPage(browser, app);
    await page.goto('/');
    expect(await page.getByText(/trial/i).count()).toBe(0);
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await page.getByLabel('First name').count()).toBe(1);
    const enIds = await page
      .locator('#register-first-name, #register-last-name')
      .evaluateAll((els) => els.map((e) => e.id));
    expect(enIds).toEqual(['register-first-name', 'register-last-name']);

    // The hero's primary button opens sign-up too, in both languages.
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Shipping Today' }).click();
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('mode') === 'register');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.goto('/');
    await page.getByTestId('language-select').selectOption('zh');
    await page.getByRole('link', { name: '今天就开始寄件' }).click();
    await page.getByRole('heading', { name: '创建您的账户' }).waitFor();
    // A Chinese name is written family name first: the Chinese form asks 姓氏 before 名字.
    const ids = await page
      .locator('#register-first-name, #register-last-name')
      .evaluateAll((els) => els.map((e) => e.id));
    expect(ids).toEqual(['register-last-name', 'register-first-name']);
    await page.getByTestId('language-select').selectOption('en');

    // Tracking is promised without claiming real-time updates from carriers that are simulated.
    await page.goto('/');
    await page.getByRole('heading', { name: 'Real-Time Tracking' }).waitFor();
    expect(await page.getByText(/real-time tracking updates/i).count()).toBe(0);
    await page.getByText('Every status change of your parcels, from pickup to doorstep, in one place.').waitFor();

    await page.goto('/');
    await page.getByRole('link', { name: 'Create Your Free Account' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    // Switching to sign-in drops the mode from the address, so a reload stays on sign-in.
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in to Voyageur' }).waitFor();
    await page.waitForURL((url) => url.search === '');
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in to Voyageur' }).waitFor();

    await page.goto('/');
    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Sign in to Voyageur' }).waitFor();

    // In Chinese, the call to action speaks of a free account too.
    await page.goto('/');
    await page.getByTestId('language-select').selectOption('zh');
    await page.getByRole('link', { name: '免费创建账户' }).click();
    await page.getByRole('heading', { name: '创建您的账户' }).waitFor();
    await context.close();
  });

  it('signing up with an address that has an account looks the same as a new one; the owner is told', async () => {
    const owner = await newPage(browser, app);
    const taken = await signUpViaApi(owner.page, app, newAccount('taken'));
    await owner.context.close();

    const { page, context } = await newPage(browser, app);
    const before = readOutbox(app).filter((m) => m.to === taken.email).length;
    await page.goto('/auth?mode=register');
    await page.getByLabel('First name').fill('Mallory');
    await page.getByLabel('Last name').fill('Stranger');
    await page.getByLabel('Email', { exact: true }).fill(taken.email);
    await page.getByLabel('Password', { exact: true }).fill('a stranger password');
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByRole('button', { name: '✓ Sent' }).waitFor();
    // The wait for another code is shown once, on the Resend link.
    await page.getByRole('button', { name: /^Resend \(\d+ s\)$/ }).waitFor();
    expect(await page.getByTestId('resend-wait').count()).toBe(0);
    await page.getByText(`We sent a 6-digit code to ${taken.email}.`).waitFor();
    await page.getByText('Verification code sent! Please check your email for a 6-digit code.').waitFor();
    expect(await page.getByText('already exists').count()).toBe(0);

    // Any code is just a wrong code.
    await page.getByLabel('Verification code').fill('123456');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByTestId('error-banner').filter({ hasText: 'Invalid verification code' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');

    // The owner got a note with the sign-in and reset links, and no code; its reset link opens the form.
    const link = await waitForMail(app, taken.email, /(http\S+\/auth\?mode=forgot-password)/);
    const mails = readOutbox(app).filter((m) => m.to === taken.email);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)!.text).not.toMatch(/\b\d{6}\b/);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await context.close();
  });

  it('a user registered as 王 / 小明 sees 王小明 in the sidebar, and so does the admin in the users table', async () => {
    const { page, context } = await newPage(browser, app);
    const account = await signUpViaApi(page, app, { ...newAccount('zhname'), firstName: '小明', lastName: '王' });
    await page.goto('/dashboard');
    await page.getByTestId('user-name').first().waitFor();
    expect(await page.getByTestId('user-name').first().textContent()).toBe('王小明');
    expect(await page.getByTestId('user-initials').first().textContent()).toBe('王');
    await context.close();

    const admin = await newPage(browser, app);
    await signInViaUi(admin.page, ADMIN);
    await admin.page.goto('/admin');
    await admin.page.getByTestId('admin-page').waitFor();
    const row = admin.page.locator(`tr[data-testid="admin-user"][data-email="${account.email}"]`);
    await row.waitFor();
    await expect.poll(async () => row.textContent()).toContain('王小明');
    expect(await row.textContent()).not.toContain('小明 王');
    await admin.context.close();
  });
});
