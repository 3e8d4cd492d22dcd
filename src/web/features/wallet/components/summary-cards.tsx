import { CalendarClock, Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Cents } from '../../../../shared/money';
import { formatMoney } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';

function SummaryCard({
  title,
  value,
  hint,
  icon,
  testId,
  loadingLabel,
}: {
  title: string;
  value: string | null;
  hint: React.ReactNode;
  icon: React.ReactNode;
  testId: string;
  loadingLabel: string;
}) {
  return (
    <section className="grid gap-2 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" data-testid={testId}>
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-medium text-slate-700">{title}</h2>
        {icon}
      </div>
      {value !== null ? (
        <p className="text-2xl font-semibold text-slate-900" data-testid={`${testId}-value`}>
          {value}
        </p>
      ) : (
        <p role="status" className="h-8 w-28 animate-pulse rounded bg-slate-200">
          <span className="sr-only">{loadingLabel}</span>
        </p>
      )}
      <div className="text-sm text-slate-600">{hint}</div>
    </section>
  );
}

/** This month's figures as the server reads them (GET /api/wallet/month), in cents. */
export type MonthFigures = { shippingCharged: Cents; refunded: Cents };

/**
 * This month's spend (spec: the completed shipping charges of the Toronto month; null while they
 * load, a dash when they could not be loaded), with what it counts said under it and the month's
 * refunds beside it when there were any, so it reconciles with the dashboard's net figure; and
 * pending charges, which are always zero.
 */
export function SummaryCards({ figures, month }: { figures: MonthFigures | null | 'unavailable'; month: string }) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'zh' ? 'zh' : 'en';
  const known = figures !== null && figures !== 'unavailable' ? figures : null;
  return (
    <>
      <SummaryCard
        title={t('wallet.monthSpend.title')}
        value={figures === null ? null : known ? formatMoney(known.shippingCharged, lang) : '—'}
        hint={
          <>
            <p data-testid="wallet-month-spend-counts">{t('wallet.monthFigures.counts', { month })}</p>
            {known && known.refunded > 0 ? (
              <p data-testid="wallet-month-refunded">
                {t('wallet.monthFigures.refunded', { amount: formatMoney(known.refunded, lang) })}
              </p>
            ) : null}
          </>
        }
        icon={<CalendarClock className="size-5 text-indigo-600" aria-hidden="true" />}
        testId="wallet-month-spend"
        loadingLabel={t('wallet.history.loading')}
      />
      <SummaryCard
        title={t('wallet.pending.title')}
        value={formatMoney(0, lang)}
        hint={<p>{t('wallet.pending.hint')}</p>}
        icon={<Hourglass className="size-5 text-slate-500" aria-hidden="true" />}
        testId="wallet-pending"
        loadingLabel={t('wallet.history.loading')}
      />
    </>
  );
}
