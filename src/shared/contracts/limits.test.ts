import { describe, expect, it } from 'vitest';
import { LIMITS, ORDER_ADDRESS_LIMITS } from './limits';
import { ZOrderAddress } from './shipments';
import { BULK_FIELD_MAX, ZPatchBulkRow } from './bulk-imports';
import { ZPackageDetails } from './rates';

const address = {
  firstName: 'Ana',
  lastName: 'Lee',
  company: '',
  address: '1 Main St',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5H 1A1',
  country: 'CA',
  phone: '416-555-0100',
  email: '',
};

/** Issues of a failed parse, by field path. */
const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.path.join('.'));

describe('address and parcel limits, one source (limits.ts)', () => {
  it.each(['firstName', 'lastName', 'company', 'city'] as const)(
    'the order address enforces ORDER_ADDRESS_LIMITS.%s, and a bulk cell of it has the same limit',
    (field) => {
      const max = ORDER_ADDRESS_LIMITS[field];
      expect(ZOrderAddress.safeParse({ ...address, [field]: 'a'.repeat(max) }).success).toBe(true);
      expect(fieldsOf(ZOrderAddress.safeParse({ ...address, [field]: 'a'.repeat(max + 1) }))).toEqual([field]);
      expect(BULK_FIELD_MAX[field]).toBe(max);
    },
  );

  it('a bulk row takes the street, province, postal code, phone and email limits of the order address', () => {
    expect(BULK_FIELD_MAX.address1).toBe(ORDER_ADDRESS_LIMITS.address);
    expect(BULK_FIELD_MAX.address2).toBe(ORDER_ADDRESS_LIMITS.address);
    expect(BULK_FIELD_MAX.province).toBe(ORDER_ADDRESS_LIMITS.province);
    expect(BULK_FIELD_MAX.postalCode).toBe(ORDER_ADDRESS_LIMITS.postalCode);
    expect(BULK_FIELD_MAX.phone).toBe(ORDER_ADDRESS_LIMITS.phone);
    expect(BULK_FIELD_MAX.email).toBe(LIMITS.emailMax);
    const street = (n: number) => fieldsOf(ZOrderAddress.safeParse({ ...address, address: 'a'.repeat(n) }));
    expect([street(ORDER_ADDRESS_LIMITS.address), street(ORDER_ADDRESS_LIMITS.address + 1)]).toEqual([[], ['address']]);
  });

  it('the parcel description: the package form and a bulk cell alike', () => {
    const parcel = { weight: 1, length: 10, width: 10, height: 10, type: 'package' };
    const max = LIMITS.packageDescriptionMax;
    expect(ZPackageDetails.safeParse({ ...parcel, description: 'd'.repeat(max) }).success).toBe(true);
    expect(fieldsOf(ZPackageDetails.safeParse({ ...parcel, description: 'd'.repeat(max + 1) }))).toEqual([
      'description',
    ]);
    expect(BULK_FIELD_MAX.description).toBe(max);
    expect(ZPatchBulkRow.safeParse({ data: { description: 'd'.repeat(max + 1) } }).success).toBe(false);
  });
});
