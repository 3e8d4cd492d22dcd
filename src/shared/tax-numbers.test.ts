import { describe, expect, it } from 'vitest';
import { parseGstHstNumber, parseQstNumber } from './tax-numbers';

describe('tax registration numbers', () => {
  it('reads a GST/HST number in its canonical form', () => {
    expect(parseGstHstNumber('123456789 RT0001')).toBe('123456789 RT0001');
    expect(parseGstHstNumber(' 123456789rt0001 ')).toBe('123456789 RT0001');
    expect(parseGstHstNumber('123456789 RT 0001')).toBe('123456789 RT0001');
  });
  it('refuses anything else as a GST/HST number', () => {
    for (const bad of [
      '',
      '12345678 RT0001',
      '1234567890 RT0001',
      '123456789 RC0001',
      '123456789 RT001',
      '123456789',
    ]) {
      expect(parseGstHstNumber(bad), bad).toBeNull();
    }
  });
  it('reads a QST number and refuses the GST form', () => {
    expect(parseQstNumber('1234567890 TQ0001')).toBe('1234567890 TQ0001');
    expect(parseQstNumber('1234567890tq0001')).toBe('1234567890 TQ0001');
    expect(parseQstNumber('123456789 RT0001')).toBeNull();
    expect(parseQstNumber('1234567890 TQ01')).toBeNull();
  });
});
