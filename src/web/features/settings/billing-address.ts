/**
 * The billing address form of Settings → Billing: the rules of PUT /api/billing/address
 * (ZBillingAddress in src/shared/contracts/payments.ts) checked in the browser, all at once, with
 * messages as translation keys.
 */
import type { Resolver } from 'react-hook-form';
import { ADDRESS_LIMITS } from '../../../shared/contracts/addresses';
import { hasControlCharacters } from '../../../shared/contracts/fields';
import type { TBilling, TBillingAddressInput } from '../../../shared/contracts/payments';
import { normalizePostalCode, normalizeZip, postalCodeMatchesProvince } from '../../../shared/postal-code';
import { isProvinceCode, isUsStateCode } from '../../../shared/provinces';
import { encodeMessage } from '../../components/ui/form-message';

export type BillingFormValues = {
  name: string;
  company: string;
  address1: string;
  address2: string;
  city: string;
  country: 'CA' | 'US';
  province: string;
  postalCode: string;
};
export type BillingField = keyof BillingFormValues;

/** Screen order (the first refused field gets the focus). */
export const BILLING_FIELDS: readonly BillingField[] = [
  'name',
  'company',
  'address1',
  'address2',
  'city',
  'country',
  'province',
  'postalCode',
];

export const EMPTY_BILLING_FORM: BillingFormValues = {
  name: '',
  company: '',
  address1: '',
  address2: '',
  city: '',
  country: 'CA',
  province: '',
  postalCode: '',
};

export function billingFormValues(address: TBilling['billingAddress']): BillingFormValues {
  if (!address) return EMPTY_BILLING_FORM;
  return {
    name: address.name,
    company: address.company,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    country: address.country === 'US' ? 'US' : 'CA',
    province: address.province,
    postalCode: address.postalCode,
  };
}

export function billingRequest(values: BillingFormValues): TBillingAddressInput {
  return {
    name: values.name.trim(),
    company: values.company.trim(),
    address1: values.address1.trim(),
    address2: values.address2.trim(),
    city: values.city.trim(),
    province: values.province.trim(),
    postalCode: values.postalCode.trim(),
    country: values.country,
  };
}

type TextField = Exclude<BillingField, 'country'>;
const TEXT_FIELDS: readonly TextField[] = ['name', 'company', 'address1', 'address2', 'city', 'province', 'postalCode'];
const REQUIRED: Partial<Record<TextField, string>> = {
  name: 'settings.billing.validation.nameRequired',
  address1: 'settings.billing.validation.address1Required',
  city: 'settings.billing.validation.cityRequired',
  province: 'settings.billing.validation.provinceRequired',
  postalCode: 'settings.billing.validation.postalCodeRequired',
};

export type BillingProblem = { field: BillingField; key: string; params?: Record<string, string | number> };

/** Every rule at once, at most one problem per field, in screen order. */
export function billingProblems(values: BillingFormValues): BillingProblem[] {
  const found = new Map<BillingField, BillingProblem>();
  const add = (field: BillingField, key: string, params?: BillingProblem['params']) => {
    if (!found.has(field)) found.set(field, { field, key, params });
  };
  for (const field of TEXT_FIELDS) {
    const raw = values[field] ?? '';
    const required = REQUIRED[field];
    if (required && raw.trim() === '') add(field, required);
    else if (hasControlCharacters(raw)) add(field, 'settings.billing.validation.controlCharacters');
    else if (raw.trim().length > ADDRESS_LIMITS[field]) {
      add(field, 'settings.billing.validation.tooLong', { max: ADDRESS_LIMITS[field] });
    }
  }
  const us = values.country === 'US';
  if (values.country !== 'CA' && !us) add('country', 'settings.billing.validation.country');
  const province = (values.province ?? '').trim().toUpperCase();
  const provinceOk = us ? isUsStateCode(province) : isProvinceCode(province);
  if (!provinceOk) add('province', us ? 'settings.billing.validation.state' : 'settings.billing.validation.province');
  const postal = values.postalCode ?? '';
  if (us) {
    if (!normalizeZip(postal)) add('postalCode', 'settings.billing.validation.zip');
  } else {
    const code = normalizePostalCode(postal);
    if (!code) add('postalCode', 'settings.billing.validation.postalCode');
    else if (provinceOk && !postalCodeMatchesProvince(code, province)) {
      add('postalCode', 'settings.billing.validation.postalMismatch', { code, province });
    }
  }
  return BILLING_FIELDS.flatMap((field) => found.get(field) ?? []);
}

export const billingResolver: Resolver<BillingFormValues> = (values) => {
  const problems = billingProblems(values);
  if (problems.length === 0) return { values, errors: {} };
  const errors = Object.fromEntries(
    problems.map((p) => [p.field, { type: 'validate', message: encodeMessage(p.key, p.params) }]),
  );
  return { values: {}, errors };
};

/**
 * A field the server refused, in the interface language: the server's messages are English, so the
 * form's own rule for the field names the problem; when it sees none, a general text does.
 */
export function serverFieldMessage(field: BillingField, values: BillingFormValues): string {
  const problem = billingProblems(values).find((p) => p.field === field);
  return problem ? encodeMessage(problem.key, problem.params) : encodeMessage('settings.billing.validation.server');
}
