import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TDashboardStats } from '../../src/shared/contracts/dashboard';
import type { TShipment } from '../../src/shared/contracts/shipments';
import { parseCents } from '../../src/shared/money';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import { signUpFunded, signUpViaApi } from './helpers/accounts';
import { orderViaApi, quoteViaApi, TORONTO_TO_VANCOUVER } from './helpers/orders';
import { horizontalOverflow, screenshots, seriousViolations } from './helpers/page-checks';

const ADMIN = { email: 'admin-dashboard@example.com', password: 'Admin-pass-2026' };
const shot = screenshots('dashboard');
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

const statValue = (page: Page, id: string) => page.getByTestId(id).getByTestId('stat-value').textContent();
const cad = (cents: number, lang: 'en' | 'zh' = 'en') =>
  new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-CA', { style: 'currency', currency: 'CAD' }).format(cents / 100);
const cents = (amount: string) => parseCents(amount) ?? NaN;
const torontoToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', dateStyle: 'short' }).format(new Date());

describe('dashboard in Chromium', () => {
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

  it('an empty new user sees zeros, the empty states, Toronto time and the monthly period (English, Chinese, phone)', async () => {
    const { page, context } = await newPage(browser, app, { viewport: DESKTOP });
    await signUpViaApi(page, app);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/dashboard/stats')) asked.push(new URL(r.url()).searchParams.get('period') ?? '');
    });
    await page.goto('/dashboard');
    await page.getByTestId('stat-cards').waitFor();
    expect(asked).toEqual(['monthly']);

    expect(await statValue(page, 'stat-orders')).toBe('0');
    expect(await statValue(page, 'stat-total-spend')).toBe('$0.00');
    expect(await statValue(page, 'stat-average-cost')).toBe('$0.00');
    expect(await statValue(page, 'stat-wallet-balance')).toBe('$0.00');
    expect(await page.getByTestId('stat-top-up').getAttribute('href')).toBe('/wallet');
    expect(await page.getByTestId('period-monthly').isChecked()).toBe(true);

    const time = page.getByTestId('toronto-time');
    expect(await time.textContent()).toContain('Toronto time');
    const stamp = await time.locator('time').getAttribute('dateTime');
    expect(stamp).toMatch(/:00\.000Z$/); // to the minute
    expect(Math.abs(Date.parse(stamp!) - Date.now())).toBeLessThan(120_000);

    await page.getByTestId('recent-empty').getByText('No shipments yet').waitFor();
    const createFirst = page.getByRole('link', { name: 'Create first shipment' });
    expect(await createFirst.getAttribute('href')).toBe('/create-shipment');
    expect(await page.getByTestId('recent-view-all').getAttribute('href')).toBe('/shipments');
    const recentBox = await page.getByTestId('recent-shipments').locator('.min-h-\\[320px\\]').boundingBox();
    expect(recentBox!.height).toBeGreaterThanOrEqual(320);
    await page.getByTestId('spend-chart-empty').waitFor();
    await page.getByTestId('carrier-spend-empty').waitFor();

    const quick = page.getByTestId('quick-actions');
    for (const [name, href] of [
      ['Create new shipment', '/create-shipment'],
      ['Bulk import', '/bulk-import'],
      ['Track shipment', '/tracking'],
      ['Top up wallet', '/wallet'],
    ] as const) {
      expect(await quick.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'empty-en-desktop');

    await page.getByTestId('language-select').selectOption('zh');
    await page.getByTestId('recent-empty').getByText('还没有运单').waitFor();
    await page.getByRole('link', { name: '创建第一个运单' }).waitFor();
    expect(await page.getByTestId('toronto-time').textContent()).toContain('多伦多时间');
    expect(await statValue(page, 'stat-total-spend')).toBe(cad(0, 'zh'));
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'empty-zh-desktop');

    await page.setViewportSize(PHONE);
    await page.getByTestId('stat-cards').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'empty-zh-phone');
    await page.getByTestId('language-select').selectOption('en');
    await context.close();
  });

  it('a funded user with orders sees the count, spend, balance, recent items and chart bars; the period switch asks again', async () => {
    const { page, context } = await newPage(browser, app, { viewport: DESKTOP });
    // Funded by the admin, from a context of its own.
    await signUpFunded(page, { app, browser, admin: ADMIN }, '500.00', { description: 'dashboard e2e' });

    // Three orders through the API: the cheapest option twice, and one from another carrier.
    const options = await quoteViaApi(page, TORONTO_TO_VANCOUVER);
    const other = options.find((o) => o.carrier !== options[0]!.carrier);
    expect(other, 'a second carrier quoted').toBeDefined();
    const picks = [options[0]!, options[0]!, other!];
    let spent = 0;
    for (const option of picks) {
      await orderViaApi(page, TORONTO_TO_VANCOUVER, option);
      spent += cents(option.total);
    }
    const balance = 50_000 - spent;
    const wallet = (await (await page.request.get('/api/wallet')).json()) as { balance: string };
    expect(cents(wallet.balance)).toBe(balance);

    const statsCall = page.waitForResponse((r) => r.url().includes('/api/dashboard/stats?period=monthly'));
    await page.goto('/dashboard');
    const monthly = (await (await statsCall).json()) as TDashboardStats;
    await page.getByTestId('stat-cards').waitFor();
    expect(await statValue(page, 'stat-orders')).toBe('3');
    expect(await statValue(page, 'stat-total-spend')).toBe(cad(spent));
    expect(cents(monthly.totalSpend)).toBe(spent);
    expect(Math.abs(cents(monthly.averageCost) - spent / 3)).toBeLessThanOrEqual(1);
    expect(await statValue(page, 'stat-average-cost')).toBe(cad(cents(monthly.averageCost)));
    expect(await statValue(page, 'stat-wallet-balance')).toBe(cad(balance));

    // Recent shipments: the three, newest first, each with carrier, cost and a green 'paid' badge.
    const recentCall = await page.request.get('/api/shipments/recent?limit=8');
    const recent = (await recentCall.json()) as TShipment[];
    const items = page.getByTestId('recent-item');
    await items.first().waitFor();
    expect(await items.count()).toBe(3);
    for (let i = 0; i < 3; i++) {
      const item = items.nth(i);
      expect(await item.getByTestId('recent-cost').textContent()).toBe(cad(cents(recent[i]!.totalCost)));
      expect(await item.getByTestId('paid-badge').textContent()).toBe('Paid');
      expect(await item.getByTestId('recent-carrier').textContent()).toBe(recent[i]!.carrierName);
      expect(await item.getByText(recent[i]!.orderCode).count()).toBe(1);
    }
    expect(recent[0]!.carrier).toBe(other!.carrier);

    // Each item's label: download saves the real PDF; print sits beside it on a desktop.
    const first = items.first();
    expect(await first.getByTestId('label-print').isVisible()).toBe(true);
    const downloading = page.waitForEvent('download');
    await first.getByTestId('label-download').click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe(`label-${recent[0]!.trackingNumber}.pdf`);
    expect(
      fs
        .readFileSync(await file.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    // The spend chart: a bar per day of this month; today's holds the whole spend.
    const bars = page.getByTestId('spend-bar');
    expect(await bars.count()).toBe(monthly.spendByDay.length);
    const today = page.locator(`[data-testid="spend-bar"][data-date="${torontoToday()}"]`);
    expect(await today.getAttribute('data-cents')).toBe(String(spent));
    const todayBar = await today.locator('rect').nth(1).boundingBox();
    expect(todayBar!.height).toBeGreaterThan(50);
    expect(await today.locator('title').textContent()).toContain(cad(spent));
    expect(await page.getByTestId('spend-table').locator('tbody tr').count()).toBe(monthly.spendByDay.length);
    const axis = await page.getByTestId('spend-chart').locator('svg > g > text').allTextContents();
    expect(axis).toContain('$0');

    // Hovering a bar and the keyboard both show its figures.
    await today.locator('rect').nth(1).hover();
    await page.getByTestId('spend-tooltip').getByText(cad(spent)).waitFor();
    await page.mouse.move(0, 0);
    await page.getByTestId('spend-chart-plot').focus();
    await page.keyboard.press('End');
    await page.getByTestId('spend-tooltip').getByText('3 orders').waitFor();

    // Spend by carrier: two carriers, largest first, with names and amounts.
    const carrierRows = page.getByTestId('carrier-row');
    expect(await carrierRows.count()).toBe(2);
    const carrierTotals = monthly.spendByCarrier.map((c) => cents(c.amount));
    expect(carrierTotals.reduce((a, b) => a + b, 0)).toBe(spent);
    expect(await carrierRows.nth(0).getByTestId('carrier-amount').textContent()).toBe(cad(carrierTotals[0]!));
    expect(await carrierRows.nth(0).textContent()).toContain(monthly.spendByCarrier[0]!.carrierName);
    const widths = await page
      .getByTestId('carrier-bar')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).getBoundingClientRect().width));
    expect(widths[0]!).toBeGreaterThan(0);
    expect(widths[0]!).toBeGreaterThanOrEqual(widths[1]!);

    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'orders-en-desktop');

    // The period switch asks for the other period; the figures follow.
    const weeklyCall = page.waitForResponse((r) => r.url().includes('/api/dashboard/stats?period=weekly'));
    await page.getByText('Last 7 days').click();
    const weekly = (await (await weeklyCall).json()) as TDashboardStats;
    expect(weekly.spendByDay).toHaveLength(7);
    await expect.poll(() => bars.count()).toBe(7);
    expect(await page.getByTestId('period-weekly').isChecked()).toBe(true);
    expect(await statValue(page, 'stat-orders')).toBe('3');

    const allTimeCall = page.waitForRequest((r) => r.url().includes('/api/dashboard/stats?period=all-time'));
    await page.getByTestId('period-weekly').focus();
    await page.keyboard.press('ArrowRight'); // the radios: weekly → monthly (already loaded, no request)
    expect(await page.getByTestId('period-monthly').isChecked()).toBe(true);
    await page.keyboard.press('ArrowRight');
    await allTimeCall;
    expect(await page.getByTestId('period-all-time').isChecked()).toBe(true);
    await page.getByTestId('period-range').getByText('All time').waitFor();
    expect(await statValue(page, 'stat-total-spend')).toBe(cad(spent));

    // Chinese, then a phone.
    await page.getByTestId('language-select').selectOption('zh');
    await page.getByText('最近运单').waitFor();
    expect(await page.getByTestId('paid-badge').first().textContent()).toBe('已支付');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'orders-zh-desktop');
    await page.setViewportSize(PHONE);
    await page.getByTestId('spend-bar').first().waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    // Phones download the label but do not print it (spec §2).
    expect(await items.first().getByTestId('label-download').isVisible()).toBe(true);
    expect(await items.first().getByTestId('label-print').isVisible()).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'orders-zh-phone');
    await page.getByTestId('language-select').selectOption('en');
    await page.getByText('Recent shipments').waitFor();
    await shot(page, 'orders-en-phone');
    await context.close();
  });

  it('failures: the recent list says it failed to load and retries; the figures offer a retry', async () => {
    const { page, context } = await newPage(browser, app, { viewport: DESKTOP });
    await signUpViaApi(page, app);
    let failing = true;
    await page.route('**/api/shipments/recent*', (route) =>
      failing ? route.fulfill({ status: 500, body: '{"message":"boom"}' }) : route.fallback(),
    );
    await page.route('**/api/dashboard/stats*', (route) =>
      failing ? route.fulfill({ status: 500, body: '{"message":"boom"}' }) : route.fallback(),
    );
    await page.goto('/dashboard');
    const recentError = page.getByTestId('recent-error');
    await recentError.getByText('Failed to fetch recent shipments').waitFor();
    await recentError.getByText('Failed to load.').waitFor();
    await recentError.getByText('Please retry later.').waitFor();
    await page.getByTestId('stats-error').getByText("Couldn't load your figures").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'errors-en-desktop');

    failing = false;
    await recentError.getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId('recent-empty').waitFor();
    await page.getByTestId('stats-error').getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId('stat-cards').waitFor();
    await page.getByTestId('spend-chart-empty').waitFor();
    await context.close();
  });
});
