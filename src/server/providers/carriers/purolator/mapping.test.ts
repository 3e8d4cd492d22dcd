import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CarrierError } from '../index';
import { PURCHASE, PURCHASE_US, QUOTE, QUOTE_US } from './fixtures/requests';
import { FR_DDU_CUSTOMS, FR_RECEIVER } from '../fixtures/customs';
import {
  buildDocumentsRequest,
  buildRateRequest,
  buildShipmentRequest,
  buildTrackByReferenceRequest,
  buildTrackRequest,
  buildVoidRequest,
  labelDocumentType,
  parseDocumentsResponse,
  parseRateResponse,
  parseShipmentResponse,
  parseTrackByReferenceResponse,
  parseTrackResponse,
  parseVoidResponse,
  phoneParts,
  scanTime,
  streetParts,
  type PurolatorAccount,
} from './mapping';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const xml = (s: string) => s.replace(/>\s+</g, '><').trim();

const ACCOUNT: PurolatorAccount = {
  key: 'pk-test',
  password: 'pw',
  accountNumber: '9999999999',
  baseUrl: 'https://devwebservices.purolator.com',
  mode: 'test',
};
const AUTH = `Basic ${Buffer.from('pk-test:pw').toString('base64')}`;

function caught(fn: () => unknown): CarrierError {
  try {
    fn();
  } catch (err) {
    if (err instanceof CarrierError) return err;
    throw err;
  }
  throw new Error('expected a CarrierError');
}

describe('Purolator estimating', () => {
  it('posts GetFullEstimate (v2, RequestContext 2.1) with its SOAPAction, Basic key:password and DeclaredValue', () => {
    const call = buildRateRequest(ACCOUNT, QUOTE);
    expect(call.method).toBe('POST');
    expect(call.url).toBe('https://devwebservices.purolator.com/EWS/V2/Estimating/EstimatingService.asmx');
    expect(call.headers).toEqual({
      'Content-Type': 'text/xml; charset=utf-8',
      SOAPAction: '"http://purolator.com/pws/service/v2/GetFullEstimate"',
      Authorization: AUTH,
    });
    expect(xml(call.body!)).toBe(xml(fixture('rate-request.xml')));
  });

  it('sends the UserToken when the account has one', () => {
    expect(buildRateRequest({ ...ACCOUNT, userToken: 'tok&1' }, QUOTE).body).toContain(
      '<v2:UserToken>tok&amp;1</v2:UserToken>',
    );
  });

  it('reads each estimate: pre-tax price (TotalPrice less taxes), fuel, surcharges, DeclaredValue, the tax', () => {
    const quotes = parseRateResponse(200, fixture('rate-response.xml'), QUOTE);
    expect(quotes.map((q) => [q.serviceCode, q.serviceName, q.priceCents, q.carrierTaxCents])).toEqual([
      ['PUR.EXPRESS9AM', 'Purolator Express 9 AM', 8245, 1072],
      ['PUR.EXPRESS', 'Purolator Express', 5994, 779],
      ['PUR.GROUND', 'Purolator Ground', 3884, 505],
    ]);
    expect(quotes[0]).toEqual({
      carrier: 'CA-PUROLATOR',
      serviceCode: 'PUR.EXPRESS9AM',
      serviceName: 'Purolator Express 9 AM',
      priceCents: 8245,
      transitDays: 1,
      estimatedDelivery: '2026-03-06',
      breakdown: {
        baseCents: 6235,
        fuelCents: 1715,
        surchargesCents: [{ code: 'ResidentialDelivery', amountCents: 185 }],
        billableWeightKg: 2.5,
        coverageCents: 110,
      },
      carrierTaxCents: 1072,
    });
    for (const q of quotes) {
      const b = q.breakdown;
      expect(
        b.baseCents + b.fuelCents + (b.coverageCents ?? 0) + b.surchargesCents.reduce((s, x) => s + x.amountCents, 0),
      ).toBe(q.priceCents);
    }
  });

  it('turns a SOAP fault with validation details into ADDRESS_INVALID (the receiver’s), a server fault into UNAVAILABLE', () => {
    const refused = caught(() => parseRateResponse(500, fixture('fault.xml'), QUOTE));
    expect(refused.reason).toBe('ADDRESS_INVALID');
    expect(refused.field).toBe('toAddress');
    expect(refused.message).toBe(
      'Purolator: The creator of this fault did not specify a Reason.; Receiver postal code is required.',
    );
    const down = caught(() => parseRateResponse(500, fixture('fault-server.xml'), QUOTE));
    expect(down.reason).toBe('UNAVAILABLE');
    expect(down.message).toBe('Purolator: Service temporarily unavailable.');
    expect(caught(() => parseRateResponse(401, '', QUOTE)).reason).toBe('UNAVAILABLE');
    expect(caught(() => parseRateResponse(502, '<html>Bad gateway</html>', QUOTE)).reason).toBe('UNAVAILABLE');
  });
});

describe('Purolator shipping', () => {
  it('posts CreateShipment with our shipment id as Reference1 and a thermal (4×6) printer type', () => {
    const call = buildShipmentRequest(ACCOUNT, PURCHASE);
    expect(call.url).toBe('https://devwebservices.purolator.com/EWS/V2/Shipping/ShippingService.asmx');
    expect(call.headers.SOAPAction).toBe('"http://purolator.com/pws/service/v2/CreateShipment"');
    expect(xml(call.body!)).toBe(xml(fixture('shipment-request.xml')));
  });

  it('refuses a service code that is not Purolator’s', () => {
    expect(caught(() => buildShipmentRequest(ACCOUNT, { ...PURCHASE, serviceCode: 'DOM.EP' })).reason).toBe(
      'SERVICE_UNAVAILABLE',
    );
  });

  it('reads the ShipmentPIN, and ResponseInformation errors (an address: ADDRESS_INVALID) with Purolator’s words', () => {
    expect(parseShipmentResponse(200, fixture('shipment-response.xml'))).toEqual({ trackingNumber: '329014521622' });
    const err = caught(() => parseShipmentResponse(200, fixture('shipment-refused.xml')));
    expect(err.reason).toBe('ADDRESS_INVALID');
    expect(err.field).toBe('toAddress');
    expect(err.message).toBe('Purolator: 1100532: Invalid Receiver Postal Code.');
  });

  it('asks GetDocuments (v1, 1.3) for the thermal bill of lading as PDF and decodes it byte for byte', () => {
    expect(labelDocumentType(PURCHASE.from, PURCHASE.to)).toBe('DomesticBillOfLadingThermal');
    expect(labelDocumentType(PURCHASE.from, { ...PURCHASE.to, country: 'US' })).toBe(
      'InternationalBillOfLadingThermal',
    );
    const call = buildDocumentsRequest(ACCOUNT, '329014521622', 'DomesticBillOfLadingThermal');
    expect(call.url).toBe(
      'https://devwebservices.purolator.com/EWS/V1/ShippingDocuments/ShippingDocumentsService.asmx',
    );
    expect(call.headers.SOAPAction).toBe('"http://purolator.com/pws/service/v1/GetDocuments"');
    expect(xml(call.body!)).toBe(xml(fixture('documents-request.xml')));

    const doc = parseDocumentsResponse(200, fixture('documents-response.xml'));
    const pdf = readFileSync(new URL('./fixtures/label.pdf', import.meta.url));
    expect(doc.kind).toBe('bytes');
    if (doc.kind === 'bytes') {
      expect(doc.label.mediaType).toBe('application/pdf');
      expect(Buffer.from(doc.label.bytes).equals(pdf)).toBe(true);
    }
    expect(parseDocumentsResponse(200, fixture('documents-url-response.xml'))).toEqual({
      kind: 'url',
      url: 'https://devwebservices.purolator.com/PWS/V1/Documents/329014521622.pdf',
    });
  });

  it('asks GetDocuments for the same thermal bill of lading as ZPL and reads it byte for byte (decision 040)', () => {
    const call = buildDocumentsRequest(ACCOUNT, '329014521622', 'DomesticBillOfLadingThermal', 'ZPL');
    expect(call.headers.SOAPAction).toBe('"http://purolator.com/pws/service/v1/GetDocuments"');
    expect(xml(call.body!)).toBe(xml(fixture('documents-zpl-request.xml')));
    const doc = parseDocumentsResponse(200, fixture('documents-zpl-response.xml'), 'ZPL');
    expect(doc.kind).toBe('bytes');
    if (doc.kind === 'bytes') {
      expect(doc.label.mediaType).toBe('application/zpl');
      expect(Buffer.from(doc.label.bytes).toString('utf8')).toBe(fixture('label.zpl'));
    }
    // A PDF where ZPL was asked (or the other way round) is refused, never handed on as the label.
    expect(() => parseDocumentsResponse(200, fixture('documents-response.xml'), 'ZPL')).toThrow(/without ZPL/);
    expect(() => parseDocumentsResponse(200, fixture('documents-zpl-response.xml'), 'PDF')).toThrow(/without a PDF/);
  });

  it('splits a street line and a phone the way Purolator’s address wants them', () => {
    expect(streetParts('1404-330 Princess St')).toEqual({ suite: '1404', number: '330', name: 'Princess St' });
    expect(streetParts('Rural Route 2')).toEqual({ suite: '', number: '', name: 'Rural Route 2' });
    expect(phoneParts('+1 (613) 555-0199')).toEqual({ CountryCode: '1', AreaCode: '613', Phone: '5550199' });
  });
});

describe('Purolator void', () => {
  it('posts VoidShipment (v2, 2.0) with the PIN', () => {
    const call = buildVoidRequest(ACCOUNT, '329014521622');
    expect(call.headers.SOAPAction).toBe('"http://purolator.com/pws/service/v2/VoidShipment"');
    expect(xml(call.body!)).toBe(xml(fixture('void-request.xml')));
    expect(() => parseVoidResponse(200, fixture('void-response.xml'))).not.toThrow();
  });

  it('turns a refused void into NOT_VOIDABLE with Purolator’s reason', () => {
    const err = caught(() => parseVoidResponse(200, fixture('void-refused.xml')));
    expect(err.reason).toBe('NOT_VOIDABLE');
    expect(err.message).toBe('Purolator: 3001105: Shipment cannot be voided: it has already been picked up.');
  });
});

describe('Purolator tracking', () => {
  it('posts TrackPackagesByPin (v1, 1.2)', () => {
    const call = buildTrackRequest(ACCOUNT, '329014521622');
    expect(call.url).toBe('https://devwebservices.purolator.com/PWS/V1/Tracking/TrackingService.asmx');
    expect(call.headers.SOAPAction).toBe('"http://purolator.com/pws/service/v1/TrackPackagesByPin"');
    expect(xml(call.body!)).toBe(xml(fixture('track-request.xml')));
  });

  it('maps scans to our steps, oldest first, at the depot’s local time', () => {
    const events = parseTrackResponse(200, fixture('track-response.xml'));
    expect(events.map((e) => [e.status, e.occurredAt.toISOString()])).toEqual([
      ['label_created', '2026-03-05T16:23:00.000Z'],
      ['picked_up', '2026-03-05T21:15:00.000Z'],
      ['in_transit', '2026-03-06T03:30:00.000Z'],
      ['out_for_delivery', '2026-03-06T12:45:00.000Z'],
      ['delivered', '2026-03-06T15:35:12.000Z'],
    ]);
    expect(events[2]).toMatchObject({
      description: 'Departed Purolator facility',
      location: 'MONTREAL SORT CTR/CTR TRIE, PQ',
    });
  });

  it('reads local times across daylight saving and by province', () => {
    expect(scanTime('2026-07-02', '090000', 'VANCOUVER, BC').toISOString()).toBe('2026-07-02T16:00:00.000Z');
    expect(scanTime('2026-01-02', '090000', 'HALIFAX, NS').toISOString()).toBe('2026-01-02T13:00:00.000Z');
  });

  it('turns an unknown PIN into NOT_FOUND', () => {
    const err = caught(() => parseTrackResponse(200, fixture('track-not-found.xml')));
    expect(err.reason).toBe('NOT_FOUND');
    expect(err.message).toContain('was not found');
  });
});

describe('Purolator find by reference', () => {
  it('posts TrackPackagesByReference with our reference, the account and a window of ship dates', () => {
    const call = buildTrackByReferenceRequest(
      ACCOUNT,
      '5b7a0c9e-3f1d-4a2b-9c8e-1d2e3f4a5b6c',
      new Date('2026-03-06T12:00:00Z'),
    );
    expect(call.url).toBe('https://devwebservices.purolator.com/PWS/V1/Tracking/TrackingService.asmx');
    expect(call.headers.SOAPAction).toBe('"http://purolator.com/pws/service/v1/TrackPackagesByReference"');
    expect(call.headers.Authorization).toBe(AUTH);
    expect(xml(call.body!)).toBe(xml(fixture('track-by-reference-request.xml')));
  });

  it('reads the PIN and when it was created; none found is null; a fault stays an error', () => {
    expect(parseTrackByReferenceResponse(200, fixture('track-by-reference-response.xml'))).toEqual({
      trackingNumber: '329014521622',
      createdAt: new Date('2026-03-05T14:15:00.000Z'),
    });
    expect(parseTrackByReferenceResponse(200, fixture('track-by-reference-none.xml'))).toBeNull();
    const notFound = fixture('track-not-found.xml').replaceAll(
      'TrackPackagesByPinResponse',
      'TrackPackagesByReferenceResponse',
    );
    expect(parseTrackByReferenceResponse(200, notFound)).toBeNull();
    expect(caught(() => parseTrackByReferenceResponse(500, fixture('fault-server.xml'))).reason).toBe('UNAVAILABLE');
  });
});

describe('Purolator leaving Canada (issue 25)', () => {
  it('estimates a US destination from a U.S. service and reads its zero-rated services', () => {
    const call = buildRateRequest(ACCOUNT, QUOTE_US);
    expect(xml(call.body!)).toBe(xml(fixture('rate-us-request.xml')));
    const quotes = parseRateResponse(200, fixture('rate-us-response.xml'), QUOTE_US);
    expect(
      quotes.map((q) => [
        q.serviceCode,
        q.serviceName,
        q.priceCents,
        q.carrierTaxCents,
        q.transitDays,
        q.estimatedDelivery,
      ]),
    ).toEqual([
      ['PUR.EXPRESS_US', 'Purolator Express U.S.', 9093, 0, 1, '2026-03-06'],
      ['PUR.GROUND_US', 'Purolator Ground U.S.', 4160, 0, 4, '2026-03-11'],
    ]);
  });

  it('sends InternationalInformation of a CA → US DDP shipment: contents with HS codes, origins and CUSMA, duties billed to the sender', () => {
    const call = buildShipmentRequest(ACCOUNT, PURCHASE_US);
    expect(xml(call.body!)).toBe(xml(fixture('shipment-us-request.xml')));
    expect(labelDocumentType(PURCHASE_US.from, PURCHASE_US.to)).toBe('InternationalBillOfLadingThermal');
  });

  it('bills duties to the receiver for DDU, and sends documents without content details', () => {
    const ddu = xml(
      buildShipmentRequest(ACCOUNT, {
        ...PURCHASE_US,
        serviceCode: 'PUR.EXPRESSINTL',
        to: FR_RECEIVER,
        customs: FR_DDU_CUSTOMS,
      }).body!,
    );
    expect(ddu).toContain(
      '<v2:DutyInformation><v2:BillDutiesToParty>Receiver</v2:BillDutiesToParty><v2:BusinessRelationship>NotRelated</v2:BusinessRelationship><v2:Currency>CAD</v2:Currency></v2:DutyInformation>',
    );
    const documents = xml(
      buildShipmentRequest(ACCOUNT, { ...PURCHASE_US, customs: { ...PURCHASE_US.customs!, contentsType: 'documents' } })
        .body!,
    );
    expect(documents).toContain(
      '<v2:InternationalInformation><v2:DocumentsOnlyIndicator>true</v2:DocumentsOnlyIndicator><v2:DutyInformation>',
    );
    expect(documents).not.toContain('ContentDetails');
  });

  it('sends no InternationalInformation inside Canada, and refuses a shipment leaving Canada without its declaration', () => {
    expect(buildShipmentRequest(ACCOUNT, PURCHASE).body).not.toContain('InternationalInformation');
    expect(buildRateRequest(ACCOUNT, QUOTE).body).not.toContain('InternationalInformation');
    const { customs: _omitted, ...bare } = PURCHASE_US;
    expect(caught(() => buildShipmentRequest(ACCOUNT, bare)).reason).toBe('CUSTOMS_INVALID');
  });

  it('a refused harmonized code is CUSTOMS_INVALID with Purolator’s words', () => {
    const err = caught(() => parseShipmentResponse(200, fixture('shipment-customs-refused.xml')));
    expect(err.reason).toBe('CUSTOMS_INVALID');
    expect(err.message).toBe('Purolator: 1100935: Invalid Harmonized Code for ContentDetail 1.');
  });
});
