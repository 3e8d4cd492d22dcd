import { describe, expect, it } from 'vitest';
import { brandNameKey, cardExpiry, isCardExpired, knownBrand, maskedCardNumber } from './card-format';

describe('card format', () => {
  it('masks all but the last four digits', () => {
    expect(maskedCardNumber('4242')).toBe('•••• •••• •••• 4242');
  });

  it('writes the expiry as MM/YY', () => {
    expect(cardExpiry(4, 2030)).toBe('04/30');
    expect(cardExpiry(12, 2031)).toBe('12/31');
    expect(cardExpiry(1, 2100)).toBe('01/00');
    expect(cardExpiry(7, 29)).toBe('07/29');
  });

  it('names the five brands and falls back to the generic card', () => {
    for (const brand of ['visa', 'mastercard', 'amex', 'discover'] as const) {
      expect(knownBrand(brand)).toBe(brand);
      expect(brandNameKey(brand)).toBe(`cards.brands.${brand}`);
    }
    expect(knownBrand('jcb')).toBe('unknown');
    expect(knownBrand('')).toBe('unknown');
    expect(brandNameKey('diners')).toBe('cards.brands.unknown');
  });

  it('counts a card as valid through the end of its expiry month', () => {
    const now = new Date(2026, 2, 15); // 15 March 2026, local time
    expect(isCardExpired(3, 2026, now)).toBe(false);
    expect(isCardExpired(2, 2026, now)).toBe(true);
    expect(isCardExpired(12, 2025, now)).toBe(true);
    expect(isCardExpired(1, 2027, now)).toBe(false);
    expect(isCardExpired(3, 26, now)).toBe(false);
    expect(isCardExpired(2, 26, now)).toBe(true);
  });
});
