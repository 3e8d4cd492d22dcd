import { describe, expect, it } from 'vitest';
import { cadToUsd, canQualifyUnderCusma, formatHsCode, isUsHtsCode, normalizeHsCode, toUsd, usdToCad } from './customs';

describe('HS codes', () => {
  it('reads dots, spaces and hyphens away and keeps 6 to 10 digits of a real chapter', () => {
    expect(normalizeHsCode('6109.10.0012')).toBe('6109100012');
    expect(normalizeHsCode(' 6109 10 ')).toBe('610910');
    expect(normalizeHsCode('61091')).toBeNull();
    expect(normalizeHsCode('61091000121')).toBeNull();
    expect(normalizeHsCode('9801000000')).toBeNull(); // chapter 98: not goods
    expect(normalizeHsCode('abc123')).toBeNull();
    expect(isUsHtsCode('6109100012')).toBe(true);
    expect(isUsHtsCode('610910')).toBe(false);
    expect(formatHsCode('6109100012')).toBe('6109.10.00.12');
  });
});

describe('CUSMA', () => {
  it('only goods of Canada, the United States or Mexico can qualify', () => {
    expect(['CA', 'US', 'MX'].every(canQualifyUnderCusma)).toBe(true);
    expect(canQualifyUnderCusma('CN')).toBe(false);
  });
});

describe('CAD/USD at the admin rate', () => {
  const rate = { cadPerUsdMicros: 1_380_000 };
  it('converts integer cents both ways, rounding half up', () => {
    expect(usdToCad(10_000, rate)).toBe(13_800);
    expect(cadToUsd(5_000, rate)).toBe(3_623); // 50 / 1.38 = 36.2319
    expect(toUsd(5_000, 'USD', rate)).toBe(5_000);
  });
});
