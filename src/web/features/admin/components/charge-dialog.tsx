import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCustomerWithPayments } from '../../../../shared/contracts/admin';
import { parseCents } from '../../../../shared/money';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { renderText, type TextRef } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/format';
import { dismissToasts, toast } from '../../../lib/toast';
import { newIdempotencyKey, useChargeCustomer } from '../pricing-api';
import {
  CHARGE_FIELDS,
  cardErrorOf,
  checkCharge,
  declineRef,
  expiryMonthYear,
  hasProblems,
  serverProblems,
  type ChargeField,
  type FieldProblems,
} from '../pricing-format';
import { CrudDialog, DialogFormFooter } from './crud-dialog';
import { DialogAlert, serverMessageRef, successRef, useLang } from './pricing-ui';

export type ChargeTarget = {
  customer: TCustomerWithPayments;
  card: TCustomerWithPayments['paymentMethods'][number];
};

const TOAST_TAG = 'admin.charges.charge';

/**
 * Charge a customer's saved card (spec §2 Charges tab, §5): amount $1–$50,000 and a description,
 * POST /api/admin/charge-customer. Success: a toast with the server's message, the lists refresh,
 * the dialog closes. A decline (402) keeps the dialog open and says why; nothing was charged.
 */
export function ChargeDialog({ target, onClose }: { target: ChargeTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const charge = useChargeCustomer();
  return (
    <CrudDialog
      open={target !== null}
      onClose={onClose}
      busy={charge.isPending}
      title={t('admin.charges.dialog.title')}
      description={target ? t('admin.charges.dialog.description', { name: target.customer.name }) : undefined}
      testId="charge-dialog"
    >
      {/* Mounted only while open: every opening starts with an empty form. */}
      {target ? <ChargeForm target={target} charge={charge} onClose={onClose} /> : null}
    </CrudDialog>
  );
}

function ChargeForm({
  target,
  charge,
  onClose,
}: {
  target: ChargeTarget;
  charge: ReturnType<typeof useChargeCustomer>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [problems, setProblems] = useState<FieldProblems<ChargeField>>({});
  const [declined, setDeclined] = useState<TextRef | null>(null);
  // One Idempotency-Key per submission of this opening: a retry of the same body reuses it (so a lost
  // answer can never charge twice); another amount, card or description is another attempt.
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (charge.isPending) return;
    const checked = checkCharge(
      { amount, description },
      { userId: target.customer.userId, paymentMethodId: target.card.id },
    );
    setDeclined(null);
    if (!checked.ok) {
      setProblems(checked.problems);
      const first = CHARGE_FIELDS.find((f) => checked.problems[f]);
      if (first) document.getElementById(`charge-${first}`)?.focus();
      return;
    }
    setProblems({});
    dismissToasts(TOAST_TAG);
    try {
      const sent = JSON.stringify(checked.body);
      if (attempt.current?.body !== sent) attempt.current = { key: newIdempotencyKey(), body: sent };
      const result = await charge.mutateAsync({ body: checked.body, idempotencyKey: attempt.current.key });
      toast({
        title: { key: 'admin.charges.chargedTitle' },
        description: successRef('admin.charges.charged', result.message, {
          amount: formatMoney(parseCents(checked.body.amount) ?? 0, lang),
          name: target.customer.name,
          balance: formatMoney(parseCents(result.balance) ?? 0, lang),
        }),
        variant: 'success',
        tag: TOAST_TAG,
      });
      onClose();
    } catch (error) {
      const cardError = cardErrorOf(error);
      if (cardError) {
        setDeclined(declineRef(cardError));
        return;
      }
      const fieldProblems = serverProblems(isApiError(error) ? error.fieldErrors : undefined, CHARGE_FIELDS);
      if (hasProblems(fieldProblems)) setProblems(fieldProblems);
      toast({
        title: { key: 'admin.charges.failed' },
        description: serverMessageRef(error, 'admin.charges.failedHint'),
        variant: 'destructive',
        tag: TOAST_TAG,
      });
    }
  };

  const problem = (field: ChargeField) => (problems[field] ? renderText(problems[field], t) : undefined);
  const card = target.card.card;
  const pending = charge.isPending;

  return (
    <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-slate-50 px-4 py-3 text-sm">
        <dt className="text-slate-600">{t('admin.charges.dialog.customer')}</dt>
        <dd className="min-w-0 break-words font-medium text-slate-900">
          {target.customer.name}
          <span className="block text-xs font-normal text-slate-600">{target.customer.email}</span>
        </dd>
        <dt className="text-slate-600">{t('admin.charges.dialog.card')}</dt>
        <dd className="font-medium text-slate-900" data-testid="charge-card">
          {t('admin.charges.cardLine', {
            brand: t(`admin.charges.brands.${card.brand}`),
            last4: card.last4,
            expiry: expiryMonthYear(card.exp_month, card.exp_year),
          })}
        </dd>
        <dt className="text-slate-600">{t('admin.charges.dialog.balance')}</dt>
        <dd className="font-medium tabular-nums text-slate-900">
          {formatMoney(parseCents(target.customer.wallet.balance) ?? 0, lang)}
        </dd>
      </dl>
      {declined ? (
        <DialogAlert title={t('admin.charges.paymentFailed')} testId="charge-declined">
          <p>{renderText(declined, t)}</p>
          <p className="mt-1 text-red-700">{t('admin.charges.nothingCharged')}</p>
        </DialogAlert>
      ) : null}
      <Field
        label={t('admin.charges.dialog.amount')}
        hint={t('admin.charges.dialog.amountHint')}
        error={problem('amount')}
      >
        <Input
          id="charge-amount"
          type="number"
          inputMode="decimal"
          min={1}
          max={50000}
          step={0.01}
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            setProblems((p) => ({ ...p, amount: undefined }));
          }}
          disabled={pending}
          data-testid="charge-amount"
        />
      </Field>
      <Field label={t('admin.charges.dialog.descriptionLabel')} error={problem('description')}>
        <Input
          id="charge-description"
          value={description}
          maxLength={500}
          placeholder={t('admin.charges.dialog.descriptionPlaceholder')}
          onChange={(e) => {
            setDescription(e.target.value);
            setProblems((p) => ({ ...p, description: undefined }));
          }}
          disabled={pending}
          data-testid="charge-description"
        />
      </Field>
      <p className="text-xs text-slate-600">{t('admin.charges.dialog.offSessionNote')}</p>
      <DialogFormFooter
        onCancel={onClose}
        cancelText={t('admin.charges.dialog.cancel')}
        submitText={t('admin.charges.dialog.submit')}
        busyText={t('admin.charges.dialog.charging')}
        pending={pending}
        submitTestId="charge-submit"
      />
    </form>
  );
}
