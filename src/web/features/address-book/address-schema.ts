import {
  isValidEmail,
  isValidPhone,
  type TAddress,
  type TAddressRequestInput,
  type TRecipientLanguage,
} from '../../../shared/contracts/addresses';
import { formatPhone } from '../../../shared/phone';
import {
  addressProblems as sharedAddressProblems,
  EMPTY_POSTAL_ADDRESS,
  POSTAL_ADDRESS_FIELDS,
  POSTAL_REQUIRED_FIELDS,
  POSTAL_TEXT_FIELDS,
  problemsResolver,
  serverProblemMessage,
  type AddressProblem as SharedAddressProblem,
  type PostalAddressValues,
} from '../../components/address-rules';

/** The address form as typed. */
export type AddressFormValues = PostalAddressValues & {
  phone: string;
  email: string;
  isDefault: boolean;
  /** Mail this receiver when shipped and delivered, in `language` (issue 27); filled into the shipment form. */
  notifyRecipient?: boolean;
  language?: TRecipientLanguage;
};
export type AddressFormField = keyof AddressFormValues;

export const ADDRESS_FORM_FIELDS: readonly AddressFormField[] = [
  ...POSTAL_ADDRESS_FIELDS,
  'phone',
  'email',
  'isDefault',
];

export const EMPTY_ADDRESS_FORM: AddressFormValues = {
  ...EMPTY_POSTAL_ADDRESS,
  phone: '',
  email: '',
  isDefault: false,
  notifyRecipient: false,
  language: 'en',
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
    // The stored form ('4165550100x12') as people write it; it is stored the same way again.
    phone: formatPhone(address.phone),
    email: address.email,
    isDefault: address.isDefault,
    notifyRecipient: address.notifyRecipient,
    language: address.language,
  };
}

export function formValuesToRequest(values: AddressFormValues): TAddressRequestInput {
  return { ...values };
}

const TEXT_FIELDS = [...POSTAL_TEXT_FIELDS, 'phone', 'email'] as const;
const REQUIRED = [...POSTAL_REQUIRED_FIELDS, 'phone'] as const;

export type AddressProblem = SharedAddressProblem<AddressFormField>;

/**
 * Every rule of POST /api/addresses (src/shared/contracts/addresses.ts) at once, at most one per
 * field, in screen order: required, one line, length (with the limit), country, province or state,
 * postal code or ZIP (and its province), phone digits, email. Keys are translation keys.
 */
export function addressProblems(values: AddressFormValues): AddressProblem[] {
  return sharedAddressProblems(values, {
    prefix: 'addressBook.validation',
    fields: ADDRESS_FORM_FIELDS,
    textFields: TEXT_FIELDS,
    required: REQUIRED,
    more: (add) => {
      if (!isValidPhone((values.phone ?? '').trim())) add('phone', 'addressBook.validation.phone');
      const email = (values.email ?? '').trim();
      if (email !== '' && !isValidEmail(email)) add('email', 'addressBook.validation.email');
      if (email === '' && values.notifyRecipient) add('email', 'addressBook.validation.recipientEmail');
    },
  });
}

/** react-hook-form resolver: all the rules in one round; messages are encoded translation keys. */
export const addressResolver = problemsResolver(addressProblems);

/**
 * A server field error in the interface language, by field: the server's messages are English, so
 * the form's own rule for that field names the problem; when it sees none, a general text does.
 */
export function serverFieldMessage(field: AddressFormField, values: AddressFormValues): string {
  return serverProblemMessage(addressProblems(values), field, 'addressBook.validation.server');
}
