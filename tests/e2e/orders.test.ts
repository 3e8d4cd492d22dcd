import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import type { TTransaction } from '../../src/shared/contracts/wallet';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import { fundWallet, signUpViaApi } from './helpers/accounts';
import { fillShipmentForm, showRates } from './helpers/orders';
import { horizontalOverflow, screenshots, seriousViolations } from './helpers/page-checks';

const ADMIN = { email: 'admin-orders@example.com', password: 'Admin-pass-2026' };
const shot = screenshots('orders');
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

const cad = (cents: number, lang: 'en' | 'zh' = 'en') =>
  new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-CA', { style: 'currency', currency: 'CAD' }).format(cents / 100);

const monthName = (lang: 'en' | 'zh') =>
  new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-CA', { timeZone: 'America/Toronto', month: 'long' }).format(
    new Date(),
  );

describe('placing orders and the wallet in Chromium', () => {
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
  // Each test's pages close even when it fails half-way.
  const contexts: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  async function open(viewport: { width: number; height: number }): Promise<Page> {
    const { page, context } = await newPage(browser, app, { viewport });
    contexts.push(context);
    return page;
  }

  /** Adds `amount` to the signed-in user's wallet as the admin, from a browser context of its own. */
  async function fund(page: Page, amount: string): Promise<void> {
    await fundWallet(page, { app, browser, admin: ADMIN }, amount, 'orders e2e');
  }

  /** Fills the create-shipment form (Toronto → Vancouver, 2.5 lb) and waits for the rates. */
  async function quoteThroughForm(page: Page): Promise<void> {
    await fillShipmentForm(page, {
      'sender-company': 'Central Perk',
      'sender-address2': 'Unit 4',
      'sender-email': 'rachel@example.com',
      'package-value': '100',
    });
    await showRates(page);
  }

  const firstTotalCents = async (page: Page) =>
    Number(await page.getByTestId('rate-total').first().getAttribute('data-cents'));

  it('a funded user orders the cheapest rate, watches the progress, lands on /shipments; the wallet shows the debit', async () => {
    const page = await open(DESKTOP);
    await signUpViaApi(page, app);
    await fund(page, '100.00');
    await quoteThroughForm(page);

    // The cheapest is first and preselected; the wallet covers it.
    const radios = page.getByRole('radio');
    expect(await radios.first().getAttribute('aria-checked')).toBe('true');
    const price = await firstTotalCents(page);
    expect(price).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('wallet-balance').first().textContent()).toBe('$100.00');
    expect(await page.getByTestId('balance-after').textContent()).toBe(
      `Balance after this order: ${cad(10_000 - price)}`,
    );
    expect(await page.getByTestId('insufficient-balance').count()).toBe(0);
    const place = page.getByTestId('place-order');
    expect(await place.isEnabled()).toBe(true);
    expect(await place.textContent()).toBe('Place order');
    // The old 'arrives with the next release' note is gone.
    expect(await page.getByTestId('selected-rate').textContent()).not.toContain('next release');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'rates-funded-en-desktop');
    await page.getByTestId('language-select').selectOption('zh');
    await page.getByTestId('place-order').getByText('下单').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'rates-funded-zh-desktop');
    await page.getByTestId('language-select').selectOption('en');
    await page.getByTestId('place-order').getByText('Place order').waitFor();

    // Place it: the spec's body, one Idempotency-Key, then the progress overlay with its steps.
    // Every step and value the overlay shows, as it shows them.
    await page.evaluate(() => {
      const seen: { step: string; value: number }[] = [];
      (window as unknown as { orderSteps: typeof seen }).orderSteps = seen;
      new MutationObserver(() => {
        const overlay = document.querySelector('[data-testid="order-progress"]');
        const bar = overlay?.querySelector('[role="progressbar"]');
        if (!overlay || !bar) return;
        const step = overlay.getAttribute('data-step')!;
        const value = Number(bar.getAttribute('aria-valuenow'));
        const last = seen[seen.length - 1];
        if (!last || last.step !== step || last.value !== value) seen.push({ step, value });
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    const orderCall = page.waitForRequest((r) => r.url().endsWith('/api/shipments') && r.method() === 'POST');
    const clickedAt = Date.now();
    await place.click();
    const request: Request = await orderCall;
    const body = request.postDataJSON() as Record<string, unknown>;
    expect(request.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.fromAddressId).toBeNull();
    expect(body.toAddressId).toBeNull();
    expect(body.fromAddress).toEqual({
      firstName: 'Rachel',
      lastName: 'Green',
      company: 'Central Perk',
      address: 'Unit 4 - 90 Bedford Rd',
      city: 'Toronto',
      province: 'ON',
      postalCode: 'M5R 2K2',
      country: 'CA',
      phone: '416-555-0134',
      email: 'rachel@example.com',
    });
    expect((body.toAddress as { address: string }).address).toBe('2200 Kingsway');
    expect(body.totalCost).toMatch(/^\d+\.\d{2}$/);
    expect(Math.round(Number(body.totalCost) * 100)).toBe(price);
    expect(body.taxes).toMatch(/^\d+\.\d{2}$/);
    expect(body.insurance).toBe('100.00');
    expect((body.rateDetails as { id: string }).id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.packageDetails).toMatchObject({ weight: 1.134, length: 25.4, width: 20.32, height: 10.16 });

    const overlay = page.getByTestId('order-progress');
    await overlay.waitFor();
    expect(await overlay.getAttribute('role')).toBe('dialog');
    expect(await overlay.getAttribute('aria-modal')).toBe('true');
    await page.getByTestId('order-code').waitFor({ timeout: 15_000 });
    const doneAt = Date.now();
    const orderCode = (await page.getByTestId('order-code').textContent())!.trim();
    expect(orderCode.length).toBeGreaterThan(3);
    const bar = page.getByRole('progressbar');
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    expect(await page.getByTestId('order-step').textContent()).toBe('Completed');
    // The spec's steps in order (25, 50, 75, then 100), the bar creeping between them, never backwards.
    const seen = await page.evaluate(
      () => (window as unknown as { orderSteps: { step: string; value: number }[] }).orderSteps,
    );
    const steps = seen.map((s) => s.step).filter((s, i, all) => all[i - 1] !== s);
    expect(steps).toEqual(['processing', 'label', 'tracking', 'finalizing', 'completed']);
    const values = seen.map((s) => s.value);
    expect(values[0]).toBe(25);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(seen.find((s) => s.step === 'label')!.value).toBeGreaterThanOrEqual(50);
    expect(seen.find((s) => s.step === 'tracking')!.value).toBeGreaterThanOrEqual(75);
    expect(values.filter((v) => v > 25 && v < 50).length).toBeGreaterThan(0); // crept while processing
    expect(Math.max(...values.filter((v) => v < 100))).toBeLessThanOrEqual(95);
    // The simulated steps take their 1 s and 1.5 s.
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(2500);
    await shot(page, 'progress-done-en-desktop', false);
    // The stored shipment is cleared at once; /shipments two seconds later.
    expect(await page.evaluate(() => sessionStorage.getItem('voyageur.shipment.data'))).toBeNull();
    await page.waitForURL('**/shipments', { timeout: 10_000 });
    expect(Date.now() - doneAt).toBeGreaterThanOrEqual(1500);

    // The wallet: the lower balance, the debit first in the history, this month's spend.
    await page.goto('/wallet');
    await page.getByTestId('wallet-page').waitFor();
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe(cad(10_000 - price));
    const rows = page.getByTestId('transaction-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).getByTestId('transaction-amount').textContent()).toBe(cad(-price));
    expect(await rows.nth(0).textContent()).toContain('Shipping charge');
    expect(await rows.nth(0).getByTestId('transaction-status').textContent()).toBe('Completed');
    expect(await rows.nth(1).getByTestId('transaction-amount').textContent()).toBe('+$100.00');
    expect(await page.getByTestId('wallet-month-spend-value').textContent()).toBe(cad(price));
    expect(await page.getByTestId('wallet-pending-value').textContent()).toBe('$0.00');
    expect(await page.getByTestId('transactions-summary').textContent()).toBe(`2 transactions in ${monthName('en')}`);
    expect(await page.getByTestId('payment-methods-empty').count()).toBe(1);
    expect(await page.getByTestId('manage-cards-link').getAttribute('href')).toBe('/manage-cards');
    // The table is for wide screens; the cards are hidden there.
    expect(await page.getByTestId('transaction-cards').isVisible()).toBe(false);

    // Filter by type in the filter panel, opened and closed with the keyboard.
    await page.getByTestId('transactions-filter').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('filter-type').selectOption('shipping_charge');
    await expect.poll(() => rows.count()).toBe(1);
    // The month's sentence counts the month, whatever the filter shows.
    expect(await page.getByTestId('transactions-summary').textContent()).toBe(`2 transactions in ${monthName('en')}`);
    await page.getByTestId('filter-type').selectOption('all');
    await page.keyboard.press('Escape');
    await page.getByTestId('transactions-filter-panel').waitFor({ state: 'detached' });
    await expect.poll(() => rows.count()).toBe(2);

    // Export: a CSV of the transactions, dated in Toronto, formula-safe.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('wallet-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Date (Toronto),Description,Type,Direction,Amount (CAD),Status,Balance after (CAD),' +
        'Receipt number,Before tax (CAD),GST (CAD),HST (CAD),QST (CAD)',
    );
    expect(lines).toHaveLength(3);
    const api = (await (await page.request.get('/api/transactions')).json()) as TTransaction[];
    expect(lines[1]).toContain(`,Shipping charge,Debit,${api[0]!.amount},Completed,${api[0]!.balanceAfter}`);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},/);
    expect(lines[2]).toContain(',orders e2e,Adjustment,Credit,100.00,Completed,100.00'); // the admin's add-balance
    await page.getByTestId('toast').getByText('Download started').waitFor();

    // Top up opens the card dialog (tests/e2e/wallet.test.ts pays through it); Escape closes it.
    await page.getByTestId('wallet-top-up').click();
    await page.getByTestId('topup-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('topup-dialog').waitFor({ state: 'detached' });

    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'wallet-en-desktop');
    await page.getByTestId('language-select').selectOption('zh');
    await page
      .getByTestId('transactions-summary')
      .getByText(`${monthName('zh')}共 2 笔交易`)
      .waitFor();
    expect(await rows.nth(0).textContent()).toContain('运费');
    expect(await page.getByTestId('wallet-balance').textContent()).toBe(cad(10_000 - price, 'zh'));
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'wallet-zh-desktop');

    // Phone: cards instead of the table, nothing wider than the screen.
    await page.setViewportSize(PHONE);
    await page.getByTestId('transaction-card').first().waitFor();
    expect(await page.getByTestId('transaction-table').isVisible()).toBe(false);
    expect(await page.getByTestId('transaction-card').count()).toBe(2);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'wallet-zh-phone');
    await page.getByTestId('language-select').selectOption('en');
    await page.getByTestId('transactions-summary').getByText('2 transactions').waitFor();
    await shot(page, 'wallet-en-phone');
  }, 180_000);

  it('an unfunded user sees the insufficient alert and a disabled button with the amount needed; on a phone the bar is pinned', async () => {
    const page = await open(DESKTOP);
    await signUpViaApi(page, app);
    await quoteThroughForm(page);
    const price = await firstTotalCents(page);

    const alert = page.getByTestId('insufficient-balance');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Insufficient wallet balance');
    expect(await alert.textContent()).toContain(`Add at least ${cad(price)}`);
    expect(await page.getByTestId('top-up-link').getAttribute('href')).toBe('/wallet');
    const place = page.getByTestId('place-order');
    expect(await place.isDisabled()).toBe(true);
    expect(await place.textContent()).toBe(`Need ${cad(price)} more`);
    expect(await page.getByTestId('wallet-balance').textContent()).toBe('$0.00');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'rates-unfunded-en-desktop');

    // Another option: the amount needed follows the choice.
    await page.getByRole('radio').nth(1).click();
    const second = Number(await page.getByTestId('rate-total').nth(1).getAttribute('data-cents'));
    await expect.poll(() => place.textContent()).toBe(`Need ${cad(second)} more`);
    await page.getByRole('radio').first().click();

    await page.getByTestId('language-select').selectOption('zh');
    await expect.poll(() => place.textContent()).toBe(`还差 ${cad(price, 'zh')}`);
    expect(await alert.textContent()).toContain('钱包余额不足');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'rates-unfunded-zh-desktop');

    // Phone: the total and the button pinned to the bottom, visible without scrolling.
    await page.setViewportSize(PHONE);
    const pinned = page.getByTestId('order-bar');
    await pinned.waitFor();
    expect(await place.isVisible()).toBe(false);
    const barButton = page.getByTestId('bar-place-order');
    expect(await barButton.isVisible()).toBe(true);
    expect(await barButton.isDisabled()).toBe(true);
    expect(await barButton.textContent()).toBe(`还差 ${cad(price, 'zh')}`);
    expect(await page.getByTestId('bar-total').textContent()).toBe(cad(price, 'zh'));
    expect(await page.getByTestId('bar-top-up').getAttribute('href')).toBe('/wallet');
    const inView = async () => {
      const box = (await pinned.boundingBox())!;
      const scrollY = await page.evaluate(() => window.scrollY);
      return { top: box.y >= 0, bottom: Math.round(box.y + box.height) <= PHONE.height, scrollY };
    };
    expect(await inView()).toEqual({ top: true, bottom: true, scrollY: 0 });
    // Nothing in the bar runs off the side of the screen.
    for (const id of ['bar-total', 'bar-top-up', 'bar-place-order']) {
      const box = (await page.getByTestId(id).boundingBox())!;
      expect({ id, inside: box.x >= 0 && box.x + box.width <= PHONE.width }).toEqual({ id, inside: true });
    }
    // Still there, on top of the page, after scrolling to the bottom of the list.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const after = await inView();
    expect(after.top && after.bottom).toBe(true);
    // Nothing covers it (a disabled button takes no pointer events: ask for what the bar shows there).
    const hit = await barButton.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return !!top && !!el.closest('[data-testid="order-bar"]')?.contains(top);
    });
    expect(hit).toBe(true);
    // The last option is not hidden under the bar.
    const lastOption = (await page.getByTestId('rate-option').last().boundingBox())!;
    const barTop = (await pinned.boundingBox())!.y;
    expect(lastOption.y + lastOption.height).toBeLessThanOrEqual(barTop + 1);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'rates-unfunded-zh-phone', false);
    await page.getByTestId('language-select').selectOption('en');
    await expect.poll(() => barButton.textContent()).toBe(`Need ${cad(price)} more`);
    await shot(page, 'rates-unfunded-en-phone', false);
    await shot(page, 'rates-unfunded-en-phone-full');

    // The wallet of a user with no transactions: the empty state, zero spend.
    await page.getByTestId('bar-top-up').click();
    await page.waitForURL('**/wallet');
    await page.getByTestId('transactions-empty').waitFor();
    expect(await page.getByTestId('wallet-balance').textContent()).toBe('$0.00');
    expect(await page.getByTestId('wallet-month-spend-value').textContent()).toBe('$0.00');
    expect(await page.getByTestId('transactions-summary').count()).toBe(0);
    await page.getByTestId('wallet-export').click();
    await page.getByTestId('toast').getByText('There are no transactions to export.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'wallet-empty-en-phone');
  }, 120_000);

  it('a changed price is explained and quoted again; a lost connection retries with the same Idempotency-Key', async () => {
    const page = await open(DESKTOP);
    await signUpViaApi(page, app);
    await fund(page, '200.00');
    await quoteThroughForm(page);
    const place = page.getByTestId('place-order');
    await expect.poll(() => place.isEnabled()).toBe(true);

    // 409 PRICE_CHANGED: the overlay closes, the page says so and asks for rates again.
    let answer: 'price' | 'abort' | 'pass' = 'price';
    const keys: string[] = [];
    await page.route('**/api/shipments', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (answer === 'price') {
        await route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({
            message: 'The price changed: this rate now costs $99.00 with taxes. Review it and order again.',
            code: 'PRICE_CHANGED',
          }),
        });
      } else if (answer === 'abort') {
        await route.abort('internetdisconnected');
      } else {
        await route.fallback();
      }
    });
    const requote = page.waitForRequest((r) => r.url().endsWith('/api/rates/quote'));
    await place.click();
    const error = page.getByTestId('order-error').first();
    await error.waitFor();
    await requote;
    expect(await error.getAttribute('data-kind')).toBe('priceChanged');
    expect(await error.textContent()).toContain('The price has changed');
    expect(await page.getByTestId('order-progress').count()).toBe(0);
    expect(await page.getByRole('radio').first().getAttribute('aria-checked')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);

    // No answer: 'Connection Issue'; trying again is the same attempt (same key), which succeeds.
    answer = 'abort';
    await expect.poll(() => place.isEnabled()).toBe(true);
    await place.click();
    await expect.poll(() => error.getAttribute('data-kind')).toBe('connection');
    expect(await error.textContent()).toContain('Connection Issue');
    answer = 'pass';
    await place.click();
    await page.getByTestId('order-code').waitFor({ timeout: 15_000 });
    expect(keys).toHaveLength(3);
    expect(keys[1]).not.toBe(keys[0]); // the server answered the first attempt: a new one
    expect(keys[2]).toBe(keys[1]);
    await page.waitForURL('**/shipments', { timeout: 10_000 });
  }, 120_000);
});
