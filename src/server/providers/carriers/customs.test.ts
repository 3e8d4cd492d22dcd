import { describe, expect, it } from 'vitest';
import { ZCustoms } from '../../../shared/contracts/customs';
import { allCusma, customsDeclarationOf, customsTotalCents, customsTotalKg, decimalOf } from './customs';

/** The order's declaration as the API takes it, then as every real adapter receives it (issue 25). */
const ordered = ZCustoms.parse({
  contentsType: 'merchandise',
  currency: 'USD',
  incoterm: 'DDP',
  items: [
    {
      description: 'Wool sweater',
      hsCode: '6110.11.1010',
      originCountry: 'ca',
      quantity: 2,
      unitValue: 45.1,
      weightKg: 0.6,
      cusmaQualifying: true,
    },
    {
      description: 'Ceramic mug',
      hsCode: '6912 00 4400',
      originCountry: 'CN',
      quantity: 3,
      unitValue: 12.5,
      weightKg: 0.35,
    },
  ],
});

describe('customsDeclarationOf', () => {
  it('values in integer cents, HS digits, CUSMA explicit, non-delivery return by default, the quoted USD rate', () => {
    expect(customsDeclarationOf(ordered, '1.3650')).toEqual({
      contentsType: 'merchandise',
      currency: 'USD',
      incoterm: 'DDP',
      nonDelivery: 'return',
      items: [
        {
          description: 'Wool sweater',
          hsCode: '6110111010',
          originCountry: 'CA',
          quantity: 2,
          unitValueCents: 4510,
          weightKg: 0.6,
          cusmaQualifying: true,
        },
        {
          description: 'Ceramic mug',
          hsCode: '6912004400',
          originCountry: 'CN',
          quantity: 3,
          unitValueCents: 1250,
          weightKg: 0.35,
          cusmaQualifying: false,
        },
      ],
      cadPerUsd: 1.365,
    });
  });

  it('keeps an abandon choice, and takes the default rate when none is given (a quote)', () => {
    const d = customsDeclarationOf({ ...ordered, nonDelivery: 'abandon' });
    expect(d.nonDelivery).toBe('abandon');
    expect(d.cadPerUsd).toBe(1.38);
  });

  it('totals the goods in cents and kilograms without float drift; CUSMA only when every line qualifies', () => {
    const d = customsDeclarationOf(ordered, '1.38');
    expect(customsTotalCents(d)).toBe(2 * 4510 + 3 * 1250);
    expect(customsTotalKg(d)).toBe(2.25);
    expect(allCusma(d)).toBe(false);
    expect(allCusma({ items: [d.items[0]!] })).toBe(true);
    expect([decimalOf(12890), decimalOf(5), decimalOf(0)]).toEqual(['128.90', '0.05', '0.00']);
  });
});
