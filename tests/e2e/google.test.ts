import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import { startLocalOidc, type LocalOidc } from '../integration/helpers/local-oidc';

const CLIENT_ID = 'voyageur-e2e.apps.example';
const CLIENT_SECRET = 'an-e2e-client-secret';

describe('Google sign-in in Chromium, against a local OpenID provider', () => {
  let idp: LocalOidc;
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    idp = await startLocalOidc();
    [app, browser] = await Promise.all([
      startApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET, GOOGLE_ISSUER: idp.issuer }),
      launchBrowser(),
    ]);
    idp.register({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUri: `${app.url}/api/auth/google/callback`,
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await idp?.close();
  });

  it('shows the Google button, and signing in with a verified email creates the account', async () => {
    idp.accounts.set('e2e-1', {
      email: 'Grace.Hopper@Example.com',
      email_verified: true,
      given_name: 'Grace',
      family_name: 'Hopper',
    });
    const { page, context } = await newPage(browser, app);
    await page.goto('/auth');
    const google = page.getByRole('link', { name: 'Sign in with Google' });
    expect(await google.getAttribute('href')).toBe('/api/auth/google');
    await google.click();
    await page.getByRole('heading', { name: 'Local provider sign-in' }).waitFor();
    expect(new URL(page.url()).origin).toBe(idp.issuer);
    await page.getByLabel('Account').fill('e2e-1');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL('**/dashboard');
    const me = await page.request.get(`${app.url}/api/user`);
    expect(await me.json()).toMatchObject({ email: 'grace.hopper@example.com', firstName: 'Grace' });
    await context.close();
  });

  it('shows a banner when consent is denied or the email is not verified, in the chosen language', async () => {
    idp.accounts.set('e2e-2', { email: 'unverified@example.com', email_verified: false });
    const { page, context } = await newPage(browser, app);
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL('**/auth?error=google_cancelled');
    await page.getByTestId('error-banner').filter({ hasText: 'Google sign-in was cancelled.' }).waitFor();

    await page.getByTestId('language-select').selectOption('zh');
    await page.getByRole('link', { name: '使用 Google 登录' }).click();
    await page.getByLabel('Account').fill('e2e-2');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL('**/auth?error=google_email_unverified');
    await page.getByTestId('error-banner').filter({ hasText: 'Google 尚未验证此邮箱地址' }).waitFor();
    expect((await page.request.get(`${app.url}/api/user`)).status()).toBe(401);
    await context.close();
  });
});
