import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { fund, orderBody, quote } from './helpers/orders';
import { rowsOf } from '../../src/server/db/client';
import { sandboxCarrierShipments } from '../../src/server/db/schema/orders';
import { createProviders } from '../../src/server/providers/index';
import { createCarriers } from '../../src/server/providers/carriers/registry';
import {
  CarrierError,
  TRACKING_STEPS,
  type Carrier,
  type CarrierCode,
  type CarrierOperations,
  type LabelParty,
  type PurchaseRequest,
} from '../../src/server/providers/carriers/index';
import { createSandboxStore } from '../../src/server/providers/carriers/sandbox/store';
import { isValidTrackingNumber } from '../../src/server/providers/carriers/sandbox/tracking-numbers';

const FROM: LabelParty = {
  name: 'Ana Sender',
  company: 'Maple Goods',
  address1: '1 King St W',
  address2: '',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5H 1A1',
  country: 'CA',
  phone: '416-555-0100',
  email: 'ana@example.com',
};
const TO: LabelParty = {
  ...FROM,
  name: 'Bob Receiver',
  company: '',
  address1: '800 Robson St',
  city: 'Vancouver',
  province: 'BC',
  postalCode: 'V6Z 2E7',
  phone: '604-555-0199',
  email: 'bob@example.com',
};
const SEATTLE: LabelParty = { ...TO, city: 'Seattle', province: 'WA', postalCode: '98101', country: 'US' };

// Monday 2 March 2026, 10:00 in Toronto.
const MONDAY_10 = '2026-03-02T15:00:00Z';

const open = () => ({ signal: new AbortController().signal });

async function expectCarrierError(p: Promise<unknown>, reason: CarrierError['reason']): Promise<CarrierError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CarrierError);
  expect((err as CarrierError).reason).toBe(reason);
  return err as CarrierError;
}

describe(`sandbox carriers: purchase, find, track, void (${testDbKind})`, () => {
  let ctx: TestContext;
  let carriers: Carrier[];
  const ops = (code: CarrierCode): CarrierOperations => carriers.find((c) => c.code === code)!.operations!;

  const request = (over: Partial<PurchaseRequest> = {}): PurchaseRequest => ({
    reference: randomUUID(),
    serviceCode: 'UPS.11',
    from: FROM,
    to: TO,
    package: { weightKg: 2, lengthCm: 30, widthCm: 20, heightCm: 10, type: 'package' },
    shipDate: '2026-03-02',
    ...over,
  });

  beforeAll(async () => {
    ctx = await createTestApp({ now: MONDAY_10 });
    carriers = createCarriers(ctx.config, { db: ctx.database.db, clock: ctx.clock });
  });
  afterAll(async () => ctx.close());
  beforeEach(() => ctx.clock.set(MONDAY_10));

  it('the providers give every sandbox carrier its operations when they have a database', () => {
    const withDb = createProviders(ctx.config, { info: () => undefined }, { db: ctx.database.db, clock: ctx.clock });
    expect(withDb.carriers.map((c) => [c.code, typeof c.operations?.purchase])).toEqual([
      ['CA-CP', 'function'],
      ['CA-PUROLATOR', 'function'],
      ['CA-UPS', 'function'],
      ['CA-Fedex', 'function'],
      ['CA-DHL', 'function'],
    ]);
    void withDb.workers.close();
    expect(createCarriers(ctx.config).every((c) => c.operations === undefined)).toBe(true);
  });

  it.each([
    ['CA-CP', 'DOM.EP', TO],
    ['CA-PUROLATOR', 'PUR.GROUND', TO],
    ['CA-UPS', 'UPS.02', TO],
    ['CA-Fedex', 'FDX.GROUND', TO],
    ['CA-DHL', 'DHL.P', SEATTLE],
  ] as const)('%s sells a label (%s) with a tracking number in its own format', async (code, serviceCode, to) => {
    const req = request({ serviceCode, to });
    const t0 = performance.now();
    const bought = await ops(code).purchase(req, open());
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(isValidTrackingNumber(code, bought.trackingNumber)).toBe(true);
    expect(bought.createdAt.toISOString()).toBe(new Date(MONDAY_10).toISOString());

    const [row] = await ctx.database.db
      .select()
      .from(sandboxCarrierShipments)
      .where(eq(sandboxCarrierShipments.reference, req.reference));
    expect(row).toMatchObject({ carrier: code, serviceCode, trackingNumber: bought.trackingNumber, voidedAt: null });
    expect(row!.request).toMatchObject({ shipDate: '2026-03-02', to: { city: to.city, country: to.country } });
  });

  it('a purchase is idempotent by reference, also when asked many times at once', async () => {
    const req = request();
    const first = await ops('CA-UPS').purchase(req, open());
    expect(await ops('CA-UPS').purchase(req, open())).toEqual(first);

    const concurrent = request();
    const answers = await Promise.all(Array.from({ length: 20 }, () => ops('CA-UPS').purchase(concurrent, open())));
    expect(new Set(answers.map((a) => a.trackingNumber)).size).toBe(1);
    const [{ n }] = rowsOf<{ n: number }>(
      await ctx.database.db.execute(
        sql`select count(*)::int as n from sandbox_carrier_shipments where reference = ${concurrent.reference}`,
      ),
    );
    expect(n).toBe(1);
  });

  it('refuses a service the carrier does not have, a lane it does not serve, a parcel over its limits', async () => {
    const unknown = await expectCarrierError(
      ops('CA-UPS').purchase(request({ serviceCode: 'DOM.EP' }), open()),
      'REFUSED',
    );
    expect(unknown.message).toContain('UPS');
    await expectCarrierError(ops('CA-DHL').purchase(request({ serviceCode: 'DHL.P' }), open()), 'REFUSED');
    const heavy = await expectCarrierError(
      ops('CA-CP').purchase(
        request({
          serviceCode: 'DOM.RP',
          package: { weightKg: 31, lengthCm: 30, widthCm: 20, heightCm: 10, type: 'package' },
        }),
        open(),
      ),
      'REFUSED',
    );
    expect(heavy.message).toContain('30 kg');
    const [{ n }] = rowsOf<{ n: number }>(
      await ctx.database.db.execute(
        sql`select count(*)::int as n from sandbox_carrier_shipments where carrier = 'CA-DHL' and request->'to'->>'country' = 'CA'`,
      ),
    );
    expect(n).toBe(0);
  });

  it('an aborted purchase stores nothing', async () => {
    const controller = new AbortController();
    controller.abort(new CarrierError('TIMEOUT', 'gave up'));
    const req = request();
    await expectCarrierError(ops('CA-UPS').purchase(req, { signal: controller.signal }), 'TIMEOUT');
    expect(await ops('CA-UPS').findByReference(req.reference)).toBeNull();
  });

  it('finds a purchase by our reference, only at the carrier that sold it', async () => {
    const req = request();
    const bought = await ops('CA-UPS').purchase(req, open());
    expect(await ops('CA-UPS').findByReference(req.reference)).toEqual(bought);
    expect(await ops('CA-CP').findByReference(req.reference)).toBeNull();
    expect(await ops('CA-UPS').findByReference(randomUUID())).toBeNull();
    await expectCarrierError(ops('CA-CP').purchase({ ...req, serviceCode: 'DOM.EP' }, open()), 'REFUSED');
  });

  it('tracks along the schedule as time passes', async () => {
    const bought = await ops('CA-UPS').purchase(request({ serviceCode: 'UPS.02' }), open());
    const at = async (iso: string) =>
      (await ops('CA-UPS').track(bought.trackingNumber, new Date(iso))).map((e) => e.status);
    expect(await at('2026-03-02T14:00:00Z')).toEqual([]);
    expect(await at(MONDAY_10)).toEqual(['label_created']);
    expect(await at('2026-03-02T22:00:00Z')).toEqual(['label_created', 'picked_up']);
    expect(await at('2026-03-03T02:00:00Z')).toEqual(['label_created', 'picked_up', 'in_transit']);
    const all = await ops('CA-UPS').track(bought.trackingNumber, new Date('2026-04-01T00:00:00Z'));
    expect(all.map((e) => e.status)).toEqual([...TRACKING_STEPS]);
    expect(all[1]).toMatchObject({ description: 'Picked up by UPS', location: 'Toronto, ON' });
    expect(all[2]).toMatchObject({ description: 'Arrived at Mississauga sorting facility' });
    expect(all[4]).toMatchObject({ description: 'Delivered', location: 'Vancouver, BC' });
    // UPS Expedited Toronto → Vancouver: 2 business days.
    expect(all[3]!.occurredAt.toISOString()).toBe('2026-03-04T13:00:00.000Z');
    // As typed in: spaces and lower case.
    const typed = bought.trackingNumber.toLowerCase().replace(/(.{4})/g, '$1 ');
    expect((await ops('CA-UPS').track(typed, new Date(MONDAY_10))).length).toBe(1);
  });

  it('answers NOT_FOUND for a number it never issued', async () => {
    await expectCarrierError(ops('CA-UPS').track('1Z999AA10123456784', new Date()), 'NOT_FOUND');
    const bought = await ops('CA-CP').purchase(request({ serviceCode: 'DOM.EP' }), open());
    await expectCarrierError(ops('CA-UPS').track(bought.trackingNumber, new Date()), 'NOT_FOUND');
    await expectCarrierError(ops('CA-UPS').void('1Z999AA10123456784', new Date()), 'NOT_FOUND');
  });

  it('voids a label before pickup, once; a void label stays at Label created', async () => {
    const req = request();
    const bought = await ops('CA-UPS').purchase(req, open());
    await ops('CA-UPS').void(bought.trackingNumber, new Date('2026-03-02T21:59:00Z'));
    expect(await ops('CA-UPS').findByReference(req.reference)).toBeNull();
    const later = await ops('CA-UPS').track(bought.trackingNumber, new Date('2026-04-01T00:00:00Z'));
    expect(later.map((e) => e.status)).toEqual(['label_created']);
    const again = await expectCarrierError(
      ops('CA-UPS').void(bought.trackingNumber, new Date('2026-03-02T21:59:30Z')),
      'NOT_VOIDABLE',
    );
    expect(again.message).toContain('already void');
    // The reference is spent: ordering again under it is refused rather than answered with a void label.
    await expectCarrierError(ops('CA-UPS').purchase(req, open()), 'REFUSED');
  });

  it('voids a label once, even when asked twice at once', async () => {
    const bought = await ops('CA-Fedex').purchase(request({ serviceCode: 'FDX.GROUND' }), open());
    const results = await Promise.allSettled(
      Array.from({ length: 2 }, () => ops('CA-Fedex').void(bought.trackingNumber, new Date(MONDAY_10))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((rejected.reason as CarrierError).reason).toBe('NOT_VOIDABLE');
  });

  it('refuses to void once the parcel is picked up', async () => {
    const req = request();
    const bought = await ops('CA-UPS').purchase(req, open());
    const err = await expectCarrierError(
      ops('CA-UPS').void(bought.trackingNumber, new Date('2026-03-02T22:00:00Z')),
      'NOT_VOIDABLE',
    );
    expect(err.message).toContain('picked up');
    expect(await ops('CA-UPS').findByReference(req.reference)).toEqual(bought);
  });

  it('a tracking number already issued is reported as taken, so a purchase draws another', async () => {
    const bought = await ops('CA-UPS').purchase(request(), open());
    const store = createSandboxStore(ctx.database.db);
    const copy = (await store.byTrackingNumber('CA-UPS', bought.trackingNumber))!;
    expect(await store.insert({ ...copy, reference: randomUUID() })).toBe('tracking_number_taken');
    expect(await store.insert({ ...copy, trackingNumber: '1Z000000030000000' })).toBe('reference_taken');
  });

  it('an order placed through the API buys its label from the sandbox carrier, and voiding it voids the label', async () => {
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const u = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, u.id, '500.00');
    const options = await quote(ctx, u.headers);
    for (const code of ['CA-CP', 'CA-PUROLATOR', 'CA-UPS', 'CA-Fedex'] as const) {
      const option = options.find((o) => o.carrier === code)!;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/shipments',
        headers: u.headers,
        payload: orderBody(option),
      });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json<{ id: string; trackingNumber: string }>();
      expect(isValidTrackingNumber(code, created.trackingNumber)).toBe(true);
      expect(await ops(code).findByReference(created.id)).toMatchObject({ trackingNumber: created.trackingNumber });
    }
    const option = options.find((o) => o.carrier === 'CA-UPS')!;
    const created = (
      await ctx.app.inject({ method: 'POST', url: '/api/shipments', headers: u.headers, payload: orderBody(option) })
    ).json<{ id: string; trackingNumber: string }>();
    const voided = await ctx.app.inject({
      method: 'POST',
      url: `/api/shipments/${created.id}/void`,
      headers: u.headers,
      payload: {},
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await ops('CA-UPS').findByReference(created.id)).toBeNull();
    const [row] = await ctx.database.db
      .select()
      .from(sandboxCarrierShipments)
      .where(eq(sandboxCarrierShipments.reference, created.id));
    expect(row!.voidedAt).not.toBeNull();
  });
});
