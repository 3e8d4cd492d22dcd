/**
 * Issue 27's optional mail to the recipient in Chromium, on a phone, against the built app with its
 * job workers on: the shipper ticks "Email the recipient" in the receiver's card (by keyboard), is
 * told the receiver's email is then needed, chooses Chinese, buys the label, and the receiver's
 * "shipped" mail arrives in the mail outbox — in Chinese, with the tracking number and our public
 * tracking page's link, and no price; the link opens that page without an account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, readOutbox, startApp, waitForMail, type RunningApp } from './helpers/harness';
import { signUpFunded } from './helpers/accounts';
import { horizontalOverflow, screenshots } from './helpers/page-checks';

const ADMIN = { email: 'admin-recipient@example.com', password: 'Admin-pass-2026' };
const PHONE = { width: 390, height: 844 };
const shot = screenshots('recipient-mail');

describe('mail to the recipient in Chromium', () => {
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

  it('ticks the box in the form, buys, and the receiver gets the shipped mail in Chinese', async () => {
    const { page, context } = await newPage(browser, app, { viewport: PHONE });
    try {
      await signUpFunded(page, { app, browser, admin: ADMIN }, '200.00', { description: 'recipient e2e' });
      const receiverEmail = `monica-${Date.now()}@example.com`;

      await page.goto('/create-shipment');
      await page.getByTestId('create-shipment').waitFor({ timeout: 15_000 });
      const fill = (id: string, value: string) => page.locator(`#${id}`).fill(value);
      await fill('sender-first-name', 'Rachel');
      await fill('sender-last-name', 'Green');
      await fill('sender-company', 'Central Perk');
      await fill('sender-address1', '90 Bedford Rd');
      await fill('sender-city', 'Toronto');
      await page.locator('#sender-province').selectOption('ON');
      await fill('sender-postal-code', 'M5R 2K2');
      await fill('sender-phone', '416-555-0134');
      await fill('receiver-first-name', 'Monica');
      await fill('receiver-last-name', 'Geller');
      await fill('receiver-address1', '2200 Kingsway');
      await fill('receiver-city', 'Vancouver');
      await page.locator('#receiver-province').selectOption('BC');
      await fill('receiver-postal-code', 'V5K 0A1');
      await fill('receiver-phone', '778-555-0123');
      await fill('package-weight', '2.5');
      await fill('package-length', '10');
      await fill('package-width', '8');
      await fill('package-height', '4');

      // Off by default; ticked by keyboard. The language choice appears with it.
      const notify = page.getByLabel('Email the recipient');
      expect(await notify.isChecked()).toBe(false);
      expect(await page.getByLabel('Language of the mails').count()).toBe(0);
      await notify.focus();
      await page.keyboard.press('Space');
      expect(await notify.isChecked()).toBe(true);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      // Without the receiver's email the form says so on that field.
      await page.getByTestId('calculate-rates').click();
      await page.getByText("Enter the receiver's email to mail them, or untick “Email the recipient”").waitFor();
      expect(page.url()).toContain('/create-shipment');

      await fill('receiver-email', receiverEmail);
      await page.getByLabel('Language of the mails').selectOption('zh');
      await shot(page, 'form-phone');
      await page.getByTestId('calculate-rates').click();
      await page.waitForURL('**/rate-selection', { timeout: 30_000 });
      await page.getByTestId('rate-options').waitFor({ timeout: 60_000 });
      const ordered = page.waitForResponse(
        (r) => r.url().endsWith('/api/shipments') && r.request().method() === 'POST',
        { timeout: 60_000 },
      );
      // On a phone the place-order button is the one pinned to the bottom of the screen.
      await page.getByTestId('bar-place-order').click();
      const response = await ordered;
      expect(response.status(), await response.text()).toBe(201);
      const { trackingNumber, totalCost } = (await response.json()) as { trackingNumber: string; totalCost: string };
      expect(JSON.parse(response.request().postData()!)).toMatchObject({
        notifyRecipient: true,
        recipientLanguage: 'zh',
      });

      // The receiver's mail, through the outbox and pg-boss.
      const link = await waitForMail(app, receiverEmail, /查看物流: (\S+)/, 60_000);
      const [mail] = readOutbox(app).filter((m) => m.to === receiverEmail);
      expect(mail!.subject).toBe('Central Perk 给您寄了一个包裹');
      expect(mail!.text).toContain(`运单号：${trackingNumber}`);
      expect(mail!.text).not.toContain(totalCost);
      expect(mail!.text).not.toMatch(/\$|加元|钱包/);
      expect(link).toMatch(/\/api\/track\/[^?]+\?lang=zh$/);

      // The public tracking page, in a context with no account.
      const visitor = await browser.newContext({ viewport: PHONE });
      try {
        const anon = await visitor.newPage();
        await anon.goto(link);
        await anon.getByRole('heading', { name: `包裹 ${trackingNumber}` }).waitFor();
        expect(await anon.textContent('body')).not.toContain(totalCost);
        expect(await horizontalOverflow(anon)).toBeLessThanOrEqual(0);
        await shot(anon, 'tracking-page-zh');
        await anon.getByRole('link', { name: 'English' }).click();
        await anon.getByRole('heading', { name: `Parcel ${trackingNumber}` }).waitFor();
        await anon.getByText('Label created').first().waitFor();
        await shot(anon, 'tracking-page-en');
      } finally {
        await visitor.close();
      }
    } finally {
      await context.close();
    }
  });

  it('the address book remembers the switch and the language, and picking the entry fills them in', async () => {
    const { page, context } = await newPage(browser, app, { viewport: PHONE });
    try {
      await signUpFunded(page, { app, browser, admin: ADMIN }, '50.00');
      await page.goto('/address-book');
      await page.getByRole('button', { name: 'Add your first address' }).click({ timeout: 15_000 });
      await page.getByLabel('Full name').fill('Phoebe Buffay');
      await page.getByLabel('Address line 1', { exact: true }).fill('5 Perry St');
      await page.getByLabel('City').fill('Montréal');
      await page.getByLabel('Province or territory').selectOption('QC');
      await page.getByLabel('Postal code').fill('H2X 1Y4');
      await page.getByLabel('Phone').fill('514-555-0177');
      await page.getByLabel('Email the recipient').check();
      // On without an email: the form names the email field and saves nothing.
      await page.getByRole('button', { name: 'Save address' }).click();
      await page.getByText("Enter the receiver's email to mail them, or untick “Email the recipient”").waitFor();
      await page.locator('#address-email').fill('phoebe@example.com');
      await page.getByLabel('Language of the mails').selectOption('zh');
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await shot(page, 'address-form-phone');
      await page.getByRole('button', { name: 'Save address' }).click();
      await page.getByTestId('toast').filter({ hasText: 'Address' }).first().waitFor({ timeout: 15_000 });
      const saved = (await (await page.request.get('/api/addresses')).json()) as {
        notifyRecipient: boolean;
        language: string;
      }[];
      expect(saved).toMatchObject([{ notifyRecipient: true, language: 'zh' }]);

      await page.goto('/create-shipment');
      await page.getByTestId('create-shipment').waitFor({ timeout: 15_000 });
      expect(await page.getByLabel('Email the recipient').isChecked()).toBe(false);
      await page
        .getByTestId('receiver-form')
        .getByRole('button', { name: 'Choose from address book: Receiver' })
        .click();
      await page.getByTestId('address-book-option').first().click();
      await expect.poll(() => page.locator('#receiver-email').inputValue()).toBe('phoebe@example.com');
      expect(await page.getByLabel('Email the recipient').isChecked()).toBe(true);
      expect(await page.getByLabel('Language of the mails').inputValue()).toBe('zh');

      // In Chinese, the same switch.
      await page.getByTestId('language-select').selectOption('zh');
      await page.getByLabel('给收件人发邮件').waitFor();
      expect(await page.getByLabel('邮件语言').inputValue()).toBe('zh');
    } finally {
      await context.close();
    }
  });
});
