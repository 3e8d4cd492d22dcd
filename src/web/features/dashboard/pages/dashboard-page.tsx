import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDashboardPeriod, TDashboardStats } from '../../../../shared/contracts/dashboard';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import type { Language } from '../../../lib/i18n';
import { useDashboardStats } from '../api';
import { longDay } from '../dashboard-format';
import { CarrierSpend } from '../components/carrier-spend';
import { PanelError, PanelHeader } from '../components/panel-states';
import { PeriodSelect } from '../components/period-select';
import { QuickActions } from '../components/quick-actions';
import { RecentShipments } from '../components/recent-shipments';
import { ChartSkeleton, SpendChart } from '../components/spend-chart';
import { StatCards, StatCardsSkeleton } from '../components/stat-cards';
import { TorontoClock } from '../components/toronto-clock';

/** Spec §2 Dashboard: figures by period, recent shipments, quick actions, spend charts and Toronto time. */
export function DashboardPage() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<TDashboardPeriod>('monthly');
  const stats = useDashboardStats(period);
  // While another period loads, the previous one's figures stay, dimmed and marked busy.
  const busy = stats.isPlaceholderData || (stats.isFetching && !stats.isPending);
  const retry = () => void stats.refetch();

  return (
    <div className="grid grid-cols-1 gap-6" data-testid="dashboard">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <TorontoClock />
          <PeriodRange stats={stats.data} period={period} />
        </div>
        <PeriodSelect value={period} onChange={setPeriod} />
      </div>

      {stats.data ? (
        <StatCards stats={stats.data} busy={busy} />
      ) : stats.isError ? (
        <PanelError
          testId="stats-error"
          title={t('dashboard.stats.failed')}
          onRetry={retry}
          retrying={stats.isFetching}
        />
      ) : (
        <StatCardsSkeleton />
      )}

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <RecentShipments />
        </div>
        <QuickActions />
      </div>

      <div className="grid grid-cols-1 items-stretch gap-6 lg:grid-cols-3">
        <div className="flex flex-col lg:col-span-2">
          {stats.data ? (
            <SpendChart stats={stats.data} busy={busy} />
          ) : (
            <StatsPanelPlaceholder
              id="spend-chart-title"
              title={t('dashboard.chart.title')}
              failed={stats.isError}
              onRetry={retry}
              retrying={stats.isFetching}
            />
          )}
        </div>
        {stats.data ? (
          <CarrierSpend stats={stats.data} busy={busy} />
        ) : (
          <StatsPanelPlaceholder
            id="carrier-spend-title"
            title={t('dashboard.carriers.title')}
            failed={stats.isError}
            onRetry={retry}
            retrying={stats.isFetching}
          />
        )}
      </div>
    </div>
  );
}

/** The dates the figures cover, in the Toronto calendar. */
function PeriodRange({ stats, period }: { stats: TDashboardStats | undefined; period: TDashboardPeriod }) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'zh' ? 'zh' : 'en';
  // Only the answer for the chosen period names its dates (a previous period's stay on screen while it loads).
  const text =
    stats && stats.period === period
      ? stats.from
        ? t('dashboard.range', { from: longDay(stats.from, lang), to: longDay(stats.to, lang) })
        : t('dashboard.rangeAllTime', { to: longDay(stats.to, lang) })
      : '\u00a0';
  return (
    <p className="text-sm text-slate-600" data-testid="period-range">
      {text}
    </p>
  );
}

/** A chart panel while the figures load, or when they failed. */
function StatsPanelPlaceholder({
  id,
  title,
  failed,
  onRetry,
  retrying,
}: {
  id: string;
  title: string;
  failed: boolean;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card aria-labelledby={id} className="flex flex-1 flex-col">
      <PanelHeader id={id} title={title} />
      <div className="flex flex-1 flex-col p-4 sm:px-6">
        {failed ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-2 py-10 text-center">
            <p className="text-sm text-slate-600">{t('dashboard.stats.unavailable')}</p>
            <Button variant="secondary" size="sm" onClick={onRetry} disabled={retrying}>
              {t('dashboard.retry')}
            </Button>
          </div>
        ) : (
          <ChartSkeleton label={t('dashboard.chart.loading')} />
        )}
      </div>
    </Card>
  );
}
