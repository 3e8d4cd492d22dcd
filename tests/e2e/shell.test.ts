import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import { signInViaUi, signUpViaApi } from './helpers/accounts';

const ADMIN = { email: 'admin-shell@example.com', password: 'Admin-pass-2026' };

describe('signed-in shell in Chromium', () => {
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

  it('sends signed-out visitors of protected routes to /auth', async () => {
    const { page, context } = await newPage(browser, app);
    for (const path of ['/dashboard', '/settings', '/admin']) {
      await page.goto(path);
      await page.waitForURL('**/auth');
    }
    await context.close();
  });

  it('shows Page Not Found for an unknown route, with a way home', async () => {
    const { page, context } = await newPage(browser, app);
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('shows the sidebar without Admin Panel to a non-admin, and /admin says Access Denied', async () => {
    const { page, context } = await newPage(browser, app);
    await signUpViaApi(page, app);
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    for (const label of [
      'Dashboard',
      'Shipments',
      'Bulk Import',
      'Tracking',
      'Wallet & Billing',
      'Address Book',
      'Settings',
    ]) {
      expect(await nav.getByRole('link', { name: label }).count()).toBe(1);
    }
    expect(await nav.getByRole('link', { name: 'Admin Panel' }).count()).toBe(0);
    // Every carrier is the built-in sandbox: the indicator says so, and never 'Live' (issue 22).
    const carrierStatus = page.getByTestId('carrier-status').first();
    await carrierStatus.waitFor();
    expect(await carrierStatus.textContent()).toContain('Sandbox');
    expect(await carrierStatus.textContent()).not.toContain('Live');
    await page.getByTestId('page-title').filter({ hasText: 'Dashboard' }).waitFor();

    await nav.getByRole('link', { name: 'Shipments' }).click();
    await page.waitForURL('**/shipments');
    await page.getByTestId('page-title').filter({ hasText: 'Shipments' }).waitFor();
    await page.getByRole('link', { name: 'New Shipment' }).click();
    await page.waitForURL('**/create-shipment');
    await page.getByTestId('page-title').filter({ hasText: 'Create Shipment' }).waitFor();

    await page.goto('/admin');
    await page.getByText("Access Denied: You don't have permission to access this page.").waitFor();
    await context.close();
  });

  it('shows Admin Panel to an admin, and /admin opens the admin page', async () => {
    const { page, context } = await newPage(browser, app);
    await signInViaUi(page, ADMIN);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Admin Panel' }).click();
    await page.waitForURL('**/admin');
    await page.getByTestId('page-title').filter({ hasText: 'Admin Panel' }).waitFor();
    await page.getByTestId('admin-page').waitFor();
    expect(await page.getByTestId('access-denied').count()).toBe(0);
    expect(await page.title()).toBe('Admin Panel · Voyageur');
    await context.close();
  });

  it('switches to Chinese, keeps it after reload and saves it on the server', async () => {
    const { page, context } = await newPage(browser, app);
    await signUpViaApi(page, app);
    await page.goto('/dashboard');
    await page.getByTestId('language-select').first().selectOption('zh');
    const nav = page.getByRole('navigation', { name: '主导航' });
    await nav.getByRole('link', { name: '仪表盘' }).waitFor();
    expect(await nav.getByRole('link', { name: '钱包与账单' }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: '批量导入' }).count()).toBe(1);
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
    await expect.poll(async () => (await (await page.request.get(`${app.url}/api/user`)).json()).locale).toBe('zh');

    await page.reload();
    await page.getByRole('button', { name: '退出登录' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');

    // The landing and auth screens follow the stored choice too.
    await page.request.post(`${app.url}/api/logout`);
    await page.goto('/');
    await page.getByRole('link', { name: '今天就开始寄件' }).waitFor();
    await page.goto('/auth');
    await page.getByRole('heading', { name: '登录 Voyageur' }).waitFor();
    await page.getByTestId('language-select').selectOption('en');
    await page.getByRole('heading', { name: 'Sign in to Voyageur' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await context.close();
  });

  it('after sign-in, a language chosen before is saved on the account; a new browser shows the account language', async () => {
    // 中文 chosen on the sign-in screen, then an account made (in English): mails would come in English.
    const first = await newPage(browser, app);
    await first.page.goto('/auth');
    await first.page.getByTestId('language-select').selectOption('zh');
    await first.page.getByRole('heading', { name: '登录 Voyageur' }).waitFor();
    const account = await signUpViaApi(first.page, app);
    expect((await (await first.page.request.get(`${app.url}/api/user`)).json()).locale).toBe('en');
    await first.page.goto('/dashboard');
    await first.page.getByRole('button', { name: '退出登录' }).waitFor();
    // The account now says Chinese, so the mails follow the screen.
    await expect
      .poll(async () => (await (await first.page.request.get(`${app.url}/api/user`)).json()).locale)
      .toBe('zh');
    await first.context.close();

    // Another browser, no language chosen there: after signing in, the screens are in the account's Chinese.
    const second = await newPage(browser, app);
    await signInViaUi(second.page, account);
    const nav = second.page.getByRole('navigation', { name: '主导航' });
    await nav.getByRole('link', { name: '仪表盘' }).waitFor();
    expect(await second.page.locator('html').getAttribute('lang')).toBe('zh-CN');
    await second.page.reload();
    await nav.getByRole('link', { name: '仪表盘' }).waitFor();
    await second.context.close();
  });

  it('opens the sidebar as a drawer on a phone, locks scrolling and closes it', async () => {
    const { page, context } = await newPage(browser, app, { viewport: { width: 390, height: 844 } });
    await signUpViaApi(page, app);
    await page.goto('/dashboard');
    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.waitFor();
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    const overflow = () => page.evaluate(() => getComputedStyle(document.body).overflow);

    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Main navigation' });
    await drawer.waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(await overflow()).toBe('hidden');

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await overflow()).not.toBe('hidden');

    await menu.click();
    await drawer.waitFor();
    await page.getByTestId('drawer-backdrop').click({ position: { x: 370, y: 600 } });
    await drawer.waitFor({ state: 'detached' });
    expect(await overflow()).not.toBe('hidden');

    await menu.click();
    await drawer.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    await drawer.waitFor({ state: 'detached' });
    expect(await overflow()).not.toBe('hidden');
    await context.close();
  });
  it('keeps toasts off the drawer on a phone: sign-out stays clickable', async () => {
    const { page, context } = await newPage(browser, app, { viewport: { width: 390, height: 844 } });
    await signUpViaApi(page, app);
    await page.goto('/settings');
    await page.getByLabel('First name').fill('Toast');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const toast = page.getByTestId('toast');
    await toast.filter({ hasText: 'Profile updated' }).waitFor();

    // Opening the drawer closes the toast that sat where the drawer's sign-out is.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Main navigation' });
    await drawer.waitFor();
    await expect.poll(() => toast.filter({ hasText: 'Profile updated' }).count()).toBe(0);
    const signOut = drawer.getByRole('button', { name: 'Sign out' });
    const onTop = () =>
      signOut.evaluate((button) => {
        const r = button.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !!hit && button.contains(hit);
      });
    expect(await onTop()).toBe(true);

    // A toast raised while the drawer is open (a failed sign-out) shows at the top, not over the button.
    await page.route('**/api/logout', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Unavailable"}' }),
    );
    await signOut.click();
    await toast.filter({ hasText: 'Logout failed' }).waitFor();
    const box = (await toast.boundingBox())!;
    expect(box.y + box.height).toBeLessThan(844 / 2);
    expect(await onTop()).toBe(true);

    // Trying again closes the failure toast; this time it works.
    await page.unroute('**/api/logout');
    await signOut.click();
    await page.waitForURL('**/auth');
    await toast.filter({ hasText: 'Logged out' }).waitFor();
    await expect.poll(() => toast.filter({ hasText: 'Logout failed' }).count()).toBe(0);
    await context.close();
  });

  it('translates an open toast when the language changes', async () => {
    const { page, context } = await newPage(browser, app);
    await signUpViaApi(page, app);
    await page.goto('/settings');
    await page.getByLabel('First name').fill('Lang');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const toast = page.getByTestId('toast');
    await toast.filter({ hasText: 'Profile updated' }).waitFor();
    await page.getByTestId('language-select').first().selectOption('zh');
    await toast.filter({ hasText: '个人资料已更新' }).waitFor();
    expect(await toast.filter({ hasText: 'Profile updated' }).count()).toBe(0);
    await page.getByTestId('language-select').first().selectOption('en');
    await toast.filter({ hasText: 'Profile updated' }).waitFor();
    await context.close();
  });
});
