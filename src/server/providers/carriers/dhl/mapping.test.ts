import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CarrierError } from '../index';
import { PURCHASE, QUOTE } from './fixtures/requests';
import { FR_DDU_CUSTOMS, FR_RECEIVER } from '../fixtures/customs';
import {
  buildRateRequest,
  buildShipmentRequest,
  buildTrackRequest,
  parseError,
  parseRateResponse,
  parseShipmentResponse,
  parseTrackResponse,
  type DhlAccount,
} from './mapping';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const json = (name: string): unknown => JSON.parse(fixture(name));

const ACCOUNT: DhlAccount = {
  username: 'dhl-user',
  password: 'dhl-pass',
  accountNumber: '123456789',
  baseUrl: 'https://express.api.dhl.com/mydhlapi/test',
  mode: 'test',
};
const AUTH = `Basic ${Buffer.from('dhl-user:dhl-pass').toString('base64')}`;

describe('DHL Express rating', () => {
  it('gets /rates with the documented query parameters, Basic auth and x-version', () => {
    const call = buildRateRequest(ACCOUNT, QUOTE)!;
    expect(call.method).toBe('GET');
    const url = new URL(call.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://express.api.dhl.com/mydhlapi/test/rates');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      accountNumber: '123456789',
      originCountryCode: 'CA',
      originPostalCode: 'H2B 1A0',
      originCityName: 'Montréal',
      destinationCountryCode: 'US',
      destinationPostalCode: '10001',
      destinationCityName: 'New York',
      weight: '2.5',
      length: '30',
      width: '20',
      height: '10',
      plannedShippingDate: '2026-03-05',
      isCustomsDeclarable: 'true',
      unitOfMeasurement: 'metric',
    });
    expect(call.headers).toEqual({ Accept: 'application/json', Authorization: AUTH, 'x-version': '3.1.0' });
    expect(call.body).toBeUndefined();
  });

  it('asks nothing inside Canada nor from abroad: DHL Express only quotes parcels leaving Canada', () => {
    expect(buildRateRequest(ACCOUNT, { ...QUOTE, to: { ...QUOTE.to, country: 'CA' } })).toBeNull();
    expect(buildRateRequest(ACCOUNT, { ...QUOTE, from: { ...QUOTE.from, country: 'US' } })).toBeNull();
  });

  it('reads each product in Canadian dollars (billing currency first), pre-tax, with fuel and surcharges', () => {
    const quotes = parseRateResponse(fixture('rates-response.json'), QUOTE);
    expect(quotes).toEqual([
      {
        carrier: 'CA-DHL',
        serviceCode: 'DHL.P',
        serviceName: 'DHL Express Worldwide',
        priceCents: 8738,
        transitDays: 2,
        estimatedDelivery: '2026-03-09',
        breakdown: {
          baseCents: 6820,
          fuelCents: 1793,
          surchargesCents: [{ code: 'CR', amountCents: 125 }],
          billableWeightKg: 2.5,
        },
        carrierTaxCents: 0,
      },
      {
        carrier: 'CA-DHL',
        serviceCode: 'DHL.Y',
        serviceName: 'DHL Express 12:00',
        priceCents: 11670,
        transitDays: 1,
        estimatedDelivery: '2026-03-06',
        breakdown: { baseCents: 9240, fuelCents: 2430, surchargesCents: [], billableWeightKg: 2.5 },
        carrierTaxCents: 0,
      },
    ]);
  });

  it('takes the tax DHL names out of its total', () => {
    const doc = json('rates-response.json') as {
      products: {
        totalPrice: { price: number }[];
        totalPriceBreakdown: { priceBreakdown: { typeCode: string; price: number }[] }[];
      }[];
    };
    const p = doc.products[0]!;
    p.totalPrice[0]!.price = 98.74;
    p.totalPriceBreakdown[0]!.priceBreakdown[2]!.price = 11.36;
    const [quote] = parseRateResponse(JSON.stringify(doc), QUOTE);
    expect(quote).toMatchObject({ priceCents: 8738, carrierTaxCents: 1136 });
  });

  it('turns problem+json into our errors with DHL’s words', () => {
    const refused = parseError(422, fixture('error-422.json'), 'ship');
    expect(refused).toBeInstanceOf(CarrierError);
    expect(refused.reason).toBe('ADDRESS_INVALID');
    expect(refused.field).toBe('toAddress');
    expect(refused.message).toBe(
      'DHL Express: Multiple problems found, see Additional Details; Receiver postal code is invalid for the destination country',
    );
    expect(parseError(500, fixture('error-500.json'), 'rate').reason).toBe('UNAVAILABLE');
    expect(parseError(401, '', 'rate').reason).toBe('UNAVAILABLE');
    expect(parseError(404, fixture('error-404.json'), 'track')).toMatchObject({
      reason: 'NOT_FOUND',
      message: 'DHL Express: No data found',
    });
  });
});

describe('DHL Express shipping', () => {
  it('posts /shipments with our shipment id as customer reference, insurance II for the declared value, and the CA → US DDP customs declaration (exportDeclaration, DD, duties billed to the shipper)', () => {
    const call = buildShipmentRequest(ACCOUNT, PURCHASE);
    expect(call.method).toBe('POST');
    expect(call.url).toBe('https://express.api.dhl.com/mydhlapi/test/shipments');
    expect(call.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: AUTH,
      'x-version': '3.1.0',
    });
    expect(JSON.parse(call.body!)).toEqual(json('shipment-request.json'));
  });

  it('writes the planned time with Toronto’s summer offset', () => {
    const body = JSON.parse(buildShipmentRequest(ACCOUNT, { ...PURCHASE, shipDate: '2026-07-02' }).body!) as {
      plannedShippingDateAndTime: string;
    };
    expect(body.plannedShippingDateAndTime).toBe('2026-07-02T12:00:00GMT-04:00');
  });

  it('refuses a domestic shipment and a code that is not DHL’s', () => {
    expect(() => buildShipmentRequest(ACCOUNT, { ...PURCHASE, to: { ...PURCHASE.to, country: 'CA' } })).toThrow(
      /leaving Canada/,
    );
    expect(() => buildShipmentRequest(ACCOUNT, { ...PURCHASE, serviceCode: 'DOM.EP' })).toThrow(CarrierError);
  });

  it('asks zpl at 200 dpi for a ZPL buyer and reads DHL’s ZPL label byte for byte (decision 040)', () => {
    expect(JSON.parse(buildShipmentRequest(ACCOUNT, { ...PURCHASE, labelFormat: 'zpl' }).body!)).toEqual(
      json('shipment-zpl-request.json'),
    );
    expect(JSON.parse(buildShipmentRequest(ACCOUNT, { ...PURCHASE, labelFormat: 'pdf' }).body!)).toEqual(
      json('shipment-request.json'),
    );
    const { trackingNumber, label } = parseShipmentResponse(fixture('shipment-zpl-response.json'));
    expect(trackingNumber).toBe('1234567890');
    expect(label.mediaType).toBe('application/zpl');
    expect(Buffer.from(label.bytes).toString('utf8')).toBe(fixture('label.zpl'));
    const broken = fixture('shipment-zpl-response.json').replace(/"content": "[^"]+"/, '"content": "PGh0bWw+"');
    expect(() => parseShipmentResponse(broken)).toThrow(/without ZPL/);
  });

  it('reads the waybill number and the PDF label byte for byte', () => {
    const { trackingNumber, label } = parseShipmentResponse(fixture('shipment-response.json'));
    expect(trackingNumber).toBe('1234567890');
    expect(label.mediaType).toBe('application/pdf');
    const pdf = readFileSync(new URL('./fixtures/label.pdf', import.meta.url));
    expect(Buffer.from(label.bytes).equals(pdf)).toBe(true);
  });
});

describe('DHL Express tracking', () => {
  it('gets /shipments/{id}/tracking with every checkpoint', () => {
    expect(buildTrackRequest(ACCOUNT, '1234567890')).toEqual({
      method: 'GET',
      url: 'https://express.api.dhl.com/mydhlapi/test/shipments/1234567890/tracking?trackingView=all-checkpoints&levelOfDetail=shipment',
      headers: { Accept: 'application/json', Authorization: AUTH, 'x-version': '3.1.0' },
    });
  });

  it('maps checkpoints to our steps with their GMT offsets', () => {
    const events = parseTrackResponse(fixture('tracking-response.json'));
    expect(events.map((e) => [e.status, e.occurredAt.toISOString(), e.location])).toEqual([
      ['picked_up', '2026-03-05T21:02:00.000Z', 'Montreal-QC-CA'],
      ['in_transit', '2026-03-06T02:40:00.000Z', 'Montreal-QC-CA'],
      ['out_for_delivery', '2026-03-09T12:15:00.000Z', 'New York-NY-US'],
      ['delivered', '2026-03-09T17:31:00.000Z', 'New York-NY-US'],
    ]);
    expect(events[3]!.description).toBe('Delivered');
  });
});

describe('DHL Express customs (issue 25)', () => {
  type Body = { accounts: unknown[]; valueAddedServices?: unknown[]; content: Record<string, unknown> };
  const body = (req = PURCHASE) => JSON.parse(buildShipmentRequest(ACCOUNT, req).body!) as Body;

  it('DDU: DAP, no DD service, duties left to the receiver; a 6-digit code is the outbound code alone', () => {
    const b = body({
      ...PURCHASE,
      to: FR_RECEIVER,
      customs: FR_DDU_CUSTOMS,
      package: { ...PURCHASE.package, declaredValueCents: 0 },
    });
    expect(b.accounts).toEqual([{ typeCode: 'shipper', number: '123456789' }]);
    expect(b).not.toHaveProperty('valueAddedServices');
    expect(b.content).toMatchObject({ incoterm: 'DAP', declaredValue: 102.5, declaredValueCurrency: 'CAD' });
    const lines = (b.content['exportDeclaration'] as { lineItems: { commodityCodes: unknown[] }[] }).lineItems;
    expect(lines[0]!.commodityCodes).toEqual([{ typeCode: 'outbound', value: '611011' }]);
  });

  it('a gift is a personal shipment; a return is return_to_origin', () => {
    const gift = body({ ...PURCHASE, customs: { ...PURCHASE.customs!, contentsType: 'gift' } }).content[
      'exportDeclaration'
    ];
    expect(gift).toMatchObject({ shipmentType: 'personal', exportReasonType: 'gift', exportReason: 'Gift' });
    const ret = body({ ...PURCHASE, customs: { ...PURCHASE.customs!, contentsType: 'return' } }).content[
      'exportDeclaration'
    ];
    expect(ret).toMatchObject({ shipmentType: 'commercial', exportReasonType: 'return_to_origin' });
  });

  it('refuses to send a shipment without its declaration', () => {
    const { customs: _omitted, ...bare } = PURCHASE;
    expect(() => buildShipmentRequest(ACCOUNT, bare)).toThrow(/customs declaration/);
  });

  it('a refused commodity code is CUSTOMS_INVALID with DHL’s words', () => {
    const err = parseError(422, fixture('error-422-customs.json'), 'ship');
    expect(err.reason).toBe('CUSTOMS_INVALID');
    expect(err.message).toBe(
      'DHL Express: Multiple problems found, see Additional Details; exportDeclaration.lineItems[0].commodityCodes: Commodity code 61 is invalid',
    );
  });

  it('rates a US destination as customs-declarable goods', () => {
    const call = buildRateRequest(ACCOUNT, QUOTE)!;
    const q = new URL(call.url).searchParams;
    expect([q.get('destinationCountryCode'), q.get('destinationPostalCode'), q.get('isCustomsDeclarable')]).toEqual([
      'US',
      '10001',
      'true',
    ]);
    expect(parseRateResponse(fixture('rates-response.json'), QUOTE).length).toBeGreaterThan(0);
  });
});
