import type { APIRequestContext, Browser, Page } from 'playwright-core';
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

/** The admin a test file starts the app with (its ADMIN_EMAIL and ADMIN_PASSWORD). */
export type AdminLogin = { email: string; password: string };

/** The id of the user signed in on `page`. */
export async function signedInUserId(page: Page): Promise<string> {
  const me = await page.request.get('/api/user');
  if (!me.ok()) throw new Error(`GET /api/user failed: ${me.status()} ${await me.text()}`);
  return ((await me.json()) as { id: string }).id;
}

/** Adds `amount` (CAD, like '100.00') to a user's wallet with an admin's signed-in request context. */
export async function addBalance(
  admin: APIRequestContext,
  userId: string,
  amount: string,
  description = 'e2e funds',
): Promise<void> {
  const added = await admin.post('/api/admin/add-balance', { data: { userId, amount, description } });
  if (added.status() !== 200) throw new Error(`add-balance failed: ${added.status()} ${await added.text()}`);
}

/**
 * Adds `amount` to the wallet of the user signed in on `page`, as the admin from a browser context
 * of its own (signed in, then closed). Returns the user's id.
 */
export async function fundWallet(
  page: Page,
  env: { app: RunningApp; browser: Browser; admin: AdminLogin },
  amount: string,
  description?: string,
): Promise<string> {
  const userId = await signedInUserId(page);
  const context = await env.browser.newContext({ baseURL: env.app.url });
  try {
    const login = await context.request.post('/api/login', { data: env.admin });
    if (login.status() !== 200) throw new Error(`admin login failed: ${login.status()} ${await login.text()}`);
    await addBalance(context.request, userId, amount, description);
  } finally {
    await context.close();
  }
  return userId;
}

/** A new account signed up on `page` (signUpViaApi) with `amount` in its wallet, added by the admin. */
export async function signUpFunded(
  page: Page,
  env: { app: RunningApp; browser: Browser; admin: AdminLogin },
  amount: string,
  opts: { account?: TestAccount; description?: string } = {},
): Promise<TestAccount & { id: string }> {
  const account = await signUpViaApi(page, env.app, opts.account);
  const id = await fundWallet(page, env, amount, opts.description);
  return { ...account, id };
}
