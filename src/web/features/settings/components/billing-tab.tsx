import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useController, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { CheckCircle2, CreditCard, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TBilling } from '../../../../shared/contracts/payments';
import { AddressFields } from '../../../components/address-fields';
import { provinceFits } from '../../../components/address-rules';
import { CardBrandIcon } from '../../../components/card-brand-icon';
import { Banner } from '../../../components/ui/banner';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { formMessageText } from '../../../components/ui/form-message';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { brandNameKey, cardExpiry, isCardExpired, maskedCardNumber } from '../../../lib/card-format';
import { describeError } from '../../../lib/error-message';
import { dismissToasts, toast } from '../../../lib/toast';
import {
  BILLING_FIELDS,
  billingFormValues,
  billingRequest,
  billingResolver,
  serverFieldMessage,
  type BillingField,
  type BillingFormValues,
} from '../billing-address';
import { organizationQuery } from '../api';
import { useBilling, useSaveBillingAddress } from '../billing-api';

const TAG = 'settings.billing.save';
/** The wallet's top-up saves the card it pays with. */
const ADD_CARD_PATH = '/wallet?topup=1';

/** Settings → Billing (DESIGN §9): the default card and the organization's billing address. */
export function BillingTab() {
  const { t } = useTranslation();
  const billing = useBilling();
  if (!billing.data) {
    return (
      <Card data-testid="billing-tab">
        <CardHeader title={t('settings.billing.title')} description={t('settings.billing.description')} />
        <div className="p-6">
          {billing.isError ? (
            <LoadError onRetry={() => void billing.refetch()} retrying={billing.isFetching} />
          ) : (
            <div className="flex justify-center p-4">
              <Spinner />
            </div>
          )}
        </div>
      </Card>
    );
  }
  return (
    <div className="grid gap-6" data-testid="billing-tab">
      <Card aria-labelledby="billing-card-title" data-testid="billing-card">
        <div className="border-b border-slate-200 px-6 py-4">
          <h2 id="billing-card-title" className="text-base font-semibold text-slate-900">
            {t('settings.billing.card.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('settings.billing.card.description')}</p>
        </div>
        <div className="p-6">
          <DefaultCard billing={billing.data} />
        </div>
      </Card>
      <Card aria-labelledby="billing-address-title" data-testid="billing-address">
        <div className="border-b border-slate-200 px-6 py-4">
          <h2 id="billing-address-title" className="text-base font-semibold text-slate-900">
            {t('settings.billing.address.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('settings.billing.address.description')}</p>
        </div>
        <AddressForm saved={billing.data.billingAddress} />
      </Card>
    </div>
  );
}

function LoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3">
      <Banner variant="error">{t('settings.billing.loadFailed')}</Banner>
      <Button variant="secondary" className="w-fit" onClick={onRetry} disabled={retrying}>
        <RotateCw className="size-4" aria-hidden="true" />
        {t('settings.billing.retry')}
      </Button>
    </div>
  );
}

function DefaultCard({ billing }: { billing: TBilling }) {
  const { t } = useTranslation();
  const card = billing.defaultCard;
  if (!card) {
    const none = billing.cardCount === 0;
    return (
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between" data-testid="billing-no-card">
        <div className="flex items-start gap-3 text-sm text-slate-700">
          <CreditCard className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
          <p>
            {none
              ? t('settings.billing.card.none')
              : t('settings.billing.card.noDefault', { count: billing.cardCount })}
          </p>
        </div>
        {none ? (
          <Link to={ADD_CARD_PATH} className={buttonClass('secondary', 'sm', 'w-fit shrink-0')}>
            {t('settings.billing.card.addCard')}
          </Link>
        ) : (
          <Link to="/manage-cards" className={buttonClass('secondary', 'sm', 'w-fit shrink-0')}>
            {t('settings.billing.card.manage')}
          </Link>
        )}
      </div>
    );
  }
  const brand = t(brandNameKey(card.brand));
  const expiry = cardExpiry(card.exp_month, card.exp_year);
  return (
    <div
      className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="billing-default-card"
    >
      <div className="flex min-w-0 items-center gap-4">
        <CardBrandIcon brand={card.brand} />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-mono text-sm font-medium tracking-wide text-slate-900" aria-hidden="true">
              {maskedCardNumber(card.last4)}
            </span>
            <span className="sr-only">{t('cards.cardLabel', { brand, last4: card.last4 })}</span>
            <span className="rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-medium text-indigo-800">
              {t('cards.default')}
            </span>
          </div>
          <p className="mt-1 text-sm text-slate-600">
            {brand}
            <span aria-hidden="true"> · </span>
            {isCardExpired(card.exp_month, card.exp_year) ? (
              <span className="font-medium text-red-700">{t('cards.expired', { expiry })}</span>
            ) : (
              t('cards.expires', { expiry })
            )}
          </p>
          {billing.cardCount > 1 ? (
            <p className="mt-1 text-xs text-slate-500">
              {t('settings.billing.card.others', { count: billing.cardCount - 1 })}
            </p>
          ) : null}
        </div>
      </div>
      <Link
        to="/manage-cards"
        className={buttonClass('secondary', 'sm', 'w-fit shrink-0')}
        data-testid="billing-manage-cards"
      >
        {t('settings.billing.card.manage')}
      </Link>
    </div>
  );
}

function AddressForm({ saved }: { saved: TBilling['billingAddress'] }) {
  const { t, i18n } = useTranslation();
  const save = useSaveBillingAddress();
  const [justSaved, setJustSaved] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    setFocus,
    reset,
    watch,
    formState: { errors, isDirty },
  } = useForm<BillingFormValues>({
    resolver: billingResolver,
    // Mounted once the billing data is there; after a save the form is reset to what the server kept.
    defaultValues: billingFormValues(saved),
    // Registration order differs from screen order (the province controller registers first).
    shouldFocusError: false,
  });
  const country = watch('country');
  const { field: provinceField } = useController({ control, name: 'province' });

  // Before any address is saved, Company starts as the organization's name (the invoices' addressee), to keep
  // or change. A saved address keeps its Company, empty or not: that was the user's choice.
  const organization = useQuery({ ...organizationQuery, enabled: saved === null });
  const organizationName = organization.data?.name.trim() ?? '';
  useEffect(() => {
    if (saved !== null || organizationName === '' || getValues('company').trim() !== '') return;
    setValue('company', organizationName);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once the name is known
  }, [organizationName]);

  const onCountryChange = (next: string) => {
    if (!provinceFits(next, getValues('province'))) setValue('province', '', { shouldDirty: true });
  };

  const focusFirst = (invalid: Partial<Record<BillingField, unknown>>) => {
    const first = BILLING_FIELDS.find((field) => invalid[field]);
    if (first) setFocus(first);
  };

  const onSubmit = handleSubmit(async (values) => {
    dismissToasts(TAG);
    setJustSaved(false);
    try {
      const answer = await save.mutateAsync(billingRequest(values));
      reset(billingFormValues(answer.billingAddress));
      setJustSaved(true);
      toast({ title: { key: 'settings.billing.address.saved' }, variant: 'success', tag: TAG });
    } catch (error) {
      // Every field the server refused gets its message at once, in the interface language.
      const fieldErrors = isApiError(error) ? error.fieldErrors : undefined;
      const refused = BILLING_FIELDS.filter((field) => fieldErrors?.[field]?.length);
      for (const field of refused) {
        setError(field, { type: 'server', message: serverFieldMessage(field, values) });
      }
      if (refused.length > 0) setFocus(refused[0]!);
      toast({
        title: { key: 'settings.billing.address.failed' },
        description: refused.length > 0 ? { key: 'settings.billing.address.fixFields' } : describeError(error),
        variant: 'destructive',
        tag: TAG,
      });
    }
  }, focusFirst);

  const err = (field: BillingField) => formMessageText(errors[field]?.message, t, i18n.language);
  const showSaved = justSaved && !isDirty;

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="grid gap-5 p-6"
      aria-labelledby="billing-address-title"
      data-testid="billing-address-form"
    >
      {saved === null ? (
        <p className="text-sm text-slate-600" data-testid="billing-address-none">
          {t('settings.billing.address.none')}
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <AddressFields
          idPrefix="billing"
          autoCompleteSection="billing"
          labels="settings.billing.address"
          countryNames="settings.billing.address.countries"
          register={register}
          countryInput={register('country', { onChange: (e) => onCountryChange(e.target.value) })}
          country={country}
          province={provinceField}
          error={err}
        />
      </div>
      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-end">
        {showSaved ? (
          <p role="status" className="flex items-center gap-1.5 text-sm text-emerald-700" data-testid="billing-saved">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            {t('settings.billing.address.savedState')}
          </p>
        ) : null}
        <Button
          type="submit"
          disabled={save.isPending || !isDirty}
          aria-busy={save.isPending || undefined}
          data-testid="billing-save"
        >
          {save.isPending ? t('settings.billing.address.saving') : t('settings.billing.address.save')}
        </Button>
      </div>
    </form>
  );
}
