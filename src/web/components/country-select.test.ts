import { describe, expect, it } from 'vitest';
import { DESTINATION_COUNTRIES } from '../../shared/countries';
import { countryOptions } from './country-select';

describe('the country list (issue 25)', () => {
  it('keeps Canada then the United States first, the rest by English name', () => {
    const options = countryOptions(DESTINATION_COUNTRIES, 'en');
    expect(options.slice(0, 2)).toEqual([
      { code: 'CA', label: 'Canada (CA)' },
      { code: 'US', label: 'United States (US)' },
    ]);
    const rest = options.slice(2).map((o) => o.label);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en-CA')));
    expect(rest[0]).toBe('Afghanistan (AF)');
    expect(options.find((o) => o.code === 'GB')?.label).toBe('United Kingdom (GB)');
  });

  it('names every country in Chinese too, sorted in Chinese collation', () => {
    const options = countryOptions(DESTINATION_COUNTRIES, 'zh');
    expect(options.slice(0, 2).map((o) => o.label)).toEqual(['加拿大 (CA)', '美国 (US)']);
    expect(options.find((o) => o.code === 'JP')?.label).toBe('日本 (JP)');
    const rest = options.slice(2).map((o) => o.label);
    expect(rest).toEqual([...rest].sort(new Intl.Collator('zh-CN').compare));
    // Every name is the platform's Chinese one, not the code.
    expect(options.filter((o) => /^[A-Z]{2} \(/.test(o.label))).toEqual([]);
  });

  it('leaves out the places no parcel can go to', () => {
    const codes = countryOptions(DESTINATION_COUNTRIES, 'en').map((o) => o.code);
    expect(codes).not.toContain('KP');
    expect(codes).not.toContain('AQ');
    expect(codes).toContain('MX');
  });
});
