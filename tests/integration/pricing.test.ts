import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { balanceOf, fund, orderBody, quote } from './helpers/orders';
import { rowsOf } from '../../src/server/db/client';
import { parseCents } from '../../src/shared/money';
import type { TRateOption } from '../../src/shared/contracts/rates';

const cents = (s: string) => parseCents(s)!;
type User = Awaited<ReturnType<typeof createSignedInUser>>;

/**
 * Quotes as the admin's price rules and discounts make them: carrier cost + markup, then the
 * user's discount, then taxes — and the order charges exactly that.
 */
describe(`discounts and price rules change quotes (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: User;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createSignedInUser(ctx, { role: 'admin' });
  });
  afterAll(async () => ctx.close());

  const post = (url: string, body: object) =>
    ctx.app.inject({ method: 'POST', url, headers: admin.headers, payload: body });
  const put = (url: string, body: object) =>
    ctx.app.inject({ method: 'PUT', url, headers: admin.headers, payload: body });
  const byService = (options: TRateOption[]) => new Map(options.map((o) => [`${o.carrier}/${o.serviceCode}`, o]));

  async function discount(u: User, body: object) {
    const res = await post('/api/admin/discounts', {
      userId: u.id,
      discountType: 'percentage',
      discountValue: 10,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().discount as { id: string };
  }

  it('a 10 % discount lowers every quoted price by 10 %, shows the original, and the order charges that', async () => {
    const u = await createSignedInUser(ctx);
    const plain = byService(await quote(ctx, u.headers));
    await discount(u, {});
    const discounted = await quote(ctx, u.headers);
    expect(discounted.length).toBe(plain.size);
    for (const o of discounted) {
      const before = plain.get(`${o.carrier}/${o.serviceCode}`)!;
      const list = cents(before.price);
      expect(o.originalPrice).toBe(before.price);
      expect(cents(o.price)).toBe(list - Math.floor((list * 1000 + 5000) / 10000));
      expect(cents(o.total)).toBe(cents(o.price) + cents(o.taxes.total));
    }
    await fund(ctx, admin.headers, u.id, '500.00');
    const chosen = discounted[0]!;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: u.headers,
      payload: orderBody(chosen) as object,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(cents(await balanceOf(ctx, u.headers))).toBe(50_000 - cents(chosen.total));
  });

  it('an inactive, expired or not-yet-valid discount does not apply; a fixed amount never goes below zero', async () => {
    const u = await createSignedInUser(ctx);
    const plain = await quote(ctx, u.headers);
    const d = await discount(u, { isActive: false });
    await discount(u, { validFrom: '2026-01-01', validTo: '2026-02-01' });
    await discount(u, { validFrom: '2026-04-01' });
    const same = await quote(ctx, u.headers);
    expect(same.map((o) => o.price)).toEqual(plain.map((o) => o.price));
    expect(same.every((o) => o.originalPrice === undefined)).toBe(true);
    // Switched on for March (between the two others: one customer has one discount in force at a time).
    const on = await put(`/api/admin/discounts/${d.id}`, {
      discountType: 'fixed_amount',
      discountValue: '10000',
      validFrom: '2026-03-01',
      validTo: '2026-03-31',
      isActive: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    // Over the whole year it would overlap the others: refused, naming the one in the way.
    const overlap = await put(`/api/admin/discounts/${d.id}`, {
      discountType: 'percentage',
      discountValue: 5,
      validFrom: '',
      validTo: '',
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toMatch(/already has an active 10% discount/);
    // An edit that leaves isActive out keeps it.
    const free = await quote(ctx, u.headers);
    for (const o of free) {
      expect(o.price).toBe('0.00');
      expect(o.total).toBe('0.00');
    }
  });

  it('a markup rule raises quotes (carrier cost + percent + fixed); the margin adds up per order and per month', async () => {
    const u = await createSignedInUser(ctx);
    const plain = byService(await quote(ctx, u.headers));
    const res = await post('/api/admin/price-rules', { carrier: 'CA-CP', markupPercent: '10', markupFixed: '1.00' });
    expect(res.statusCode, res.body).toBe(201);
    const marked = await quote(ctx, u.headers);
    for (const o of marked) {
      const cost = cents(plain.get(`${o.carrier}/${o.serviceCode}`)!.price);
      const expected = o.carrier === 'CA-CP' ? cost + Math.floor((cost * 1000 + 5000) / 10000) + 100 : cost;
      expect(cents(o.price), `${o.carrier}/${o.serviceCode}`).toBe(expected);
      expect(o.originalPrice).toBeUndefined();
    }
    await fund(ctx, admin.headers, u.id, '500.00');
    const cp = marked.find((o) => o.carrier === 'CA-CP')!;
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: u.headers,
      payload: orderBody(cp) as object,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [row] = rowsOf<{ carrier_price_cents: string; markup_cents: string; price_cents: string }>(
      await ctx.database.db.execute(
        sql`select carrier_price_cents, markup_cents, price_cents from shipments where id = ${placed.json().id}`,
      ),
    );
    expect(Number(row!.carrier_price_cents) + Number(row!.markup_cents)).toBe(Number(row!.price_cents));
    expect(Number(row!.carrier_price_cents)).toBe(cents(plain.get(`${cp.carrier}/${cp.serviceCode}`)!.price));

    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/shipments?search=${placed.json().trackingNumber}`,
      headers: admin.headers,
    });
    const shipment = list.json().data[0];
    expect(cents(shipment.price) - cents(shipment.carrierCost)).toBe(cents(shipment.margin));
    expect(cents(shipment.margin)).toBe(Number(row!.markup_cents));

    const report = (
      await ctx.app.inject({ method: 'GET', url: '/api/admin/margins?months=3', headers: admin.headers })
    ).json();
    const sum = (k: 'revenue' | 'carrierCost' | 'margin') =>
      report.months.reduce((a: number, m: Record<string, string>) => a + cents(m[k]), 0);
    expect(sum('revenue') - sum('carrierCost')).toBe(sum('margin'));
    expect(cents(report.total.margin)).toBe(sum('margin'));
    // Every order so far is this month's (the test clock): the report's margin is theirs, discounts
    // (a negative margin when the price falls below the cost) included.
    const [all] = rowsOf<{ margin: string }>(
      await ctx.database.db.execute(
        sql`select coalesce(sum(price_cents - carrier_price_cents), 0)::text as margin from shipments where status not in ('failed', 'cancelled')`,
      ),
    );
    expect(sum('margin')).toBe(Number(all!.margin));
  });
});
