import { describe, expect, it } from 'vitest';
import type { TRateOption } from '../../../shared/contracts/rates';
import { businessDateInstant, optionTotal, sortCheapestFirst, taxLines } from './rate-display';

function option(id: string, price: string, taxes: Partial<TRateOption['taxes']>): TRateOption {
  const t = { gst: '0.00', hst: '0.00', qst: '0.00', total: '0.00', ...taxes };
  return {
    id,
    carrier: 'CA-CP',
    carrierName: 'Canada Post',
    serviceName: 'Regular Parcel',
    serviceCode: 'DOM.RP',
    price,
    taxes: t,
    total: price,
    transitDays: 3,
    estimatedDelivery: '2026-03-05',
  };
}

describe('rate display', () => {
  it('sorts by price plus taxes, keeping ties in server order', () => {
    const a = option('a', '20.00', { hst: '2.60', total: '2.60' });
    const b = option('b', '21.00', { gst: '1.05', total: '1.05' });
    const c = option('c', '22.00', { total: '0.00' });
    const d = option('d', '21.00', { gst: '1.05', total: '1.05' });
    expect(optionTotal(a)).toBe(2260);
    expect(sortCheapestFirst([a, b, c, d]).map((o) => o.id)).toEqual(['c', 'b', 'd', 'a']);
  });

  it('lists only the taxes above zero', () => {
    expect(taxLines(option('x', '10.00', { gst: '0.50', qst: '1.00', total: '1.50' }))).toEqual([
      { code: 'gst', cents: 50 },
      { code: 'qst', cents: 100 },
    ]);
    expect(taxLines(option('y', '10.00', {}))).toEqual([]);
  });

  it('keeps the business date in Toronto', () => {
    const d = businessDateInstant('2026-03-05')!;
    const toronto = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', dateStyle: 'short' }).format(d);
    expect(toronto).toBe('2026-03-05');
    expect(businessDateInstant('soon')).toBeNull();
  });
});
