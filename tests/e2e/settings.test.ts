import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, startApp, waitForMail, type RunningApp } from './helpers/harness';
import { signUpViaApi, type TestAccount } from './helpers/accounts';

describe('settings in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let account: TestAccount;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    ({ page, context } = await newPage(browser, app));
    account = await signUpViaApi(page, app);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  it('saves the profile and keeps it after reload; the role is read-only', async () => {
    await page.goto('/settings');
    await page.getByLabel('First name').waitFor();
    expect(await page.getByLabel('Role').inputValue()).toBe('End User');
    expect(await page.getByLabel('Role').getAttribute('readonly')).not.toBeNull();
    await page.getByLabel('First name').fill('Margaux');
    await page.getByLabel('Last name').fill('Lefebvre');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Profile updated' }).waitFor();
    await page.getByTestId('user-name').filter({ hasText: 'Margaux Lefebvre' }).waitFor();
    await page.reload();
    await page.getByLabel('First name').waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Margaux');
    expect(await page.getByLabel('Last name').inputValue()).toBe('Lefebvre');
    expect(await page.getByLabel('Email').inputValue()).toBe(account.email);
  });

  it('moves between the six tabs with the arrow keys', async () => {
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Profile' }).waitFor();
    const tabs = page.getByRole('tab');
    expect(await tabs.allTextContents()).toEqual([
      'Profile',
      'Organization',
      'Notifications',
      'Security',
      'API Keys',
      'Billing',
    ]);
    await page.getByRole('tab', { name: 'Profile' }).click();
    const selected = () => page.getByRole('tab', { selected: true }).textContent();
    for (const name of ['Organization', 'Notifications', 'Security', 'API Keys']) {
      await page.keyboard.press('ArrowRight');
      await expect.poll(selected).toBe(name);
    }
    await page.getByTestId('apiKeys-coming').waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByTestId('billing-coming').waitFor();
  });

  it('edits the organization; its id is read-only', async () => {
    await page.goto('/settings?tab=organization');
    const name = page.getByLabel('Organization name');
    await name.waitFor();
    expect(await name.inputValue()).toBe('Avery Tremblay');
    expect(await page.getByLabel('Organization ID').getAttribute('readonly')).not.toBeNull();
    await name.fill('Maple Freight Co.');
    await page.getByLabel('Address').fill('100 Queen St W, Toronto, ON M5H 2N2');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Organization updated' }).waitFor();
    await page.reload();
    await name.waitFor();
    expect(await name.inputValue()).toBe('Maple Freight Co.');
    expect(await page.getByLabel('Address').inputValue()).toBe('100 Queen St W, Toronto, ON M5H 2N2');
  });

  it('saves notification preferences and restores them after reload', async () => {
    await page.goto('/settings?tab=notifications');
    const email = page.getByRole('switch', { name: 'Email notifications' });
    const sms = page.getByRole('switch', { name: 'SMS notifications' });
    const marketing = page.getByRole('switch', { name: 'Marketing emails' });
    await email.waitFor();
    expect(await email.getAttribute('aria-checked')).toBe('true');
    expect(await sms.getAttribute('aria-checked')).toBe('false');
    expect(await marketing.getAttribute('aria-checked')).toBe('false');
    await email.click();
    await sms.click();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Notification preferences saved' }).waitFor();
    await page.reload();
    await email.waitFor();
    expect(await email.getAttribute('aria-checked')).toBe('false');
    expect(await sms.getAttribute('aria-checked')).toBe('true');
    expect(await marketing.getAttribute('aria-checked')).toBe('false');
  });

  it('changes the password: mismatch makes no call, a wrong current password shows the server message', async () => {
    await page.goto('/settings?tab=security');
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/user/password')) calls.push(r.method());
    });
    const current = page.getByLabel('Current password', { exact: true });
    const next = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password', { exact: true });
    await current.waitFor();
    expect(await page.getByRole('button', { name: 'Show password' }).count()).toBe(2);

    await current.fill(account.password);
    await next.fill('Another-pass-123');
    await confirm.fill('Another-pass-124');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText("Passwords don't match").waitFor();
    expect(calls).toEqual([]);

    await current.fill('wrong-current-password');
    await confirm.fill('Another-pass-123');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Failed to change password' }).waitFor();
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual(['PATCH']);

    await current.fill(account.password);
    await next.fill('Another-pass-123');
    await confirm.fill('Another-pass-123');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Password changed' }).waitFor();
    const login = await fetch(`${app.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: 'Another-pass-123' }),
    });
    expect(login.status).toBe(200);
  });

  it('changes the email only after the code sent to the new address is confirmed', async () => {
    const newEmail = `moved-${Date.now()}@example.com`;
    await page.goto('/settings');
    const email = page.getByLabel('Email', { exact: true });
    await email.waitFor();
    await email.fill(newEmail);
    await page.getByRole('button', { name: 'Save changes' }).click();
    const panel = page.getByTestId('email-change-panel');
    await panel.waitFor();
    expect(await page.getByTestId('email-change-sent-to').textContent()).toBe(
      `We sent a 6-digit code to ${newEmail}. Enter it to confirm your new email address.`,
    );
    // Nothing changed yet: the form shows the current address, and the panel survives a reload.
    expect(await email.inputValue()).toBe(account.email);
    await page.reload();
    await panel.waitFor();
    expect(await email.inputValue()).toBe(account.email);

    const code = await waitForMail(app, newEmail, /\b(\d{6})\b/);
    const input = page.getByLabel('Verification code');
    expect(await input.getAttribute('inputmode')).toBe('numeric');
    expect(await input.getAttribute('maxlength')).toBe('6');
    await input.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await panel.getByText('Invalid verification code').waitFor();

    await input.fill(code);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByTestId('toast').filter({ hasText: 'Email address updated' }).waitFor();
    await panel.waitFor({ state: 'detached' });
    expect(await email.inputValue()).toBe(newEmail);

    await page.reload();
    await email.waitFor();
    expect(await email.inputValue()).toBe(newEmail);
    expect(await panel.count()).toBe(0);
    // The names saved earlier are still there.
    expect(await page.getByLabel('First name').inputValue()).toBe('Margaux');
    account.email = newEmail;
  });
});
