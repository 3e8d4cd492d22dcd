import { describe, expect, it } from 'vitest';
import {
  COUNTRY_CODES,
  DESTINATION_COUNTRIES,
  checkPostalCodeAbroad,
  countryName,
  isUsRegionCode,
  regionsForZip,
  zipMatchesRegion,
} from './countries';

describe('countries', () => {
  it('lists the ISO codes once, Canada and the US first among destinations', () => {
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    expect(DESTINATION_COUNTRIES.slice(0, 2)).toEqual(['CA', 'US']);
    expect(DESTINATION_COUNTRIES).not.toContain('AQ');
  });

  it('names countries in English and Chinese', () => {
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('DE', 'zh')).toBe('德国');
    expect(countryName('US', 'zh')).toBe('美国');
  });
});

describe('US ZIP codes belong to their state', () => {
  it.each([
    ['98101', 'WA'],
    ['10001', 'NY'],
    ['10118-0110', 'NY'],
    ['20500', 'DC'],
    ['73301', 'TX'], // 733 is Texas inside Oklahoma's 730–749
    ['73102', 'OK'],
    ['00901', 'PR'],
    ['96910', 'GU'],
    ['96799', 'AS'],
    ['99501', 'AK'],
    ['96813', 'HI'],
  ])('%s is in %s', (zip, state) => {
    expect(regionsForZip(zip)).toEqual([state]);
    expect(zipMatchesRegion(zip, state)).toBe(true);
  });

  it('refuses a ZIP of another state, and knows the territories', () => {
    expect(zipMatchesRegion('10001', 'WA')).toBe(false);
    expect(zipMatchesRegion('98101', 'OR')).toBe(false);
    expect(isUsRegionCode('PR')).toBe(true);
    expect(isUsRegionCode('QC')).toBe(false);
  });
});

describe('postal codes abroad', () => {
  it('checks the format of the countries it knows, and allows none where unused', () => {
    expect(checkPostalCodeAbroad('GB', 'sw1a 1aa')).toEqual({ value: 'SW1A 1AA' });
    expect(checkPostalCodeAbroad('DE', '1011')).toEqual({ message: 'Enter a postal code like 10115' });
    expect(checkPostalCodeAbroad('HK', '')).toEqual({ value: '' });
    expect(checkPostalCodeAbroad('FR', '')).toEqual({ message: 'Postal code is required for this country' });
    expect(checkPostalCodeAbroad('TH', '10200')).toEqual({ value: '10200' });
  });
});
