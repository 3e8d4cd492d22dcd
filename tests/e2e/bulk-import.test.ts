/**
 * Bulk import in Chromium (issue 29): a shop uploads its Shopify orders export (one order of two
 * line items, one row with a postal code of another province), fixes that cell in place, quotes with
 * a batch parcel, buys, downloads the batch PDF; the finished batch survives a reload and reads in
 * Chinese at phone size; a second batch cancelled before buying counts the rows it stopped. Setup
 * (account, sender, funds) goes through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { PDFDocument } from 'pdf-lib';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import { signUpFunded } from './helpers/accounts';
import { horizontalOverflow, screenshots, seriousViolations } from './helpers/page-checks';

const ADMIN = { email: 'admin-bulk@example.com', password: 'Admin-pass-2026' };
const shot = screenshots('bulk-import');
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

// Shopify's orders export header row (Admin › Orders › Export), as it writes it.
const SHOPIFY_HEADER =
  'Name,Email,Financial Status,Paid at,Fulfillment Status,Fulfilled at,Accepts Marketing,Currency,Subtotal,Shipping,Taxes,Total,Discount Code,Discount Amount,Shipping Method,Created at,Lineitem quantity,Lineitem name,Lineitem price,Lineitem compare at price,Lineitem sku,Lineitem requires shipping,Lineitem taxable,Lineitem fulfillment status,Billing Name,Billing Street,Billing Address1,Billing Address2,Billing Company,Billing City,Billing Zip,Billing Province,Billing Country,Billing Phone,Shipping Name,Shipping Street,Shipping Address1,Shipping Address2,Shipping Company,Shipping City,Shipping Zip,Shipping Province,Shipping Country,Shipping Phone,Notes,Note Attributes,Cancelled at,Payment Method,Payment Reference,Refunded Amount,Vendor,Id,Tags,Risk Level,Source,Lineitem discount';

function shopifyCsv(): string {
  const cols = SHOPIFY_HEADER.split(',');
  const line = (v: Record<string, string>) => cols.map((c) => v[c] ?? '').join(',');
  const order = (name: string, who: string, street: string, city: string, zip: string, prov: string, item: string) => ({
    Name: name,
    Email: `${who.split(' ')[0]!.toLowerCase()}@example.com`,
    'Financial Status': 'paid',
    Currency: 'CAD',
    'Lineitem quantity': '1',
    'Lineitem name': item,
    'Shipping Name': who,
    'Shipping Street': street,
    'Shipping Address1': street,
    'Shipping City': city,
    'Shipping Zip': zip,
    'Shipping Province': prov,
    'Shipping Country': 'CA',
    'Shipping Phone': '604-555-0199',
  });
  return [
    SHOPIFY_HEADER,
    line(order('#1001', 'Monica Geller', '2200 Kingsway', 'Vancouver', 'V5K 0A1', 'BC', 'Mug')),
    line({ Name: '#1001', 'Lineitem quantity': '2', 'Lineitem name': 'Tea tin' }),
    // K1A is Ottawa: not in British Columbia.
    line(order('#1002', 'Ross Geller', '800 Robson St', 'Vancouver', 'K1A 0B1', 'BC', 'Lamp')),
    line(order('#1003', 'Chandler Bing', '1 King St W', 'Toronto', 'M5H 1A1', 'ON', 'Book')),
  ].join('\r\n');
}

describe('bulk import in Chromium', () => {
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

  it('uploads a Shopify export, fixes a cell, buys, downloads the batch PDF; Chinese at phone size', async () => {
    const { page, context } = await newPage(browser, app, { viewport: DESKTOP });
    try {
      await signUpFunded(page, { app, browser, admin: ADMIN }, '300.00', { description: 'bulk e2e' });
      const addSender = () =>
        page.request.post('/api/addresses', {
          data: {
            name: 'Rachel Green',
            address1: '90 Bedford Rd',
            city: 'Toronto',
            province: 'ON',
            postalCode: 'M5R 2K2',
            phone: '416-555-0134',
            isDefault: true,
          },
        });

      await page.goto('/bulk-import');
      await page.getByTestId('bulk-drop').waitFor();
      await page.getByTestId('bulk-file').setInputFiles({
        name: 'orders_export.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(shopifyCsv()),
      });
      await page.getByTestId('bulk-batch').waitFor();
      await expect.poll(() => page.getByTestId('bulk-summary').textContent()).toContain('Shopify orders export');
      expect(await page.getByTestId('bulk-summary').textContent()).toContain('3 rows · 2 ready · 1 with problems');
      const bad = page.getByTestId('bulk-row-2');
      expect(await bad.getByTestId('bulk-cell-error').textContent()).toBe('Postal code K1A 0B1 is not in BC');
      // The order of two line items is one shipment listing both.
      expect(await page.getByTestId('bulk-row-1').textContent()).toContain('#1001');

      // With an empty address book the sender select says so, links to the address book, and Quote waits.
      await page.getByTestId('bulk-sender-problem').waitFor();
      expect(await page.getByTestId('bulk-sender-problem').textContent()).toContain(
        "Your address book is empty: add the sender's address to quote this batch.",
      );
      expect(await page.getByTestId('bulk-sender-problem').getByRole('link').getAttribute('href')).toBe(
        '/address-book',
      );
      expect(await page.getByTestId('bulk-sender').locator('option').first().textContent()).toBe(
        'No address in your address book',
      );
      expect(await page.getByTestId('bulk-quote').isDisabled()).toBe(true);
      expect(await page.getByTestId('bulk-quote-why').textContent()).toBe('Quoting needs a sender address.');
      await shot(page, 'no-sender-desktop');
      const sender = await addSender();
      expect(sender.status(), await sender.text()).toBe(201);
      await page.reload();
      await page.getByTestId('bulk-batch').waitFor();
      await expect.poll(() => page.getByTestId('bulk-sender-problem').count()).toBe(0);
      expect(await page.getByTestId('bulk-sender').locator('option').first().textContent()).toBe(
        'Address book default',
      );
      await shot(page, 'review-desktop');

      // Fix the cell in place.
      await bad.getByTestId('bulk-row-edit').click();
      await bad.getByTestId('bulk-edit-postalCode').fill('V6Z 2E7');
      await bad.getByTestId('bulk-edit-save').click();
      await expect.poll(() => bad.getByTestId('bulk-row-status').textContent()).toBe('Ready');
      expect(await page.getByTestId('bulk-summary').textContent()).toContain('3 ready · 0 with problems');

      // Batch parcel (in lb and inches, like the shipment form), quote, buy.
      expect(await page.locator('label[for="bulk-parcel-weight"]').textContent()).toBe('Weight (lb)');
      expect(await page.locator('label[for="bulk-parcel-length"]').textContent()).toBe('Length (in)');
      await page.getByTestId('bulk-parcel-weight').fill('2.6');
      await page.getByTestId('bulk-parcel-length').fill('12');
      await page.getByTestId('bulk-parcel-width').fill('8');
      await page.getByTestId('bulk-parcel-height').fill('4');
      await page.getByTestId('bulk-quote').click();
      await page.getByTestId('bulk-quote-summary').waitFor();
      expect(await page.getByTestId('bulk-balance').textContent()).toBe('$300.00');
      expect(await page.getByTestId('bulk-total').textContent()).toMatch(/^\$\d+\.\d\d$/);
      expect(await page.getByTestId('bulk-short').count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      const total = (await page.getByTestId('bulk-total').textContent())!;
      const after = `$${(300 - Number(total.replace(/[$,]/g, ''))).toFixed(2)}`;

      // Buying asks first, naming the labels, the total and the balance after; Escape charges nothing.
      await page.getByTestId('bulk-buy').click();
      const confirm = page.getByTestId('bulk-buy-confirm');
      await confirm.waitFor();
      expect(await confirm.getByRole('heading').textContent()).toBe('Buy 3 labels?');
      expect(await confirm.textContent()).toContain(
        `3 labels for ${total} will be charged to your wallet. Balance after: ${after}.`,
      );
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'confirm-desktop');
      await page.keyboard.press('Escape');
      await expect.poll(() => confirm.count()).toBe(0);
      expect(await page.getByTestId('bulk-progress').count()).toBe(0);
      expect(await (await page.request.get('/api/bulk-imports')).text()).not.toContain('"purchasing"');
      // By keyboard: the dialog opens on Cancel; Tab to the buy button and press Enter.
      await page.getByTestId('bulk-buy').focus();
      await page.keyboard.press('Enter');
      await confirm.waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
        .toBe('bulk-buy-cancel');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(`Buy for ${total}`);
      await page.keyboard.press('Enter');
      await page.getByTestId('bulk-labels').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('bulk-progress-text').textContent()).toBe(
        '3 of 3 rows done · 3 bought · 0 not bought',
      );
      // The header follows the batch: no longer "3 ready" once they are bought.
      await expect
        .poll(() => page.getByTestId('bulk-summary').textContent())
        .toContain('3 rows · 3 bought · 0 not bought');
      expect(await page.getByTestId('bulk-summary').textContent()).not.toContain('ready');

      // The batch PDF: one 4×6 page per label.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('bulk-labels').click()]);
      expect(download.suggestedFilename()).toBe('orders_export-labels.pdf');
      const pdf = await PDFDocument.load(fs.readFileSync((await download.path())!));
      expect(pdf.getPageCount()).toBe(3);
      await shot(page, 'done-desktop');

      // A reload keeps the batch (its id is in the address); Chinese at phone size.
      await page.setViewportSize(PHONE);
      await page.evaluate(() => localStorage.setItem('voyageur.lang', 'zh'));
      await page.reload();
      await page.getByTestId('bulk-progress').waitFor();
      expect(await page.getByTestId('bulk-progress').textContent()).toContain('已完成');
      expect(await page.getByTestId('bulk-labels').textContent()).toBe('下载全部面单（PDF）');
      expect(await page.getByTestId('bulk-progress-text').textContent()).toBe('已处理 3 / 3 行 · 已购买 3 · 未购买 0');
      expect(await page.getByTestId('bulk-row-2').getByTestId('bulk-row-status').textContent()).toBe('已购买面单');
      expect(await page.getByTestId('bulk-summary').textContent()).toContain('共 3 行 · 已购 3 行 · 0 行未购');
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await shot(page, 'done-zh-phone');

      // The import list, and a Chinese cell message at phone size.
      await page.getByTestId('bulk-back').click();
      await page.getByTestId('bulk-list').waitFor();
      expect(await page.getByTestId('bulk-list').textContent()).toContain('orders_export.csv');
      await page.getByTestId('bulk-file').setInputFiles({
        name: 'again.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(shopifyCsv()),
      });
      await page.getByTestId('bulk-batch').waitFor();
      await expect
        .poll(() => page.getByTestId('bulk-row-2').getByTestId('bulk-cell-error').textContent())
        .toBe('邮政编码 K1A 0B1 不属于 BC');
      // A saved parcel picked for the batch stays chosen, its sizes in lb and inches.
      const saved = await page.request.post('/api/parcels', {
        data: { name: 'Small box', weight: 0.907, length: 30.48, width: 25.4, height: 15.24 },
      });
      expect(saved.status(), await saved.text()).toBe(201);
      const savedId = ((await saved.json()) as { id: string }).id;
      await page.reload();
      await page.getByTestId('bulk-batch').waitFor();
      const picker = page.getByTestId('bulk-saved-parcel');
      await expect.poll(() => picker.isEnabled()).toBe(true);
      await picker.selectOption({ label: 'Small box' });
      expect(await picker.inputValue()).toBe(savedId);
      expect(await page.getByTestId('bulk-parcel-weight').inputValue()).toBe('2');
      expect(await page.getByTestId('bulk-parcel-length').inputValue()).toBe('12');
      expect(await page.getByTestId('bulk-parcel-width').inputValue()).toBe('10');
      expect(await page.getByTestId('bulk-parcel-height').inputValue()).toBe('6');
      expect(await page.getByText('已按 Small box 填入重量和尺寸').count()).toBe(1);
      // Quoting sends the saved parcel itself; it is still the one chosen afterwards.
      const quoteCall = page.waitForRequest((r) => r.url().includes('/quote') && r.method() === 'POST');
      await page.getByTestId('bulk-quote').click();
      expect((await quoteCall).postDataJSON()).toMatchObject({ parcelId: savedId });
      await page.getByTestId('bulk-quote-summary').waitFor();
      expect(await picker.inputValue()).toBe(savedId);
      // The batch parcel's fields name their units in Chinese.
      expect(await page.locator('label[for="bulk-parcel-weight"]').textContent()).toBe('重量（磅）');
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await shot(page, 'review-zh-phone');

      // Cancelled before buying (here by a shop's script through the API): the page counts the rows the
      // cancel stopped, so the header and the progress add up.
      const againId = new URL(page.url()).searchParams.get('id')!;
      const cancelled = await page.request.post(`/api/bulk-imports/${againId}/cancel`);
      expect(cancelled.status(), await cancelled.text()).toBe(200);
      await page.reload();
      await page.getByTestId('bulk-progress').waitFor();
      expect(await page.getByTestId('bulk-summary').textContent()).toContain(
        '共 3 行 · 已购 0 行 · 0 行未购 · 2 行已取消',
      );
      expect(await page.getByTestId('bulk-progress-text').textContent()).toBe(
        '已处理 2 / 2 行 · 已购买 0 · 未购买 0 · 已取消 2',
      );
      await page.evaluate(() => localStorage.setItem('voyageur.lang', 'en'));
      await page.setViewportSize(DESKTOP);
      await page.reload();
      await page.getByTestId('bulk-progress').waitFor();
      expect(await page.getByTestId('bulk-summary').textContent()).toContain(
        '3 rows · 0 bought · 0 not bought · 2 cancelled',
      );
      expect(await page.getByTestId('bulk-progress-text').textContent()).toBe(
        '2 of 2 rows done · 0 bought · 0 not bought · 2 cancelled',
      );
      await shot(page, 'cancelled-en-desktop');
    } finally {
      await context.close();
    }
  });
});
