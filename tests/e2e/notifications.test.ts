/**
 * Issue 27's notification switches in Chromium, against the built app with its job workers on: on a
 * phone, a shipper turns order receipts off in settings, orders, and gets no receipt mail in the
 * outbox; turned back on, the next order's receipt arrives, once, with its one-click unsubscribe.
 *
 * "No mail" is judged without a fixed wait: the receipt jobs of one queue run one at a time in the
 * order they were queued, so once another shipper's receipt, ordered after, is in the outbox, the
 * first one's job has run (and sent nothing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, readOutbox, startApp, waitForMail, type RunningApp } from './helpers/harness';
import { signUpFunded } from './helpers/accounts';
import { placeOrderViaApi } from './helpers/orders';
import { horizontalOverflow } from './helpers/page-checks';
import { controlsUnderToasts } from './helpers/toast-checks';

const ADMIN = { email: 'admin-notify@example.com', password: 'Admin-pass-2026' };
const PHONE = { width: 390, height: 844 };

const placeOrder = async (page: Page): Promise<string> => (await placeOrderViaApi(page)).orderCode;

const receiptsTo = (app: RunningApp, email: string) =>
  readOutbox(app).filter((m) => m.to === email && m.subject.startsWith('Your receipt R-'));

describe('notification switches in Chromium', () => {
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

  it('a switch turned off in settings sends no receipt; turned on, the next order’s receipt arrives once', async () => {
    const { page } = await newPage(browser, app, { viewport: PHONE });
    const shipper = await signUpFunded(page, { app, browser, admin: ADMIN }, '200.00', { description: 'notify e2e' });

    await page.goto('/settings?tab=notifications');
    const receipts = page.getByRole('switch', { name: 'Order receipts' });
    await receipts.waitFor({ timeout: 15_000 });
    expect(await receipts.getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('switch', { name: 'Tracking updates' }).getAttribute('aria-checked')).toBe('true');
    const threshold = page.getByLabel('Alert me below (CAD)');
    expect(await threshold.inputValue()).toBe('20.00');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // A threshold that is not an amount is named on its field and nothing is saved.
    await threshold.fill('twenty');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByText('Enter an amount such as 20 or 20.00').waitFor();

    // By keyboard: the switch takes Space.
    await threshold.fill('5.00');
    await receipts.focus();
    await page.keyboard.press('Space');
    expect(await receipts.getAttribute('aria-checked')).toBe('false');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Notification preferences saved' }).waitFor();
    // The toast covers neither the button just pressed nor any other control on the phone's screen
    // once it has slid into place (as create-shipment.test.ts asks it).
    await expect.poll(() => controlsUnderToasts(page)).toEqual([]);
    await page.reload();
    await receipts.waitFor();
    expect(await receipts.getAttribute('aria-checked')).toBe('false');
    expect(await page.getByLabel('Alert me below (CAD)').inputValue()).toBe('5.00');

    await placeOrder(page);

    // Another shipper (receipts on by default) orders after: their receipt queued after the first one.
    const other = await newPage(browser, app);
    const second = await signUpFunded(other.page, { app, browser, admin: ADMIN }, '200.00');
    const secondCode = await placeOrder(other.page);
    await waitForMail(app, second.email, new RegExp(`Order:\\s+${secondCode}`), 60_000);
    expect(receiptsTo(app, shipper.email)).toHaveLength(0);

    // Turned back on: the next order's receipt arrives.
    await page.getByRole('switch', { name: 'Order receipts' }).click();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Notification preferences saved' }).waitFor();
    const code = await placeOrder(page);
    await waitForMail(app, shipper.email, new RegExp(`Order:\\s+${code}`), 60_000);
    const mails = receiptsTo(app, shipper.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(new RegExp(`^Your receipt R-\\d{6} for order ${code}$`));

    // The mail as written: one-click unsubscribe headers and the receipt's PDF.
    const eml = fs
      .readdirSync(app.outboxDir)
      .map((f) => fs.readFileSync(path.join(app.outboxDir, f), 'utf8'))
      .find((text) => text.includes(`To: ${shipper.email}`) && text.includes('List-Unsubscribe-Post'))!;
    expect(eml).toMatch(
      /^List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/api\/notifications\/unsubscribe\?token=[^>]+>$/m,
    );
    expect(eml).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(eml).toMatch(/Content-Disposition: attachment; filename="receipt-R-\d{6}\.pdf"/);

    // Its unsubscribe link opens a confirm page that changes nothing until its button is pressed.
    const link = /^List-Unsubscribe: <([^>]+)>$/m.exec(eml)![1]!;
    await page.goto(link);
    await page.getByRole('heading', { name: 'Unsubscribe from order receipts?' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    const prefs = async () => (await (await page.request.get('/api/user/notifications')).json()).receipts;
    expect(await prefs()).toBe(true);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    expect(await prefs()).toBe(false);
  });
});
