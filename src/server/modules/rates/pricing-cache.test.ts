import { describe, expect, it } from 'vitest';
import { PricingCache, discountAt, rulesForOrganization, type CachedDiscount } from './pricing-cache';
import type { PriceRule } from './repo';

const d = (over: Partial<CachedDiscount>): CachedDiscount => ({
  id: '00000000-0000-0000-0000-000000000001',
  discountType: 'percentage',
  valueUnits: 1000,
  validFrom: null,
  validTo: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const rule = (over: Partial<PriceRule>): PriceRule => ({
  carrier: 'CA-CP',
  serviceCode: null,
  organizationId: null,
  markupBp: 1000,
  markupFixedCents: 0,
  ...over,
});
const usdRate = { cadPerUsdMicros: 1_380_000, setAt: new Date('2025-12-01T00:00:00Z') };

describe('discountAt', () => {
  it('takes the newest discount whose window holds the instant, as the database query did', () => {
    const list = [
      d({ id: 'a', valueUnits: 500, createdAt: '2026-01-01T00:00:00.000Z' }),
      d({ id: 'b', valueUnits: 700, createdAt: '2026-02-01T00:00:00.000Z', validFrom: '2026-03-01T00:00:00.000Z' }),
      d({ id: 'c', valueUnits: 900, createdAt: '2026-02-15T00:00:00.000Z', validTo: '2026-02-20T00:00:00.000Z' }),
    ];
    expect(discountAt(list, new Date('2026-02-16T00:00:00Z'))).toEqual({ discountType: 'percentage', valueUnits: 900 });
    // c ended (valid_to is exclusive), b not begun: a.
    expect(discountAt(list, new Date('2026-02-20T00:00:00Z'))).toEqual({ discountType: 'percentage', valueUnits: 500 });
    // b began (valid_from is inclusive) and is newer than a.
    expect(discountAt(list, new Date('2026-03-01T00:00:00Z'))).toEqual({ discountType: 'percentage', valueUnits: 700 });
    expect(discountAt([], new Date())).toBeNull();
  });

  it('breaks a tie of creation times by the smaller id', () => {
    const list = [d({ id: 'b', valueUnits: 2 }), d({ id: 'a', valueUnits: 1 })];
    expect(discountAt(list, new Date('2026-05-01T00:00:00Z'))?.valueUnits).toBe(1);
  });
});

describe('rulesForOrganization', () => {
  it("keeps everyone's rules and the user's organization's, not another organization's", () => {
    const rules = [rule({}), rule({ organizationId: 'org-1' }), rule({ organizationId: 'org-2' })];
    expect(rulesForOrganization(rules, 'org-1').map((r) => r.organizationId)).toEqual([null, 'org-1']);
    expect(rulesForOrganization(rules, null).map((r) => r.organizationId)).toEqual([null]);
  });
});

describe('PricingCache', () => {
  const shared = (markupBp: number) => ({ rules: [rule({ markupBp })], usdRate });
  const user = (valueUnits: number) => ({ organizationId: null, discounts: [d({ valueUnits })] });

  it('asks for nothing it holds at the current token, and for everything after a new token', () => {
    const cache = new PricingCache();
    expect(cache.known('u1')).toEqual({ shared: null, user: null });
    const first = cache.accept('u1', { token: 't1', shared: shared(1000), user: user(100) });
    expect(first?.rules[0]?.markupBp).toBe(1000);
    expect(cache.known('u1')).toEqual({ shared: 't1', user: 't1' });
    expect(cache.known('u2')).toEqual({ shared: 't1', user: null });
    // Unchanged: the answer carries only the token and the cached data is used.
    expect(cache.accept('u1', { token: 't1', shared: null, user: null })?.discounts[0]?.valueUnits).toBe(100);
    // An admin's change: the new token with both parts; other users' entries are dropped.
    cache.accept('u2', { token: 't1', shared: null, user: user(200) });
    const next = cache.accept('u1', { token: 't2', shared: shared(2000), user: user(300) });
    expect(next?.rules[0]?.markupBp).toBe(2000);
    expect(next?.discounts[0]?.valueUnits).toBe(300);
    expect(cache.known('u2')).toEqual({ shared: 't2', user: null });
  });

  it('refuses an answer at a token whose data it no longer holds (a concurrent quote moved on)', () => {
    const cache = new PricingCache();
    cache.accept('u1', { token: 't2', shared: shared(2000), user: user(1) });
    // An answer from before t2, sent when t1 was cached: nothing to serve at t1 any more.
    expect(cache.accept('u1', { token: 't1', shared: null, user: null })).toBeNull();
  });

  it('holds a user only with both parts at one token, and names that token', () => {
    const cache = new PricingCache();
    expect(cache.held('u1')).toBeNull();
    cache.accept('u1', { token: 't1', shared: shared(1000), user: user(100) });
    expect(cache.held('u1')).toMatchObject({ token: 't1', rules: [{ markupBp: 1000 }] });
    expect(cache.held('u2')).toBeNull();
    // Another user's load at a newer token moves the shared part on: u1's own part is at t1, so not held.
    cache.accept('u2', { token: 't2', shared: shared(2000), user: user(200) });
    expect(cache.held('u1')).toBeNull();
    expect(cache.held('u2')?.token).toBe('t2');
  });

  it('keeps at most its limit of users, dropping the least recently loaded', () => {
    const cache = new PricingCache(2);
    cache.accept('a', { token: 't', shared: shared(1), user: user(1) });
    cache.accept('b', { token: 't', shared: null, user: user(2) });
    cache.accept('c', { token: 't', shared: null, user: user(3) });
    expect(cache.size).toBe(2);
    expect(cache.known('a').user).toBeNull();
    expect(cache.known('c').user).toBe('t');
  });
});
