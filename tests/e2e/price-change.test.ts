import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TQuoteResponse } from '../../src/shared/contracts/rates';
import type { TShipmentDetail } from '../../src/shared/contracts/shipments';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import { signedInUserId, signUpViaApi } from './helpers/accounts';
import { fillShipmentForm } from './helpers/orders';
import { screenshots } from './helpers/page-checks';

const ADMIN = { email: 'admin-price-change@example.com', password: 'Admin-pass-2026' };
const DESKTOP = { width: 1366, height: 900 };
const shot = screenshots('price-change');

const cad = (cents: number, lang: 'en' | 'zh' = 'en') =>
  new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-CA', { style: 'currency', currency: 'CAD' }).format(cents / 100);
const centsOf = (amount: string) => Math.round(Number(amount) * 100);

/**
 * Issue 22 in Chromium: a quote made under a 100 % discount is not honoured once the discount is
 * gone — the order says the new total and the user confirms it — and the declared value is either
 * covered (its own line on the rate card, the order panel and the receipt) or said not to be.
 */
describe('prices that hold and declared-value coverage in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: BrowserContext;
  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
      launchBrowser(),
    ]);
    admin = await browser.newContext({ baseURL: app.url });
    const login = await admin.request.post('/api/login', { data: ADMIN });
    expect(login.status(), await login.text()).toBe(200);
  });
  afterAll(async () => {
    await admin?.close();
    await browser?.close();
    await app?.stop();
  });
  const contexts: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });

  async function openAsNewUser(lang: 'en' | 'zh' = 'en'): Promise<{ page: Page; id: string }> {
    const { page, context } = await newPage(browser, app, { viewport: DESKTOP });
    contexts.push(context);
    if (lang === 'zh') await context.addInitScript(() => localStorage.setItem('voyageur.lang', 'zh'));
    await signUpViaApi(page, app);
    return { page, id: await signedInUserId(page) };
  }

  /** Fills the create-shipment form (Toronto → Vancouver, 2.5 lb) with this declared value. */
  async function fillForm(page: Page, declaredValue: string): Promise<void> {
    await fillShipmentForm(page, { 'package-value': declaredValue });
  }

  async function calculate(page: Page): Promise<TQuoteResponse> {
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/rates/quote') && r.request().method() === 'POST');
    await page.getByTestId('calculate-rates').click();
    const response = await answer;
    expect(response.status(), await response.text()).toBe(200);
    const quote = (await response.json()) as TQuoteResponse;
    await page.waitForURL('**/rate-selection');
    await page.getByTestId('rate-options').waitFor({ timeout: 30_000 });
    return quote;
  }

  it('a $0 quote after its 100 % discount is deleted: the order shows the new total, the user confirms and pays it; coverage on every screen', async () => {
    const { page, id } = await openAsNewUser();
    const funded = await admin.request.post('/api/admin/add-balance', {
      data: { userId: id, amount: '300.00', description: 'price change e2e' },
    });
    expect(funded.status(), await funded.text()).toBe(200);
    const discount = await admin.request.post('/api/admin/discounts', {
      data: { userId: id, discountType: 'percentage', discountValue: 100 },
    });
    expect(discount.status(), await discount.text()).toBe(201);
    const discountId = ((await discount.json()) as { discount: { id: string } }).discount.id;

    await fillForm(page, '500');
    expect(await page.locator('#package-value-hint').textContent()).not.toContain('No coverage');
    const quote = await calculate(page);
    const cheapest = quote[0]!;
    expect(cheapest.total).toBe('0.00');
    expect(cheapest.coverage?.declaredValue).toBe('500.00');

    // Coverage is its own line on each rate card and in the order panel.
    const coverageLines = page.getByTestId('rate-coverage');
    expect(await coverageLines.count()).toBe(quote.length);
    const firstCard = page.getByTestId('rate-option').first();
    expect(await firstCard.getByTestId('rate-coverage').textContent()).toContain(`${cad(50_000)} declared`);
    // The coverage reads as part of the price ('of which …'), not as one more amount in the column.
    const coverageCents = Number(await firstCard.getByTestId('rate-coverage').getAttribute('data-cents'));
    expect(await firstCard.getByTestId('rate-coverage').textContent()).toBe(
      coverageCents > 0
        ? `of which coverage ${cad(coverageCents)} (${cad(50_000)} declared)`
        : `coverage included (${cad(50_000)} declared)`,
    );
    // The same word for that line as the shipment detail's ('Shipping').
    expect(await firstCard.getByText('Shipping', { exact: true }).count()).toBe(1);
    const chosenService = await firstCard.getAttribute('data-service');
    const panelCoverage = page.getByTestId('order-coverage');
    expect(await panelCoverage.getAttribute('data-covered')).toBe('true');
    expect(await panelCoverage.textContent()).toContain(cad(50_000));
    expect(await page.getByTestId('selected-total').textContent()).toBe(cad(0));

    // The admin deletes the discount while the $0.00 quote is on screen.
    const deleted = await admin.request.delete(`/api/admin/discounts/${discountId}`);
    expect(deleted.status(), await deleted.text()).toBe(200);

    const refused = page.waitForResponse((r) => r.url().endsWith('/api/shipments') && r.request().method() === 'POST');
    const requoted = page.waitForResponse(
      (r) => r.url().endsWith('/api/rates/quote') && r.request().method() === 'POST',
    );
    await page.getByTestId('place-order').click();
    const answer = await refused;
    expect(answer.status()).toBe(409);
    const change = ((await answer.json()) as { priceChange: { total: string; rateId: string } }).priceChange;
    expect(change.rateId).toBe(cheapest.id);
    const newTotal = centsOf(change.total);
    expect(newTotal).toBeGreaterThan(0);

    // Every card was quoted under the deleted discount: the page quotes again (a new stored quote), so no
    // card keeps the old $0.00, the cheapest is the real one, and the chosen service stays chosen, in place.
    const again = await requoted;
    expect(again.status(), await again.text()).toBe(200);
    const today = (await again.json()) as TQuoteResponse;
    expect(today[0]!.quoteId).not.toBe(cheapest.quoteId);
    await expect.poll(() => page.locator('[data-testid="rate-option"][data-stale]').count()).toBe(0);
    const cards = page.getByTestId('rate-option');
    expect(await cards.count()).toBe(today.length);
    const totals = (await page.getByTestId('rate-total').allTextContents()).concat(
      await page.getByTestId('rate-price').allTextContents(),
    );
    expect(totals.filter((t) => t === cad(0))).toEqual([]);
    expect(await page.getByTestId('rate-discount-note').count()).toBe(0);
    const badge = page.getByTestId('rate-cheapest');
    expect(await badge.count()).toBe(1);
    const cheapestNow = Math.min(...today.map((o) => centsOf(o.total)));
    const badged = cards.filter({ has: badge });
    expect(Number(await badged.getByTestId('rate-total').getAttribute('data-cents'))).toBe(cheapestNow);
    expect(await cards.first().getAttribute('data-service')).toBe(chosenService);
    expect(await cards.first().getAttribute('data-state')).toBe('checked');
    expect(await cards.first().getByTestId('rate-total').getAttribute('data-cents')).toBe(String(newTotal));

    const alert = page.locator('[data-testid="order-error"]:visible');
    await alert.waitFor();
    expect(await alert.getAttribute('data-kind')).toBe('priceChanged');
    const text = await alert.getByTestId('price-change-text').textContent();
    expect(text).toContain(cad(0));
    expect(text).toContain(cad(newTotal));
    expect(text).toContain('Nothing was charged');
    await expect.poll(() => page.getByTestId('selected-total').textContent()).toBe(cad(newTotal));
    expect(await page.getByTestId('wallet-balance').getAttribute('data-cents')).toBe('30000');
    expect(((await (await page.request.get('/api/wallet')).json()) as { balance: string }).balance).toBe('300.00');
    await shot(page, 'price-changed-en-desktop', false);

    const confirm = alert.getByTestId('confirm-new-price');
    expect(await confirm.textContent()).toBe(`Order at ${cad(newTotal)}`);
    const placed = page.waitForResponse((r) => r.url().endsWith('/api/shipments') && r.request().method() === 'POST');
    await confirm.click();
    const created = await placed;
    expect(created.status(), await created.text()).toBe(201);
    const body = JSON.parse(created.request().postData() ?? '{}') as { totalCost: string; insurance: string };
    expect(centsOf(body.totalCost)).toBe(newTotal);
    expect(body.insurance).toBe('500.00');
    const { id: shipmentId } = (await created.json()) as { id: string };
    await page.getByTestId('order-code').waitFor({ timeout: 15_000 });
    await page.waitForURL('**/shipments', { timeout: 10_000 });
    expect(((await (await page.request.get('/api/wallet')).json()) as { balance: string }).balance).toBe(
      ((30_000 - newTotal) / 100).toFixed(2),
    );

    // The receipt: the coverage line under the price.
    const detail = (await (await page.request.get(`/api/shipments/${shipmentId}`)).json()) as TShipmentDetail;
    expect(detail.insurance).toBe('500.00');
    expect(centsOf(detail.totalCost)).toBe(newTotal);
    await page.goto(`/shipments?shipment=${shipmentId}`);
    const dialog = page.getByRole('dialog', { name: 'Shipment details' });
    await dialog.getByTestId('shipment-detail-body').waitFor();
    const row = dialog.getByTestId('detail-coverage');
    expect(await row.getAttribute('data-covered')).toBe('true');
    expect(await row.getAttribute('data-cents')).toBe(String(centsOf(detail.coverage!)));
    expect(await dialog.getByText(`Incl. coverage, ${cad(50_000)} declared`).count()).toBe(1);
  });

  it('a blank or zero value says there is no coverage, in both languages, and the order panel says so too', async () => {
    const { page } = await openAsNewUser();
    await fillForm(page, '');
    const hint = page.locator('#package-value-hint');
    expect(await hint.textContent()).toBe('No coverage: the parcel is not insured');
    await page.locator('#package-value').fill('250');
    await expect.poll(() => hint.textContent()).not.toBe('No coverage: the parcel is not insured');
    await page.locator('#package-value').fill('0');
    await expect.poll(() => hint.textContent()).toBe('No coverage: the parcel is not insured');
    const quote = await calculate(page);
    expect(quote.every((o) => o.coverage === undefined)).toBe(true);
    expect(await page.getByTestId('rate-coverage').count()).toBe(0);
    const panel = page.getByTestId('order-coverage');
    expect(await panel.getAttribute('data-covered')).toBe('false');
    expect(await panel.textContent()).toBe('No coverage: the parcel is not insured');

    const zh = await openAsNewUser('zh');
    await fillForm(zh.page, '0');
    expect(await zh.page.locator('#package-value-hint').textContent()).toBe('无保价：包裹未投保');
    expect(await zh.page.locator('label[for="package-value"]').textContent()).toContain('申报价值');
  });
});
