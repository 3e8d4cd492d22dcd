/**
 * The real adapters over their clients (issue 24): clients stubbed with the carriers' documented
 * answers (fixtures) read by the mappings, so the adapter's own rules are tested without a network:
 * the carrier's pre-tax price as our cost with a warning when its tax is not ours, the label and
 * carrier ref kept, refusals of a void as NOT_VOIDABLE with the carrier's reason.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CarrierError, type Purchase, type QuoteRequest } from './index';
import { createUpsCarrier } from './ups/adapter';
import type { UpsClient } from './ups/client';
import { parseUpsRateResponse, parseUpsShipResponse, parseUpsVoidResponse } from './ups/mapping';
import { ACCOUNT as UPS_ACCOUNT, PURCHASE as UPS_PURCHASE, QUOTE as UPS_QUOTE } from './ups/fixtures/samples';
import { createCanadaPostCarrier } from './canada-post/adapter';
import type { CanadaPostClient } from './canada-post/client';
import { parseError as cpError, type CanadaPostAccount, type CanadaPostShipmentRef } from './canada-post/mapping';
import { createDhlCarrier } from './dhl/adapter';
import type { DhlClient } from './dhl/client';
import type { DhlAccount } from './dhl/mapping';
import { createFedexCarrier } from './fedex/adapter';
import type { FedexClient } from './fedex/client';
import { createPurolatorCarrier } from './purolator/adapter';
import type { PurolatorClient } from './purolator/client';
import { parseVoidResponse as purolatorVoid, type PurolatorAccount } from './purolator/mapping';

const fixture = (carrier: string, name: string) =>
  readFileSync(new URL(`./${carrier}/fixtures/${name}`, import.meta.url), 'utf8');

function recorder() {
  const warnings: { obj: Record<string, unknown>; msg: string }[] = [];
  return {
    warnings,
    log: { warn: (obj: object, msg: string) => warnings.push({ obj: obj as Record<string, unknown>, msg }) },
  };
}

const notCalled = () => Promise.reject(new Error('not called in this test'));

describe('UPS adapter', () => {
  const client = (over: Partial<UpsClient> = {}): UpsClient => ({
    rate: async (req) => parseUpsRateResponse({ status: 200, bodyText: fixture('ups', 'rate-response.json') }, req),
    purchase: async () =>
      parseUpsShipResponse(
        { status: 200, bodyText: fixture('ups', 'ship-response.json') },
        new Date('2025-05-26T15:00:00Z'),
      ),
    findByReference: notCalled,
    track: notCalled,
    void: notCalled,
    recoverZplLabel: notCalled,
    ...over,
  });

  it("quotes the carrier's pre-tax price (the negotiated rate) and warns when UPS's tax differs from ours", async () => {
    const { log, warnings } = recorder();
    const ups = createUpsCarrier(UPS_ACCOUNT, { log, client: client(), now: () => new Date('2025-05-26T12:00:00Z') });
    const direct = parseUpsRateResponse({ status: 200, bodyText: fixture('ups', 'rate-response.json') }, UPS_QUOTE);
    const quotes = await ups.quote(UPS_QUOTE, { signal: new AbortController().signal });
    expect(quotes).toEqual(direct.quotes.map((q) => q.quote));
    expect(ups.mode).toBe('test');
    // Whatever the fixture's tax lines say, at most one warning per quote, naming services that differ by more than a cent.
    const taxWarnings = warnings.filter((x) => /tax differs/.test(x.msg));
    expect(taxWarnings.length).toBeLessThanOrEqual(1);
    // The same answer again within the hour logs nothing new (neither taxes nor services it could not read).
    const logged = warnings.length;
    await ups.quote(UPS_QUOTE, { signal: new AbortController().signal });
    expect(warnings.length).toBe(logged);
    for (const w of taxWarnings) {
      for (const s of w.obj['services'] as { carrierTaxCents: number; ourTaxCents: number }[]) {
        expect(Math.abs(s.carrierTaxCents - s.ourTaxCents)).toBeGreaterThan(1);
      }
    }
  });

  it('keeps the label bytes and media type, and the shipment id as the carrier ref', async () => {
    const ups = createUpsCarrier(UPS_ACCOUNT, { log: recorder().log, client: client() });
    const bought = await ups.operations!.purchase(UPS_PURCHASE, { signal: new AbortController().signal });
    expect(bought.trackingNumber).toMatch(/^1Z/);
    expect(bought.carrierLabel!.mediaType).toMatch(/^image\//);
    expect(bought.carrierLabel!.bytes.length).toBeGreaterThan(0);
    expect(bought.carrierRef).toEqual({ shipmentId: expect.any(String) });
  });

  it("voids by the stored shipment id; UPS's refusal is NOT_VOIDABLE with its reason", async () => {
    const voided: string[] = [];
    const ups = createUpsCarrier(UPS_ACCOUNT, {
      log: recorder().log,
      client: client({
        void: async (id) => {
          voided.push(id);
          parseUpsVoidResponse({ status: 400, bodyText: fixture('ups', 'void-refused.json') });
        },
      }),
    });
    const err = await ups
      .operations!.void('1ZTRACK', new Date(), { shipmentId: '1ZSHIPMENT' })
      .catch((e: unknown) => e);
    expect(voided).toEqual(['1ZSHIPMENT']);
    expect(err).toBeInstanceOf(CarrierError);
    expect((err as CarrierError).reason).toBe('NOT_VOIDABLE');
    expect((err as CarrierError).message).toMatch(/^UPS: /);
  });
});

describe('Canada Post adapter', () => {
  const account: CanadaPostAccount = {
    username: 'u',
    password: 'p',
    customerNumber: '0001234567',
    baseUrl: 'https://ct.soa-gw.canadapost.ca',
    mode: 'test',
    refundEmail: 'ops@example.com',
  };
  const ref: CanadaPostShipmentRef = {
    shipmentId: '347881315405043891',
    trackingNumber: '123456789012',
    kind: 'contract',
    selfUrl: 'https://ct.soa-gw.canadapost.ca/rs/0001234567/0001234567/shipment/347881315405043891',
    refundUrl: null,
    labelUrl: 'https://ct.soa-gw.canadapost.ca/ers/artifact/x/1/0',
    labelMediaType: 'application/pdf',
    status: 'transmitted',
  };
  const stub = (over: Partial<CanadaPostClient>): CanadaPostClient =>
    ({
      quote: notCalled,
      purchase: notCalled,
      fetchLabel: notCalled,
      track: notCalled,
      void: notCalled,
      ...over,
    }) as CanadaPostClient;

  it('a purchase whose label could not be fetched keeps the ref, and the label is fetched from it later', async () => {
    const pdf = new Uint8Array(Buffer.from('%PDF-1.4 label'));
    const cp = createCanadaPostCarrier(account, {
      log: recorder().log,
      client: stub({
        purchase: async () => ({ trackingNumber: ref.trackingNumber, createdAt: new Date(), ref, label: null }),
        fetchLabel: async (r) => {
          expect(r).toEqual(ref);
          return { bytes: pdf, mediaType: 'application/pdf' };
        },
      }),
    });
    const bought: Purchase = await cp.operations!.purchase({} as never, { signal: new AbortController().signal });
    expect(bought.carrierLabel).toBeUndefined();
    expect(bought.carrierRef).toEqual(ref);
    const label = await cp.operations!.fetchLabel!(ref.trackingNumber, bought.carrierRef!, {
      signal: new AbortController().signal,
    });
    expect(label.bytes).toBe(pdf);
  });

  it("a refused refund request is NOT_VOIDABLE with Canada Post's message; no stored ref is NOT_VOIDABLE too", async () => {
    const cp = createCanadaPostCarrier(account, {
      log: recorder().log,
      client: stub({
        void: async () => {
          throw cpError(400, fixture('canada-post', 'void-refused.xml'), 'void');
        },
      }),
    });
    const refused = await cp.operations!.void(ref.trackingNumber, new Date(), { ...ref }).catch((e: unknown) => e);
    expect((refused as CarrierError).reason).toBe('NOT_VOIDABLE');
    expect((refused as CarrierError).message).toMatch(/^Canada Post: /);
    const noRef = await cp.operations!.void(ref.trackingNumber, new Date(), null).catch((e: unknown) => e);
    expect((noRef as CarrierError).reason).toBe('NOT_VOIDABLE');
  });
});

describe('DHL adapter (MyDHL has no void call)', () => {
  const account: DhlAccount = {
    username: 'u',
    password: 'p',
    accountNumber: '123456789',
    baseUrl: 'https://express.api.dhl.com/mydhlapi/test',
    mode: 'test',
  };
  const withTracking = (track: DhlClient['track']) =>
    createDhlCarrier(account, {
      log: recorder().log,
      client: { quote: notCalled, purchase: notCalled, track } as unknown as DhlClient,
    });

  it('accepts a void on our side while DHL has not scanned the parcel', async () => {
    await expect(
      withTracking(async () => {
        throw new CarrierError('NOT_FOUND', 'DHL: no checkpoints');
      }).operations!.void('1234567890', new Date()),
    ).resolves.toBeUndefined();
  });

  it('refuses once DHL has scanned it', async () => {
    const dhl = withTracking(async () => [
      { status: 'picked_up', description: 'Shipment picked up', location: 'Toronto, ON', occurredAt: new Date() },
    ]);
    const err = await dhl.operations!.void('1234567890', new Date()).catch((e: unknown) => e);
    expect((err as CarrierError).reason).toBe('NOT_VOIDABLE');
    expect((err as CarrierError).message).toMatch(/scanned/);
  });
});

describe('FedEx adapter', () => {
  const account = {
    clientId: 'id',
    clientSecret: 'secret',
    accountNumber: '510087020',
    baseUrl: 'https://apis-sandbox.fedex.com',
    mode: 'test' as const,
  };

  it('downloads a label FedEx answered by URL; a link that fails leaves it to fetchLabel with the URL as ref', async () => {
    const pdf = Buffer.from('%PDF-1.7 fedex label');
    let up = true;
    const server = createServer((_req, res) => {
      res.writeHead(up ? 200 : 503, { 'Content-Type': 'application/pdf' });
      res.end(up ? pdf : 'down');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/label/1.pdf`;
    try {
      const fedex = createFedexCarrier(account, {
        log: recorder().log,
        client: {
          rate: notCalled,
          track: notCalled,
          void: notCalled,
          purchase: async () => ({
            trackingNumber: '794953535000',
            createdAt: new Date(),
            label: { kind: 'url', mediaType: 'application/pdf', url },
            chargedCents: null,
          }),
        } as FedexClient,
      });
      const signal = new AbortController().signal;
      const ok = await fedex.operations!.purchase({} as never, { signal });
      expect(Buffer.from(ok.carrierLabel!.bytes).equals(pdf)).toBe(true);
      up = false;
      const later = await fedex.operations!.purchase({} as never, { signal });
      expect(later.carrierLabel).toBeUndefined();
      expect(later.carrierRef).toEqual({ labelUrl: url, labelMediaType: 'application/pdf' });
      up = true;
      const fetched = await fedex.operations!.fetchLabel!(later.trackingNumber, later.carrierRef!, { signal });
      expect(Buffer.from(fetched.bytes).equals(pdf)).toBe(true);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('a ZPL label by URL is asked as application/zpl, kept as sent, fetched again as ZPL; a PDF one says why no ZPL', async () => {
    const zpl = Buffer.from(fixture('fedex', 'label.zpl'));
    const accepts: (string | undefined)[] = [];
    let up = true;
    const server = createServer((req, res) => {
      accepts.push(req.headers.accept);
      res.writeHead(up ? 200 : 503, { 'Content-Type': 'application/zpl' });
      res.end(up ? zpl : 'down');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/label/1.zpl`;
    try {
      const fedex = createFedexCarrier(account, {
        log: recorder().log,
        client: {
          rate: notCalled,
          track: notCalled,
          void: notCalled,
          purchase: async () => ({
            trackingNumber: '794953535000',
            createdAt: new Date(),
            label: { kind: 'url', mediaType: 'application/zpl', url },
            chargedCents: null,
          }),
        } as FedexClient,
      });
      const signal = new AbortController().signal;
      const ok = await fedex.operations!.purchase({} as never, { signal });
      expect(ok.carrierLabel!.mediaType).toBe('application/zpl');
      expect(Buffer.from(ok.carrierLabel!.bytes).equals(zpl)).toBe(true);
      up = false;
      const later = await fedex.operations!.purchase({} as never, { signal });
      expect(later.carrierLabel).toBeUndefined();
      expect(later.carrierRef).toEqual({ labelUrl: url, labelMediaType: 'application/zpl' });
      up = true;
      const fetched = await fedex.operations!.fetchLabel!(later.trackingNumber, later.carrierRef!, { signal });
      expect(fetched.mediaType).toBe('application/zpl');
      expect(Buffer.from(fetched.bytes).equals(zpl)).toBe(true);
      expect(new Set(accepts)).toEqual(new Set(['application/zpl']));
      expect(fedex.operations!.whyNoZpl!(null)).toMatch(/FedEx .*bought as a PDF.*not available as ZPL/);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('has no lookup by our reference (an unknown purchase is settled as not bought)', async () => {
    const fedex = createFedexCarrier(account, { log: recorder().log, client: {} as FedexClient });
    await expect(fedex.operations!.findByReference('5f0c6c1e-8a8b-4c55-9a07-3d2b8a1c9e10')).resolves.toBeNull();
  });
});

describe('Purolator adapter', () => {
  const account: PurolatorAccount = {
    key: 'k',
    password: 'p',
    accountNumber: '9999999999',
    baseUrl: 'https://devwebservices.purolator.com',
    mode: 'test',
  };

  it('keeps the document type to fetch the label again, and a refused void is NOT_VOIDABLE', async () => {
    const asked: string[] = [];
    const purolator = createPurolatorCarrier(account, {
      log: recorder().log,
      client: {
        purchase: async () => ({
          trackingNumber: '329014521622',
          createdAt: new Date(),
          documentType: 'DomesticBillOfLadingThermal',
          label: null,
        }),
        fetchLabel: async (pin: string, type: string) => {
          asked.push(`${pin}:${type}`);
          return { bytes: new Uint8Array([37, 80, 68, 70, 45]), mediaType: 'application/pdf' };
        },
        void: async () => purolatorVoid(200, fixture('purolator', 'void-refused.xml')),
      } as unknown as PurolatorClient,
    });
    const signal = new AbortController().signal;
    const bought = await purolator.operations!.purchase({} as never, { signal });
    expect(bought.carrierLabel).toBeUndefined();
    expect(bought.carrierRef).toEqual({ documentType: 'DomesticBillOfLadingThermal' });
    await purolator.operations!.fetchLabel!(bought.trackingNumber, bought.carrierRef!, { signal });
    expect(asked).toEqual(['329014521622:DomesticBillOfLadingThermal']);
    const err = await purolator.operations!.void(bought.trackingNumber, new Date()).catch((e: unknown) => e);
    expect((err as CarrierError).reason).toBe('NOT_VOIDABLE');
  });

  it('hands a bought label over again as ZPL: the kept document type, else each one a found shipment may have', async () => {
    const zpl = fixture('purolator', 'label.zpl');
    const asked: string[] = [];
    const purolator = createPurolatorCarrier(account, {
      log: recorder().log,
      client: {
        fetchLabel: async (pin: string, type: string, _signal: AbortSignal, output: string) => {
          asked.push(`${pin}:${type}:${output}`);
          if (type !== 'InternationalBillOfLadingThermal' && asked.length > 1) {
            throw new CarrierError('UNAVAILABLE', 'Purolator answered no label document');
          }
          return { bytes: new TextEncoder().encode(zpl), mediaType: 'application/zpl' };
        },
      } as unknown as PurolatorClient,
    });
    const signal = new AbortController().signal;
    const ops = purolator.operations!;
    expect(await ops.fetchZplLabel!('329014521622', { documentType: 'DomesticBillOfLadingThermal' }, { signal })).toBe(
      zpl,
    );
    expect(await ops.fetchZplLabel!('329014521622', {}, { signal })).toBe(zpl);
    expect(asked).toEqual([
      '329014521622:DomesticBillOfLadingThermal:ZPL',
      '329014521622:DomesticBillOfLadingThermal:ZPL',
      '329014521622:InternationalBillOfLadingThermal:ZPL',
    ]);
    expect(ops.whyNoZpl).toBeUndefined();
  });
});

describe('tax difference warning', () => {
  const req = { from: { province: 'ON', country: 'CA' }, to: { province: 'ON', country: 'CA' } } as QuoteRequest;
  const at = new Date('2026-03-02T15:00:00Z');

  it('is logged only beyond a cent, once per quote with every service that differs', async () => {
    const { taxDifferenceLog } = await import('./adapter-support');
    const { log, warnings } = recorder();
    const warn = taxDifferenceLog(log, 'CA-CP');
    warn(
      req,
      [
        { serviceCode: 'a', priceCents: 10_000, carrierTaxCents: 1_301 }, // ours 1300: within a cent
        { serviceCode: 'b', priceCents: 10_000, carrierTaxCents: 1_302 },
        { serviceCode: 'c', priceCents: 10_000, carrierTaxCents: null },
        { serviceCode: 'd', priceCents: 20_000, carrierTaxCents: 2_000 }, // ours 2600
      ],
      at,
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.obj).toMatchObject({
      carrier: 'CA-CP',
      lane: 'ON>ON',
      timesNotLogged: 0,
      services: [
        { serviceCode: 'b', carrierTaxCents: 1_302, ourTaxCents: 1_300 },
        { serviceCode: 'd', carrierTaxCents: 2_000, ourTaxCents: 2_600 },
      ],
    });
  });

  it('stays quiet on the same lane for an hour, then says how many quotes it did not log', async () => {
    const { taxDifferenceLog, TAX_WARNING_EVERY_MS } = await import('./adapter-support');
    const { log, warnings } = recorder();
    const warn = taxDifferenceLog(log, 'CA-UPS');
    const differs = [{ serviceCode: 'x', priceCents: 10_000, carrierTaxCents: 1_500 }];
    for (let i = 0; i < 10; i++) warn(req, differs, new Date(at.getTime() + i * 1000));
    expect(warnings).toHaveLength(1);
    // Another lane is its own.
    warn({ ...req, to: { ...req.to, province: 'BC' } } as QuoteRequest, differs, at);
    expect(warnings).toHaveLength(2);
    warn(req, differs, new Date(at.getTime() + TAX_WARNING_EVERY_MS));
    expect(warnings).toHaveLength(3);
    expect(warnings[2]!.obj).toMatchObject({ lane: 'ON>ON', timesNotLogged: 9 });
  });
});
