import type { Ref } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';
import { ProvinceSelect } from './province-select';
import { Field } from './ui/field';
import { Input, inputClass } from './ui/input';

/**
 * The country, province-or-state and postal-code-or-ZIP fields of an address form (the address book and
 * Settings → Billing), as three grid cells. The form wires them (react-hook-form's register and the
 * province's controller) and keeps its own labels: `labels` is the key prefix holding country, province,
 * state, postalCode and zip; `countryNames` the one holding CA and US.
 */
export function RegionFields({
  idPrefix,
  autoCompleteSection,
  labels,
  countryNames,
  country,
  countryInput,
  province,
  postalCodeInput,
  errors,
}: {
  /** 'billing' → billing-country, billing-province, billing-postal-code. */
  idPrefix: string;
  /** 'billing' → autocomplete "billing country"; none → "country". */
  autoCompleteSection?: string;
  labels: string;
  countryNames: string;
  country: 'CA' | 'US';
  countryInput: UseFormRegisterReturn;
  province: { ref: Ref<HTMLSelectElement>; value: string; onChange: (value: string) => void };
  postalCodeInput: UseFormRegisterReturn;
  errors: { country?: string; province?: string; postalCode?: string };
}) {
  const { t } = useTranslation();
  const autoComplete = (token: string) => (autoCompleteSection ? `${autoCompleteSection} ${token}` : token);
  const us = country === 'US';
  return (
    <>
      <Field label={t(`${labels}.country`)} error={errors.country}>
        <select
          id={`${idPrefix}-country`}
          autoComplete={autoComplete('country')}
          className={cn(inputClass, 'h-10 pr-8')}
          {...countryInput}
        >
          <option value="CA">{t(`${countryNames}.CA`)}</option>
          <option value="US">{t(`${countryNames}.US`)}</option>
        </select>
      </Field>
      <Field label={us ? t(`${labels}.state`) : t(`${labels}.province`)} error={errors.province}>
        <ProvinceSelect
          id={`${idPrefix}-province`}
          ref={province.ref}
          value={province.value}
          onChange={province.onChange}
          country={country}
        />
      </Field>
      <Field label={us ? t(`${labels}.zip`) : t(`${labels}.postalCode`)} error={errors.postalCode}>
        <Input
          id={`${idPrefix}-postal-code`}
          autoComplete={autoComplete('postal-code')}
          autoCapitalize="characters"
          {...postalCodeInput}
        />
      </Field>
    </>
  );
}
