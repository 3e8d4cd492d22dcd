import { useRef, useState, type ReactNode } from 'react';
import { useController, type Control, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TAddress } from '../../../../shared/contracts/addresses';
import {
  isWholeFill,
  aiCheckNote,
  aiChecks,
  AiAssistBox,
  type AiChecks,
  type AiFillResult,
  type AiFilledField,
  type AiFilledFields,
  type AiReview,
} from '../../../components/ai-assist-box';
import { CountrySelect } from '../../../components/country-select';
import { ProvinceSelect } from '../../../components/province-select';
import { DESTINATION_COUNTRIES, isUsRegionCode, usesPostalCode } from '../../../../shared/countries';
import { isProvinceCode } from '../../../../shared/provinces';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, inputClass } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { defaultIncoterm, type Party, type PartyForm, type ShipmentForm } from '../shipment-draft';
import { AddressBookPicker } from './address-book-picker';
import { fieldErrorText } from './form-error';

type PartyField = keyof PartyForm;

/** The fields in screen order, with their element ids (focus goes to the first one to check). */
const SCREEN_ORDER: [PartyField, string][] = [
  ['firstName', 'first-name'],
  ['lastName', 'last-name'],
  ['company', 'company'],
  ['address1', 'address1'],
  ['address2', 'address2'],
  ['city', 'city'],
  ['country', 'country'],
  ['province', 'province'],
  ['postalCode', 'postal-code'],
  ['phone', 'phone'],
  ['email', 'email'],
];

/** What the party's last AI fill set, kept for the tab's session so a reload does not lose it (see aiFill). */
const lastFillKey = (party: Party) => `voyageur.shipment.aiFill.${party}`;

function loadLastFill(party: Party): Partial<PartyForm> {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(lastFillKey(party)) ?? '{}');
    return typeof value === 'object' && value !== null ? (value as Partial<PartyForm>) : {};
  } catch {
    return {};
  }
}

function saveLastFill(party: Party, values: Partial<PartyForm>): void {
  try {
    sessionStorage.setItem(lastFillKey(party), JSON.stringify(values));
  } catch {
    /* storage full or blocked: a reload then keeps what the last fill set */
  }
}

/**
 * Where a field the assistant guessed lands on this form: a name on both name fields; the country
 * only on the receiver (the sender ships from Canada).
 */
function partyTarget(party: Party) {
  return (field: AiFilledField): PartyField[] => {
    if (field === 'name') return ['firstName', 'lastName'];
    if (field === 'country') return party === 'receiver' ? ['country'] : [];
    return [field];
  };
}

/**
 * Sender or receiver: contact and address, with a picker from the address book and the AI assistant
 * box for this party (in its own card, so it sits next to the fields it fills). Fields the assistant
 * guessed are marked for a check until the user edits them or fills the party again. The sender is
 * in Canada; the receiver may be anywhere (issue 25): a US receiver takes a state and a ZIP code,
 * another country a region as written and the postal code where it uses one. The assistant fills
 * Canadian and US receivers (decision 029).
 */
const CANADA_ONLY = ['CA'] as const;
const NORTH_AMERICA = ['CA', 'US'] as const;

export function PartyFields({
  party,
  form,
  onPickAddress,
  onAiFill,
  children,
}: {
  party: Party;
  form: UseFormReturn<ShipmentForm>;
  /** Shown at the end of the card (the receiver's mail switch, issue 27). */
  children?: ReactNode;
  onPickAddress: (address: TAddress) => void;
  /** Sets the fill's values on the form and returns them. */
  onAiFill: (fields: AiFilledFields, review: AiReview) => Partial<PartyForm>;
}) {
  const { t, i18n } = useTranslation();
  const {
    register: registerField,
    control,
    getValues,
    setValue,
    formState: { errors, isSubmitted },
  } = form;
  const lastFill = useRef<Partial<PartyForm> | null>(null);
  const setLastFill = (values: Partial<PartyForm>) => {
    lastFill.current = values;
    saveLastFill(party, values);
  };
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
  const aiFill = (fields: AiFilledFields, review: AiReview): AiFillResult => {
    // A new fill replaces the last one: what that one set and the user has not changed since is
    // cleared, so a company or e-mail of an earlier paste does not stay beside the new person.
    // (A correction alone — "sorry, postal code is T5B 1G4": no name, no street — amends the last
    // fill instead: only the fields it gives change.)
    const before = getValues(party);
    const previous = lastFill.current ?? loadLastFill(party);
    const amends = !isWholeFill(fields);
    if (!amends) {
      for (const [field, value] of Object.entries(previous) as [PartyField, unknown][]) {
        if (field !== 'country' && field in before && before[field] === value) {
          setValue(`${party}.${field}`, '', { shouldDirty: true, shouldValidate: isSubmitted });
        }
      }
    }
    const set = onAiFill(fields, review);
    setLastFill(amends ? { ...previous, ...set } : set);
    // Only fields the fill set (a name without a last name leaves that field alone).
    const filled = getValues(party);
    const next = aiChecks(review, partyTarget(party));
    for (const field of Object.keys(next) as PartyField[]) if (!filled[field]) delete next[field];
    setChecks(next);
    const first = SCREEN_ORDER.find(([field]) => field in next);
    return { marked: Object.keys(next).length, firstCheckId: first && id(first[1]) };
  };
  const pickAddress = (address: TAddress) => {
    onPickAddress(address);
    setChecks({});
    // The picked address replaced the fill's values: none of them is the assistant's any more.
    setLastFill({});
  };
  const err = errors[party];
  const error = (field: keyof PartyForm) => fieldErrorText(err?.[field], t, i18n.language);
  const id = (field: string) => `${party}-${field}`;
  const label = (field: string) => t(`shipment.fields.${field}`);
  const optional = t('common.optional');
  const title = t(`shipment.${party}.title`);
  const country = (form.watch(`${party}.country`) ?? 'CA').toUpperCase();
  const us = country === 'US';
  const abroad = country !== 'CA' && !us;
  // A new country: a province or state that does not belong to it is cleared, and the customs
  // section takes the incoterm that destination allows (DDP to the US, DDU elsewhere).
  const changeCountry = (next: string) => {
    const province = getValues(`${party}.province`).trim().toUpperCase();
    const fits = next === 'CA' ? isProvinceCode(province) : next === 'US' ? isUsRegionCode(province) : false;
    const validate = { shouldDirty: true, shouldValidate: isSubmitted };
    if (!fits) setValue(`${party}.province`, '', validate);
    if (party === 'receiver') setValue('customs.incoterm', defaultIncoterm(next), validate);
    clearCheck('country');
  };

  return (
    <Card aria-labelledby={`${party}-title`} data-testid={`${party}-form`}>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-6 py-4">
        <div>
          <h2 id={`${party}-title`} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t(`shipment.${party}.description`)}</p>
        </div>
        <AddressBookPicker
          label={t('shipment.addressBook.chooseFor', { party: title })}
          onPick={pickAddress}
          anyCountry={party === 'receiver'}
        />
      </div>
      <AiAssistBox
        mode={party}
        countries={party === 'receiver' ? NORTH_AMERICA : CANADA_ONLY}
        onFill={aiFill}
        className="mx-6 mt-6"
      />
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
        <Field label={label('country')} error={error('country')} check={check('country')}>
          {party === 'receiver' ? (
            <CountryControl
              id={id('country')}
              control={control}
              name={`${party}.country`}
              autoComplete={`section-${party} country`}
              onEdited={changeCountry}
            />
          ) : (
            // The sender ships from Canada (issue 25 opens the border for the receiver only).
            <select id={id('country')} className={cn(inputClass, 'h-10')} {...register('country')}>
              <option value="CA">{t('shipment.countryCanada')}</option>
            </select>
          )}
        </Field>
        {abroad ? (
          <Field label={label('region')} optional={optional} error={error('province')} check={check('province')}>
            <Input id={id('province')} autoComplete={`section-${party} address-level1`} {...register('province')} />
          </Field>
        ) : (
          <Field label={label(us ? 'state' : 'province')} error={error('province')} check={check('province')}>
            <ProvinceControl
              id={id('province')}
              control={control}
              name={`${party}.province`}
              country={us ? 'US' : 'CA'}
              onEdited={() => clearCheck('province')}
            />
          </Field>
        )}
        <Field
          label={label(us ? 'zip' : 'postalCode')}
          optional={abroad && !usesPostalCode(country) ? optional : undefined}
          hint={us ? t('shipment.hints.zip') : undefined}
          error={error('postalCode')}
          check={check('postalCode')}
        >
          <Input
            id={id('postal-code')}
            autoComplete={`section-${party} postal-code`}
            autoCapitalize="characters"
            {...register('postalCode')}
          />
        </Field>
        <Field label={label('phone')} error={error('phone')} check={check('phone')}>
          <Input id={id('phone')} type="tel" autoComplete={`section-${party} tel`} {...register('phone')} />
        </Field>
        <Field label={label('email')} optional={optional} error={error('email')} check={check('email')}>
          <Input id={id('email')} type="email" autoComplete={`section-${party} email`} {...register('email')} />
        </Field>
      </div>
      {children}
    </Card>
  );
}

/** ProvinceSelect bound to the form; takes id, class and aria attributes from the surrounding Field. */
function ProvinceControl({
  id,
  control,
  name,
  country,
  onEdited,
  className,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
}: {
  id: string;
  control: Control<ShipmentForm>;
  name: `${Party}.province`;
  country: 'CA' | 'US';
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
      country={country}
      territories
      ref={field.ref}
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

/** The receiver's country, bound to the form; takes id and aria attributes from the surrounding Field. */
function CountryControl({
  id,
  control,
  name,
  autoComplete,
  onEdited,
  className,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
}: {
  id: string;
  control: Control<ShipmentForm>;
  name: `${Party}.country`;
  autoComplete: string;
  /** The user chose a country (not the form's own setValue): the new code. */
  onEdited: (country: string) => void;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const { field } = useController({ control, name });
  return (
    <CountrySelect
      id={id}
      codes={DESTINATION_COUNTRIES}
      ref={field.ref}
      value={field.value.toUpperCase()}
      onChange={(value) => {
        field.onChange(value);
        onEdited(value);
      }}
      autoComplete={autoComplete}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      className={className}
      data-testid="receiver-country"
    />
  );
}
