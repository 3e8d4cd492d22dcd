/**
 * Issue 24: two carriers on their real adapters (UPS and Canada Post, pointed at loopback fakes that
 * answer as the carriers' documentation says, *_MODE=test) and three in the sandbox. The rate page
 * shows the Test badge on every card and says which kind of test each is; a Canada Post label
 * downloads as Canada Post's own PDF, byte for byte; the admin's Carriers tab says Test and Sandbox
 * where they are.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startFakeCarriers, type FakeCarriers } from '../fakes/index';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import { signInViaUi, signUpFunded } from './helpers/accounts';
import { fillShipmentForm, orderViaApi, quoteViaApi, showRates, TORONTO_TO_VANCOUVER } from './helpers/orders';
import { screenshots, seriousViolations } from './helpers/page-checks';

const ADMIN = { email: 'admin-real-carriers@example.com', password: 'Admin-pass-2026' };
const DESKTOP = { width: 1366, height: 900 };
const SIMULATED = 'Simulated carrier: no real parcel is shipped';
const TEST_MODE = 'Carrier test mode: no real parcel is shipped';
const CP_LABEL = readFileSync(
  new URL('../../src/server/providers/carriers/canada-post/fixtures/label.pdf', import.meta.url),
);
const shot = screenshots('real-carriers');

describe('real carrier adapters on fakes beside the sandbox, in Chromium', () => {
  let fakes: FakeCarriers;
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    fakes = await startFakeCarriers(['ups', 'canada-post']);
    [app, browser] = await Promise.all([
      startApp({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...fakes.env }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await fakes?.close();
  });

  const fundedUser = (page: Page) =>
    signUpFunded(page, { app, browser, admin: ADMIN }, '500.00', { description: 'real carriers e2e' });

  it('start-up says which carrier is test and which is the sandbox', () => {
    const logs = app.logs();
    expect(logs).toContain('carrier UPS: test');
    expect(logs).toContain('carrier Canada Post: test');
    for (const name of ['Purolator', 'FedEx', 'DHL']) expect(logs).toMatch(new RegExp(`carrier ${name}[^:]*: sandbox`));
  });

  it('the rate page badges every card Test and says which are the carrier test mode; a Canada Post label is its PDF', async () => {
    const { page, context } = await newPage(browser, app, { viewport: DESKTOP });
    await fundedUser(page);

    await fillShipmentForm(page);
    await showRates(page);

    const cards = page.getByTestId('rate-option');
    const n = await cards.count();
    const badges = page.getByTestId('rate-options').getByTestId('test-mode-badge');
    expect(await badges.count()).toBe(n);
    const modeOf = async (carrierName: string) =>
      cards
        .filter({ hasText: carrierName })
        .evaluateAll((els) =>
          els.map((e) => e.querySelector('[data-testid="test-mode-badge"]')?.getAttribute('data-mode')),
        );
    // The fakes answer their documented rates: Canada Post and UPS cards are theirs, in test mode.
    const cp = await modeOf('Canada Post');
    const ups = await modeOf('UPS');
    expect(cp.length).toBeGreaterThan(0);
    expect(ups.length).toBeGreaterThan(0);
    expect(new Set([...cp, ...ups])).toEqual(new Set(['test']));
    for (const name of ['Purolator', 'FedEx']) expect(new Set(await modeOf(name))).toEqual(new Set(['sandbox']));
    const cpBadge = cards.filter({ hasText: 'Canada Post' }).first().getByTestId('test-mode-badge');
    expect(await cpBadge.getAttribute('title')).toBe(TEST_MODE);
    const puroBadge = cards.filter({ hasText: 'Purolator' }).first().getByTestId('test-mode-badge');
    expect(await puroBadge.getAttribute('title')).toBe(SIMULATED);
    expect(await page.getByRole('radio', { name: new RegExp(TEST_MODE) }).count()).toBe(cp.length + ups.length);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'rates', false);
    expect(fakes.fakes['canada-post']!.requests.filter((r) => r.op === 'rate').length).toBeGreaterThan(0);
    expect(fakes.fakes.ups!.requests.filter((r) => r.op === 'rate').length).toBeGreaterThan(0);

    // A Canada Post order: the fake sells the label; the user downloads Canada Post's PDF as sent.
    const option = (await quoteViaApi(page, TORONTO_TO_VANCOUVER)).find((o) => o.carrier === 'CA-CP')!;
    expect(option.mode).toBe('test');
    const created = await orderViaApi(page, TORONTO_TO_VANCOUVER, option);
    const sold = fakes.fakes['canada-post']!.shipments.get(created.trackingNumber);
    expect(sold?.status).toBe('created');

    await page.goto('/shipments');
    const card = page.locator(`[data-testid="shipment-card"][data-order-code="${created.orderCode}"]`);
    await card.waitFor();
    expect(await card.getByTestId('test-mode-badge').getAttribute('data-mode')).toBe('test');
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId('label-download').click()]);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Buffer.compare(bytes, CP_LABEL)).toBe(0);
    expect(fakes.fakes['canada-post']!.requests.flatMap((r) => r.problems)).toEqual([]);
    expect(fakes.fakes.ups!.requests.flatMap((r) => r.problems)).toEqual([]);
    await context.close();
  });

  it("the admin's Carriers tab says Test for the two on fakes and Sandbox for the three others", async () => {
    const { page, context } = await newPage(browser, app, { viewport: DESKTOP });
    await signInViaUi(page, ADMIN);
    await page.goto('/admin?tab=carriers');
    await page.getByTestId('admin-carriers-table').waitFor();
    const modeOf = (code: string) =>
      page.locator(`[data-testid="admin-carrier"][data-carrier="${code}"]`).getByTestId('admin-carrier-mode');
    expect(await modeOf('CA-CP').getAttribute('data-mode')).toBe('test');
    expect(await modeOf('CA-UPS').getAttribute('data-mode')).toBe('test');
    for (const code of ['CA-PUROLATOR', 'CA-Fedex', 'CA-DHL']) {
      expect(await modeOf(code).getAttribute('data-mode')).toBe('sandbox');
    }
    const cpLast = page
      .locator('[data-testid="admin-carrier"][data-carrier="CA-CP"]')
      .getByTestId('admin-carrier-last-call');
    expect(await cpLast.getAttribute('data-outcome')).toBe('ok');
    await shot(page, 'admin-carriers');
    await context.close();
  });
});
