/**
 * A declaration valued in USD: the package's declared value (CAD, insuranceValue) may not exceed the
 * goods' worth at the CAD/USD rate the duties use, as a CAD-valued one may not exceed their CAD worth
 * (the contract's customsRule checks that one; the server, which knows the rate, this one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { FROM, PARCEL, quoteBody } from './helpers/orders';

const SEATTLE = {
  firstName: 'Sam',
  lastName: 'Buyer',
  company: '',
  address: '400 Pine St',
  city: 'Seattle',
  province: 'WA',
  postalCode: '98101',
  country: 'US',
  phone: '206-555-0100',
  email: 'sam@example.com',
};
// Two shirts at 25 USD: 50 USD, 69.00 CAD at the default 1.38.
const CUSTOMS = {
  contentsType: 'merchandise',
  currency: 'USD',
  incoterm: 'DDP',
  items: [
    {
      description: 'Cotton T-shirt',
      hsCode: '6109.10.0012',
      originCountry: 'CA',
      quantity: 2,
      unitValue: 25,
      weightKg: 0.3,
    },
  ],
};

describe(`declared value of a USD customs declaration (${testDbKind})`, () => {
  let ctx: TestContext;
  let user: Awaited<ReturnType<typeof createSignedInUser>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    user = await createSignedInUser(ctx);
  });
  afterAll(async () => ctx.close());

  const quote = (insuranceValue: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/rates/quote',
      headers: user.headers,
      payload: { ...quoteBody(FROM, SEATTLE, { ...PARCEL, insuranceValue }), customs: CUSTOMS },
    });

  it('quotes a declared value up to the goods’ CAD worth', async () => {
    const res = await quote(69);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a declared value above it, naming packageDetails.insuranceValue', async () => {
    for (const value of [69.01, 100_000]) {
      const res = await quote(value);
      expect(res.statusCode, res.body).toBe(400);
      const errors = res.json().fieldErrors['packageDetails.insuranceValue'];
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/more than the items are worth \(\$69\.00 CAD/);
    }
  });
});
