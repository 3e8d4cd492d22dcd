/**
 * Issue 22 on screen: phone numbers are shown formatted however they were typed (and stored as
 * digits); the rate page for Iqaluit lists no ground service and says why; in Chinese each service
 * keeps the carrier's brand name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TQuoteResponse } from '../../src/shared/contracts/rates';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import { signUpViaApi } from './helpers/accounts';

describe('carriers and phones as they really are, in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    ({ page, context } = await newPage(browser, app));
    await signUpViaApi(page, app);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  it('the address book shows a phone typed "(416) 555 0100 ext. 7" as 416-555-0100 ext. 7, stored as digits', async () => {
    await page.goto('/address-book');
    await page.getByRole('button', { name: 'Add your first address' }).click();
    await page.getByTestId('address-form').waitFor();
    await page.getByLabel('Full name').fill('Margaux Lefebvre');
    await page.getByLabel('Address line 1', { exact: true }).fill('123 Main St');
    await page.getByLabel('City').fill('Toronto');
    await page.getByLabel('Province or territory').selectOption('ON');
    await page.getByLabel('Postal code').fill('M5V 2T6');
    await page.getByLabel('Phone').fill('(416) 555 0100 ext. 7');
    await page.getByRole('button', { name: 'Save address' }).click();

    const phone = page.getByTestId('address-card').getByTestId('address-phone');
    await expect.poll(() => phone.textContent()).toBe('416-555-0100 ext. 7');
    const stored = await page.request.get(`${app.url}/api/addresses`);
    expect(((await stored.json()) as { phone: string }[]).map((a) => a.phone)).toEqual(['4165550100x7']);

    // Editing shows the number as people write it; a number abroad keeps its country code.
    await page.getByRole('button', { name: 'Edit Margaux Lefebvre' }).click();
    await page.getByTestId('address-form').waitFor();
    expect(await page.getByLabel('Phone').inputValue()).toBe('416-555-0100 ext. 7');
    await page.getByLabel('Phone').fill('0044 20 7946 0958');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect.poll(() => phone.textContent()).toBe('+44 20 7946 0958');
  });

  it('the rate page for Iqaluit (X0A 0H0) shows no ground service and says why, in both languages', async () => {
    await page.goto('/create-shipment');
    await page.getByTestId('create-shipment').waitFor();
    const fill = async (party: 'sender' | 'receiver', values: Record<string, string>) => {
      for (const [field, value] of Object.entries(values)) {
        if (field === 'province') await page.locator(`#${party}-province`).selectOption(value);
        else await page.locator(`#${party}-${field}`).fill(value);
      }
    };
    await fill('sender', {
      'first-name': 'Rachel',
      'last-name': 'Green',
      address1: '90 Bedford Rd',
      city: 'Toronto',
      province: 'ON',
      'postal-code': 'M5R 2K2',
      phone: '416 555 0134',
    });
    await fill('receiver', {
      'first-name': 'Annie',
      'last-name': 'Kilabuk',
      address1: '926 Mivvik St',
      city: 'Iqaluit',
      province: 'NU',
      'postal-code': 'X0A 0H0',
      phone: '867-555-0111',
    });
    for (const [id, value] of [
      ['package-weight', '4'],
      ['package-length', '12'],
      ['package-width', '8'],
      ['package-height', '6'],
      ['package-value', '100'],
    ]) {
      await page.locator(`#${id}`).fill(value!);
    }
    const answered = page.waitForResponse(
      (r) => r.url().endsWith('/api/rates/quote') && r.request().method() === 'POST',
    );
    await page.getByTestId('calculate-rates').click();
    const quote = (await (await answered).json()) as TQuoteResponse;
    await page.getByTestId('rate-options').waitFor();

    const services = await page.getByTestId('rate-service').allTextContents();
    const carriers = await page.getByTestId('rate-carrier').allTextContents();
    expect(services.length).toBeGreaterThan(3);
    expect(services.filter((s) => /ground|standard/i.test(s))).toEqual([]);
    expect(services).toContain('Xpresspost');
    expect(new Set(carriers)).toEqual(new Set(['Canada Post', 'Purolator', 'UPS', 'FedEx']));
    const note = page.getByTestId('rates-fly-in');
    expect(await note.textContent()).toContain('No road reaches X0A 0H0');
    expect(await page.getByTestId('rates-warnings').count()).toBe(0);

    // The note comes before the cards, on a desktop and on a phone (where the cards run for screens).
    const above = async () => (await note.boundingBox())!.y < (await page.getByTestId('rate-options').boundingBox())!.y;
    expect(await above()).toBe(true);
    const desktop = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await above()).toBe(true);
    await page.setViewportSize(desktop);

    // A card whose transit the fly-in lengthened says so: FedEx Priority Overnight is not overnight there.
    const overnight = quote.find((o) => o.serviceCode === 'FDX.PRIORITY_OVERNIGHT')!;
    expect(overnight.flyInDays).toBeGreaterThan(0);
    const card = page.locator('[data-testid="rate-option"][data-service="CA-Fedex:FDX.PRIORITY_OVERNIGHT"]');
    expect(await card.getByTestId('rate-service').textContent()).toBe('Priority Overnight');
    const days = overnight.flyInDays!;
    expect(await card.getByTestId('rate-fly-in').textContent()).toBe(`Fly-in: +${days} ${days === 1 ? 'day' : 'days'}`);
    expect(await page.getByTestId('rate-fly-in').count()).toBe(quote.filter((o) => o.flyInDays).length);

    await page.getByTestId('language-select').selectOption('zh');
    await expect.poll(() => note.textContent()).toContain('X0A 0H0 不通公路');
    expect(await card.getByTestId('rate-fly-in').textContent()).toBe(`空运社区：+${days} 个工作日`);
    const zhServices = await page.getByTestId('rate-service').allTextContents();
    expect(zhServices).toContain('Xpresspost 快递');
    expect(zhServices).toContain('Priority 优先');
    expect(zhServices.filter((s) => s.includes('陆运'))).toEqual([]);
    await page.getByTestId('language-select').selectOption('en');
  });
});
