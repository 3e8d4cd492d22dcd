import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CarrierError } from '../index';
import { PURCHASE, PURCHASE_US, QUOTE, QUOTE_US } from './fixtures/requests';
import { FR_DDU_CUSTOMS, FR_RECEIVER, US_DDP_CUSTOMS } from '../fixtures/customs';
import {
  buildLabelRequest,
  buildRateRequest,
  buildShipmentRequest,
  buildTrackRequest,
  buildVoidRequest,
  parseError,
  parseLabelResponse,
  parseRateResponse,
  parseShipmentResponse,
  parseTrackResponse,
  parseVoidResponse,
  type CanadaPostAccount,
} from './mapping';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const xml = (s: string) => s.replace(/>\s+</g, '><').trim();

const CONTRACT: CanadaPostAccount = {
  username: 'api-user',
  password: 'api-pass',
  customerNumber: '0002004381',
  contractId: '0042708517',
  baseUrl: 'https://ct.soa-gw.canadapost.ca/',
  mode: 'test',
  refundEmail: 'shipping@voyageur.example',
};
const NON_CONTRACT: CanadaPostAccount = { ...CONTRACT, contractId: undefined };
const AUTH = `Basic ${Buffer.from('api-user:api-pass').toString('base64')}`;

describe('Canada Post rating', () => {
  it('posts the mailing scenario to /rs/ship/price with the rate-v4 media type and Basic auth', () => {
    const call = buildRateRequest(CONTRACT, QUOTE);
    expect(call.method).toBe('POST');
    expect(call.url).toBe('https://ct.soa-gw.canadapost.ca/rs/ship/price');
    expect(call.headers).toEqual({
      Accept: 'application/vnd.cpc.ship.rate-v4+xml',
      'Content-Type': 'application/vnd.cpc.ship.rate-v4+xml',
      Authorization: AUTH,
      'Accept-Language': 'en-CA',
    });
    expect(xml(call.body!)).toBe(xml(fixture('rate-request.xml')));
  });

  it('leaves contract-id out without a contract and asks without coverage when nothing is declared', () => {
    const call = buildRateRequest(NON_CONTRACT, { ...QUOTE, package: { ...QUOTE.package, declaredValueCents: 0 } });
    expect(call.body).not.toContain('contract-id');
    expect(call.body).not.toContain('<options>');
    expect(call.body).toContain('<customer-number>0002004381</customer-number>');
  });

  it('reads each price quote: pre-tax price (due less taxes), fuel, adjustments, coverage, the carrier tax', () => {
    const quotes = parseRateResponse(fixture('rate-response.xml'), QUOTE);
    expect(quotes).toEqual([
      {
        carrier: 'CA-CP',
        serviceCode: 'DOM.EP',
        serviceName: 'Expedited Parcel',
        priceCents: 1734,
        transitDays: 1,
        estimatedDelivery: '2026-03-06',
        breakdown: {
          baseCents: 1420,
          fuelCents: 257,
          surchargesCents: [{ code: 'AUTDISC', amountCents: -43 }],
          billableWeightKg: 2.5,
          coverageCents: 100,
        },
        carrierTaxCents: 226,
      },
      {
        carrier: 'CA-CP',
        serviceCode: 'DOM.PC',
        serviceName: 'Priority',
        priceCents: 3608,
        transitDays: 1,
        estimatedDelivery: '2026-03-06',
        breakdown: {
          baseCents: 3045,
          fuelCents: 554,
          surchargesCents: [
            { code: 'AUTDISC', amountCents: -91 },
            { code: 'SIGNATURE', amountCents: 100 },
          ],
          billableWeightKg: 2.5,
        },
        carrierTaxCents: 469,
      },
    ]);
    for (const q of quotes) {
      const parts = q.breakdown.baseCents + q.breakdown.fuelCents + (q.breakdown.coverageCents ?? 0);
      expect(parts + q.breakdown.surchargesCents.reduce((s, x) => s + x.amountCents, 0)).toBe(q.priceCents);
    }
  });

  it('answers an empty list for an empty price-quotes', () => {
    expect(parseRateResponse('<price-quotes xmlns="http://www.canadapost.ca/ws/ship/rate-v4"/>', QUOTE)).toEqual([]);
  });

  it('turns a postal-code message into ADDRESS_INVALID (the receiver’s) with Canada Post’s words, an auth failure into UNAVAILABLE', () => {
    const refused = parseError(400, fixture('error-rate-refused.xml'), 'rate');
    expect(refused).toBeInstanceOf(CarrierError);
    expect(refused.reason).toBe('ADDRESS_INVALID');
    expect(refused.field).toBe('toAddress');
    expect(refused.message).toBe('Canada Post: 9111: The postal code K1K4T9 is not valid for the destination.');
    const auth = parseError(401, fixture('error-auth.xml'), 'rate');
    expect(auth.reason).toBe('UNAVAILABLE');
    expect(auth.message).toContain('AAA Authentication Failure');
    expect(parseError(503, '<html>Service Unavailable</html>', 'rate').reason).toBe('UNAVAILABLE');
    expect(
      parseError(
        400,
        '<messages><message><code>1</code><description>Weight exceeds the maximum</description></message></messages>',
        'rate',
      ).reason,
    ).toBe('LIMIT_EXCEEDED');
  });
});

describe('Canada Post shipping', () => {
  it('creates a contract shipment, transmitted, with our shipment id as customer-request-id and cust-ref-1', () => {
    const call = buildShipmentRequest(CONTRACT, PURCHASE);
    expect(call.method).toBe('POST');
    expect(call.url).toBe('https://ct.soa-gw.canadapost.ca/rs/0002004381/0002004381/shipment');
    expect(call.headers).toMatchObject({
      Accept: 'application/vnd.cpc.shipment-v8+xml',
      'Content-Type': 'application/vnd.cpc.shipment-v8+xml',
      Authorization: AUTH,
    });
    expect(xml(call.body!)).toBe(xml(fixture('shipment-request.xml')));
  });

  it('escapes user text rather than letting it into the markup', () => {
    const body = buildShipmentRequest(CONTRACT, { ...PURCHASE, to: { ...PURCHASE.to, name: '</name><x>' } }).body!;
    expect(body).toContain('<name>&lt;/name&gt;&lt;x&gt;</name>');
    expect(body).not.toContain('<x>');
  });

  it('creates a non-contract shipment without a contract id', () => {
    const call = buildShipmentRequest(NON_CONTRACT, PURCHASE);
    expect(call.url).toBe('https://ct.soa-gw.canadapost.ca/rs/0002004381/ncshipment');
    expect(call.headers['Content-Type']).toBe('application/vnd.cpc.ncshipment-v4+xml');
    expect(xml(call.body!)).toBe(xml(fixture('ncshipment-request.xml')));
  });

  it('reads the shipment id, PIN and links of a contract shipment', () => {
    expect(parseShipmentResponse(fixture('shipment-response.xml'))).toEqual({
      shipmentId: '545021584835957806',
      trackingNumber: '7023210039414604',
      kind: 'contract',
      selfUrl: 'https://ct.soa-gw.canadapost.ca/rs/0002004381/0002004381/shipment/545021584835957806',
      refundUrl: 'https://ct.soa-gw.canadapost.ca/rs/0002004381/0002004381/shipment/545021584835957806/refund',
      labelUrl: 'https://ct.soa-gw.canadapost.ca/rs/artifact/6e93d53968881714/10001782951/0',
      labelMediaType: 'application/pdf',
      status: 'transmitted',
    });
  });

  it('reads a non-contract shipment', () => {
    const ref = parseShipmentResponse(fixture('ncshipment-response.xml'));
    expect(ref).toMatchObject({
      kind: 'non-contract',
      shipmentId: '406951321983787352',
      trackingNumber: '7023210039414611',
    });
    expect(ref.labelUrl).toBe('https://ct.soa-gw.canadapost.ca/ers/artifact/76108cb5192002d5/21238/0');
  });

  it('buys a contract shipment’s label as ZPL on 4×6 for a ZPL buyer, and reads its ZPL artifact link (decision 040)', () => {
    const call = buildShipmentRequest(CONTRACT, { ...PURCHASE, labelFormat: 'zpl' });
    expect(xml(call.body!)).toBe(xml(fixture('shipment-zpl-request.xml')));
    // A PDF buyer's shipment is the one it always was.
    expect(xml(buildShipmentRequest(CONTRACT, { ...PURCHASE, labelFormat: 'pdf' }).body!)).toBe(
      xml(fixture('shipment-request.xml')),
    );
    // Non-contract shipments have no print-preferences: the label is a PDF whatever the buyer prints.
    expect(xml(buildShipmentRequest(NON_CONTRACT, { ...PURCHASE, labelFormat: 'zpl' }).body!)).toBe(
      xml(fixture('ncshipment-request.xml')),
    );
    const ref = parseShipmentResponse(fixture('shipment-zpl-response.xml'));
    expect(ref.labelMediaType).toBe('application/zpl');
    const get = buildLabelRequest(CONTRACT, ref);
    expect(get.headers.Accept).toBe('application/zpl');
    const zpl = readFileSync(new URL('./fixtures/label.zpl', import.meta.url));
    const label = parseLabelResponse(new Uint8Array(zpl), 'application/zpl');
    expect(label.mediaType).toBe('application/zpl');
    expect(Buffer.from(label.bytes).equals(zpl)).toBe(true);
    expect(() => parseLabelResponse(new TextEncoder().encode('%PDF-1.4'), 'application/zpl')).toThrow(CarrierError);
  });

  it('fetches the label from the rel="label" link as application/pdf and keeps its bytes', () => {
    const ref = parseShipmentResponse(fixture('shipment-response.xml'));
    const call = buildLabelRequest(CONTRACT, ref);
    expect(call).toEqual({
      method: 'GET',
      url: ref.labelUrl,
      headers: { Accept: 'application/pdf', Authorization: AUTH },
    });
    const pdf = readFileSync(new URL('./fixtures/label.pdf', import.meta.url));
    const label = parseLabelResponse(new Uint8Array(pdf), 'application/pdf');
    expect(Buffer.from(label.bytes).equals(pdf)).toBe(true);
    expect(() => parseLabelResponse(new TextEncoder().encode('<html/>'), 'application/pdf')).toThrow(CarrierError);
  });
});

describe('Canada Post void', () => {
  const transmitted = parseShipmentResponse(fixture('shipment-response.xml'));

  it('asks a refund for a transmitted contract shipment', () => {
    const call = buildVoidRequest(CONTRACT, transmitted);
    expect(call.method).toBe('POST');
    expect(call.url).toBe(transmitted.refundUrl);
    expect(call.headers['Content-Type']).toBe('application/vnd.cpc.shipment-v8+xml');
    expect(xml(call.body!)).toBe(xml(fixture('refund-request.xml')));
    expect(parseVoidResponse(200, fixture('refund-response.xml'))).toEqual({ serviceTicketId: 'GT12345678RT' });
  });

  it('deletes the self link of a contract shipment not yet transmitted', () => {
    const call = buildVoidRequest(CONTRACT, { ...transmitted, status: 'created' });
    expect(call).toMatchObject({ method: 'DELETE', url: transmitted.selfUrl });
    expect(call.body).toBeUndefined();
    expect(parseVoidResponse(204, '')).toEqual({ serviceTicketId: null });
  });

  it('asks the non-contract refund', () => {
    const ref = parseShipmentResponse(fixture('ncshipment-response.xml'));
    const call = buildVoidRequest(NON_CONTRACT, ref);
    expect(call.url).toBe('https://ct.soa-gw.canadapost.ca/rs/0002004381/ncshipment/406951321983787352/refund');
    expect(call.headers['Content-Type']).toBe('application/vnd.cpc.ncshipment-v4+xml');
    expect(xml(call.body!)).toBe(xml(fixture('ncrefund-request.xml')));
  });

  it('cannot ask a refund without the e-mail Canada Post requires', () => {
    expect(() => buildVoidRequest({ ...CONTRACT, refundEmail: undefined }, transmitted)).toThrow(/refund e-mail/);
  });

  it('turns a refused void into NOT_VOIDABLE with the carrier’s reason', () => {
    const err = parseError(400, fixture('void-refused.xml'), 'void');
    expect(err.reason).toBe('NOT_VOIDABLE');
    expect(err.message).toBe('Canada Post: 8066: A refund has already been requested for this shipment.');
  });
});

describe('Canada Post tracking', () => {
  it('gets /vis/track/pin/{pin}/detail with the track-v2 media type', () => {
    expect(buildTrackRequest(CONTRACT, '7023210039414604')).toEqual({
      method: 'GET',
      url: 'https://ct.soa-gw.canadapost.ca/vis/track/pin/7023210039414604/detail',
      headers: { Accept: 'application/vnd.cpc.track-v2+xml', Authorization: AUTH, 'Accept-Language': 'en-CA' },
    });
  });

  it('maps significant events to our steps, oldest first, in UTC, without the signature record', () => {
    const events = parseTrackResponse(fixture('track-response.xml'));
    expect(events.map((e) => e.status)).toEqual(['picked_up', 'in_transit', 'out_for_delivery', 'delivered']);
    expect(events[0]).toEqual({
      status: 'picked_up',
      description: 'Item processed at postal facility',
      location: 'MONTREAL, QC',
      occurredAt: new Date('2026-03-06T00:45:48Z'),
    });
    expect(events[3]!.occurredAt.toISOString()).toBe('2026-03-06T19:02:10.000Z');
  });

  it('turns "No Pin History" into NOT_FOUND', () => {
    const err = parseError(404, fixture('track-not-found.xml'), 'track');
    expect(err.reason).toBe('NOT_FOUND');
    expect(err.message).toBe('Canada Post: 004: No Pin History');
  });
});

describe('Canada Post leaving Canada (issue 25)', () => {
  it('rates a US destination by ZIP code and reads the zero-rated prices', () => {
    const call = buildRateRequest(CONTRACT, QUOTE_US);
    expect(xml(call.body!)).toBe(xml(fixture('rate-us-request.xml')));
    const quotes = parseRateResponse(fixture('rate-us-response.xml'), QUOTE_US);
    expect(quotes.map((q) => [q.serviceCode, q.serviceName, q.priceCents, q.carrierTaxCents, q.transitDays])).toEqual([
      ['USA.EP', 'Expedited Parcel USA', 3805, 0, 5],
      ['USA.TP', 'Tracked Packet USA', 2877, 0, 7],
    ]);
    expect(quotes[0]!.breakdown).toEqual({
      baseCents: 3144,
      fuelCents: 506,
      surchargesCents: [],
      billableWeightKg: 2.5,
      coverageCents: 155,
    });
  });

  it('rates another country by its country code', () => {
    const call = buildRateRequest(CONTRACT, {
      ...QUOTE,
      to: { postalCode: '75008', province: '', country: 'FR', city: 'Paris' },
    });
    expect(xml(call.body!)).toContain(
      '<destination><international><country-code>FR</country-code></international></destination>',
    );
  });

  it('sends the customs element of a CA → US shipment: currency and CAD conversion, reason, one sku per item, RASE', () => {
    const call = buildShipmentRequest(CONTRACT, PURCHASE_US);
    expect(xml(call.body!)).toBe(xml(fixture('shipment-us-request.xml')));
  });

  it('writes a CAD declaration without conversion, a gift as OTH with its reason, and abandon as ABAN (non-contract)', () => {
    const call = buildShipmentRequest(NON_CONTRACT, {
      ...PURCHASE_US,
      serviceCode: 'INT.XP',
      to: FR_RECEIVER,
      customs: { ...FR_DDU_CUSTOMS, contentsType: 'gift' },
    });
    const body = xml(call.body!);
    expect(body).toContain('<option><option-code>ABAN</option-code></option>');
    expect(body).toContain(
      '<customs><currency>CAD</currency><reason-for-export>OTH</reason-for-export><other-reason>Gift</other-reason>',
    );
    expect(body).toContain('<hs-tariff-code>6110.11</hs-tariff-code>');
    expect(body).toContain('<country-code>FR</country-code><postal-zip-code>75008</postal-zip-code>');
    expect(body).not.toContain('conversion-from-cad');
  });

  it('DDP: sends the duties prepaid with the label in the declaration currency (CAD 27.60 = USD 20.00 at 1.38); DDU never', () => {
    const ddp = xml(
      buildShipmentRequest(CONTRACT, { ...PURCHASE_US, customs: { ...US_DDP_CUSTOMS, dutiesPrepaidCents: 2760 } })
        .body!,
    );
    expect(ddp).toMatch(/<\/sku-list><duties-and-taxes-prepaid>20\.00<\/duties-and-taxes-prepaid><\/customs>/);
    const cad = xml(
      buildShipmentRequest(CONTRACT, {
        ...PURCHASE_US,
        customs: { ...US_DDP_CUSTOMS, currency: 'CAD', dutiesPrepaidCents: 2760 },
      }).body!,
    );
    expect(cad).toContain('<duties-and-taxes-prepaid>27.60</duties-and-taxes-prepaid>');
    const ddu = buildShipmentRequest(CONTRACT, {
      ...PURCHASE_US,
      customs: { ...US_DDP_CUSTOMS, incoterm: 'DDU', dutiesPrepaidCents: 2760 },
    }).body!;
    expect(ddu).not.toContain('duties-and-taxes-prepaid');
  });

  it('refuses to send a shipment leaving Canada without its declaration', () => {
    const { customs: _omitted, ...bare } = PURCHASE_US;
    expect(() => buildShipmentRequest(CONTRACT, bare)).toThrow(CarrierError);
  });

  it('sends no customs element inside Canada', () => {
    expect(buildShipmentRequest(CONTRACT, PURCHASE).body).not.toContain('<customs>');
  });

  it('turns a refused HS code into CUSTOMS_INVALID with Canada Post’s words', () => {
    const err = parseError(400, fixture('error-customs-refused.xml'), 'ship');
    expect(err).toBeInstanceOf(CarrierError);
    expect(err.reason).toBe('CUSTOMS_INVALID');
    expect(err.message).toContain('8589');
    expect(err.message).toContain('hs-tariff-code 6110.11 is not valid');
  });
});
