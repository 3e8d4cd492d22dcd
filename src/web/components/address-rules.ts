/**
 * The rules the address forms share (the address book's form and Settings → Billing): each text field
 * required or not, one line, within its length (contracts/addresses.ts ADDRESS_LIMITS), then the country,
 * the province or state, and the postal code or ZIP (a Canadian code must belong to its province).
 * Messages are translation keys under each form's own prefix, so the texts stay the form's own.
 */
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { ADDRESS_LIMITS } from '../../shared/contracts/addresses';
import { hasControlCharacters } from '../../shared/contracts/fields';
import { normalizePostalCode, normalizeZip, postalCodeMatchesProvince } from '../../shared/postal-code';
import { isProvinceCode, isUsStateCode } from '../../shared/provinces';
import { encodeMessage } from './ui/form-message';

export type AddressProblem<F extends string = string> = {
  field: F;
  key: string;
  params?: Record<string, string | number>;
};

export type AddressTextField = keyof typeof ADDRESS_LIMITS;

/** The postal-address fields in screen order (as AddressFields shows them); a form puts its own after them. */
export const POSTAL_ADDRESS_FIELDS = [
  'name',
  'company',
  'address1',
  'address2',
  'city',
  'country',
  'province',
  'postalCode',
] as const;
export type PostalAddressField = (typeof POSTAL_ADDRESS_FIELDS)[number];
/** The ones typed in (all but the country), and the ones that may not be left empty. */
export const POSTAL_TEXT_FIELDS = POSTAL_ADDRESS_FIELDS.filter(
  (field): field is Exclude<PostalAddressField, 'country'> => field !== 'country',
);
export const POSTAL_REQUIRED_FIELDS = ['name', 'address1', 'city', 'province', 'postalCode'] as const;

export type PostalAddressValues = Record<Exclude<PostalAddressField, 'country'>, string> & { country: 'CA' | 'US' };

export const EMPTY_POSTAL_ADDRESS: PostalAddressValues = {
  name: '',
  company: '',
  address1: '',
  address2: '',
  city: '',
  country: 'CA',
  province: '',
  postalCode: '',
};

type AddProblem = (field: string, key: string, params?: AddressProblem['params']) => void;

/** Whether a province (Canada) or state (US) code fits the country; the form clears it when not. */
export function provinceFits(country: string, province: string): boolean {
  return country === 'US' ? isUsStateCode(province) : isProvinceCode(province);
}

/**
 * Every rule at once, at most one problem per field (the first found), in the form's screen order.
 * Required fields answer `<prefix>.<field>Required`; the other keys are `<prefix>.controlCharacters`,
 * `.tooLong` ({max}), `.country`, `.state`, `.province`, `.zip`, `.postalCode`, `.postalMismatch`
 * ({code, province}). `more` adds the form's own rules last (a field already refused keeps its problem).
 */
export function addressProblems<F extends string>(
  values: { [K in AddressTextField]?: string } & { country: string },
  rules: {
    prefix: string;
    /** The form's fields in screen order; the problems come back in it. */
    fields: readonly F[];
    textFields: readonly (F & AddressTextField)[];
    required: readonly (F & AddressTextField)[];
    more?: (add: AddProblem) => void;
  },
): AddressProblem<F>[] {
  const { prefix } = rules;
  const found = new Map<string, AddressProblem<F>>();
  const add: AddProblem = (field, key, params) => {
    if (!found.has(field)) found.set(field, { field: field as F, key, params });
  };
  for (const field of rules.textFields) {
    const raw = values[field] ?? '';
    if (rules.required.includes(field) && raw.trim() === '') add(field, `${prefix}.${field}Required`);
    else if (hasControlCharacters(raw)) add(field, `${prefix}.controlCharacters`);
    else if (raw.trim().length > ADDRESS_LIMITS[field]) add(field, `${prefix}.tooLong`, { max: ADDRESS_LIMITS[field] });
  }
  const us = values.country === 'US';
  if (values.country !== 'CA' && !us) add('country', `${prefix}.country`);
  const province = (values.province ?? '').trim().toUpperCase();
  const provinceOk = provinceFits(values.country, province);
  if (!provinceOk) add('province', us ? `${prefix}.state` : `${prefix}.province`);
  const postal = values.postalCode ?? '';
  if (us) {
    if (!normalizeZip(postal)) add('postalCode', `${prefix}.zip`);
  } else {
    const code = normalizePostalCode(postal);
    if (!code) add('postalCode', `${prefix}.postalCode`);
    else if (provinceOk && !postalCodeMatchesProvince(code, province)) {
      add('postalCode', `${prefix}.postalMismatch`, { code, province });
    }
  }
  rules.more?.(add);
  return rules.fields.flatMap((field) => found.get(field) ?? []);
}

/** react-hook-form resolver: all the rules in one round; messages are encoded translation keys. */
export function problemsResolver<V extends FieldValues>(problemsOf: (values: V) => AddressProblem[]): Resolver<V> {
  return (values) => {
    const problems = problemsOf(values);
    if (problems.length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(
      problems.map((p) => [p.field, { type: 'validate', message: encodeMessage(p.key, p.params) }]),
    ) as FieldErrors<V>;
    return { values: {}, errors };
  };
}

/**
 * A field the server refused, in the interface language: the server's messages are English, so the
 * form's own rule for the field names the problem; when it sees none, the general text (`serverKey`) does.
 */
export function serverProblemMessage(problems: readonly AddressProblem[], field: string, serverKey: string): string {
  const problem = problems.find((p) => p.field === field);
  return problem ? encodeMessage(problem.key, problem.params) : encodeMessage(serverKey);
}
