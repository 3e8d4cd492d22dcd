import { describe, expect, it } from 'vitest';
import { QUOTE_ADDRESS_LIMITS, ZQuoteAddress } from './rates';

const address = {
  name: 'Ada Lovelace',
  streetAddress: '100 Wellington St',
  city: 'Ottawa',
  province: 'on',
  postalCode: 'k1a0a9',
  country: 'ca',
  phoneNumber: '613-555-0100',
  emailAddress: 'ada@example.com',
};
const paths = (body: object) =>
  ZQuoteAddress.safeParse({ ...address, ...body }).error?.issues.map((i) => i.path.join('.'));

describe('ZQuoteAddress', () => {
  it('normalises province, postal code and country', () => {
    expect(ZQuoteAddress.parse(address)).toMatchObject({ province: 'ON', postalCode: 'K1A 0A9', country: 'CA' });
  });

  it('refuses a phone or email that is given but malformed; blank stays allowed', () => {
    expect(paths({ phoneNumber: 'abc' })).toEqual(['phoneNumber']);
    expect(paths({ emailAddress: 'not-an-email' })).toEqual(['emailAddress']);
    expect(paths({ phoneNumber: '', emailAddress: null })).toBeUndefined();
  });

  it('reports every problem at once, the postal code against the province included', () => {
    expect(
      paths({ phoneNumber: 'abc', postalCode: 'B3H 1A1', name: 'x'.repeat(QUOTE_ADDRESS_LIMITS.name + 1) }),
    ).toEqual(['name', 'phoneNumber', 'postalCode']);
    expect(ZQuoteAddress.safeParse({ ...address, postalCode: 'B3H 1A1' }).error?.issues[0]?.message).toBe(
      'Postal code B3H 1A1 is not in ON',
    );
  });
});
