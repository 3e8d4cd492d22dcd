import { afterEach, describe, expect, it } from 'vitest';
import { createCanadaPostClient } from '../../src/server/providers/carriers/canada-post/client';
import * as cp from '../../src/server/providers/carriers/canada-post/fixtures/requests';
import { createUpsClient } from '../../src/server/providers/carriers/ups/client';
import * as ups from '../../src/server/providers/carriers/ups/fixtures/samples';
import { FAKE_CANADA_POST_DEFAULTS, startFakeCanadaPost } from '../fakes/canada-post';
import type { FakeCarrier } from '../fakes/core';
import { FAKE_UPS_DEFAULTS, startFakeUps } from '../fakes/ups';

/*
 * The fake carrier servers (tests/fakes) answer the real clients of src/server/providers/carriers as
 * the carriers' documentation says: what the clients send passes the fakes' checks, and the documented
 * answers read back into quotes, purchases, events and voids.
 */

const started: FakeCarrier[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((f) => f.close()));
});

const noProblems = (fake: FakeCarrier) =>
  expect(fake.requests.flatMap((r) => r.problems.map((p) => `${r.op}: ${p}`))).toEqual([]);

describe('fake UPS', () => {
  const start = async (opts = {}) => {
    const fake = await startFakeUps(opts);
    started.push(fake);
    const client = createUpsClient({
      account: { ...ups.ACCOUNT, ...FAKE_UPS_DEFAULTS, baseUrl: fake.url },
      timeoutMs: 2_000,
    });
    return { fake, client };
  };

  it('rates, buys, finds by reference, tracks and voids a shipment of its own', async () => {
    const { fake, client } = await start();
    const rated = await client.rate(ups.QUOTE);
    expect(rated.quotes.length).toBeGreaterThan(0);
    const bought = await client.purchase(ups.PURCHASE);
    expect(bought.trackingNumber).toMatch(/^1ZA1B2C3\d{10}$/);
    expect(bought.label.mediaType).toBe('image/gif');
    expect(fake.shipments.get(bought.trackingNumber)?.status).toBe('created');
    expect((await client.findByReference(ups.PURCHASE.reference))?.trackingNumber).toBe(bought.trackingNumber);
    expect((await client.track(bought.trackingNumber)).at(-1)?.status).toBe('delivered');
    await client.void(bought.shipmentId);
    expect(fake.shipments.get(bought.trackingNumber)?.status).toBe('voided');
    await expect(client.void(bought.shipmentId)).rejects.toMatchObject({ reason: 'NOT_VOIDABLE' });
    await expect(client.track('1ZA1B2C30000000000')).rejects.toMatchObject({ reason: 'NOT_FOUND' });
    expect(fake.requests.filter((r) => r.op === 'token')).toHaveLength(1);
    noProblems(fake);
  });

  it('switches: a 5xx, an expired token refreshed once, a refused void, a hung purchase, latency', async () => {
    const { fake, client } = await start();
    fake.set({ failNext: 1 });
    await expect(client.rate(ups.QUOTE)).rejects.toMatchObject({ reason: 'UNAVAILABLE' });
    await client.rate(ups.QUOTE);

    fake.set({ expireTokens: true });
    await Promise.all(Array.from({ length: 5 }, () => client.rate(ups.QUOTE)));
    expect(fake.requests.filter((r) => r.op === 'token')).toHaveLength(2);
    expect(fake.requests.filter((r) => r.status === 401).length).toBeGreaterThan(0);

    const bought = await client.purchase(ups.PURCHASE);
    fake.set({ refuseVoid: true });
    await expect(client.void(bought.shipmentId)).rejects.toMatchObject({ reason: 'NOT_VOIDABLE' });

    fake.set({ refuseVoid: false, hangPurchase: true });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 200);
    await expect(client.purchase(ups.PURCHASE, { signal: ac.signal })).rejects.toMatchObject({ reason: 'TIMEOUT' });
    expect([...fake.shipments.values()].filter((s) => s.status === 'created')).toHaveLength(2);

    fake.set({ hangPurchase: false, latencyMs: 150 });
    const t0 = Date.now();
    await client.rate(ups.QUOTE);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    noProblems(fake);
  });

  it('refuses what the documentation does not allow: wrong credentials, a missing field', async () => {
    const fake = await startFakeUps();
    started.push(fake);
    const wrong = createUpsClient({ account: { ...ups.ACCOUNT, baseUrl: fake.url }, timeoutMs: 2_000 });
    await expect(wrong.rate(ups.QUOTE)).rejects.toMatchObject({ reason: 'REFUSED' });
    expect(fake.requests[0]!.problems.join()).toMatch(/authorization/);

    const client = createUpsClient({
      account: { ...ups.ACCOUNT, ...FAKE_UPS_DEFAULTS, baseUrl: fake.url },
      timeoutMs: 2_000,
    });
    const noCity = { ...ups.PURCHASE, to: { ...ups.PURCHASE.to, city: '' } };
    await expect(client.purchase(noCity)).rejects.toMatchObject({ reason: 'REFUSED' });
    expect(fake.requests.at(-1)!.problems).toContain('ShipmentRequest.Shipment.ShipTo.Address.City: required');
  });
});

describe('fake Canada Post', () => {
  const start = async (contract: boolean, opts = {}) => {
    const fake = await startFakeCanadaPost(opts);
    started.push(fake);
    const client = createCanadaPostClient(
      {
        ...FAKE_CANADA_POST_DEFAULTS,
        ...(contract ? { contractId: '0042708517' } : {}),
        baseUrl: fake.url,
        mode: 'test',
        refundEmail: 'shipping@voyageur.example',
      },
      { timeoutMs: 2_000 },
    );
    return { fake, client };
  };

  it('contract: rates, buys with the PDF label, tracks, refunds; a second refund is refused', async () => {
    const { fake, client } = await start(true);
    const quotes = await client.quote(cp.QUOTE);
    expect(quotes.map((q) => q.serviceCode)).toContain('DOM.EP');
    const bought = await client.purchase(cp.PURCHASE);
    expect(bought.label?.mediaType).toBe('application/pdf');
    expect(Buffer.from(bought.label!.bytes).subarray(0, 5).toString()).toBe('%PDF-');
    expect(bought.ref.labelUrl.startsWith(fake.url)).toBe(true);
    expect(fake.shipments.get(bought.trackingNumber)?.reference).toBe(cp.PURCHASE.reference);
    expect((await client.track(bought.trackingNumber)).length).toBeGreaterThan(0);
    await client.void(bought.ref);
    expect(fake.shipments.get(bought.trackingNumber)?.status).toBe('voided');
    await expect(client.void(bought.ref)).rejects.toMatchObject({ reason: 'NOT_VOIDABLE' });
    await expect(client.track('7000000000000000')).rejects.toMatchObject({ reason: 'NOT_FOUND' });
    expect(fake.requests.map((r) => r.op)).toEqual(['rate', 'ship', 'label', 'track', 'void', 'void', 'track']);
    noProblems(fake);
  });

  it('non-contract: buys and refunds; switches fail, refuse and hang', async () => {
    const { fake, client } = await start(false);
    const bought = await client.purchase(cp.PURCHASE);
    expect(bought.ref.kind).toBe('non-contract');
    fake.set({ refuseVoid: true });
    await expect(client.void(bought.ref)).rejects.toMatchObject({ reason: 'NOT_VOIDABLE' });
    fake.set({ refuseVoid: false });
    await client.void(bought.ref);

    fake.set({ failNext: 2 });
    await expect(client.quote(cp.QUOTE)).rejects.toMatchObject({ reason: 'UNAVAILABLE' });
    await expect(client.quote(cp.QUOTE)).rejects.toMatchObject({ reason: 'UNAVAILABLE' });
    await client.quote(cp.QUOTE);

    fake.set({ hangPurchase: true });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 200);
    await expect(client.purchase(cp.PURCHASE, { signal: ac.signal })).rejects.toMatchObject({ reason: 'TIMEOUT' });
    expect(fake.shipments.size).toBe(2);
    noProblems(fake);
  });

  it('wrong credentials answer the documented 401', async () => {
    const fake = await startFakeCanadaPost({ password: 'other' });
    started.push(fake);
    const client = createCanadaPostClient({ ...FAKE_CANADA_POST_DEFAULTS, baseUrl: fake.url, mode: 'test' });
    await expect(client.quote(cp.QUOTE)).rejects.toMatchObject({ reason: 'UNAVAILABLE' });
    expect(fake.requests[0]!.status).toBe(401);
  });
});
