import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TPaymentMethodList } from '../../src/shared/contracts/payments';
import type { TTransaction, TWallet } from '../../src/shared/contracts/wallet';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import { signUpViaApi } from './helpers/accounts';
import { horizontalOverflow, screenshots, seriousViolations } from './helpers/page-checks';

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const shot = screenshots('wallet');

const cad = (cents: number, lang: 'en' | 'zh' = 'en') =>
  new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-CA', { style: 'currency', currency: 'CAD' }).format(cents / 100);

const torontoDay = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Toronto',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);

const CARD = {
  ok: '4242424242424242',
  declined: '4000000000000002',
  authenticate: '4000002760003184',
};

describe('card top-ups and the wallet in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
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

  const balanceApi = async (page: Page) => ((await (await page.request.get('/api/wallet')).json()) as TWallet).balance;
  const dialog = (page: Page) => page.getByTestId('topup-dialog');
  const step = (page: Page) => dialog(page).getAttribute('data-step');

  async function openTopup(page: Page): Promise<void> {
    await page.getByTestId('wallet-top-up').click();
    await dialog(page).waitFor();
    await expect.poll(() => step(page)).toBe('amount');
  }

  /** The amount step → the card step for `dollars` (a quick amount when it is one). */
  async function toCardStep(page: Page, dollars: number): Promise<void> {
    if ([50, 100, 200, 500].includes(dollars)) await page.getByTestId(`topup-quick-${dollars}`).click();
    else await page.getByTestId('topup-amount').fill(String(dollars));
    await page.getByTestId('topup-continue').click();
    await page.getByTestId('topup-card-step').waitFor();
  }

  async function fillCard(page: Page, number: string, expiry = '1230', cvc = '123'): Promise<void> {
    const field = page.getByTestId('topup-card-number');
    await field.fill('');
    await field.pressSequentially(number);
    await page.getByTestId('topup-card-name').fill('Avery Tremblay');
    await page.getByTestId('topup-card-expiry').fill('');
    await page.getByTestId('topup-card-expiry').pressSequentially(expiry);
    await page.getByTestId('topup-card-cvc').fill(cvc);
  }

  /** Closes the toast showing, if any (on a phone it sits over the dialog's buttons). */
  async function closeToast(page: Page): Promise<void> {
    const shown = page.getByTestId('toast');
    if ((await shown.count()) === 0) return;
    // The modal dialog hides the rest of the page from the accessibility tree: find the button by its label.
    await shown.locator('button[aria-label]').click();
    await shown.waitFor({ state: 'detached' });
  }

  /** Waits for a toast with this text, then closes it. */
  async function closeToastWith(page: Page, text: string): Promise<void> {
    await page.getByTestId('toast').filter({ hasText: text }).waitFor();
    await closeToast(page);
  }

  const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));

  /** Waits for the success step, then for the dialog to reset and close by itself. */
  async function closesAfterSuccess(page: Page): Promise<void> {
    await dialog(page).waitFor({ state: 'detached', timeout: 10_000 });
  }

  it('tops up $50 with a new card, refuses a declined card, authenticates both ways, pays with the saved card, filters and exports', async () => {
    const page = await open(DESKTOP);
    await signUpViaApi(page, app);
    await page.goto('/wallet');
    await page.getByTestId('wallet-page').waitFor();
    await page.getByTestId('payment-methods-empty').waitFor();
    expect(await page.getByTestId('wallet-balance').textContent()).toBe('$0.00');

    // The amount step: the screen text of the limits, labelled field with step 0.01, the limit messages.
    await openTopup(page);
    const amount = page.getByLabel('Amount (CAD)');
    // Focus starts on the amount, not on the × button.
    await expect.poll(() => focusedTestId(page)).toBe('topup-amount');
    expect(await amount.getAttribute('step')).toBe('0.01');
    expect(await amount.getAttribute('min')).toBe('10');
    expect(await amount.getAttribute('max')).toBe('10000');
    expect(await dialog(page).textContent()).toContain('from $10.00 to $10,000.00');
    await amount.fill('5');
    await page.getByTestId('topup-continue').click();
    await dialog(page).getByRole('alert').getByText('The minimum top-up is $10.00.').waitFor();
    // Shown at the field only: no toast to cover the dialog's buttons or take the first Escape.
    expect(await page.getByTestId('toast').count()).toBe(0);
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    // One Escape closes the dialog, and focus goes back to Top up.
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await expect.poll(() => focusedTestId(page)).toBe('wallet-top-up');
    await openTopup(page);
    await amount.fill('10000.01');
    await page.getByTestId('topup-continue').click();
    await dialog(page).getByRole('alert').getByText('The maximum top-up is $10,000.00.').waitFor();
    await amount.fill('12.345');
    await page.getByTestId('topup-continue').click();
    await dialog(page).getByRole('alert').getByText('Enter an amount in dollars and cents, like 50.00.').waitFor();
    // A quick amount fills the field and clears the error.
    await page.getByTestId('topup-quick-50').click();
    expect(await amount.inputValue()).toBe('50.00');
    expect(await page.getByTestId('topup-quick-50').getAttribute('aria-pressed')).toBe('true');
    expect(await dialog(page).getByRole('alert').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'amount-en-desktop', false);

    // The card step: no saved card yet, so the new card's form; the sandbox's test numbers.
    let intents = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/create-payment-intent')) intents += 1;
    });
    await page.getByTestId('topup-continue').click();
    await page.getByTestId('topup-card-step').waitFor();
    expect(intents).toBe(1);
    expect(await page.getByTestId('topup-card-amount').textContent()).toBe('$50.00');
    expect(await page.getByTestId('topup-saved-card').count()).toBe(0);
    expect(await page.getByTestId('topup-sandbox-note').textContent()).toContain('4242 4242 4242 4242');
    // No saved card: focus starts on the card number.
    await expect.poll(() => focusedTestId(page)).toBe('topup-card-number');
    const number = page.getByLabel('Card number');
    expect(await number.getAttribute('autocomplete')).toBe('cc-number');
    expect(await number.getAttribute('inputmode')).toBe('numeric');
    expect(await page.getByLabel('Name on card').getAttribute('autocomplete')).toBe('cc-name');
    expect(await page.getByLabel('Expiry (MM/YY)').getAttribute('autocomplete')).toBe('cc-exp');
    expect(await page.getByLabel('CVC').getAttribute('autocomplete')).toBe('cc-csc');
    // Pay with nothing typed: each field says what it needs, nothing is sent.
    await page.getByTestId('topup-pay').click();
    for (const text of [
      'Enter your card number.',
      'Enter the name on the card.',
      'Enter the expiry date.',
      'Enter the security code (CVC).',
    ]) {
      await dialog(page).getByRole('alert').getByText(text).waitFor();
    }
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('topup-card-number');
    await fillCard(page, CARD.ok);
    expect(await number.inputValue()).toBe('4242 4242 4242 4242');
    expect(await page.getByTestId('topup-card-expiry').inputValue()).toBe('12/30');
    expect(await dialog(page).getByRole('alert').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'card-en-desktop', false);

    // Changing the amount discards the intent: back to the amount step, a new intent on Continue.
    await page.getByTestId('topup-change-amount').click();
    await expect.poll(() => step(page)).toBe('amount');
    expect(await amount.inputValue()).toBe('50.00');
    await page.getByTestId('topup-continue').click();
    await page.getByTestId('topup-card-step').waitFor();
    expect(intents).toBe(2);

    await fillCard(page, CARD.ok);
    await page.getByTestId('topup-pay').click();
    await page.getByTestId('topup-success').waitFor();
    expect(await page.getByTestId('topup-success-amount').textContent()).toBe('$50.00 was added to your wallet.');
    expect(await page.getByTestId('topup-success-balance').textContent()).toBe('New balance: $50.00');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'success-en-desktop', false);
    await closesAfterSuccess(page);

    // The page follows: balance, the top-up first in the history, the card saved as the default.
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('$50.00');
    expect(await balanceApi(page)).toBe('50.00');
    const rows = page.getByTestId('transaction-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Top-up');
    expect(await rows.first().getByTestId('transaction-amount').textContent()).toBe('+$50.00');
    expect(await rows.first().getByTestId('transaction-status').textContent()).toBe('Completed');
    // One transaction this month: the singular sentence.
    await expect.poll(() => page.getByTestId('transactions-summary').textContent()).toMatch(/^1 transaction in /);
    await page.getByTestId('payment-methods-default').waitFor();
    expect(await page.getByTestId('default-card-number').textContent()).toBe('•••• 4242');
    expect(await page.getByTestId('default-card-expiry').textContent()).toBe('Expires 12/30');
    expect(await page.getByTestId('default-card-badge').textContent()).toBe('Default');
    expect(await page.getByTestId('payment-methods-default').textContent()).toContain('Visa');

    // A declined card: 'payment failed' with the provider's reason, inline only (no toast over Pay); no money moves.
    await openTopup(page);
    await page.getByTestId('topup-amount').fill('20');
    await page.getByTestId('topup-continue').click();
    await page.getByTestId('topup-card-step').waitFor();
    const saved = page.getByTestId('topup-saved-card');
    await saved.first().waitFor();
    expect(await saved.count()).toBe(1);
    expect(await saved.first().getByRole('radio').isChecked()).toBe(true); // the default, preselected
    // Focus starts on the chosen saved card.
    await expect
      .poll(() =>
        saved
          .first()
          .getByRole('radio')
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    expect(await page.getByTestId('topup-card-form').count()).toBe(0);
    await page.getByTestId('topup-new-card').click();
    await fillCard(page, CARD.declined);
    await page.getByTestId('topup-pay').click();
    const payError = page.getByTestId('topup-pay-error');
    await payError.waitFor();
    expect(await payError.getAttribute('role')).toBe('alert');
    expect(await payError.textContent()).toBe('Payment failed Your card was declined.');
    expect(await page.getByTestId('toast').count()).toBe(0);
    expect(await balanceApi(page)).toBe('50.00');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'error-en-desktop', false);

    // The form checks what it can before asking the provider, in the provider's words.
    await fillCard(page, '4242424242424241', '0120', '12');
    await page.getByTestId('topup-pay').click();
    await page.locator('#topup-card-number-error').getByText('Your card number is incorrect.').waitFor();
    expect(await page.locator('#topup-card-expiry-error').textContent()).toBe('Your card has expired.');
    expect(await page.locator('#topup-card-cvc-error').textContent()).toBe("Your card's security code is invalid.");
    await fillCard(page, CARD.ok, '1330');
    await page.getByTestId('topup-pay').click();
    await page.locator('#topup-card-expiry-error').getByText("Your card's expiration month is invalid.").waitFor();
    // A card detail the provider refuses is shown at its field, in the provider's words.
    await fillCard(page, '4000000000000127');
    await page.getByTestId('topup-pay').click();
    const cvcError = page.locator('#topup-card-cvc-error');
    await cvcError.waitFor();
    expect(await cvcError.textContent()).toBe("Your card's security code is incorrect.");
    expect(await payError.count()).toBe(0);
    expect(await balanceApi(page)).toBe('50.00');

    // The authentication card, failed: the bank's step, then the reason; still no money.
    await fillCard(page, CARD.authenticate);
    await page.getByTestId('topup-pay').click();
    const auth = page.getByTestId('topup-auth-step');
    await auth.waitFor();
    expect(await dialog(page).getByRole('heading', { level: 2 }).textContent()).toBe('Confirm with your bank');
    expect(await page.getByTestId('topup-auth-amount').textContent()).toBe('$20.00');
    expect(await auth.textContent()).toContain('•••• 3184');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'auth-en-desktop', false);
    await page.getByRole('button', { name: 'Fail authentication' }).click();
    await payError.waitFor();
    expect(await payError.textContent()).toContain('We are unable to authenticate your payment method.');
    expect(await balanceApi(page)).toBe('50.00');

    // …and approved: credited.
    await page.getByTestId('topup-pay').click();
    await auth.waitFor();
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await page.getByTestId('topup-success').waitFor();
    expect(await page.getByTestId('topup-success-amount').textContent()).toBe('$20.00 was added to your wallet.');
    expect(await page.getByTestId('topup-success-balance').textContent()).toBe('New balance: $70.00');
    // Done closes at once, focus back on Top up.
    await page.getByTestId('topup-done').click();
    await dialog(page).waitFor({ state: 'detached' });
    await expect.poll(() => focusedTestId(page)).toBe('wallet-top-up');
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('$70.00');

    // Escape while the bank asks: the dialog closes and says nothing was charged.
    await openTopup(page);
    await toCardStep(page, 50);
    await saved.filter({ hasText: '3184' }).click();
    await page.getByTestId('topup-pay').click();
    await page.getByTestId('topup-auth-step').waitFor();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await page.getByTestId('toast').filter({ hasText: 'Authentication cancelled — nothing was charged' }).waitFor();
    await expect.poll(() => focusedTestId(page)).toBe('wallet-top-up');
    expect(await balanceApi(page)).toBe('70.00');
    await closeToast(page);

    // Pay again with the saved card (the default, preselected): no card typed at all.
    const cards = (await (await page.request.get('/api/payment-methods')).json()) as TPaymentMethodList;
    expect(cards.paymentMethods.map((m) => m.last4).sort()).toEqual(['3184', '4242']);
    await openTopup(page);
    await toCardStep(page, 100);
    await expect.poll(() => saved.count()).toBe(2);
    const preselected = saved.filter({ has: page.getByRole('radio', { checked: true }) });
    expect(await preselected.textContent()).toContain('•••• 4242');
    expect(await preselected.textContent()).toContain('Default');
    await page.getByTestId('topup-pay').click();
    await page.getByTestId('topup-success').waitFor();
    expect(await page.getByTestId('topup-success-balance').textContent()).toBe('New balance: $170.00');
    await closesAfterSuccess(page);
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('$170.00');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(0).getByTestId('transaction-amount').textContent()).toBe('+$100.00');
    expect(await rows.nth(1).getByTestId('transaction-amount').textContent()).toBe('+$20.00');
    expect(await rows.nth(2).getByTestId('transaction-amount').textContent()).toBe('+$50.00');
    expect(await page.getByTestId('transactions-summary').textContent()).toContain('3 transactions in');

    // The filter: type, status and days in Toronto, with a clear button.
    await page.getByTestId('transactions-filter').click();
    await page.getByTestId('filter-status').selectOption('failed');
    await page.getByTestId('transactions-empty-filtered').waitFor();
    await page.getByTestId('filter-status').selectOption('completed');
    await page.getByTestId('filter-type').selectOption('topup');
    await expect.poll(() => rows.count()).toBe(3);
    await page.getByTestId('filter-type').selectOption('shipping_charge');
    await page.getByTestId('transactions-empty-filtered').waitFor();
    // The month's summary counts the month, whatever the filter shows.
    expect(await page.getByTestId('transactions-summary').textContent()).toContain('3 transactions in');
    // Exporting what the filter shows, when it shows nothing, says the filters match nothing.
    await page.getByTestId('filter-done').click();
    await page.getByTestId('wallet-export').click();
    await closeToastWith(page, 'No transactions match the filters');
    await page.getByTestId('transactions-filter').click();
    await page.getByTestId('filter-type').selectOption('all');
    const today = torontoDay(new Date());
    const yesterday = torontoDay(new Date(Date.now() - 86_400_000 * 1.5));
    await page.getByTestId('filter-to').fill(yesterday);
    await page.getByTestId('transactions-empty-filtered').waitFor();
    await page.getByTestId('filter-from').fill(today);
    await page.getByTestId('filter-to').fill(today);
    await expect.poll(() => rows.count()).toBe(3);
    expect(await page.getByTestId('transactions-filter-count').textContent()).toContain('2');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'filter-en-desktop', false);
    await page.getByTestId('filter-done').click();
    await page.getByTestId('transactions-filter-panel').waitFor({ state: 'detached' });
    await page.getByTestId('transactions-filter-clear').click();
    expect(await page.getByTestId('transactions-filter-count').count()).toBe(0);

    // Export: the CSV read back (Toronto dates, direction beside a positive amount, balance after).
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('wallet-export').click()]);
    const lines = fs
      .readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    // The seven columns, then the receipt number and the tax split (issue 27).
    expect(lines[0]).toBe(
      'Date (Toronto),Description,Type,Direction,Amount (CAD),Status,Balance after (CAD),' +
        'Receipt number,Before tax (CAD),GST (CAD),HST (CAD),QST (CAD)',
    );
    // Each top-up carries its prepayment receipt's number (P-…) and no tax.
    expect(lines.slice(1).map((l) => l.split(',')[7])).toEqual([
      expect.stringMatching(/^P-\d{6}$/),
      expect.stringMatching(/^P-\d{6}$/),
      expect.stringMatching(/^P-\d{6}$/),
    ]);
    expect(lines.slice(1).map((l) => l.split(',').slice(1, 7).join(','))).toEqual([
      'Wallet top-up (Visa •••• 4242),Top-up,Credit,100.00,Completed,170.00',
      'Wallet top-up (Visa •••• 3184),Top-up,Credit,20.00,Completed,70.00',
      'Wallet top-up (Visa •••• 4242),Top-up,Credit,50.00,Completed,50.00',
    ]);
    const api = (await (await page.request.get('/api/transactions')).json()) as TTransaction[];
    const csvDate = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Toronto',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    expect(lines[1]!.split(',')[0]).toBe(csvDate.format(new Date(api[0]!.createdAt)).replace(', ', ' '));
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'wallet-en-desktop');
  }, 240_000);

  /** Amount, card, error, authentication and success steps, as screenshots in one language and size. */
  async function tour(page: Page, lang: 'en' | 'zh', size: 'desktop' | 'phone'): Promise<void> {
    const name = (s: string) => `${s}-${lang}-${size}`;
    const before = Number((await balanceApi(page)).replace('.', ''));
    await openTopup(page);
    await page.getByTestId('topup-quick-50').click();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, name('amount'), false);
    await page.getByTestId('topup-continue').click();
    await page.getByTestId('topup-card-step').waitFor();
    await page.getByTestId('topup-card-amount').waitFor();
    if (await page.getByTestId('topup-new-card').count()) await page.getByTestId('topup-new-card').click();
    await fillCard(page, CARD.declined);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, name('card'), false);
    await page.getByTestId('topup-pay').click();
    await page.getByTestId('topup-pay-error').waitFor();
    expect(await page.getByTestId('topup-pay-error').textContent()).toContain(
      lang === 'zh' ? '支付失败' : 'Payment failed',
    );
    expect(await page.getByTestId('topup-pay-error').textContent()).toContain(
      lang === 'zh' ? '您的银行卡被拒绝。' : 'Your card was declined.',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, name('error'), false);
    // No toast over the dialog: Pay takes the tap; the Pay bar is flush with the dialog's bottom.
    expect(await page.getByTestId('toast').count()).toBe(0);
    const payBox = (await page.getByTestId('topup-pay').boundingBox())!;
    expect(
      await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid="topup-pay"]') !== null,
        [payBox.x + payBox.width / 2, payBox.y + payBox.height / 2],
      ),
    ).toBe(true);
    const barBox = (await page.getByTestId('topup-pay-bar').boundingBox())!;
    const dialogBox = (await dialog(page).boundingBox())!;
    expect(Math.abs(barBox.y + barBox.height - (dialogBox.y + dialogBox.height))).toBeLessThanOrEqual(1);
    await fillCard(page, CARD.authenticate);
    await page.getByTestId('topup-pay').click();
    await page.getByTestId('topup-auth-step').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, name('auth'), false);
    await page.getByTestId('topup-auth-approve').click();
    await page.getByTestId('topup-success').waitFor();
    expect(await page.getByTestId('topup-success-balance').textContent()).toContain(cad(before + 5000, lang));
    await shot(page, name('success'), false);
    await closesAfterSuccess(page);
  }

  it('the dialog in Chinese and on a phone: every step fits, the wallet has no sideways scrolling', async () => {
    const page = await open(DESKTOP);
    await signUpViaApi(page, app);
    await page.goto('/wallet');
    await page.getByTestId('wallet-page').waitFor();
    await page.getByTestId('language-select').selectOption('zh');
    await page.getByTestId('payment-methods-empty').getByText('暂无已保存的银行卡').waitFor();
    await tour(page, 'zh', 'desktop');
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe(cad(5000, 'zh'));
    await page.getByTestId('payment-methods-default').waitFor();
    expect(await page.getByTestId('payment-methods-default').textContent()).toContain('默认');
    expect(await page.getByTestId('transaction-row').first().textContent()).toContain('钱包充值（Visa •••• 3184）');
    await shot(page, 'wallet-zh-desktop');

    await page.setViewportSize(PHONE);
    await page.getByTestId('transaction-card').first().waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await tour(page, 'zh', 'phone');
    await shot(page, 'wallet-zh-phone');
    await page.getByTestId('language-select').selectOption('en');
    await page.getByTestId('payment-methods-default').getByText('Default').waitFor();
    await tour(page, 'en', 'phone');
    // The dialog on a phone: inside the screen, its Pay button reachable.
    await openTopup(page);
    const box = (await dialog(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('transaction-card').count()).toBe(3);
    // The masked number stays on one line (a no-break space after the dots).
    expect(await page.getByTestId('transaction-description').first().textContent()).toMatch(/••••\u00a0\d{4}/);
    expect(await page.getByTestId('transaction-table').isVisible()).toBe(false);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'wallet-en-phone');
    await page.setViewportSize(DESKTOP);
    await tour(page, 'en', 'desktop');
    // The 'add a card' links of Manage cards and Billing land here with ?topup=1: the dialog opens once.
    await page.goto('/wallet?topup=1');
    await dialog(page).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
  }, 240_000);

  it('spec §8: no provider is coming soon, a lost session asks to log in, anything else is a payment error', async () => {
    const page = await open(DESKTOP);
    await signUpViaApi(page, app);
    await page.goto('/wallet');
    await page.getByTestId('wallet-page').waitFor();

    // The server's provider is none: the button says coming soon without opening the dialog.
    await page.route('**/api/payments/config', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: '{"provider":"none","publishableKey":null}',
      }),
    );
    await Promise.all([page.waitForResponse('**/api/payments/config'), page.reload()]);
    await page.getByTestId('wallet-page').waitFor();
    await page.getByTestId('wallet-top-up').click();
    await page.getByTestId('toast').filter({ hasText: 'Coming soon' }).waitFor();
    expect(await dialog(page).count()).toBe(0);
    await page.unroute('**/api/payments/config');
    await page.reload();
    await page.getByTestId('wallet-page').waitFor();

    // 501 from the intent: the same neutral toast, and the dialog closes.
    await page.route('**/api/create-payment-intent', (route) =>
      route.fulfill({
        status: 501,
        contentType: 'application/json',
        body: '{"message":"Card payments are not configured","code":"NOT_CONFIGURED"}',
      }),
    );
    await openTopup(page);
    await page.getByTestId('topup-quick-100').click();
    await page.getByTestId('topup-continue').click();
    await page.getByTestId('toast').filter({ hasText: 'Coming soon' }).waitFor();
    await dialog(page).waitFor({ state: 'detached' });
    await page.unroute('**/api/create-payment-intent');

    // Anything else: 'payment error' / 'unexpected error', the dialog stays for another try.
    await page.route('**/api/create-payment-intent', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom","code":"INTERNAL"}' }),
    );
    await openTopup(page);
    await page.getByTestId('topup-quick-100').click();
    await page.getByTestId('topup-continue').click();
    // A general error, not one on the amount (the amount is fine), and no toast over the dialog.
    const prepareError = page.getByTestId('topup-prepare-error');
    await prepareError.waitFor();
    expect(await prepareError.textContent()).toBe(
      "Payment error We couldn't prepare the payment. Nothing was charged. Please try again.",
    );
    expect(await page.getByTestId('topup-amount').getAttribute('aria-invalid')).toBe(null);
    expect(await page.getByTestId('toast').count()).toBe(0);
    await page.unroute('**/api/create-payment-intent');
    // No answer at all: the same, with a hint to check the connection.
    await page.route('**/api/create-payment-intent', (route) => route.abort('internetdisconnected'));
    await page.getByTestId('topup-continue').click();
    await prepareError.getByText('Check your internet connection').waitFor();
    expect(await page.getByTestId('topup-amount').getAttribute('aria-invalid')).toBe(null);
    await page.unroute('**/api/create-payment-intent');

    // A session that ended: please log in, the dialog closes.
    await page.route('**/api/create-payment-intent', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: '{"message":"Authentication required","code":"UNAUTHENTICATED"}',
      }),
    );
    await page.getByTestId('topup-continue').click();
    await page.getByTestId('toast').filter({ hasText: 'Please log in' }).waitFor();
    await dialog(page).waitFor({ state: 'detached' });
    expect(await balanceApi(page)).toBe('0.00');
  }, 120_000);
});
