import { describe, expect, it } from 'vitest';
import { ZAddressRequest, isValidEmail, isValidPhone } from './addresses';

const base = {
  name: 'Li Wei',
  address1: '1 Yonge St',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5E 1W7',
  phone: '416-555-0101',
};

describe('ZAddressRequest', () => {
  it('fills defaults and normalises', () => {
    expect(
      ZAddressRequest.parse({ ...base, province: 'on', postalCode: 'm5e1w7', company: null, email: null }),
    ).toEqual({
      ...base,
      phone: '4165550101',
      company: '',
      address2: '',
      email: '',
      country: 'CA',
      isDefault: false,
    });
  });

  it('reports country-specific problems on the right field', () => {
    const issues = (body: object) =>
      ZAddressRequest.safeParse({ ...base, ...body }).error?.issues.map((i) => i.path.join('.'));
    expect(issues({ postalCode: 'H2X 1Y4' })).toEqual(['postalCode']);
    expect(issues({ province: 'Ontario' })).toEqual(['province']);
    expect(issues({ country: 'US', province: 'WA', postalCode: '98101' })).toBeUndefined();
    expect(issues({ country: 'US', province: 'WA', postalCode: 'M5E 1W7' })).toEqual(['postalCode']);
    expect(issues({ extra: 1 })).toEqual(['']);
  });

  it('reports every problem at once, the postal code against the province included', () => {
    const result = ZAddressRequest.safeParse({ ...base, phone: 'abc', email: 'a@b', postalCode: 'B3H 1A1', city: '' });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['city', 'phone', 'email', 'postalCode']);
    // The province rule waits for a province to check against.
    const noProvince = ZAddressRequest.safeParse({ ...base, phone: 'abc', province: '', postalCode: 'B3H 1A1' });
    expect(noProvince.error?.issues.map((i) => i.path.join('.'))).toEqual(['province', 'phone']);
    expect(isValidEmail('ada@example.com')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
  });

  it('keeps a phone in its stored form: digits, the extension apart, + for numbers abroad', () => {
    const phone = (p: string) => ZAddressRequest.parse({ ...base, phone: p }).phone;
    expect(phone('(416) 555 0100')).toBe('4165550100');
    expect(phone('+1 (416) 555-0100 ext. 12')).toBe('4165550100x12');
    expect(phone('+44 20 7946 0958')).toBe('+442079460958');
    expect(ZAddressRequest.safeParse({ ...base, phone: '416-555-0100 ext.' }).error?.issues[0]?.path).toEqual([
      'phone',
    ]);
  });

  it('checks phone numbers by digit count', () => {
    expect(isValidPhone('+1 (416) 555-0101')).toBe(true);
    expect(isValidPhone('555 0101')).toBe(true);
    expect(isValidPhone('555 010')).toBe(false);
    expect(isValidPhone('1'.repeat(20))).toBe(true);
    expect(isValidPhone('1'.repeat(21))).toBe(false);
    expect(isValidPhone('416-CALL-NOW')).toBe(false);
  });
});
