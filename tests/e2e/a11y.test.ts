import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import { signUpViaApi } from './helpers/accounts';

/** Axe violations with impact serious or critical, summarised for a readable failure. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility (axe) in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('landing page, in English and Chinese', async () => {
    const { page, context } = await newPage(browser, app);
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Your Free Trial' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('language-select').selectOption('zh');
    await page.getByRole('link', { name: '开始免费试用' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('auth screen: login, register, forgot password, error banner', async () => {
    const { page, context } = await newPage(browser, app);
    await page.goto('/auth');
    await page.getByRole('heading', { name: 'Sign in to Voyageur' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Email is required').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByTestId('error-banner').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/auth?error=google_not_configured');
    await page.getByTestId('error-banner').waitFor();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('settings tabs and the shell, on desktop and in the phone drawer', async () => {
    const { page, context } = await newPage(browser, app);
    await signUpViaApi(page, app);
    for (const tab of ['profile', 'organization', 'notifications', 'security', 'api-keys', 'billing']) {
      await page.goto(`/settings?tab=${tab}`);
      await page.getByRole('tabpanel').waitFor();
      await page.waitForLoadState('networkidle');
      expect({ tab, violations: await seriousViolations(page) }).toEqual({ tab, violations: [] });
    }
    await page.goto('/dashboard');
    await page.getByTestId('coming-soon').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();

    const phone = await newPage(browser, app, { viewport: { width: 390, height: 844 } });
    await signUpViaApi(phone.page, app);
    await phone.page.goto('/settings');
    await phone.page.getByRole('button', { name: 'Open menu' }).click();
    await phone.page.getByRole('dialog').waitFor();
    expect(await seriousViolations(phone.page)).toEqual([]);
    await phone.context.close();
  });
});
