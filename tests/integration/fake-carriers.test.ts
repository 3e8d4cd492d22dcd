import { afterEach, describe, expect, it } from 'vitest';
import { createCanadaPostClient } from '../../src/server/providers/carriers/canada-post/client';
import * as cp from '../../src/server/providers/carriers/canada-post/fixtures/requests';
import { createDhlClient } from '../../src/server/providers/carriers/dhl/client';
import * as dhl from '../../src/server/providers/carriers/dhl/fixtures/requests';
import { createFedexClient } from '../../src/server/providers/carriers/fedex/client';
import * as fedex from '../../src/server/providers/carriers/fedex/fixtures/samples';
import { createPurolatorClient } from '../../src/server/providers/carriers/purolator/client';
import * as puro from '../../src/server/providers/carriers/purolator/fixtures/requests';
import { createUpsClient } from '../../src/server/providers/carriers/ups/client';
import * as ups from '../../src/server/providers/carriers/ups/fixtures/samples';
import { FAKE_CANADA_POST_DEFAULTS, startFakeCanadaPost } from '../fakes/canada-post';
import type { FakeCarrier } from '../fakes/core';
import { FAKE_DHL_DEFAULTS, startFakeDhl } from '../fakes/dhl';
import { FAKE_FEDEX_DEFAULTS, startFakeFedex } from '../fakes/fedex';
import { startFakeCarriers } from '../fakes/index';
import { FAKE_PUROLATOR_DEFAULTS, startFakePurolator } from '../fakes/purolator';
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

  it('answers a PNG label when one is asked for', async () => {
    const { client } = await start();
    const png = createUpsClient({
      account: { ...ups.ACCOUNT, ...FAKE_UPS_DEFAULTS, baseUrl: started.at(-1)!.url, labelFormat: 'PNG' },
    });
    const bought = await png.purchase(ups.PURCHASE);
    expect(bought.label.mediaType).toBe('image/png');
    expect(Buffer.from(bought.label.base64, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect((await client.purchase(ups.PURCHASE)).label.mediaType).toBe('image/gif');
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
    // The fake answers UPS's documented address error: ADDRESS_INVALID, the receiver's.
    await expect(client.purchase(noCity)).rejects.toMatchObject({ reason: 'ADDRESS_INVALID', field: 'toAddress' });
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

describe('fake FedEx', () => {
  it('rates, ships a PDF label, tracks, cancels; a 401 refreshes the token once under 20 concurrent quotes', async () => {
    const fake = await startFakeFedex();
    started.push(fake);
    const client = createFedexClient({
      account: { ...fedex.ACCOUNT, ...FAKE_FEDEX_DEFAULTS, baseUrl: fake.url },
      timeoutMs: 2_000,
    });
    expect((await client.rate(fedex.QUOTE)).quotes.length).toBeGreaterThan(0);
    const bought = await client.purchase(fedex.PURCHASE);
    expect(bought.label).toMatchObject({ kind: 'bytes', mediaType: 'application/pdf' });
    expect(fake.shipments.get(bought.trackingNumber)?.reference).toBeTruthy();
    expect((await client.track(bought.trackingNumber)).length).toBeGreaterThan(0);
    await client.void(bought.trackingNumber);
    await expect(client.void(bought.trackingNumber)).rejects.toMatchObject({ reason: 'NOT_VOIDABLE' });
    await expect(client.track('790000000000')).rejects.toMatchObject({ reason: 'NOT_FOUND' });

    fake.set({ expireTokens: true });
    await Promise.all(Array.from({ length: 20 }, () => client.rate(fedex.QUOTE)));
    expect(fake.requests.filter((r) => r.op === 'token')).toHaveLength(2);

    fake.set({ failNext: 1 });
    await expect(client.rate(fedex.QUOTE)).rejects.toMatchObject({ reason: 'UNAVAILABLE' });
    const again = await client.purchase(fedex.PURCHASE);
    fake.set({ refuseVoid: true });
    await expect(client.void(again.trackingNumber)).rejects.toMatchObject({ reason: 'NOT_VOIDABLE' });
    noProblems(fake);
  });
});

describe('fake Purolator', () => {
  const start = async (opts = {}) => {
    const fake = await startFakePurolator(opts);
    started.push(fake);
    const client = createPurolatorClient(
      { ...FAKE_PUROLATOR_DEFAULTS, baseUrl: fake.url, mode: 'test' },
      { timeoutMs: 2_000 },
    );
    return { fake, client };
  };

  it('estimates, ships with the PDF inline, tracks and voids; a refused void and a SOAP fault', async () => {
    const { fake, client } = await start();
    expect((await client.quote(puro.QUOTE)).length).toBeGreaterThan(0);
    const bought = await client.purchase(puro.PURCHASE);
    expect(bought.label?.mediaType).toBe('application/pdf');
    expect(fake.shipments.get(bought.trackingNumber)?.reference).toBe(puro.PURCHASE.reference);
    expect((await client.track(bought.trackingNumber)).length).toBeGreaterThan(0);
    await client.void(bought.trackingNumber);
    await expect(client.void(bought.trackingNumber)).rejects.toMatchObject({ reason: 'NOT_VOIDABLE' });
    await expect(client.track('329000000000')).rejects.toMatchObject({ reason: 'NOT_FOUND' });
    fake.set({ failNext: 1 });
    await expect(client.quote(puro.QUOTE)).rejects.toMatchObject({ reason: 'UNAVAILABLE' });
    expect(fake.requests.map((r) => r.op)).toEqual(['rate', 'ship', 'label', 'track', 'void', 'void', 'track', 'rate']);
    noProblems(fake);
  });

  it('finds a purchase by our reference (TrackPackagesByReference) with its label; an unknown one is null', async () => {
    const { fake, client } = await start();
    fake.set({ hangPurchase: true });
    await expect(client.purchase(puro.PURCHASE, { signal: AbortSignal.timeout(300) })).rejects.toMatchObject({
      reason: 'TIMEOUT',
    });
    fake.set({ hangPurchase: false });
    const found = await client.findByReference(puro.PURCHASE.reference);
    expect(found?.trackingNumber).toBe([...fake.shipments.keys()][0]);
    expect(found?.documentType).toBe('DomesticBillOfLadingThermal');
    expect(Buffer.from(found!.label!.bytes).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await client.findByReference('no-such-reference')).toBeNull();
    expect(fake.requests.map((r) => r.op)).toEqual(['ship', 'find', 'label', 'find']);
    noProblems(fake);
  });

  it('the label by URL is fetched from the fake', async () => {
    const { fake, client } = await start({ labelByUrl: true });
    const bought = await client.purchase(puro.PURCHASE);
    expect(Buffer.from(bought.label!.bytes).subarray(0, 5).toString()).toBe('%PDF-');
    expect(fake.requests.map((r) => `${r.op} ${r.status}`)).toEqual(['ship 200', 'label 200', 'label 200']);
    noProblems(fake);
  });
});

describe('fake DHL Express', () => {
  it('rates, ships with the PDF label, tracks; a 5xx and a hung purchase', async () => {
    const fake = await startFakeDhl();
    started.push(fake);
    const client = createDhlClient(
      { ...FAKE_DHL_DEFAULTS, baseUrl: `${fake.url}/mydhlapi/test`, mode: 'test' },
      {
        timeoutMs: 2_000,
      },
    );
    expect((await client.quote(dhl.QUOTE)).length).toBeGreaterThan(0);
    const bought = await client.purchase(dhl.PURCHASE);
    expect(bought.label.mediaType).toBe('application/pdf');
    expect(fake.shipments.get(bought.trackingNumber)?.reference).toBe(dhl.PURCHASE.reference);
    expect((await client.track(bought.trackingNumber)).length).toBeGreaterThan(0);
    await expect(client.track('9999999999')).rejects.toMatchObject({ reason: 'NOT_FOUND' });
    fake.set({ failNext: 1 });
    await expect(client.quote(dhl.QUOTE)).rejects.toMatchObject({ reason: 'UNAVAILABLE' });
    fake.set({ hangPurchase: true });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 200);
    await expect(client.purchase(dhl.PURCHASE, { signal: ac.signal })).rejects.toMatchObject({ reason: 'TIMEOUT' });
    expect(fake.shipments.size).toBe(2);
    noProblems(fake);
  });
});

describe('startFakeCarriers', () => {
  it('starts several fakes and gives the environment that points the server at them', async () => {
    const all = await startFakeCarriers(['ups', 'canada-post'], { latencyMs: 10 });
    try {
      expect(all.env).toMatchObject({
        UPS_BASE_URL: all.fakes.ups!.url,
        UPS_MODE: 'test',
        CANADA_POST_BASE_URL: all.fakes['canada-post']!.url,
        CANADA_POST_MODE: 'test',
      });
      const client = createUpsClient({
        account: {
          clientId: all.env.UPS_CLIENT_ID!,
          clientSecret: all.env.UPS_CLIENT_SECRET!,
          accountNumber: all.env.UPS_ACCOUNT_NUMBER!,
          baseUrl: all.env.UPS_BASE_URL!,
          mode: 'test',
        },
      });
      expect((await client.rate(ups.QUOTE)).quotes.length).toBeGreaterThan(0);
      noProblems(all.fakes.ups!);
    } finally {
      await all.close();
    }
  });
});
