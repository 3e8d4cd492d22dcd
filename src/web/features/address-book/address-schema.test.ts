import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ZAddressRequest } from '../../../shared/contracts/addresses';
import { PROVINCE_CODES } from '../../../shared/provinces';
import {
  EMPTY_ADDRESS_FORM,
  addressProblems,
  formValuesToRequest,
  serverFieldMessage,
  type AddressFormValues,
} from './address-schema';

const valid: AddressFormValues = {
  ...EMPTY_ADDRESS_FORM,
  name: 'Margaux Lefebvre',
  address1: '123 Main St',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'm5v2t6',
  phone: '416-555-0100',
};

describe('addressProblems', () => {
  it('accepts a complete address', () => {
    expect(addressProblems(valid)).toEqual([]);
  });

  it('shows every format problem in one round, in screen order', () => {
    const problems = addressProblems({
      ...valid,
      company: 'c'.repeat(101),
      postalCode: 'B3H 1A1',
      phone: 'abc',
      email: 'a@b',
    });
    expect(problems).toEqual([
      { field: 'company', key: 'addressBook.validation.tooLong', params: { max: 100 } },
      {
        field: 'postalCode',
        key: 'addressBook.validation.postalMismatch',
        params: { code: 'B3H 1A1', province: 'ON' },
      },
      { field: 'phone', key: 'addressBook.validation.phone' },
      { field: 'email', key: 'addressBook.validation.email' },
    ]);
  });

  it('lists the missing fields together with the format problems', () => {
    const problems = addressProblems({ ...EMPTY_ADDRESS_FORM, phone: '12', email: 'nope' });
    expect(problems.map((p) => [p.field, p.key])).toEqual([
      ['name', 'addressBook.validation.nameRequired'],
      ['address1', 'addressBook.validation.address1Required'],
      ['city', 'addressBook.validation.cityRequired'],
      ['province', 'addressBook.validation.provinceRequired'],
      ['postalCode', 'addressBook.validation.postalCodeRequired'],
      ['phone', 'addressBook.validation.phone'],
      ['email', 'addressBook.validation.email'],
    ]);
  });

  it('checks a US address as a state and a ZIP code', () => {
    expect(addressProblems({ ...valid, country: 'US', province: 'ON', postalCode: 'M5V 2T6' })).toEqual([
      { field: 'province', key: 'addressBook.validation.state' },
      { field: 'postalCode', key: 'addressBook.validation.zip' },
    ]);
    expect(addressProblems({ ...valid, country: 'US', province: 'NY', postalCode: '10118-0110' })).toEqual([]);
  });

  it('gives a server field error the form rule for that field, or a general text', () => {
    expect(JSON.parse(serverFieldMessage('phone', { ...valid, phone: 'abc' }))).toEqual({
      key: 'addressBook.validation.phone',
    });
    expect(JSON.parse(serverFieldMessage('city', valid))).toEqual({ key: 'addressBook.validation.server' });
  });
});

const pick = <T>(...values: T[]) => fc.constantFrom(...values);
const text = (good: string[], bad: string[]) =>
  fc.oneof(
    { weight: 30, arbitrary: pick(...good) },
    { weight: 1, arbitrary: pick(...bad) },
    { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
  );

const form = fc.record({
  name: text(['Li Wei', 'n'.repeat(100)], ['', 'n'.repeat(101), 'a\nb']),
  company: text(['', 'Maple Freight', 'c'.repeat(100)], ['c'.repeat(101), '\u0007']),
  address1: text(['123 Main St', 'a'.repeat(200)], ['', 'a'.repeat(201)]),
  address2: text(['', 'Suite 400', 'b'.repeat(200)], ['b'.repeat(201)]),
  city: text(['Toronto', '温哥华'], ['', ' ', 'c'.repeat(101)]),
  province: fc.oneof(pick(...PROVINCE_CODES, 'NY', 'WA'), pick('', 'Ontario', 'on', 'XX')),
  postalCode: fc.oneof(
    { weight: 6, arbitrary: pick('M5V 2T6', 'H2X1Y4', 'V6C 3E8', 'X0A 0H0', '98101', '10118-0110') },
    { weight: 1, arbitrary: pick('', 'M5V', 'D2X 1Y4', '1234') },
  ),
  country: pick<'CA' | 'US'>('CA', 'US'),
  phone: text(['416-555-0100', '+1 (514) 555-0101'], ['', 'abc', '555 010', '1'.repeat(21)]),
  email: text(['', 'margaux@example.com'], ['a@b', 'no email']),
  isDefault: fc.boolean(),
});

describe('property: the address form never lets through what the server refuses', () => {
  it('every form without problems is accepted by the server schema, and every refused one has a problem', () => {
    let accepted = 0;
    fc.assert(
      fc.property(form, (values) => {
        const problems = addressProblems(values);
        const parsed = ZAddressRequest.safeParse(formValuesToRequest(values));
        if (problems.length === 0) {
          accepted += 1;
          expect(parsed.error?.issues ?? []).toEqual([]);
        }
        if (!parsed.success) {
          // Each field the server names has a problem in the form.
          const refused = new Set(parsed.error.issues.map((i) => String(i.path[0])));
          const shown = new Set(problems.map((p) => p.field as string));
          for (const field of refused) expect(shown.has(field), field).toBe(true);
        }
      }),
      // About 3 % of generated forms are fully valid; 6,000 runs keep well over 50 of them whatever the seed.
      { numRuns: 6000 },
    );
    expect(accepted).toBeGreaterThan(50);
    // 6,000 parses through both schemas take 2–5 s on a loaded 2-core machine: a budget, not a speed target.
  }, 30_000);
});
