import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { credit, insertShipment } from './helpers/shipment-fixtures';
import { ZDashboardStats, type TDashboardStats } from '../../src/shared/contracts/dashboard';

type User = Awaited<ReturnType<typeof createSignedInUser>>;
const d = (iso: string) => new Date(iso);

describe(`dashboard stats (${testDbKind})`, () => {
  let ctx: TestContext;
  let user: User;

  // Today is Monday 2 March 2026 in Toronto (10:00 EST).
  beforeAll(async () => {
    ctx = await createTestApp({ now: '2026-03-02T15:00:00Z' });
    user = await createSignedInUser(ctx);
    const other = await createSignedInUser(ctx);
    const db = ctx.database.db;
    await credit(db, user.id, 100_000, d('2026-02-01T12:00:00Z'));
    await credit(db, other.id, 100_000, d('2026-02-01T12:00:00Z'));
    // 04:30 UTC on the 1st is 23:30 on 28 February in Toronto: last month, but this week.
    await insertShipment(db, user.id, { charge: true, createdAt: d('2026-03-01T04:30:00Z') });
    await insertShipment(db, user.id, { charge: true, createdAt: d('2026-03-01T05:30:00Z') });
    await insertShipment(db, user.id, {
      charge: true,
      carrier: 'CA-CP',
      priceCents: 2000,
      taxCents: 260,
      createdAt: d('2026-03-02T14:00:00Z'),
    });
    await insertShipment(db, user.id, {
      charge: true,
      carrier: 'CA-CP',
      status: 'failed',
      createdAt: d('2026-03-02T14:10:00Z'),
    });
    await insertShipment(db, user.id, { charge: true, status: 'cancelled', createdAt: d('2026-03-02T14:20:00Z') });
    // 04:59 UTC on the 24th is still the 23rd in Toronto: outside the week (24 Feb – 2 Mar).
    await insertShipment(db, user.id, { charge: true, createdAt: d('2026-02-24T04:59:00Z') });
    await insertShipment(db, user.id, { charge: true, createdAt: d('2026-02-24T05:00:00Z') });
    await insertShipment(db, user.id, { charge: true, createdAt: d('2026-01-15T12:00:00Z') });
    await insertShipment(db, other.id, { charge: true, createdAt: d('2026-03-02T14:00:00Z') });
  });
  afterAll(async () => ctx.close());

  const stats = async (u: User, query = ''): Promise<TDashboardStats> => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/dashboard/stats${query}`, headers: u.headers });
    expect(res.statusCode, res.body).toBe(200);
    return ZDashboardStats.parse(res.json());
  };

  it('monthly by default: this Toronto month, failed and voided orders excluded, charges less refunds', async () => {
    const s = await stats(user);
    expect(s).toEqual(await stats(user, '?period=monthly'));
    expect(s).toMatchObject({
      period: 'monthly',
      from: '2026-03-01',
      to: '2026-03-02',
      orders: 2, // 1 Mar and the Canada Post one; the failed and the voided ones do not count
      totalSpend: '33.90',
      averageCost: '16.95',
      // 1000.00 − 5 × 11.30 − 22.60 (the failed and the cancelled ones refunded)
      walletBalance: '920.90',
    });
    expect(s.spendByDay).toEqual([
      { date: '2026-03-01', amount: '11.30', orders: 1 },
      { date: '2026-03-02', amount: '22.60', orders: 1 },
    ]);
    expect(s.spendByCarrier).toEqual([
      { carrier: 'CA-CP', carrierName: 'Canada Post', orders: 1, amount: '22.60' },
      { carrier: 'CA-UPS', carrierName: 'UPS', orders: 1, amount: '11.30' },
    ]);
  });

  it('weekly: today and the six days before, every day present', async () => {
    const s = await stats(user, '?period=weekly');
    expect(s).toMatchObject({
      from: '2026-02-24',
      to: '2026-03-02',
      orders: 4, // the voided one is not an order
      totalSpend: '56.50',
      averageCost: '14.13', // 56.50 / 4 = 14.125, half-up
    });
    expect(s.spendByDay.map((x) => x.date)).toEqual([
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(s.spendByDay[0]).toEqual({ date: '2026-02-24', amount: '11.30', orders: 1 });
    expect(s.spendByDay[4]).toEqual({ date: '2026-02-28', amount: '11.30', orders: 1 });
    expect(s.spendByDay[1]).toEqual({ date: '2026-02-25', amount: '0.00', orders: 0 });
  });

  it('all-time: every order, the chart over the last 30 days', async () => {
    const s = await stats(user, '?period=all-time');
    expect(s).toMatchObject({ from: null, to: '2026-03-02', orders: 6, totalSpend: '79.10', averageCost: '13.18' });
    expect(s.spendByDay).toHaveLength(30);
    expect(s.spendByDay[0]!.date).toBe('2026-02-01');
    expect(s.spendByDay.at(-1)!.date).toBe('2026-03-02');
    expect(s.spendByDay.find((x) => x.date === '2026-02-23')).toEqual({
      date: '2026-02-23',
      amount: '11.30',
      orders: 1,
    });
    expect(s.spendByCarrier.map((c) => [c.carrier, c.orders, c.amount])).toEqual([
      ['CA-UPS', 5, '56.50'],
      ['CA-CP', 1, '22.60'],
    ]);
  });

  it('averages round half up; nothing ordered reads zero', async () => {
    const u = await createSignedInUser(ctx);
    expect(await stats(u)).toMatchObject({
      orders: 0,
      totalSpend: '0.00',
      averageCost: '0.00',
      walletBalance: '0.00',
      spendByCarrier: [],
    });
    await credit(ctx.database.db, u.id, 1000, d('2026-03-01T12:00:00Z'));
    await insertShipment(ctx.database.db, u.id, {
      charge: true,
      priceCents: 100,
      taxCents: 0,
      createdAt: d('2026-03-02T12:00:00Z'),
    });
    await insertShipment(ctx.database.db, u.id, {
      charge: true,
      priceCents: 1,
      taxCents: 0,
      createdAt: d('2026-03-02T12:01:00Z'),
    });
    expect(await stats(u)).toMatchObject({ orders: 2, totalSpend: '1.01', averageCost: '0.51', walletBalance: '8.99' });
  });

  it('follows the clock across the DST change (8 March 2026)', async () => {
    const u = await createSignedInUser(ctx);
    await credit(ctx.database.db, u.id, 10_000, d('2026-03-01T12:00:00Z'));
    // 04:30 UTC on the 8th is 23:30 EST on the 7th; 05:30 UTC is 00:30 EST on the 8th (EDT starts at 07:00 UTC).
    await insertShipment(ctx.database.db, u.id, { charge: true, createdAt: d('2026-03-08T04:30:00Z') });
    await insertShipment(ctx.database.db, u.id, { charge: true, createdAt: d('2026-03-08T05:30:00Z') });
    // 03:30 UTC on the 9th is 23:30 EDT on the 8th.
    await insertShipment(ctx.database.db, u.id, { charge: true, createdAt: d('2026-03-09T03:30:00Z') });
    const before = ctx.clock.now();
    ctx.clock.set('2026-03-09T14:00:00Z');
    try {
      const s = await stats(u, '?period=weekly');
      expect(s).toMatchObject({ from: '2026-03-03', to: '2026-03-09', orders: 3 });
      expect(s.spendByDay.filter((x) => x.orders > 0)).toEqual([
        { date: '2026-03-07', amount: '11.30', orders: 1 },
        { date: '2026-03-08', amount: '22.60', orders: 2 },
      ]);
    } finally {
      ctx.clock.set(before);
    }
  });

  it('refuses an unknown period and asks for a session', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/dashboard/stats?period=yearly',
      headers: user.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dashboard/stats' })).statusCode).toBe(401);
  });
});
