import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CarrierError } from '../index';
import { ACCOUNT, PURCHASE, PURCHASE_US, QUOTE, QUOTE_US } from './fixtures/samples';
import { FR_DDU_CUSTOMS, FR_RECEIVER } from '../fixtures/customs';
import {
  buildUpsRateRequest,
  buildUpsShipRequest,
  buildUpsTokenRequest,
  buildUpsTrackRequest,
  buildUpsVoidRequest,
  parseUpsRateResponse,
  parseUpsReferenceTrackResponse,
  parseUpsShipResponse,
  parseUpsTrackResponse,
  parseUpsVoidResponse,
  upsError,
  upsReference,
} from './mapping';

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const json = (name: string): unknown => JSON.parse(fixture(name));

function reasonOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(CarrierError);
    return `${(err as CarrierError).reason}: ${(err as CarrierError).message}`;
  }
  throw new Error('expected a CarrierError');
}

describe('UPS token request', () => {
  it('is client credentials with Basic auth of client id:secret and the account as x-merchant-id', () => {
    const call = buildUpsTokenRequest(ACCOUNT);
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/security/v1/oauth/token');
    expect(call.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(call.headers['Authorization']).toBe(
      `Basic ${Buffer.from('test-client-id:test-client-secret').toString('base64')}`,
    );
    expect(call.headers['x-merchant-id']).toBe('A1B2C3');
    expect(call.body).toBe('grant_type=client_credentials');
  });
});

describe('UPS rating', () => {
  it('builds the Shop request of the fixture', () => {
    const call = buildUpsRateRequest(ACCOUNT, QUOTE, 'tid');
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/api/rating/v2409/Shop?additionalinfo=timeintransit');
    expect(call.headers).toMatchObject({ 'Content-Type': 'application/json', transId: 'tid' });
    expect(JSON.parse(call.body!)).toEqual(json('rate-request.json'));
  });

  it('leaves out the declared value when there is none', () => {
    const call = buildUpsRateRequest(ACCOUNT, { ...QUOTE, package: { ...QUOTE.package, declaredValueCents: 0 } }, 't');
    expect(call.body).not.toContain('DeclaredValue');
  });

  it('reads negotiated rates over published ones, the breakdown, the carrier tax and transit', () => {
    const { quotes, skipped } = parseUpsRateResponse({ status: 200, bodyText: fixture('rate-response.json') }, QUOTE);
    expect(quotes).toHaveLength(2);
    const [standard, expedited] = quotes;
    expect(standard).toEqual({
      quote: {
        carrier: 'CA-UPS',
        serviceCode: 'UPS.11',
        serviceName: 'UPS Standard',
        priceCents: 5100,
        transitDays: 3,
        estimatedDelivery: '2025-05-29',
        breakdown: {
          baseCents: 3108,
          fuelCents: 922,
          surchargesCents: [{ code: 'UPS.190', amountCents: 350 }],
          billableWeightKg: 3.5,
          coverageCents: 720,
        },
      },
      carrierTaxCents: 765,
      rateType: 'negotiated',
    });
    expect(expedited!.rateType).toBe('published');
    expect(expedited!.quote).toMatchObject({
      serviceCode: 'UPS.02',
      serviceName: 'UPS Expedited',
      priceCents: 9352,
      transitDays: 2,
      estimatedDelivery: '2025-05-28',
      breakdown: { baseCents: 7018, fuelCents: 1614, coverageCents: 720 },
    });
    expect(expedited!.carrierTaxCents).toBe(1403);
    expect(skipped).toEqual([{ upsCode: '65', reason: 'no delivery estimate' }]);
  });

  it('maps documented errors: route, limit, credentials, outage', () => {
    const answer = (status: number, name: string) => ({ status, bodyText: fixture(name) });
    expect(reasonOf(() => parseUpsRateResponse(answer(400, 'error-rate-route.json'), QUOTE))).toBe(
      'UNSUPPORTED_ROUTE: UPS: 111210 The requested service is unavailable between the selected locations.',
    );
    expect(reasonOf(() => parseUpsRateResponse(answer(400, 'error-rate-limit.json'), QUOTE))).toMatch(
      /^LIMIT_EXCEEDED: UPS: 111035 The maximum per package weight/,
    );
    expect(reasonOf(() => parseUpsRateResponse(answer(401, 'error-auth.json'), QUOTE))).toBe(
      'UNAVAILABLE: UPS: 250003 Invalid Access License number',
    );
    expect(reasonOf(() => parseUpsRateResponse({ status: 503, bodyText: '<html>down</html>' }, QUOTE))).toBe(
      'UNAVAILABLE: UPS: HTTP 503',
    );
    expect(reasonOf(() => parseUpsRateResponse({ status: 429, bodyText: '{}' }, QUOTE))).toMatch(/^UNAVAILABLE/);
  });
});

describe('UPS shipping', () => {
  it('builds the ship request of the fixture: our id as reference, declared value, GIF label', () => {
    const call = buildUpsShipRequest(ACCOUNT, PURCHASE, 'tid');
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/api/shipments/v2409/ship');
    expect(JSON.parse(call.body!)).toEqual(json('ship-request.json'));
  });

  it('sends a stored extension apart from the number', () => {
    const req = { ...PURCHASE, to: { ...PURCHASE.to, phone: '5065550199x12' } };
    const body = JSON.parse(buildUpsShipRequest(ACCOUNT, req, 't').body!) as {
      ShipmentRequest: { Shipment: { ShipTo: { Phone: unknown } } };
    };
    expect(body.ShipmentRequest.Shipment.ShipTo.Phone).toEqual({ Number: '5065550199', Extension: '12' });
  });

  it('asks a ZPL label on 4×6 stock when so configured', () => {
    const body = JSON.parse(buildUpsShipRequest({ ...ACCOUNT, labelFormat: 'ZPL' }, PURCHASE, 't').body!) as {
      ShipmentRequest: { LabelSpecification: unknown };
    };
    expect(body.ShipmentRequest.LabelSpecification).toEqual({
      LabelImageFormat: { Code: 'ZPL', Description: 'ZPL' },
      LabelStockSize: { Height: '6', Width: '4' },
    });
  });

  it('refuses a service that is not UPS', () => {
    expect(reasonOf(() => buildUpsShipRequest(ACCOUNT, { ...PURCHASE, serviceCode: 'DOM.EP' }, 't'))).toMatch(
      /^SERVICE_UNAVAILABLE/,
    );
  });

  it('reads the tracking number, the label bytes and their media type', () => {
    const now = new Date('2025-05-26T17:00:00Z');
    const p = parseUpsShipResponse({ status: 200, bodyText: fixture('ship-response.json') }, now);
    expect(p).toEqual({
      trackingNumber: '1ZA1B2C32034567890',
      shipmentId: '1ZA1B2C32034567890',
      createdAt: now,
      label: {
        format: 'GIF',
        mediaType: 'image/gif',
        base64: 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
      },
      chargedCents: 5100,
    });
    expect(Buffer.from(p.label.base64, 'base64').subarray(0, 6).toString('latin1')).toBe('GIF89a');
  });

  it('an address error is ADDRESS_INVALID, a service not offered on the lane SERVICE_UNAVAILABLE', () => {
    expect(
      reasonOf(() => parseUpsShipResponse({ status: 400, bodyText: fixture('error-ship-address.json') }, new Date())),
    ).toBe('ADDRESS_INVALID: UPS: 120802 Address Validation Error on ShipTo address');
    expect(
      reasonOf(() => parseUpsShipResponse({ status: 400, bodyText: fixture('error-rate-route.json') }, new Date())),
    ).toMatch(/^SERVICE_UNAVAILABLE: UPS: 111210 /);
  });

  it('keeps references UPS can hold (35 characters)', () => {
    expect(upsReference('ORD-123')).toBe('ORD-123');
    expect(upsReference('5f0c6c1e-8a8b-4c55-9a07-3d2b8a1c9e10')).toBe('5f0c6c1e8a8b4c559a073d2b8a1c9e10');
    expect(() => upsReference('x'.repeat(36))).toThrow(CarrierError);
  });
});

describe('UPS void', () => {
  it('is DELETE of the shipment id', () => {
    const call = buildUpsVoidRequest(ACCOUNT, '1ZA1B2C32034567890', 'tid');
    expect(call).toMatchObject({ method: 'DELETE', path: '/api/shipments/v2409/void/cancel/1ZA1B2C32034567890' });
    expect(call.body).toBeUndefined();
  });

  it('a confirmed void passes; a refused one is NOT_VOIDABLE with the reason', () => {
    expect(() => parseUpsVoidResponse({ status: 200, bodyText: fixture('void-response.json') })).not.toThrow();
    expect(reasonOf(() => parseUpsVoidResponse({ status: 400, bodyText: fixture('void-refused.json') }))).toBe(
      'NOT_VOIDABLE: UPS: 190102 No shipment found within the allowed void period',
    );
  });
});

describe('UPS tracking', () => {
  it('is GET of the details of the number', () => {
    const call = buildUpsTrackRequest(ACCOUNT, '1ZA1B2C32034567890', 'tid');
    expect(call.method).toBe('GET');
    expect(call.path).toBe('/api/track/v1/details/1ZA1B2C32034567890?locale=en_US&returnSignature=false');
    expect(call.headers).toMatchObject({ transId: 'tid', transactionSrc: 'voyageur' });
  });

  it('maps UPS activities to our steps, oldest first, at their UTC time', () => {
    const events = parseUpsTrackResponse({ status: 200, bodyText: fixture('track-response.json') });
    expect(events.map((e) => [e.status, e.occurredAt.toISOString(), e.location, e.description])).toEqual([
      [
        'label_created',
        '2025-05-26T17:15:00.000Z',
        '',
        'Shipper created a label, UPS has not received the package yet.',
      ],
      ['picked_up', '2025-05-27T01:30:00.000Z', 'Richmond, BC', 'Pickup Scan'],
      ['in_transit', '2025-05-29T01:10:00.000Z', 'Moncton, NB', 'Arrived at Facility'],
      ['out_for_delivery', '2025-05-29T11:15:00.000Z', 'Moncton, NB', 'Out For Delivery Today'],
      ['delivered', '2025-05-29T17:32:00.000Z', 'Moncton, NB', 'DELIVERED'],
    ]);
  });

  it('an unknown or invalid number is NOT_FOUND', () => {
    expect(reasonOf(() => parseUpsTrackResponse({ status: 200, bodyText: fixture('track-not-found.json') }))).toBe(
      'NOT_FOUND: UPS: Tracking Information Not Found',
    );
    expect(reasonOf(() => parseUpsTrackResponse({ status: 400, bodyText: fixture('track-invalid.json') }))).toBe(
      'NOT_FOUND: UPS: TV1002 Invalid inquiry number',
    );
  });

  it('finds a purchase by reference, or null', () => {
    const now = new Date();
    expect(parseUpsReferenceTrackResponse({ status: 200, bodyText: fixture('track-response.json') }, now)).toEqual({
      trackingNumber: '1ZA1B2C32034567890',
      createdAt: new Date('2025-05-26T17:15:00Z'),
    });
    expect(parseUpsReferenceTrackResponse({ status: 200, bodyText: fixture('track-not-found.json') }, now)).toBeNull();
    expect(parseUpsReferenceTrackResponse({ status: 404, bodyText: '{}' }, now)).toBeNull();
  });

  it('an error answer without UPS errors still names the status', () => {
    expect(upsError({ status: 500, bodyText: '' }, 'track').message).toBe('UPS: HTTP 500');
  });
});

describe('UPS leaving Canada (issue 25)', () => {
  const ship = (req = PURCHASE_US) =>
    JSON.parse(buildUpsShipRequest({ ...ACCOUNT, labelFormat: 'PNG' }, req, 't').body!) as {
      ShipmentRequest: { Shipment: Record<string, unknown> };
    };

  it('sends a CA → US DDP shipment with its commercial invoice (InternationalForms) and duties billed to the shipper', () => {
    expect(ship()).toEqual(json('ship-us-request.json'));
    // UPS Standard to the US is our 'UPS.11.US' (as the sandbox quotes it): UPS's code 11.
    expect(ship({ ...PURCHASE_US, serviceCode: 'UPS.11.US' })).toEqual(json('ship-us-request.json'));
  });

  it('bills duties to the receiver for DDU (no charge type 02) and asks no invoice total outside the US and Puerto Rico', () => {
    const shipment = ship({ ...PURCHASE_US, serviceCode: 'UPS.08', to: FR_RECEIVER, customs: FR_DDU_CUSTOMS })
      .ShipmentRequest.Shipment;
    expect(shipment['PaymentInformation']).toEqual({
      ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: 'A1B2C3' } }],
    });
    expect(shipment).not.toHaveProperty('InvoiceLineTotal');
    const forms = (shipment['ShipmentServiceOptions'] as { InternationalForms: Record<string, unknown> })
      .InternationalForms;
    expect(forms).toMatchObject({
      FormType: '01',
      CurrencyCode: 'CAD',
      TermsOfShipment: 'DDU',
      ReasonForExport: 'SALE',
    });
    expect((forms['Product'] as { CommodityCode: string }[]).map((p) => p.CommodityCode)).toEqual(['611011', '691200']);
  });

  it('sends no international forms inside Canada, and refuses a shipment leaving Canada without its declaration', () => {
    expect(buildUpsShipRequest(ACCOUNT, PURCHASE, 't').body).not.toContain('InternationalForms');
    const { customs: _omitted, ...bare } = PURCHASE_US;
    expect(reasonOf(() => buildUpsShipRequest(ACCOUNT, bare, 't'))).toMatch(/^CUSTOMS_INVALID: UPS:/);
  });

  it('rates a US destination with the goods’ value as the invoice total and reads its services', () => {
    const body = JSON.parse(buildUpsRateRequest(ACCOUNT, QUOTE_US, 't').body!) as {
      RateRequest: { Shipment: Record<string, unknown> };
    };
    expect(body.RateRequest.Shipment['ShipTo']).toEqual({
      Address: { City: 'New York', StateProvinceCode: 'NY', PostalCode: '10001', CountryCode: 'US' },
    });
    expect(body.RateRequest.Shipment['InvoiceLineTotal']).toEqual({ CurrencyCode: 'USD', MonetaryValue: '102.50' });
    const { quotes, skipped } = parseUpsRateResponse(
      { status: 200, bodyText: fixture('rate-us-response.json') },
      QUOTE_US,
    );
    expect(skipped).toEqual([]);
    expect(
      quotes.map((q) => [
        q.quote.serviceCode,
        q.quote.serviceName,
        q.quote.priceCents,
        q.quote.transitDays,
        q.quote.estimatedDelivery,
        q.carrierTaxCents,
        q.rateType,
      ]),
    ).toEqual([
      ['UPS.11.US', 'UPS Standard', 4157, 4, '2025-05-30', null, 'negotiated'],
      ['UPS.08', 'UPS Worldwide Expedited', 9614, 2, '2025-05-28', null, 'published'],
    ]);
    expect(quotes[0]!.quote.breakdown).toEqual({
      baseCents: 3353,
      fuelCents: 804,
      surchargesCents: [],
      billableWeightKg: 3.5,
    });
  });

  it('a refused commodity code is CUSTOMS_INVALID with UPS’s words', () => {
    const err = upsError({ status: 400, bodyText: fixture('error-ship-commodity.json') }, 'ship');
    expect(err.reason).toBe('CUSTOMS_INVALID');
    expect(err.message).toBe('UPS: 120433 Invalid Commodity Code for Product 1 of InternationalForms');
  });
});
