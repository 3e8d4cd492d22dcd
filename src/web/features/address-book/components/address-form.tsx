import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useController, useForm } from 'react-hook-form';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RECIPIENT_LANGUAGES, type TAddress } from '../../../../shared/contracts/addresses';
import { AddressFields } from '../../../components/address-fields';
import { provinceFits } from '../../../components/address-rules';
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
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { formMessageText } from '../../../components/ui/form-message';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input, inputClass } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/error-message';
import { useCreateAddress, useUpdateAddress } from '../../../lib/queries/addresses';
import { toast } from '../../../lib/toast';
import {
  ADDRESS_FORM_FIELDS,
  addressResolver,
  addressToFormValues,
  EMPTY_ADDRESS_FORM,
  formValuesToRequest,
  serverFieldMessage,
  type AddressFormField,
  type AddressFormValues,
} from '../address-schema';

/** The address book takes Canadian and US addresses (the assistant refuses others). */
const ADDRESS_COUNTRIES = ['CA', 'US'] as const;

/** Where a field the assistant guessed lands on this form: first and last name on the one name field. */
function addressTarget(field: AiFilledField): AddressFormField[] {
  if (field === 'firstName' || field === 'lastName') return ['name'];
  return [field];
}

/** A field's element id (see AddressFields): focus goes to the first one to check. */
const fieldElementId = (field: AddressFormField) => `address-${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** Create (no address) or edit form; calls onDone after a save or a cancel. */
export function AddressForm({ address, onDone }: { address?: TAddress; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const switchId = useId();
  const editing = Boolean(address);
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const pending = create.isPending || update.isPending;

  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    clearErrors,
    setFocus,
    watch,
    formState: { errors },
  } = useForm<AddressFormValues>({
    resolver: addressResolver,
    defaultValues: address ? addressToFormValues(address) : EMPTY_ADDRESS_FORM,
    // Registration order differs from screen order (the province controller registers first).
    shouldFocusError: false,
  });
  const country = watch('country');
  const { field: provinceField } = useController({ control, name: 'province' });

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  // Fields the assistant guessed, shown for a check until the user edits them or fills again.
  const [checks, setChecks] = useState<AiChecks<AddressFormField>>({});
  const clearCheck = (field: AddressFormField) =>
    setChecks((current) => {
      if (!(field in current)) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  const check = (field: AddressFormField) => aiCheckNote(checks[field], t);
  // The user's own edit of a field ends its check (setValue does not call this).
  const registerChecked = (field: Exclude<AddressFormField, 'isDefault' | 'province'>) =>
    register(field, { onChange: () => clearCheck(field) });

  // What the last fill set: a new fill clears those the user has not changed since (not the country).
  const lastFill = useRef<Partial<Record<AddressFormField, string>>>({});

  const onFill = (fields: AiFilledFields, review: AiReview): AiFillResult => {
    // A new fill replaces the last one's values the user has not changed; a correction alone ("sorry,
    // postal code is …": no name, no street) amends it.
    const before = getValues();
    const amends = !isWholeFill(fields);
    if (!amends) {
      for (const [field, value] of Object.entries(lastFill.current) as [AddressFormField, string][]) {
        if (field !== 'country' && before[field] === value) setValue(field, '', { shouldDirty: true });
      }
    }
    const setNow: Partial<Record<AddressFormField, string>> = {};
    const set = (field: AddressFormField, value: string | undefined) => {
      if (value === undefined) return;
      setValue(field, value, { shouldDirty: true });
      clearErrors(field);
      setNow[field] = value;
    };
    const name = fields.name || [fields.firstName, fields.lastName].filter(Boolean).join(' ') || undefined;
    if (fields.country === 'CA' || fields.country === 'US') set('country', fields.country);
    set('name', name);
    set('company', fields.company);
    set('address1', fields.address1);
    set('address2', fields.address2);
    set('city', fields.city);
    set('province', fields.province);
    set('postalCode', fields.postalCode);
    set('phone', fields.phone);
    set('email', fields.email);
    const filled = getValues();
    const next = aiChecks(review, addressTarget);
    for (const field of Object.keys(next) as AddressFormField[]) if (!filled[field]) delete next[field];
    setChecks(next);
    lastFill.current = amends ? { ...lastFill.current, ...setNow } : setNow;
    const first = ADDRESS_FORM_FIELDS.find((field) => field in next);
    return { marked: Object.keys(next).length, firstCheckId: first && fieldElementId(first) };
  };

  const onCountryChange = (next: 'CA' | 'US') => {
    if (!provinceFits(next, getValues('province'))) setValue('province', '');
  };

  const focusFirstError = (invalid: Partial<Record<AddressFormField, unknown>>) => {
    const first = ADDRESS_FORM_FIELDS.find((field) => invalid[field]);
    if (first) setFocus(first);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (address) {
        await update.mutateAsync({ id: address.id, body: formValuesToRequest(values) });
        toast({ title: t('addressBook.updated'), variant: 'success' });
      } else {
        await create.mutateAsync(formValuesToRequest(values));
        toast({ title: t('addressBook.created'), variant: 'success' });
      }
      onDone();
    } catch (error) {
      // Every field the server refused gets its message at once, in the interface language.
      const fieldErrors = isApiError(error) ? error.fieldErrors : undefined;
      const refused = ADDRESS_FORM_FIELDS.filter((field) => fieldErrors?.[field]?.length);
      for (const field of refused) {
        setError(field, { type: 'server', message: serverFieldMessage(field, values) });
      }
      const focused = refused.length > 0;
      if (focused) setFocus(refused[0]!);
      toast({
        title: t(address ? 'addressBook.updateFailed' : 'addressBook.createFailed'),
        description: focused ? t('addressBook.saveFailedHint') : errorMessage(error, t),
        variant: 'destructive',
      });
    }
  }, focusFirstError);

  // Messages are translation keys with their values (see addressProblems).
  const err = (field: AddressFormField) => formMessageText(errors[field]?.message, t, i18n.language);
  const optional = t('common.optional');

  return (
    <Card className="p-4 sm:p-6" aria-labelledby="address-form-title" data-testid="address-form">
      <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2
            id="address-form-title"
            ref={headingRef}
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900 outline-none"
          >
            {editing ? t('addressBook.form.editTitle') : t('addressBook.form.createTitle')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('addressBook.form.description')}</p>
        </div>
        <Button variant="ghost" size="sm" onClick={onDone} disabled={pending}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('addressBook.form.back')}
        </Button>
      </div>

      <AiAssistBox mode="address" countries={ADDRESS_COUNTRIES} onFill={onFill} className="mb-6" />

      <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-labelledby="address-form-title">
        <div className="grid gap-5 sm:grid-cols-2">
          <AddressFields
            idPrefix="address"
            labels="addressBook.form"
            countryNames="addressBook.countries"
            address2Hint={t('addressBook.form.address2Hint')}
            register={registerChecked}
            countryInput={register('country', {
              onChange: (e) => {
                clearCheck('country');
                onCountryChange(e.target.value);
              },
            })}
            country={country}
            province={{
              ...provinceField,
              onChange: (value) => {
                provinceField.onChange(value);
                clearCheck('province');
              },
            }}
            error={err}
            check={check}
          />
          <Field label={t('addressBook.form.phone')} error={err('phone')} check={check('phone')}>
            <Input id="address-phone" type="tel" autoComplete="tel" {...registerChecked('phone')} />
          </Field>
          <Field label={t('addressBook.form.email')} optional={optional} error={err('email')} check={check('email')}>
            <Input id="address-email" type="email" autoComplete="email" {...registerChecked('email')} />
          </Field>
        </div>

        <div className="flex items-start gap-3 rounded-lg border border-slate-200 p-4">
          <Controller
            control={control}
            name="isDefault"
            render={({ field }) => (
              <Switch
                id={switchId}
                ref={field.ref}
                checked={field.value}
                onCheckedChange={field.onChange}
                aria-describedby={`${switchId}-hint`}
                data-testid="address-default-switch"
              />
            )}
          />
          <div className="grid gap-0.5">
            <label htmlFor={switchId} className="cursor-pointer text-sm font-medium text-slate-800">
              {t('addressBook.form.isDefault')}
            </label>
            <p id={`${switchId}-hint`} className="text-xs text-slate-500">
              {t('addressBook.form.isDefaultHint')}
            </p>
          </div>
        </div>

        <div className="grid gap-3 rounded-lg border border-slate-200 p-4">
          <Checkbox
            id="address-notify-recipient"
            label={t('addressBook.form.notifyRecipient')}
            aria-describedby="address-notify-recipient-hint"
            {...register('notifyRecipient')}
          />
          <p id="address-notify-recipient-hint" className="text-xs text-slate-500">
            {t('addressBook.form.notifyRecipientHint')}
          </p>
          {watch('notifyRecipient') ? (
            <div className="max-w-xs">
              <Field label={t('addressBook.form.language')}>
                <select id="address-language" className={cn(inputClass, 'h-10 pr-8')} {...register('language')}>
                  {RECIPIENT_LANGUAGES.map((lang) => (
                    <option key={lang} value={lang}>
                      {t(`shipment.recipientMail.languages.${lang}`)}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
          ) : null}
        </div>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onDone} disabled={pending}>
            {t('addressBook.form.cancel')}
          </Button>
          <Button type="submit" disabled={pending} aria-busy={pending || undefined} data-testid="address-save">
            {pending ? t('addressBook.form.saving') : t('addressBook.form.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
