import type { Page } from 'playwright-core';
import { waitForMail, type RunningApp } from './harness';

export type TestAccount = { email: string; password: string; firstName: string; lastName: string };

let counter = 0;

export function newAccount(prefix = 'user'): TestAccount {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { email: `${prefix}-${id}@example.com`, password: `Passw0rd-${id}`, firstName: 'Avery', lastName: 'Tremblay' };
}

/**
 * Registers and verifies an account through the API with the page's own request context, so
 * the session cookie lands in the page's browser context (signed in).
 */
export async function signUpViaApi(page: Page, app: RunningApp, account = newAccount()): Promise<TestAccount> {
  const { email, password, firstName, lastName } = account;
  const reg = await page.request.post(`${app.url}/api/register`, { data: { email, password, firstName, lastName } });
  if (!reg.ok()) throw new Error(`register failed: ${reg.status()} ${await reg.text()}`);
  const code = await waitForMail(app, email, /\b(\d{6})\b/);
  const verify = await page.request.post(`${app.url}/api/auth/verify-otp`, { data: { email, code } });
  if (!verify.ok()) throw new Error(`verify failed: ${verify.status()} ${await verify.text()}`);
  return account;
}

/** Signs in through the login form and waits for the dashboard. */
export async function signInViaUi(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/dashboard');
}
