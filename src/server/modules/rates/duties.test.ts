import { describe, expect, it } from 'vitest';
import { estimateDuties, extraDutyBp, generalRateOf, inForce } from './duties';
import type { TCustoms } from '../../../shared/contracts/customs';

const rate = { cadPerUsdMicros: 1_380_000 };
const customs = (items: Partial<TCustoms['items'][number]>[], incoterm: 'DDP' | 'DDU' = 'DDP'): TCustoms => ({
  contentsType: 'merchandise',
  currency: 'USD',
  incoterm,
  items: items.map((i) => ({
    description: 'Cotton T-shirt',
    hsCode: '6109100012',
    originCountry: 'CA',
    quantity: 1,
    unitValue: 100,
    weightKg: 0.3,
    ...i,
  })),
});

describe('the tariff table reads the rate in force on the ship date', () => {
  it('dated entries', () => {
    const table = [
      { from: '2025-03-04', value: 2500 },
      { from: '2025-08-01', value: 3500 },
    ];
    expect(inForce(table, '2025-03-03')).toBeNull();
    expect(inForce(table, '2025-07-31')).toBe(2500);
    expect(inForce(table, '2025-08-01')).toBe(3500);
  });

  it('the extra duty on Canadian goods not qualifying under CUSMA rose from 25 % to 35 % on 1 August 2025', () => {
    expect(extraDutyBp('CA', false, '2025-07-15')).toBe(2500);
    expect(extraDutyBp('CA', false, '2025-08-15')).toBe(3500);
    expect(extraDutyBp('CA', true, '2025-08-15')).toBe(0);
    expect(extraDutyBp('FR', false, '2025-08-15')).toBe(1000);
    expect(extraDutyBp('US', false, '2025-08-15')).toBe(0);
  });

  it('the longest listed prefix of the HTS code wins; unlisted codes say so', () => {
    expect(generalRateOf('6109100012', '2025-09-01')).toEqual({ heading: '610910', rateBp: 1650 });
    expect(generalRateOf('6109900000', '2025-09-01')).toEqual({ heading: '610990', rateBp: 3200 });
    expect(generalRateOf('9999999999', '2025-09-01')).toBeNull();
  });
});

describe('estimateDuties', () => {
  it('US DDP: per item (general + extra, CUSMA free) plus the carrier fee, in CAD', () => {
    const { amountCents, duties } = estimateDuties({
      carrier: 'CA-UPS',
      country: 'US',
      customs: customs([{}, { cusmaQualifying: true, unitValue: 50 }, { hsCode: '9999999999', originCountry: 'FR' }]),
      rate,
      date: '2025-09-01',
    });
    // USD 100 × 51.5 % = 51.50 → CAD 71.07; CUSMA: 0; unlisted French goods: 10 % of 100 = 10 → 13.80; UPS 19.95.
    expect(duties.lines.map((l) => l.amount)).toEqual(['71.07', '0.00', '13.80', '19.95']);
    expect(duties.lines[2]).toMatchObject({ listed: false, extraRateBp: 1000 });
    expect(amountCents).toBe(7107 + 1380 + 1995);
    expect(duties).toMatchObject({ amount: '104.82', estimate: true, incoterm: 'DDP', usdRate: '1.3800' });
  });

  it('DDU and other countries: zero', () => {
    expect(
      estimateDuties({ carrier: 'CA-DHL', country: 'GB', customs: customs([{}], 'DDU'), rate, date: '2025-09-01' }),
    ).toMatchObject({ amountCents: 0, duties: { amount: '0.00', lines: [] } });
  });
});
