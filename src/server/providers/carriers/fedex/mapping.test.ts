import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CarrierError } from '../index';
import { ACCOUNT, PURCHASE, PURCHASE_US, QUOTE, QUOTE_US } from './fixtures/samples';
import { FR_DDU_CUSTOMS, FR_RECEIVER } from '../fixtures/customs';
import {
  buildFedexCancelRequest,
  buildFedexRateRequest,
  buildFedexShipRequest,
  buildFedexTokenRequest,
  buildFedexTrackRequest,
  fedexReference,
  parseFedexCancelResponse,
  parseFedexRateResponse,
  parseFedexShipResponse,
  parseFedexTrackResponse,
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

describe('FedEx token request', () => {
  it('is a form body with grant_type, client_id and client_secret', () => {
    const call = buildFedexTokenRequest(ACCOUNT);
    expect(call).toMatchObject({ method: 'POST', path: '/oauth/token' });
    expect(call.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(call.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'test-client-id',
      client_secret: 'test-client-secret',
    });
  });
});

describe('FedEx rates', () => {
  it('builds the rate request of the fixture', () => {
    const call = buildFedexRateRequest(ACCOUNT, QUOTE, 'tx-1');
    expect(call).toMatchObject({ method: 'POST', path: '/rate/v1/rates/quotes' });
    expect(call.headers).toMatchObject({ 'Content-Type': 'application/json', 'x-customer-transaction-id': 'tx-1' });
    expect(JSON.parse(call.body!)).toEqual(json('rate-request.json'));
  });

  it('account rates win over list rates; price before tax; breakdown; FedEx tax; transit', () => {
    const { quotes, skipped } = parseFedexRateResponse({ status: 200, bodyText: fixture('rate-response.json') }, QUOTE);
    expect(quotes).toEqual([
      {
        quote: {
          carrier: 'CA-Fedex',
          serviceCode: 'FDX.ECONOMY',
          serviceName: 'FedEx Economy',
          priceCents: 3791,
          transitDays: 2,
          estimatedDelivery: '2025-05-28',
          breakdown: {
            baseCents: 2920,
            fuelCents: 431,
            surchargesCents: [],
            billableWeightKg: 3.5,
            coverageCents: 440,
          },
        },
        carrierTaxCents: 569,
        rateType: 'ACCOUNT',
      },
      {
        quote: {
          carrier: 'CA-Fedex',
          serviceCode: 'FDX.GROUND',
          serviceName: 'FedEx Ground',
          priceCents: 3377,
          transitDays: 3,
          estimatedDelivery: '2025-05-29',
          breakdown: {
            baseCents: 2215,
            fuelCents: 327,
            surchargesCents: [{ code: 'FDX.DELIVERY_AREA', amountCents: 395 }],
            billableWeightKg: 3.5,
            coverageCents: 440,
          },
        },
        carrierTaxCents: 507,
        rateType: 'LIST',
      },
    ]);
    expect(skipped).toEqual([{ serviceType: 'PRIORITY_OVERNIGHT', reason: 'no rate in CAD' }]);
  });

  it('maps documented errors', () => {
    const a = (status: number, name: string) => ({ status, bodyText: fixture(name) });
    expect(reasonOf(() => parseFedexRateResponse(a(400, 'error-rate-weight.json'), QUOTE))).toMatch(
      /^LIMIT_EXCEEDED: FedEx: PACKAGE.WEIGHT.EXCEEDED/,
    );
    expect(reasonOf(() => parseFedexRateResponse(a(401, 'error-auth.json'), QUOTE))).toMatch(
      /^UNAVAILABLE: FedEx: NOT.AUTHORIZED.ERROR/,
    );
    expect(reasonOf(() => parseFedexRateResponse(a(503, 'error-unavailable.json'), QUOTE))).toMatch(
      /^UNAVAILABLE: FedEx: SERVICE.UNAVAILABLE.ERROR/,
    );
  });
});

describe('FedEx ship', () => {
  it('builds the ship request of the fixture: PDF 4×6, declared value, our id as reference', () => {
    const call = buildFedexShipRequest(ACCOUNT, PURCHASE, 'tx');
    expect(call).toMatchObject({ method: 'POST', path: '/ship/v1/shipments' });
    expect(JSON.parse(call.body!)).toEqual(json('ship-request.json'));
  });

  it('sends a stored extension apart from the number', () => {
    const req = { ...PURCHASE, to: { ...PURCHASE.to, phone: '5065550199x12' } };
    const body = JSON.parse(buildFedexShipRequest(ACCOUNT, req, 't').body!) as {
      requestedShipment: { recipients: { contact: unknown }[] };
    };
    expect(body.requestedShipment.recipients[0]!.contact).toEqual({
      personName: 'Gabriel Roy',
      phoneNumber: '5065550199',
      phoneExtension: '12',
    });
  });

  it('writes a UUID reference in 22 characters, keeps short ones, refuses other long ones', () => {
    expect(fedexReference('5f0c6c1e-8a8b-4c55-9a07-3d2b8a1c9e10')).toBe('XwxsHoqLTFWaBz0rihyeEA');
    expect(fedexReference('VY-12345')).toBe('VY-12345');
    expect(() => fedexReference('x'.repeat(31))).toThrow(CarrierError);
  });

  it('reads the tracking number and the PDF label bytes', () => {
    const now = new Date('2025-05-26T14:00:00Z');
    const p = parseFedexShipResponse({ status: 200, bodyText: fixture('ship-response.json') }, now);
    expect(p.trackingNumber).toBe('794953535000');
    expect(p.createdAt).toBe(now);
    expect(p.chargedCents).toBe(3791);
    expect(p.label.kind).toBe('bytes');
    if (p.label.kind !== 'bytes') return;
    expect(p.label.mediaType).toBe('application/pdf');
    expect(Buffer.from(p.label.base64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('asks ZPLII on 4×6 stock for a ZPL buyer and reads the ZPL label as FedEx sent it (decision 040)', () => {
    const call = buildFedexShipRequest(ACCOUNT, { ...PURCHASE, labelFormat: 'zpl' }, 'tx');
    expect(JSON.parse(call.body!)).toEqual(json('ship-zpl-request.json'));
    expect(JSON.parse(buildFedexShipRequest(ACCOUNT, { ...PURCHASE, labelFormat: 'pdf' }, 'tx').body!)).toEqual(
      json('ship-request.json'),
    );
    const p = parseFedexShipResponse({ status: 200, bodyText: fixture('ship-zpl-response.json') }, new Date());
    expect(p.label.kind).toBe('bytes');
    if (p.label.kind !== 'bytes') return;
    expect(p.label.mediaType).toBe('application/zpl');
    expect(Buffer.from(p.label.base64, 'base64').toString('utf8')).toBe(fixture('label.zpl'));
    // A ZPLII document that is not ZPL is refused rather than stored as a label.
    const broken = fixture('ship-zpl-response.json').replace(
      /"encodedLabel": "[^"]+"/,
      '"encodedLabel": "JVBERi0xLjQK"',
    );
    expect(reasonOf(() => parseFedexShipResponse({ status: 200, bodyText: broken }, new Date()))).toMatch(
      /^UNAVAILABLE: .*not ZPL/,
    );
  });

  it('reads a label link when FedEx answers one', () => {
    const p = parseFedexShipResponse({ status: 200, bodyText: fixture('ship-response-url.json') }, new Date());
    expect(p.label).toEqual({
      kind: 'url',
      mediaType: 'application/pdf',
      url: 'https://wwwtest.fedex.com/document/v2/document/retrieve/SH,794953535000_SHIPPING_P/isLabel=true&autoPrint=false',
    });
  });

  it('an address error is ADDRESS_INVALID with the carrier message', () => {
    expect(
      reasonOf(() => parseFedexShipResponse({ status: 400, bodyText: fixture('error-ship-address.json') }, new Date())),
    ).toBe('ADDRESS_INVALID: FedEx: RECIPIENTS.POSTALCODE.INVALID Recipient postal code is invalid.');
  });
});

describe('FedEx cancel', () => {
  it('is PUT of the cancel fixture', () => {
    const call = buildFedexCancelRequest(ACCOUNT, '794953535000', 'tx');
    expect(call).toMatchObject({ method: 'PUT', path: '/ship/v1/shipments/cancel' });
    expect(JSON.parse(call.body!)).toEqual(json('cancel-request.json'));
  });

  it('a confirmed cancel passes; a refused one is NOT_VOIDABLE; an unknown number is NOT_FOUND', () => {
    expect(() => parseFedexCancelResponse({ status: 200, bodyText: fixture('cancel-response.json') })).not.toThrow();
    expect(reasonOf(() => parseFedexCancelResponse({ status: 200, bodyText: fixture('cancel-refused.json') }))).toBe(
      'NOT_VOIDABLE: FedEx: Shipment cannot be cancelled: the package has been picked up.',
    );
    expect(reasonOf(() => parseFedexCancelResponse({ status: 400, bodyText: fixture('cancel-error.json') }))).toBe(
      'NOT_VOIDABLE: FedEx: TRACKINGNUMBER.ENTERED.INVALID Invalid tracking number entered.',
    );
    expect(reasonOf(() => parseFedexCancelResponse({ status: 404, bodyText: '{}' }))).toMatch(/^NOT_FOUND/);
  });
});

describe('FedEx track', () => {
  it('is POST of the track fixture', () => {
    const call = buildFedexTrackRequest('794953535000', 'tx');
    expect(call).toMatchObject({ method: 'POST', path: '/track/v1/trackingnumbers' });
    expect(JSON.parse(call.body!)).toEqual(json('track-request.json'));
  });

  it('maps scan events to our steps, oldest first', () => {
    const events = parseFedexTrackResponse({ status: 200, bodyText: fixture('track-response.json') });
    expect(events.map((e) => [e.status, e.occurredAt.toISOString(), e.location, e.description])).toEqual([
      ['label_created', '2025-05-26T13:12:00.000Z', '', 'Shipment information sent to FedEx'],
      ['picked_up', '2025-05-26T21:20:00.000Z', 'MONTREAL, QC', 'Picked up'],
      ['in_transit', '2025-05-28T01:10:00.000Z', 'DIEPPE, NB', 'At local FedEx facility'],
      ['out_for_delivery', '2025-05-28T11:05:00.000Z', 'MONCTON, NB', 'On FedEx vehicle for delivery'],
      ['delivered', '2025-05-28T16:42:00.000Z', 'MONCTON, NB', 'Delivered'],
    ]);
  });

  it('an unknown number is NOT_FOUND with the carrier message', () => {
    expect(reasonOf(() => parseFedexTrackResponse({ status: 200, bodyText: fixture('track-not-found.json') }))).toBe(
      'NOT_FOUND: FedEx: TRACKING.TRACKINGNUMBER.NOTFOUND Tracking number cannot be found. Please correct the tracking number and try again.',
    );
  });
});

describe('FedEx leaving Canada (issue 25)', () => {
  type Body = { requestedShipment: Record<string, unknown> };
  const ship = (req = PURCHASE_US) => JSON.parse(buildFedexShipRequest(ACCOUNT, req, 't').body!) as Body;

  it('sends a CA → US DDP shipment with its customsClearanceDetail (duties paid by the sender), the commercial invoice and ETD', () => {
    expect(ship()).toEqual(json('ship-us-request.json'));
  });

  it('leaves duties to the recipient for DDU, in the declaration’s currency', () => {
    const detail = ship({
      ...PURCHASE_US,
      serviceCode: 'FDX.INTERNATIONAL_PRIORITY',
      to: FR_RECEIVER,
      customs: FR_DDU_CUSTOMS,
    }).requestedShipment['customsClearanceDetail'] as Record<string, unknown>;
    expect(detail['dutiesPayment']).toEqual({ paymentType: 'RECIPIENT' });
    expect(detail['commercialInvoice']).toMatchObject({ termsOfSale: 'DDU', shipmentPurpose: 'SOLD' });
    expect(detail['totalCustomsValue']).toEqual({ amount: 102.5, currency: 'CAD' });
  });

  it('sends no customs inside Canada, and refuses a shipment leaving Canada without its declaration', () => {
    expect(buildFedexShipRequest(ACCOUNT, PURCHASE, 't').body).not.toContain('customsClearanceDetail');
    const { customs: _omitted, ...bare } = PURCHASE_US;
    expect(reasonOf(() => buildFedexShipRequest(ACCOUNT, bare, 't'))).toMatch(/^CUSTOMS_INVALID: FedEx:/);
  });

  it('rates a US destination with the commodities and reads International Ground and Priority', () => {
    const body = JSON.parse(buildFedexRateRequest(ACCOUNT, QUOTE_US, 't').body!) as Body;
    expect(body.requestedShipment['recipient']).toEqual({
      address: { city: 'New York', stateOrProvinceCode: 'NY', postalCode: '10001', countryCode: 'US' },
    });
    expect(body.requestedShipment['customsClearanceDetail']).toMatchObject({
      dutiesPayment: { paymentType: 'SENDER' },
      totalCustomsValue: { amount: 102.5, currency: 'USD' },
    });
    const { quotes, skipped } = parseFedexRateResponse(
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
      ]),
    ).toEqual([
      ['FDX.INTERNATIONAL_GROUND', 'FedEx International Ground', 3702, 4, '2025-05-30', null],
      ['FDX.INTERNATIONAL_PRIORITY', 'FedEx International Priority', 10629, 1, '2025-05-27', null],
    ]);
  });

  it('a refused harmonized code is CUSTOMS_INVALID with FedEx’s words', () => {
    expect(
      reasonOf(() =>
        parseFedexShipResponse({ status: 400, bodyText: fixture('error-ship-commodity.json') }, new Date()),
      ),
    ).toBe('CUSTOMS_INVALID: FedEx: COMMODITY.HARMONIZEDCODE.INVALID Harmonized code is invalid for commodity 1.');
  });
});
