import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import { signUpViaApi } from './helpers/accounts';

describe('AI assistant box: the length limit in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    ({ page, context } = await newPage(browser, app));
    await signUpViaApi(page, app);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  it('takes a whole long e-mail, and past 5,000 characters says so in the page language without sending it', async () => {
    await page.goto('/create-shipment');
    const box = page.getByTestId('ai-assist-receiver');
    const input = box.getByTestId('ai-assist-input');

    // A long order e-mail (4,900 characters) is kept whole and read.
    const email = `Please ship to Rachel Green, 90 Bedford Rd, Toronto ON M5R 2K2.\n${'Terms of sale. '.repeat(320)}`;
    await input.fill(email);
    expect((await input.inputValue()).length).toBe(email.length);
    await expect.poll(() => box.getByTestId('ai-assist-error').count()).toBe(0);
    await box.getByTestId('ai-assist-submit').click();
    await expect.poll(() => page.locator('#receiver-postal-code').inputValue()).toBe('M5R 2K2');

    let parseRequests = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/ai/parse-shipment')) parseRequests++;
    });
    await input.fill('x'.repeat(5200));
    const error = box.getByTestId('ai-assist-error');
    await expect.poll(() => error.textContent()).toContain('at most 5,000 characters (this is 5,200)');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    await box.getByTestId('ai-assist-submit').click();
    await page.getByTestId('toast').filter({ hasText: 'at most 5,000 characters' }).waitFor();
    expect(parseRequests).toBe(0);

    await page.getByTestId('language-select').selectOption('zh');
    await expect
      .poll(() => error.textContent())
      .toBe('文字过长：AI 助手最多读取 5,000 个字符（当前 5,200 个）。请只保留包含姓名和地址的部分。');
    await page.getByTestId('language-select').selectOption('en');
  });
});
