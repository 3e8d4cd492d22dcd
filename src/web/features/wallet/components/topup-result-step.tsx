import { CheckCircle2, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** Spec §4: success shows what was credited and the new balance, then the dialog resets and closes. */
export function TopupSuccessStep({
  amount,
  balance,
  onDone,
}: {
  /** Formatted ("$50.00"). */
  amount: string;
  /** Formatted new balance, or null when the server has not said it yet (the confirm call failed). */
  balance: string | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid justify-items-center gap-3 py-2 text-center" data-testid="topup-success">
      <CheckCircle2 className="size-12 text-emerald-600" aria-hidden="true" />
      <p role="status" className="grid gap-1">
        <span className="text-lg font-semibold text-slate-900">{t('wallet.topup.success.title')}</span>
        <span className="text-slate-700" data-testid="topup-success-amount">
          {t('wallet.topup.success.credited', { amount })}
        </span>
        <span className="text-sm text-slate-600" data-testid="topup-success-balance">
          {balance ? t('wallet.topup.success.balance', { balance }) : t('wallet.topup.success.balancePending')}
        </span>
      </p>
      <Button autoFocus onClick={onDone} className="mt-2 w-full sm:w-auto" data-testid="topup-done">
        {t('wallet.topup.success.done')}
      </Button>
    </div>
  );
}

/** Spec §4: a result that is neither paid nor refused yet (the bank is still processing). */
export function TopupProcessingStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="grid justify-items-center gap-3 py-2 text-center" data-testid="topup-processing">
      <Clock className="size-12 text-amber-600" aria-hidden="true" />
      <p role="status" className="grid gap-1">
        <span className="text-lg font-semibold text-slate-900">{t('wallet.topup.processing.title')}</span>
        <span className="text-sm text-slate-700">{t('wallet.topup.processing.description')}</span>
      </p>
      <Button variant="secondary" onClick={onDone} className="mt-2 w-full sm:w-auto">
        {t('wallet.topup.processing.close')}
      </Button>
    </div>
  );
}
