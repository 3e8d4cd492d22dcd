import { Building2, DollarSign, Flag, Truck, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { parseCents } from '../../../../shared/money';
import { StatCard, StatGridSkeleton, statGridClass } from '../../../components/stat-card';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/format';
import { useAdminStats } from '../api';
import { LoadError, useLang } from './admin-ui';

/**
 * Spec §2: the four figures (total users, organizations, this month's revenue, active shipments), with
 * this month's margin under the revenue, and a notice when wallets are flagged for an admin.
 */
export function StatsCards() {
  const { t } = useTranslation();
  const lang = useLang();
  const stats = useAdminStats();
  if (stats.isPending) return <StatsSkeleton />;
  if (stats.isError && !stats.data) {
    return (
      <LoadError
        title={t('admin.stats.loadFailed')}
        onRetry={() => void stats.refetch()}
        retrying={stats.isFetching}
        testId="admin-stats-error"
      />
    );
  }
  const data = stats.data;
  const count = (n: number) => new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-CA').format(n);
  const cad = (amount: string) => formatMoney(parseCents(amount) ?? 0, lang);
  return (
    <div className="grid gap-3">
      <ul
        className={cn(statGridClass, 'transition-opacity', stats.isFetching && 'opacity-80')}
        aria-label={t('admin.stats.label')}
        data-testid="admin-stats"
      >
        <StatCard
          testId="admin-stat-users"
          icon={<Users className="size-5" aria-hidden="true" />}
          tone="bg-indigo-50 text-indigo-600"
          label={t('admin.stats.totalUsers')}
          value={count(data.totalUsers)}
          hint={t('admin.stats.totalUsersHint')}
        />
        <StatCard
          testId="admin-stat-organizations"
          icon={<Building2 className="size-5" aria-hidden="true" />}
          tone="bg-sky-50 text-sky-700"
          label={t('admin.stats.organizations')}
          value={count(data.totalOrganizations)}
          hint={t('admin.stats.organizationsHint')}
        />
        <StatCard
          testId="admin-stat-revenue"
          icon={<DollarSign className="size-5" aria-hidden="true" />}
          tone="bg-emerald-50 text-emerald-700"
          label={t('admin.stats.monthlyRevenue')}
          value={cad(data.monthlyRevenue)}
          hint={
            <>
              <span className="block">{t('admin.stats.monthlyRevenueHint')}</span>
              <span
                className={cn('block', (parseCents(data.monthlyMargin) ?? 0) < 0 && 'font-medium text-red-700')}
                data-testid="admin-stat-margin"
              >
                {t('admin.stats.margin', { amount: cad(data.monthlyMargin) })}
              </span>
            </>
          }
        />
        <StatCard
          testId="admin-stat-active"
          icon={<Truck className="size-5" aria-hidden="true" />}
          tone="bg-amber-50 text-amber-700"
          label={t('admin.stats.activeShipments')}
          value={count(data.activeShipments)}
          hint={t('admin.stats.activeShipmentsHint')}
        />
      </ul>
      {data.flaggedWallets > 0 ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          data-testid="admin-flagged-wallets"
        >
          <Flag className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
          {t('admin.stats.flagged', { count: data.flaggedWallets })}
        </p>
      ) : null}
    </div>
  );
}

function StatsSkeleton() {
  const { t } = useTranslation();
  return <StatGridSkeleton loadingText={t('admin.stats.loading')} testId="admin-stats-loading" />;
}
