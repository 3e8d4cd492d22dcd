import { describe, expect, it } from 'vitest';
import { dateInputInstant, ZChargeCustomerRequest, ZDiscountRequest, ZPriceRuleRequest } from './admin';

const user = '3f1b6c1e-8d2a-4c7b-9a51-2f0e7d6c5b4a';
const fieldsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('admin contracts', () => {
  it('a Toronto day starts at local midnight, winter and summer', () => {
    expect(dateInputInstant('2026-01-15', 'start').toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(dateInputInstant('2026-07-15', 'start').toISOString()).toBe('2026-07-15T04:00:00.000Z');
    expect(dateInputInstant('2026-07-15', 'end').toISOString()).toBe('2026-07-16T04:00:00.000Z');
    expect(dateInputInstant('2026-07-15T10:00:00Z', 'end').toISOString()).toBe('2026-07-15T10:00:00.000Z');
  });

  it('discounts: the spec ranges and messages', () => {
    const ok = (v: object) =>
      ZDiscountRequest.safeParse({ userId: user, discountType: 'percentage', discountValue: 10, ...v });
    expect(ok({}).success).toBe(true);
    expect(ok({ discountValue: 0 }).success).toBe(true);
    expect(ok({ discountValue: 100 }).success).toBe(true);
    expect(fieldsOf(ok({ discountValue: 100.1 })).discountValue).toBe('A percentage must be between 0 and 100');
    expect(fieldsOf(ok({ discountValue: -1 })).discountValue).toBe('Discount value must be a positive number');
    expect(ok({ discountType: 'fixed_amount', discountValue: '10000' }).success).toBe(true);
    expect(fieldsOf(ok({ discountType: 'fixed_amount', discountValue: '10000.01' })).discountValue).toMatch(/10,000/);
    expect(fieldsOf(ok({ userId: undefined })).userId).toBe('Please select a specific user for this discount');
    expect(ok({ validFrom: '2026-03-01', validTo: '2026-03-01' }).success).toBe(true);
    expect(fieldsOf(ok({ validFrom: '2026-03-02', validTo: '2026-03-01' })).validTo).toBe(
      'Valid from must be before valid to',
    );
    expect(fieldsOf(ok({ validFrom: '2026-02-30' })).validFrom).toMatch(/date/);
    expect(ok({}).data?.isActive).toBe(true);
  });

  it('charges: amount required, $1 to $50,000, description required', () => {
    const parse = (v: object) =>
      ZChargeCustomerRequest.safeParse({ userId: user, paymentMethodId: 'pm_1', amount: 10, description: 'x', ...v });
    expect(parse({}).success).toBe(true);
    expect(parse({ amount: 1 }).success).toBe(true);
    expect(parse({ amount: 50000 }).success).toBe(true);
    expect(fieldsOf(parse({ amount: 0.99 })).amount).toBe('Amount must be between $1 and $50,000');
    expect(fieldsOf(parse({ amount: 50000.01 })).amount).toBe('Amount must be between $1 and $50,000');
    expect(fieldsOf(parse({ amount: '' })).amount).toBe('Amount is required');
    expect(fieldsOf(parse({ amount: undefined })).amount).toBe('Amount is required');
    expect(fieldsOf(parse({ description: '  ' })).description).toBe('Description is required');
  });

  it('price rules: markup ranges, empty service and organization mean all', () => {
    const parse = (v: object) =>
      ZPriceRuleRequest.safeParse({ carrier: 'CA-UPS', markupPercent: '12.5', markupFixed: '1.50', ...v });
    expect(parse({}).data).toMatchObject({
      serviceCode: null,
      organizationId: null,
      markupPercent: 1250,
      markupFixed: 150,
      isActive: true,
    });
    expect(parse({ markupPercent: 501 }).success).toBe(false);
    expect(parse({ markupFixed: '1000.01' }).success).toBe(false);
    expect(parse({ carrier: 'CA-XX' }).success).toBe(false);
  });
});
