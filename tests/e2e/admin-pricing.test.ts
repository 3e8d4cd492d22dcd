import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { TCreateIntentResponse, TSandboxIntentStatus } from '../../src/shared/contracts/payments';
import type { TQuoteResponse } from '../../src/shared/contracts/rates';
import type { TTransactionList } from '../../src/shared/contracts/wallet';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import { newAccount, signedInUserId, signUpViaApi, type TestAccount } from './helpers/accounts';
import { fillShipmentForm } from './helpers/orders';
import { horizontalOverflow, screenshots, seriousViolations } from './helpers/page-checks';

const ADMIN = { email: 'admin-pricing@example.com', password: 'Admin-pass-2026' };
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const shot = screenshots('admin-pricing');

const cad = (cents: number, lang: 'en' | 'zh' = 'en') =>
  new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-CA', { style: 'currency', currency: 'CAD' }).format(cents / 100);
const centsOf = (amount: string) => Math.round(Number(amount) * 100);
/** 10 % off, rounded half-up to the cent (as the server does). */
const tenPercentOff = (cents: number) => cents - Math.floor((cents * 1000 + 5000) / 10_000);

describe('admin pricing: discounts, customer charges and price rules in Chromium', () => {
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

  async function open(viewport = DESKTOP, lang: 'en' | 'zh' = 'en'): Promise<Page> {
    const { page, context } = await newPage(browser, app, { viewport });
    contexts.push(context);
    if (lang === 'zh') await context.addInitScript(() => localStorage.setItem('voyageur.lang', 'zh'));
    return page;
  }

  async function openAsAdmin(viewport = DESKTOP, lang: 'en' | 'zh' = 'en'): Promise<Page> {
    const page = await open(viewport, lang);
    const login = await page.request.post('/api/login', { data: ADMIN });
    expect(login.status(), await login.text()).toBe(200);
    return page;
  }

  async function openAsNewUser(name: {
    firstName: string;
    lastName: string;
  }): Promise<{ page: Page; account: TestAccount; id: string }> {
    const page = await open();
    const account = await signUpViaApi(page, app, { ...newAccount('pricing'), ...name });
    return { page, account, id: await signedInUserId(page) };
  }

  /**
   * Saves a card through the real calls, as the top-up does: a $20 intent that keeps the card, the
   * sandbox's browser-side confirm (and its authentication step when the card asks for one), then
   * our confirm-payment, which credits the $20.
   */
  async function saveCard(page: Page, number: string): Promise<void> {
    const created = await page.request.post('/api/create-payment-intent', {
      data: { amount: '20.00', savePaymentMethod: true },
    });
    expect(created.status(), await created.text()).toBe(200);
    const intent = (await created.json()) as TCreateIntentResponse;
    const confirmed = await page.request.post(`/api/sandbox/payment-intents/${intent.paymentIntentId}/confirm`, {
      data: {
        clientSecret: intent.clientSecret,
        card: { number, expMonth: 12, expYear: 2031, cvc: '123', name: 'Card Holder' },
      },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    let status = (await confirmed.json()) as TSandboxIntentStatus;
    if (status.status === 'requires_action') {
      const approved = await page.request.post(`/api/sandbox/payment-intents/${intent.paymentIntentId}/authenticate`, {
        data: { clientSecret: intent.clientSecret, outcome: 'approve' },
      });
      expect(approved.status(), await approved.text()).toBe(200);
      status = (await approved.json()) as TSandboxIntentStatus;
    }
    expect(status.status).toBe('succeeded');
    const credited = await page.request.post('/api/confirm-payment', {
      data: { paymentIntentId: intent.paymentIntentId },
    });
    expect(credited.status(), await credited.text()).toBe(200);
  }

  const balanceOf = async (page: Page) =>
    ((await (await page.request.get('/api/wallet')).json()) as { balance: string }).balance;
  const transactionsOf = async (page: Page) =>
    ((await (await page.request.get('/api/transactions?page=1&limit=50')).json()) as TTransactionList).data;

  /** Waits for a toast with this text, then closes it so it covers nothing in the next step. */
  async function toastSays(page: Page, text: string): Promise<void> {
    const found = page.getByTestId('toast').filter({ hasText: text });
    await found.waitFor();
    await found.getByRole('button', { name: /Close|关闭/ }).click();
    await found.waitFor({ state: 'detached' });
  }

  /** The create-shipment form (Toronto → Vancouver, 2.5 lb), then the rates; answers the quote's JSON. */
  async function quoteThroughForm(page: Page): Promise<TQuoteResponse> {
    await fillShipmentForm(page, { 'package-value': '100' });
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/rates/quote') && r.request().method() === 'POST');
    await page.getByTestId('calculate-rates').click();
    const quote = (await (await answer).json()) as TQuoteResponse;
    await page.waitForURL('**/rate-selection');
    await page.getByTestId('rate-options').waitFor({ timeout: 30_000 });
    return quote;
  }

  const optionKey = (o: { carrier: string; serviceCode: string }) => `${o.carrier}/${o.serviceCode}`;

  it('an admin creates a 10 % discount through the customer picker; the user is quoted 10 % less with the original struck through', async () => {
    const user = await openAsNewUser({ firstName: 'Quinn', lastName: 'Lavoie' });
    const before = await quoteThroughForm(user.page);
    expect(before.length).toBeGreaterThan(1);
    expect(before.every((o) => o.originalPrice === undefined)).toBe(true);
    expect(await user.page.getByTestId('rate-original-price').count()).toBe(0);

    const admin = await openAsAdmin();
    await admin.goto('/admin?tab=discounts');
    await admin.getByTestId('admin-discounts').waitFor();
    await admin.getByTestId('discount-create').click();
    const dialog = admin.getByTestId('discount-dialog');
    await dialog.waitFor();

    // Nothing chosen, no value: the spec's messages, and no call.
    let posted = 0;
    admin.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/admin/discounts')) posted += 1;
    });
    await dialog.getByTestId('discount-submit').click();
    await dialog.getByText('Please select a specific user for this discount').waitFor();
    await dialog.getByText('Discount value must be a positive number').waitFor();
    await dialog.getByTestId('discount-value').fill('100.1');
    await dialog.getByTestId('discount-valid-from').fill('2030-05-02');
    await dialog.getByTestId('discount-valid-to').fill('2030-05-01');
    await dialog.getByTestId('discount-submit').click();
    await dialog.getByText('A percentage must be between 0 and 100').waitFor();
    await dialog.getByText('Valid from must be before valid to').waitFor();
    await dialog.getByTestId('discount-type-fixed_amount').check();
    await dialog.getByTestId('discount-value').fill('10000.01');
    await dialog.getByTestId('discount-submit').click();
    await dialog.getByText('A fixed amount must be between $0 and $10,000').waitFor();
    expect(posted).toBe(0);

    // The picker, by keyboard: search by last name, arrow down, Enter.
    const search = dialog.getByTestId('customer-picker-input');
    await search.focus();
    await search.pressSequentially('lavoie');
    const options = dialog.getByTestId('customer-option');
    await expect.poll(() => options.count()).toBe(1);
    expect(await options.first().textContent()).toContain(user.account.email);
    expect(await search.getAttribute('aria-expanded')).toBe('true');
    await search.press('ArrowDown');
    await search.press('Enter');
    const chosen = dialog.getByTestId('customer-picker-selected');
    await chosen.waitFor();
    expect(await chosen.textContent()).toContain(user.account.email);
    // By email and by a piece of the name too (change, search again, choose the same customer).
    await dialog.getByTestId('customer-picker-change').click();
    await dialog.getByTestId('customer-picker-input').fill(user.account.email.slice(0, 14));
    await expect.poll(() => options.count()).toBe(1);
    await options.first().click();
    await chosen.waitFor();

    await dialog.getByTestId('discount-type-percentage').check();
    await dialog.getByTestId('discount-value').fill('10');
    await dialog.getByTestId('discount-valid-from').fill('');
    await dialog.getByTestId('discount-valid-to').fill('');
    await dialog.getByTestId('discount-description').fill('Loyal customer');
    expect(await dialog.getByTestId('discount-active').getAttribute('aria-checked')).toBe('true');
    await dialog.getByTestId('discount-submit').click();
    await toastSays(admin, `Discount of 10% created for ${user.account.email}.`);
    await dialog.waitFor({ state: 'detached' });
    const row = admin.getByTestId('discount-row').filter({ hasText: user.account.email });
    await row.waitFor();
    expect(await row.getByTestId('discount-value-cell').textContent()).toBe('10%');
    expect(await row.getByTestId('discount-status').getAttribute('data-state')).toBe('inEffect');
    expect(await row.getByTestId('discount-validity').textContent()).toBe('No expiry');
    expect(await row.textContent()).toContain('Percentage');

    // The user's quote: every price 10 % lower, the original struck through beside it.
    const after = await quoteThroughForm(user.page);
    const original = new Map(before.map((o) => [optionKey(o), centsOf(o.price)]));
    expect(after.length).toBe(before.length);
    for (const o of after) {
      const was = original.get(optionKey(o));
      expect(was, optionKey(o)).toBeDefined();
      expect(centsOf(o.originalPrice!)).toBe(was);
      expect(centsOf(o.price)).toBe(tenPercentOff(was!));
    }
    const cards = user.page.getByTestId('rate-option');
    expect(await cards.count()).toBe(after.length);
    for (let i = 0; i < after.length; i += 1) {
      const card = cards.nth(i);
      const struck = card.getByTestId('rate-original-price');
      expect(await struck.evaluate((el) => el.tagName)).toBe('S');
      const originalCents = centsOf(
        (await struck.textContent())!.replace('Original price', '').replace(/[^0-9.]/g, ''),
      );
      const priceCents = centsOf((await card.getByTestId('rate-price').textContent())!.replace(/[^0-9.]/g, ''));
      expect(priceCents).toBe(tenPercentOff(originalCents));
      expect(original.has(optionKey(after.find((o) => centsOf(o.price) === priceCents)!))).toBe(true);
    }
    await shot(user.page, 'user-rates-discounted-en-desktop');

    // Edit it to inactive: the status says so, and quotes are back to the full price.
    await row.getByTestId('discount-edit').click();
    const edit = admin.getByTestId('discount-dialog');
    await edit.waitFor();
    expect(await edit.getByTestId('discount-customer').textContent()).toContain(user.account.email);
    expect(await edit.getByTestId('discount-value').inputValue()).toBe('10');
    await edit.getByTestId('discount-active').click();
    await edit.getByTestId('discount-submit').click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => row.getByTestId('discount-status').getAttribute('data-state')).toBe('inactive');
    const full = await quoteThroughForm(user.page);
    expect(full.every((o) => o.originalPrice === undefined && centsOf(o.price) === original.get(optionKey(o)))).toBe(
      true,
    );

    // Delete, after the confirm dialog; the empty state comes back.
    await row.getByTestId('discount-delete').click();
    const confirm = admin.getByTestId('discount-delete-dialog');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('10%');
    await confirm.getByTestId('discount-delete-confirm').click();
    await confirm.waitFor({ state: 'detached' });
    await admin.getByTestId('discounts-empty').waitFor();
  });

  it("an admin charges a customer's saved card: the wallet is credited as an admin charge", async () => {
    const customer = await openAsNewUser({ firstName: 'Chloé', lastName: 'Bouchard' });
    await saveCard(customer.page, '4242424242424242');
    expect(await balanceOf(customer.page)).toBe('20.00');

    const admin = await openAsAdmin();
    await admin.goto('/admin?tab=charges');
    const entry = admin.locator(`[data-testid="charge-customer"][data-user-id="${customer.id}"]`);
    await entry.waitFor();
    expect(await entry.textContent()).toContain(customer.account.email);
    expect(await entry.getByTestId('charge-customer-balance').textContent()).toBe('$20.00');
    const cardRow = entry.getByTestId('charge-card-row');
    expect(await cardRow.textContent()).toContain('Visa •••• 4242 · expires 12/2031');

    await cardRow.getByTestId('charge-button').click();
    const dialog = admin.getByTestId('charge-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('charge-submit').click();
    await dialog.getByText('Amount is required').waitFor();
    await dialog.getByText('Description is required').waitFor();
    await dialog.getByTestId('charge-amount').fill('0.99');
    await dialog.getByTestId('charge-submit').click();
    await dialog.getByText('Amount must be between $1 and $50,000').waitFor();
    await dialog.getByTestId('charge-amount').fill('50000.01');
    await dialog.getByTestId('charge-submit').click();
    await dialog.getByText('Amount must be between $1 and $50,000').waitFor();

    await dialog.getByTestId('charge-amount').fill('25');
    await dialog.getByTestId('charge-description').fill('Monthly account fee');
    await dialog.getByTestId('charge-submit').click();
    await toastSays(admin, "Charged $25.00 to Visa •••• 4242; the customer's wallet was credited");
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => entry.getByTestId('charge-customer-balance').textContent()).toBe('$45.00');

    expect(await balanceOf(customer.page)).toBe('45.00');
    const charge = (await transactionsOf(customer.page)).find((t) => t.type === 'admin_charge');
    expect(charge).toMatchObject({ direction: 'credit', status: 'completed', amount: '25.00' });
  });

  it('a declined off-session charge (a card that needs authentication) says why and changes nothing', async () => {
    const customer = await openAsNewUser({ firstName: 'Dana', lastName: 'Okafor' });
    await saveCard(customer.page, '4000002760003184');
    expect(await balanceOf(customer.page)).toBe('20.00');
    const before = await transactionsOf(customer.page);

    const admin = await openAsAdmin();
    await admin.goto('/admin?tab=charges');
    const entry = admin.locator(`[data-testid="charge-customer"][data-user-id="${customer.id}"]`);
    await entry.waitFor();
    await entry.getByTestId('charge-button').click();
    const dialog = admin.getByTestId('charge-dialog');
    await dialog.getByTestId('charge-amount').fill('30');
    await dialog.getByTestId('charge-description').fill('Overdue invoice');
    await dialog.getByTestId('charge-submit').click();
    const declined = dialog.getByTestId('charge-declined');
    await declined.waitFor();
    expect(await declined.textContent()).toContain('Payment failed');
    expect(await declined.textContent()).toContain('Your card was declined. This transaction requires authentication.');
    expect(await declined.textContent()).toContain('Nothing was charged and the wallet is unchanged.');
    // The dialog stays, with what was typed.
    expect(await dialog.getByTestId('charge-amount').inputValue()).toBe('30');
    expect(await seriousViolations(admin)).toEqual([]);
    await shot(admin, 'charge-declined-en-desktop', false);

    // Chinese: the reason in the admin's language.
    await admin.getByTestId('language-select').selectOption('zh');
    await declined.getByText('付款失败').waitFor();
    expect(await declined.textContent()).toContain('这笔付款需要持卡人验证');
    await shot(admin, 'charge-declined-zh-desktop', false);
    await admin.getByTestId('language-select').selectOption('en');
    await declined.getByText('Payment failed').waitFor();
    await admin.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    expect(await entry.getByTestId('charge-customer-balance').textContent()).toBe('$20.00');
    expect(await balanceOf(customer.page)).toBe('20.00');
    expect(await transactionsOf(customer.page)).toEqual(before);
  });

  it('an admin creates a price rule, sees it listed, is told when its scope is taken, and reads the margin report', async () => {
    const admin = await openAsAdmin();
    await admin.goto('/admin?tab=rate-templates');
    await admin.getByTestId('price-rules').waitFor();
    expect(await admin.getByTestId('pricing-explanation').textContent()).toContain('Price = carrier cost + markup');
    await admin.getByTestId('price-rules-empty').waitFor();

    const create = async () => {
      await admin.getByTestId('price-rule-create').click();
      const dialog = admin.getByTestId('price-rule-dialog');
      await dialog.waitFor();
      return dialog;
    };
    let dialog = await create();
    await dialog.getByTestId('price-rule-submit').click();
    await dialog.getByText('Choose a carrier').last().waitFor();
    await dialog.getByTestId('price-rule-carrier').selectOption('CA-UPS');
    // The service suggestions are what the server says UPS sells (GET /api/admin/carrier-services).
    const suggested = dialog.locator('datalist option');
    await expect
      .poll(() => suggested.evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)))
      .toEqual(['UPS.11', 'UPS.02', 'UPS.13', 'UPS.01', 'UPS.11.US', 'UPS.08', 'UPS.65']);
    await dialog.getByTestId('price-rule-service').fill('UPS.11');
    await dialog.getByTestId('price-rule-percent').fill('500.01');
    await dialog.getByTestId('price-rule-submit').click();
    await dialog.getByText('Markup percent must be between 0 and 500').waitFor();
    await dialog.getByTestId('price-rule-percent').fill('12.345');
    await dialog.getByTestId('price-rule-submit').click();
    await dialog.getByText('Markup percent can have up to 2 decimals').waitFor();
    await dialog.getByTestId('price-rule-percent').fill('10');
    await dialog.getByTestId('price-rule-fixed').fill('1000.01');
    await dialog.getByTestId('price-rule-submit').click();
    await dialog.getByText('Fixed markup must be between $0 and $1,000').waitFor();
    await dialog.getByTestId('price-rule-fixed').fill('1');
    expect(await dialog.getByTestId('price-rule-example').textContent()).toBe(
      'Example: a $20.00 carrier cost becomes $23.00, before the discount and taxes.',
    );
    await dialog.getByTestId('price-rule-submit').click();
    await toastSays(admin, 'Price rule created for UPS, service UPS.11, all organizations.');
    await dialog.waitFor({ state: 'detached' });
    const row = admin.getByTestId('price-rule-row').first();
    await row.waitFor();
    const text = await row.textContent();
    for (const part of ['UPS', 'UPS.11', 'Standard', 'Everyone', '10%', '$1.00', 'Active'])
      expect(text).toContain(part);

    // The same scope again: the server's 409 message in the dialog, nothing created.
    dialog = await create();
    await dialog.getByTestId('price-rule-carrier').selectOption('CA-UPS');
    await dialog.getByTestId('price-rule-service').fill('ups.11');
    await dialog.getByTestId('price-rule-percent').fill('5');
    await dialog.getByTestId('price-rule-submit').click();
    const conflict = dialog.getByTestId('price-rule-conflict');
    await conflict.waitFor();
    expect(await conflict.textContent()).toContain(
      'A price rule for UPS, service UPS.11, all organizations already exists',
    );
    // The rule's raw id is left out (the list shows no ids).
    expect(await conflict.textContent()).not.toMatch(/\bid [0-9a-f]{8}/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await admin.getByTestId('price-rule-row').count()).toBe(1);

    // A service the carrier does not sell: the server's message under the field.
    dialog = await create();
    await dialog.getByTestId('price-rule-carrier').selectOption('CA-CP');
    await dialog.getByTestId('price-rule-service').fill('UPS.11');
    await dialog.getByTestId('price-rule-submit').click();
    await dialog
      .getByText(/Canada Post offers no service UPS\.11/)
      .first()
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Edit: the markup changes in the list.
    await row.getByTestId('price-rule-edit').click();
    dialog = admin.getByTestId('price-rule-dialog');
    expect(await dialog.getByTestId('price-rule-percent').inputValue()).toBe('10');
    await dialog.getByTestId('price-rule-percent').fill('12.5');
    await dialog.getByTestId('price-rule-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.textContent()).toContain('12.5%');

    // A customer orders UPS Standard: quoted at cost + 12.5 % + $1.00, and the margin report adds up.
    const buyer = await openAsNewUser({ firstName: 'Marc', lastName: 'Roy' });
    const funded = await admin.request.post('/api/admin/add-balance', {
      data: { userId: buyer.id, amount: '200.00', description: 'admin pricing e2e' },
    });
    expect(funded.status(), await funded.text()).toBe(200);
    const quote = await quoteThroughForm(buyer.page);
    const ups = quote.find((o) => o.carrier === 'CA-UPS' && o.serviceCode === 'UPS.11');
    expect(ups, JSON.stringify(quote.map(optionKey))).toBeDefined();
    await buyer.page
      .getByTestId('rate-option')
      .filter({ has: buyer.page.getByTestId('rate-carrier').filter({ hasText: /^UPS$/ }) })
      .filter({ has: buyer.page.getByTestId('rate-service').filter({ hasText: /^Standard$/ }) })
      .click();
    await buyer.page.getByTestId('place-order').click();
    await buyer.page.waitForURL('**/shipments', { timeout: 30_000 });

    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit' })
      .format(new Date())
      .slice(0, 7);
    const margins = (await (await admin.request.get('/api/admin/margins?months=12')).json()) as {
      months: { month: string; orders: number; revenue: string; carrierCost: string; margin: string }[];
      total: { orders: number; revenue: string; carrierCost: string; margin: string };
    };
    const current = margins.months.find((m) => m.month === month)!;
    expect(current.orders).toBe(1);
    expect(centsOf(current.revenue)).toBe(centsOf(ups!.price));
    const cost = centsOf(current.carrierCost);
    expect(centsOf(current.revenue) - cost).toBe(centsOf(current.margin));
    expect(centsOf(current.margin)).toBe(Math.floor((cost * 1250 + 5000) / 10_000) + 100);
    expect(margins.total).toEqual({
      orders: current.orders,
      revenue: current.revenue,
      carrierCost: current.carrierCost,
      margin: current.margin,
    });

    // The report on screen: twelve Toronto months, this one with the order, and the total row.
    await admin.reload();
    const report = admin.getByTestId('margin-table');
    await report.waitFor();
    expect(await report.getByTestId('margin-row').count()).toBe(12);
    const row0 = report.locator(`[data-testid="margin-row"][data-month="${month}"]`);
    const rowText = await row0.textContent();
    for (const amount of [current.revenue, current.carrierCost, current.margin])
      expect(rowText).toContain(cad(centsOf(amount)));
    const totalText = await admin.getByTestId('margin-total').textContent();
    expect(totalText).toContain('Total');
    expect(totalText).toContain(cad(centsOf(current.margin)));
    await shot(admin, 'rate-templates-with-order-en-desktop');
  });

  it('every tab and dialog in English and Chinese, on a desktop and a phone (screenshots looked at)', async () => {
    // Something in every list: a customer with a card, a discount, a price rule.
    const customer = await openAsNewUser({ firstName: 'Émilie', lastName: 'Gagnon' });
    await saveCard(customer.page, '5555555555554444');
    const setup = await openAsAdmin();
    const made = await setup.request.post('/api/admin/discounts', {
      data: {
        userId: customer.id,
        discountType: 'fixed_amount',
        discountValue: '5',
        description: 'Spring promotion',
        validFrom: '2026-01-01',
        validTo: '2035-12-31',
        isActive: true,
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const rule = await setup.request.post('/api/admin/price-rules', {
      data: { carrier: 'CA-CP', serviceCode: null, organizationId: null, markupPercent: '8', markupFixed: '0.75' },
    });
    expect([201, 409]).toContain(rule.status());

    for (const lang of ['en', 'zh'] as const) {
      for (const [device, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        const page = await openAsAdmin(viewport, lang);
        const name = (what: string) => `${what}-${lang}-${device}`;
        const check = async (what: string, full = true) => {
          expect(await seriousViolations(page), name(what)).toEqual([]);
          if (device === 'phone') expect(await horizontalOverflow(page), name(what)).toBe(0);
          await shot(page, name(what), full);
        };
        const closeDialog = async (dialog: Locator) => {
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });
        };

        // Customer charges and the charge dialog (empty, then with the form's messages).
        await page.goto('/admin?tab=charges');
        await page.locator(`[data-testid="charge-customer"][data-user-id="${customer.id}"]`).waitFor();
        await check('charges-tab');
        await page
          .locator(`[data-testid="charge-customer"][data-user-id="${customer.id}"]`)
          .getByTestId('charge-button')
          .click();
        let dialog = page.getByTestId('charge-dialog');
        await dialog.waitFor();
        await dialog.getByTestId('charge-submit').click();
        await dialog.getByRole('alert').first().waitFor();
        await check('charge-dialog', false);
        await closeDialog(dialog);

        // Discounts, the create dialog with the picker open, the edit and delete dialogs.
        await page.goto('/admin?tab=discounts');
        const discountItem = page
          .getByTestId(device === 'phone' ? 'discount-card' : 'discount-row')
          .filter({ hasText: customer.account.email });
        await discountItem.waitFor();
        await check('discounts-tab');
        await page.getByTestId('discount-create').click();
        dialog = page.getByTestId('discount-dialog');
        await dialog.waitFor();
        await dialog.getByTestId('discount-submit').click();
        await dialog.getByRole('alert').first().waitFor();
        await dialog.getByTestId('customer-picker-input').fill('gagnon');
        await dialog.getByTestId('customer-option').first().waitFor();
        await check('discount-create-dialog', false);
        await page.keyboard.press('Escape'); // closes the list only
        expect(await dialog.isVisible()).toBe(true);
        await closeDialog(dialog);
        await discountItem.getByTestId('discount-edit').click();
        dialog = page.getByTestId('discount-dialog');
        await dialog.getByTestId('discount-customer').waitFor();
        await check('discount-edit-dialog', false);
        await closeDialog(dialog);
        await discountItem.getByTestId('discount-delete').click();
        dialog = page.getByTestId('discount-delete-dialog');
        await dialog.waitFor();
        await check('discount-delete-dialog', false);
        await closeDialog(dialog);

        // Rate templates: the rules, the margin report, and the rule dialogs.
        await page.goto('/admin?tab=rate-templates');
        await page.getByTestId(device === 'phone' ? 'margin-cards' : 'margin-table').waitFor();
        await page
          .getByTestId(device === 'phone' ? 'price-rule-card' : 'price-rule-row')
          .first()
          .waitFor();
        await check('rate-templates-tab');
        await page.getByTestId('price-rule-create').click();
        dialog = page.getByTestId('price-rule-dialog');
        await dialog.waitFor();
        await dialog.getByTestId('price-rule-submit').click();
        await dialog.getByRole('alert').first().waitFor();
        await check('price-rule-create-dialog', false);
        await closeDialog(dialog);
        const ruleItem = page.getByTestId(device === 'phone' ? 'price-rule-card' : 'price-rule-row').first();
        await ruleItem.getByTestId('price-rule-edit').click();
        dialog = page.getByTestId('price-rule-dialog');
        await dialog.waitFor();
        await check('price-rule-edit-dialog', false);
        await closeDialog(dialog);
        await ruleItem.getByTestId('price-rule-delete').click();
        dialog = page.getByTestId('price-rule-delete-dialog');
        await dialog.waitFor();
        await check('price-rule-delete-dialog', false);
        await closeDialog(dialog);
        if (lang === 'zh') {
          expect(await page.getByTestId('pricing-explanation').textContent()).toContain('价格 = 承运商成本 + 加价');
        }
        await page.context().close();
      }
    }
  }, 240_000);
});
