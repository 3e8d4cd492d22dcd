import { useEffect, useId, useState } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TAdminUser } from '../../../../shared/contracts/admin';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { formatMoney } from '../../../lib/format';
import { parseCents } from '../../../../shared/money';
import { useUser } from '../../../lib/session';
import { useUserChange } from '../api';
import { personName } from '../admin-rules';
import { showAdminFailure, showAdminSuccess } from '../admin-toasts';
import { useDialogFocus, useLang } from './admin-ui';

const REASON_MAX = 500;

/** What the wallet owes of uncovered chargebacks (cents; 0 when none). */
export const owedOf = (user: TAdminUser) => parseCents(user.wallet.owed ?? '0') ?? 0;

/**
 * Decision 021: an admin puts a wallet on hold (its orders are refused) or lifts its hold, always
 * with a reason, which the audit log keeps. `user` null closes the dialog; `onHold` is the change asked.
 */
export function WalletHoldDialog({
  user,
  onHold,
  onClose,
}: {
  user: TAdminUser | null;
  onHold: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { data: me } = useUser();
  const change = useUserChange(me?.id);
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const focus = useDialogFocus();
  const mode = onHold ? 'put' : 'lift';

  useEffect(() => {
    if (!user) return;
    setReason('');
    setTried(false);
    change.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when another user or action opens
  }, [user?.id, onHold]);

  const text = reason.trim();
  const error = tried && !text ? t('admin.users.hold.reasonRequired') : undefined;
  const owed = user ? owedOf(user) : 0;

  const submit = () => {
    setTried(true);
    if (!user || !text || change.isPending) return;
    change.mutate(
      { kind: 'hold', userId: user.id, onHold, reason: text },
      {
        onSuccess: (result) => {
          showAdminSuccess(
            `admin.users.hold.${mode}Done`,
            { key: `admin.users.hold.${mode}DoneDescription`, values: { name: personName(user), email: user.email } },
            result.kind === 'hold' ? result.answer.message : undefined,
          );
          onClose();
        },
        onError: (err) => showAdminFailure(`admin.users.hold.${mode}Failed`, err),
      },
    );
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
          data-testid="wallet-hold-dialog"
          data-mode={mode}
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
        >
          <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-4 py-4 sm:px-6">
            <div className="grid gap-1">
              <Dialog.Title className="text-lg font-semibold text-slate-900">
                {user ? t(`admin.users.hold.${mode}Title`, { name: personName(user) }) : null}
              </Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">
                {user ? t(`admin.users.hold.${mode}Description`, { email: user.email }) : null}
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
            {owed > 0 ? (
              <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="wallet-hold-owed">
                {t('admin.users.hold.owedNote', { amount: formatMoney(owed, lang) })}
              </p>
            ) : null}
            <fieldset className="grid gap-4" disabled={change.isPending}>
              <Field label={t('admin.users.hold.reasonLabel')} error={error}>
                <Textarea
                  id={reasonId}
                  value={reason}
                  maxLength={REASON_MAX}
                  onChange={(e) => setReason(e.target.value)}
                  placeholder={t(`admin.users.hold.${mode}ReasonPlaceholder`)}
                  rows={3}
                  required
                  data-testid="wallet-hold-reason"
                />
              </Field>
              {mode === 'put' ? (
                <p className="text-sm text-slate-600" data-testid="wallet-hold-customer-sees">
                  {t('admin.users.hold.customerSees')}
                </p>
              ) : null}
            </fieldset>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={onClose} disabled={change.isPending}>
                {t('admin.cancel')}
              </Button>
              <Button
                type="submit"
                variant={onHold ? 'danger' : 'primary'}
                disabled={change.isPending}
                data-testid="wallet-hold-submit"
              >
                {change.isPending ? t('admin.users.hold.saving') : t(`admin.users.hold.${mode}Submit`)}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
