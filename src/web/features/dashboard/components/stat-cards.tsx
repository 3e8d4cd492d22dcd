import { Link } from 'react-router';
import { ArrowRight, Calculator, DollarSign, Package, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TDashboardStats } from '../../../../shared/contracts/dashboard';
import { parseCents } from '../../../../shared/money';
import { StatCard, StatGridSkeleton, statGridClass } from '../../../components/stat-card';
import type { Language } from '../../../lib/i18n';
import { cn } from '../../../lib/cn';
import { count, money } from '../dashboard-format';

/**
 * The four figures of spec §2: orders, total spend, average cost and the wallet balance with a top-up
 * link. Total spend is net of refunds (by the orders of the period) and says so, with its charges and
 * refunds when there were refunds, so it reconciles with the wallet's month (charges, refunds beside).
 */
export function StatCards({ stats, busy }: { stats: TDashboardStats; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'zh' ? 'zh' : 'en';
  const cad = (amount: string) => money(parseCents(amount) ?? 0, lang);
  return (
    <ul
      className={cn(statGridClass, 'transition-opacity', busy && 'opacity-60')}
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
        hint={
          <>
            <p data-testid="stat-total-spend-counts">{t(`dashboard.stats.netSpend.${stats.period}`)}</p>
            {(parseCents(stats.totalRefunded) ?? 0) > 0 ? (
              <p data-testid="stat-total-spend-breakdown">
                {t('dashboard.stats.netSpend.breakdown', {
                  charged: cad(stats.totalCharged),
                  refunded: cad(stats.totalRefunded),
                })}
              </p>
            ) : null}
          </>
        }
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

export function StatCardsSkeleton() {
  const { t } = useTranslation();
  return <StatGridSkeleton loadingText={t('dashboard.stats.loading')} testId="stat-skeletons" />;
}
