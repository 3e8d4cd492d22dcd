import { useFieldArray, useController, type Control, type UseFormReturn } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  CONTENTS_TYPES,
  CUSTOMS_MAX_ITEMS,
  NON_DELIVERY,
  type TExchangeRate,
} from '../../../../shared/contracts/customs';
import { COUNTRY_CODES } from '../../../../shared/countries';
import { CURRENCIES, CUSMA_COUNTRIES, canQualifyUnderCusma } from '../../../../shared/customs';
import { CountrySelect } from '../../../components/country-select';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, inputClass } from '../../../components/ui/input';
import { api } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';
import { cn } from '../../../lib/cn';
import { emptyCustomsItem, parseDecimal, type CustomsItemField, type ShipmentForm } from '../shipment-draft';
import { fieldErrorText } from './form-error';

/** Origins: the CUSMA countries first (Canada, the United States, Mexico), then every country by name. */
const ORIGIN_CODES = [
  ...CUSMA_COUNTRIES,
  ...COUNTRY_CODES.filter((c) => !(CUSMA_COUNTRIES as readonly string[]).includes(c)),
];

/** GET /api/exchange-rate: the CAD price of a US dollar customs values are converted at (an admin's setting). */
export const exchangeRateQueryOptions = {
  queryKey: ['exchange-rate'] as const,
  queryFn: () => api.get<TExchangeRate>('/api/exchange-rate'),
  staleTime: 5 * 60_000,
};

/** The element id of a customs field (create-shipment-page focuses fields by it). */
export const customsFieldId = (field: string, index?: number) =>
  index === undefined ? `customs-${field}` : `customs-item-${index}-${field}`;

/**
 * The customs declaration of a parcel leaving Canada (issue 25, decision 029): contents type,
 * currency (with the CAD/USD rate the server converts at), who pays the duties (DDP to the United
 * States, DDU elsewhere for now), what a postal service does with an undeliverable parcel, and one
 * line per kind of goods. Rows are added and removed with buttons (keyboard: Tab, Enter); focus
 * goes to the new row, or to the add button after a removal.
 */
export function CustomsFields({ form }: { form: UseFormReturn<ShipmentForm> }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'customs.items' });
  const country = (form.watch('receiver.country') ?? '').toUpperCase();
  const us = country === 'US';
  const currency = form.watch('customs.currency');
  const items = form.watch('customs.items');
  const packageLb = parseDecimal(form.watch('package.weight') ?? '');
  const rate = useQuery(exchangeRateQueryOptions);

  const err = errors.customs;
  const headError = (field: 'contentsType' | 'currency' | 'incoterm' | 'nonDelivery') =>
    fieldErrorText(err?.[field], t, language);
  const itemError = (i: number, field: CustomsItemField) => fieldErrorText(err?.items?.[i]?.[field], t, language);

  const totalValue = items.reduce(
    (sum, item) => sum + (parseDecimal(item.quantity) ?? 0) * (parseDecimal(item.unitValue) ?? 0),
    0,
  );
  const totalLb = items.reduce(
    (sum, item) => sum + (parseDecimal(item.quantity) ?? 0) * (parseDecimal(item.weight) ?? 0),
    0,
  );
  const number = new Intl.NumberFormat(language === 'zh' ? 'zh-CN' : 'en-CA', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });

  const rateText = rate.data
    ? t('customs.rate', { rate: rate.data.cadPerUsd, date: formatDate(rate.data.setAt, language) })
    : rate.isError
      ? t('customs.rateFailed')
      : t('customs.rateLoading');

  const addItem = () => {
    append(emptyCustomsItem(), { shouldFocus: false });
    // The new row's description, once it is on the page.
    requestAnimationFrame(() => document.getElementById(customsFieldId('description', fields.length))?.focus());
  };
  const removeItem = (i: number) => {
    remove(i);
    requestAnimationFrame(() => document.getElementById('customs-add-item')?.focus());
  };

  return (
    <Card data-testid="customs-form" aria-labelledby="customs-title">
      <div className="border-b border-slate-200 px-6 py-4">
        <h2 id="customs-title" className="text-base font-semibold text-slate-900">
          {t('customs.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('customs.description')}</p>
      </div>
      <div className="grid items-start gap-4 p-6 sm:grid-cols-2 lg:grid-cols-4">
        <Field label={t('customs.contentsType')} error={headError('contentsType')}>
          <select
            id={customsFieldId('contents-type')}
            className={cn(inputClass, 'h-10 pr-8')}
            {...register('customs.contentsType')}
          >
            {CONTENTS_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`customs.contents.${type}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('customs.currency')} hint={rateText} error={headError('currency')}>
          <select
            id={customsFieldId('currency')}
            className={cn(inputClass, 'h-10 pr-8')}
            {...register('customs.currency')}
          >
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {t(`customs.currencies.${c}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={t('customs.incoterm')}
          hint={us ? t('customs.incotermUsHint') : t('customs.incotermAbroadHint')}
          error={headError('incoterm')}
        >
          <select
            id={customsFieldId('incoterm')}
            className={cn(inputClass, 'h-10 pr-8')}
            {...register('customs.incoterm')}
          >
            {/* The server takes DDP to the US and DDU elsewhere (decision 029): the other choice is shown, not offered. */}
            <option value="DDP" disabled={!us}>
              {us ? t('customs.incoterms.DDP') : t('customs.incotermDdpUsOnly')}
            </option>
            <option value="DDU" disabled={us}>
              {t('customs.incoterms.DDU')}
            </option>
          </select>
        </Field>
        <Field label={t('customs.nonDelivery')} hint={t('customs.nonDeliveryHint')} error={headError('nonDelivery')}>
          <select
            id={customsFieldId('non-delivery')}
            className={cn(inputClass, 'h-10 pr-8')}
            {...register('customs.nonDelivery')}
          >
            {NON_DELIVERY.map((choice) => (
              <option key={choice} value={choice}>
                {t(`customs.nonDeliveryChoices.${choice}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>

      <div className="grid gap-4 border-t border-slate-200 px-6 py-6">
        <ol className="grid gap-4" aria-label={t('customs.itemsLabel')}>
          {fields.map((row, i) => {
            const id = (field: string) => customsFieldId(field, i);
            const origin = (items[i]?.originCountry ?? '').toUpperCase();
            const cusmaPossible = canQualifyUnderCusma(origin);
            const cusmaError = itemError(i, 'cusmaQualifying');
            return (
              <li key={row.id} className="rounded-lg border border-slate-200 p-4" data-testid="customs-item">
                <fieldset className="grid min-w-0 items-start gap-4 sm:grid-cols-2 lg:grid-cols-6">
                  <legend className="mb-2 flex w-full flex-wrap items-center justify-between gap-2 text-sm font-semibold text-slate-900">
                    <span>{t('customs.item', { n: i + 1 })}</span>
                  </legend>
                  <Field
                    label={t('customs.itemDescription')}
                    hint={t('customs.itemDescriptionHint')}
                    error={itemError(i, 'description')}
                    className="sm:col-span-2 lg:col-span-3"
                  >
                    <Input
                      id={id('description')}
                      maxLength={100}
                      placeholder={t('customs.itemDescriptionPlaceholder')}
                      {...register(`customs.items.${i}.description`)}
                    />
                  </Field>
                  <Field
                    label={t('customs.hsCode')}
                    hint={us ? t('customs.hsCodeUsHint') : t('customs.hsCodeHint')}
                    error={itemError(i, 'hsCode')}
                    className="lg:col-span-3"
                  >
                    <Input
                      id={id('hs-code')}
                      inputMode="numeric"
                      autoComplete="off"
                      {...register(`customs.items.${i}.hsCode`)}
                    />
                  </Field>
                  <Field label={t('customs.origin')} error={itemError(i, 'originCountry')} className="lg:col-span-2">
                    <OriginControl
                      id={id('origin-country')}
                      control={control}
                      index={i}
                      onEdited={(code) => {
                        // CUSMA applies to goods of Canada, the US and Mexico only: another origin clears it.
                        if (!canQualifyUnderCusma(code))
                          form.setValue(`customs.items.${i}.cusmaQualifying`, false, { shouldDirty: true });
                      }}
                    />
                  </Field>
                  <Field label={t('customs.quantity')} error={itemError(i, 'quantity')}>
                    <Input
                      id={id('quantity')}
                      inputMode="numeric"
                      autoComplete="off"
                      {...register(`customs.items.${i}.quantity`)}
                    />
                  </Field>
                  <Field label={t('customs.unitValue', { currency })} error={itemError(i, 'unitValue')}>
                    <Input
                      id={id('unit-value')}
                      inputMode="decimal"
                      autoComplete="off"
                      {...register(`customs.items.${i}.unitValue`)}
                    />
                  </Field>
                  <Field label={t('customs.weight')} error={itemError(i, 'weight')} className="lg:col-span-2">
                    <Input
                      id={id('weight')}
                      inputMode="decimal"
                      autoComplete="off"
                      {...register(`customs.items.${i}.weight`)}
                    />
                  </Field>
                  <div className="grid gap-1.5 sm:col-span-2 lg:col-span-6">
                    {cusmaPossible ? (
                      <label
                        htmlFor={id('cusma-qualifying')}
                        className="flex cursor-pointer items-start gap-2 text-sm text-slate-700"
                      >
                        <input
                          id={id('cusma-qualifying')}
                          type="checkbox"
                          className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                          aria-invalid={cusmaError ? true : undefined}
                          aria-describedby={cusmaError ? `${id('cusma-qualifying')}-error` : undefined}
                          {...register(`customs.items.${i}.cusmaQualifying`)}
                        />
                        <span>{t('customs.cusma')}</span>
                      </label>
                    ) : (
                      <p className="text-xs text-slate-500">{t('customs.cusmaNotApplicable')}</p>
                    )}
                    {cusmaError ? (
                      <p id={`${id('cusma-qualifying')}-error`} role="alert" className="text-sm text-red-700">
                        {cusmaError}
                      </p>
                    ) : null}
                  </div>
                  {fields.length > 1 ? (
                    <div className="sm:col-span-2 lg:col-span-6">
                      <Button
                        type="button"
                        variant="secondary"
                        size="sm"
                        onClick={() => removeItem(i)}
                        data-testid="customs-remove-item"
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                        {t('customs.removeItem', { n: i + 1 })}
                      </Button>
                    </div>
                  ) : null}
                </fieldset>
              </li>
            );
          })}
        </ol>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button
            id="customs-add-item"
            type="button"
            variant="secondary"
            onClick={addItem}
            disabled={fields.length >= CUSTOMS_MAX_ITEMS}
            data-testid="customs-add-item"
          >
            <Plus className="size-4" aria-hidden="true" />
            {t('customs.addItem')}
          </Button>
          <p className="text-sm text-slate-700" aria-live="polite" data-testid="customs-totals">
            {packageLb !== null
              ? t('customs.totalsWithPackage', {
                  value: number.format(totalValue),
                  currency,
                  weight: number.format(totalLb),
                  package: number.format(packageLb),
                })
              : t('customs.totals', { value: number.format(totalValue), currency, weight: number.format(totalLb) })}
          </p>
        </div>
      </div>
    </Card>
  );
}

/** An item's country of origin, bound to the form; takes id and aria attributes from the surrounding Field. */
function OriginControl({
  id,
  control,
  index,
  onEdited,
  className,
  'aria-invalid': invalid,
  'aria-describedby': describedBy,
}: {
  id: string;
  control: Control<ShipmentForm>;
  index: number;
  onEdited: (code: string) => void;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const { field } = useController({ control, name: `customs.items.${index}.originCountry` });
  return (
    <CountrySelect
      id={id}
      codes={ORIGIN_CODES}
      first={3}
      ref={field.ref}
      value={field.value.toUpperCase()}
      onChange={(value) => {
        field.onChange(value);
        onEdited(value);
      }}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      className={className}
    />
  );
}
