import { z } from 'zod';
import { ADDRESS_LIMITS, type TAddress, type TAddressRequestInput } from '../../../shared/contracts/addresses';
import { normalizePostalCode, postalCodeMatchesProvince } from '../../../shared/postal-code';

const required = (max: number, message: string) =>
  z.string().trim().min(1, message).max(max, 'addressBook.validation.tooLong');
const optional = (max: number) => z.string().trim().max(max, 'addressBook.validation.tooLong');

/**
 * The address form (spec §5): name, address1, city, province, postalCode and phone required;
 * address2, company and email optional; country CA or US. Messages are translation keys. The
 * server re-validates (phone digits, email, postal code against province) and its field errors
 * land under the same fields.
 */
export const addressFormSchema = z.object({
  name: required(ADDRESS_LIMITS.name, 'addressBook.validation.nameRequired'),
  company: optional(ADDRESS_LIMITS.company),
  address1: required(ADDRESS_LIMITS.address1, 'addressBook.validation.address1Required'),
  address2: optional(ADDRESS_LIMITS.address2),
  city: required(ADDRESS_LIMITS.city, 'addressBook.validation.cityRequired'),
  province: required(ADDRESS_LIMITS.province, 'addressBook.validation.provinceRequired'),
  postalCode: required(ADDRESS_LIMITS.postalCode, 'addressBook.validation.postalCodeRequired'),
  country: z.enum(['CA', 'US']),
  phone: required(ADDRESS_LIMITS.phone, 'addressBook.validation.phoneRequired'),
  email: optional(ADDRESS_LIMITS.email),
  isDefault: z.boolean(),
});

export type AddressFormValues = z.infer<typeof addressFormSchema>;
export type AddressFormField = keyof AddressFormValues;

export const ADDRESS_FORM_FIELDS: readonly AddressFormField[] = [
  'name',
  'company',
  'address1',
  'address2',
  'city',
  'province',
  'postalCode',
  'country',
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

type Translate = (key: string, options?: Record<string, string>) => string;

/**
 * A server field error in the interface language: the contract's messages are English, so the
 * known rules are re-read here; anything else shows the server's text.
 */
export function localizeFieldError(
  field: AddressFormField,
  serverMessage: string,
  values: AddressFormValues,
  t: Translate,
): string {
  const us = values.country === 'US';
  switch (field) {
    case 'postalCode': {
      if (us) return t('addressBook.validation.zip');
      const code = normalizePostalCode(values.postalCode);
      if (!code) return t('addressBook.validation.postalCode');
      const province = values.province.toUpperCase();
      if (!postalCodeMatchesProvince(code, province)) {
        return t('addressBook.validation.postalMismatch', { code, province });
      }
      return serverMessage;
    }
    case 'province':
      return t(us ? 'addressBook.validation.state' : 'addressBook.validation.province');
    case 'phone':
      return t('addressBook.validation.phone');
    case 'email':
      return t('addressBook.validation.email');
    default:
      return serverMessage;
  }
}
