import { describe, expect, it } from 'vitest';
import { ZBillingAddress } from '../../../shared/contracts/payments';
import {
  billingFormValues,
  billingProblems,
  billingRequest,
  EMPTY_BILLING_FORM,
  serverFieldMessage,
  type BillingFormValues,
} from './billing-address';

const valid: BillingFormValues = {
  name: 'Marie Tremblay',
  company: 'Boulangerie du Coin',
  address1: '123 Rue Saint-Denis',
  address2: '',
  city: 'Montréal',
  country: 'CA',
  province: 'QC',
  postalCode: 'h2x1y4',
};

const keys = (values: BillingFormValues) => billingProblems(values).map((p) => [p.field, p.key]);

describe('billing address rules', () => {
  it('accepts a Canadian and a US address, as the server does', () => {
    expect(billingProblems(valid)).toEqual([]);
    const us = { ...valid, country: 'US' as const, province: 'WA', postalCode: '98101-1234', city: 'Seattle' };
    expect(billingProblems(us)).toEqual([]);
    for (const values of [valid, us]) expect(ZBillingAddress.safeParse(billingRequest(values)).success).toBe(true);
  });

  it('names every missing field at once, in screen order', () => {
    expect(keys(EMPTY_BILLING_FORM)).toEqual([
      ['name', 'settings.billing.validation.nameRequired'],
      ['address1', 'settings.billing.validation.address1Required'],
      ['city', 'settings.billing.validation.cityRequired'],
      ['province', 'settings.billing.validation.provinceRequired'],
      ['postalCode', 'settings.billing.validation.postalCodeRequired'],
    ]);
    // A US address has a state.
    expect(keys({ ...valid, country: 'US', province: '', postalCode: '98101' })).toEqual([
      ['province', 'settings.billing.validation.stateRequired'],
    ]);
  });

  it('checks length, line breaks, province or state, and the postal code or ZIP', () => {
    expect(billingProblems({ ...valid, company: 'x'.repeat(101) })).toEqual([
      { field: 'company', key: 'settings.billing.validation.tooLong', params: { max: 100 } },
    ]);
    expect(keys({ ...valid, city: 'Mont\nréal' })).toEqual([['city', 'settings.billing.validation.controlCharacters']]);
    expect(keys({ ...valid, postalCode: '12345' })).toEqual([['postalCode', 'settings.billing.validation.postalCode']]);
    expect(billingProblems({ ...valid, province: 'ON' })).toEqual([
      {
        field: 'postalCode',
        key: 'settings.billing.validation.postalMismatch',
        params: { code: 'H2X 1Y4', province: 'ON' },
      },
    ]);
    expect(keys({ ...valid, country: 'US', postalCode: '98101' })).toEqual([
      ['province', 'settings.billing.validation.state'],
    ]);
    expect(keys({ ...valid, country: 'US', province: 'WA' })).toEqual([
      ['postalCode', 'settings.billing.validation.zip'],
    ]);
  });

  it('refuses locally what the server refuses', () => {
    const samples: BillingFormValues[] = [
      EMPTY_BILLING_FORM,
      { ...valid, name: ' ' },
      { ...valid, address1: 'a'.repeat(201) },
      { ...valid, province: 'ZZ' },
      { ...valid, province: 'ON' },
      { ...valid, country: 'US' },
      { ...valid, city: 'a\u0000b' },
    ];
    for (const values of samples) {
      expect(billingProblems(values).length, JSON.stringify(values)).toBeGreaterThan(0);
      expect(ZBillingAddress.safeParse(billingRequest(values)).success).toBe(false);
    }
  });

  it('fills the form from a saved address, or starts empty in Canada', () => {
    expect(billingFormValues(null)).toEqual(EMPTY_BILLING_FORM);
    const saved = { ...valid, postalCode: 'H2X 1Y4', country: 'CA' as const };
    expect(billingFormValues(saved)).toEqual(saved);
  });

  it("explains a server refusal with the form's own rule, else a general text", () => {
    expect(JSON.parse(serverFieldMessage('province', { ...valid, province: 'ZZ' }))).toEqual({
      key: 'settings.billing.validation.province',
    });
    expect(JSON.parse(serverFieldMessage('city', valid))).toEqual({ key: 'settings.billing.validation.server' });
  });
});
