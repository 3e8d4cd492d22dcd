import { describe, expect, it } from 'vitest';
import { isZplLabel, refusalError } from './adapter-support';

/**
 * Carriers' validation refusals as their documentation shows them (the fixtures of each carrier
 * folder carry the full answers): an address (and whose), the service, or something else.
 */
describe('refusalError', () => {
  const read = (text: string) => {
    const e = refusalError(text, `Carrier: ${text}`);
    return [e.reason, e.field ?? null, e.message];
  };

  it('reads an address refusal, and whose address it is when the carrier says', () => {
    expect(read('9111: The postal code K1K4T9 is not valid for the destination.')).toEqual([
      'ADDRESS_INVALID',
      'toAddress',
      'Carrier: 9111: The postal code K1K4T9 is not valid for the destination.',
    ]);
    expect(read('120802 Address Validation Error on ShipTo address')[0]).toBe('ADDRESS_INVALID');
    expect(read('120802 Address Validation Error on ShipTo address')[1]).toBe('toAddress');
    expect(read('RECIPIENTS.POSTALCODE.INVALID Recipient postal code is invalid.').slice(0, 2)).toEqual([
      'ADDRESS_INVALID',
      'toAddress',
    ]);
    expect(read('SHIPPER.POSTALSTATE.MISMATCH Shipper postal code and state do not match').slice(0, 2)).toEqual([
      'ADDRESS_INVALID',
      'fromAddress',
    ]);
    expect(read('1100532: Invalid Receiver Postal Code.').slice(0, 2)).toEqual(['ADDRESS_INVALID', 'toAddress']);
    expect(read('Sender city is required.').slice(0, 2)).toEqual(['ADDRESS_INVALID', 'fromAddress']);
    // Both parties or neither named: the address is not attributed.
    expect(read('The province does not match the postal code').slice(0, 2)).toEqual(['ADDRESS_INVALID', null]);
  });

  it('reads a service the carrier does not offer for this shipment', () => {
    expect(read('SERVICE.UNAVAILABLE.ERROR The service is not available for this origin and destination')[0]).toBe(
      'SERVICE_UNAVAILABLE',
    );
    expect(read('111210 The requested service is unavailable between the selected locations.')[0]).toBe(
      'SERVICE_UNAVAILABLE',
    );
    expect(read('7292: Service code DOM.PC is not valid for this contract')[0]).toBe('SERVICE_UNAVAILABLE');
    expect(read('Invalid service for the receiver postal code')[0]).toBe('SERVICE_UNAVAILABLE');
  });

  it('reads a refusal of the customs declaration (an HS code, an origin, the invoice), before any address words', () => {
    expect(read('8589: The hs-tariff-code 6110.11 is not valid for a destination in the United States')[0]).toBe(
      'CUSTOMS_INVALID',
    );
    expect(read('120416 Harmonized code is invalid for the ship to country')[0]).toBe('CUSTOMS_INVALID');
    expect(read('COMMODITY.HARMONIZEDCODE.INVALID Harmonized code is invalid.')[0]).toBe('CUSTOMS_INVALID');
    expect(read('Invalid Country Of Manufacture for ContentDetail 1')[0]).toBe('CUSTOMS_INVALID');
    expect(read('1100935: Invalid HTS code for the destination country')[0]).toBe('CUSTOMS_INVALID');
    expect(read('exportDeclaration.lineItems[0].commodityCodes: must not be empty')[0]).toBe('CUSTOMS_INVALID');
    // A customer's number is no customs word.
    expect(read('Invalid customer number for the destination address')[0]).toBe('ADDRESS_INVALID');
  });

  it('leaves anything else REFUSED with the carrier’s words', () => {
    expect(read('9999: Payment method declined for this account')).toEqual([
      'REFUSED',
      null,
      'Carrier: 9999: Payment method declined for this account',
    ]);
  });
});

describe('isZplLabel', () => {
  const bytes = (s: string) => new TextEncoder().encode(s);
  it('takes a ZPL label (after whitespace or download commands) and refuses a PDF, HTML or a half label', () => {
    expect(isZplLabel(bytes('^XA^FO50,50^FDx^FS^XZ'))).toBe(true);
    expect(isZplLabel(bytes('\r\n~DGR:LOGO.GRF,4,1,FF00\n^XA^XGR:LOGO.GRF^FS^XZ'))).toBe(true);
    expect(isZplLabel(bytes('%PDF-1.4 ^XA ^XZ'))).toBe(false);
    expect(isZplLabel(bytes('<html>^XA^XZ</html>'))).toBe(false);
    expect(isZplLabel(bytes('^XA^FO50,50^FDx^FS'))).toBe(false);
  });
});
