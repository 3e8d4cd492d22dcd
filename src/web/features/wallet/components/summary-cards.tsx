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
  hint: string;
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
      <p className="text-sm text-slate-600">{hint}</p>
    </section>
  );
}

/**
 * This month's spend (completed shipping charges of the Toronto month; null while they load, a dash
 * when they could not be loaded: the history says so) and pending charges, which are always zero.
 */
export function SummaryCards({ monthSpend, month }: { monthSpend: Cents | null | 'unavailable'; month: string }) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'zh' ? 'zh' : 'en';
  return (
    <>
      <SummaryCard
        title={t('wallet.monthSpend.title')}
        value={monthSpend === null ? null : monthSpend === 'unavailable' ? '—' : formatMoney(monthSpend, lang)}
        hint={t('wallet.monthSpend.hint', { month })}
        icon={<CalendarClock className="size-5 text-indigo-600" aria-hidden="true" />}
        testId="wallet-month-spend"
        loadingLabel={t('wallet.history.loading')}
      />
      <SummaryCard
        title={t('wallet.pending.title')}
        value={formatMoney(0, lang)}
        hint={t('wallet.pending.hint')}
        icon={<Hourglass className="size-5 text-slate-500" aria-hidden="true" />}
        testId="wallet-pending"
        loadingLabel={t('wallet.history.loading')}
      />
    </>
  );
}
