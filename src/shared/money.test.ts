import { describe, expect, it } from 'vitest';
import { applyBasisPoints, centsToDecimal, formatCad, parseCents, roundHalfUpDiv } from './money';

describe('money', () => {
  it('parses decimal strings into cents', () => {
    expect(parseCents('12.34')).toBe(1234);
    expect(parseCents('12.3')).toBe(1230);
    expect(parseCents('12')).toBe(1200);
    expect(parseCents('0.01')).toBe(1);
    expect(parseCents('-5.5')).toBe(-550);
    expect(parseCents(10.1)).toBe(1010);
  });
  it('rejects malformed amounts', () => {
    for (const bad of ['', 'abc', '1.234', '1e5', '1,000.00', ' . ', '--1']) expect(parseCents(bad)).toBeNull();
    expect(parseCents(Number.NaN)).toBeNull();
    expect(parseCents(0.1 + 0.2)).toBeNull();
  });
  it('formats cents for the wire', () => {
    expect(centsToDecimal(1234)).toBe('12.34');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-150)).toBe('-1.50');
    expect(centsToDecimal(0)).toBe('0.00');
  });
  it('rounds half up on cents', () => {
    expect(roundHalfUpDiv(5, 10)).toBe(1);
    expect(roundHalfUpDiv(4, 10)).toBe(0);
    expect(roundHalfUpDiv(-5, 10)).toBe(-1);
    expect(applyBasisPoints(1000, 1300)).toBe(130);
    expect(applyBasisPoints(1005, 500)).toBe(50); // 50.25 -> 50
    expect(applyBasisPoints(1010, 500)).toBe(51); // 50.5 -> 51
  });
  it('refuses a basis-point product past 2^53 instead of rounding an inexact number', () => {
    expect(applyBasisPoints(900_719_925_474, 10_000)).toBe(900_719_925_474);
    expect(() => applyBasisPoints(Number.MAX_SAFE_INTEGER, 10_000)).toThrow(RangeError);
    expect(() => applyBasisPoints(1_000_000_000_000_000, 1300)).toThrow(RangeError);
  });
  it('formats CAD per language', () => {
    expect(formatCad(123456, 'en')).toBe('$1,234.56');
    expect(formatCad(123456, 'zh')).toContain('1,234.56');
  });
});
