import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyDiscount, carrierBudgetMs, priceFor, ruleFor, markupOf } from './service';

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

describe('price rules', () => {
  const rule = (over: Partial<import('./repo').PriceRule>) => ({
    carrier: 'CA-UPS',
    serviceCode: null,
    organizationId: null,
    markupBp: 1000,
    markupFixedCents: 0,
    ...over,
  });

  it('picks the most specific rule: the organization over everyone, one service over the carrier', () => {
    const everyone = rule({ markupBp: 100 });
    const everyoneService = rule({ serviceCode: 'UPS-STD', markupBp: 200 });
    const org = rule({ organizationId: 'o', markupBp: 300 });
    const orgService = rule({ organizationId: 'o', serviceCode: 'UPS-STD', markupBp: 400 });
    expect(ruleFor([everyone], 'CA-UPS', 'UPS-STD')).toBe(everyone);
    expect(ruleFor([everyone, everyoneService], 'CA-UPS', 'UPS-STD')).toBe(everyoneService);
    expect(ruleFor([everyoneService, org], 'CA-UPS', 'UPS-STD')).toBe(org);
    expect(ruleFor([org, orgService, everyone], 'CA-UPS', 'UPS-STD')).toBe(orgService);
    expect(ruleFor([orgService], 'CA-UPS', 'UPS-EXP')).toBeNull();
    expect(ruleFor([everyone], 'CA-CP', 'DOM.EP')).toBeNull();
  });

  it('marks up by percent (half-up to the cent) plus the fixed amount; no rule, no markup', () => {
    expect(markupOf(1999, rule({ markupBp: 1250, markupFixedCents: 150 }))).toBe(250 + 150);
    expect(markupOf(1000, null)).toBe(0);
    expect(applyDiscount(1000 + markupOf(1000, rule({})), { type: 'percentage', basisPoints: 1000 })).toBe(990);
  });
});

describe('priceFor (quotes and orders price alike, issue 22)', () => {
  const rule = { carrier: 'CA-UPS', serviceCode: null, organizationId: null, markupBp: 1000, markupFixedCents: 200 };
  const cost = { carrier: 'CA-UPS', serviceCode: 'UPS.11', carrierPriceCents: 4000 };
  const toBC = { origin: 'ON' as const, destination: 'BC' as const };
  const day = new Date('2026-03-02T15:00:00Z');

  it('is carrier cost + markup, then the discount, then taxes', () => {
    const p = priceFor(cost, { discount: { type: 'percentage', basisPoints: 1000 }, rules: [rule] }, toBC, day);
    expect(p.markupCents).toBe(600); // 10 % of 40.00 + 2.00
    expect(p.listedCents).toBe(4600);
    expect(p.discountedCents).toBe(4140);
    expect(p.taxes.gstCents).toBe(207); // BC: 5 % GST
    expect(p.totalCents).toBe(4140 + p.taxes.totalCents);
  });

  it('a 100 % discount is free, and the same option without it costs its full price', () => {
    const free = priceFor(cost, { discount: { type: 'percentage', basisPoints: 10_000 }, rules: [] }, toBC, day);
    expect(free.totalCents).toBe(0);
    const full = priceFor(cost, { discount: null, rules: [] }, toBC, day);
    expect(full.totalCents).toBe(4000 + 200);
  });
});

describe('carrierBudgetMs', () => {
  it('gives the carriers the deadline less 200 ms to price and store, less the wait before the quote began', () => {
    expect(carrierBudgetMs(4000, 0)).toBe(3800);
    expect(carrierBudgetMs(4000, 37.6)).toBe(3762);
  });

  it('keeps a quarter of a short deadline, and never gives the carriers less than half of it', () => {
    expect(carrierBudgetMs(200, 0)).toBe(150);
    expect(carrierBudgetMs(4000, 3000)).toBe(2000);
    expect(carrierBudgetMs(4000, -5)).toBe(3800);
  });
});
