import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { TBilling, TCreateIntentResponse, TPaymentMethodList } from '../../src/shared/contracts/payments';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import { signUpViaApi } from './helpers/accounts';
import { horizontalOverflow, screenshots, seriousViolations } from './helpers/page-checks';

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const shot = screenshots('cards');

/**
 * Saves a card the way the top-up does, through the real calls: a payment intent that keeps the card,
 * the sandbox provider's browser-side confirm with the test number, then our confirm-payment.
 */
async function saveCardByTopUp(page: Page, number: string, expYear: number): Promise<void> {
  const created = await page.request.post('/api/create-payment-intent', {
    data: { amount: '10.00', savePaymentMethod: true },
  });
  expect(created.status(), await created.text()).toBe(200);
  const intent = (await created.json()) as TCreateIntentResponse;
  const confirmed = await page.request.post(`/api/sandbox/payment-intents/${intent.paymentIntentId}/confirm`, {
    data: {
      clientSecret: intent.clientSecret,
      card: { number, expMonth: 12, expYear, cvc: '123', name: 'Avery Tremblay' },
    },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  expect((await confirmed.json()).status).toBe('succeeded');
  const credited = await page.request.post('/api/confirm-payment', {
    data: { paymentIntentId: intent.paymentIntentId },
  });
  expect(credited.status(), await credited.text()).toBe(200);
}

describe('saved cards and Settings → Billing in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    ({ page, context } = await newPage(browser, app, { viewport: DESKTOP }));
    await signUpViaApi(page, app);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  const items = () => page.getByTestId('card-item');
  const item = (last4: string): Locator => items().filter({ hasText: `•••• •••• •••• ${last4}` });
  const count = async () => (await page.getByTestId('card-count').textContent())?.trim();
  /** Waits for a toast with this text, then closes it so it covers nothing in the next step. */
  const toast = async (text: string) => {
    const found = page.getByTestId('toast').filter({ hasText: text });
    await found.waitFor();
    await found.getByRole('button', { name: 'Close' }).click();
    await found.waitFor({ state: 'detached' });
  };
  const cardsApi = async () => (await (await page.request.get('/api/payment-methods')).json()) as TPaymentMethodList;
  const billingApi = async () => (await (await page.request.get('/api/billing')).json()) as TBilling;

  it('shows a load error with a working retry, then the empty state with the way to add a card', async () => {
    await page.route('**/api/payment-methods', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' }),
    );
    await page.goto('/manage-cards');
    const error = page.getByTestId('cards-load-error');
    await error.waitFor();
    expect(await error.getAttribute('role')).toBe('alert');
    expect(await error.textContent()).toContain("Couldn't load your cards");
    await page.unroute('**/api/payment-methods');
    await error.getByRole('button', { name: 'Try again' }).click();

    const empty = page.getByTestId('cards-empty');
    await empty.waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('Manage Cards');
    expect(await empty.textContent()).toContain('No saved cards yet');
    expect(await count()).toBe('0 cards');
    expect(await empty.getByRole('link', { name: 'Top up and save a card' }).getAttribute('href')).toBe(
      '/wallet?topup=1',
    );
    expect(await page.getByRole('link', { name: 'Back to wallet' }).getAttribute('href')).toBe('/wallet');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'empty-en-desktop');
  });

  it('a single card: masked with brand and expiry, default, no set-default, delete disabled, the blue note', async () => {
    await saveCardByTopUp(page, '4242 4242 4242 4242', 2030);
    await page.goto('/manage-cards');
    await items().first().waitFor();
    expect(await items().count()).toBe(1);
    expect(await count()).toBe('1 card');
    const visa = item('4242');
    expect(await visa.getByTestId('card-brand').textContent()).toBe('Visa');
    expect(await visa.getByTestId('card-expiry').textContent()).toBe('Expires 12/30');
    expect(await visa.getByTestId('card-brand-icon').getAttribute('data-brand')).toBe('visa');
    await visa.getByTestId('card-default-badge').waitFor();
    expect(await visa.getByTestId('card-set-default').count()).toBe(0);
    const remove = visa.getByRole('button', { name: 'Delete Visa ending in 4242' });
    // aria-disabled, not disabled: it stays reachable and says why when pressed.
    expect(await remove.getAttribute('aria-disabled')).toBe('true');
    const note = page.getByTestId('cards-note-single');
    expect(await note.textContent()).toContain("This is your only saved card, so it can't be deleted.");
    expect(await page.getByTestId('cards-note-several').count()).toBe(0);
    // The disabled button is described by the note that says why.
    expect(await remove.getAttribute('aria-describedby')).toBe('cards-single-note');
    await remove.focus();
    await page.keyboard.press('Enter');
    await toast("You can't delete your only card. Add another card first.");
    expect(await page.getByTestId('delete-card-dialog').count()).toBe(0);
    expect(await items().count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'one-en-desktop');
  });

  it('two cards: the green note; refusals say why; the second becomes default and the first is deleted', async () => {
    await saveCardByTopUp(page, '5555 5555 5555 4444', 2031);
    await page.goto('/manage-cards');
    await item('4444').waitFor();
    expect(await count()).toBe('2 cards');
    await page.getByTestId('cards-note-several').waitFor();
    expect(await page.getByTestId('cards-note-single').count()).toBe(0);
    // The default (the first card saved) is listed first.
    expect(await items().first().textContent()).toContain('4242');
    const mc = item('4444');
    expect(await mc.getByTestId('card-brand').textContent()).toBe('Mastercard');
    expect(await mc.getByTestId('card-expiry').textContent()).toBe('Expires 12/31');
    expect(await mc.getByTestId('card-default-badge').count()).toBe(0);
    expect(await item('4242').getByTestId('card-set-default').count()).toBe(0);
    expect(await item('4242').getByTestId('card-delete').isEnabled()).toBe(true);
    await shot(page, 'two-en-desktop');

    // A refusal of the server: 501 says processing is unavailable, 403 no permission, a 400 the only-card text.
    await page.route('**/api/payment-methods/*/set-default', (route) =>
      route.fulfill({ status: 501, contentType: 'application/json', body: '{"message":"Not available"}' }),
    );
    await mc.getByRole('button', { name: 'Set Mastercard ending in 4444 as default' }).click();
    await toast('Card processing is unavailable right now.');
    await page.unroute('**/api/payment-methods/*/set-default');
    expect(await mc.getByTestId('card-default-badge').count()).toBe(0);

    await page.route('**/api/payment-methods/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({
              message: "You don't have permission to modify this payment method",
              code: 'FORBIDDEN',
            }),
          })
        : route.fallback(),
    );
    await mc.getByTestId('card-delete').click();
    const dialog = page.getByTestId('delete-card-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Mastercard ending in 4444 (expires 12/31) will be removed');
    await dialog.getByTestId('confirm-delete-card').click();
    await toast("You don't have permission to change this card.");
    await dialog.waitFor({ state: 'detached' });
    await page.unroute('**/api/payment-methods/*');
    expect(await items().count()).toBe(2);

    // Cancel leaves the card, and focus goes back to its Delete button.
    await mc.getByTestId('card-delete').click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await items().count()).toBe(2);
    await expect.poll(() => mc.getByTestId('card-delete').evaluate((el) => el === document.activeElement)).toBe(true);

    // Set the second card as default: the list follows, and so does the billing summary.
    await mc.getByRole('button', { name: 'Set Mastercard ending in 4444 as default' }).click();
    await mc.getByTestId('card-default-badge').waitFor();
    // Focus lands on the card that became the default (its button is gone).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-card-id')))
      .toBe((await cardsApi()).paymentMethods.find((c) => c.last4 === '4444')!.id);
    await toast('Mastercard ending in 4444 is now your default card');
    // The list keeps its order (when each card was added); the badge moved, not the cards.
    expect(await items().first().textContent()).toContain('4242');
    expect(await items().nth(1).textContent()).toContain('4444');
    expect(await item('4242').getByTestId('card-default-badge').count()).toBe(0);
    await item('4242').getByTestId('card-set-default').waitFor();
    expect((await cardsApi()).paymentMethods.map((c) => [c.last4, c.isDefault])).toEqual([
      ['4444', true],
      ['4242', false],
    ]);
    expect((await billingApi()).defaultCard?.last4).toBe('4444');

    // Delete the first card.
    await item('4242').getByRole('button', { name: 'Delete Visa ending in 4242' }).click();
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe('Delete this card?');
    await dialog.getByRole('button', { name: 'Delete card' }).click();
    await item('4242').waitFor({ state: 'detached' });
    // The card that opened the dialog is gone: focus lands on the list's heading.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('cards-title');
    await toast('Visa ending in 4242 was deleted');
    expect(await count()).toBe('1 card');

    // The last card cannot be deleted.
    const last = item('4444');
    await last.getByTestId('card-default-badge').waitFor();
    expect(await last.getByTestId('card-delete').getAttribute('aria-disabled')).toBe('true');
    expect(await last.getByTestId('card-set-default').count()).toBe(0);
    await page.getByTestId('cards-note-single').waitFor();
    expect((await cardsApi()).paymentMethods.map((c) => c.last4)).toEqual(['4444']);
    const billing = await billingApi();
    expect([billing.cardCount, billing.defaultCard?.last4]).toEqual([1, '4444']);

    // Were it asked anyway, the server's 400 reads as the only-card error.
    const onlyCard = await page.request.delete(`/api/payment-methods/${(await cardsApi()).paymentMethods[0]!.id}`);
    expect(onlyCard.status()).toBe(400);
    expect((await onlyCard.json()).message).toBe('Cannot delete the only payment method');
  });

  it('the manage-cards screen in Chinese and on a phone', async () => {
    await saveCardByTopUp(page, '4242 4242 4242 4242', 2032);
    await page.goto('/manage-cards');
    await items().nth(1).waitFor();
    await shot(page, 'two-en-desktop-after');
    await page.getByTestId('language-select').selectOption('zh');
    await page.getByTestId('card-count').getByText('2 张银行卡').waitFor();
    expect(await item('4444').getByTestId('card-brand').textContent()).toBe('万事达卡');
    expect(await item('4444').getByTestId('card-expiry').textContent()).toBe('有效期至 12/31');
    expect(await item('4242').getByRole('button', { name: '设为默认' }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'two-zh-desktop');
    await item('4242').getByRole('button', { name: '删除' }).click();
    await page.getByTestId('delete-card-dialog').getByText('删除这张银行卡？').waitFor();
    await shot(page, 'delete-dialog-zh-desktop', false);
    await page.getByTestId('delete-card-dialog').getByRole('button', { name: '取消' }).click();

    await page.setViewportSize(PHONE);
    await items().first().waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'two-zh-phone');
    await page.getByTestId('language-select').selectOption('en');
    await page.getByTestId('card-count').getByText('2 cards').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'two-en-phone');
    await page.setViewportSize(DESKTOP);
  });

  it('Settings → Billing: the default card, then a billing address checked, saved and shown after a reload', async () => {
    await page.goto('/settings?tab=billing');
    const tab = page.getByTestId('billing-tab');
    const card = page.getByTestId('billing-default-card');
    await card.waitFor();
    expect(await card.textContent()).toContain('•••• •••• •••• 4444');
    expect(await card.textContent()).toContain('Mastercard');
    expect(await card.textContent()).toContain('Expires 12/31');
    expect(await card.textContent()).toContain('You have 1 other saved card.');
    expect(await page.getByTestId('billing-manage-cards').getAttribute('href')).toBe('/manage-cards');
    await page.getByTestId('billing-address-none').waitFor();

    // Nothing typed yet: nothing to save. Every missing field is named at once.
    const save = page.getByTestId('billing-save');
    expect(await save.isDisabled()).toBe(true);
    // Company starts as the organization's name.
    const organization = (await (await page.request.get('/api/organization')).json()) as { name: string };
    expect(organization.name).not.toBe('');
    await expect.poll(() => page.getByLabel('Company').inputValue()).toBe(organization.name);
    await page.getByLabel('Company').fill('Maple Freight Co.');
    await save.click();
    for (const text of ['Name is required', 'Address line 1 is required', 'City is required', 'Province is required']) {
      await tab.getByText(text).waitFor();
    }
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('billing-name');

    await page.getByLabel('Full name').fill('Avery Tremblay');
    await page.getByLabel('Address line 1').fill('100 Queen St W');
    await page.getByLabel('City').fill('Toronto');
    await page.getByLabel('Province or territory').selectOption('QC');
    await page.getByLabel('Postal code').fill('m5h2n2');
    await save.click();
    await tab.getByText('Postal code M5H 2N2 is not in Quebec').waitFor();
    await page.getByLabel('Province or territory').selectOption('ON');

    // A field the server refuses gets its message even when the browser saw no problem.
    await page.route('**/api/billing/address', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'City must not contain line breaks or control characters',
          code: 'VALIDATION_ERROR',
          fieldErrors: { city: ['City must not contain line breaks or control characters'] },
        }),
      }),
    );
    await save.click();
    await toast("Couldn't save the billing address");
    await tab.getByText('Not accepted by the server: please check this value').waitFor();
    expect(await page.getByLabel('City').getAttribute('aria-invalid')).toBe('true');
    await page.unroute('**/api/billing/address');

    await save.click();
    await toast('Billing address saved');
    await page.getByTestId('billing-saved').waitFor();
    expect(await save.isDisabled()).toBe(true);
    expect(await page.getByLabel('Postal code').inputValue()).toBe('M5H 2N2');
    expect((await billingApi()).billingAddress).toEqual({
      name: 'Avery Tremblay',
      company: 'Maple Freight Co.',
      address1: '100 Queen St W',
      address2: '',
      city: 'Toronto',
      province: 'ON',
      postalCode: 'M5H 2N2',
      country: 'CA',
    });
    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'billing-en-desktop');

    await page.reload();
    await page.getByTestId('billing-default-card').waitFor();
    expect(await page.getByLabel('Full name').inputValue()).toBe('Avery Tremblay');
    expect(await page.getByLabel('Company').inputValue()).toBe('Maple Freight Co.');
    expect(await page.getByLabel('Address line 1').inputValue()).toBe('100 Queen St W');
    expect(await page.getByLabel('City').inputValue()).toBe('Toronto');
    expect(await page.getByLabel('Province or territory').inputValue()).toBe('ON');
    expect(await page.getByLabel('Postal code').inputValue()).toBe('M5H 2N2');
    expect(await page.getByLabel('Country').inputValue()).toBe('CA');
    expect(await page.getByTestId('billing-address-none').count()).toBe(0);

    // A US address: the state list and ZIP follow the country.
    await page.getByLabel('Country').selectOption('US');
    expect(await page.getByLabel('State', { exact: true }).inputValue()).toBe('');
    await save.click();
    await tab.getByText('State is required').waitFor();
    expect(await tab.getByText('Province is required').count()).toBe(0);
    await page.getByLabel('State', { exact: true }).selectOption('WA');
    await page.getByLabel('ZIP code').fill('98101');
    await page.getByLabel('City').fill('Seattle');
    await save.click();
    await toast('Billing address saved');
    expect((await billingApi()).billingAddress).toMatchObject({
      city: 'Seattle',
      province: 'WA',
      postalCode: '98101',
      country: 'US',
    });

    await page.getByTestId('language-select').selectOption('zh');
    await page.getByRole('heading', { name: '账单地址' }).waitFor();
    await page.getByTestId('billing-default-card').getByText('有效期至 12/31', { exact: false }).waitFor();
    expect(await page.getByTestId('billing-default-card').textContent()).toContain('万事达卡');
    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'billing-zh-desktop');
    await page.setViewportSize(PHONE);
    await page.getByTestId('billing-address-form').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'billing-zh-phone');
    await page.getByTestId('language-select').selectOption('en');
    await page.getByRole('heading', { name: 'Billing address' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'billing-en-phone');
    await page.setViewportSize(DESKTOP);
  });

  it('Settings → Billing without a card points to the wallet to add one', async () => {
    const { page: fresh, context: freshContext } = await newPage(browser, app, { viewport: DESKTOP });
    await signUpViaApi(fresh, app);
    await fresh.goto('/settings?tab=billing');
    const none = fresh.getByTestId('billing-no-card');
    await none.waitFor();
    expect(await none.textContent()).toContain('No saved card yet.');
    expect(await none.getByRole('link', { name: 'Add a card' }).getAttribute('href')).toBe('/wallet?topup=1');
    await freshContext.close();
  });
});
