import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import { signInViaUi } from './helpers/accounts';
import { horizontalOverflow, screenshots, seriousViolations } from './helpers/page-checks';

/*
 * Issue 24: the admin panel's Carriers tab says each carrier's mode as it is (every carrier is the
 * built-in sandbox here: no account is configured), then the last call and the last hour's errors
 * once a quote has asked them; desktop and phone, English and Chinese.
 */

const ADMIN = { email: 'admin-carriers@example.com', password: 'Admin-pass-2026' };
const shot = screenshots('admin-carriers');
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const CODES = ['CA-CP', 'CA-PUROLATOR', 'CA-UPS', 'CA-Fedex', 'CA-DHL'];

const end = (city: string, province: string, postalCode: string) => ({
  name: 'Ana Sender',
  company: '',
  streetAddress: '1 King St W',
  city,
  province,
  postalCode,
  country: 'CA',
  phoneNumber: '416-555-0100',
  emailAddress: 'ana@example.com',
});

describe('admin Carriers tab in Chromium (sandbox carriers)', () => {
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

  const rows = (page: Page) => page.getByTestId('admin-carrier');
  const row = (page: Page, code: string) => page.locator(`[data-testid="admin-carrier"][data-carrier="${code}"]`);

  it('shows every carrier as Sandbox, then the last call and the error rate after a quote', async () => {
    const { page, context } = await newPage(browser, app, { viewport: DESKTOP });
    await signInViaUi(page, ADMIN);
    await page.goto('/admin?tab=carriers');
    await page.getByTestId('admin-carriers-table').waitFor();
    expect(await rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-carrier')))).toEqual(CODES);
    for (const code of CODES) {
      const mode = row(page, code).getByTestId('admin-carrier-mode');
      expect(await mode.getAttribute('data-mode')).toBe('sandbox');
      expect(await mode.getByTestId('admin-carrier-mode-name').innerText()).toBe('Sandbox');
      expect(await mode.getAttribute('title')).toBe('Built-in simulation: no real parcel ships.');
      expect(await row(page, code).getByTestId('admin-carrier-last-call').innerText()).toBe('No call yet');
      expect(await row(page, code).getByTestId('admin-carrier-error-rate').innerText()).toBe('No calls');
    }
    await shot(page, 'none-en-desktop');

    // Toronto → Vancouver: every carrier but DHL Express (leaving Canada only) quotes.
    const quoted = await page.request.post('/api/rates/quote', {
      data: {
        fromAddress: end('Toronto', 'ON', 'M5H 1A1'),
        toAddress: end('Vancouver', 'BC', 'V6Z 2E7'),
        packageDetails: { weight: 2, length: 30, width: 20, height: 10, type: 'package' },
      },
    });
    expect(quoted.status(), await quoted.text()).toBe(200);
    // The tab reads what the quote recorded (the server writes its waiting call records before answering).
    await page.reload();
    await page.getByTestId('admin-carriers-table').waitFor();
    expect(await row(page, 'CA-CP').getByTestId('admin-carrier-last-call').getAttribute('data-outcome')).toBe('ok');
    const cp = row(page, 'CA-CP');
    expect(await cp.getByTestId('admin-carrier-last-call').innerText()).toMatch(/^Quote\nanswered\n/);
    expect(await cp.getByTestId('admin-carrier-latency').innerText()).toMatch(/^\d+ ms$/);
    expect(await cp.getByTestId('admin-carrier-error-rate').innerText()).toBe('0 % (0 of 1 call)');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'after-quote-en-desktop');
    await context.close();
  });

  it('reads in Chinese on a phone, without sideways scrolling', async () => {
    const { page, context } = await newPage(browser, app, { viewport: PHONE });
    await signInViaUi(page, ADMIN);
    await page.evaluate(() => localStorage.setItem('voyageur.lang', 'zh'));
    await page.goto('/admin?tab=carriers');
    await page.getByTestId('admin-carrier').first().waitFor();
    expect(await page.getByTestId('admin-carriers-table').count()).toBe(0);
    expect(await rows(page).count()).toBe(5);
    expect(await row(page, 'CA-UPS').getByTestId('admin-carrier-mode-name').innerText()).toBe('沙盒');
    expect(await page.getByTestId('admin-tab-carriers').innerText()).toContain('承运商');
    const cp = await row(page, 'CA-CP').getByTestId('admin-carrier-last-call').innerText();
    expect(cp).toMatch(/^询价\n已应答\n/);
    expect(await row(page, 'CA-CP').getByTestId('admin-carrier-error-rate').innerText()).toBe(
      '0%（1 次调用中失败 0 次）',
    );
    expect(await horizontalOverflow(page)).toBe(0);
    await shot(page, 'zh-phone');
    await context.close();
  });
});
