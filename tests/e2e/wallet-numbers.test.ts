/**
 * Issue 22, "Numbers that disagree", on screen: after a void the wallet's spend card says what it
 * counts and what came back, the dashboard's total says it is net of refunds, a charge names its
 * carrier once; the audit view shows an admin's description and a card by brand and last four.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import type { TCreateIntentResponse, TPaymentMethodList } from '../../src/shared/contracts/payments';
import type { TRateOption } from '../../src/shared/contracts/rates';
import { parseCents } from '../../src/shared/money';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import { addBalance, newAccount, signedInUserId, signInViaUi, signUpViaApi } from './helpers/accounts';
import { orderViaApi, quoteViaApi, TORONTO_TO_VANCOUVER } from './helpers/orders';
import { screenshots, seriousViolations } from './helpers/page-checks';

const ADMIN = { email: 'admin-numbers@example.com', password: 'Admin-pass-2026' };
const DESKTOP = { width: 1366, height: 900 };
const shot = screenshots('wallet-numbers');

const cents = (amount: string) => parseCents(amount) ?? NaN;
const cad = (c: number, lang: 'en' | 'zh' = 'en') =>
  new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-CA', { style: 'currency', currency: 'CAD' }).format(c / 100);
const monthName = (lang: 'en' | 'zh') =>
  new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-CA', { timeZone: 'America/Toronto', month: 'long' }).format(
    new Date(),
  );

describe('wallet and dashboard figures, descriptions and the audit view in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  let adminContext: BrowserContext;
  let admin: APIRequestContext;
  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
      launchBrowser(),
    ]);
    adminContext = await browser.newContext({ baseURL: app.url });
    admin = adminContext.request;
    const login = await admin.post('/api/login', { data: ADMIN });
    expect(login.status(), await login.text()).toBe(200);
  });
  afterAll(async () => {
    await adminContext?.close();
    await browser?.close();
    await app?.stop();
  });

  const place = (page: Page, option: TRateOption) => orderViaApi(page, TORONTO_TO_VANCOUVER, option);

  it("after a void: the wallet's spend and this month's refunds, the dashboard's net, the carrier named once (English, Chinese)", async () => {
    const { page, context } = await newPage(browser, app, { viewport: DESKTOP });
    try {
      await signUpViaApi(page, app);
      await addBalance(admin, await signedInUserId(page), '300.00', 'numbers e2e');
      const options = await quoteViaApi(page, TORONTO_TO_VANCOUVER);
      const ups = options.find((o) => o.carrier === 'CA-UPS' && o.serviceName.startsWith('UPS '));
      const other = options.find((o) => o.carrier !== 'CA-UPS');
      expect(ups, 'a UPS service named "UPS …"').toBeDefined();
      expect(other, 'another carrier quoted').toBeDefined();
      const voided = await place(page, ups!);
      const kept = await place(page, other!);
      const voidRes = await page.request.post(`/api/shipments/${voided.id}/void`);
      expect(voidRes.status(), await voidRes.text()).toBe(200);
      const charged = cents(ups!.total) + cents(other!.total);
      const refunded = cents(ups!.total);

      await page.goto('/wallet');
      await page.getByTestId('wallet-page').waitFor();
      // The spec's figure: every shipping charge of the month; under it what it counts and what came back.
      await expect.poll(() => page.getByTestId('wallet-month-spend-value').textContent()).toBe(cad(charged));
      expect(await page.getByTestId('wallet-month-spend-counts').textContent()).toBe(
        `Shipping charged in ${monthName('en')}, before refunds`,
      );
      expect(await page.getByTestId('wallet-month-refunded').textContent()).toBe(
        `Refunded this month: ${cad(refunded)}`,
      );
      // The UPS charge names UPS once.
      const rows = page.getByTestId('transaction-row');
      await rows.first().waitFor();
      const texts = await rows.allTextContents();
      expect(texts.some((t) => t.includes(`${ups!.serviceName} — order ${voided.orderCode}`))).toBe(true);
      expect(texts.some((t) => t.includes('UPS UPS'))).toBe(false);
      expect(texts.some((t) => t.includes(`— order ${kept.orderCode}`))).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'wallet-after-void-en-desktop');

      await page.getByTestId('language-select').selectOption('zh');
      await expect
        .poll(() => page.getByTestId('wallet-month-refunded').textContent())
        .toBe(`本月退款：${cad(refunded, 'zh')}`);
      expect(await page.getByTestId('wallet-month-spend-counts').textContent()).toBe(
        `${monthName('zh')}的运费扣款（未扣除退款）`,
      );
      expect(await page.getByTestId('wallet-month-spend-value').textContent()).toBe(cad(charged, 'zh'));
      await shot(page, 'wallet-after-void-zh-desktop');

      // The dashboard's month: the orders placed this month, net of the refund, and it says so.
      await page.goto('/dashboard');
      const spend = page.getByTestId('stat-total-spend');
      await spend.waitFor();
      await expect.poll(() => spend.getByTestId('stat-value').textContent()).toBe(cad(cents(other!.total), 'zh'));
      expect(await page.getByTestId('stat-total-spend-counts').textContent()).toBe('已扣除退款，按本月下的订单计');
      expect(await page.getByTestId('stat-total-spend-breakdown').textContent()).toBe(
        `扣款 ${cad(charged, 'zh')}，退款 ${cad(refunded, 'zh')}`,
      );
      await page.getByTestId('language-select').selectOption('en');
      await expect
        .poll(() => page.getByTestId('stat-total-spend-counts').textContent())
        .toBe('Net of refunds, for orders placed this month');
      expect(await page.getByTestId('stat-total-spend-breakdown').textContent()).toBe(
        `${cad(charged)} charged, ${cad(refunded)} refunded`,
      );
      expect(await spend.getByTestId('stat-value').textContent()).toBe(cad(cents(other!.total)));
      await shot(page, 'dashboard-after-void-en-desktop');
    } finally {
      await context.close();
    }
  });

  it("the audit view shows the admin's description and names cards by brand and last four, never a cut id", async () => {
    // A customer with two saved cards: the Mastercard made the default, then the Visa deleted.
    const customer = await browser.newContext({ baseURL: app.url });
    let customerId: string;
    try {
      const page = await customer.newPage();
      await signUpViaApi(page, app, { ...newAccount('cards'), firstName: 'Cara', lastName: 'Cardholder' });
      customerId = await signedInUserId(page);
      for (const number of ['4242424242424242', '5555555555554444']) {
        const created = await page.request.post('/api/create-payment-intent', {
          data: { amount: '10.00', savePaymentMethod: true },
        });
        expect(created.status(), await created.text()).toBe(200);
        const intent = (await created.json()) as TCreateIntentResponse;
        const paid = await page.request.post(`/api/sandbox/payment-intents/${intent.paymentIntentId}/confirm`, {
          data: {
            clientSecret: intent.clientSecret,
            card: { number, expMonth: 12, expYear: 2031, cvc: '123', name: 'Cara Cardholder' },
          },
        });
        expect(paid.status(), await paid.text()).toBe(200);
        const credited = await page.request.post('/api/confirm-payment', {
          data: { paymentIntentId: intent.paymentIntentId },
        });
        expect(credited.status(), await credited.text()).toBe(200);
      }
      const { paymentMethods } = (await (await page.request.get('/api/payment-methods')).json()) as TPaymentMethodList;
      const visa = paymentMethods.find((c) => c.last4 === '4242')!;
      const mastercard = paymentMethods.find((c) => c.last4 === '4444')!;
      expect((await page.request.patch(`/api/payment-methods/${mastercard.id}/set-default`)).status()).toBe(200);
      expect((await page.request.delete(`/api/payment-methods/${visa.id}`)).status()).toBe(200);
    } finally {
      await customer.close();
    }
    await addBalance(admin, customerId, '15.00', 'Goodwill credit for the late parcel');

    const { page, context } = await newPage(browser, app, { viewport: DESKTOP });
    try {
      await signInViaUi(page, ADMIN);
      await page.goto('/admin?tab=audit');
      await page.getByTestId('admin-audit-table').waitFor();
      const entry = (action: string) => page.locator(`[data-testid="audit-entry"][data-action="${action}"]`).first();

      const setDefault = entry('payment_method.set_default');
      expect(await setDefault.getByTestId('audit-resource').textContent()).toBe('payment_method Mastercard •••• 4444');
      const deleted = entry('payment_method.delete');
      expect(await deleted.getByTestId('audit-card').textContent()).toBe('Visa •••• 4242');
      expect(await deleted.getByTestId('audit-card').getAttribute('title')).toMatch(/^(pm|card)_/);
      const cardResources = await page
        .locator('[data-testid="audit-entry"][data-action^="payment_method."] [data-testid="audit-resource"]')
        .allTextContents();
      expect(cardResources.length).toBeGreaterThanOrEqual(2);
      for (const text of cardResources) expect(text).not.toMatch(/#|pm_|card_/);

      const balance = page
        .locator('[data-testid="audit-entry"][data-action="admin.add_balance"]')
        .filter({ hasText: 'Goodwill credit' });
      expect(await balance.getByTestId('audit-details').textContent()).toBe('Goodwill credit for the late parcel');
      expect(await balance.textContent()).toContain('Description');
      const ledger = page
        .locator('[data-testid="audit-entry"][data-action="wallet.adjustment"]')
        .filter({ hasText: 'Goodwill credit' });
      expect(await ledger.getByTestId('audit-details').textContent()).toBe('Goodwill credit for the late parcel');
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'audit-en-desktop');

      await page.getByTestId('language-select').selectOption('zh');
      await expect.poll(() => balance.textContent()).toContain('说明');
      // The brand's name in Chinese (cards.brands), the digits as they are.
      expect(await entry('payment_method.set_default').getByTestId('audit-card').textContent()).toBe(
        '万事达卡 •••• 4444',
      );
      await shot(page, 'audit-zh-desktop');
      await page.getByTestId('language-select').selectOption('en');
    } finally {
      await context.close();
    }
  });
});
