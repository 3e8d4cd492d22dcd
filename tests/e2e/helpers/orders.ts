/**
 * A domestic order bought through the API with the page's session (Toronto → Ottawa, 2 kg), for
 * browser tests whose subject comes after the order (receipts, mails): the quote's cheapest option is
 * ordered as the web does, and the order answers 201.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

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

/** A party as POST /api/rates/quote takes it. */
const quoteEnd = (p: typeof ORDER_FROM) => ({
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

/** Quotes and orders the first option; answers the order code and the option ordered. */
export async function placeOrderViaApi(page: Page): Promise<{ orderCode: string; option: { total: string } }> {
  const quoted = await page.request.post('/api/rates/quote', {
    data: { fromAddress: quoteEnd(ORDER_FROM), toAddress: quoteEnd(ORDER_TO), packageDetails: ORDER_PARCEL },
  });
  expect(quoted.status(), await quoted.text()).toBe(200);
  const [option] = await quoted.json();
  const ordered = await page.request.post('/api/shipments', {
    data: {
      fromAddressId: null,
      toAddressId: null,
      fromAddress: ORDER_FROM,
      toAddress: ORDER_TO,
      carrier: option.carrier,
      service: option.serviceName,
      serviceCode: option.serviceCode,
      packageDetails: ORDER_PARCEL,
      rateDetails: option,
      totalCost: option.total,
      taxes: option.taxes.total,
    },
  });
  expect(ordered.status(), await ordered.text()).toBe(201);
  return { orderCode: ((await ordered.json()) as { orderCode: string }).orderCode, option };
}
