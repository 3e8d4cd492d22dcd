import { useController, type Control, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TAddress } from '../../../../shared/contracts/addresses';
import { AiAssistBox, type AiFilledFields } from '../../../components/ai-assist-box';
import { ProvinceSelect } from '../../../components/province-select';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, inputClass } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import type { Party, PartyForm, ShipmentForm } from '../shipment-draft';
import { AddressBookPicker } from './address-book-picker';
import { fieldErrorText } from './form-error';

/**
 * Sender or receiver: contact and Canadian address, with a picker from the address book and the
 * AI assistant box for this party (in its own card, so it sits next to the fields it fills).
 */
export function PartyFields({
  party,
  form,
  onPickAddress,
  onAiFill,
}: {
  party: Party;
  form: UseFormReturn<ShipmentForm>;
  onPickAddress: (address: TAddress) => void;
  onAiFill: (fields: AiFilledFields) => void;
}) {
  const { t, i18n } = useTranslation();
  const {
    register,
    control,
    formState: { errors },
  } = form;
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
        <AddressBookPicker label={t('shipment.addressBook.chooseFor', { party: title })} onPick={onPickAddress} />
      </div>
      <AiAssistBox mode={party} onFill={onAiFill} className="mx-6 mt-6" />
      <div className="grid items-start gap-4 p-6 sm:grid-cols-2">
        <Field label={label('firstName')} error={error('firstName')}>
          <Input
            id={id('first-name')}
            autoComplete={`section-${party} given-name`}
            {...register(`${party}.firstName`)}
          />
        </Field>
        <Field label={label('lastName')} error={error('lastName')}>
          <Input
            id={id('last-name')}
            autoComplete={`section-${party} family-name`}
            {...register(`${party}.lastName`)}
          />
        </Field>
        <Field label={label('company')} optional={optional} error={error('company')} className="sm:col-span-2">
          <Input id={id('company')} autoComplete={`section-${party} organization`} {...register(`${party}.company`)} />
        </Field>
        <Field label={label('address1')} error={error('address1')} className="sm:col-span-2">
          <Input
            id={id('address1')}
            autoComplete={`section-${party} address-line1`}
            {...register(`${party}.address1`)}
          />
        </Field>
        <Field label={label('address2')} optional={optional} error={error('address2')} className="sm:col-span-2">
          <Input
            id={id('address2')}
            autoComplete={`section-${party} address-line2`}
            {...register(`${party}.address2`)}
          />
        </Field>
        <Field label={label('city')} error={error('city')}>
          <Input id={id('city')} autoComplete={`section-${party} address-level2`} {...register(`${party}.city`)} />
        </Field>
        <Field label={label('province')} error={error('province')}>
          <ProvinceControl id={id('province')} control={control} name={`${party}.province`} />
        </Field>
        <Field label={label('postalCode')} error={error('postalCode')}>
          <Input
            id={id('postal-code')}
            autoComplete={`section-${party} postal-code`}
            {...register(`${party}.postalCode`)}
          />
        </Field>
        <Field label={label('country')} error={error('country')}>
          {/* Spec §2: this form ships within Canada only. */}
          <select id={id('country')} className={cn(inputClass, 'h-10')} {...register(`${party}.country`)}>
            <option value="CA">{t('shipment.countryCanada')}</option>
          </select>
        </Field>
        <Field label={label('phone')} error={error('phone')}>
          <Input id={id('phone')} type="tel" autoComplete={`section-${party} tel`} {...register(`${party}.phone`)} />
        </Field>
        <Field label={label('email')} optional={optional} error={error('email')}>
          <Input
            id={id('email')}
            type="email"
            autoComplete={`section-${party} email`}
            {...register(`${party}.email`)}
          />
        </Field>
      </div>
    </Card>
  );
}

/** ProvinceSelect bound to the form; takes id and aria attributes from the surrounding Field. */
function ProvinceControl({
  id,
  control,
  name,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
}: {
  id: string;
  control: Control<ShipmentForm>;
  name: `${Party}.province`;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const { field } = useController({ control, name });
  return (
    <ProvinceSelect
      id={id}
      value={field.value}
      onChange={field.onChange}
      invalid={invalid}
      aria-describedby={describedBy}
    />
  );
}
