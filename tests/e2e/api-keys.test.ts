import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import { signUpViaApi } from './helpers/accounts';

/** Settings → API keys on a phone (390×844): create a key, copy it, call the API with it, see 'last used'. */
describe('API keys in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    ({ page, context } = await newPage(browser, app, { viewport: { width: 390, height: 844 } }));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await signUpViaApi(page, app);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  it('creates a test key shown once, copies it, calls the API with it, shows its last use and revokes it', async () => {
    await page.goto('/settings?tab=api-keys');
    await page.getByTestId('api-keys-warning').waitFor();
    await page.getByTestId('api-keys-live-empty').filter({ hasText: 'No production key yet.' }).waitFor();
    await page.getByTestId('api-keys-test-empty').filter({ hasText: 'No test key yet.' }).waitFor();
    // Every carrier of this server is the built-in simulation: production keys are not said to buy real labels.
    await page
      .getByTestId('api-keys-live-carriers')
      .filter({ hasText: 'Carriers are simulated on this server: labels are not real.' })
      .waitFor();
    expect(await page.getByTestId('api-keys-live-hint').textContent()).toBe(
      'Labels bought from the carriers as this server has them set up, paid from your wallet.',
    );
    expect(await page.getByTestId('api-keys-live').textContent()).not.toContain('Real labels');

    await page.getByTestId('api-key-name-test').fill('Warehouse');
    await page.getByRole('button', { name: 'Create test key' }).click();
    const secret = await page.getByTestId('new-api-key-value').inputValue();
    expect(secret).toMatch(/^vy_test_[A-Za-z0-9_-]{43}$/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const row = page.getByTestId('api-key-row').filter({ hasText: 'Warehouse' });
    expect(await row.getByTestId('api-key-masked').textContent()).toBe(`vy_test_…${secret.slice(-4)}`);
    expect(await row.getByTestId('api-key-last-used').textContent()).toBe('Never used');
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.getByTestId('new-api-key').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The copied key works on the API (and only as a bearer key).
    const wallet = await page.request.get('/api/v1/wallet', { headers: { authorization: `Bearer ${secret}` } });
    expect(wallet.status()).toBe(200);
    expect(await wallet.json()).toMatchObject({ balance: '0.00', currency: 'CAD' });

    await page.reload();
    await row
      .getByTestId('api-key-last-used')
      .filter({ hasText: /^Last used / })
      .waitFor();

    // In Chinese too.
    await page.evaluate(() => localStorage.setItem('voyageur.lang', 'zh'));
    await page.reload();
    await page.getByRole('heading', { name: '测试密钥' }).waitFor();
    await row
      .getByTestId('api-key-last-used')
      .filter({ hasText: /^最近使用于 / })
      .waitFor();
    await page.getByTestId('api-keys-live-empty').filter({ hasText: '还没有生产密钥。' }).waitFor();
    await page
      .getByTestId('api-keys-live-carriers')
      .filter({ hasText: '本服务器上的承运商均为模拟：面单不是真实的。' })
      .waitFor();

    await row.getByRole('button', { name: '撤销' }).click();
    await row.getByRole('button', { name: '撤销密钥' }).click();
    await page.getByTestId('api-keys-test-empty').waitFor();
    const after = await page.request.get('/api/v1/wallet', { headers: { authorization: `Bearer ${secret}` } });
    expect(after.status()).toBe(401);
    expect(after.headers()['content-type']).toMatch(/^application\/problem\+json/);
  });
});
