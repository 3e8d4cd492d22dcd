import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight, Calculator, DollarSign, Package, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TDashboardStats } from '../../../../shared/contracts/dashboard';
import { parseCents } from '../../../../shared/money';
import type { Language } from '../../../lib/i18n';
import { cn } from '../../../lib/cn';
import { count, money } from '../dashboard-format';

const grid = 'grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4';

/** The four figures of spec §2: orders, total spend, average cost and the wallet balance with a top-up link. */
export function StatCards({ stats, busy }: { stats: TDashboardStats; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'zh' ? 'zh' : 'en';
  const cad = (amount: string) => money(parseCents(amount) ?? 0, lang);
  return (
    <ul
      className={cn(grid, 'transition-opacity', busy && 'opacity-60')}
      aria-label={t('dashboard.stats.label')}
      aria-busy={busy || undefined}
      data-testid="stat-cards"
    >
      <StatCard
        testId="stat-orders"
        icon={<Package className="size-5" aria-hidden="true" />}
        tone="bg-indigo-50 text-indigo-600"
        label={t('dashboard.stats.orders')}
        value={count(stats.orders, lang)}
        hint={t('dashboard.stats.ordersHint')}
      />
      <StatCard
        testId="stat-total-spend"
        icon={<DollarSign className="size-5" aria-hidden="true" />}
        tone="bg-emerald-50 text-emerald-700"
        label={t('dashboard.stats.totalSpend')}
        value={cad(stats.totalSpend)}
        hint={t('dashboard.stats.totalSpendHint')}
      />
      <StatCard
        testId="stat-average-cost"
        icon={<Calculator className="size-5" aria-hidden="true" />}
        tone="bg-amber-50 text-amber-700"
        label={t('dashboard.stats.averageCost')}
        value={cad(stats.averageCost)}
        hint={t('dashboard.stats.averageCostHint')}
      />
      <StatCard
        testId="stat-wallet-balance"
        icon={<Wallet className="size-5" aria-hidden="true" />}
        tone="bg-sky-50 text-sky-700"
        label={t('dashboard.stats.walletBalance')}
        value={cad(stats.walletBalance)}
        hint={
          <Link
            to="/wallet"
            className="inline-flex items-center gap-1 font-medium text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            data-testid="stat-top-up"
          >
            {t('dashboard.stats.topUp')}
            <ArrowRight className="size-3.5" aria-hidden="true" />
          </Link>
        }
      />
    </ul>
  );
}

function StatCard({
  icon,
  tone,
  label,
  value,
  hint,
  testId,
}: {
  icon: ReactNode;
  tone: string;
  label: string;
  value: string;
  hint: ReactNode;
  testId: string;
}) {
  return (
    <li className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid={testId}>
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-lg sm:size-9', tone)}>
          {icon}
        </span>
      </div>
      <p
        className="mt-2 text-xl font-semibold tracking-tight break-words text-slate-900 tabular-nums sm:text-2xl"
        data-testid="stat-value"
      >
        {value}
      </p>
      <div className="mt-1 text-sm text-slate-600">{hint}</div>
    </li>
  );
}

export function StatCardsSkeleton() {
  const { t } = useTranslation();
  return (
    <div data-testid="stat-skeletons">
      <p role="status" className="sr-only">
        {t('dashboard.stats.loading')}
      </p>
      <ul className={grid} aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="animate-pulse rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
            <div className="flex items-center justify-between">
              <div className="h-4 w-24 rounded bg-slate-200" />
              <div className="size-9 rounded-lg bg-slate-100" />
            </div>
            <div className="mt-3 h-7 w-28 rounded bg-slate-200" />
            <div className="mt-2 h-4 w-32 rounded bg-slate-100" />
          </li>
        ))}
      </ul>
    </div>
  );
}
