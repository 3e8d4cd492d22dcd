import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TCreateIntentResponse } from '../../src/shared/contracts/payments';
import type { TCreatedShipment } from '../../src/shared/contracts/shipments';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import {
  newAccount,
  signedInUserId,
  signInViaUi,
  signUpFunded,
  signUpViaApi,
  type TestAccount,
} from './helpers/accounts';
import { placeOrderViaApi, TORONTO_TO_VANCOUVER } from './helpers/orders';
import { horizontalOverflow, screenshots, seriousViolations } from './helpers/page-checks';

const ADMIN = { email: 'admin-panel@example.com', password: 'Admin-pass-2026' };
const shot = screenshots('admin');
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const TABS = ['users', 'rate-templates', 'audit', 'orders', 'charges', 'discounts'] as const;

describe('admin panel in Chromium', () => {
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

  /** A new verified user in a browser context of their own (closed afterwards); returns the account and id. */
  async function newUser(prefix: string, firstName: string, lastName: string): Promise<TestAccount & { id: string }> {
    const context = await browser.newContext({ baseURL: app.url });
    try {
      const page = await context.newPage();
      const account = await signUpViaApi(page, app, { ...newAccount(prefix), firstName, lastName });
      return { ...account, id: await signedInUserId(page) };
    } finally {
      await context.close();
    }
  }

  /** Signs a user up, funds the wallet as the admin (API) and places one order through the API. */
  async function userWithOrder(): Promise<{ account: TestAccount; shipment: TCreatedShipment }> {
    const context = await browser.newContext({ baseURL: app.url });
    try {
      const page = await context.newPage();
      const account = await signUpFunded(page, { app, browser, admin: ADMIN }, '200.00', {
        account: { ...newAccount('orders'), firstName: 'Olivia', lastName: 'Order' },
        description: 'admin e2e',
      });
      const { shipment } = await placeOrderViaApi(page, TORONTO_TO_VANCOUVER);
      return { account, shipment };
    } finally {
      await context.close();
    }
  }

  /**
   * A user who tops up $10.00 with the sandbox's dispute card (4000000000000259): credited at once, then
   * taken back by a dispute a moment later, which flags the wallet for an admin.
   */
  async function userWithDisputedTopUp(): Promise<TestAccount> {
    const context = await browser.newContext({ baseURL: app.url });
    try {
      const page = await context.newPage();
      const account = await signUpViaApi(page, app, { ...newAccount('flag'), firstName: 'Fiona', lastName: 'Flag' });
      const created = await page.request.post('/api/create-payment-intent', {
        data: { amount: '10.00', savePaymentMethod: true },
      });
      expect(created.status(), await created.text()).toBe(200);
      const intent = (await created.json()) as TCreateIntentResponse;
      const paid = await page.request.post(`/api/sandbox/payment-intents/${intent.paymentIntentId}/confirm`, {
        data: {
          clientSecret: intent.clientSecret,
          card: { number: '4000000000000259', expMonth: 12, expYear: 2031, cvc: '123', name: 'Fiona Flag' },
        },
      });
      expect(paid.status(), await paid.text()).toBe(200);
      const credited = await page.request.post('/api/confirm-payment', {
        data: { paymentIntentId: intent.paymentIntentId },
      });
      expect(credited.status(), await credited.text()).toBe(200);
      return account;
    } finally {
      await context.close();
    }
  }

  const userRow = (page: Page, email: string) => page.locator(`[data-testid="admin-user"][data-email="${email}"]`);
  const openTab = async (page: Page, tab: (typeof TABS)[number]) => {
    await page.getByTestId(`admin-tab-${tab}`).click();
    await expect.poll(() => page.getByTestId(`admin-tab-${tab}`).getAttribute('data-state')).toBe('active');
  };
  /** How far a table is wider than its frame (0: the whole table shows at this width, nothing to scroll). */
  const tableOverflow = (page: Page, testId: string) =>
    page.getByTestId(testId).evaluate((table) => table.scrollWidth - table.parentElement!.clientWidth);
  /** Waits until no request is in flight and no list is loading, so a screenshot shows the settled screen. */
  const settle = async (page: Page) => {
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.getByTestId('admin-list-loading').count()).toBe(0);
    await expect.poll(() => page.getByTestId('admin-stats-loading').count()).toBe(0);
  };

  it('shows Access Denied to a non-admin and makes no admin call', async () => {
    const { page, context } = await newPage(browser, app, { viewport: DESKTOP });
    await signUpViaApi(page, app);
    const adminCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/admin')) adminCalls.push(request.url());
    });
    await page.goto('/admin');
    await page.getByText("Access Denied: You don't have permission to access this page.").waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('admin-page').count()).toBe(0);
    expect(adminCalls).toEqual([]);
    // No admin title or subtitle over it; a way back to the dashboard.
    expect(await page.getByTestId('page-title').count()).toBe(0);
    await shot(page, 'access-denied-en-desktop');
    await page.getByTestId('access-denied-dashboard').click();
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  // Long: every tab in two languages and two sizes, and up to a minute waiting for the dispute's webhook.
  it(
    'changes a role, adds and sets a balance, deactivates a user, reads the audit and all orders (English, Chinese, phone)',
    { timeout: 180_000 },
    async () => {
      const riley = await newUser('role', 'Riley', 'Roy');
      const dana = await newUser('deactivate', 'Dana', 'Dubois');
      const { account: olivia, shipment } = await userWithOrder();
      const fiona = await userWithDisputedTopUp();

      const { page, context } = await newPage(browser, app, { viewport: DESKTOP });
      await signInViaUi(page, ADMIN);
      await page.goto('/admin');
      await page.getByTestId('admin-page').waitFor();
      await settle(page);

      // The four figures: every user in the list; one order on its way; this month's margin under the revenue.
      const stat = (id: string) => page.getByTestId(id).getByTestId('stat-value').textContent();
      await userRow(page, riley.email).waitFor();
      expect(await stat('admin-stat-users')).toBe(String(await page.getByTestId('admin-user').count()));
      expect(await stat('admin-stat-organizations')).toMatch(/^\d+$/);
      expect(await stat('admin-stat-active')).toBe('1');
      expect(await stat('admin-stat-revenue')).toMatch(/^\$\d/);
      expect(await page.getByTestId('admin-stat-margin').textContent()).toMatch(/^Margin this month: \$/);
      // The revenue figure includes taxes (the margin report's is before taxes): the label says so.
      expect(await page.getByTestId('admin-stat-revenue').textContent()).toContain('Monthly Revenue (incl. taxes)');

      // Users: every user with role, balance, status and created date.
      await userRow(page, riley.email).waitFor();
      expect(await page.getByTestId('admin-users-table').isVisible()).toBe(true);
      expect(await userRow(page, riley.email).getByTestId('admin-user-name').textContent()).toBe('Riley Roy');
      expect(await userRow(page, riley.email).getByTestId('admin-user-role').inputValue()).toBe('end_user');
      expect(await userRow(page, riley.email).getByTestId('admin-user-balance').textContent()).toBe('$0.00');
      expect(await userRow(page, olivia.email).getByTestId('admin-user-balance').textContent()).not.toBe('$0.00');
      expect(await userRow(page, riley.email).getByTestId('admin-user-status').textContent()).toBe('Active');
      expect(await seriousViolations(page)).toEqual([]);
      expect(await tableOverflow(page, 'admin-users-table')).toBeLessThanOrEqual(0);
      // An email is on one line (cut with an ellipsis if it must be, the whole address in its title).
      const email = userRow(page, riley.email).getByTestId('admin-user-email');
      expect(await email.getAttribute('title')).toBe(riley.email);
      expect(
        await email.evaluate(
          (el) => el.getBoundingClientRect().height < 2 * parseFloat(getComputedStyle(el).lineHeight),
        ),
      ).toBe(true);
      await shot(page, 'users-en-desktop');

      // Role: choosing one asks first; Cancel puts the old role back and focus returns to the select.
      const rileyRole = userRow(page, riley.email).getByTestId('admin-user-role');
      const roleDialog = page.getByTestId('role-dialog');
      // The dialog hands focus back in a timer once it has closed (Radix's onCloseAutoFocus): polled.
      const roleFocused = () => rileyRole.evaluate((el) => el === document.activeElement);
      await rileyRole.selectOption('admin');
      await roleDialog.waitFor();
      expect(await roleDialog.getByRole('heading').textContent()).toBe(
        'Change role of Riley Roy from End User to Admin?',
      );
      await shot(page, 'role-confirm-en-desktop', false);
      await roleDialog.getByTestId('role-cancel').click();
      await roleDialog.waitFor({ state: 'detached' });
      expect(await rileyRole.inputValue()).toBe('end_user');
      await expect.poll(roleFocused).toBe(true);
      // Arrow keys only move the choice (nothing saved, no dialog); Escape in the dialog restores too.
      await rileyRole.press('ArrowDown');
      expect(await rileyRole.inputValue()).toBe('staff');
      expect(await roleDialog.count()).toBe(0);
      await rileyRole.press('ArrowDown');
      expect(await rileyRole.inputValue()).toBe('org_owner');
      await rileyRole.press('Enter');
      await roleDialog.waitFor();
      expect(await roleDialog.getByRole('heading').textContent()).toBe(
        'Change role of Riley Roy from End User to Org Owner?',
      );
      await page.keyboard.press('Escape');
      await roleDialog.waitFor({ state: 'detached' });
      expect(await rileyRole.inputValue()).toBe('end_user');
      await expect.poll(roleFocused).toBe(true);
      // End User → Staff by the keyboard, confirmed: the server's message in a toast, focus still on the select.
      await rileyRole.press('ArrowDown');
      await rileyRole.press('Enter');
      await roleDialog.getByTestId('role-confirm').click();
      const toast = page.getByTestId('toast');
      await toast.filter({ hasText: 'Role updated' }).waitFor();
      expect(await toast.textContent()).toContain(`Role of ${riley.email} changed from End User to Staff`);
      await expect.poll(() => userRow(page, riley.email).getByTestId('admin-user-role').inputValue()).toBe('staff');
      await expect.poll(roleFocused).toBe(true);

      // Add balance: the range message at and past each bound, then $25.50. The dialog opens on its amount
      // field; Escape brings focus back to the button that opened it.
      const addButton = userRow(page, riley.email).getByTestId('admin-add-balance');
      const addDialog = page.getByTestId('add-balance-dialog');
      await addButton.click();
      await addDialog.waitFor();
      await expect
        .poll(() => addDialog.getByTestId('balance-amount').evaluate((el) => el === document.activeElement))
        .toBe(true);
      await page.keyboard.press('Escape');
      await addDialog.waitFor({ state: 'detached' });
      await expect.poll(() => addButton.evaluate((el) => el === document.activeElement)).toBe(true);
      await addButton.click();
      await addDialog.waitFor();
      expect(await addDialog.getByRole('heading').textContent()).toBe('Add Balance');
      expect(await addDialog.textContent()).toContain('Amount must be between $1.00 and $50,000.00.');
      for (const wrong of ['0.99', '50000.01']) {
        await addDialog.getByTestId('balance-amount').fill(wrong);
        await addDialog.getByTestId('balance-submit').click();
        await addDialog.getByRole('alert').filter({ hasText: 'Amount must be between $1.00 and $50,000.00' }).waitFor();
      }
      await addDialog.getByTestId('balance-amount').fill('');
      await addDialog.getByTestId('balance-submit').click();
      await addDialog.getByRole('alert').filter({ hasText: 'Amount is required' }).waitFor();
      await addDialog.getByTestId('balance-amount').fill('25.50');
      await addDialog.getByTestId('balance-description').fill('Welcome credit');
      expect(await addDialog.getByTestId('balance-after').textContent()).toBe('$25.50');
      await shot(page, 'add-balance-en-desktop', false);
      await addDialog.getByTestId('balance-submit').click();
      await toast.filter({ hasText: 'Balance added' }).waitFor();
      expect(await toast.textContent()).toContain(`Added $25.50 to ${riley.email}. New balance $25.50.`);
      await addDialog.waitFor({ state: 'detached' });
      await expect
        .poll(() => userRow(page, riley.email).getByTestId('admin-user-balance').textContent())
        .toBe('$25.50');

      // Edit balance: set to $10.00 (the current balance is filled in to start from).
      await userRow(page, riley.email).getByTestId('admin-edit-balance').click();
      const editDialog = page.getByTestId('edit-balance-dialog');
      await editDialog.waitFor();
      expect(await editDialog.getByTestId('balance-amount').inputValue()).toBe('25.50');
      await editDialog.getByTestId('balance-amount').fill('50000.01');
      await editDialog.getByTestId('balance-submit').click();
      await editDialog.getByRole('alert').filter({ hasText: 'Balance must be between $0.00 and $50,000.00' }).waitFor();
      await editDialog.getByTestId('balance-amount').fill('10');
      await shot(page, 'edit-balance-en-desktop', false);
      await editDialog.getByTestId('balance-submit').click();
      await toast.filter({ hasText: 'Balance updated' }).waitFor();
      await expect
        .poll(() => userRow(page, riley.email).getByTestId('admin-user-balance').textContent())
        .toBe('$10.00');

      // Deactivate Dana: a confirm first, then the badge and the balance buttons follow.
      const danaRow = userRow(page, dana.email);
      expect(await danaRow.getByTestId('admin-add-balance').isEnabled()).toBe(true);
      await danaRow.getByTestId('admin-user-toggle').click();
      const confirm = page.getByTestId('deactivate-dialog');
      await confirm.waitFor();
      expect(await confirm.textContent()).toContain('Deactivate Dana Dubois?');
      await shot(page, 'deactivate-en-desktop', false);
      await confirm.getByTestId('deactivate-confirm').click();
      await toast.filter({ hasText: 'User deactivated' }).waitFor();
      await expect.poll(() => danaRow.getByTestId('admin-user-status').textContent()).toBe('Inactive');
      expect(await danaRow.getByTestId('admin-add-balance').isDisabled()).toBe(true);
      expect(await danaRow.getByTestId('admin-edit-balance').isDisabled()).toBe(true);
      expect(await danaRow.getByTestId('admin-user-toggle').textContent()).toBe('Activate');
      // Dana can no longer sign in.
      const danaLogin = await (
        await browser.newContext({ baseURL: app.url })
      ).request.post('/api/login', {
        data: { email: dana.email, password: dana.password },
      });
      expect(danaLogin.status()).toBeGreaterThanOrEqual(400);
      // The admin's own deactivate button is off (the server refuses it too).
      expect(await userRow(page, ADMIN.email).getByTestId('admin-user-toggle').isDisabled()).toBe(true);

      // Audit: the role change in words (its code in the title), the old and new role by their labels, the
      // resource id cut to 8, Toronto date, the IP; money in dollars.
      await openTab(page, 'audit');
      const roleEntry = page
        .locator('[data-testid="audit-entry"][data-action="user.role_change"]')
        .filter({ hasText: riley.id.slice(0, 8) });
      await roleEntry.waitFor();
      expect(await roleEntry.getByTestId('audit-action').textContent()).toBe('Role changed');
      expect(await roleEntry.getByTestId('audit-action').getAttribute('title')).toBe('user.role_change');
      expect(await roleEntry.getByTestId('audit-old').textContent()).toBe('role: End User');
      expect(await roleEntry.getByTestId('audit-new').textContent()).toBe('role: Staff');
      expect(await roleEntry.getByTestId('audit-resource').textContent()).toBe(`user #${riley.id.slice(0, 8)}`);
      expect(await roleEntry.getByTestId('audit-email').textContent()).toBe(ADMIN.email);
      expect(await roleEntry.getByTestId('audit-ip').textContent()).toMatch(/\d|:/);
      const balanceEntry = page
        .locator('[data-testid="audit-entry"][data-action="admin.add_balance"]')
        .filter({ hasText: riley.id.slice(0, 8) });
      // jsonb keeps its keys in its own order.
      const added = (await balanceEntry.getByTestId('audit-new').textContent())!.split(', ').sort();
      expect(added).toEqual(['added: $25.50', 'balance: $25.50']);
      expect(await balanceEntry.getByTestId('audit-old').textContent()).toBe('balance: $0.00');
      // The wallet entry of the same top-up: cents in dollars, the ids cut to 8 (the full one in a title).
      const ledgerEntry = page
        .locator('[data-testid="audit-entry"][data-action="wallet.adjustment"]')
        .filter({ has: page.locator(`[title="${riley.id}"]`) })
        .filter({ hasText: 'amount: $25.50' });
      const ledgerNew = ledgerEntry.getByTestId('audit-new');
      expect(await ledgerNew.textContent()).toContain('balance: $25.50');
      expect(await ledgerNew.textContent()).not.toContain(riley.id);
      expect(await ledgerNew.textContent()).toContain(riley.id.slice(0, 8));
      expect(await page.getByTestId('audit-limit-note').count()).toBe(0);
      // Filter by one user: the entries they made and the ones about them (the admin's role change), then clear.
      await page.getByTestId('audit-user-filter').selectOption({ label: `Riley Roy (${riley.email})` });
      await expect
        .poll(async () => {
          const entries = await page.getByTestId('audit-entry').allTextContents();
          return (
            entries.length > 0 && entries.every((e) => e.includes(riley.email) || e.includes(riley.id.slice(0, 8)))
          );
        })
        .toBe(true);
      expect(await page.locator('[data-action="user.role_change"]').count()).toBe(1);
      await page.getByTestId('audit-clear-filter').click();
      await roleEntry.waitFor();
      expect(await page.getByTestId('audit-clear-filter').isDisabled()).toBe(true);
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await tableOverflow(page, 'admin-audit-table')).toBeLessThanOrEqual(0);
      await shot(page, 'audit-en-desktop');

      // All orders: Olivia's order with its number, short id, places, service and status.
      await openTab(page, 'orders');
      const order = page.locator(`[data-testid="admin-order"][data-id="${shipment.id}"]`);
      await order.waitFor();
      expect(await order.getByTestId('admin-order-number').textContent()).toBe(shipment.trackingNumber);
      expect(await order.getByTestId('admin-order-id').textContent()).toBe(shipment.id.slice(0, 8));
      expect(await order.getByTestId('admin-order-code').textContent()).toBe(shipment.orderCode);
      expect(await order.getByTestId('admin-order-user').textContent()).toBe('Olivia Order');
      expect(await order.getByTestId('admin-order-from').textContent()).toBe('Toronto, ON');
      expect(await order.getByTestId('admin-order-to').textContent()).toBe('Vancouver, BC');
      expect(await order.getByTestId('admin-order-service').textContent()).not.toBe('');
      expect(await order.getByTestId('admin-order-cost').textContent()).toMatch(/^\$\d+\.\d\d$/);
      // Price and carrier cost before taxes, and the margin between them, one per line in the table.
      expect(await order.getByTestId('admin-order-breakdown').innerText()).toMatch(
        /^Price \$\d+\.\d\d\nCarrier \$\d+\.\d\d\nMargin \$\d+\.\d\d$/,
      );
      expect(await order.getByTestId('admin-order-status').textContent()).toMatch(/^[A-Z ]+$/);
      // Search: debounced, by tracking number, then by something no order has.
      await page.getByTestId('admin-orders-search').fill(shipment.trackingNumber);
      await expect.poll(() => page.getByTestId('admin-orders-count').textContent()).toContain('1 order matches');
      await page.getByTestId('admin-orders-search').fill('no-such-order-anywhere');
      await page.getByTestId('admin-orders-empty').waitFor();
      expect(await page.getByTestId('admin-orders-empty').textContent()).toContain('No orders found');
      await page.getByTestId('admin-orders-empty').getByRole('button', { name: 'Clear search' }).click();
      await order.waitFor();
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await tableOverflow(page, 'admin-orders-table')).toBeLessThanOrEqual(0);
      await shot(page, 'orders-en-desktop');

      for (const tab of ['rate-templates', 'charges', 'discounts'] as const) {
        await openTab(page, tab);
        await settle(page);
        await shot(page, `${tab}-en-desktop`);
      }

      // A wallet flagged by a dispute (the sandbox's webhooks arrive within 15 s): the notice under the
      // figures, and the flag on the user with the reason in a tooltip.
      await expect
        .poll(
          async () => {
            await page.goto('/admin');
            await page.getByTestId('admin-page').waitFor();
            await settle(page);
            return page.getByTestId('admin-flagged-wallets').count();
          },
          { timeout: 60_000, interval: 3_000 },
        )
        .toBe(1);
      expect(await page.getByTestId('admin-flagged-wallets').textContent()).toContain('1 wallet is flagged for review');
      const flag = userRow(page, fiona.email).getByTestId('admin-user-flag');
      expect(await flag.getAttribute('aria-label')).toMatch(/^Wallet flagged: .*dispute/);
      expect(await userRow(page, riley.email).getByTestId('admin-user-flag').count()).toBe(0);
      await flag.hover();
      await page.getByRole('tooltip').filter({ hasText: 'dispute' }).waitFor();
      await shot(page, 'flagged-en-desktop', false);
      await page.mouse.move(0, 0);

      // Past 50 entries the audit view shows the latest 50 and says so.
      for (let i = 0; i < 30; i++) {
        const added = await page.request.post('/api/admin/add-balance', {
          data: { userId: riley.id, amount: '1.00', description: `audit filler ${i}` },
        });
        expect(added.status(), await added.text()).toBe(200);
      }
      await page.goto('/admin?tab=audit');
      await page.getByTestId('audit-limit-note').waitFor();
      expect(await page.getByTestId('audit-limit-note').textContent()).toBe('Only the latest 50 entries are shown.');
      expect(await page.getByTestId('audit-entry').count()).toBe(50);

      // Chinese: every tab and dialog.
      await page.evaluate(() => localStorage.setItem('voyageur.lang', 'zh'));
      await page.goto('/admin');
      await page.getByTestId('admin-page').waitFor();
      await settle(page);
      expect(await page.getByTestId('admin-tab-users').textContent()).toBe('用户与组织');
      expect(await page.getByTestId('admin-stat-users').textContent()).toContain('用户总数');
      expect(await userRow(page, dana.email).getByTestId('admin-user-status').textContent()).toBe('已停用');
      // The last admin cannot be demoted: our own Chinese text for it, not the generic 'reload the page'.
      await userRow(page, ADMIN.email).getByTestId('admin-user-role').selectOption('staff');
      await page.getByTestId('role-dialog').getByTestId('role-confirm').click();
      await page.getByTestId('toast').filter({ hasText: '不能降级最后一位有效的管理员' }).waitFor();
      await expect.poll(() => userRow(page, ADMIN.email).getByTestId('admin-user-role').inputValue()).toBe('admin');
      await page.getByTestId('toast').getByRole('button').first().click();
      await shot(page, 'users-zh-desktop');
      await userRow(page, riley.email).getByTestId('admin-add-balance').click();
      await page.getByTestId('add-balance-dialog').waitFor();
      await page.getByTestId('balance-amount').fill('0.5');
      await page.getByTestId('balance-submit').click();
      await page.getByTestId('add-balance-dialog').getByRole('alert').filter({ hasText: '金额必须在' }).waitFor();
      await shot(page, 'add-balance-zh-desktop', false);
      await page.keyboard.press('Escape');
      await userRow(page, riley.email).getByTestId('admin-edit-balance').click();
      await page.getByTestId('edit-balance-dialog').waitFor();
      await shot(page, 'edit-balance-zh-desktop', false);
      await page.keyboard.press('Escape');
      await userRow(page, olivia.email).getByTestId('admin-user-toggle').click();
      await page.getByTestId('deactivate-dialog').waitFor();
      await shot(page, 'deactivate-zh-desktop', false);
      await page.keyboard.press('Escape');
      await page.getByTestId('deactivate-dialog').waitFor({ state: 'detached' });
      for (const tab of TABS.slice(1)) {
        await openTab(page, tab);
        await settle(page);
        await shot(page, `${tab}-zh-desktop`);
      }
      await openTab(page, 'orders');
      await settle(page);
      expect(await tableOverflow(page, 'admin-orders-table')).toBeLessThanOrEqual(0);
      expect(await page.getByTestId('admin-tab-orders').textContent()).toBe('全部运单');
      // Statuses in Chinese words (English keeps the spec's upper case).
      const zhStatus = await page
        .locator(`[data-testid="admin-order"][data-id="${shipment.id}"]`)
        .getByTestId('admin-order-status')
        .textContent();
      expect(zhStatus).toMatch(/^[^A-Za-z]+$/);

      // Phone, both languages: cards instead of tables, no sideways scrolling, every tab and dialog.
      await page.setViewportSize(PHONE);
      for (const lang of ['zh', 'en'] as const) {
        await page.evaluate((l) => localStorage.setItem('voyageur.lang', l), lang);
        await page.goto('/admin');
        await page.getByTestId('admin-page').waitFor();
        await settle(page);
        expect(await page.getByTestId('admin-users-cards').isVisible()).toBe(true);
        expect(await page.getByTestId('admin-users-table').count()).toBe(0);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await shot(page, `users-${lang}-phone`);
        await userRow(page, riley.email).getByTestId('admin-add-balance').click();
        await page.getByTestId('add-balance-dialog').waitFor();
        await shot(page, `add-balance-${lang}-phone`, false);
        await page.keyboard.press('Escape');
        await userRow(page, riley.email).getByTestId('admin-edit-balance').click();
        await page.getByTestId('edit-balance-dialog').waitFor();
        await shot(page, `edit-balance-${lang}-phone`, false);
        await page.keyboard.press('Escape');
        await userRow(page, olivia.email).getByTestId('admin-user-toggle').click();
        await page.getByTestId('deactivate-dialog').waitFor();
        await shot(page, `deactivate-${lang}-phone`, false);
        await page.keyboard.press('Escape');
        await page.getByTestId('deactivate-dialog').waitFor({ state: 'detached' });
        for (const tab of TABS.slice(1)) {
          await openTab(page, tab);
          await settle(page);
          await shot(page, `${tab}-${lang}-phone`);
          expect(await horizontalOverflow(page), `${tab} ${lang}`).toBeLessThanOrEqual(0);
        }
      }
      await openTab(page, 'orders');
      await page.locator(`[data-testid="admin-order"][data-id="${shipment.id}"]`).waitFor();
      expect(await page.getByTestId('admin-orders-table').count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    },
  );
});
