import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DOMESTIC_CARRIER_LIMITS, parcelLimitProblems } from '../../../shared/parcel-limits';
import type { QuoteRequest } from './index';
import { createCarriers, quoteAll } from './registry';

/**
 * The shipment form checks parcels against the shared table in src/shared/parcel-limits.ts before
 * asking for rates; the rates service answers 400 when every carrier refuses a parcel as over its
 * limits. These tests keep the two in step.
 */
const lane = {
  from: { postalCode: 'M5V 3L9', province: 'ON', country: 'CA', city: 'Toronto' },
  to: { postalCode: 'V6Z 2E7', province: 'BC', country: 'CA', city: 'Vancouver' },
  shipDate: '2026-03-04',
};

describe('shared parcel limits', () => {
  const carriers = createCarriers({ fuelSurchargeBp: {} });

  it('lists the carriers that quote within Canada', async () => {
    const req: QuoteRequest = {
      ...lane,
      package: { weightKg: 1, lengthCm: 20, widthCm: 15, heightCm: 10, type: 'package' },
    };
    const { quotes } = await quoteAll(carriers, req, { timeoutMs: 5000 });
    expect(new Set(quotes.map((q) => q.carrier))).toEqual(new Set(Object.keys(DOMESTIC_CARRIER_LIMITS)));
  });

  it('agree with the carriers: no carrier takes a parcel exactly when the shared table says so', async () => {
    const side = fc.oneof(
      fc.double({ min: 0.01, max: 320, noNaN: true }),
      fc.constantFrom(120, 200, 200.01, 274, 274.01, 80, 100, 101, 110),
    );
    const weight = fc.oneof(
      fc.double({ min: 0.001, max: 90, noNaN: true }),
      fc.constantFrom(30, 30.001, 68, 68.001, 70, 70.001),
    );
    await fc.assert(
      fc.asyncProperty(weight, side, side, side, async (weightKg, lengthCm, widthCm, heightCm) => {
        const req: QuoteRequest = { ...lane, package: { weightKg, lengthCm, widthCm, heightCm, type: 'package' } };
        const { quotes, warnings } = await quoteAll(carriers, req, { timeoutMs: 5000 });
        // What the rates service refuses with 400: no quote, and every carrier over its limits.
        const refused =
          quotes.length === 0 && warnings.length > 0 && warnings.every((w) => w.reason === 'LIMIT_EXCEEDED');
        const problems = parcelLimitProblems({ weightKg, lengthCm, widthCm, heightCm });
        expect(problems.length > 0).toBe(refused);
      }),
      { numRuns: 400 },
    );
  });
});
