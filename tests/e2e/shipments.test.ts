import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TRateOption } from '../../src/shared/contracts/rates';
import type { TCreatedShipment, TShipmentDetail } from '../../src/shared/contracts/shipments';
import { parseCents } from '../../src/shared/money';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import { signUpFunded, signUpViaApi } from './helpers/accounts';
import {
  ORDER_PARCEL,
  placeOrderViaApi,
  quoteParty,
  TORONTO_SENDER,
  VANCOUVER_RECEIVER,
  type OrderParty,
} from './helpers/orders';
import { horizontalOverflow, screenshots, seriousViolations } from './helpers/page-checks';

const ADMIN = { email: 'admin-shipments@example.com', password: 'Admin-pass-2026' };
const shot = screenshots('shipments');
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

const BOB = VANCOUVER_RECEIVER;
const CHLOE: OrderParty = {
  firstName: 'Chloé',
  lastName: 'Gagnon',
  company: 'Atelier Gagnon',
  address: '350 Rue Sainte-Catherine O',
  city: 'Montréal',
  province: 'QC',
  postalCode: 'H3B 1A1',
  country: 'CA',
  phone: '514-555-0142',
  email: 'chloe@example.com',
};
const PRIYA: OrderParty = {
  firstName: 'Priya',
  lastName: 'Singh',
  company: '',
  address: '225 7 Ave SW',
  city: 'Calgary',
  province: 'AB',
  postalCode: 'T2P 1J9',
  country: 'CA',
  phone: '403-555-0177',
  email: '',
};
const cents = (amount: string) => parseCents(amount) ?? NaN;
const cad = (c: number) => new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(c / 100);

async function walletCents(page: Page): Promise<number> {
  const wallet = (await (await page.request.get('/api/wallet')).json()) as { balance: string };
  return cents(wallet.balance);
}

describe('shipments, labels and tracking in Chromium', () => {
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

  /** Signs a new user up on the page and funds the wallet as the admin. */
  const fundedUser = (page: Page, amount = '1000.00') =>
    signUpFunded(page, { app, browser, admin: ADMIN }, amount, { description: 'shipments e2e' });

  /** Quotes and places one order to `to` with the cheapest option, through the API. */
  const placeOrder = async (page: Page, to: OrderParty) =>
    (await placeOrderViaApi(page, { from: TORONTO_SENDER, to })).shipment;

  const search = (page: Page) => page.getByTestId('shipments-search');
  const cards = (page: Page) => page.getByTestId('shipment-card');
  const card = (page: Page, orderCode: string) =>
    page.locator(`[data-testid="shipment-card"][data-order-code="${orderCode}"]`);
  const urlParams = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

  it('lists, searches, pages, opens the detail, downloads and prints the label, tracks it and voids another', async () => {
    const { page, context } = await newPage(browser, app, { viewport: DESKTOP });
    await fundedUser(page);
    // 12 orders: Bob ten times, Chloé and Priya once each (newest last here, so first in the list).
    const bobs: TCreatedShipment[] = [];
    for (let i = 0; i < 10; i++) bobs.push(await placeOrder(page, BOB));
    const chloe = await placeOrder(page, CHLOE);
    const priya = await placeOrder(page, PRIYA);

    await page.goto('/shipments');
    await cards(page).first().waitFor();
    expect(await cards(page).count()).toBe(12);
    expect(await page.getByTestId('shipments-count').textContent()).toBe('12 shipments');
    expect(await page.getByTestId('pagination').count()).toBe(0);
    expect(urlParams(page)).toEqual({});

    // The newest first; each card: carrier, order code, receiver and city, date, total, paid, customer badge.
    const priyaCard = cards(page).first();
    expect(await priyaCard.getAttribute('data-order-code')).toBe(priya.orderCode);
    expect(await priyaCard.getByTestId('shipment-reference').textContent()).toBe(priya.orderCode);
    expect(await priyaCard.getByTestId('shipment-receiver').textContent()).toBe('Priya Singh');
    expect(await priyaCard.textContent()).toContain('Calgary, AB');
    expect(await priyaCard.getByTestId('shipment-total').textContent()).toBe(cad(cents(priya.totalCost)));
    expect(await priyaCard.getByTestId('paid-badge').textContent()).toBe('Paid');
    expect(await priyaCard.getByTestId('customer-badge').textContent()).toContain('First order');
    expect(await card(page, chloe.orderCode).getByTestId('shipment-receiver').textContent()).toBe(
      'Chloé Gagnon (Atelier Gagnon)',
    );
    // Each card its own place among the orders to Bob: the newest the 10th, the first 'First order'.
    expect(await card(page, bobs[9]!.orderCode).getByTestId('customer-badge').textContent()).toContain(
      '10th order to this customer',
    );
    expect(await card(page, bobs[8]!.orderCode).getByTestId('customer-badge').textContent()).toContain(
      '9th order to this customer',
    );
    expect(await card(page, bobs[1]!.orderCode).getByTestId('customer-badge').textContent()).toContain(
      '2nd order to this customer',
    );
    expect(await card(page, bobs[0]!.orderCode).getByTestId('customer-badge').textContent()).toContain('First order');
    expect(await priyaCard.getByTestId('label-print').isVisible()).toBe(true);

    // Search by receiver name (debounced, back to page 1) and by order code.
    await search(page).fill('gagnon');
    await page.waitForURL((u) => u.searchParams.get('search') === 'gagnon');
    await expect.poll(() => cards(page).count()).toBe(1);
    expect(await cards(page).first().getAttribute('data-order-code')).toBe(chloe.orderCode);
    expect(await page.getByTestId('shipments-count').textContent()).toContain('1 shipment matches');

    await search(page).fill(bobs[3]!.orderCode.toLowerCase());
    await page.waitForURL((u) => u.searchParams.get('search') === bobs[3]!.orderCode.toLowerCase());
    await expect.poll(() => cards(page).first().getAttribute('data-order-code')).toBe(bobs[3]!.orderCode);
    expect(await cards(page).count()).toBe(1);

    // A search with no match: the empty state with the search hint; clearing it shows everything again.
    await search(page).fill('zzz-nobody');
    await page.getByTestId('shipments-empty').getByText('No shipments found').waitFor();
    expect(await page.getByTestId('shipments-empty').textContent()).toContain('No shipment matches your search');
    await page.getByTestId('shipments-empty').getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => cards(page).count()).toBe(12);
    expect(urlParams(page)).toEqual({});

    // Page size 10: the limit in the address bar, two numbered pages; page 2 has the two oldest.
    await page.getByTestId('shipments-page-size').selectOption('10');
    await page.waitForURL((u) => u.searchParams.get('limit') === '10');
    await expect.poll(() => cards(page).count()).toBe(10);
    const pager = page.getByTestId('pagination');
    expect(await pager.getByTestId('page-number').allTextContents()).toEqual(['1', '2']);
    expect(await pager.getByTestId('page-prev').isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    await expect.poll(() => cards(page).count()).toBe(2);
    expect(await cards(page).first().getAttribute('data-order-code')).toBe(bobs[1]!.orderCode);
    expect(await pager.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(await pager.getByTestId('page-next').isDisabled()).toBe(true);
    // Typing a search goes back to page 1 (the page leaves the address bar; the limit stays).
    await search(page).fill('Vancouver');
    await page.waitForURL((u) => u.searchParams.get('search') === 'Vancouver');
    expect(urlParams(page)).toEqual({ search: 'Vancouver', limit: '10' });
    await expect.poll(() => cards(page).count()).toBe(10);
    await page.getByTestId('shipments-page-size').selectOption('25');
    await page.waitForURL((u) => !u.searchParams.has('limit'));
    await expect.poll(() => cards(page).count()).toBe(10);
    // The box's clear button: everything again, and the cursor back in the box (the button goes away).
    await page.getByTestId('shipments-search-clear').click();
    await expect.poll(() => search(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.waitForURL((u) => !u.searchParams.has('search'));
    await expect.poll(() => cards(page).count()).toBe(12);

    // The detail: paid badge, total, costs, references, dates, addresses, package, timeline, actions.
    await card(page, chloe.orderCode).getByTestId('shipment-view').click();
    const dialog = page.getByRole('dialog', { name: 'Shipment details' });
    await dialog.getByTestId('shipment-detail-body').waitFor();
    expect(urlParams(page)).toEqual({ shipment: chloe.id });
    const detail = (await (await page.request.get(`/api/shipments/${chloe.id}`)).json()) as TShipmentDetail;
    expect(await dialog.getByTestId('paid-badge').textContent()).toBe('Paid');
    expect(await dialog.getByTestId('detail-total').textContent()).toBe(cad(cents(detail.totalCost)));
    expect(await dialog.getByTestId('detail-order-code').textContent()).toBe(chloe.orderCode);
    expect(await dialog.getByTestId('detail-tracking-number').textContent()).toBe(chloe.trackingNumber);
    expect(await dialog.getByTestId('status-badge').textContent()).toBe('Label created');
    const body = (await dialog.textContent()) ?? '';
    for (const text of [
      'Chloé Gagnon (Atelier Gagnon)',
      '350 Rue Sainte-Catherine O',
      'Montréal, QC, H3B 1A1',
      'Ana Sender (Maple Goods)',
      'Toronto, ON, M5H 1A1',
      'Shipping',
      'Estimated delivery',
    ]) {
      expect(body).toContain(text);
    }
    expect(await dialog.getByTestId('detail-package').textContent()).toContain('2 kg (4.41 lb)');
    expect(await dialog.getByTestId('detail-package').textContent()).toContain(
      '30 × 20 × 10 cm (11.81 × 7.87 × 3.94 in)',
    );
    const steps = dialog.getByTestId('timeline-step');
    expect(await steps.first().getByTestId('timeline-title').textContent()).toContain('Label created');
    expect(await steps.first().getAttribute('data-state')).toBe('current');
    expect(await dialog.getByTestId('void-label').isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'detail-en-desktop', false);

    // Escape closes the detail and the address bar forgets it; the button opens it again.
    await page.keyboard.press('Escape');
    await page.waitForURL((u) => !u.searchParams.has('shipment'));
    await expect.poll(() => dialog.count()).toBe(0);
    // Focus is back on the 'View details' button that opened it, not on <body>.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            `${document.activeElement?.getAttribute('data-testid')}@${document.activeElement?.closest('[data-order-code]')?.getAttribute('data-order-code')}`,
        ),
      )
      .toBe(`shipment-view@${chloe.orderCode}`);
    await card(page, chloe.orderCode).getByTestId('shipment-view').click();
    await dialog.getByTestId('shipment-detail-body').waitFor();

    // Download: a real PDF named after the tracking number.
    const downloading = page.waitForEvent('download');
    const started = page.getByTestId('toast').getByText('Download started').waitFor();
    await dialog.getByTestId('label-download').click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe(`label-${chloe.trackingNumber}.pdf`);
    expect(
      fs
        .readFileSync(await file.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    await started;

    // Print: the label opens in a new window (a blob URL of the PDF) and is printed there. Headless
    // Chromium crashes on a real print of a PDF window, so the new window's print() only counts calls.
    await page.evaluate(() => {
      const open = window.open.bind(window);
      const w = window as unknown as { printCalls: number };
      w.printCalls = 0;
      window.open = (...args: Parameters<typeof window.open>) => {
        const win = open(...args);
        if (win) win.print = () => void (w.printCalls += 1);
        return win;
      };
    });
    const popup = context.waitForEvent('page');
    await dialog.getByTestId('label-print').click();
    const printed = await popup;
    expect(printed.url()).toMatch(/^blob:/);
    await expect.poll(() => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(1);
    await printed.close();

    const closeDetail = async () => {
      await dialog.getByRole('button', { name: 'Close' }).click();
      await page.waitForURL((u) => !u.searchParams.has('shipment'));
      await expect.poll(() => dialog.count()).toBe(0);
    };
    await closeDetail();

    // Track it: the detail links to /tracking?n=…, which shows the real timeline.
    await card(page, chloe.orderCode).getByTestId('shipment-view').click();
    await dialog.getByTestId('detail-track-link').click();
    await page.waitForURL((u) => u.pathname === '/tracking' && u.searchParams.get('n') === chloe.trackingNumber);
    const result = page.getByTestId('tracking-result');
    await result.waitFor();
    expect(await result.getByTestId('tracking-result-number').textContent()).toBe(chloe.trackingNumber);
    expect(await result.getByTestId('status-badge').textContent()).toBe('Label created');
    expect(await result.textContent()).toContain('Toronto');
    expect(await result.textContent()).toContain('Montréal');
    const first = result.getByTestId('timeline-step').first();
    expect(await first.getByTestId('timeline-title').textContent()).toContain('Label created');
    expect(await result.getByTestId('tracking-eta').textContent()).not.toBe('Not available yet');
    expect(await page.getByTestId('tracking-placeholder').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'tracking-en-desktop');

    // 'View shipment' opens its detail on /shipments.
    await result.getByTestId('tracking-open-shipment').click();
    await page.waitForURL((u) => u.pathname === '/shipments' && u.searchParams.get('shipment') === chloe.id);
    await dialog.getByTestId('shipment-detail-body').waitFor();
    await closeDetail();

    // Void another: confirm, the status becomes cancelled, the whole amount goes back to the wallet.
    const before = await walletCents(page);
    await card(page, priya.orderCode).getByTestId('shipment-view').click();
    await dialog.getByTestId('shipment-detail-body').waitFor();
    await dialog.getByTestId('void-label').click();
    const confirm = page.getByRole('alertdialog', { name: 'Void this label?' });
    expect(await confirm.textContent()).toContain(`full amount of ${cad(cents(priya.totalCost))}`);
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByTestId('confirm-void').click();
    await page.getByTestId('toast').getByText('Label voided').waitFor();
    await page.locator('[data-testid="shipment-detail-body"][data-status="cancelled"]').waitFor();
    // Its payment reads as refunded, not 'Paid' beside 'Voided'.
    expect(await dialog.getByTestId('status-badge').textContent()).toBe('Voided');
    expect(await dialog.getByTestId('paid-badge').textContent()).toBe('Refunded');
    expect(await dialog.getByTestId('void-label').count()).toBe(0);
    expect(await dialog.getByTestId('label-download').count()).toBe(0);
    expect(await dialog.getByTestId('detail-refunded').textContent()).toBe(cad(cents(priya.totalCost)));
    expect(await walletCents(page)).toBe(before + cents(priya.totalCost));
    await closeDetail();
    // The list refreshed: the voided card says so and offers no label.
    await card(page, priya.orderCode).getByTestId('status-badge').getByText('Voided', { exact: true }).waitFor();
    expect(await card(page, priya.orderCode).getByTestId('paid-badge').textContent()).toBe('Refunded');
    expect(await card(page, priya.orderCode).getByTestId('label-download').count()).toBe(0);

    // Tracking by order code works too, and a number that is not the user's says so.
    await page.goto('/tracking');
    await page.getByTestId('sample-timeline').waitFor();
    expect(await page.getByTestId('sample-timeline').getByTestId('timeline-title').allTextContents()).toEqual([
      'Order Placed (not yet)',
      'In Transit (not yet)',
      'Out for Delivery (not yet)',
      'Delivered (not yet)',
    ]);
    await page.getByTestId('tracking-input').fill(priya.orderCode);
    await page.getByTestId('tracking-input').press('Enter');
    await page.waitForURL((u) => u.searchParams.get('n') === priya.orderCode);
    await result.getByTestId('status-badge').getByText('Voided · refunded').waitFor();
    expect(await result.getByTestId('timeline-step').last().getAttribute('data-state')).toBe('stopped');
    await page.getByTestId('tracking-input').fill('1Z 999 AA1 0000 0000');
    await page.getByTestId('tracking-submit').click();
    await page.getByTestId('tracking-not-found').getByText('No shipment found').waitFor();
    expect(await page.getByTestId('tracking-not-found').textContent()).toContain('1Z999AA100000000');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('phone and Chinese: print hidden, cards readable, axe and screenshots at both sizes', async () => {
    const { page, context } = await newPage(browser, app, { viewport: DESKTOP });
    await fundedUser(page);
    const bob = await placeOrder(page, BOB);
    await placeOrder(page, CHLOE);
    const priya = await placeOrder(page, PRIYA);

    for (const lang of ['en', 'zh'] as const) {
      for (const [size, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.goto('/shipments');
        await page.getByTestId('language-select').selectOption(lang);
        await cards(page).first().waitFor();
        await page.getByRole('heading', { name: lang === 'en' ? 'Your shipments' : '我的运单' }).waitFor();
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        const bobHeading = await card(page, bob.orderCode).locator('h3').textContent();
        const top = cards(page).first();
        expect(await top.getByTestId('label-download').isVisible()).toBe(true);
        expect(await top.getByTestId('label-print').isVisible()).toBe(size === 'desktop');
        expect(await top.getByTestId('paid-badge').textContent()).toBe(lang === 'en' ? 'Paid' : '已支付');
        // Readable: the receiver line and the total fit inside the card.
        const box = (await top.boundingBox())!;
        expect(box.width).toBeLessThanOrEqual(viewport.width);
        const total = (await top.getByTestId('shipment-total').boundingBox())!;
        expect(total.x + total.width).toBeLessThanOrEqual(box.x + box.width);
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `list-${lang}-${size}`);

        await card(page, priya.orderCode).getByTestId('shipment-view').click();
        const body = page.getByTestId('shipment-detail-body');
        await body.waitFor();
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        expect(await body.getByTestId('label-print').isVisible()).toBe(size === 'desktop');
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `detail-${lang}-${size}`, false);
        await page.keyboard.press('Escape');

        await page.goto(`/tracking?n=${encodeURIComponent(bob.trackingNumber)}`);
        await page.getByTestId('tracking-result').waitFor();
        // Carrier and service read as on the card, in the interface language.
        expect(await page.getByTestId('tracking-result').locator('h2').textContent()).toBe(bobHeading);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `tracking-${lang}-${size}`);
        await page.goto('/tracking');
        await page.getByTestId('sample-timeline').waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, `tracking-sample-${lang}-${size}`);
      }
    }
    await page.getByTestId('language-select').selectOption('en');
    await context.close();
    // Axe and the overflow checks at two sizes in two languages: over a minute on a loaded machine.
  }, 120_000);

  it('a new user sees the empty state; failures: list retry, failed to load details, label errors', async () => {
    const { page, context } = await newPage(browser, app, { viewport: DESKTOP });
    await signUpViaApi(page, app);
    await page.goto('/shipments');
    const empty = page.getByTestId('shipments-empty');
    await empty.getByText('No shipments found').waitFor();
    expect(await empty.textContent()).toContain('Shipments you create appear here');
    expect(await empty.getByRole('link', { name: 'Create shipment' }).getAttribute('href')).toBe('/create-shipment');
    expect(await page.getByTestId('shipments-create').getAttribute('href')).toBe('/create-shipment');
    expect(await seriousViolations(page)).toEqual([]);

    // The list fails, then a retry succeeds.
    let failing = true;
    await page.route(
      (url) => url.pathname === '/api/shipments',
      (route) => (failing ? route.fulfill({ status: 500, body: '{"message":"boom"}' }) : route.fallback()),
    );
    await page.goto('/shipments?search=x');
    await page.getByTestId('shipments-error').getByText('Failed to load shipments').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    failing = false;
    await page.getByTestId('shipments-error').getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('shipments-empty').waitFor();
    expect(await page.getByTestId('shipments-empty').textContent()).toContain('No shipment matches your search');
    await context.close();

    // Detail and label failures, for a user with one order.
    const second = await newPage(browser, app, { viewport: DESKTOP });
    const p = second.page;
    await fundedUser(p, '100.00');
    const order = await placeOrder(p, CHLOE);
    let detailCalls = 0;
    await p.route(`**/api/shipments/${order.id}`, (route) => {
      detailCalls += 1;
      return route.fulfill({ status: 500, body: '{"message":"boom"}' });
    });
    await p.goto('/shipments');
    await card(p, order.orderCode).getByTestId('shipment-view').click();
    await p.getByTestId('shipment-detail-loading').waitFor();
    // Three retries after the first call (1 s, 2 s, 4 s apart), then the failure.
    await p.getByTestId('shipment-detail-error').getByText('Failed to load details').waitFor({ timeout: 20_000 });
    expect(detailCalls).toBe(4);
    expect(await seriousViolations(p)).toEqual([]);
    await p.keyboard.press('Escape');

    await p.unroute(`**/api/shipments/${order.id}`);

    // A link to a shipment that is not the user's: no retries for a 404, the failure at once.
    await p.goto(`/shipments?shipment=${randomUUID()}`);
    await p.getByTestId('shipment-detail-error').getByText('Failed to load details').waitFor({ timeout: 3000 });
    await p.keyboard.press('Escape');

    // A label picked up in the meantime: the void is refused with the reason.
    await p.route(`**/api/shipments/${order.id}/void`, (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'NOT_VOIDABLE', message: 'This label can no longer be voided' }),
      }),
    );
    await card(p, order.orderCode).getByTestId('shipment-view').click();
    await p.getByTestId('void-label').click();
    await p.getByTestId('confirm-void').click();
    await p.getByTestId('toast').getByText('Label not voided').waitFor();
    expect(await p.getByTestId('toast').textContent()).toContain('already picked this shipment up');
    await p.getByTestId('toast').getByRole('button', { name: 'Close' }).click();
    await p.keyboard.press('Escape');
    await p.waitForURL((u) => !u.searchParams.has('shipment'));

    // An answer without a valid label: 'Download error' with the server's message.
    await p.route('**/api/shipments/print-label/*', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Label service unavailable' }),
      }),
    );
    await card(p, order.orderCode).getByTestId('label-download').click();
    const toast = p.getByTestId('toast');
    await toast.getByText('Download error').waitFor();
    expect(await toast.textContent()).toContain('Label service unavailable');
    await p.unroute('**/api/shipments/print-label/*');

    // A network failure: the fetch-download error.
    await p.route('**/api/shipments/print-label/*', (route) => route.abort('internetdisconnected'));
    await card(p, order.orderCode).getByTestId('label-download').click();
    await toast.getByText('Could not get the label to download').waitFor();
    await p.unroute('**/api/shipments/print-label/*');

    // While the label is fetched, its button is disabled.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await p.route('**/api/shipments/print-label/*', async (route) => {
      await held;
      await route.fallback();
    });
    const download = card(p, order.orderCode).getByTestId('label-download');
    const saved = p.waitForEvent('download');
    await download.click();
    await expect.poll(() => download.isDisabled()).toBe(true);
    expect(await card(p, order.orderCode).getByTestId('label-print').isDisabled()).toBe(true);
    release();
    expect((await saved).suggestedFilename()).toBe(`label-${order.trackingNumber}.pdf`);
    await expect.poll(() => download.isDisabled()).toBe(false);
    await second.context.close();
  });

  it('lists test-key shipments apart: the Charged or test key filter in the address bar, a Test key badge, en and zh', async () => {
    const { page, context } = await newPage(browser, app, { viewport: PHONE });
    await fundedUser(page);
    const live = await placeOrder(page, BOB);
    // One bought through the public API with a test key: sandbox carrier, nothing charged.
    const key = await page.request.post('/api/api-keys', { data: { name: 'Sandbox', mode: 'test' } });
    expect(key.status(), await key.text()).toBe(201);
    const bearer = { authorization: `Bearer ${((await key.json()) as { key: string }).key}` };
    const quoted = await page.request.post('/api/v1/rates', {
      headers: bearer,
      data: { fromAddress: quoteParty(TORONTO_SENDER), toAddress: quoteParty(CHLOE), packageDetails: ORDER_PARCEL },
    });
    expect(quoted.status(), await quoted.text()).toBe(200);
    const option = ((await quoted.json()) as TRateOption[])[0]!;
    const bought = await page.request.post('/api/v1/shipments', {
      headers: { ...bearer, 'Idempotency-Key': randomUUID() },
      data: {
        fromAddress: TORONTO_SENDER,
        toAddress: CHLOE,
        carrier: option.carrier,
        service: option.serviceName,
        serviceCode: option.serviceCode,
        packageDetails: ORDER_PARCEL,
        rateDetails: option,
        totalCost: option.total,
      },
    });
    expect(bought.status(), await bought.text()).toBe(201);
    const test = (await bought.json()) as TCreatedShipment;

    // Both by default; the test one says so.
    await page.goto('/shipments');
    await card(page, test.orderCode).waitFor();
    expect(await cards(page).count()).toBe(2);
    expect(await card(page, test.orderCode).getByTestId('test-key-badge').textContent()).toContain('Test key');
    expect(await card(page, live.orderCode).getByTestId('test-key-badge').count()).toBe(0);

    // The filter says what it sorts by (charged or test API key), not the carrier's mode: the
    // dashboard order is on a simulated carrier yet charged to the wallet.
    const filter = page.getByLabel('Charged or test key');
    expect(await filter.locator('option').allTextContents()).toEqual([
      'All shipments',
      'Charged to the wallet',
      'Test API key (not charged)',
    ]);
    // Test API key: in the address bar as the API reads it, one card.
    await filter.selectOption({ label: 'Test API key (not charged)' });
    await page.waitForURL((u) => u.searchParams.get('test') === 'true');
    await expect.poll(() => cards(page).count()).toBe(1);
    await card(page, test.orderCode).waitFor();
    expect(await page.getByTestId('shipments-count').textContent()).toBe('1 shipment');
    // Charged to the wallet.
    await filter.selectOption({ label: 'Charged to the wallet' });
    await page.waitForURL((u) => u.searchParams.get('test') === 'false');
    await card(page, live.orderCode).waitFor();
    await expect.poll(() => cards(page).count()).toBe(1);
    // The address bar brings it back after a reload; the control is keyboard-usable and fits a phone.
    await page.reload();
    await card(page, live.orderCode).waitFor();
    expect(await filter.inputValue()).toBe('live');
    await filter.focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForURL((u) => u.searchParams.get('test') === 'true');
    await card(page, test.orderCode).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    // In Chinese.
    await page.getByTestId('language-select').selectOption('zh');
    const zhFilter = page.getByLabel('扣款或测试密钥');
    await zhFilter.waitFor();
    expect(await zhFilter.locator('option:checked').textContent()).toBe('测试 API 密钥（未扣款）');
    expect(await zhFilter.locator('option').allTextContents()).toEqual([
      '全部运单',
      '已从钱包扣款',
      '测试 API 密钥（未扣款）',
    ]);
    expect(await card(page, test.orderCode).getByTestId('test-key-badge').textContent()).toContain('测试密钥');
    await page.getByTestId('language-select').selectOption('en');

    // A user with no test shipment: the empty state says so and offers both again.
    const other = await newPage(browser, app, { viewport: PHONE });
    await signUpViaApi(other.page, app);
    await other.page.goto('/shipments?test=true');
    const empty = other.page.getByTestId('shipments-empty');
    await empty.getByText('No shipment bought with a test API key yet.').waitFor();
    await empty.getByRole('button', { name: 'Show all shipments' }).click();
    await other.page.waitForURL((u) => !u.searchParams.has('test'));
    await empty.getByText('Shipments you create appear here', { exact: false }).waitFor();
    await other.context.close();
    await context.close();
  }, 120_000);
});
