/**
 * Saved parcels and the default label format (issue 29, decision 038), in Chromium: a parcel saved
 * in settings fills the shipment form's package when picked; with ZPL as the default, Download label
 * saves a .zpl file of ZPL II; the settings sections on a phone in Chinese.
 */
import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PDFDocument } from 'pdf-lib';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import { signUpFunded, signUpViaApi } from './helpers/accounts';
import { placeOrderViaApi, TORONTO_SENDER, VANCOUVER_RECEIVER, type OrderParty } from './helpers/orders';
import { horizontalOverflow, screenshots, seriousViolations } from './helpers/page-checks';

const ADMIN = { email: 'admin-parcels@example.com', password: 'Admin-pass-2026' };
const shot = screenshots('saved-parcels');
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

const SEATTLE = {
  ...VANCOUVER_RECEIVER,
  firstName: 'Sam',
  address: '400 Pine St',
  city: 'Seattle',
  province: 'WA',
  postalCode: '98101',
  country: 'US',
  phone: '206-555-0100',
};
const US_CUSTOMS = {
  contentsType: 'merchandise',
  currency: 'CAD',
  incoterm: 'DDP',
  nonDelivery: 'return',
  items: [
    {
      description: 'Cotton T-shirt',
      hsCode: '6109.10.0012',
      originCountry: 'CA',
      quantity: 2,
      unitValue: 25,
      weightKg: 0.3,
    },
  ],
};
describe('saved parcels and the label format in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
      launchBrowser(),
    ]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  const contexts: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  async function open(viewport: { width: number; height: number }): Promise<Page> {
    const { page, context } = await newPage(browser, app, { viewport });
    contexts.push(context);
    return page;
  }

  /** Saves a parcel through the settings form (pounds and inches), by keyboard where a person would type. */
  async function addParcel(
    page: Page,
    p: { name: string; weight: string; length: string; width: string; height: string },
  ) {
    await page.getByTestId('saved-parcel-add').click();
    const form = page.getByTestId('saved-parcel-form');
    await form.waitFor();
    await form.locator('#saved-parcel-name').fill(p.name);
    await form.locator('#saved-parcel-weight').fill(p.weight);
    await form.locator('#saved-parcel-length').fill(p.length);
    await form.locator('#saved-parcel-width').fill(p.width);
    await form.locator('#saved-parcel-height').fill(p.height);
    await form.locator('#saved-parcel-height').press('Enter');
    await form.waitFor({ state: 'detached' });
  }

  it('a parcel saved in settings fills the package when picked in the shipment form', async () => {
    const page = await open(DESKTOP);
    await signUpViaApi(page, app);
    await page.goto('/settings');
    const card = page.getByTestId('saved-parcels-card');
    await card.getByTestId('saved-parcels-empty').waitFor();
    expect(await card.getByTestId('saved-parcels-empty').textContent()).toBe(
      'No saved parcels yet. Add the boxes you use most.',
    );

    // An empty form says what is missing on each field and sends nothing.
    await page.getByTestId('saved-parcel-add').click();
    await page.getByTestId('saved-parcel-save').click();
    await page.locator('#saved-parcel-name-error').waitFor();
    expect(await page.locator('#saved-parcel-name-error').textContent()).toBe('Name is required');
    expect(await page.locator('#saved-parcel-weight-error').textContent()).toBe('Enter a number greater than 0');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await addParcel(page, { name: 'Shoebox', weight: '2', length: '12', width: '8', height: '4' });
    const item = card.getByTestId('saved-parcel');
    await item.waitFor();
    expect(await item.textContent()).toContain('Shoebox');
    expect(await item.textContent()).toContain('12 × 8 × 4 in · 2 lb · Package');
    // Kept in kg and cm on the server, as the API speaks.
    const saved = (await (await page.request.get('/api/parcels')).json()) as {
      name: string;
      weight: number;
      length: number;
    }[];
    expect(saved).toMatchObject([{ name: 'Shoebox', weight: 0.907, length: 30.48 }]);

    // The same name again (another case) is refused on the name field.
    await page.getByTestId('saved-parcel-add').click();
    await page.locator('#saved-parcel-name').fill('SHOEBOX');
    for (const k of ['weight', 'length', 'width', 'height']) await page.locator(`#saved-parcel-${k}`).fill('1');
    await page.getByTestId('saved-parcel-save').click();
    await page.locator('#saved-parcel-name-error').waitFor();
    expect(await page.locator('#saved-parcel-name-error').textContent()).toBe(
      'You already have a saved parcel with this name',
    );
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'settings-en-desktop');

    await page.goto('/create-shipment');
    await page.getByTestId('package-form').waitFor();
    const picker = page.getByTestId('saved-parcel-picker');
    await expect.poll(() => picker.isEnabled(), { timeout: 15_000 }).toBe(true);
    await picker.selectOption({ label: 'Shoebox' });
    await expect.poll(() => page.locator('#package-weight').inputValue()).toBe('2');
    expect(await page.locator('#package-length').inputValue()).toBe('12');
    expect(await page.locator('#package-width').inputValue()).toBe('8');
    expect(await page.locator('#package-height').inputValue()).toBe('4');
    expect(await page.locator('#package-type').inputValue()).toBe('package');
    expect(await page.getByText('Shoebox filled in the weight and size').count()).toBe(1);
  }, 180_000);

  it('with ZPL as the default format, Download label saves label-<tracking>.zpl holding ZPL II', async () => {
    const page = await open(DESKTOP);
    await signUpFunded(page, { app, browser, admin: ADMIN }, '100.00', { description: 'saved parcels e2e' });
    const place = async (to: OrderParty, customs?: typeof US_CUSTOMS) =>
      (await placeOrderViaApi(page, { from: TORONTO_SENDER, to, customs })).shipment;
    const created = await place(VANCOUVER_RECEIVER);

    // The default is PDF; choose ZPL by keyboard and save.
    await page.goto('/settings');
    const formatCard = page.getByTestId('label-format-card');
    await formatCard.getByTestId('label-format-pdf').waitFor();
    expect(await formatCard.getByTestId('label-format-pdf').isChecked()).toBe(true);
    expect(await formatCard.getByTestId('label-format-save').isDisabled()).toBe(true);
    await formatCard.getByTestId('label-format-pdf').focus();
    await page.keyboard.press('ArrowDown');
    expect(await formatCard.getByTestId('label-format-zpl').isChecked()).toBe(true);
    await formatCard.getByTestId('label-format-save').click();
    await page.getByTestId('toast').filter({ hasText: 'Label format saved' }).waitFor();
    await page.reload();
    await formatCard.getByTestId('label-format-zpl').waitFor();
    expect(await formatCard.getByTestId('label-format-zpl').isChecked()).toBe(true);

    await page.goto('/shipments');
    const card = page.locator(`[data-testid="shipment-card"][data-order-code="${created.orderCode}"]`);
    await card.waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      card.getByTestId('label-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`label-${created.trackingNumber}.zpl`);
    const zpl = fs.readFileSync((await download.path())!, 'utf8');
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
    expect(zpl).toContain(created.trackingNumber);
    await page
      .getByTestId('toast')
      .filter({ hasText: `label-${created.trackingNumber}.zpl` })
      .waitFor();
    // Inside Canada there are no customs forms to offer.
    expect(await page.getByTestId('label-customs-pdf').count()).toBe(0);

    // Leaving Canada, the ZPL is the label alone: the toast says the customs forms are in the PDF and offers it.
    const abroad = await place(SEATTLE, US_CUSTOMS);
    await page.reload();
    const abroadCard = page.locator(`[data-testid="shipment-card"][data-order-code="${abroad.orderCode}"]`);
    await abroadCard.waitFor({ timeout: 30_000 });
    const [zplDownload] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      abroadCard.getByTestId('label-download').click(),
    ]);
    expect(zplDownload.suggestedFilename()).toBe(`label-${abroad.trackingNumber}.zpl`);
    const notice = page.getByTestId('toast').filter({ hasText: `label-${abroad.trackingNumber}.zpl` });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('This parcel leaves Canada and its customs forms are in the PDF');
    const customsPdf = notice.getByTestId('label-customs-pdf');
    expect(await customsPdf.textContent()).toBe('Download customs forms (PDF)');
    await shot(page, 'zpl-customs-notice-desktop');
    const [pdfDownload] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), customsPdf.click()]);
    expect(pdfDownload.suggestedFilename()).toBe(`label-${abroad.trackingNumber}.pdf`);
    const pdf = await PDFDocument.load(fs.readFileSync((await pdfDownload.path())!));
    // The label and its customs invoice copies: more than the label's one page.
    expect(pdf.getPageCount()).toBeGreaterThan(1);
  }, 240_000);

  it('the settings sections fit a phone in Chinese', async () => {
    const page = await open(PHONE);
    await signUpViaApi(page, app);
    await page.goto('/settings');
    await page.getByTestId('saved-parcel-add').waitFor();
    await page.getByTestId('language-select').selectOption('zh');
    await page.getByText('常用包裹', { exact: true }).first().waitFor();
    await page.getByText('面单格式', { exact: true }).first().waitFor();
    await addParcel(page, { name: '鞋盒', weight: '1.5', length: '10', width: '6', height: '4' });
    const item = page.getByTestId('saved-parcel');
    await item.waitFor();
    expect(await item.textContent()).toContain('10 × 6 × 4 英寸 · 1.5 磅');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'settings-zh-phone');
  }, 180_000);
});
