/**
 * Issue 24: two carriers on their real adapters (UPS and Canada Post, pointed at loopback fakes that
 * answer as the carriers' documentation says, *_MODE=test) and three in the sandbox. The rate page
 * shows the Test badge on every card and says which kind of test each is; a Canada Post label
 * downloads as Canada Post's own PDF, byte for byte; the admin's Carriers tab says Test and Sandbox
 * where they are.
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TRateOption } from '../../src/shared/contracts/rates';
import type { TCreatedShipment } from '../../src/shared/contracts/shipments';
import { startFakeCarriers, type FakeCarriers } from '../fakes/index';
import { launchBrowser, newPage, startApp, type RunningApp } from './helpers/harness';
import { signInViaUi, signUpViaApi } from './helpers/accounts';
import { screenshots, seriousViolations } from './helpers/page-checks';

const ADMIN = { email: 'admin-real-carriers@example.com', password: 'Admin-pass-2026' };
const DESKTOP = { width: 1366, height: 900 };
const SIMULATED = 'Simulated carrier: no real parcel is shipped';
const TEST_MODE = 'Carrier test mode: no real parcel is shipped';
const CP_LABEL = readFileSync(
  new URL('../../src/server/providers/carriers/canada-post/fixtures/label.pdf', import.meta.url),
);
const shot = screenshots('real-carriers');

const FROM = {
  firstName: 'Ana',
  lastName: 'Sender',
  company: 'Maple Goods',
  address: '1 King St W',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5H 1A1',
  country: 'CA',
  phone: '416-555-0100',
  email: 'ana@example.com',
};
const TO = {
  firstName: 'Bob',
  lastName: 'Receiver',
  company: '',
  address: '800 Robson St',
  city: 'Vancouver',
  province: 'BC',
  postalCode: 'V6Z 2E7',
  country: 'CA',
  phone: '604-555-0199',
  email: 'bob@example.com',
};
const PARCEL = { weight: 2, length: 30, width: 20, height: 10, type: 'package' };
const quoteEnd = (p: typeof FROM) => ({
  name: `${p.firstName} ${p.lastName}`,
  company: p.company,
  streetAddress: p.address,
  city: p.city,
  province: p.province,
  postalCode: p.postalCode,
  country: p.country,
  phoneNumber: p.phone,
  emailAddress: p.email,
});

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

  async function fundedUser(page: Page): Promise<void> {
    await signUpViaApi(page, app);
    const me = (await (await page.request.get('/api/user')).json()) as { id: string };
    const adminContext = await browser.newContext({ baseURL: app.url });
    expect((await adminContext.request.post('/api/login', { data: ADMIN })).status()).toBe(200);
    const funded = await adminContext.request.post('/api/admin/add-balance', {
      data: { userId: me.id, amount: '500.00', description: 'real carriers e2e' },
    });
    expect(funded.status(), await funded.text()).toBe(200);
    await adminContext.close();
  }

  it('start-up says which carrier is test and which is the sandbox', () => {
    const logs = app.logs();
    expect(logs).toContain('carrier UPS: test');
    expect(logs).toContain('carrier Canada Post: test');
    for (const name of ['Purolator', 'FedEx', 'DHL']) expect(logs).toMatch(new RegExp(`carrier ${name}[^:]*: sandbox`));
  });

  it('the rate page badges every card Test and says which are the carrier test mode; a Canada Post label is its PDF', async () => {
    const { page, context } = await newPage(browser, app, { viewport: DESKTOP });
    await fundedUser(page);

    await page.goto('/create-shipment');
    await page.getByTestId('create-shipment').waitFor();
    const fill = (id: string, value: string) => page.locator(`#${id}`).fill(value);
    await fill('sender-first-name', 'Rachel');
    await fill('sender-last-name', 'Green');
    await fill('sender-address1', '90 Bedford Rd');
    await fill('sender-city', 'Toronto');
    await page.locator('#sender-province').selectOption('ON');
    await fill('sender-postal-code', 'M5R 2K2');
    await fill('sender-phone', '416-555-0134');
    await fill('receiver-first-name', 'Monica');
    await fill('receiver-last-name', 'Geller');
    await fill('receiver-address1', '2200 Kingsway');
    await fill('receiver-city', 'Vancouver');
    await page.locator('#receiver-province').selectOption('BC');
    await fill('receiver-postal-code', 'V5K 0A1');
    await fill('receiver-phone', '778-555-0123');
    await fill('package-weight', '2.5');
    await fill('package-length', '10');
    await fill('package-width', '8');
    await fill('package-height', '4');
    await page.getByTestId('calculate-rates').click();
    await page.waitForURL('**/rate-selection');
    await page.getByTestId('rate-options').waitFor({ timeout: 30_000 });

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
    const quoted = await page.request.post('/api/rates/quote', {
      data: { fromAddress: quoteEnd(FROM), toAddress: quoteEnd(TO), packageDetails: PARCEL },
    });
    expect(quoted.status(), await quoted.text()).toBe(200);
    const option = ((await quoted.json()) as TRateOption[]).find((o) => o.carrier === 'CA-CP')!;
    expect(option.mode).toBe('test');
    const placed = await page.request.post('/api/shipments', {
      headers: { 'Idempotency-Key': randomUUID() },
      data: {
        fromAddressId: null,
        toAddressId: null,
        fromAddress: FROM,
        toAddress: TO,
        carrier: option.carrier,
        service: option.serviceName,
        serviceCode: option.serviceCode,
        packageDetails: PARCEL,
        rateDetails: option,
        totalCost: option.total,
        taxes: option.taxes.total,
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const created = (await placed.json()) as TCreatedShipment;
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
