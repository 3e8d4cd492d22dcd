/**
 * Issue 22: nothing claims "live" that is not. With the built-in sandbox carriers the sidebar says
 * Sandbox (not a pulsing Live), rate cards, the shipments list, the detail and the dashboard's recent
 * shipments show a 'Test' badge that explains itself, and the landing page promises no live rates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import { signUpFunded, signUpViaApi } from './helpers/accounts';
import { fillShipmentForm, placeOrderViaApi, showRates, TORONTO_TO_VANCOUVER } from './helpers/orders';
import { screenshots, seriousViolations } from './helpers/page-checks';

const ADMIN = { email: 'admin-carrier-mode@example.com', password: 'Admin-pass-2026' };
const DESKTOP = { width: 1366, height: 900 };
const SIMULATED = 'Simulated carrier: no real parcel is shipped';
const shot = screenshots('carrier-mode');

describe('carrier mode in Chromium (every carrier is the sandbox)', () => {
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

  const fundedUser = (page: Page) =>
    signUpFunded(page, { app, browser, admin: ADMIN }, '500.00', { description: 'carrier mode e2e' });

  const placeOrder = async (page: Page) => (await placeOrderViaApi(page, TORONTO_TO_VANCOUVER)).shipment;

  it('the landing page compares rates without calling them live, in English and Chinese', async () => {
    const { page, context } = await newPage(browser, app);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Multi-Carrier Rates' }).waitFor();
    const en = (await page.locator('body').innerText()) ?? '';
    expect(en).toContain('Compare rates from Canada Post, Purolator, UPS, FedEx and DHL side by side');
    expect(en).not.toMatch(/\blive\b/i);

    await page.getByTestId('language-select').selectOption('zh');
    await page.getByRole('heading', { name: '多承运商运费' }).waitFor();
    const zh = (await page.locator('body').innerText()) ?? '';
    expect(zh).toContain('并排比较加拿大邮政、Purolator、UPS、FedEx 和 DHL 的运费');
    expect(zh).not.toContain('实时运费');
    await context.close();
  });

  it('the sidebar says Sandbox, not a pulsing Live, and explains it; in Chinese too', async () => {
    const { page, context } = await newPage(browser, app, { viewport: DESKTOP });
    await signUpViaApi(page, app);
    await page.goto('/dashboard');
    const badge = page.getByTestId('carrier-status').first();
    await badge.waitFor();
    expect(await badge.getAttribute('data-status')).toBe('sandbox');
    const text = (await badge.innerText()).trim();
    expect(text.startsWith('Sandbox')).toBe(true);
    expect(text).not.toMatch(/\blive\b/i);
    expect(await badge.getAttribute('title')).toContain('Every carrier is simulated (sandbox)');
    expect(await badge.locator('.animate-ping').count()).toBe(0);
    // Shown whole, not cut to 'Sand…'.
    const cut = await badge.locator('span.truncate').evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(cut).toBe(false);
    await shot(page, 'sidebar', false);
    // Nothing on the page says Live any more.
    expect(await page.getByText('Live', { exact: true }).count()).toBe(0);

    await page.getByTestId('language-select').selectOption('zh');
    await expect.poll(async () => (await badge.innerText()).trim().startsWith('沙盒')).toBe(true);
    await page.getByTestId('language-select').selectOption('en');
    await context.close();
  });

  it("rate cards, the shipments list, the detail and the dashboard's recent shipments show 'Test'", async () => {
    const { page, context } = await newPage(browser, app, { viewport: DESKTOP });
    await fundedUser(page);

    // Rates, through the form: every card is a sandbox carrier's, each badged and explained.
    await fillShipmentForm(page);
    await showRates(page);
    const rateCards = page.getByTestId('rate-option');
    const n = await rateCards.count();
    expect(n).toBeGreaterThan(1);
    const rateBadges = page.getByTestId('rate-options').getByTestId('test-mode-badge');
    expect(await rateBadges.count()).toBe(n);
    expect((await rateBadges.first().innerText()).trim().startsWith('Test')).toBe(true);
    expect(await rateBadges.first().getAttribute('title')).toBe(SIMULATED);
    // Screen readers hear it with the option's name.
    expect(await page.getByRole('radio', { name: new RegExp(SIMULATED) }).count()).toBe(n);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'rates', false);

    // A shipment bought from the sandbox: the list, the detail, the dashboard.
    const created = await placeOrder(page);
    await page.goto('/shipments');
    const card = page.locator(`[data-testid="shipment-card"][data-order-code="${created.orderCode}"]`);
    await card.waitFor();
    const cardBadge = card.getByTestId('test-mode-badge');
    expect((await cardBadge.innerText()).trim().startsWith('Test')).toBe(true);
    expect(await cardBadge.getAttribute('title')).toBe(SIMULATED);
    expect(await cardBadge.getAttribute('data-mode')).toBe('sandbox');
    expect(await seriousViolations(page)).toEqual([]);

    await card.getByTestId('shipment-view').click();
    const dialog = page.getByRole('dialog', { name: 'Shipment details' });
    await dialog.getByTestId('shipment-detail-body').waitFor();
    expect(await dialog.getByTestId('test-mode-badge').getAttribute('title')).toBe(SIMULATED);
    await shot(page, 'detail', false);
    await page.keyboard.press('Escape');

    await page.goto('/dashboard');
    const recent = page.getByTestId('recent-item').first();
    await recent.waitFor();
    expect((await recent.getByTestId('test-mode-badge').innerText()).trim().startsWith('Test')).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('language-select').selectOption('zh');
    await expect
      .poll(async () => (await recent.getByTestId('test-mode-badge').innerText()).trim().startsWith('测试'))
      .toBe(true);
    expect(await recent.getByTestId('test-mode-badge').getAttribute('title')).toBe('模拟承运商：不会真正寄出包裹');
    await page.getByTestId('language-select').selectOption('en');
    await context.close();
  });
});
