import { useEffect, useId, useState } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TAdminUser } from '../../../../shared/contracts/admin';
import { centsToDecimal, parseCents } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { useUserChange } from '../api';
import {
  ADMIN_ADD_BALANCE_CENTS,
  ADMIN_EDIT_BALANCE_CENTS,
  checkAmount,
  personName,
  type AmountProblem,
} from '../admin-rules';
import { showAdminFailure, showAdminSuccess } from '../admin-toasts';
import { useDialogFocus, useLang } from './admin-ui';

export type BalanceMode = 'add' | 'edit';

const DESCRIPTION_MAX = 500;

const RANGES = { add: ADMIN_ADD_BALANCE_CENTS, edit: ADMIN_EDIT_BALANCE_CENTS } as const;

/**
 * Spec §2 and §5 Admin balances: add balance ($1.00 to $50,000.00) or set it ($0 to $50,000), with
 * an optional description; the server's message in a toast, then the users and stats refresh.
 */
export function BalanceDialog({
  mode,
  user,
  onClose,
}: {
  mode: BalanceMode;
  /** The user whose wallet changes; null closes the dialog. */
  user: TAdminUser | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { data: me } = useUser();
  const change = useUserChange(me?.id);
  const amountId = useId();
  const descriptionId = useId();
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [tried, setTried] = useState(false);
  const [serverProblem, setServerProblem] = useState<AmountProblem | null>(null);
  const focus = useDialogFocus();

  // A new user (or mode) starts from a clean form: empty to add, the current balance to edit.
  useEffect(() => {
    if (!user) return;
    setAmount(mode === 'edit' ? user.walletBalance : '');
    setDescription('');
    setTried(false);
    setServerProblem(null);
    change.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when another user or mode opens
  }, [user?.id, mode]);

  const range = RANGES[mode];
  const limits = { min: formatMoney(range.min, lang), max: formatMoney(range.max, lang) };
  const check = checkAmount(amount, range);
  const problem = !check.ok ? check.problem : serverProblem;
  const amountError = tried && problem ? t(`admin.balance.${mode}.errors.${problem}`, limits) : undefined;
  const current = user ? (parseCents(user.walletBalance) ?? 0) : 0;
  const after = check.ok ? (mode === 'add' ? current + check.cents : check.cents) : null;

  const submit = () => {
    setTried(true);
    setServerProblem(null);
    if (!user || !check.ok || change.isPending) return;
    const text = description.trim();
    const who = { name: personName(user), email: user.email };
    const onError = (error: unknown) => {
      const field = mode === 'add' ? 'amount' : 'newBalance';
      if (isApiError(error) && error.fieldErrors?.[field]) setServerProblem('range');
      showAdminFailure(`admin.balance.${mode}.failed`, error);
    };
    if (mode === 'add') {
      change.mutate(
        { kind: 'add-balance', userId: user.id, amountCents: check.cents, description: text },
        {
          onSuccess: (result) => {
            const answer = result.kind === 'add-balance' ? result.answer : null;
            showAdminSuccess(
              'admin.balance.add.done',
              {
                key: 'admin.balance.add.doneDescription',
                values: {
                  ...who,
                  amount: formatMoney(check.cents, lang),
                  balance: formatMoney(parseCents(answer?.balance ?? '') ?? current + check.cents, lang),
                },
              },
              answer?.message,
            );
            onClose();
          },
          onError,
        },
      );
    } else {
      change.mutate(
        { kind: 'edit-balance', userId: user.id, newBalanceCents: check.cents, description: text },
        {
          onSuccess: (result) => {
            const answer = result.kind === 'edit-balance' ? result.answer : null;
            showAdminSuccess(
              'admin.balance.edit.done',
              {
                key: 'admin.balance.edit.doneDescription',
                values: {
                  ...who,
                  balance: formatMoney(check.cents, lang),
                  old: formatMoney(parseCents(answer?.oldBalance ?? '') ?? current, lang),
                },
              },
              answer?.message,
            );
            onClose();
          },
          onError,
        },
      );
    }
  };

  return (
    <Dialog.Root
      open={user !== null}
      onOpenChange={(open) => {
        if (!open && !change.isPending) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl focus:outline-none"
          data-testid={`${mode}-balance-dialog`}
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
        >
          <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-4 py-4 sm:px-6">
            <div className="grid gap-1">
              <Dialog.Title className="text-lg font-semibold text-slate-900">
                {t(`admin.balance.${mode}.title`)}
              </Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">
                {user ? t(`admin.balance.${mode}.description`, { name: personName(user), email: user.email }) : null}
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label={t('common.close')}
              disabled={change.isPending}
              className="-m-1 cursor-pointer rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <form
            noValidate
            className="grid gap-5 overflow-y-auto px-4 py-5 sm:px-6"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg bg-slate-50 px-4 py-3 text-sm">
              <dt className="text-slate-600">{t('admin.balance.current')}</dt>
              <dd className="text-right font-semibold text-slate-900 tabular-nums" data-testid="balance-current">
                {formatMoney(current, lang)}
              </dd>
              {after !== null ? (
                <>
                  <dt className="text-slate-600">{t('admin.balance.after')}</dt>
                  <dd className="text-right font-semibold text-indigo-700 tabular-nums" data-testid="balance-after">
                    {formatMoney(after, lang)}
                  </dd>
                </>
              ) : null}
            </dl>
            <fieldset className="grid gap-4" disabled={change.isPending}>
              <Field
                label={t(`admin.balance.${mode}.amountLabel`)}
                hint={t(`admin.balance.${mode}.range`, limits)}
                error={amountError}
              >
                <Input
                  id={amountId}
                  type="number"
                  inputMode="decimal"
                  min={range.min / 100}
                  max={range.max / 100}
                  step="0.01"
                  value={amount}
                  onChange={(e) => {
                    setAmount(e.target.value);
                    setServerProblem(null);
                  }}
                  placeholder={mode === 'add' ? '100.00' : centsToDecimal(current)}
                  autoComplete="off"
                  data-testid="balance-amount"
                />
              </Field>
              <Field label={t('admin.balance.descriptionLabel')} optional={t('common.optional')}>
                <Textarea
                  id={descriptionId}
                  value={description}
                  maxLength={DESCRIPTION_MAX}
                  onChange={(e) => setDescription(e.target.value)}
                  placeholder={t(`admin.balance.${mode}.descriptionPlaceholder`)}
                  rows={2}
                  data-testid="balance-description"
                />
              </Field>
            </fieldset>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={onClose} disabled={change.isPending}>
                {t('admin.cancel')}
              </Button>
              <Button type="submit" disabled={change.isPending} data-testid="balance-submit">
                {change.isPending ? t(`admin.balance.${mode}.pending`) : t(`admin.balance.${mode}.submit`)}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
