import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';

describe('the built app in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({}, { fresh: true }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('serves the web app and the health check', async () => {
    const { page, context } = await newPage(browser, app);
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    const health = await (await fetch(`${app.url}/api/health`)).json();
    expect(health.database).toBe('up');
    await context.close();
  });
});
