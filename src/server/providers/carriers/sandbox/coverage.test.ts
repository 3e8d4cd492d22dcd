import { describe, expect, it } from 'vitest';
import { CarrierError, type QuoteRequest } from '../index';
import { coverageCents } from './coverage';
import { rateCarrier, type CarrierDef } from './engine';
import { CANADA_POST } from './canada-post';
import { PUROLATOR } from './purolator';
import { UPS } from './ups';
import { FEDEX } from './fedex';
import { DHL } from './dhl';

const cover = (def: CarrierDef, serviceCode: string, dollars: number) =>
  coverageCents(def.name, def.coverage!, serviceCode, Math.round(dollars * 100));

function request(declaredValueCents?: number, to = 'V6B 1A1', toCountry = 'CA'): QuoteRequest {
  return {
    from: { postalCode: 'M5V 3L9', province: 'ON', country: 'CA', city: 'Toronto' },
    to: { postalCode: to, province: '', country: toCountry, city: 'To' },
    package: { weightKg: 2, lengthCm: 30, widthCm: 20, heightCm: 10, type: 'package', declaredValueCents },
    shipDate: '2026-03-04',
  };
}

describe('declared-value coverage per carrier', () => {
  it('every sandbox carrier has a coverage table', () => {
    for (const def of [CANADA_POST, PUROLATOR, UPS, FEDEX, DHL]) expect(def.coverage, def.name).toBeDefined();
  });

  it('nothing declared costs nothing', () => {
    for (const def of [CANADA_POST, PUROLATOR, UPS, FEDEX, DHL]) {
      expect(cover(def, def.services[0]!.code, 0)).toBe(0);
      expect(coverageCents(def.name, def.coverage!, def.services[0]!.code, -5)).toBe(0);
    }
  });

  it('Canada Post: $100 included on Priority, Xpresspost and Expedited, then per $100 or part; Regular Parcel from the first dollar', () => {
    for (const code of ['DOM.PC', 'DOM.XP', 'DOM.EP']) {
      expect(cover(CANADA_POST, code, 100)).toBe(0);
      expect(cover(CANADA_POST, code, 100.01)).toBe(225);
      expect(cover(CANADA_POST, code, 200)).toBe(225);
      expect(cover(CANADA_POST, code, 500)).toBe(4 * 225);
      expect(cover(CANADA_POST, code, 5000)).toBe(49 * 225);
    }
    expect(cover(CANADA_POST, 'DOM.RP', 50)).toBe(225);
    expect(cover(CANADA_POST, 'DOM.RP', 500)).toBe(5 * 225);
  });

  it('UPS: the first $100 free, then per $100 of the whole value with a minimum', () => {
    expect(cover(UPS, 'UPS.11', 100)).toBe(0);
    expect(cover(UPS, 'UPS.11', 150)).toBe(720); // 2 units × 2.40 = 4.80 < minimum 7.20
    expect(cover(UPS, 'UPS.11', 500)).toBe(5 * 240);
    expect(cover(UPS, 'UPS.01', 1000.5)).toBe(11 * 240);
  });

  it('FedEx: a declared-value charge above $100 with a minimum; Purolator per $100 above the first', () => {
    expect(cover(FEDEX, 'FDX.GROUND', 100)).toBe(0);
    expect(cover(FEDEX, 'FDX.GROUND', 150)).toBe(440);
    expect(cover(FEDEX, 'FDX.GROUND', 600)).toBe(5 * 220);
    expect(cover(PUROLATOR, 'PUR.GROUND', 100)).toBe(0);
    expect(cover(PUROLATOR, 'PUR.GROUND', 250)).toBe(2 * 240);
  });

  it('DHL: Shipment Insurance is a percentage of the whole value with a minimum', () => {
    expect(cover(DHL, 'DHL.P', 50)).toBe(2000);
    expect(cover(DHL, 'DHL.P', 4000)).toBe(6000);
  });

  it('a value above what the carrier covers refuses the carrier (LIMIT_EXCEEDED, naming the maximum)', () => {
    expect(() => cover(CANADA_POST, 'DOM.EP', 5000.01)).toThrow(CarrierError);
    expect(() => cover(CANADA_POST, 'DOM.EP', 5000.01)).toThrow(/up to \$5,000/);
    expect(() => rateCarrier(CANADA_POST, request(600_000))).toThrow(/Canada Post covers declared values/);
    expect(cover(UPS, 'UPS.11', 50_000)).toBe(500 * 240);
  });

  it('is part of the carrier price and its own line of the breakdown', () => {
    const plain = new Map(rateCarrier(CANADA_POST, request()).map((q) => [q.serviceCode, q]));
    const covered = rateCarrier(CANADA_POST, request(50_000));
    for (const q of covered) {
      const before = plain.get(q.serviceCode)!;
      const expected = q.serviceCode === 'DOM.RP' ? 5 * 225 : 4 * 225;
      expect(q.breakdown.coverageCents, q.serviceCode).toBe(expected);
      expect(q.priceCents).toBe(before.priceCents + expected);
      const surcharges = q.breakdown.surchargesCents.reduce((s, x) => s + x.amountCents, 0);
      expect(q.priceCents).toBe(q.breakdown.baseCents + q.breakdown.fuelCents + surcharges + expected);
    }
    for (const q of plain.values()) expect(q.breakdown.coverageCents).toBe(0);
  });
});
