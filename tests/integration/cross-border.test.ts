import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { balanceOf, fund, FROM, orderBody, PARCEL, quoteBody } from './helpers/orders';
import { rowsOf } from '../../src/server/db/client';
import { verifyLedger } from '../../src/server/modules/wallet/ledger';
import { parseCents } from '../../src/shared/money';
import { ZQuoteResponse, type TRateOption } from '../../src/shared/contracts/rates';
import { ZShipmentDetail } from '../../src/shared/contracts/shipments';

const cents = (s: string) => parseCents(s)!;
type User = Awaited<ReturnType<typeof createSignedInUser>>;

/** Issue 25: a parcel from Toronto to Seattle, duties paid at origin; and to London, duties unpaid. */
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
const LONDON = { ...SEATTLE, city: 'London', province: '', postalCode: 'SW1A 1AA', country: 'GB' };

const US_CUSTOMS = {
  contentsType: 'merchandise',
  currency: 'CAD',
  incoterm: 'DDP',
  nonDelivery: 'return',
  items: [
    // Made in Canada, not declared CUSMA-qualifying: the general rate (16.5 %) + the extra duty (35 %).
    {
      description: 'Cotton T-shirt',
      hsCode: '6109.10.0012',
      originCountry: 'CA',
      quantity: 2,
      unitValue: 25,
      weightKg: 0.3,
    },
    // Qualifying under CUSMA: free.
    {
      description: 'Maple syrup candy',
      hsCode: '1704900000',
      originCountry: 'CA',
      quantity: 1,
      unitValue: 10,
      weightKg: 0.5,
      cusmaQualifying: true,
    },
  ],
};

describe(`shipping to the United States and abroad (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: User;
  let user: User;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createSignedInUser(ctx, { role: 'admin' });
    user = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, user.id, '500.00');
  });
  afterAll(async () => ctx.close());

  const quote = (payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/rates/quote', headers: user.headers, payload });
  const usQuote = (customs: object = US_CUSTOMS) => ({ ...quoteBody(FROM, SEATTLE, PARCEL), customs });

  let usRates: TRateOption[];

  it('quotes every carrier to the US, DHL Express included, zero-rated, with the duties estimate in the total', async () => {
    const res = await quote(usQuote());
    expect(res.statusCode, res.body).toBe(200);
    usRates = ZQuoteResponse.parse(res.json());
    const carriers = new Set(usRates.map((r) => r.carrier));
    expect([...carriers].sort()).toEqual(['CA-CP', 'CA-DHL', 'CA-Fedex', 'CA-PUROLATOR', 'CA-UPS']);
    for (const r of usRates) {
      // No GST/HST on an export.
      expect(r.taxes).toEqual({ gst: '0.00', hst: '0.00', qst: '0.00', total: '0.00' });
      expect(r.duties).toMatchObject({ currency: 'CAD', estimate: true, incoterm: 'DDP' });
      expect(cents(r.total)).toBe(cents(r.price) + cents(r.duties!.amount));
      const [shirt, candy, fee] = r.duties!.lines;
      // 2 × $25 CAD at the default 1.38 (no rate set yet): USD 36.23; × (16.5 % + 35 %) = USD 18.66 → CAD 25.75.
      expect(shirt).toMatchObject({
        kind: 'duty',
        valueUsd: '36.23',
        generalRateBp: 1650,
        extraRateBp: 3500,
        listed: true,
      });
      expect(shirt!.amount).toBe('25.75');
      expect(candy).toMatchObject({ kind: 'duty', extraRateBp: 0, generalRateBp: 0, amount: '0.00' });
      expect(fee!.kind).toBe('brokerage');
      expect(cents(r.duties!.amount)).toBe(cents(shirt!.amount) + cents(fee!.amount));
    }
    expect(usRates.some((r) => r.serviceCode === 'DHL.P')).toBe(true);
  });

  it('a missing HS code answers 400 on the item field, a 6-digit code for the US too; no customs is 400 on customs', async () => {
    const missing = structuredClone(US_CUSTOMS) as typeof US_CUSTOMS;
    missing.items[0]!.hsCode = '';
    let res = await quote(usQuote(missing));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors['customs.items.0.hsCode']).toEqual(['HS code is required']);

    const short = structuredClone(US_CUSTOMS) as typeof US_CUSTOMS;
    short.items[1]!.hsCode = '170490';
    res = await quote(usQuote(short));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors['customs.items.1.hsCode']).toEqual(['The United States needs the 10-digit HTS code']);

    res = await quote(quoteBody(FROM, SEATTLE, PARCEL));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors)).toEqual(['customs']);
  });

  it('a ZIP outside its state, items heavier than the parcel, CUSMA for Chinese goods: each on its field', async () => {
    let res = await quote({ ...quoteBody(FROM, { ...SEATTLE, postalCode: '10001' }, PARCEL), customs: US_CUSTOMS });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors['toAddress.postalCode']).toEqual(['ZIP code 10001 is not in WA']);

    const heavy = structuredClone(US_CUSTOMS) as typeof US_CUSTOMS;
    heavy.items[0]!.weightKg = 5;
    res = await quote(usQuote(heavy));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors['customs.items'][0]).toMatch(/more than the package \(2 kg\)/);

    const chinese = structuredClone(US_CUSTOMS) as typeof US_CUSTOMS;
    chinese.items[1]!.originCountry = 'CN';
    res = await quote(usQuote(chinese));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors)).toEqual(['customs.items.1.cusmaQualifying']);
  });

  it('orders CA → US DDP: the label and the duties are two debits; a void refunds both together', async () => {
    usRates ??= ZQuoteResponse.parse((await quote(usQuote())).json());
    const option = usRates.find((r) => r.carrier === 'CA-UPS' && r.serviceCode === 'UPS.11.US')!;
    expect(option).toBeDefined();
    const before = cents(await balanceOf(ctx, user.headers));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: user.headers,
      payload: { ...orderBody(option, FROM, SEATTLE, PARCEL), customs: US_CUSTOMS },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created.totalCost).toBe(option.total);
    expect(cents(await balanceOf(ctx, user.headers))).toBe(before - cents(option.total));

    const entries = async () =>
      rowsOf<{ type: string; direction: string; amount_cents: string; description: string }>(
        await ctx.database.db.execute(
          sql`select type, direction, amount_cents, description from wallet_transactions
              where shipment_id = ${created.id} order by created_at, description`,
        ),
      );
    const charged = await entries();
    expect(charged.map((e) => [e.direction, Number(e.amount_cents)])).toEqual(
      expect.arrayContaining([
        ['debit', cents(option.price)],
        ['debit', cents(option.duties!.amount)],
      ]),
    );
    expect(charged.find((e) => Number(e.amount_cents) === cents(option.duties!.amount))!.description).toMatch(
      /^Duties and fees paid at origin \(DDP, estimate\)/,
    );

    const got = await ctx.app.inject({ method: 'GET', url: `/api/shipments/${created.id}`, headers: user.headers });
    expect(got.statusCode, got.body).toBe(200);
    const detail = ZShipmentDetail.parse(got.json());
    expect(detail.duties?.amount).toBe(option.duties!.amount);
    expect(detail.customs?.items[0]?.hsCode).toBe('6109100012');
    expect(detail.toAddress.country).toBe('US');

    const voided = await ctx.app.inject({
      method: 'POST',
      url: `/api/shipments/${created.id}/void`,
      headers: user.headers,
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().refundedAmount).toBe(option.total);
    expect(cents(await balanceOf(ctx, user.headers))).toBe(before);
    const after = await entries();
    expect(
      after
        .filter((e) => e.type === 'refund')
        .map((e) => Number(e.amount_cents))
        .sort((a, b) => a - b),
    ).toEqual([cents(option.price), cents(option.duties!.amount)].sort((a, b) => a - b));
    expect((await verifyLedger(ctx.database.db)).breaks).toEqual([]);
  });

  it('a total sent without the duties answers 409 with the totals the quote showed, duties included', async () => {
    usRates ??= ZQuoteResponse.parse((await quote(usQuote())).json());
    const option = usRates.find((r) => r.carrier === 'CA-UPS' && r.serviceCode === 'UPS.11.US')!;
    const before = await balanceOf(ctx, user.headers);
    const withoutDuties = (cents(option.total) - cents(option.duties!.amount)) / 100;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: user.headers,
      payload: { ...orderBody(option, FROM, SEATTLE, PARCEL), customs: US_CUSTOMS, totalCost: withoutDuties },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PRICE_CHANGED',
      message: `The price changed: this rate costs $${option.total} with taxes and duties. Review it and order again.`,
      priceChange: { rateId: option.id, quotedTotal: option.total, total: option.total },
    });
    expect(await balanceOf(ctx, user.headers)).toBe(before);
  });

  it('a balance that covers the label but not the duties writes neither (402, nothing charged, no shipment)', async () => {
    const poor = await createSignedInUser(ctx);
    const res0 = await ctx.app.inject({
      method: 'POST',
      url: '/api/rates/quote',
      headers: poor.headers,
      payload: usQuote(),
    });
    const option = ZQuoteResponse.parse(res0.json()).find((r) => r.serviceCode === 'UPS.11.US')!;
    await fund(ctx, admin.headers, poor.id, option.price);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: poor.headers,
      payload: { ...orderBody(option, FROM, SEATTLE, PARCEL), customs: US_CUSTOMS },
    });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json().message).toContain(`$${option.total}`);
    expect(await balanceOf(ctx, poor.headers)).toBe(option.price);
    const rows = rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`select count(*)::int as n from shipments where user_id = ${poor.id}`),
    );
    expect(rows[0]!.n).toBe(0);
  });

  it("Canada Post quoted without nonDelivery is bought as quoted: 'return' by default, or chosen at order time (no 409)", async () => {
    const customs = { ...US_CUSTOMS, nonDelivery: undefined };
    const buyCp = async (orderCustoms: object) => {
      const res0 = await quote(usQuote(customs));
      expect(res0.statusCode, res0.body).toBe(200);
      const cp = ZQuoteResponse.parse(res0.json()).find((r) => r.carrier === 'CA-CP')!;
      const before = cents(await balanceOf(ctx, user.headers));
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/shipments',
        headers: user.headers,
        payload: { ...orderBody(cp, FROM, SEATTLE, PARCEL), customs: orderCustoms },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(cents(await balanceOf(ctx, user.headers))).toBe(before - cents(cp.total));
      const id = res.json().id as string;
      const got = await ctx.app.inject({ method: 'GET', url: `/api/shipments/${id}`, headers: user.headers });
      const nonDelivery = ZShipmentDetail.parse(got.json()).customs?.nonDelivery;
      const voided = await ctx.app.inject({ method: 'POST', url: `/api/shipments/${id}/void`, headers: user.headers });
      expect(voided.statusCode, voided.body).toBe(200);
      return nonDelivery;
    };
    expect(await buyCp(customs)).toBe('return');
    expect(await buyCp({ ...US_CUSTOMS, nonDelivery: 'abandon' })).toBe('abandon');
  });

  it('to the United Kingdom: DDU, no duties charged, DHL quotes, Purolator (US only) does not', async () => {
    const customs = { ...US_CUSTOMS, incoterm: 'DDU', items: [{ ...US_CUSTOMS.items[0]!, hsCode: '610910' }] };
    const res = await quote({ ...quoteBody(FROM, LONDON, PARCEL), customs });
    expect(res.statusCode, res.body).toBe(200);
    const rates = ZQuoteResponse.parse(res.json());
    const carriers = new Set(rates.map((r) => r.carrier));
    expect(carriers.has('CA-DHL')).toBe(true);
    expect(carriers.has('CA-PUROLATOR')).toBe(false);
    for (const r of rates) {
      expect(r.duties).toMatchObject({ amount: '0.00', incoterm: 'DDU', lines: [] });
      expect(r.taxes.total).toBe('0.00');
      expect(r.total).toBe(r.price);
    }
    const ddp = await quote({ ...quoteBody(FROM, LONDON, PARCEL), customs: { ...customs, incoterm: 'DDP' } });
    expect(ddp.statusCode).toBe(400);
    expect(Object.keys(ddp.json().fieldErrors)).toEqual(['customs.incoterm']);
  });

  it('an admin sets the CAD/USD rate (audited, others refused); quotes convert at it', async () => {
    const read = await ctx.app.inject({ method: 'GET', url: '/api/exchange-rate', headers: user.headers });
    // No row yet (the migration seeds none): the documented default, with the date it was set.
    expect(read.json()).toEqual({ cadPerUsd: '1.3800', setAt: '2025-12-01T21:30:00.000Z' });
    const stored = async () =>
      rowsOf<{ n: number }>(await ctx.database.db.execute(sql`select count(*)::int as n from exchange_rates`))[0]!.n;
    expect(await stored()).toBe(0);
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/exchange-rate',
      headers: user.headers,
      payload: { cadPerUsd: 1.5 },
    });
    expect(refused.statusCode).toBe(403);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/exchange-rate',
      headers: admin.headers,
      payload: { cadPerUsd: 9 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors)).toEqual(['cadPerUsd']);
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 1000).toISOString());
    const set = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/exchange-rate',
      headers: admin.headers,
      payload: { cadPerUsd: 1.25, note: 'test' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().cadPerUsd).toBe('1.2500');
    expect(await stored()).toBe(1);
    const rates = ZQuoteResponse.parse((await quote(usQuote())).json());
    // 2 × $25 CAD at 1.25: USD 40.00; × 51.5 % = USD 20.60 → CAD 25.75.
    expect(rates[0]!.duties).toMatchObject({ usdRate: '1.2500' });
    expect(rates[0]!.duties!.lines[0]).toMatchObject({ valueUsd: '40.00', amount: '25.75' });
    const audited = rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`select count(*)::int as n from audit_logs where action = 'exchange_rate.set'`),
    )[0]!.n;
    expect(audited).toBe(1);
  });

  it('a domestic quote is unchanged: no duties, customs refused', async () => {
    const res = await quote(quoteBody());
    expect(res.statusCode).toBe(200);
    expect(ZQuoteResponse.parse(res.json()).every((r) => r.duties === undefined)).toBe(true);
    const withCustoms = await quote({ ...quoteBody(), customs: US_CUSTOMS });
    expect(withCustoms.statusCode).toBe(400);
    expect(Object.keys(withCustoms.json().fieldErrors)).toEqual(['customs']);
  });
});
