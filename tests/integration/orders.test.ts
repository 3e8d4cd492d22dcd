import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { balanceOf, fund, orderBody, quote, quoteBody, scriptedCarrier, TO, PARCEL } from './helpers/orders';
import { createCarriers } from '../../src/server/providers/carriers/registry';
import { shipments } from '../../src/server/db/schema/orders';
import { auditLogs } from '../../src/server/db/schema/identity';
import { verifyLedger } from '../../src/server/modules/wallet/ledger';
import { ordersServiceFor } from '../../src/server/services';
import { rowsOf } from '../../src/server/db/client';
import { parseCents } from '../../src/shared/money';
import type { TRateOption } from '../../src/shared/contracts/rates';

const cents = (s: string) => parseCents(s)!;
type Headers = Record<string, string>;

describe(`orders and the wallet ledger (${testDbKind})`, () => {
  let ctx: TestContext;
  const [canadaPost] = createCarriers({ fuelSurchargeBp: {} });
  const scripted = scriptedCarrier(canadaPost!);
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;

  beforeAll(async () => {
    ctx = await createTestApp({
      env: { CARRIER_PURCHASE_TIMEOUT_MS: '300' },
      providers: { carriers: [scripted.carrier] },
    });
    admin = await createSignedInUser(ctx, { role: 'admin' });
  });
  afterAll(async () => ctx.close());
  beforeEach(() => {
    scripted.state.mode = 'ok';
  });

  async function fundedUser(amount = '500.00') {
    const u = await createSignedInUser(ctx);
    if (amount !== '0.00') await fund(ctx, admin.headers, u.id, amount);
    return u;
  }
  const cheapest = async (headers: Headers) => (await quote(ctx, headers))[0]!;
  const order = (headers: Headers, payload: object, key?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: key ? { ...headers, 'idempotency-key': key } : headers,
      payload,
    });
  const shipmentCount = async (userId: string) =>
    rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`select count(*)::int as n from shipments where user_id = ${userId}`),
    )[0]!.n;
  const ledgerOk = async () => expect((await verifyLedger(ctx.database.db)).breaks).toEqual([]);

  it('charges the stored total and answers the tracking number, order code and id', async () => {
    const u = await fundedUser('100.00');
    const opt = await cheapest(u.headers);
    const res = await order(u.headers, orderBody(opt));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ status: 'label_created', totalCost: opt.total });
    expect(created.trackingNumber).toBeTruthy();
    expect(created.orderCode).toMatch(/^VY-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(await balanceOf(ctx, u.headers)).toBe(((10_000 - cents(opt.total)) / 100).toFixed(2));
    const tx = (await ctx.app.inject({ method: 'GET', url: '/api/transactions', headers: u.headers })).json();
    expect(tx[0]).toMatchObject({
      type: 'shipping_charge',
      direction: 'debit',
      status: 'completed',
      amount: opt.total,
    });
    await ledgerOk();
  });

  it('refuses a tampered total (409 PRICE_CHANGED) and writes nothing', async () => {
    const u = await fundedUser('100.00');
    const opt = await cheapest(u.headers);
    for (const totalCost of ['0.01', (cents(opt.total) / 100 - 0.01).toFixed(2), '99.99']) {
      const res = await order(u.headers, { ...orderBody(opt), totalCost });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('PRICE_CHANGED');
    }
    expect(await shipmentCount(u.id)).toBe(0);
    expect(await balanceOf(ctx, u.headers)).toBe('100.00');
  });

  it('refuses an option used for another parcel or lane, an expired option, or another user\u2019s option', async () => {
    const u = await fundedUser('100.00');
    const opt = await cheapest(u.headers);
    const heavier = await order(u.headers, orderBody(opt, undefined, undefined, { ...PARCEL, weight: 20 }));
    expect(heavier.statusCode).toBe(409);
    const elsewhere = await order(
      u.headers,
      orderBody(opt, undefined, { ...TO, city: 'Whitehorse', province: 'YT', postalCode: 'Y1A 1A1' }),
    );
    expect(elsewhere.statusCode).toBe(409);
    const other = await fundedUser('100.00');
    const theirs = await order(other.headers, orderBody(opt));
    expect(theirs.statusCode).toBe(404);
    ctx.clock.advance(16 * 60_000);
    const late = await order(u.headers, orderBody(opt));
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('PRICE_CHANGED');
    expect(await shipmentCount(u.id)).toBe(0);
    expect(await shipmentCount(other.id)).toBe(0);
  });

  it('without an option id re-quotes that service and charges the current price', async () => {
    const u = await fundedUser('100.00');
    const opt = await cheapest(u.headers);
    const res = await order(u.headers, { ...orderBody(opt), rateDetails: null });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().totalCost).toBe(opt.total);
  });

  it('answers 402 INSUFFICIENT_BALANCE with nothing written', async () => {
    const u = await fundedUser('0.00');
    const opt = await cheapest(u.headers);
    const res = await order(u.headers, orderBody(opt));
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('INSUFFICIENT_BALANCE');
    expect(await shipmentCount(u.id)).toBe(0);
    const tx = (await ctx.app.inject({ method: 'GET', url: '/api/transactions', headers: u.headers })).json();
    expect(tx).toEqual([]);
  });

  it.each([
    ['refuse', 502, 'ORDER_CREATION_FAILED'],
    ['unavailable', 502, 'API_FAILURE'],
    ['hang', 504, 'ORDER_TIMEOUT'],
  ] as const)('a carrier that fails after the debit (%s) refunds at once: %i %s', async (mode, status, code) => {
    const u = await fundedUser('100.00');
    const opt = await cheapest(u.headers);
    scripted.state.mode = mode;
    const res = await order(u.headers, orderBody(opt));
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(body.code).toBe(code);
    expect(body.customerServiceMessage).toMatch(/refunded/);
    expect(await balanceOf(ctx, u.headers)).toBe('100.00');
    const tx = (await ctx.app.inject({ method: 'GET', url: '/api/transactions', headers: u.headers })).json();
    expect(tx.map((t: { type: string }) => t.type)).toEqual(['refund', 'shipping_charge', 'adjustment']);
    const [row] = await ctx.database.db.select().from(shipments).where(eq(shipments.userId, u.id));
    expect(row!.status).toBe('failed');
    await ledgerOk();
  });

  it('a purchasing row left by a crash is refunded (never bought) or completed (bought) by the recovery job', async () => {
    const u = await fundedUser('100.00');
    const opt = await cheapest(u.headers);
    scripted.state.mode = 'crash';
    const res = await order(u.headers, orderBody(opt));
    expect(res.statusCode).toBe(502);
    expect(res.json().customerServiceMessage).toMatch(/within a few minutes/);
    const [row] = await ctx.database.db.select().from(shipments).where(eq(shipments.userId, u.id));
    expect(row!.status).toBe('purchasing');

    // A label the carrier sold under our reference before the "crash".
    const opt2 = (await quote(ctx, u.headers))[0]!;
    scripted.state.mode = 'crash';
    await order(u.headers, orderBody(opt2));
    const rows = await ctx.database.db.select().from(shipments).where(eq(shipments.userId, u.id));
    const second = rows.find((r) => r.id !== row!.id)!;
    scripted.state.sold.set(second.id, {
      trackingNumber: 'T999',
      createdAt: new Date(),
      voided: false,
      pickedUp: false,
    });

    const service = ordersServiceFor(
      {
        config: ctx.config,
        database: ctx.database,
        clock: ctx.clock,
        providers: { carriers: [scripted.carrier] },
      } as never,
      { warn: () => undefined, error: () => undefined },
    );
    expect(await service.recoverStuckOrders()).toEqual({ completed: 0, refunded: 0, pending: 0 }); // too recent
    ctx.clock.advance(4 * 60_000);
    expect(await service.recoverStuckOrders()).toEqual({ completed: 1, refunded: 1, pending: 0 });
    expect(await service.recoverStuckOrders()).toEqual({ completed: 0, refunded: 0, pending: 0 });
    const after = await ctx.database.db.select().from(shipments).where(eq(shipments.userId, u.id));
    expect(after.find((r) => r.id === row!.id)!.status).toBe('failed');
    expect(after.find((r) => r.id === second.id)).toMatchObject({ status: 'label_created', trackingNumber: 'T999' });
    expect(await balanceOf(ctx, u.headers)).toBe(((10_000 - cents(opt2.total)) / 100).toFixed(2));
    await ledgerOk();
  });

  it('one Idempotency-Key: 20 concurrent requests make one shipment and one charge, all with the first answer', async () => {
    const u = await fundedUser('100.00');
    const opt = await cheapest(u.headers);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => order(u.headers, orderBody(opt), key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await shipmentCount(u.id)).toBe(1);
    expect(await balanceOf(ctx, u.headers)).toBe(((10_000 - cents(opt.total)) / 100).toFixed(2));
    const again = await order(u.headers, orderBody(opt), key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(answers[0]!.body);
    const other = await order(u.headers, { ...orderBody(opt), service: 'Something else' }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('CONFLICT');
    const bad = await order(u.headers, orderBody(opt), 'has spaces in it');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('Idempotency-Key');
    await ledgerOk();
  });

  it('voiding refunds the whole charge once; another user gets 404; a picked-up label cannot be voided', async () => {
    const u = await fundedUser('100.00');
    const opt = await cheapest(u.headers);
    const created = (await order(u.headers, orderBody(opt))).json();
    const stranger = await fundedUser('0.00');
    const theirs = await ctx.app.inject({
      method: 'POST',
      url: `/api/shipments/${created.id}/void`,
      headers: stranger.headers,
    });
    expect(theirs.statusCode).toBe(404);
    const voids = await Promise.all(
      [0, 1, 2].map(() =>
        ctx.app.inject({ method: 'POST', url: `/api/shipments/${created.id}/void`, headers: u.headers }),
      ),
    );
    for (const v of voids) expect(v.statusCode, v.body).toBe(200);
    expect(voids[0]!.json().status).toBe('cancelled');
    expect(await balanceOf(ctx, u.headers)).toBe('100.00');
    const refunds = rowsOf<{ n: number }>(
      await ctx.database.db.execute(
        sql`select count(*)::int as n from wallet_transactions where shipment_id = ${created.id} and type = 'refund'`,
      ),
    )[0]!.n;
    expect(refunds).toBe(1);

    const picked = (await order(u.headers, orderBody((await quote(ctx, u.headers))[0]!))).json();
    [...scripted.state.sold.values()].find((p) => p.trackingNumber === picked.trackingNumber)!.pickedUp = true;
    const late = await ctx.app.inject({ method: 'POST', url: `/api/shipments/${picked.id}/void`, headers: u.headers });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('NOT_VOIDABLE');
    const bogus = await ctx.app.inject({ method: 'POST', url: `/api/shipments/not-a-uuid/void`, headers: u.headers });
    expect(bogus.statusCode).toBe(404);
    await ledgerOk();
  });

  it('refuses what a label cannot print, odd text and odd URLs with a 400 naming the field, never a 500', async () => {
    const u = await fundedUser('100.00');
    const opt = await cheapest(u.headers);
    const chinese = await order(u.headers, orderBody(opt, undefined, { ...TO, firstName: '娜娜', lastName: '欧阳' }));
    expect(chinese.statusCode).toBe(400);
    expect(chinese.json().fieldErrors['toAddress.firstName'][0]).toMatch(/Latin letters/);
    const surrogate = await order(u.headers, orderBody(opt, undefined, { ...TO, company: 'Bad \ud800 Co' }));
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().fieldErrors).toHaveProperty('toAddress.company');
    const lone = await ctx.app.inject({
      method: 'POST',
      url: '/api/rates/quote',
      headers: { ...u.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(quoteBody()).replace('"Bob Receiver"', '"Bob \\udc00"'),
    });
    expect(lone.statusCode).toBe(400);
    for (const url of ['/api/shipments?search=%00', '/api/tracking/%00', '/api/shipments/%00']) {
      expect((await ctx.app.inject({ method: 'GET', url, headers: u.headers })).statusCode, url).toBe(400);
    }
    const label = await ctx.app.inject({ method: 'POST', url: '/api/shipments/print-label/%00', headers: u.headers });
    expect(label.statusCode).toBe(400);
    const insured = await order(u.headers, { ...orderBody(opt), insurance: '9999999999999.99' });
    expect(insured.statusCode).toBe(400);
    expect(insured.json().fieldErrors).toHaveProperty('insurance');
    expect(await shipmentCount(u.id)).toBe(0);
  });

  it('a retry that only re-serialises the body (key order, display fields) gets the first answer', async () => {
    const u = await fundedUser('100.00');
    const opt = await cheapest(u.headers);
    const key = randomUUID();
    const first = await order(u.headers, orderBody(opt), key);
    expect(first.statusCode).toBe(201);
    const body = orderBody(opt) as Record<string, unknown>;
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await order(u.headers, { ...reordered, rateDetails: { id: opt.id, shownAs: 'cheapest' } }, key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
  });

  it('orders without a quoted option count against the quote limit', async () => {
    const u = await fundedUser('0.00');
    const opt = await cheapest(u.headers);
    let limited = false;
    for (let i = 0; i < 70 && !limited; i++) {
      const res = await order(u.headers, { ...orderBody(opt), rateDetails: null });
      if (res.statusCode === 429) limited = true;
      else expect(res.statusCode).toBe(402);
    }
    expect(limited).toBe(true);
    ctx.clock.advance(61_000);
  });

  it('a void the carrier accepted refunds even if a tracking update moved the status meanwhile', async () => {
    const u = await fundedUser('100.00');
    const created = (await order(u.headers, orderBody(await cheapest(u.headers)))).json();
    const ops = scripted.carrier.operations!;
    const original = ops.void;
    // While the carrier voids the label, a tracking update (another process) moves our status on.
    ops.void = async (trackingNumber, now) => {
      await ctx.database.db.execute(sql`update shipments set status = 'in_transit' where id = ${created.id}`);
      return original(trackingNumber, now);
    };
    try {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/shipments/${created.id}/void`,
        headers: u.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('cancelled');
    } finally {
      ops.void = original;
    }
    expect(await balanceOf(ctx, u.headers)).toBe('100.00');
    await ledgerOk();
  });

  it('prints the label by order code or tracking number: a 4×6 PDF; another user gets 404; a voided label 409', async () => {
    const u = await fundedUser('100.00');
    const created = (await order(u.headers, orderBody(await cheapest(u.headers)))).json();
    const print = (ref: string, headers = u.headers) =>
      ctx.app.inject({ method: 'POST', url: `/api/shipments/print-label/${encodeURIComponent(ref)}`, headers });
    for (const ref of [created.orderCode, created.trackingNumber, created.orderCode.toLowerCase()]) {
      const res = await print(ref);
      expect(res.statusCode, ref).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        success: true,
        mimeType: 'application/pdf',
        trackingNumber: created.trackingNumber,
      });
      const pdf = Buffer.from(body.base64, 'base64');
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 288 432\]/);
    }
    const stranger = await fundedUser('0.00');
    expect((await print(created.orderCode, stranger.headers)).statusCode).toBe(404);
    expect((await print('VY-NOTHING1')).statusCode).toBe(404);
    await ctx.app.inject({ method: 'POST', url: `/api/shipments/${created.id}/void`, headers: u.headers });
    expect((await print(created.orderCode)).statusCode).toBe(409);
  });

  it('the ledger is append-only', async () => {
    await expect(ctx.database.db.execute(sql`update wallet_transactions set amount_cents = 1`)).rejects.toThrow();
    await expect(ctx.database.db.execute(sql`delete from wallet_transactions`)).rejects.toThrow();
  });

  describe('admin balance calls', () => {
    const add = (headers: Headers, payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/admin/add-balance', headers, payload });
    const edit = (headers: Headers, payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/admin/edit-balance', headers, payload });

    it('are for admins only (403 for every other role, nothing changed)', async () => {
      const target = await fundedUser('0.00');
      for (const role of ['end_user', 'staff', 'org_owner'] as const) {
        const u = await createSignedInUser(ctx, { role });
        expect((await add(u.headers, { userId: target.id, amount: '10.00' })).statusCode).toBe(403);
        expect((await edit(u.headers, { userId: target.id, newBalance: '10.00' })).statusCode).toBe(403);
      }
      expect((await add({}, { userId: target.id, amount: '10.00' })).statusCode).toBe(401);
      expect(await balanceOf(ctx, target.headers)).toBe('0.00');
    });

    it('add-balance takes $1 to $50,000; edit-balance $0 to $50,000 as one adjustment; both audited', async () => {
      const u = await fundedUser('0.00');
      for (const amount of ['0.99', '50000.01', '-5', 'abc', '1.001']) {
        const res = await add(admin.headers, { userId: u.id, amount });
        expect(res.statusCode, amount).toBe(400);
        expect(res.json().fieldErrors).toHaveProperty('amount');
      }
      expect((await add(admin.headers, { userId: u.id, amount: '1.00' })).statusCode).toBe(200);
      expect((await add(admin.headers, { userId: u.id, amount: 49_999 })).statusCode).toBe(200);
      expect(await balanceOf(ctx, u.headers)).toBe('50000.00');
      expect((await edit(admin.headers, { userId: u.id, newBalance: '50000.01' })).statusCode).toBe(400);
      const set = await edit(admin.headers, { userId: u.id, newBalance: '12.34', description: 'correction' });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toMatchObject({ oldBalance: '50000.00', balance: '12.34' });
      expect(set.json().transaction).toMatchObject({ type: 'adjustment', direction: 'debit', amount: '49987.66' });
      expect((await edit(admin.headers, { userId: u.id, newBalance: 0 })).json().balance).toBe('0.00');
      const same = await edit(admin.headers, { userId: u.id, newBalance: '0' });
      expect(same.json().transaction).toBeNull();
      const logs = await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.resourceId, u.id));
      const editLog = logs.find((l) => l.action === 'admin.edit_balance' && l.details === 'correction')!;
      expect(editLog).toMatchObject({
        userId: admin.id,
        oldValue: { balance: '50000.00' },
        newValue: { balance: '12.34' },
      });
      expect((await add(admin.headers, { userId: randomUUID(), amount: '5.00' })).statusCode).toBe(404);
      await ctx.database.db.execute(sql`update users set is_active = false where id = ${u.id}`);
      expect((await add(admin.headers, { userId: u.id, amount: '5.00' })).statusCode).toBe(409);
      expect((await edit(admin.headers, { userId: u.id, newBalance: '5.00' })).statusCode).toBe(409);
      await ledgerOk();
    });
  });

  it('property: random interleavings of orders, failures, voids and adjustments keep the invariant', async () => {
    const u = await fundedUser('0.00');
    const opt = await cheapest(u.headers);
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('order' as const),
        mode: fc.constantFrom('ok', 'ok', 'refuse', 'unavailable', 'crash'),
      }),
      fc.record({ kind: fc.constant('void' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('add' as const), cents: fc.integer({ min: 100, max: 5000 }) }),
      fc.record({ kind: fc.constant('edit' as const), cents: fc.integer({ min: 0, max: 8000 }) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(step, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        async (rounds) => {
          for (const round of rounds) {
            // Each round's steps run at once, interleaved by the database.
            await Promise.all(
              round.map(async (s) => {
                if (s.kind === 'order') {
                  scripted.state.mode = s.mode as never;
                  const fresh = (await quote(ctx, u.headers))[0] ?? opt;
                  const res = await order(u.headers, orderBody(fresh));
                  expect([201, 402, 502, 504]).toContain(res.statusCode);
                } else if (s.kind === 'void') {
                  const rows = await ctx.database.db.select().from(shipments).where(eq(shipments.userId, u.id));
                  const live = rows.filter((r) => r.status === 'label_created');
                  if (live.length === 0) return;
                  const target = live[s.pick % live.length]!;
                  const res = await ctx.app.inject({
                    method: 'POST',
                    url: `/api/shipments/${target.id}/void`,
                    headers: u.headers,
                  });
                  expect([200, 409]).toContain(res.statusCode);
                } else if (s.kind === 'add') {
                  expect((await fund(ctx, admin.headers, u.id, (s.cents / 100).toFixed(2))).balance).toBeTruthy();
                } else {
                  const res = await ctx.app.inject({
                    method: 'POST',
                    url: '/api/admin/edit-balance',
                    headers: admin.headers,
                    payload: { userId: u.id, newBalance: (s.cents / 100).toFixed(2) },
                  });
                  expect(res.statusCode).toBe(200);
                }
              }),
            );
          }
          scripted.state.mode = 'ok';
          await ledgerOk();
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe(`orders under contention (${testDbKind})`, () => {
  let a: TestContext;
  let b: TestContext | null = null;

  beforeAll(async () => {
    const [cp] = createCarriers({ fuelSurchargeBp: {} });
    const shared = scriptedCarrier(cp!);
    a = await createTestApp({ providers: { carriers: [shared.carrier] } });
    if (a.databaseUrl)
      b = await createTestApp({ providers: { carriers: [shared.carrier] }, shareDatabase: a.databaseUrl });
  });
  afterAll(async () => {
    await b?.close();
    await a.close();
  });

  async function affordTen(ctx: TestContext) {
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const u = await createSignedInUser(ctx);
    const opt: TRateOption = (await quote(ctx, u.headers))[0]!;
    const tenOrders = ((cents(opt.total) * 10 + cents(opt.total) - 1) / 100).toFixed(2); // 10 orders and change
    await fund(ctx, admin.headers, u.id, tenOrders);
    return { u, opt, tenOrders };
  }

  it('50 orders at once on a wallet that affords 10: exactly 10 pass, 40 answer INSUFFICIENT_BALANCE', async () => {
    const { u, opt, tenOrders } = await affordTen(a);
    const res = await Promise.all(
      Array.from({ length: 50 }, () =>
        a.app.inject({ method: 'POST', url: '/api/shipments', headers: u.headers, payload: orderBody(opt) }),
      ),
    );
    const codes = res.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 402)).toHaveLength(40);
    for (const r of res.filter((x) => x.statusCode === 402)) expect(r.json().code).toBe('INSUFFICIENT_BALANCE');
    expect(await balanceOf(a, u.headers)).toBe(((cents(tenOrders) - 10 * cents(opt.total)) / 100).toFixed(2));
    expect((await verifyLedger(a.database.db)).breaks).toEqual([]);
  });

  it.skipIf(testDbKind !== 'postgres')(
    'the same, spread over two app instances on one PostgreSQL database',
    async () => {
      const { u, opt, tenOrders } = await affordTen(a);
      const res = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          (i % 2 ? b! : a).app.inject({
            method: 'POST',
            url: '/api/shipments',
            headers: u.headers,
            payload: orderBody(opt),
          }),
        ),
      );
      expect(res.filter((r) => r.statusCode === 201)).toHaveLength(10);
      expect(res.filter((r) => r.statusCode === 402)).toHaveLength(40);
      expect(await balanceOf(b!, u.headers)).toBe(((cents(tenOrders) - 10 * cents(opt.total)) / 100).toFixed(2));
      expect((await verifyLedger(a.database.db)).breaks).toEqual([]);
    },
  );

  it('quote pace: a per-user limit answers 429 with Retry-After, the next window works again', async () => {
    const u = await createSignedInUser(a);
    let limited: { statusCode: number; headers: Record<string, unknown>; json(): { code: string } } | undefined;
    for (let i = 0; i < 70 && !limited; i++) {
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/rates/quote',
        headers: u.headers,
        payload: quoteBody() as object,
      });
      if (res.statusCode === 429) limited = res;
      else expect(res.statusCode).toBe(200);
    }
    expect(limited).toBeDefined();
    expect(limited!.json().code).toBe('RATE_LIMITED');
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
    a.clock.advance(61_000);
    const again = await a.app.inject({
      method: 'POST',
      url: '/api/rates/quote',
      headers: u.headers,
      payload: quoteBody() as object,
    });
    expect(again.statusCode).toBe(200);
  });
});
