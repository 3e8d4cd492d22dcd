/**
 * Decision 038: a real carrier's own label as ZPL II. UPS (on the local fake) recovers the bought
 * label as ZPL: print-label `?format=zpl` answers it with mimeType application/zpl, the same label
 * (its tracking number) the carrier holds; the default answer stays the PDF. A carrier whose API
 * cannot give a bought label again in another format (Canada Post) still answers 409.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, testDbKind, type TestContext } from './helpers/test-app';
import { fund, orderBody, quote } from './helpers/orders';
import { startFakeCarriers, type FakeCarriers } from '../fakes/index';

describe(`real carriers' labels as ZPL (${testDbKind})`, () => {
  let fakes: FakeCarriers;
  let ctx: TestContext;
  let user: Awaited<ReturnType<typeof createSignedInUser>>;

  beforeAll(async () => {
    fakes = await startFakeCarriers(['canada-post', 'ups']);
    ctx = await createTestApp({
      env: { ...fakes.env, CARRIERS_SANDBOX: 'off', CARRIER_TIMEOUT_MS: '15000', QUOTES_PER_MINUTE: '1000' },
    });
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    user = await createSignedInUser(ctx);
    await fund(ctx, admin.headers, user.id, '500.00');
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await fakes?.close();
  });

  async function order(carrier: string): Promise<{ orderCode: string; trackingNumber: string }> {
    const options = await quote(ctx, user.headers);
    const option = options.find((o) => o.carrier === carrier);
    expect(option, `a ${carrier} rate`).toBeDefined();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: user.headers,
      payload: orderBody(option!),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  const printLabel = (ref: string, query = '') =>
    ctx.app.inject({ method: 'POST', url: `/api/shipments/print-label/${ref}${query}`, headers: user.headers });

  it("UPS's label comes as ZPL from UPS's label recovery; without ?format it stays the PDF", async () => {
    const created = await order('CA-UPS');
    const zpl = await printLabel(created.orderCode, '?format=zpl');
    expect(zpl.statusCode, zpl.body).toBe(200);
    expect(zpl.json()).toMatchObject({
      success: true,
      mimeType: 'application/zpl',
      trackingNumber: created.trackingNumber,
    });
    const text = Buffer.from(zpl.json().base64 as string, 'base64').toString('utf8');
    expect(text.startsWith('^XA')).toBe(true);
    expect(text).toContain(`^FD${created.trackingNumber}^FS`);
    const asked = fakes.fakes.ups!.requests.filter((r) => r.op === 'recover');
    expect(asked).toHaveLength(1);
    expect(fakes.fakes.ups!.requests.flatMap((r) => r.problems)).toEqual([]);

    const pdf = await printLabel(created.orderCode);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.json().mimeType).toBe('application/pdf');
  });

  it('Canada Post, whose bought label cannot be asked again as ZPL, answers 409', async () => {
    const created = await order('CA-CP');
    const res = await printLabel(created.orderCode, '?format=zpl');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('not available as ZPL');
  });
});
