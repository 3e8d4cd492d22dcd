/**
 * Decision 021 in Chromium: an admin puts a wallet on hold in the users tab (a reason asked), the
 * user's order then shows why and what to do, nothing is charged; the admin lifts it. Desktop and
 * phone, English and Chinese.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import { newAccount, signInViaUi, signUpFunded } from './helpers/accounts';
import { fillShipmentForm, showRates } from './helpers/orders';
import { horizontalOverflow, screenshots, seriousViolations } from './helpers/page-checks';

const ADMIN = { email: 'admin-hold@example.com', password: 'Admin-pass-2026' };
const shot = screenshots('wallet-hold');
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

describe('wallet holds in Chromium', () => {
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
  const contexts: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  async function open(viewport: { width: number; height: number }): Promise<Page> {
    const { page, context } = await newPage(browser, app, { viewport });
    contexts.push(context);
    return page;
  }

  const userRow = (page: Page, email: string) => page.locator(`[data-testid="admin-user"][data-email="${email}"]`);

  async function quoteThroughForm(page: Page): Promise<void> {
    await fillShipmentForm(page, { 'sender-email': 'rachel@example.com' });
    await showRates(page);
  }

  it('the admin puts a wallet on hold in the users tab; the user’s order says why and what to do and charges nothing; the admin lifts it', async () => {
    // The user, funded.
    const user = await open(DESKTOP);
    const account = await signUpFunded(user, { app, browser, admin: ADMIN }, '150.00', {
      account: { ...newAccount('hold'), firstName: 'Hana', lastName: 'Hold' },
      description: 'hold e2e',
    });

    // The admin: Put on hold, a reason is required.
    const admin = await open(DESKTOP);
    await signInViaUi(admin, ADMIN);
    await admin.goto('/admin');
    await admin.getByTestId('admin-page').waitFor();
    const row = userRow(admin, account.email);
    await row.waitFor();
    expect(await row.getByTestId('admin-user-hold').count()).toBe(0);
    await row.getByTestId('admin-user-hold-toggle').click();
    const dialog = admin.getByTestId('wallet-hold-dialog');
    await dialog.waitFor();
    expect(await dialog.getAttribute('data-mode')).toBe('put');
    await admin.getByTestId('wallet-hold-submit').click();
    await dialog.getByText('Give a reason').waitFor();
    await admin.getByTestId('wallet-hold-reason').fill('Orders to a reshipper under review');
    // The dialog says the customer sees the reason (decision 021).
    expect(await dialog.getByTestId('wallet-hold-customer-sees').textContent()).toContain(
      'The customer sees this reason',
    );
    expect(await seriousViolations(admin)).toEqual([]);
    await shot(admin, 'put-on-hold-en-desktop', false);
    await admin.getByTestId('wallet-hold-submit').click();
    await admin.getByTestId('toast').filter({ hasText: 'Wallet on hold' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const badge = row.getByTestId('admin-user-hold');
    await badge.waitFor();
    expect(await badge.getAttribute('data-kind')).toBe('admin');
    expect(await badge.textContent()).toBe('On hold');
    // The reason is text on the row, not only a tooltip.
    expect(await row.getByTestId('admin-user-hold-reason').textContent()).toBe(
      'Hold reason: Orders to a reshipper under review',
    );
    expect(await row.getByTestId('admin-user-hold-toggle').textContent()).toBe('Lift hold');
    await shot(admin, 'users-held-en-desktop');

    // Phone and Chinese: the card shows the hold and its action, nothing scrolls sideways.
    await admin.setViewportSize(PHONE);
    await admin.evaluate(() => localStorage.setItem('voyageur.lang', 'zh'));
    await admin.goto('/admin');
    await admin.getByTestId('admin-users-cards').waitFor();
    const card = userRow(admin, account.email);
    expect(await card.getByTestId('admin-user-hold').textContent()).toBe('已冻结');
    expect(await card.getByTestId('admin-user-hold-reason').isVisible()).toBe(true);
    expect(await card.getByTestId('admin-user-hold-reason').textContent()).toBe(
      '冻结原因：Orders to a reshipper under review',
    );
    expect(await card.getByTestId('admin-user-hold-toggle').textContent()).toBe('解除冻结');
    expect(await horizontalOverflow(admin)).toBeLessThanOrEqual(0);
    await shot(admin, 'users-held-zh-phone');
    await admin.evaluate(() => localStorage.setItem('voyageur.lang', 'en'));

    // The user's order: the panel says the wallet is on hold, why and what to do; nothing charged.
    await quoteThroughForm(user);
    const place = user.getByTestId('place-order');
    await expect.poll(() => place.isEnabled()).toBe(true);
    await place.click();
    const error = user.getByTestId('order-error').first();
    await error.waitFor();
    expect(await error.getAttribute('data-kind')).toBe('held');
    const said = await error.textContent();
    expect(said).toContain('Your wallet is on hold');
    expect(said).toContain('Contact support');
    expect(said).toContain('Orders to a reshipper under review');
    expect(said).toContain('Nothing was charged');
    expect(await user.getByTestId('order-progress').count()).toBe(0);
    expect(((await (await user.request.get('/api/wallet')).json()) as { balance: string }).balance).toBe('150.00');
    expect(await seriousViolations(user)).toEqual([]);
    await shot(user, 'order-held-en-desktop');
    // In Chinese too.
    await user.evaluate(() => localStorage.setItem('voyageur.lang', 'zh'));
    await user.reload();
    await quoteThroughForm(user);
    await expect.poll(() => user.getByTestId('place-order').isEnabled()).toBe(true);
    await user.getByTestId('place-order').click();
    const zhError = user.getByTestId('order-error').first();
    await zhError.waitFor();
    const zhSaid = await zhError.textContent();
    expect(zhSaid).toContain('您的钱包已被冻结');
    expect(zhSaid).toContain('Orders to a reshipper under review');
    expect(zhSaid).toContain('本次未扣任何费用');
    expect(zhSaid).toContain('请联系客服');
    await shot(user, 'order-held-zh-desktop');
    // The wallet page says so before any order, in both languages.
    await user.goto('/wallet');
    const notice = user.getByTestId('wallet-hold-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('客服已冻结您的钱包：Orders to a reshipper under review');
    await user.evaluate(() => localStorage.setItem('voyageur.lang', 'en'));
    await user.reload();
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Support put your wallet on hold: Orders to a reshipper under review');
    expect(await seriousViolations(user)).toEqual([]);
    await shot(user, 'wallet-held-en-desktop');
    await user.evaluate(() => localStorage.setItem('voyageur.lang', 'en'));

    // The admin lifts the hold (a reason again); the order goes through.
    await admin.setViewportSize(DESKTOP);
    await admin.goto('/admin');
    await userRow(admin, account.email).getByTestId('admin-user-hold-toggle').click();
    expect(await dialog.getAttribute('data-mode')).toBe('lift');
    await admin.getByTestId('wallet-hold-reason').fill('Reviewed with the customer');
    await admin.getByTestId('wallet-hold-submit').click();
    await admin.getByTestId('toast').filter({ hasText: 'Hold lifted' }).waitFor();
    await expect.poll(() => userRow(admin, account.email).getByTestId('admin-user-hold').count()).toBe(0);

    await quoteThroughForm(user);
    await expect.poll(() => user.getByTestId('place-order').isEnabled()).toBe(true);
    await user.getByTestId('place-order').click();
    await user.getByTestId('order-code').waitFor({ timeout: 15_000 });
  }, 300_000);
});
