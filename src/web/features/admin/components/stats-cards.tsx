import type { ReactNode } from 'react';
import { Building2, DollarSign, Flag, Truck, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { parseCents } from '../../../../shared/money';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/format';
import { useAdminStats } from '../admin-api';
import { LoadError, useLang } from './admin-ui';

const grid = 'grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4';

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
        className={cn(grid, 'transition-opacity', stats.isFetching && 'opacity-80')}
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
            <span data-testid="admin-stat-margin">{t('admin.stats.margin', { amount: cad(data.monthlyMargin) })}</span>
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

function StatsSkeleton() {
  const { t } = useTranslation();
  return (
    <div data-testid="admin-stats-loading">
      <p role="status" className="sr-only">
        {t('admin.stats.loading')}
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
