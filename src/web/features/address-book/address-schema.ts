import type { Resolver } from 'react-hook-form';
import {
  ADDRESS_LIMITS,
  isValidEmail,
  isValidPhone,
  type TAddress,
  type TAddressRequestInput,
} from '../../../shared/contracts/addresses';
import { hasControlCharacters } from '../../../shared/contracts/fields';
import { normalizePostalCode, normalizeZip, postalCodeMatchesProvince } from '../../../shared/postal-code';
import { isProvinceCode, isUsStateCode } from '../../../shared/provinces';
import { encodeMessage } from '../../components/ui/form-message';

/** The address form as typed. */
export type AddressFormValues = {
  name: string;
  company: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  postalCode: string;
  country: 'CA' | 'US';
  phone: string;
  email: string;
  isDefault: boolean;
};
export type AddressFormField = keyof AddressFormValues;

export const ADDRESS_FORM_FIELDS: readonly AddressFormField[] = [
  'name',
  'company',
  'address1',
  'address2',
  'city',
  'country',
  'province',
  'postalCode',
  'phone',
  'email',
  'isDefault',
];

export const EMPTY_ADDRESS_FORM: AddressFormValues = {
  name: '',
  company: '',
  address1: '',
  address2: '',
  city: '',
  province: '',
  postalCode: '',
  country: 'CA',
  phone: '',
  email: '',
  isDefault: false,
};

export function addressToFormValues(address: TAddress): AddressFormValues {
  return {
    name: address.name || [address.firstName, address.lastName].filter(Boolean).join(' '),
    company: address.company,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    province: address.province,
    postalCode: address.postalCode,
    country: address.country === 'US' ? 'US' : 'CA',
    phone: address.phone,
    email: address.email,
    isDefault: address.isDefault,
  };
}

export function formValuesToRequest(values: AddressFormValues): TAddressRequestInput {
  return { ...values };
}

type TextField = Exclude<keyof AddressFormValues, 'country' | 'isDefault'>;

const REQUIRED: Partial<Record<TextField, string>> = {
  name: 'addressBook.validation.nameRequired',
  address1: 'addressBook.validation.address1Required',
  city: 'addressBook.validation.cityRequired',
  province: 'addressBook.validation.provinceRequired',
  postalCode: 'addressBook.validation.postalCodeRequired',
  phone: 'addressBook.validation.phoneRequired',
};

const TEXT_FIELDS: readonly TextField[] = [
  'name',
  'company',
  'address1',
  'address2',
  'city',
  'province',
  'postalCode',
  'phone',
  'email',
];

export type AddressProblem = { field: AddressFormField; key: string; params?: Record<string, string | number> };

/**
 * Every rule of POST /api/addresses (src/shared/contracts/addresses.ts) at once, at most one per
 * field, in screen order: required, one line, length (with the limit), country, province or state,
 * postal code or ZIP (and its province), phone digits, email. Keys are translation keys.
 */
export function addressProblems(values: AddressFormValues): AddressProblem[] {
  const found = new Map<AddressFormField, AddressProblem>();
  const add = (field: AddressFormField, key: string, params?: AddressProblem['params']) => {
    if (!found.has(field)) found.set(field, { field, key, params });
  };
  for (const field of TEXT_FIELDS) {
    const raw = values[field] ?? '';
    const required = REQUIRED[field];
    if (required && raw.trim() === '') add(field, required);
    else if (hasControlCharacters(raw)) add(field, 'addressBook.validation.controlCharacters');
    else if (raw.trim().length > ADDRESS_LIMITS[field]) {
      add(field, 'addressBook.validation.tooLong', { max: ADDRESS_LIMITS[field] });
    }
  }
  const us = values.country === 'US';
  if (values.country !== 'CA' && !us) add('country', 'addressBook.validation.country');
  const province = (values.province ?? '').trim().toUpperCase();
  const provinceOk = us ? isUsStateCode(province) : isProvinceCode(province);
  if (!provinceOk) add('province', us ? 'addressBook.validation.state' : 'addressBook.validation.province');
  const postal = values.postalCode ?? '';
  if (us) {
    if (!normalizeZip(postal)) add('postalCode', 'addressBook.validation.zip');
  } else {
    const code = normalizePostalCode(postal);
    if (!code) add('postalCode', 'addressBook.validation.postalCode');
    else if (provinceOk && !postalCodeMatchesProvince(code, province)) {
      add('postalCode', 'addressBook.validation.postalMismatch', { code, province });
    }
  }
  if (!isValidPhone((values.phone ?? '').trim())) add('phone', 'addressBook.validation.phone');
  const email = (values.email ?? '').trim();
  if (email !== '' && !isValidEmail(email)) add('email', 'addressBook.validation.email');
  return ADDRESS_FORM_FIELDS.flatMap((field) => found.get(field) ?? []);
}

/** react-hook-form resolver: all the rules in one round; messages are encoded translation keys. */
export const addressResolver: Resolver<AddressFormValues> = (values) => {
  const problems = addressProblems(values);
  if (problems.length === 0) return { values, errors: {} };
  const errors = Object.fromEntries(
    problems.map((p) => [p.field, { type: 'validate', message: encodeMessage(p.key, p.params) }]),
  );
  return { values: {}, errors };
};

/**
 * A server field error in the interface language, by field: the server's messages are English, so
 * the form's own rule for that field names the problem; when it sees none, a general text does.
 */
export function serverFieldMessage(field: AddressFormField, values: AddressFormValues): string {
  const problem = addressProblems(values).find((p) => p.field === field);
  return problem ? encodeMessage(problem.key, problem.params) : encodeMessage('addressBook.validation.server');
}
