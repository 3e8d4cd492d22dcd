import { Download, Plus, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Cents } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { formatMoney } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';

// The shared button's look, outlined for the dark card (the shared variants carry their own colours).
const OUTLINE_ON_DARK =
  'inline-flex h-10 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-md border border-white/70 px-4 text-sm font-medium text-white transition-colors hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:pointer-events-none disabled:opacity-60';

/** The wallet's balance with Top up and Export (spec §2 Wallet). */
export function BalanceCard({
  balance,
  loading,
  failed,
  onRetry,
  retrying,
  onTopUp,
  onExport,
  exporting,
}: {
  balance: Cents | null;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  retrying: boolean;
  onTopUp: () => void;
  onExport: () => void;
  exporting: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'zh' ? 'zh' : 'en';
  return (
    <section
      aria-labelledby="wallet-balance-title"
      className="grid content-between gap-5 rounded-xl bg-indigo-700 p-6 text-white shadow-sm"
      data-testid="wallet-balance-card"
    >
      <div className="grid gap-1">
        <h2 id="wallet-balance-title" className="text-sm font-medium text-indigo-100">
          {t('wallet.balance.title')}
        </h2>
        {balance !== null ? (
          <p className="text-3xl font-semibold tracking-tight" data-testid="wallet-balance" data-cents={balance}>
            {formatMoney(balance, lang)}
          </p>
        ) : loading ? (
          <p role="status" className="h-9 w-40 animate-pulse rounded bg-indigo-500/60">
            <span className="sr-only">{t('wallet.balance.loading')}</span>
          </p>
        ) : failed ? (
          <div role="alert" className="grid justify-items-start gap-2" data-testid="wallet-balance-error">
            <p className="text-sm">{t('wallet.balance.failed')}</p>
            <Button variant="inverse" size="sm" onClick={onRetry} disabled={retrying}>
              <RefreshCw className={retrying ? 'size-4 animate-spin' : 'size-4'} aria-hidden="true" />
              {t('wallet.retry')}
            </Button>
          </div>
        ) : null}
        <p className="text-sm text-indigo-100">{t('wallet.balance.currency')}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button id="wallet-top-up" variant="inverse" onClick={onTopUp} data-testid="wallet-top-up">
          <Plus className="size-4" aria-hidden="true" />
          {t('wallet.topUp')}
        </Button>
        <button
          type="button"
          onClick={onExport}
          disabled={exporting}
          className={OUTLINE_ON_DARK}
          data-testid="wallet-export"
        >
          <Download className="size-4" aria-hidden="true" />
          {exporting ? t('wallet.export.busy') : t('wallet.export.button')}
        </button>
      </div>
    </section>
  );
}
