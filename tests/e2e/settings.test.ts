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
    await page.getByTestId('api-keys-tab').waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByTestId('billing-tab').waitFor();
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
    // SMS need a verified phone first (issue 27, tests/e2e/sms.test.ts): the switch is disabled here.
    expect(await sms.isDisabled()).toBe(true);
    await email.click();
    await marketing.click();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Notification preferences saved' }).waitFor();
    await page.reload();
    await email.waitFor();
    expect(await email.getAttribute('aria-checked')).toBe('false');
    expect(await sms.getAttribute('aria-checked')).toBe('false');
    expect(await marketing.getAttribute('aria-checked')).toBe('true');
  });

  it('changes the password: mismatch makes no call, a wrong current password is named under its field', async () => {
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
    // The server answers WRONG_PASSWORD: "current password is incorrect", not "email or password".
    expect(await page.locator('#security-current-error').textContent()).toBe('Current password is incorrect');
    expect(await page.getByText('Invalid email or password').count()).toBe(0);
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
    account.password = 'Another-pass-123';
  });

  it('changes the email only with the current password and after the code sent to the new address is confirmed', async () => {
    const newEmail = `moved-${Date.now()}@example.com`;
    await page.goto('/settings');
    const email = page.getByLabel('Email', { exact: true });
    await email.waitFor();
    const currentPassword = page.getByLabel('Current password', { exact: true });
    expect(await currentPassword.count()).toBe(0);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/user/profile')) calls.push(r.method());
    });

    // A different email asks for the current password (with show/hide); it goes only with the new email.
    await email.fill(newEmail);
    await currentPassword.waitFor();
    expect(await currentPassword.getAttribute('type')).toBe('password');
    await page.getByTestId('email-change-password').getByRole('button', { name: 'Show password' }).click();
    expect(await currentPassword.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page
      .locator('#profile-current-password-error')
      .filter({ hasText: 'Enter your current password to change your email' })
      .waitFor();
    expect(calls).toEqual([]);

    // A wrong one: the server's answer under the field.
    await currentPassword.fill('not-my-password');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page
      .locator('#profile-current-password-error')
      .filter({ hasText: 'Current password is incorrect' })
      .waitFor();
    expect(await currentPassword.getAttribute('aria-invalid')).toBe('true');
    await page.getByTestId('toast').filter({ hasText: 'Failed to update profile' }).waitFor();
    expect(calls).toEqual(['PATCH']);

    // Back to the current email: the field goes away.
    await email.fill(account.email);
    await currentPassword.waitFor({ state: 'detached' });
    await email.fill(newEmail);
    await currentPassword.fill(account.password);
    await page.getByRole('button', { name: 'Save changes' }).click();
    const panel = page.getByTestId('email-change-panel');
    await panel.waitFor();
    expect(await page.getByTestId('email-change-sent-to').textContent()).toBe(
      `We sent a 6-digit code to ${newEmail}. Enter it to confirm your new email address.`,
    );
    // Nothing changed yet: the form shows the current address, and the panel survives a reload.
    expect(await email.inputValue()).toBe(account.email);
    expect(await currentPassword.count()).toBe(0);
    await page.reload();
    await panel.waitFor();
    expect(await email.inputValue()).toBe(account.email);

    // A new code for the change already authorized needs no password; too soon, the toast says how long to wait.
    await panel.getByRole('button', { name: 'Resend code' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Could not send a new code' }).waitFor();
    expect(await panel.getByLabel('Current password', { exact: true }).count()).toBe(0);

    // A names-only save while the change is pending says it saved (no password, no code talk); the panel stays.
    await page.getByLabel('Last name').fill('Lefebvre-Roy');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Profile updated' }).waitFor();
    expect(await panel.isVisible()).toBe(true);

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
  it('names server field errors in Chinese and keeps the current-password text distinct', async () => {
    await page.evaluate(() => localStorage.setItem('voyageur.lang', 'zh'));
    try {
      await page.goto('/settings?tab=security');
      const current = page.getByLabel('当前密码', { exact: true });
      await current.waitFor();
      await current.fill('wrong-current-password');
      await page.getByLabel('新密码', { exact: true }).fill('Another-pass-456');
      await page.getByLabel('确认新密码', { exact: true }).fill('Another-pass-456');
      await page.getByRole('button', { name: '更新密码' }).click();
      await page.locator('#security-current-error').filter({ hasText: '当前密码不正确' }).waitFor();
      await page
        .getByTestId('toast')
        .filter({ hasText: '密码修改失败' })
        .filter({ hasText: '当前密码不正确' })
        .waitFor();
      expect(await page.getByText('邮箱或密码错误').count()).toBe(0);

      // Names refuse control characters before any call, in Chinese.
      await page.goto('/settings');
      const first = page.getByLabel('名字', { exact: true });
      await first.waitFor();
      await first.fill('Ann\u0007');
      await page.getByRole('button', { name: '保存更改' }).click();
      await page.locator('#profile-first-name-error').filter({ hasText: '不能包含换行符或控制字符' }).waitFor();

      // A different email asks for the current password; a wrong one is named under it in Chinese.
      await first.fill('Margaux');
      await page.getByLabel('电子邮箱', { exact: true }).fill(`zh-${Date.now()}@example.com`);
      await page.getByLabel('当前密码', { exact: true }).fill('not-my-password');
      await page.getByRole('button', { name: '保存更改' }).click();
      await page.locator('#profile-current-password-error').filter({ hasText: '当前密码不正确' }).waitFor();
    } finally {
      await page.evaluate(() => localStorage.setItem('voyageur.lang', 'en'));
    }
  });

  it('shows on a phone that the tabs scroll, and reaches every tab', async () => {
    const phone = await newPage(browser, app, { viewport: { width: 390, height: 844 } });
    try {
      await signUpViaApi(phone.page, app);
      const p = phone.page;
      await p.goto('/settings');
      const tabs = p.getByTestId('settings-tabs');
      await p.getByRole('tab', { name: 'Profile' }).waitFor();
      const list = p.getByRole('tablist');
      const { scrollWidth, clientWidth } = await list.evaluate((el) => ({
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
      }));
      expect(scrollWidth).toBeGreaterThan(clientWidth);
      // A fade with a chevron at the end says there is more; none at the start.
      const end = p.getByTestId('tabs-more-end');
      await end.waitFor();
      expect(await p.getByTestId('tabs-more-start').count()).toBe(0);
      const box = (await end.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(box.width).toBeGreaterThanOrEqual(24);

      // The chevron scrolls; the last tab can be chosen and is in view.
      await end.click();
      await p.getByTestId('tabs-more-start').waitFor();
      await p.getByRole('tab', { name: 'Billing' }).click();
      await p.getByTestId('billing-tab').waitFor();
      await expect.poll(() => tabs.getAttribute('data-more-end')).toBe('false');
      const billing = (await p.getByRole('tab', { name: 'Billing' }).boundingBox())!;
      expect(billing.x).toBeGreaterThanOrEqual(0);
      expect(billing.x + billing.width).toBeLessThanOrEqual(390);

      // A deep link to a far tab shows it in view too; the page itself never scrolls sideways.
      await p.goto('/settings?tab=api-keys');
      await p.getByTestId('api-keys-tab').waitFor();
      const keys = (await p.getByRole('tab', { name: 'API Keys' }).boundingBox())!;
      // Clear of the end fade (48 px wide, the list ends 16 px from the edge): Billing is still to its right.
      expect(await tabs.getAttribute('data-more-end')).toBe('true');
      expect(keys.x + keys.width).toBeLessThanOrEqual(390 - 16 - 48 + 1);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await phone.context.close();
    }
  });
});
