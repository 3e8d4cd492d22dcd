import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import { signUpViaApi } from './helpers/accounts';

/** Sizes of the visible buttons, links and form controls narrower or shorter than 40px. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('header a, header button, header select, main button, main select')]
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 1 && box.height > 1 && (box.width < 40 || box.height < 40))
      .map(
        ({ el, box }) =>
          `${el.tagName} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim()}" ${box.width}x${box.height}`,
      ),
  );
}

describe('phone layout at 390x844', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    ({ page, context } = await newPage(browser, app, { viewport: { width: 390, height: 844 } }));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  const overflow = () => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

  it('names the tab on the auth screen and the not-found page', async () => {
    await page.goto('/auth');
    await page.getByTestId('auth-card').waitFor();
    await expect.poll(() => page.title()).toBe('Sign in · Voyageur');
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await expect.poll(() => page.title()).toBe('Page Not Found · Voyageur');
  });

  it('keeps the landing header controls at least 40px', async () => {
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const small = await page.evaluate(
      () =>
        [...document.querySelectorAll<HTMLElement>('header nav a, header nav select')]
          .map((el) => el.getBoundingClientRect())
          .filter((b) => b.height < 40).length,
    );
    expect(small).toBe(0);
    expect(await overflow()).toBeLessThanOrEqual(0);
  });

  it('shows every signed-in screen without sideways scrolling, whole titles and 40px targets', async () => {
    await signUpViaApi(page, app);
    for (const path of ['/dashboard', '/create-shipment', '/address-book', '/wallet', '/manage-cards', '/settings']) {
      await page.goto(path);
      const title = page.getByTestId('page-title');
      await title.waitFor();
      await page.waitForLoadState('networkidle');
      expect(await overflow(), path).toBeLessThanOrEqual(0);
      // The title wraps rather than being cut off with an ellipsis.
      expect(await title.evaluate((h) => h.scrollWidth <= h.clientWidth), path).toBe(true);
      expect(await smallTargets(page), path).toEqual([]);
    }
    // A non-admin at /admin: Access Denied under no admin header, with the way back.
    await page.goto('/admin');
    await page.getByTestId('access-denied').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('page-title').count()).toBe(0);
    expect(await overflow(), '/admin').toBeLessThanOrEqual(0);
    expect(await smallTargets(page), '/admin').toEqual([]);
  });

  it("puts each assistant box in its own party's card, next to the fields it fills", async () => {
    await page.goto('/create-shipment');
    await page.getByTestId('create-shipment').waitFor();
    for (const party of ['sender', 'receiver'] as const) {
      const card = (await page.getByTestId(`${party}-form`).boundingBox())!;
      const box = (await page.getByTestId(`ai-assist-${party}`).boundingBox())!;
      const firstField = (await page.locator(`#${party}-first-name`).boundingBox())!;
      expect(box.y, party).toBeGreaterThanOrEqual(card.y);
      expect(box.y + box.height, party).toBeLessThanOrEqual(card.y + card.height);
      // Straight above the first field it fills, not a screen-length away.
      expect(firstField.y - (box.y + box.height), party).toBeGreaterThan(0);
      expect(firstField.y - (box.y + box.height), party).toBeLessThan(100);
    }
  });
});
