import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TAdminUser, TDiscount } from '../../../../shared/contracts/admin';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { dismissToasts, toast } from '../../../lib/toast';
import { adminUsersQuery, useCreateDiscount, useUpdateDiscount } from '../pricing-api';
import {
  checkDiscountUpdate,
  checkNewDiscount,
  discountToForm,
  discountValueText,
  DISCOUNT_FIELDS,
  EMPTY_DISCOUNT_FORM,
  userName,
  type DiscountField,
  type DiscountForm,
} from '../pricing-format';
import { CustomerPicker } from './customer-picker';
import { CrudFormDialog, CrudFormEnd, useCrudForm } from './crud-dialog';
import type { CrudDialogMode } from './crud-table';
import { successRef, useLang } from './pricing-ui';

const TOAST_TAG = 'admin.discounts.save';

/**
 * Create or edit a discount (spec §2 Discounts tab, §5 Discounts): the customer (create only, a
 * searchable picker), type, value, description, valid from / to, active. The server's field
 * messages show under their fields.
 */
export function DiscountDialog({ mode, onClose }: { mode: CrudDialogMode<TDiscount>; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateDiscount();
  const update = useUpdateDiscount();
  return (
    <CrudFormDialog
      mode={mode}
      onClose={onClose}
      busy={create.isPending || update.isPending}
      titles={{ create: t('admin.discounts.dialog.createTitle'), edit: t('admin.discounts.dialog.editTitle') }}
      descriptions={{
        create: t('admin.discounts.dialog.createDescription'),
        edit: t('admin.discounts.dialog.editDescription'),
      }}
      testId="discount-dialog"
    >
      {(discount) => <DiscountFormBody discount={discount} create={create} update={update} onClose={onClose} />}
    </CrudFormDialog>
  );
}

/** Changing these fields also clears a message under another one. */
function alsoClears(key: keyof DiscountForm): DiscountField[] {
  // The order message sits under 'valid to' but is about both dates.
  if (key === 'validFrom') return ['validTo'];
  if (key === 'discountType') return ['discountValue'];
  return [];
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
  const users = useQuery({ ...adminUsersQuery, enabled: discount === null });
  const [customer, setCustomer] = useState<TAdminUser | null>(null);
  const { uid, form, set, bind, fieldId, problem, show, clear, setProblems, saveFailed } = useCrudForm(
    discount ? discountToForm(discount) : EMPTY_DISCOUNT_FORM,
    DISCOUNT_FIELDS,
    alsoClears,
  );
  const pending = create.isPending || update.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = discount ? checkDiscountUpdate(form, discount) : checkNewDiscount(form, customer);
    if (!checked.ok) {
      show(checked.problems);
      return;
    }
    clear();
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
      saveFailed(error, {
        title: discount ? 'admin.discounts.updateFailed' : 'admin.discounts.createFailed',
        hint: 'admin.discounts.saveFailedHint',
        tag: TOAST_TAG,
      });
    }
  };

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
          {...bind('discountValue')}
          type="number"
          inputMode="decimal"
          min={0}
          max={percentage ? 100 : 10000}
          step={percentage ? 0.1 : 0.01}
          disabled={pending}
          data-testid="discount-value"
        />
      </Field>

      <Field
        label={t('admin.discounts.dialog.description')}
        optional={t('common.optional')}
        error={problem('description')}
      >
        <Input {...bind('description')} maxLength={500} disabled={pending} data-testid="discount-description" />
      </Field>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('admin.discounts.dialog.validFrom')}
          optional={t('common.optional')}
          error={problem('validFrom')}
        >
          <Input {...bind('validFrom')} type="date" disabled={pending} data-testid="discount-valid-from" />
        </Field>
        <Field label={t('admin.discounts.dialog.validTo')} optional={t('common.optional')} error={problem('validTo')}>
          <Input {...bind('validTo')} type="date" disabled={pending} data-testid="discount-valid-to" />
        </Field>
      </div>
      <p className="-mt-2 text-xs text-slate-600">{t('admin.discounts.dialog.datesHint')}</p>

      <CrudFormEnd
        keyPrefix="admin.discounts.dialog"
        testIdPrefix="discount"
        switchId={`${uid}-active`}
        active={form.isActive}
        onActiveChange={(checked) => set('isActive', checked)}
        editing={discount !== null}
        pending={pending}
        onCancel={onClose}
      />
    </form>
  );
}
