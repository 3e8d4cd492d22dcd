import { useState } from 'react';
import { useController, type Control, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TAddress } from '../../../../shared/contracts/addresses';
import {
  aiCheckNote,
  aiChecks,
  AiAssistBox,
  type AiChecks,
  type AiFilledField,
  type AiFilledFields,
  type AiReview,
} from '../../../components/ai-assist-box';
import { ProvinceSelect } from '../../../components/province-select';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, inputClass } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import type { Party, PartyForm, ShipmentForm } from '../shipment-draft';
import { AddressBookPicker } from './address-book-picker';
import { fieldErrorText } from './form-error';

type PartyField = keyof PartyForm;

/** Where a field the assistant guessed lands on this form: a name on both name fields; never the country (CA only). */
function partyTarget(field: AiFilledField): PartyField[] {
  if (field === 'name') return ['firstName', 'lastName'];
  if (field === 'country') return [];
  return [field];
}

/**
 * Sender or receiver: contact and Canadian address, with a picker from the address book and the
 * AI assistant box for this party (in its own card, so it sits next to the fields it fills). Fields
 * the assistant guessed are marked for a check until the user edits them or fills the party again.
 */
const CANADA_ONLY = ['CA'] as const;

export function PartyFields({
  party,
  form,
  onPickAddress,
  onAiFill,
}: {
  party: Party;
  form: UseFormReturn<ShipmentForm>;
  onPickAddress: (address: TAddress) => void;
  onAiFill: (fields: AiFilledFields, review: AiReview) => void;
}) {
  const { t, i18n } = useTranslation();
  const {
    register: registerField,
    control,
    getValues,
    formState: { errors },
  } = form;
  const [checks, setChecks] = useState<AiChecks<PartyField>>({});
  const clearCheck = (field: PartyField) =>
    setChecks((current) => {
      if (!(field in current)) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  // The user's own edit of a field ends its check (the form's setValue does not call this).
  const register = (field: PartyField) => registerField(`${party}.${field}`, { onChange: () => clearCheck(field) });
  const check = (field: PartyField) => aiCheckNote(checks[field], t);
  const aiFill = (fields: AiFilledFields, review: AiReview) => {
    onAiFill(fields, review);
    // Only fields the fill set (a name without a last name leaves that field alone).
    const filled = getValues(party);
    const next = aiChecks(review, partyTarget);
    for (const field of Object.keys(next) as PartyField[]) if (!filled[field]) delete next[field];
    setChecks(next);
    return Object.keys(next).length;
  };
  const pickAddress = (address: TAddress) => {
    onPickAddress(address);
    setChecks({});
  };
  const err = errors[party];
  const error = (field: keyof PartyForm) => fieldErrorText(err?.[field], t, i18n.language);
  const id = (field: string) => `${party}-${field}`;
  const label = (field: string) => t(`shipment.fields.${field}`);
  const optional = t('common.optional');
  const title = t(`shipment.${party}.title`);

  return (
    <Card aria-labelledby={`${party}-title`} data-testid={`${party}-form`}>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-6 py-4">
        <div>
          <h2 id={`${party}-title`} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t(`shipment.${party}.description`)}</p>
        </div>
        <AddressBookPicker label={t('shipment.addressBook.chooseFor', { party: title })} onPick={pickAddress} />
      </div>
      <AiAssistBox mode={party} countries={CANADA_ONLY} onFill={aiFill} className="mx-6 mt-6" />
      <div className="grid items-start gap-4 p-6 sm:grid-cols-2">
        <Field label={label('firstName')} error={error('firstName')} check={check('firstName')}>
          <Input id={id('first-name')} autoComplete={`section-${party} given-name`} {...register('firstName')} />
        </Field>
        <Field label={label('lastName')} error={error('lastName')} check={check('lastName')}>
          <Input id={id('last-name')} autoComplete={`section-${party} family-name`} {...register('lastName')} />
        </Field>
        <Field
          label={label('company')}
          optional={optional}
          error={error('company')}
          check={check('company')}
          className="sm:col-span-2"
        >
          <Input id={id('company')} autoComplete={`section-${party} organization`} {...register('company')} />
        </Field>
        <Field label={label('address1')} error={error('address1')} check={check('address1')} className="sm:col-span-2">
          <Input id={id('address1')} autoComplete={`section-${party} address-line1`} {...register('address1')} />
        </Field>
        <Field
          label={label('address2')}
          optional={optional}
          error={error('address2')}
          check={check('address2')}
          className="sm:col-span-2"
        >
          <Input id={id('address2')} autoComplete={`section-${party} address-line2`} {...register('address2')} />
        </Field>
        <Field label={label('city')} error={error('city')} check={check('city')}>
          <Input id={id('city')} autoComplete={`section-${party} address-level2`} {...register('city')} />
        </Field>
        <Field label={label('province')} error={error('province')} check={check('province')}>
          <ProvinceControl
            id={id('province')}
            control={control}
            name={`${party}.province`}
            onEdited={() => clearCheck('province')}
          />
        </Field>
        <Field label={label('postalCode')} error={error('postalCode')} check={check('postalCode')}>
          <Input id={id('postal-code')} autoComplete={`section-${party} postal-code`} {...register('postalCode')} />
        </Field>
        <Field label={label('country')} error={error('country')} check={check('country')}>
          {/* Spec §2: this form ships within Canada only. */}
          <select id={id('country')} className={cn(inputClass, 'h-10')} {...register('country')}>
            <option value="CA">{t('shipment.countryCanada')}</option>
          </select>
        </Field>
        <Field label={label('phone')} error={error('phone')} check={check('phone')}>
          <Input id={id('phone')} type="tel" autoComplete={`section-${party} tel`} {...register('phone')} />
        </Field>
        <Field label={label('email')} optional={optional} error={error('email')} check={check('email')}>
          <Input id={id('email')} type="email" autoComplete={`section-${party} email`} {...register('email')} />
        </Field>
      </div>
    </Card>
  );
}

/** ProvinceSelect bound to the form; takes id, class and aria attributes from the surrounding Field. */
function ProvinceControl({
  id,
  control,
  name,
  onEdited,
  className,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
}: {
  id: string;
  control: Control<ShipmentForm>;
  name: `${Party}.province`;
  /** The user chose a province (not the form's own setValue). */
  onEdited: () => void;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const { field } = useController({ control, name });
  return (
    <ProvinceSelect
      id={id}
      value={field.value}
      onChange={(value) => {
        field.onChange(value);
        onEdited();
      }}
      invalid={invalid}
      aria-describedby={describedBy}
      className={className}
    />
  );
}
