/**
 * Issue 27's SMS in Chromium on a phone-sized screen, against the built app (SMS sandbox: one file
 * per text in DATA_DIR/sms-outbox): the SMS switch is off and says why without a verified phone;
 * its link leads to the profile, where the shipper adds a number by keyboard, reads the code from
 * the SMS outbox, verifies it, and then turns the SMS switch on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import { signUpViaApi } from './helpers/accounts';
import { horizontalOverflow, seriousViolations } from './helpers/page-checks';
import { listSmsOutbox } from '../../src/server/providers/sms/outbox';

const PHONE = { width: 390, height: 844 };

/** Waits for a text to `to` in the app's SMS outbox and answers its 6-digit code. */
async function waitForSmsCode(app: RunningApp, to: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const texts = (await listSmsOutbox(path.join(app.dataDir, 'sms-outbox'))).filter((m) => m.to === to);
    const code = /\b(\d{6})\b/.exec(texts.at(-1)?.body ?? '')?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no SMS to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('SMS in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('adds a phone, verifies it with the texted code, and turns the SMS switch on', async () => {
    const { page } = await newPage(browser, app, { viewport: PHONE });
    await signUpViaApi(page, app);

    // Without a phone the switch is off, disabled, and says why, with the way to add one.
    await page.goto('/settings?tab=notifications');
    const sms = page.getByRole('switch', { name: 'SMS notifications' });
    await sms.waitFor({ timeout: 20_000 });
    expect(await sms.getAttribute('aria-checked')).toBe('false');
    expect(await sms.isDisabled()).toBe(true);
    await page.getByText('Add and verify a mobile number in your profile to turn on SMS.').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('link', { name: 'Add a mobile number' }).click();

    // The profile's phone card, its field focused: typed and sent by keyboard.
    const number = page.getByLabel('Mobile number');
    await number.waitFor({ timeout: 15_000 });
    await expect.poll(() => number.evaluate((el) => el === document.activeElement)).toBe(true);
    await number.fill('555-0147');
    await page.keyboard.press('Enter');
    await page.getByText('Enter a mobile number that can take texts').first().waitFor();
    await number.fill('(416) 555-0147');
    await page.keyboard.press('Enter');
    await page.getByText('We texted a 6-digit code to 416-555-0147. It expires in 10 minutes.').waitFor({
      timeout: 15_000,
    });
    const code = await waitForSmsCode(app, '+14165550147');
    // The code panel passes axe, and its resend button waits out the 60 s.
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.getByRole('button', { name: /^New code in \d+ s$/ }).isDisabled()).toBe(true);

    const codeField = page.getByLabel('Code from the text message');
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await page.keyboard.press('Enter');
    await page.getByText('Invalid verification code').first().waitFor();
    await codeField.fill(code);
    await page.keyboard.press('Enter');
    await page.getByTestId('phone-verified').getByText('SMS go to 416-555-0147.').waitFor({ timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // Now the switch takes Space, saves, and stays on.
    await page.goto('/settings?tab=notifications');
    await sms.waitFor();
    expect(await sms.isDisabled()).toBe(false);
    await page.getByText('Texts go to 416-555-0147.', { exact: false }).waitFor();
    await sms.focus();
    await page.keyboard.press('Space');
    expect(await sms.getAttribute('aria-checked')).toBe('true');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Notification preferences saved' }).waitFor();
    await page.reload();
    await sms.waitFor({ timeout: 15_000 });
    expect(await sms.getAttribute('aria-checked')).toBe('true');
  }, 180_000);
});
