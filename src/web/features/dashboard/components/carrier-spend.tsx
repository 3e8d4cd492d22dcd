import { Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TDashboardStats } from '../../../../shared/contracts/dashboard';
import { toCarrierCode } from '../../../../shared/carriers';
import { parseCents } from '../../../../shared/money';
import { Card } from '../../../components/ui/card';
import type { Language } from '../../../lib/i18n';
import { cn } from '../../../lib/cn';
import { carrierLabel } from '../../shipments/rate-display';
import { count, money } from '../dashboard-format';
import { PanelEmpty, PanelHeader } from './panel-states';

const BAR_COLOURS = ['bg-indigo-500', 'bg-sky-500', 'bg-emerald-500', 'bg-amber-500', 'bg-violet-500', 'bg-slate-400'];

/** Net spend per carrier in the period, largest first, as horizontal bars with names and amounts. */
export function CarrierSpend({ stats, busy }: { stats: TDashboardStats; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'zh' ? 'zh' : 'en';
  const rows = stats.spendByCarrier
    .map((c) => ({ ...c, cents: parseCents(c.amount) ?? 0 }))
    .filter((c) => c.cents !== 0 || c.orders > 0);
  const largest = Math.max(0, ...rows.map((r) => r.cents));
  const total = rows.reduce((s, r) => s + Math.max(0, r.cents), 0);
  const percent = new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-CA', {
    style: 'percent',
    maximumFractionDigits: 0,
  });

  return (
    <Card aria-labelledby="carrier-spend-title" className="flex flex-col" data-testid="carrier-spend">
      <PanelHeader
        id="carrier-spend-title"
        title={t('dashboard.carriers.title')}
        description={t('dashboard.carriers.description')}
      />
      <div
        className={cn('flex flex-1 flex-col p-4 transition-opacity sm:px-6', busy && 'opacity-60')}
        aria-busy={busy || undefined}
      >
        {rows.length === 0 ? (
          <PanelEmpty
            testId="carrier-spend-empty"
            icon={<Truck className="size-8" aria-hidden="true" />}
            title={t('dashboard.carriers.emptyTitle')}
            description={t('dashboard.carriers.emptyDescription')}
          />
        ) : (
          <ul className="grid grid-cols-1 gap-4" aria-labelledby="carrier-spend-title" data-testid="carrier-list">
            {rows.map((row, i) => {
              const share = total > 0 ? Math.max(0, row.cents) / total : 0;
              const width = largest > 0 ? (Math.max(0, row.cents) / largest) * 100 : 0;
              return (
                <li key={row.carrier} data-testid="carrier-row" data-carrier={row.carrier}>
                  <div className="flex items-baseline justify-between gap-3 text-sm">
                    <span className="truncate font-medium text-slate-900">
                      {toCarrierCode(row.carrier) ? carrierLabel(row.carrier, t) : row.carrierName || row.carrier}
                    </span>
                    <span className="shrink-0 font-semibold text-slate-900 tabular-nums" data-testid="carrier-amount">
                      {money(row.cents, lang)}
                    </span>
                  </div>
                  <div className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                    <div
                      className={cn('h-full rounded-full', BAR_COLOURS[i % BAR_COLOURS.length])}
                      style={{ width: `${width}%`, minWidth: row.cents > 0 ? 4 : 0 }}
                      data-testid="carrier-bar"
                    />
                  </div>
                  <p className="mt-1 text-xs text-slate-600">
                    {t('dashboard.carriers.orders', { count: row.orders, formatted: count(row.orders, lang) })}
                    {' · '}
                    {t('dashboard.carriers.share', { percent: percent.format(share) })}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Card>
  );
}
