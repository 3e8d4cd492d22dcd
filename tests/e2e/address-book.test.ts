import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import { signUpViaApi } from './helpers/accounts';

describe('address book in Chromium', () => {
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

  const form = () => page.getByTestId('address-form');
  const field = (id: string) => page.locator(`#address-${id}`);
  const card = (name: string): Locator =>
    page.getByTestId('address-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
  /** Waits for a toast, then closes it so it does not cover the form's buttons in the next step. */
  const toast = async (text: string) => {
    const item = page.getByTestId('toast').filter({ hasText: text });
    await item.waitFor();
    await item.getByRole('button', { name: 'Close' }).click();
    await item.waitFor({ state: 'detached' });
  };
  const count = async () => (await page.getByTestId('address-count').textContent())?.trim();

  it('shows a load error with a working retry, then the empty state', async () => {
    await page.route('**/api/addresses', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' }),
    );
    await page.goto('/address-book');
    const error = page.getByTestId('address-load-error');
    await error.waitFor();
    expect(await error.getAttribute('role')).toBe('alert');
    expect(await error.textContent()).toContain('Failed to load addresses');
    await page.unroute('**/api/addresses');
    await error.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('address-empty').waitFor();
    expect(await page.getByTestId('address-count').textContent()).toBe('0 addresses');
  });

  it('creates a first address', async () => {
    await page.getByTestId('address-empty').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('Address Book');
    await page.getByRole('button', { name: 'Add your first address' }).click();
    await form().waitFor();
    // Focus moves to the form heading so keyboard and screen-reader users land in the form.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('address-form-title');

    // Required fields are checked before any call; the neighbour of a field that shows an error stays put.
    // Positions inside the form card: focus may scroll the page, the card holds still relative to it.
    // Both boxes are read in one frame: the page scrolls smoothly, so two separate reads may straddle a scroll step.
    const inForm = (id: string) =>
      page.evaluate((fieldId) => {
        const card = document.querySelector('[data-testid="address-form"]')!.getBoundingClientRect();
        const box = document.getElementById(fieldId)!.getBoundingClientRect();
        return { x: box.x - card.x, y: box.y - card.y, width: box.width, height: box.height };
      }, `address-${id}`);
    const companyBox = await inForm('company');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('Name is required').waitFor();
    expect(await field('name').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('address-name');
    expect(await inForm('company')).toEqual(companyBox);
    // City (error) and Country share a row: Country's select does not move within it.
    expect((await inForm('country')).y).toBe((await inForm('city')).y);

    await page.getByLabel('Full name').fill('Margaux Lefebvre');
    await page.getByLabel('Address line 1', { exact: true }).fill('123 Main St');
    await page.getByLabel('City').fill('Toronto');
    await page.getByLabel('Province or territory').selectOption('ON');
    await page.getByLabel('Postal code').fill('m5v2t6');
    await page.getByLabel('Phone').fill('416-555-0100');
    await page.getByRole('switch', { name: 'Default address' }).click();
    await page.getByRole('button', { name: 'Save address' }).click();
    await toast('Address created');

    await page.getByTestId('address-grid').waitFor();
    expect(await count()).toBe('1 address');
    const first = card('Margaux Lefebvre');
    expect(await first.textContent()).toContain('123 Main St');
    expect(await first.textContent()).toContain('Toronto, ON, M5V 2T6');
    // The country by its name, not its code.
    expect(await first.getByTestId('address-country').textContent()).toBe('Canada');
    expect(await first.textContent()).toContain('416-555-0100');
    expect(await first.getByTestId('default-badge').count()).toBe(1);
  });

  it('edits an address', async () => {
    await card('Margaux Lefebvre').getByRole('button', { name: 'Edit Margaux Lefebvre' }).click();
    await form().waitFor();
    expect(await page.getByRole('heading', { name: 'Edit address' }).count()).toBe(1);
    expect(await page.getByLabel('Full name').inputValue()).toBe('Margaux Lefebvre');
    expect(await page.getByLabel('Province or territory').inputValue()).toBe('ON');
    await field('company').fill('Maple Freight');
    await field('address2').fill('Suite 400');
    await field('email').fill('margaux@example.com');
    await page.getByRole('button', { name: 'Save address' }).click();
    await toast('Address updated');

    const edited = card('Margaux Lefebvre (Maple Freight)');
    await edited.waitFor();
    expect(await edited.textContent()).toContain('Suite 400 - 123 Main St');
    expect(await edited.textContent()).toContain('margaux@example.com');
    expect(await count()).toBe('1 address');
  });

  it('makes a second address the default; the first loses its badge', async () => {
    await page.getByRole('button', { name: 'Add address' }).click();
    await form().waitFor();
    await page.getByLabel('Full name').fill('Jean Tremblay');
    await page.getByLabel('Address line 1', { exact: true }).fill('1000 Rue Sherbrooke O');
    await page.getByLabel('City').fill('Montréal');
    await page.getByLabel('Province or territory').selectOption('QC');
    await page.getByLabel('Postal code').fill('H3A 3G4');
    await page.getByLabel('Phone').fill('514-555-0101');
    await page.getByRole('switch', { name: 'Default address' }).click();
    await page.getByRole('button', { name: 'Save address' }).click();
    await toast('Address created');

    await card('Jean Tremblay').waitFor();
    expect(await count()).toBe('2 addresses');
    expect(await card('Jean Tremblay').getByTestId('default-badge').count()).toBe(1);
    expect(await card('Margaux Lefebvre (Maple Freight)').getByTestId('default-badge').count()).toBe(0);
  });

  it('shows every format problem at once before any call, with the limits', async () => {
    let posted = 0;
    await page.route('**/api/addresses', (route) => {
      if (route.request().method() === 'POST') posted += 1;
      return route.continue();
    });
    await page.getByRole('button', { name: 'Add address' }).click();
    await form().waitFor();
    await page.getByLabel('Full name').fill('Wrong Province');
    await field('company').fill('c'.repeat(101));
    await page.getByLabel('Address line 1', { exact: true }).fill('1 Yonge St');
    await page.getByLabel('City').fill('Toronto');
    await page.getByLabel('Province or territory').selectOption('BC');
    await page.getByLabel('Postal code').fill('M5E 1W7');
    await page.getByLabel('Phone').fill('abc');
    await field('email').fill('a@b');
    await page.getByRole('button', { name: 'Save address' }).click();

    const error = (id: string) => page.locator(`#address-${id}-error`).textContent();
    await page.locator('#address-postal-code-error').waitFor();
    expect(await error('company')).toBe('At most 100 characters');
    expect(await error('postal-code')).toBe('Postal code M5E 1W7 is not in British Columbia');
    expect(await error('phone')).toBe('Enter a phone number with 7 to 20 digits');
    expect(await error('email')).toBe('Enter a valid email address');
    expect(await field('postal-code').getAttribute('aria-describedby')).toContain('address-postal-code-error');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('address-company');
    expect(posted).toBe(0);

    await page.getByTestId('language-select').selectOption('zh');
    await expect.poll(() => error('company')).toBe('最多 100 个字符');
    expect(await error('postal-code')).toBe('邮政编码 M5E 1W7 不在不列颠哥伦比亚省');
    await page.getByTestId('language-select').selectOption('en');
    await page.unroute('**/api/addresses');

    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('address-grid').waitFor();
    expect(await count()).toBe('2 addresses');
  });

  it('puts every server field error under its field at once, in the user language', async () => {
    await page.route('**/api/addresses', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              message: 'City must be at most 100 characters',
              code: 'VALIDATION_ERROR',
              fieldErrors: {
                city: ['City must be at most 100 characters'],
                phone: ['Enter a phone number with 7 to 20 digits'],
                postalCode: ['Postal code M5E 1W7 does not belong to province ON'],
              },
            }),
          })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Add address' }).click();
    await form().waitFor();
    await page.getByLabel('Full name').fill('Server Says No');
    await page.getByLabel('Address line 1', { exact: true }).fill('1 Yonge St');
    await page.getByLabel('City').fill('Toronto');
    await page.getByLabel('Province or territory').selectOption('ON');
    await page.getByLabel('Postal code').fill('M5E 1W7');
    await page.getByLabel('Phone').fill('416-555-0102');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.locator('#address-city-error').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('address-city');
    await toast('Failed to create address');
    for (const id of ['city', 'postal-code', 'phone']) {
      expect(await page.locator(`#address-${id}-error`).textContent(), id).toBe(
        'Not accepted by the server: please check this value',
      );
      expect(await field(id).getAttribute('aria-invalid'), id).toBe('true');
    }
    await page.getByTestId('language-select').selectOption('zh');
    await expect.poll(() => page.locator('#address-phone-error').textContent()).toBe('服务器未接受此项，请检查');
    await page.getByTestId('language-select').selectOption('en');
    await page.unroute('**/api/addresses');

    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('address-grid').waitFor();
    expect(await count()).toBe('2 addresses');
  });

  it('deletes only after the confirm dialog (Cancel and Escape keep the address)', async () => {
    const jean = card('Jean Tremblay');
    await jean.getByRole('button', { name: 'Delete Jean Tremblay' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Delete this address?');
    // Focus starts inside the dialog on Cancel, the safe choice.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await count()).toBe('2 addresses');

    await jean.getByRole('button', { name: 'Delete Jean Tremblay' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await count()).toBe('2 addresses');

    await jean.getByRole('button', { name: 'Delete Jean Tremblay' }).click();
    await dialog.getByRole('button', { name: 'Delete address' }).click();
    await toast('Address deleted');
    await jean.waitFor({ state: 'detached' });
    expect(await count()).toBe('1 address');
  });

  it('fills the form from an English address with the AI box', async () => {
    await page.getByRole('button', { name: 'Add address' }).click();
    await form().waitFor();
    const box = page.getByLabel('Paste or type an address');

    await page.getByRole('button', { name: 'Fill with AI' }).click();
    await toast('Description required');

    await box.fill('Rachel Green, 90 Bedford Rd, Toronto ON M5R 2K2, 416-555-0134');
    await page.getByRole('button', { name: 'Fill with AI' }).click();
    await toast('Fields filled');
    expect(await page.getByLabel('Full name').inputValue()).toBe('Rachel Green');
    expect(await page.getByLabel('Address line 1', { exact: true }).inputValue()).toBe('90 Bedford Rd');
    expect(await page.getByLabel('City').inputValue()).toBe('Toronto');
    expect(await page.getByLabel('Province or territory').inputValue()).toBe('ON');
    expect(await page.getByLabel('Postal code').inputValue()).toBe('M5R 2K2');
    expect(await page.getByLabel('Phone').inputValue()).toBe('416-555-0134');
    expect(await page.getByLabel('Country').inputValue()).toBe('CA');
    expect(await box.inputValue()).toBe('');

    await page.getByRole('button', { name: 'Save address' }).click();
    await toast('Address created');
    await card('Rachel Green').waitFor();
    expect(await count()).toBe('2 addresses');
  });

  it('fills the form from a Chinese address with the AI box', async () => {
    await page.getByRole('button', { name: 'Add address' }).click();
    await form().waitFor();
    await page
      .getByLabel('Paste or type an address')
      .fill('收件人：王小明，电话：604-555-0188，地址：1203-88 Harbour St, Vancouver BC V6C 3E8');
    await page.getByRole('button', { name: 'Fill with AI' }).click();
    await toast('Fields filled');
    expect(await page.getByLabel('Full name').inputValue()).toBe('王小明');
    expect(await page.getByLabel('Phone').inputValue()).toBe('604-555-0188');
    expect(await page.getByLabel('Address line 1', { exact: true }).inputValue()).toBe('88 Harbour St');
    expect(await field('address2').inputValue()).toBe('Unit 1203');
    expect(await page.getByLabel('City').inputValue()).toBe('Vancouver');
    expect(await page.getByLabel('Province or territory').inputValue()).toBe('BC');
    expect(await page.getByLabel('Postal code').inputValue()).toBe('V6C 3E8');

    await page.getByRole('button', { name: 'Save address' }).click();
    await toast('Address created');
    const wang = card('王小明');
    await wang.waitFor();
    expect(await wang.textContent()).toContain('Unit 1203 - 88 Harbour St');
    expect(await wang.textContent()).toContain('Vancouver, BC, V6C 3E8');
    expect(await count()).toBe('3 addresses');
  });

  // No reloads from here on: switching language and viewport in place keeps the test independent
  // of the built assets on disk.
  it('shows Chinese labels and a plural-free count', async () => {
    await page.getByTestId('language-select').selectOption('zh');
    await page.getByTestId('address-count').filter({ hasText: '3 个地址' }).waitFor();
    expect(await page.getByTestId('address-country').first().textContent()).toBe('加拿大');
    await page.getByRole('button', { name: '添加地址' }).click();
    await form().waitFor();
    expect(await page.getByLabel('省或地区').locator('option[value="ON"]').textContent()).toBe('ON — 安大略省');
    expect(await page.getByLabel('地址第一行', { exact: true }).count()).toBe(1);
    expect(await page.getByLabel('地址第二行').count()).toBe(1);
    await page.getByRole('button', { name: '取消' }).click();
    await page.getByTestId('language-select').selectOption('en');
    await page.getByTestId('address-count').filter({ hasText: '3 addresses' }).waitFor();
  });

  it('fits a phone screen: one card per row and the form fields stacked', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByTestId('address-grid').waitFor();
    const boxes = await page
      .getByTestId('address-card')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().left));
    expect(new Set(boxes.map(Math.round)).size).toBe(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Add address' }).click();
    await form().waitFor();
    const overflowForm = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflowForm).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
