import { describe, expect, it } from 'vitest';
import type { TShipment } from '../../../shared/contracts/shipments';
import en from '../../locales/en.json';
import zh from '../../locales/zh.json';
import { cents } from './rate-display';
import { customsSummary, exportCharges, formatDeclared } from './shipment-costs';

const customs: NonNullable<TShipment['customs']> = {
  contentsType: 'merchandise',
  currency: 'USD',
  incoterm: 'DDP',
  nonDelivery: 'return',
  items: [
    {
      description: 'Cotton T-shirt',
      hsCode: '6109100012',
      originCountry: 'CA',
      quantity: 2,
      unitValue: 25,
      weightKg: 0.3,
    },
    {
      description: 'Wool scarf',
      hsCode: '6117100000',
      originCountry: 'CA',
      quantity: 1,
      unitValue: 49.99,
      weightKg: 0.2,
    },
  ],
};

const duties = (amount: string, incoterm: 'DDP' | 'DDU'): NonNullable<TShipment['duties']> => ({
  amount,
  currency: 'CAD',
  estimate: true,
  incoterm,
  usdRate: '1.3800',
  tariffDate: '2026-01-01',
  lines: [],
});

const zeroTaxes = { gst: '0.00', hst: '0.00', qst: '0.00', total: '0.00' };
const us = { country: 'US' } as TShipment['toAddress'];

describe('shipment detail cost lines leaving Canada', () => {
  it('a DDP order to the US (VY-NWGVBWZ9): shipping $110.45 + zero-rated $0.00 + duties $22.00 = total $132.45', () => {
    const shipment = {
      price: '110.45',
      taxes: zeroTaxes,
      totalCost: '132.45',
      duties: duties('22.00', 'DDP'),
      customs,
      toAddress: us,
    };
    const lines = exportCharges(shipment)!;
    expect(lines).toEqual({ zeroRatedCents: 0, incoterm: 'DDP', dutiesCents: 2200 });
    expect(cents(shipment.price) + lines.zeroRatedCents + lines.dutiesCents).toBe(cents(shipment.totalCost));
  });

  it('a DDU order charges no duties (the receiver pays on delivery); a domestic order has no export lines', () => {
    const ddu = exportCharges({
      price: '48.10',
      taxes: zeroTaxes,
      totalCost: '48.10',
      duties: duties('0.00', 'DDU'),
      customs: { ...customs, incoterm: 'DDU' },
      toAddress: { country: 'FR' } as TShipment['toAddress'],
    });
    expect(ddu).toEqual({ zeroRatedCents: 0, incoterm: 'DDU', dutiesCents: 0 });
    expect(
      exportCharges({
        price: '18.00',
        taxes: { gst: '0.00', hst: '2.34', qst: '0.00', total: '2.34' },
        totalCost: '20.34',
        duties: null,
        customs: null,
        toAddress: { country: 'CA' } as TShipment['toAddress'],
      }),
    ).toBeNull();
  });

  it('sums the customs declaration: pieces and their value in the declared currency', () => {
    expect(customsSummary(null)).toBeNull();
    const summary = customsSummary(customs)!;
    expect(summary).toEqual({
      contentsType: 'merchandise',
      incoterm: 'DDP',
      pieces: 3,
      valueCents: 9999,
      currency: 'USD',
    });
    expect(formatDeclared(summary.valueCents, summary.currency, 'en')).toBe('US$99.99');
    expect(formatDeclared(5000, 'CAD', 'en')).toBe('$50.00');
  });

  it('names the lines in English and Chinese', () => {
    expect(en.shipments.detail.dutiesDdp).toBe('Duties and taxes at destination (estimate, DDP)');
    expect(zh.shipments.detail.dutiesDdp).toBe('目的地关税及税费（估算，DDP）');
    expect(en.shipments.detail.zeroRated).toBe('GST/HST: zero-rated export');
    expect(zh.shipments.detail.zeroRated).toBe('GST/HST：出口零税率');
    expect(en.shipments.detail.dutiesDduValue).toBe('Paid by the receiver on delivery (DDU)');
    expect(zh.shipments.detail.customs).toBe('海关申报');
  });
});
