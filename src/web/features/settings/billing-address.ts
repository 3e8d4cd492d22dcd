/**
 * The billing address form of Settings → Billing: the rules of PUT /api/billing/address
 * (ZBillingAddress in src/shared/contracts/payments.ts) checked in the browser, all at once, with
 * messages as translation keys.
 */
import type { TBilling, TBillingAddressInput } from '../../../shared/contracts/payments';
import {
  addressProblems,
  EMPTY_POSTAL_ADDRESS,
  POSTAL_ADDRESS_FIELDS,
  POSTAL_REQUIRED_FIELDS,
  POSTAL_TEXT_FIELDS,
  problemsResolver,
  serverProblemMessage,
  type AddressProblem,
  type PostalAddressValues,
} from '../../components/address-rules';

export type BillingFormValues = PostalAddressValues;
export type BillingField = keyof BillingFormValues;

/** Screen order (the first refused field gets the focus). */
export const BILLING_FIELDS: readonly BillingField[] = POSTAL_ADDRESS_FIELDS;

export const EMPTY_BILLING_FORM: BillingFormValues = { ...EMPTY_POSTAL_ADDRESS };

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

export type BillingProblem = AddressProblem<BillingField>;

/** Every rule at once, at most one problem per field, in screen order (keys under settings.billing.validation). */
export function billingProblems(values: BillingFormValues): BillingProblem[] {
  const problems = addressProblems(values, {
    prefix: 'settings.billing.validation',
    fields: BILLING_FIELDS,
    textFields: POSTAL_TEXT_FIELDS,
    required: POSTAL_REQUIRED_FIELDS,
  });
  // A US address has a state, not a province: its missing region says so.
  return values.country === 'US'
    ? problems.map((p) =>
        p.key === 'settings.billing.validation.provinceRequired'
          ? { ...p, key: 'settings.billing.validation.stateRequired' }
          : p,
      )
    : problems;
}

export const billingResolver = problemsResolver(billingProblems);

/**
 * A field the server refused, in the interface language: the server's messages are English, so the
 * form's own rule for the field names the problem; when it sees none, a general text does.
 */
export function serverFieldMessage(field: BillingField, values: BillingFormValues): string {
  return serverProblemMessage(billingProblems(values), field, 'settings.billing.validation.server');
}
