/**
 * Issue 22: nothing claims "live" that is not. Every carrier reports its mode; rate options and
 * shipments carry it; GET /api/carriers/status sums it up for the sidebar badge; labels of a carrier
 * that is not live say SPECIMEN — NOT FOR SHIPPING.
 */
import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { fund, orderBody, quote, scriptedCarrier } from './helpers/orders';
import { createCarriers } from '../../src/server/providers/carriers/registry';
import { migrateInTransaction, rowsOf } from '../../src/server/db/client';
import { databaseBefore } from './helpers/migrations';
import { sql } from 'drizzle-orm';
import { ZCarrierStatus } from '../../src/shared/contracts/carriers';
import { ZShipment, ZShipmentDetail, ZShipmentList } from '../../src/shared/contracts/shipments';
import { ZQuoteResponse } from '../../src/shared/contracts/rates';

type Headers = Record<string, string>;

/** The label PDF's page content (one deflated stream), as text. */
function labelContent(base64: string): string {
  const raw = Buffer.from(base64, 'base64').toString('latin1');
  const start = raw.indexOf('stream\n') + 'stream\n'.length;
  const end = raw.indexOf('\nendstream');
  return inflateSync(Buffer.from(raw.slice(start, end), 'latin1')).toString('latin1');
}

async function orderCheapest(ctx: TestContext, headers: Headers, carrier?: string) {
  const options = await quote(ctx, headers);
  const option = carrier ? options.find((o) => o.carrier === carrier)! : options[0]!;
  const res = await ctx.app.inject({ method: 'POST', url: '/api/shipments', headers, payload: orderBody(option) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; orderCode: string; trackingNumber: string };
}

async function printLabel(ctx: TestContext, headers: Headers, ref: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/shipments/print-label/${ref}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { success: boolean; base64: string };
  expect(body.success).toBe(true);
  return labelContent(body.base64);
}

describe(`carrier mode with the built-in sandboxes (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await createSignedInUser(ctx, { role: 'admin' });
  });
  afterAll(async () => ctx.close());

  it('GET /api/carriers/status says sandbox for every carrier, and only to a signed-in user', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/carriers/status' });
    expect(anonymous.statusCode).toBe(401);

    const u = await createSignedInUser(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/carriers/status', headers: u.headers });
    expect(res.statusCode).toBe(200);
    const status = ZCarrierStatus.parse(res.json());
    expect(status.overall).toBe('sandbox');
    expect(status.counts).toEqual({ sandbox: 5, test: 0, live: 0 });
    expect(status.carriers.map((c) => [c.carrier, c.mode])).toEqual([
      ['CA-CP', 'sandbox'],
      ['CA-PUROLATOR', 'sandbox'],
      ['CA-UPS', 'sandbox'],
      ['CA-Fedex', 'sandbox'],
      ['CA-DHL', 'sandbox'],
    ]);
  });

  it("every rate option carries mode 'sandbox'", async () => {
    const u = await createSignedInUser(ctx);
    const options = ZQuoteResponse.parse(await quote(ctx, u.headers));
    expect(options.length).toBeGreaterThan(3);
    expect(new Set(options.map((o) => o.mode))).toEqual(new Set(['sandbox']));
  });

  it("the shipment bought from a sandbox carries mode 'sandbox' in the list, recent, detail; its label says SPECIMEN", async () => {
    const u = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, u.id, '200.00');
    const created = await orderCheapest(ctx, u.headers);

    const list = ZShipmentList.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/shipments', headers: u.headers })).json(),
    );
    expect(list.data.map((s) => [s.id, s.mode])).toEqual([[created.id, 'sandbox']]);
    const recent = (await ctx.app.inject({ method: 'GET', url: '/api/shipments/recent', headers: u.headers })).json();
    expect(
      ZShipment.array()
        .parse(recent)
        .map((s) => s.mode),
    ).toEqual(['sandbox']);
    const detail = ZShipmentDetail.parse(
      (await ctx.app.inject({ method: 'GET', url: `/api/shipments/${created.id}`, headers: u.headers })).json(),
    );
    expect(detail.mode).toBe('sandbox');

    const content = await printLabel(ctx, u.headers, created.orderCode);
    expect(content).toContain('(SPECIMEN \x97 NOT FOR SHIPPING) Tj');
  });
});

describe(`carrier mode with a live carrier beside a sandbox (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;

  beforeAll(async () => {
    const [canadaPost, , ups] = createCarriers({ fuelSurchargeBp: {} });
    // A stand-in for a real adapter on a live account: quotes like Canada Post's sandbox, sells from memory.
    const live = { ...scriptedCarrier(canadaPost!).carrier, mode: 'live' as const };
    const sandbox = scriptedCarrier(ups!).carrier;
    ctx = await createTestApp({ providers: { carriers: [live, sandbox] } });
    admin = await createSignedInUser(ctx, { role: 'admin' });
  });
  afterAll(async () => ctx.close());

  it('the status is mixed, with each carrier counted', async () => {
    const u = await createSignedInUser(ctx);
    const status = ZCarrierStatus.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/carriers/status', headers: u.headers })).json(),
    );
    expect(status.overall).toBe('mixed');
    expect(status.counts).toEqual({ sandbox: 1, test: 0, live: 1 });
  });

  it("rates carry each carrier's own mode; a live shipment is stored live and its label is not marked", async () => {
    const u = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, u.id, '200.00');
    const options = await quote(ctx, u.headers);
    const modes = new Map(options.map((o) => [o.carrier, o.mode]));
    expect(Object.fromEntries(modes)).toEqual({ 'CA-CP': 'live', 'CA-UPS': 'sandbox' });

    const live = await orderCheapest(ctx, u.headers, 'CA-CP');
    const sandbox = await orderCheapest(ctx, u.headers, 'CA-UPS');
    const list = ZShipmentList.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/shipments', headers: u.headers })).json(),
    );
    const byId = new Map(list.data.map((s) => [s.id, s.mode]));
    expect(byId.get(live.id)).toBe('live');
    expect(byId.get(sandbox.id)).toBe('sandbox');

    expect(await printLabel(ctx, u.headers, live.orderCode)).not.toContain('SPECIMEN');
    expect(await printLabel(ctx, u.headers, sandbox.orderCode)).toContain('SPECIMEN');
  });
});

describe.runIf(testDbKind === 'pglite')('migration 0014_shipment_mode', () => {
  it("marks the shipments that were there before it 'sandbox'", async () => {
    const database = await databaseBefore('0014_shipment_mode');
    try {
      const userId = randomUUID();
      const party = JSON.stringify({ city: 'Toronto' });
      await database.raw(async (tx) => {
        await tx.query(
          `insert into users (id, email, first_name, last_name) values ($1, 'old@example.com', 'Old', 'Row')`,
          [userId],
        );
        await tx.query(
          `insert into shipments (id, user_id, status, carrier, service_code, service_name, order_code,
             carrier_price_cents, price_cents, tax_total_cents, total_cents, from_address, to_address, package,
             search_text, ship_date, transit_days)
           values ($1, $2, 'delivered', 'CA-CP', 'DOM.EP', 'Expedited Parcel', 'VY-OLDROW01', 1000, 1000, 0, 1000,
             $3::jsonb, $3::jsonb, '{}'::jsonb, '', '2025-01-02', 2)`,
          [randomUUID(), userId, party],
        );
      });
      await database.raw((tx) => migrateInTransaction(tx));
      const rows = rowsOf<{ mode: string }>(await database.db.execute(sql`select mode from shipments`));
      expect(rows).toEqual([{ mode: 'sandbox' }]);
      await expect(database.db.execute(sql`update shipments set mode = 'real'`)).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
