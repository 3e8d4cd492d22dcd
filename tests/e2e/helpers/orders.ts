/**
 * Orders for browser tests whose subject comes after the order (receipts, mails, lists, the admin):
 * quoted and bought through the API with the page's session as the web does (each answer checked:
 * 200 for the quote, 201 for the order), and the create-shipment form filled as a person would.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { TRateOption } from '../../../src/shared/contracts/rates';
import type { TCreatedShipment } from '../../../src/shared/contracts/shipments';

export const ORDER_FROM = {
  firstName: 'Rachel',
  lastName: 'Green',
  company: '',
  address: '90 Bedford Rd',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5R 2K2',
  country: 'CA',
  phone: '416-555-0134',
  email: 'rachel@example.com',
};
export const ORDER_TO = {
  firstName: 'Monica',
  lastName: 'Geller',
  company: '',
  address: '100 Wellington St',
  city: 'Ottawa',
  province: 'ON',
  postalCode: 'K1P 1J1',
  country: 'CA',
  phone: '613-555-0123',
  email: 'monica@example.com',
};
export const ORDER_PARCEL = { weight: 2, length: 30, width: 20, height: 10, type: 'package' };

/** A party as POST /api/shipments takes it. */
export type OrderParty = typeof ORDER_FROM;

/** The sender most older tests order from (Toronto, with a company). */
export const TORONTO_SENDER: OrderParty = {
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
/** The receiver most older tests order to (Vancouver). */
export const VANCOUVER_RECEIVER: OrderParty = {
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

/** Where an order goes from and to, with what; customs only for a shipment abroad. */
export type OrderRoute = { from: OrderParty; to: OrderParty; parcel?: typeof ORDER_PARCEL; customs?: object };

/** Toronto → Vancouver, 2 kg (TORONTO_SENDER → VANCOUVER_RECEIVER). */
export const TORONTO_TO_VANCOUVER: OrderRoute = { from: TORONTO_SENDER, to: VANCOUVER_RECEIVER };

/** A party as POST /api/rates/quote takes it. */
export const quoteParty = (p: OrderParty) => ({
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

/** POST /api/rates/quote for the route (200 checked); answers the options, cheapest first. */
export async function quoteViaApi(page: Page, route: OrderRoute): Promise<TRateOption[]> {
  const quoted = await page.request.post('/api/rates/quote', {
    data: {
      fromAddress: quoteParty(route.from),
      toAddress: quoteParty(route.to),
      packageDetails: route.parcel ?? ORDER_PARCEL,
      ...(route.customs ? { customs: route.customs } : {}),
    },
  });
  expect(quoted.status(), await quoted.text()).toBe(200);
  return (await quoted.json()) as TRateOption[];
}

/** POST /api/shipments for a quoted option, with an idempotency key as the web sends (201 checked). */
export async function orderViaApi(page: Page, route: OrderRoute, option: TRateOption): Promise<TCreatedShipment> {
  const placed = await page.request.post('/api/shipments', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      fromAddressId: null,
      toAddressId: null,
      fromAddress: route.from,
      toAddress: route.to,
      carrier: option.carrier,
      service: option.serviceName,
      serviceCode: option.serviceCode,
      packageDetails: route.parcel ?? ORDER_PARCEL,
      rateDetails: option,
      totalCost: option.total,
      taxes: option.taxes.total,
      ...(route.customs ? { customs: route.customs } : {}),
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()) as TCreatedShipment;
}

/**
 * Quotes and orders the first option (by default Toronto → Ottawa, ORDER_FROM → ORDER_TO); answers
 * the order code, the option ordered and the order.
 */
export async function placeOrderViaApi(
  page: Page,
  route: OrderRoute = { from: ORDER_FROM, to: ORDER_TO },
): Promise<{ orderCode: string; option: TRateOption; shipment: TCreatedShipment }> {
  const [option] = await quoteViaApi(page, route);
  const shipment = await orderViaApi(page, route, option!);
  return { orderCode: shipment.orderCode, option: option!, shipment };
}

/**
 * Opens /create-shipment and fills it as a person would: Rachel Green, Toronto → Monica Geller,
 * Vancouver, 2.5 lb in a 10 × 8 × 4 in box; then `more` (field id → value, e.g. 'package-value').
 */
export async function fillShipmentForm(page: Page, more: Record<string, string> = {}): Promise<void> {
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
  for (const [id, value] of Object.entries(more)) await fill(id, value);
}

/** Calculate rates on the filled form and wait for the rate page's options. */
export async function showRates(page: Page): Promise<void> {
  await page.getByTestId('calculate-rates').click();
  await page.waitForURL('**/rate-selection');
  await page.getByTestId('rate-options').waitFor({ timeout: 30_000 });
}
