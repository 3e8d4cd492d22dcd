/**
 * Issue 27 in Chromium: on a phone in Chinese, a shipper downloads an order's receipt from the
 * shipments list and the month's statement (CSV and PDF) from the wallet; the admin sees the
 * operator's registrations and the month's tax report. Setup goes through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import { signUpFunded } from './helpers/accounts';
import { placeOrderViaApi } from './helpers/orders';
import { horizontalOverflow, seriousViolations } from './helpers/page-checks';

const ADMIN = { email: 'admin-receipts@example.com', password: 'Admin-pass-2026' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('receipts and statements in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startApp({
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        BUSINESS_NAME: 'Voyageur Shipping Inc.',
        BUSINESS_ADDRESS: '100 King St W|Toronto ON M5X 1A9',
        GST_HST_NUMBER: '123456789 RT0001',
        QST_NUMBER: '1234567890 TQ0001',
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; path: string }> {
    const downloading = page.waitForEvent('download');
    await click();
    const file = await downloading;
    return { name: file.suggestedFilename(), path: await file.path() };
  }

  it('downloads a receipt and the month’s statement on a phone in Chinese; the admin sees the tax report', async () => {
    const { page, context } = await newPage(browser, app, { viewport: PHONE });
    await context.addInitScript(() => localStorage.setItem('voyageur.lang', 'zh'));
    await signUpFunded(page, { app, browser, admin: ADMIN }, '100.00', { description: 'receipts e2e' });

    const admin = await newPage(browser, app, { viewport: DESKTOP });
    expect((await admin.page.request.post('/api/login', { data: ADMIN })).status()).toBe(200);

    const { option } = await placeOrderViaApi(page);

    // The receipt, from the card in the shipments list, in Chinese.
    await page.goto('/shipments');
    const button = page.getByTestId('receipt-download').first();
    await expect.poll(() => button.textContent(), { timeout: 15_000 }).toContain('收据');
    const receipt = await download(page, () => button.click());
    expect(receipt.name).toBe('receipt-R-000001.pdf');
    const text = pdfText(receipt.path);
    expect(text).toContain('RECEIPT');
    expect(text).toContain('GST/HST registration No. 123456789 RT0001');
    expect(text).toContain('HST (ON)');
    expect(text).toContain('13%');
    expect(text).toContain(option.total);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // The statement, from the wallet.
    await page.goto('/wallet');
    const card = page.getByTestId('statement-card');
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain('月度对账单');
    const csv = await download(page, () => card.getByTestId('statement-csv').click());
    expect(csv.name).toMatch(/^statement-\d{4}-\d{2}\.csv$/);
    const rows = fs.readFileSync(csv.path, 'utf8');
    expect(rows).toContain('R-000001');
    expect(rows).toContain('closing_balance');
    const balance = (await (await page.request.get('/api/wallet')).json()).balance as string;
    expect(rows.trim().split('\r\n').at(-1)!.endsWith(`,${balance}`)).toBe(true);
    const pdf = await download(page, () => card.getByTestId('statement-pdf').click());
    const statement = pdfText(pdf.path);
    expect(statement).toContain('STATEMENT');
    expect(statement).toContain('R-000001');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();

    // The admin's tax report, in English on a desktop.
    await admin.page.goto('/admin?tab=tax-report');
    await admin.page.getByTestId('operator-identity').getByText('123456789 RT0001').waitFor({ timeout: 15_000 });
    const table = admin.page.getByTestId('tax-report-table');
    await table.waitFor({ timeout: 15_000 });
    await expect.poll(() => table.textContent()).toContain('HST (ON)');
    await admin.context.close();
  }, 90_000);
});
