import type { ReactNode, Ref } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';
import { ProvinceSelect } from './province-select';
import { Field } from './ui/field';
import { Input, inputClass } from './ui/input';

export type AddressInputName = 'name' | 'company' | 'address1' | 'address2' | 'city' | 'postalCode';
type AddressFieldName = AddressInputName | 'country' | 'province';

/**
 * The postal-address fields of a form (the address book and Settings → Billing), as grid cells of a
 * two-column grid: name, company, address lines, city, country, province or state, postal code or ZIP.
 * The form wires them (react-hook-form's register, the province's controller, its own country change)
 * and keeps its own texts: `labels` is the key prefix holding name, company, address1, address2, city,
 * country, province, state, postalCode and zip; `countryNames` the one holding CA and US. `check`
 * gives a field's line for a check (the address assistant's guesses), if any.
 */
export function AddressFields({
  idPrefix,
  autoCompleteSection,
  labels,
  countryNames,
  address2Hint,
  register,
  countryInput,
  country,
  province,
  error,
  check = () => undefined,
}: {
  /** 'billing' → billing-name, billing-country, billing-postal-code… */
  idPrefix: string;
  /** 'billing' → autocomplete "billing country"; none → "country". */
  autoCompleteSection?: string;
  labels: string;
  countryNames: string;
  address2Hint?: string;
  register: (name: AddressInputName) => UseFormRegisterReturn;
  countryInput: UseFormRegisterReturn;
  country: 'CA' | 'US';
  province: { ref: Ref<HTMLSelectElement>; value: string; onChange: (value: string) => void };
  /** The field's message in the interface language, if any. */
  error: (field: AddressFieldName) => string | undefined;
  /** The field's check line in the interface language, if any. */
  check?: (field: AddressFieldName) => ReactNode;
}) {
  const { t } = useTranslation();
  const autoComplete = (token: string) => (autoCompleteSection ? `${autoCompleteSection} ${token}` : token);
  const optional = t('common.optional');
  const us = country === 'US';
  return (
    <>
      <Field label={t(`${labels}.name`)} error={error('name')} check={check('name')}>
        <Input id={`${idPrefix}-name`} autoComplete={autoComplete('name')} {...register('name')} />
      </Field>
      <Field label={t(`${labels}.company`)} optional={optional} error={error('company')} check={check('company')}>
        <Input id={`${idPrefix}-company`} autoComplete={autoComplete('organization')} {...register('company')} />
      </Field>
      <Field
        label={t(`${labels}.address1`)}
        error={error('address1')}
        check={check('address1')}
        className="sm:col-span-2"
      >
        <Input id={`${idPrefix}-address1`} autoComplete={autoComplete('address-line1')} {...register('address1')} />
      </Field>
      <Field
        label={t(`${labels}.address2`)}
        optional={optional}
        hint={address2Hint}
        error={error('address2')}
        check={check('address2')}
        className="sm:col-span-2"
      >
        <Input id={`${idPrefix}-address2`} autoComplete={autoComplete('address-line2')} {...register('address2')} />
      </Field>
      <Field label={t(`${labels}.city`)} error={error('city')} check={check('city')}>
        <Input id={`${idPrefix}-city`} autoComplete={autoComplete('address-level2')} {...register('city')} />
      </Field>
      <Field label={t(`${labels}.country`)} error={error('country')} check={check('country')}>
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
      <Field
        label={us ? t(`${labels}.state`) : t(`${labels}.province`)}
        error={error('province')}
        check={check('province')}
      >
        <ProvinceSelect
          id={`${idPrefix}-province`}
          ref={province.ref}
          value={province.value}
          onChange={province.onChange}
          country={country}
        />
      </Field>
      <Field
        label={us ? t(`${labels}.zip`) : t(`${labels}.postalCode`)}
        error={error('postalCode')}
        check={check('postalCode')}
      >
        <Input
          id={`${idPrefix}-postal-code`}
          autoComplete={autoComplete('postal-code')}
          autoCapitalize="characters"
          {...register('postalCode')}
        />
      </Field>
    </>
  );
}
