import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyDiscount } from './service';

describe('applyDiscount', () => {
  it('leaves the price alone without a discount', () => {
    expect(applyDiscount(1234, null)).toBe(1234);
  });

  it('takes a percentage off, rounded half-up to the cent', () => {
    expect(applyDiscount(1000, { type: 'percentage', basisPoints: 1000 })).toBe(900);
    expect(applyDiscount(1005, { type: 'percentage', basisPoints: 1250 })).toBe(879); // 125.625 → 126 off
    expect(applyDiscount(1000, { type: 'percentage', basisPoints: 10_000 })).toBe(0);
  });

  it('takes a fixed amount off, never below zero', () => {
    expect(applyDiscount(2500, { type: 'fixed_amount', amountCents: 500 })).toBe(2000);
    expect(applyDiscount(2500, { type: 'fixed_amount', amountCents: 9999 })).toBe(0);
  });

  it('never goes below zero nor above the price (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.oneof(
          fc.record({ type: fc.constant('percentage' as const), basisPoints: fc.integer({ min: -100, max: 20_000 }) }),
          fc.record({
            type: fc.constant('fixed_amount' as const),
            amountCents: fc.integer({ min: -100, max: 5_000_000 }),
          }),
        ),
        (price, discount) => {
          const out = applyDiscount(price, discount);
          expect(Number.isSafeInteger(out)).toBe(true);
          expect(out).toBeGreaterThanOrEqual(0);
          expect(out).toBeLessThanOrEqual(price);
        },
      ),
    );
  });
});
