import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/**
 * The sandbox's stand-in for the bank's 3-D Secure page (test card 4000 0027 6000 3184): the user
 * completes or fails the authentication, as a card provider's test mode lets one do.
 */
export function SandboxAuthStep({
  amount,
  card,
  working,
  onAnswer,
}: {
  /** The formatted amount ("$50.00"). */
  amount: string;
  /** The card being paid with ("•••• 3184"), when known. */
  card: string | null;
  /** Which answer is on its way, if any. */
  working: 'approve' | 'fail' | null;
  onAnswer: (outcome: 'approve' | 'fail') => void;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="topup-auth-title"
      aria-describedby="topup-auth-description"
      aria-busy={working !== null || undefined}
      className="grid gap-4 rounded-lg border border-slate-300 bg-slate-50"
      data-testid="topup-auth-step"
    >
      <div className="flex items-center gap-2 rounded-t-lg border-b border-slate-300 bg-white px-4 py-3">
        <ShieldCheck className="size-5 shrink-0 text-emerald-700" aria-hidden="true" />
        <p className="text-sm font-semibold text-slate-900">{t('wallet.topup.auth.bank')}</p>
        <span className="ml-auto rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
          {t('wallet.topup.auth.testBadge')}
        </span>
      </div>
      <div className="grid gap-3 px-4">
        <h3 id="topup-auth-title" className="text-base font-semibold text-slate-900">
          {t('wallet.topup.auth.title')}
        </h3>
        <p id="topup-auth-description" className="text-sm text-slate-700">
          {t('wallet.topup.auth.description')}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md border border-slate-200 bg-white p-3 text-sm">
          <dt className="text-slate-600">{t('wallet.topup.auth.merchant')}</dt>
          <dd className="font-medium text-slate-900">Voyageur</dd>
          <dt className="text-slate-600">{t('wallet.topup.auth.amount')}</dt>
          <dd className="font-medium tabular-nums text-slate-900" data-testid="topup-auth-amount">
            {amount}
          </dd>
          {card ? (
            <>
              <dt className="text-slate-600">{t('wallet.topup.auth.card')}</dt>
              <dd className="font-medium tabular-nums text-slate-900">{card}</dd>
            </>
          ) : null}
        </dl>
      </div>
      <div className="flex flex-col-reverse gap-2 px-4 pb-4 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          onClick={() => onAnswer('fail')}
          disabled={working !== null}
          data-testid="topup-auth-fail"
        >
          {working === 'fail' ? t('wallet.topup.auth.working') : t('wallet.topup.auth.fail')}
        </Button>
        <Button onClick={() => onAnswer('approve')} disabled={working !== null} data-testid="topup-auth-approve">
          {working === 'approve' ? t('wallet.topup.auth.working') : t('wallet.topup.auth.approve')}
        </Button>
      </div>
    </section>
  );
}
