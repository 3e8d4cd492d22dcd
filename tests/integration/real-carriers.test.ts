/**
 * Issue 24: the real carrier adapters wired into the app, against local fake carriers
 * (tests/fakes/<carrier>.ts) with each *_BASE_URL pointed at one: quote → order → the carrier's own
 * label → tracking → void; a refused void (409, nothing refunded); a purchase that never answers
 * after the debit (ORDER_TIMEOUT, refunded); a 401 that refreshes the token once under 20 concurrent
 * quotes.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/server/db/client';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { balanceOf, fund, orderBody, quote, quoteBody } from './helpers/orders';
import { startFakeCarriers, type FakeCarriers } from '../fakes/index';
import { resetCarrierBusy } from '../../src/server/providers/carriers/http';
import { decodeWarningsHeader } from '../../src/shared/contracts/rates';
import { parseCents } from '../../src/shared/money';

type Headers = Record<string, string>;

const PURO_LABEL = readFileSync(
  new URL('../../src/server/providers/carriers/purolator/fixtures/label.pdf', import.meta.url),
);
const CP_LABEL = readFileSync(
  new URL('../../src/server/providers/carriers/canada-post/fixtures/label.pdf', import.meta.url),
);

describe(`real carriers on local fakes (${testDbKind})`, () => {
  let fakes: FakeCarriers;
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;

  beforeAll(async () => {
    fakes = await startFakeCarriers(['canada-post', 'ups', 'fedex', 'purolator']);
    ctx = await createTestApp({
      env: {
        ...fakes.env,
        // Only the four carriers on fakes: nothing simulated in this file.
        CARRIERS_SANDBOX: 'off',
        // Generous: PGlite runs on this thread, and 20 concurrent quotes share it with the fakes.
        CARRIER_TIMEOUT_MS: '15000',
        CARRIER_PURCHASE_TIMEOUT_MS: '1500',
        QUOTES_PER_MINUTE: '1000',
      },
    });
    admin = await createSignedInUser(ctx, { role: 'admin' });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await fakes?.close();
  });

  async function fundedUser(amount = '500.00') {
    const u = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, u.id, amount);
    return u;
  }

  async function order(headers: Headers, carrier: string) {
    const options = await quote(ctx, headers);
    const option = options.find((o) => o.carrier === carrier);
    expect(option, `a ${carrier} rate`).toBeDefined();
    return ctx.app.inject({ method: 'POST', url: '/api/shipments', headers, payload: orderBody(option!) });
  }

  async function label(headers: Headers, ref: string): Promise<Buffer> {
    const res = await ctx.app.inject({ method: 'POST', url: `/api/shipments/print-label/${ref}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return Buffer.from((res.json() as { base64: string }).base64, 'base64');
  }

  it('configures the carriers on fakes as test, leaves the others out, and asks each as its docs say', async () => {
    expect(ctx.providers.carriers.map((c) => [c.code, c.mode])).toEqual([
      ['CA-CP', 'test'],
      ['CA-PUROLATOR', 'test'],
      ['CA-UPS', 'test'],
      ['CA-Fedex', 'test'],
    ]);
    const u = await createSignedInUser(ctx);
    const options = await quote(ctx, u.headers);
    expect(new Set(options.map((o) => o.carrier))).toEqual(new Set(['CA-CP', 'CA-UPS', 'CA-Fedex', 'CA-PUROLATOR']));
    expect(options.every((o) => o.mode === 'test')).toBe(true);
    for (const fake of Object.values(fakes.fakes)) {
      expect(fake.requests.flatMap((r) => r.problems)).toEqual([]);
    }
  });

  it('a 429 with Retry-After: UPS is left out as busy, and not called again before it', async () => {
    const u = await createSignedInUser(ctx);
    const ups = fakes.fakes.ups!;
    // A token in the cache: the next UPS call is the rate.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/rates/quote',
      headers: u.headers,
      payload: quoteBody() as object,
    });
    fakes.set({ rateLimitNext: 1, retryAfter: '120' }, ['ups']);
    try {
      const ask = () =>
        ctx.app.inject({ method: 'POST', url: '/api/rates/quote', headers: u.headers, payload: quoteBody() as object });
      const first = await ask();
      expect(first.statusCode, first.body).toBe(200);
      expect((first.json() as { carrier: string }[]).some((o) => o.carrier === 'CA-UPS')).toBe(false);
      const warned = decodeWarningsHeader(first.headers['x-carrier-warnings'] as string | undefined);
      expect(warned.find((w) => w.carrier === 'CA-UPS')?.reason).toBe('BUSY');
      const calls = ups.requests.length;
      expect(ups.requests.at(-1)?.op).toBe('rate-limited');

      const second = await ask();
      expect(second.statusCode).toBe(200);
      const options = second.json() as { carrier: string }[];
      expect(options.some((o) => o.carrier === 'CA-CP')).toBe(true);
      expect(options.some((o) => o.carrier === 'CA-UPS')).toBe(false);
      expect(decodeWarningsHeader(second.headers['x-carrier-warnings'] as string | undefined)).toContainEqual(
        expect.objectContaining({ carrier: 'CA-UPS', reason: 'BUSY' }),
      );
      expect(ups.requests.length).toBe(calls); // UPS not asked before its Retry-After
    } finally {
      fakes.set({ rateLimitNext: 0 }, ['ups']);
      resetCarrierBusy();
    }
  });

  it("Canada Post: order → the carrier's PDF byte for byte → tracking (once per 15 min) → void refunds", async () => {
    const u = await fundedUser();
    const before = await balanceOf(ctx, u.headers);
    const res = await order(u.headers, 'CA-CP');
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as { id: string; orderCode: string; trackingNumber: string };
    const cp = fakes.fakes['canada-post']!;
    expect(cp.shipments.has(created.trackingNumber)).toBe(true);

    const pdf = await label(u.headers, created.orderCode);
    expect(pdf.equals(CP_LABEL)).toBe(true);
    const [stored] = rowsOf<{ mode: string; ref: { shipmentId?: string } }>(
      await ctx.database.db.execute(sql`select mode, carrier_ref as ref from shipments where id = ${created.id}`),
    );
    expect(stored!.mode).toBe('test');
    expect(stored!.ref.shipmentId).toBeTruthy();

    const tracks = () => cp.requests.filter((r) => r.op === 'track').length;
    const t0 = tracks();
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/shipments/${created.id}`, headers: u.headers });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(tracks()).toBe(t0 + 1);
    const detail2 = () => ctx.app.inject({ method: 'GET', url: `/api/shipments/${created.id}`, headers: u.headers });
    await detail2();
    expect(tracks()).toBe(t0 + 1); // not again within 15 minutes
    ctx.clock.advance(15 * 60_000);
    await detail2();
    expect(tracks()).toBe(t0 + 2);
    // An error backs off: 30 minutes after the first failure, not 15.
    fakes.set({ failNext: 1 }, ['canada-post']);
    ctx.clock.advance(15 * 60_000);
    expect((await detail2()).statusCode).toBe(200); // the stored tracking is answered
    expect(tracks()).toBe(t0 + 3);
    ctx.clock.advance(15 * 60_000);
    await detail2();
    expect(tracks()).toBe(t0 + 3);
    ctx.clock.advance(15 * 60_000);
    await detail2();
    expect(tracks()).toBe(t0 + 4);

    const voided = await ctx.app.inject({
      method: 'POST',
      url: `/api/shipments/${created.id}/void`,
      headers: u.headers,
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await balanceOf(ctx, u.headers)).toBe(before);
    expect(cp.requests.filter((r) => r.op === 'void').flatMap((r) => r.problems)).toEqual([]);
  });

  it('UPS: asked for a PNG label; the PNG label is printed on one 4×6 PDF page', async () => {
    const u = await fundedUser();
    const res = await order(u.headers, 'CA-UPS');
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as { id: string; orderCode: string };
    const ship = fakes.fakes.ups!.requests.filter((r) => r.op === 'ship').at(-1)!;
    expect(JSON.parse(ship.body).ShipmentRequest.LabelSpecification.LabelImageFormat.Code).toBe('PNG');
    const [stored] = rowsOf<{ media_type: string }>(
      await ctx.database.db.execute(sql`select media_type from shipment_labels where shipment_id = ${created.id}`),
    );
    const print = await ctx.app.inject({
      method: 'POST',
      url: `/api/shipments/print-label/${created.orderCode}`,
      headers: u.headers,
    });
    expect(stored!.media_type).toBe('image/png');
    expect(print.statusCode, print.body).toBe(200);
    const text = Buffer.from((print.json() as { base64: string }).base64, 'base64').toString('latin1');
    expect(text).toMatch(/\/MediaBox \[ ?0 0 288 432 ?\]/);
    expect(text).toContain('/Subtype /Image');
  });

  it('a refused void answers 409 VOID_REFUSED with the carrier’s reason and refunds nothing', async () => {
    const u = await fundedUser();
    const res = await order(u.headers, 'CA-Fedex');
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as { id: string };
    const after = await balanceOf(ctx, u.headers);
    fakes.set({ refuseVoid: true }, ['fedex']);
    try {
      const voided = await ctx.app.inject({
        method: 'POST',
        url: `/api/shipments/${created.id}/void`,
        headers: u.headers,
      });
      expect(voided.statusCode, voided.body).toBe(409);
      const body = voided.json() as { code: string; carrierReason?: string; message: string };
      expect(body.code).toBe('VOID_REFUSED');
      expect(body.carrierReason).toMatch(/FedEx/);
      expect(await balanceOf(ctx, u.headers)).toBe(after);
    } finally {
      fakes.set({ refuseVoid: false }, ['fedex']);
    }
  });

  it('a purchase that never answers after the debit: ORDER_TIMEOUT, the whole charge refunded', async () => {
    const u = await fundedUser();
    const before = await balanceOf(ctx, u.headers);
    fakes.set({ hangPurchase: true }, ['fedex']);
    try {
      const res = await order(u.headers, 'CA-Fedex');
      expect(res.statusCode, res.body).toBe(504);
      expect((res.json() as { code: string }).code).toBe('ORDER_TIMEOUT');
      expect(await balanceOf(ctx, u.headers)).toBe(before);
    } finally {
      fakes.set({ hangPurchase: false }, ['fedex']);
    }
  });

  it('UPS: a purchase found by reference after the timeout, without a label we could print, is voided and refunded', async () => {
    const u = await fundedUser();
    const before = await balanceOf(ctx, u.headers);
    const ups = fakes.fakes.ups!;
    fakes.set({ hangPurchase: true }, ['ups']);
    try {
      const res = await order(u.headers, 'CA-UPS');
      expect(res.statusCode, res.body).toBe(504);
      expect((res.json() as { code: string }).code).toBe('ORDER_TIMEOUT');
      expect(await balanceOf(ctx, u.headers)).toBe(before);
      // Our shipment id, without its dashes (UPS keeps 35 characters).
      const reference = (res.json() as { shipmentId: string }).shipmentId.replaceAll('-', '');
      expect(ups.requests.some((r) => r.op === 'find' && r.path.endsWith(reference))).toBe(true);
      const bought = [...ups.shipments.values()].find((x) => x.reference === reference);
      expect(bought?.status).toBe('voided');
    } finally {
      fakes.set({ hangPurchase: false }, ['ups']);
    }
  });

  it('Purolator: a purchase found by reference after the timeout (TrackPackagesByReference) completes the order with its label', async () => {
    const u = await fundedUser();
    const before = await balanceOf(ctx, u.headers);
    const puro = fakes.fakes.purolator!;
    fakes.set({ hangPurchase: true }, ['purolator']);
    try {
      const res = await order(u.headers, 'CA-PUROLATOR');
      expect(res.statusCode, res.body).toBe(201);
      const made = res.json() as { id: string; orderCode: string; trackingNumber: string; totalCost: string };
      const bought = [...puro.shipments.values()].find((x) => x.reference === made.id);
      expect(bought?.trackingNumber).toBe(made.trackingNumber);
      const find = puro.requests.find((r) => r.op === 'find');
      expect(find?.body).toContain(made.id);
      expect(puro.requests.flatMap((r) => r.problems)).toEqual([]);
      // Charged once, nothing refunded; the label printed is Purolator's PDF.
      expect(parseCents(await balanceOf(ctx, u.headers))).toBe(parseCents(before)! - parseCents(made.totalCost)!);
      expect((await label(u.headers, made.orderCode)).equals(PURO_LABEL)).toBe(true);
    } finally {
      fakes.set({ hangPurchase: false }, ['purolator']);
    }
  });

  it('a carrier refusing the address or the service at purchase: 422 naming it (spec §8 address/service texts), refunded', async () => {
    const u = await fundedUser();
    const before = await balanceOf(ctx, u.headers);
    try {
      fakes.set({ refusePurchase: 'address' }, ['ups']);
      const address = await order(u.headers, 'CA-UPS');
      expect(address.statusCode, address.body).toBe(422);
      expect(address.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: "UPS refused the receiver's address (UPS: 120802 Address Validation Error on ShipTo address)",
        refunded: expect.any(String),
      });
      fakes.set({ refusePurchase: 'service' }, ['ups']);
      const service = await order(u.headers, 'CA-UPS');
      expect(service.statusCode, service.body).toBe(422);
      const body = service.json() as { code: string; message: string };
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.message).toMatch(/^UPS does not offer this service for this shipment \(UPS: 111210 /);
      expect(body.message).not.toMatch(/address|validation|postcode|province/i);
      expect(await balanceOf(ctx, u.headers)).toBe(before);
    } finally {
      fakes.set({ refusePurchase: undefined }, ['ups']);
    }
  });

  it('a 401 under 20 concurrent quotes refreshes the token once and every quote has UPS', async () => {
    const u = await createSignedInUser(ctx);
    await quote(ctx, u.headers); // a token in the cache
    const ups = fakes.fakes.ups!;
    const tokensBefore = ups.requests.filter((r) => r.op === 'token').length;
    fakes.set({ expireTokens: true }, ['ups']);
    const all = await Promise.all(Array.from({ length: 20 }, () => quote(ctx, u.headers)));
    for (const options of all) expect(options.some((o) => o.carrier === 'CA-UPS')).toBe(true);
    expect(ups.requests.filter((r) => r.op === 'token').length).toBe(tokensBefore + 1);
  });
});
