import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { balanceOf, fund, orderBody, PARCEL, quote, quoteBody } from './helpers/orders';
import { rowsOf } from '../../src/server/db/client';
import { verifyLedger } from '../../src/server/modules/wallet/ledger';
import { parseCents } from '../../src/shared/money';
import { ZPriceChange, ZShipmentDetail } from '../../src/shared/contracts/shipments';
import { ZQuoteResponse, type TRateOption } from '../../src/shared/contracts/rates';

const cents = (s: string) => parseCents(s)!;
type User = Awaited<ReturnType<typeof createSignedInUser>>;
type Headers = Record<string, string>;

/**
 * Issue 22, "Money and trust": a stored quote must not outlive the price it was made with (an order
 * re-prices with the discounts and price rules in force, and answers 409 PRICE_CHANGED with the new
 * total, charging nothing), and declared value is either covered (priced per carrier, its own line)
 * or said not to be.
 */
describe(`prices that hold and declared value covered (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: User;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createSignedInUser(ctx, { role: 'admin' });
  });
  afterAll(async () => ctx.close());

  const adminCall = (method: 'POST' | 'DELETE' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
  const order = (headers: Headers, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/shipments', headers, payload });
  const ledgerOf = async (userId: string) =>
    rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`select count(*)::int as n from wallet_transactions where user_id = ${userId}`),
    )[0]!.n;
  const shipmentsOf = async (userId: string) =>
    rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`select count(*)::int as n from shipments where user_id = ${userId}`),
    )[0]!.n;
  const same = (a: TRateOption) => (b: TRateOption) => a.carrier === b.carrier && a.serviceCode === b.serviceCode;

  it('the issue: 100 % discount → quote $0 → discount deleted → the order answers 409 with the new total, charges nothing; confirming it charges the new total', async () => {
    const u = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, u.id, '200.00');
    const full = (await quote(ctx, u.headers))[0]!;

    const created = await adminCall('POST', '/api/admin/discounts', {
      userId: u.id,
      discountType: 'percentage',
      discountValue: 100,
    });
    expect(created.statusCode, created.body).toBe(201);
    const free = (await quote(ctx, u.headers)).find(same(full))!;
    expect(free.total).toBe('0.00');
    expect(free.originalPrice).toBe(full.price);

    const deleted = await adminCall('DELETE', `/api/admin/discounts/${created.json().discount.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);

    const ledgerBefore = await ledgerOf(u.id);
    // Five tries at $0.00 with the quote's option (the issue): each one refused, nothing charged.
    for (let i = 0; i < 5; i++) {
      const res = await order(u.headers, orderBody(free));
      expect(res.statusCode, res.body).toBe(409);
      const body = res.json();
      expect(body.code).toBe('PRICE_CHANGED');
      const change = ZPriceChange.parse(body.priceChange);
      expect(change).toMatchObject({ rateId: free.id, quotedTotal: '0.00', total: full.total, price: full.price });
      expect(change.taxes).toEqual(full.taxes);
      expect(change.originalPrice).toBeUndefined();
      expect(body.message).toContain(`$${full.total}`);
    }
    expect(await balanceOf(ctx, u.headers)).toBe('200.00');
    expect(await ledgerOf(u.id)).toBe(ledgerBefore);
    expect(await shipmentsOf(u.id)).toBe(0);

    // The web confirms: the same option, with the total it was shown.
    const confirmed = await order(u.headers, { ...orderBody(free), totalCost: full.total, taxes: full.taxes.total });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json().totalCost).toBe(full.total);
    expect(cents(await balanceOf(ctx, u.headers))).toBe(20_000 - cents(full.total));
    const [row] = rowsOf<{ price_cents: string; discount_cents: string; total_cents: string; quote_option_id: string }>(
      await ctx.database.db.execute(
        sql`select price_cents, discount_cents, total_cents, quote_option_id from shipments where user_id = ${u.id}`,
      ),
    );
    expect(row).toMatchObject({ quote_option_id: free.id });
    expect(Number(row!.discount_cents)).toBe(0);
    expect(Number(row!.total_cents)).toBe(cents(full.total));
    expect((await verifyLedger(ctx.database.db)).breaks).toEqual([]);
  });

  it('a discount that still holds charges the quoted price (no 409)', async () => {
    const u = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, u.id, '200.00');
    const d = await adminCall('POST', '/api/admin/discounts', {
      userId: u.id,
      discountType: 'percentage',
      discountValue: 25,
    });
    expect(d.statusCode).toBe(201);
    const opt = (await quote(ctx, u.headers))[0]!;
    const res = await order(u.headers, orderBody(opt));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().totalCost).toBe(opt.total);
  });

  it('a price rule created or removed after the quote changes the total: 409 with the new total, then the order at it', async () => {
    const u = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, u.id, '500.00');
    const before = (await quote(ctx, u.headers)).find((o) => o.carrier === 'CA-UPS')!;

    const rule = await adminCall('POST', '/api/admin/price-rules', {
      carrier: 'CA-UPS',
      serviceCode: null,
      organizationId: null,
      markupPercent: '10',
      markupFixed: '2.00',
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const ruleId = rule.json().rule.id as string;
    try {
      const marked = (await quote(ctx, u.headers)).find(same(before))!;
      expect(cents(marked.total)).toBeGreaterThan(cents(before.total));

      const ledgerBefore = await ledgerOf(u.id);
      const raised = await order(u.headers, orderBody(before));
      expect(raised.statusCode, raised.body).toBe(409);
      expect(raised.json().code).toBe('PRICE_CHANGED');
      const change = ZPriceChange.parse(raised.json().priceChange);
      expect(change).toMatchObject({ rateId: before.id, quotedTotal: before.total, total: marked.total });
      expect(await balanceOf(ctx, u.headers)).toBe('500.00');
      expect(await ledgerOf(u.id)).toBe(ledgerBefore);

      // The confirmed total, sent as price + taxes (the other form the order takes), places it.
      const placed = await order(u.headers, { ...orderBody(before), totalCost: change.price, taxes: change.taxes });
      expect(placed.statusCode, placed.body).toBe(201);
      expect(placed.json().totalCost).toBe(marked.total);
      const [row] = rowsOf<{ carrier_price_cents: string; markup_cents: string; price_cents: string }>(
        await ctx.database.db.execute(
          sql`select carrier_price_cents, markup_cents, price_cents from shipments where id = ${placed.json().id}`,
        ),
      );
      expect(Number(row!.markup_cents)).toBeGreaterThan(0);
      expect(Number(row!.carrier_price_cents) + Number(row!.markup_cents)).toBe(Number(row!.price_cents));

      // Quoted with the rule, ordered after it is gone: cheaper now, still confirmed first.
      const withRule = (await quote(ctx, u.headers)).find(same(before))!;
      expect((await adminCall('DELETE', `/api/admin/price-rules/${ruleId}`)).statusCode).toBe(200);
      const lowered = await order(u.headers, orderBody(withRule));
      expect(lowered.statusCode).toBe(409);
      expect(lowered.json().priceChange.total).toBe(before.total);
    } finally {
      await adminCall('DELETE', `/api/admin/price-rules/${ruleId}`);
    }
  });

  it('a tampered or stale total still answers 409 (with the price now); an expired option says to quote again', async () => {
    const u = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, u.id, '100.00');
    const opt = (await quote(ctx, u.headers))[0]!;
    const tampered = await order(u.headers, { ...orderBody(opt), totalCost: '0.01' });
    expect(tampered.statusCode).toBe(409);
    expect(tampered.json().priceChange.total).toBe(opt.total);
    ctx.clock.advance(16 * 60_000);
    const late = await order(u.headers, orderBody(opt));
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('PRICE_CHANGED');
    expect(late.json().priceChange).toBeUndefined();
    expect(await balanceOf(ctx, u.headers)).toBe('100.00');
  });

  describe('declared value coverage', () => {
    const valued = (insuranceValue: number) => ({ ...PARCEL, insuranceValue });

    it('is priced per carrier into the carrier cost and shown as its own line; 0 declares nothing', async () => {
      const u = await createSignedInUser(ctx);
      const none = ZQuoteResponse.parse(await quote(ctx, u.headers, quoteBody(undefined, undefined, valued(0))));
      expect(none.every((o) => o.coverage === undefined)).toBe(true);
      const hundred = ZQuoteResponse.parse(await quote(ctx, u.headers, quoteBody(undefined, undefined, valued(100))));
      for (const o of hundred) {
        expect(o.coverage, `${o.carrier}/${o.serviceCode}`).toEqual({
          declaredValue: '100.00',
          // Canada Post Regular Parcel includes no coverage; every other domestic service covers $100.
          amount: o.serviceCode === 'DOM.RP' ? '2.25' : '0.00',
        });
      }
      const covered = ZQuoteResponse.parse(await quote(ctx, u.headers, quoteBody(undefined, undefined, valued(500))));
      for (const o of covered) {
        const plain = none.find(same(o))!;
        const amount = cents(o.coverage!.amount);
        expect(o.coverage!.declaredValue).toBe('500.00');
        expect(amount, `${o.carrier}/${o.serviceCode}`).toBeGreaterThan(0);
        // No price rule or discount here: the price is the carrier's cost, coverage included.
        expect(cents(o.price)).toBe(cents(plain.price) + amount);
      }
      const cp = covered.find((o) => o.serviceCode === 'DOM.EP')!;
      expect(cp.coverage!.amount).toBe('9.00'); // 4 × $2.25 for the $400 above the included $100
      const ups = covered.find((o) => o.serviceCode === 'UPS.11')!;
      expect(ups.coverage!.amount).toBe('12.00'); // 5 × $2.40 on the whole $500
    });

    it('the order stores it in its breakdown and the shipment detail shows it; without a value it says none', async () => {
      const u = await createSignedInUser(ctx);
      await fund(ctx, admin.headers, u.id, '500.00');
      const parcel = valued(500);
      const opt = (await quote(ctx, u.headers, quoteBody(undefined, undefined, parcel))).find(
        (o) => o.serviceCode === 'DOM.EP',
      )!;
      const placed = await order(u.headers, { ...orderBody(opt, undefined, undefined, parcel), insurance: '500.00' });
      expect(placed.statusCode, placed.body).toBe(201);
      const [row] = rowsOf<{ coverage_cents: string; insurance_cents: string; carrier_price_cents: string }>(
        await ctx.database.db.execute(
          sql`select coverage_cents, insurance_cents, carrier_price_cents from shipments where id = ${placed.json().id}`,
        ),
      );
      expect(Number(row!.coverage_cents)).toBe(900);
      expect(Number(row!.insurance_cents)).toBe(50_000);
      const detail = ZShipmentDetail.parse(
        (await ctx.app.inject({ method: 'GET', url: `/api/shipments/${placed.json().id}`, headers: u.headers })).json(),
      );
      expect(detail).toMatchObject({ insurance: '500.00', coverage: '9.00', totalCost: opt.total });
      expect(detail.packageDetails.insuranceValue).toBe(500);

      const bare = (await quote(ctx, u.headers, quoteBody(undefined, undefined, valued(0))))[0]!;
      const plain = await order(u.headers, orderBody(bare, undefined, undefined, valued(0)));
      expect(plain.statusCode, plain.body).toBe(201);
      const d2 = ZShipmentDetail.parse(
        (await ctx.app.inject({ method: 'GET', url: `/api/shipments/${plain.json().id}`, headers: u.headers })).json(),
      );
      expect(d2).toMatchObject({ insurance: null, coverage: null });
    });

    it('an order cannot change the declared value it was quoted with, nor claim another in `insurance`', async () => {
      const u = await createSignedInUser(ctx);
      await fund(ctx, admin.headers, u.id, '500.00');
      const opt = (await quote(ctx, u.headers, quoteBody(undefined, undefined, valued(0))))[0]!;
      const more = await order(u.headers, orderBody(opt, undefined, undefined, valued(2000)));
      expect(more.statusCode).toBe(409);
      expect(more.json().code).toBe('PRICE_CHANGED');
      const claimed = await order(u.headers, {
        ...orderBody(opt, undefined, undefined, valued(0)),
        insurance: '2000.00',
      });
      expect(claimed.statusCode).toBe(400);
      expect(claimed.json().fieldErrors).toHaveProperty('insurance');
      expect(await shipmentsOf(u.id)).toBe(0);
      expect(await balanceOf(ctx, u.headers)).toBe('500.00');
    });

    it('a value above what a carrier covers leaves that carrier out with a warning', async () => {
      const u = await createSignedInUser(ctx);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/rates/quote',
        headers: u.headers,
        payload: quoteBody(undefined, undefined, valued(20_000)) as object,
      });
      expect(res.statusCode, res.body).toBe(200);
      const carriers = new Set((res.json() as TRateOption[]).map((o) => o.carrier));
      expect(carriers.has('CA-CP')).toBe(false);
      expect(carriers.has('CA-UPS')).toBe(true);
      const warnings = JSON.parse(String(res.headers['x-carrier-warnings']));
      expect(warnings).toContainEqual(expect.objectContaining({ carrier: 'CA-CP', reason: 'LIMIT_EXCEEDED' }));
    });
  });
});
