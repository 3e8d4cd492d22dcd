import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TAdminUser, TDiscount } from '../../../../shared/contracts/admin';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { renderText } from '../../../lib/error-message';
import { dismissToasts, toast } from '../../../lib/toast';
import { adminUsersQuery, useCreateDiscount, useUpdateDiscount } from '../pricing-api';
import {
  checkDiscountUpdate,
  checkNewDiscount,
  discountToForm,
  discountValueText,
  DISCOUNT_FIELDS,
  EMPTY_DISCOUNT_FORM,
  hasProblems,
  serverProblems,
  userName,
  type DiscountField,
  type DiscountForm,
  type FieldProblems,
} from '../pricing-format';
import { CustomerPicker } from './customer-picker';
import { PricingDialog } from './pricing-dialog';
import { serverMessageRef, successRef, useLang } from './pricing-ui';

export type DiscountDialogMode = { kind: 'create' } | { kind: 'edit'; discount: TDiscount } | null;

const TOAST_TAG = 'admin.discounts.save';

/**
 * Create or edit a discount (spec §2 Discounts tab, §5 Discounts): the customer (create only, a
 * searchable picker), type, value, description, valid from / to, active. The server's field
 * messages show under their fields.
 */
export function DiscountDialog({ mode, onClose }: { mode: DiscountDialogMode; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateDiscount();
  const update = useUpdateDiscount();
  const editing = mode?.kind === 'edit';
  return (
    <PricingDialog
      open={mode !== null}
      onClose={onClose}
      busy={create.isPending || update.isPending}
      title={editing ? t('admin.discounts.dialog.editTitle') : t('admin.discounts.dialog.createTitle')}
      description={
        editing ? t('admin.discounts.dialog.editDescription') : t('admin.discounts.dialog.createDescription')
      }
      testId="discount-dialog"
    >
      {mode ? (
        <DiscountFormBody
          key={mode.kind === 'edit' ? mode.discount.id : 'create'}
          discount={mode.kind === 'edit' ? mode.discount : null}
          create={create}
          update={update}
          onClose={onClose}
        />
      ) : null}
    </PricingDialog>
  );
}

function DiscountFormBody({
  discount,
  create,
  update,
  onClose,
}: {
  discount: TDiscount | null;
  create: ReturnType<typeof useCreateDiscount>;
  update: ReturnType<typeof useUpdateDiscount>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const uid = useId();
  const users = useQuery({ ...adminUsersQuery, enabled: discount === null });
  const [customer, setCustomer] = useState<TAdminUser | null>(null);
  const [form, setForm] = useState<DiscountForm>(discount ? discountToForm(discount) : EMPTY_DISCOUNT_FORM);
  const [problems, setProblems] = useState<FieldProblems<DiscountField>>({});
  const pending = create.isPending || update.isPending;
  const fieldId = (field: DiscountField) => `${uid}-${field}`;

  const set = <K extends keyof DiscountForm>(key: K, value: DiscountForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setProblems((p) => {
      const next = { ...p, [key]: undefined };
      // The order message sits under 'valid to' but is about both dates.
      if (key === 'validFrom') next.validTo = undefined;
      if (key === 'discountType') next.discountValue = undefined;
      return next;
    });
  };

  const focusFirst = (found: FieldProblems<DiscountField>) => {
    const first = DISCOUNT_FIELDS.find((f) => found[f]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = discount ? checkDiscountUpdate(form, discount) : checkNewDiscount(form, customer);
    if (!checked.ok) {
      setProblems(checked.problems);
      focusFirst(checked.problems);
      return;
    }
    setProblems({});
    dismissToasts(TOAST_TAG);
    try {
      const answer = discount
        ? await update.mutateAsync({ id: discount.id, body: checked.body })
        : await create.mutateAsync({
            ...checked.body,
            userId: customer?.id ?? '',
            organizationId: customer?.organization?.id ?? null,
          });
      const saved = answer.discount;
      toast({
        title: discount ? { key: 'admin.discounts.updatedTitle' } : { key: 'admin.discounts.createdTitle' },
        description: successRef(discount ? 'admin.discounts.updated' : 'admin.discounts.created', answer.message, {
          value: discountValueText(saved, lang),
          name: userName(saved.user),
        }),
        variant: 'success',
        tag: TOAST_TAG,
      });
      onClose();
    } catch (error) {
      const found = serverProblems(isApiError(error) ? error.fieldErrors : undefined, DISCOUNT_FIELDS);
      if (hasProblems(found)) {
        setProblems(found);
        focusFirst(found);
      }
      toast({
        title: { key: discount ? 'admin.discounts.updateFailed' : 'admin.discounts.createFailed' },
        description: serverMessageRef(error, 'admin.discounts.saveFailedHint'),
        variant: 'destructive',
        tag: TOAST_TAG,
      });
    }
  };

  const problem = (field: DiscountField) => (problems[field] ? renderText(problems[field], t) : undefined);
  const percentage = form.discountType === 'percentage';

  return (
    <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate data-testid="discount-form">
      {discount ? (
        <div className="rounded-lg bg-slate-50 px-4 py-3 text-sm" data-testid="discount-customer">
          <p className="text-slate-600">{t('admin.discounts.dialog.customer')}</p>
          <p className="font-medium text-slate-900">{userName(discount.user)}</p>
          <p className="wrap-anywhere text-slate-600">{discount.user.email}</p>
          {discount.organization ? <p className="text-slate-600">{discount.organization.name}</p> : null}
        </div>
      ) : (
        <div className="grid gap-1.5">
          <label htmlFor={fieldId('userId')} className="text-sm font-medium text-slate-800">
            {t('admin.discounts.dialog.customer')}
          </label>
          <CustomerPicker
            id={fieldId('userId')}
            nextFieldId={fieldId('discountType')}
            users={users.data ?? []}
            loading={users.isPending}
            loadFailed={users.isError}
            value={customer}
            onChange={(user) => {
              setCustomer(user);
              setProblems((p) => ({ ...p, userId: undefined }));
            }}
            error={problem('userId')}
            disabled={pending}
          />
        </div>
      )}

      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('admin.discounts.dialog.type')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {(['percentage', 'fixed_amount'] as const).map((type, i) => (
            <label
              key={type}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600',
                form.discountType === type
                  ? 'border-indigo-600 bg-indigo-50 text-indigo-900'
                  : 'border-slate-300 text-slate-800 hover:bg-slate-50',
              )}
            >
              <input
                type="radio"
                name={`${uid}-type`}
                id={i === 0 ? fieldId('discountType') : undefined}
                value={type}
                checked={form.discountType === type}
                onChange={() => set('discountType', type)}
                disabled={pending}
                className="size-4 accent-indigo-600"
                data-testid={`discount-type-${type}`}
              />
              {t(`admin.discounts.types.${type}`)}
            </label>
          ))}
        </div>
        {problem('discountType') ? (
          <p id={`${fieldId('discountType')}-error`} role="alert" className="text-sm text-red-700">
            {problem('discountType')}
          </p>
        ) : null}
      </fieldset>

      <Field
        label={percentage ? t('admin.discounts.dialog.valuePercent') : t('admin.discounts.dialog.valueFixed')}
        hint={percentage ? t('admin.discounts.dialog.valuePercentHint') : t('admin.discounts.dialog.valueFixedHint')}
        error={problem('discountValue')}
      >
        <Input
          id={fieldId('discountValue')}
          type="number"
          inputMode="decimal"
          min={0}
          max={percentage ? 100 : 10000}
          step={percentage ? 0.1 : 0.01}
          value={form.discountValue}
          onChange={(e) => set('discountValue', e.target.value)}
          disabled={pending}
          data-testid="discount-value"
        />
      </Field>

      <Field
        label={t('admin.discounts.dialog.description')}
        optional={t('common.optional')}
        error={problem('description')}
      >
        <Input
          id={fieldId('description')}
          value={form.description}
          maxLength={500}
          onChange={(e) => set('description', e.target.value)}
          disabled={pending}
          data-testid="discount-description"
        />
      </Field>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('admin.discounts.dialog.validFrom')}
          optional={t('common.optional')}
          error={problem('validFrom')}
        >
          <Input
            id={fieldId('validFrom')}
            type="date"
            value={form.validFrom}
            onChange={(e) => set('validFrom', e.target.value)}
            disabled={pending}
            data-testid="discount-valid-from"
          />
        </Field>
        <Field label={t('admin.discounts.dialog.validTo')} optional={t('common.optional')} error={problem('validTo')}>
          <Input
            id={fieldId('validTo')}
            type="date"
            value={form.validTo}
            onChange={(e) => set('validTo', e.target.value)}
            disabled={pending}
            data-testid="discount-valid-to"
          />
        </Field>
      </div>
      <p className="-mt-2 text-xs text-slate-600">{t('admin.discounts.dialog.datesHint')}</p>

      <div className="flex items-center justify-between gap-4 rounded-md border border-slate-200 px-3 py-2">
        <label htmlFor={`${uid}-active`} className="text-sm">
          <span className="block font-medium text-slate-800">{t('admin.discounts.dialog.active')}</span>
          <span className="block text-xs text-slate-600">{t('admin.discounts.dialog.activeHint')}</span>
        </label>
        <Switch
          id={`${uid}-active`}
          checked={form.isActive}
          onCheckedChange={(checked) => set('isActive', checked)}
          disabled={pending}
          data-testid="discount-active"
        />
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          {t('admin.discounts.dialog.cancel')}
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending || undefined} data-testid="discount-submit">
          {pending
            ? t('admin.discounts.dialog.saving')
            : discount
              ? t('admin.discounts.dialog.save')
              : t('admin.discounts.dialog.create')}
        </Button>
      </div>
    </form>
  );
}
