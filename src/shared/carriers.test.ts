import { describe, expect, it } from 'vitest';
import {
  CARRIER_CODES,
  UNKNOWN_CARRIER,
  carrierAndService,
  carrierName,
  isCarrierCode,
  toCarrierCode,
} from './carriers';

describe('carriers', () => {
  it('lists the spec codes', () => {
    expect(CARRIER_CODES).toEqual(['CA-CP', 'CA-PUROLATOR', 'CA-UPS', 'CA-Fedex', 'CA-DHL']);
  });

  it('names each carrier', () => {
    expect(carrierName('CA-CP')).toBe('Canada Post');
    expect(carrierName('CA-PUROLATOR')).toBe('Purolator');
    expect(carrierName('CA-UPS')).toBe('UPS');
    expect(carrierName('CA-Fedex')).toBe('FedEx');
    expect(carrierName('CA-DHL')).toBe('DHL');
    expect(carrierName('ca-fedex')).toBe('FedEx');
  });

  it('shows other values raw and a missing carrier as unknown', () => {
    expect(carrierName('Loomis')).toBe('Loomis');
    expect(carrierName('CA-XYZ')).toBe('CA-XYZ');
    expect(carrierName(null)).toBe(UNKNOWN_CARRIER);
    expect(carrierName(undefined)).toBe('unknown carrier');
    expect(carrierName('')).toBe('unknown carrier');
    expect(carrierName('  ', '未知承运商')).toBe('未知承运商');
  });

  it('guards and canonicalises codes', () => {
    expect(isCarrierCode('CA-Fedex')).toBe(true);
    expect(isCarrierCode('CA-FEDEX')).toBe(false);
    expect(toCarrierCode(' ca-fedex ')).toBe('CA-Fedex');
    expect(toCarrierCode('nope')).toBeNull();
  });

  it('names carrier and service once, even when the service name starts with the carrier', () => {
    expect(carrierAndService('CA-DHL', 'DHL Express Worldwide')).toBe('DHL Express Worldwide');
    expect(carrierAndService('CA-DHL', 'dhl express worldwide')).toBe('dhl express worldwide');
    expect(carrierAndService('CA-UPS', 'UPS Standard')).toBe('UPS Standard');
    expect(carrierAndService('CA-CP', 'Xpresspost')).toBe('Canada Post Xpresspost');
    expect(carrierAndService('CA-Fedex', 'FedEx Ground')).toBe('FedEx Ground');
    // A word that merely begins like the carrier is not the carrier's name.
    expect(carrierAndService('CA-UPS', 'UPSide Express')).toBe('UPS UPSide Express');
    expect(carrierAndService('CA-PUROLATOR', '')).toBe('Purolator');
  });
});
