import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROVINCE_CODES, type ProvinceCode } from './provinces';
import { businessDate, computeTaxes, taxRates, taxesToWire } from './taxes';

const date = new Date('2026-03-02T15:00:00Z');
const tax = (destination: ProvinceCode | null, origin: ProvinceCode = 'ON', amountCents = 10_000, at = date) =>
  computeTaxes({ amountCents, origin, destination, date: at });

describe('computeTaxes', () => {
  it('applies the destination rate for every province ($100.00 from Ontario)', () => {
    const expected: Record<ProvinceCode, [number, number]> = {
      AB: [500, 0],
      BC: [500, 0],
      MB: [500, 0],
      NB: [0, 1500],
      NL: [0, 1500],
      NS: [0, 1400],
      ON: [0, 1300],
      PE: [0, 1500],
      QC: [500, 0],
      SK: [500, 0],
      NT: [500, 0],
      NU: [500, 0],
      YT: [500, 0],
    };
    for (const p of PROVINCE_CODES) {
      const [gst, hst] = expected[p];
      expect(tax(p), p).toEqual({ gstCents: gst, hstCents: hst, qstCents: 0, totalCents: gst + hst });
    }
  });

  it('charges QST only within Quebec', () => {
    expect(tax('QC', 'QC')).toEqual({ gstCents: 500, hstCents: 0, qstCents: 998, totalCents: 1498 });
    expect(tax('QC', 'ON')).toEqual({ gstCents: 500, hstCents: 0, qstCents: 0, totalCents: 500 });
    expect(tax('ON', 'QC')).toEqual({ gstCents: 0, hstCents: 1300, qstCents: 0, totalCents: 1300 });
    expect(tax('AB', 'QC')).toEqual({ gstCents: 500, hstCents: 0, qstCents: 0, totalCents: 500 });
  });

  it('follows the Nova Scotia HST change on 2025-04-01 (Toronto calendar day)', () => {
    expect(tax('NS', 'ON', 10_000, new Date('2025-03-31T12:00:00-04:00')).hstCents).toBe(1500);
    expect(tax('NS', 'ON', 10_000, new Date('2025-04-01T12:00:00-04:00')).hstCents).toBe(1400);
    // 23:30 on March 31 in Toronto is already April 1 in UTC; the Toronto day decides.
    expect(tax('NS', 'ON', 10_000, new Date('2025-04-01T03:30:00Z')).hstCents).toBe(1500);
    expect(tax('NS', 'ON', 10_000, new Date('2025-04-01T04:00:00Z')).hstCents).toBe(1400);
    expect(tax('NS', 'ON', 10_000, new Date('2019-06-01T12:00:00Z')).hstCents).toBe(1500);
    expect(tax('NS', 'ON', 10_000, new Date('2010-01-01T12:00:00Z')).hstCents).toBe(1500);
  });

  it('zero-rates shipments leaving Canada', () => {
    for (const origin of PROVINCE_CODES) {
      expect(tax(null, origin)).toEqual({ gstCents: 0, hstCents: 0, qstCents: 0, totalCents: 0 });
    }
  });

  it('rounds half-up per tax line', () => {
    expect(tax('AB', 'ON', 1010).gstCents).toBe(51); // 50.5
    expect(tax('AB', 'ON', 1009).gstCents).toBe(50); // 50.45
    expect(tax('ON', 'ON', 1234).hstCents).toBe(160); // 160.42
    expect(tax('PE', 'ON', 1003).hstCents).toBe(150); // 150.45
    expect(tax('QC', 'QC', 2000).qstCents).toBe(200); // 199.5
    expect(tax('QC', 'QC', 1234)).toEqual({ gstCents: 62, hstCents: 0, qstCents: 123, totalCents: 185 });
    // Per line: GST 0.5 → 1 and QST 0.9975 → 1, so 2 cents (a combined 14.975% would give 1).
    expect(tax('QC', 'QC', 10)).toEqual({ gstCents: 1, hstCents: 0, qstCents: 1, totalCents: 2 });
    expect(tax('QC', 'QC', 0)).toEqual({ gstCents: 0, hstCents: 0, qstCents: 0, totalCents: 0 });
  });

  it('keeps the total equal to the sum of integer lines (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.constantFrom(...PROVINCE_CODES),
        fc.constantFrom(...PROVINCE_CODES),
        (amount, origin, destination) => {
          const t = computeTaxes({ amountCents: amount, origin, destination, date });
          for (const v of Object.values(t)) expect(Number.isSafeInteger(v)).toBe(true);
          expect(t.totalCents).toBe(t.gstCents + t.hstCents + t.qstCents);
          expect(t.totalCents).toBeLessThanOrEqual(Math.ceil(amount * 0.15) + 1);
        },
      ),
    );
  });

  it('refuses bad input', () => {
    expect(() => tax('ON', 'ON', -1)).toThrow(RangeError);
    expect(() => tax('ON', 'ON', 1.5)).toThrow(RangeError);
    expect(() => tax('ON', 'ON', 100, new Date('nope'))).toThrow(RangeError);
  });
});

describe('tax helpers', () => {
  it('reports the rates in effect', () => {
    expect(taxRates({ origin: 'QC', destination: 'QC', date })).toEqual({ gst: 5, hst: 0, qst: 9.975 });
    expect(taxRates({ origin: 'QC', destination: 'NS', date })).toEqual({ gst: 0, hst: 14, qst: 0 });
    expect(taxRates({ origin: 'QC', destination: null, date })).toEqual({ gst: 0, hst: 0, qst: 0 });
  });

  it('formats taxes for the wire', () => {
    expect(taxesToWire(tax('QC', 'QC', 12_345))).toEqual({ gst: '6.17', hst: '0.00', qst: '12.31', total: '18.48' });
  });

  it('takes the calendar day in Toronto', () => {
    expect(businessDate(new Date('2026-01-01T04:59:00Z'))).toBe('2025-12-31');
    expect(businessDate(new Date('2026-01-01T05:00:00Z'))).toBe('2026-01-01');
  });

  it('keeps its answer for a UTC hour only where Toronto’s day is the same (both time changes of 2026)', () => {
    const fresh = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Toronto',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const wrong: string[] = [];
    // Every 7 minutes through 2026 (and 2027's first hours), in order, as quotes ask.
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1, 6); ms += 7 * 60_000) {
      const at = new Date(ms);
      if (businessDate(at) !== fresh.format(at)) wrong.push(at.toISOString());
    }
    expect(wrong).toEqual([]);
    expect(businessDate(new Date('2026-03-08T06:59:00Z'))).toBe('2026-03-08');
    expect(businessDate(new Date('2026-11-01T04:00:00Z'))).toBe('2026-11-01');
    expect(businessDate(new Date('2026-11-01T03:59:00Z'))).toBe('2026-10-31');
  });
});
