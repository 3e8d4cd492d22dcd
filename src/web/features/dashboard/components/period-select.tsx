import { useTranslation } from 'react-i18next';
import { DASHBOARD_PERIODS, type TDashboardPeriod } from '../../../../shared/contracts/dashboard';
import { cn } from '../../../lib/cn';

const LABEL_KEYS: Record<TDashboardPeriod, string> = {
  weekly: 'dashboard.period.weekly',
  monthly: 'dashboard.period.monthly',
  'all-time': 'dashboard.period.allTime',
};

/** Weekly / monthly / all-time as a segmented control of native radios (arrow keys move between them). */
export function PeriodSelect({
  value,
  onChange,
}: {
  value: TDashboardPeriod;
  onChange: (period: TDashboardPeriod) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset data-testid="period-select">
      <legend className="sr-only">{t('dashboard.period.legend')}</legend>
      <div className="inline-flex w-full rounded-lg bg-slate-200/70 p-1 sm:w-auto">
        {DASHBOARD_PERIODS.map((period) => (
          <label
            key={period}
            className={cn(
              'flex min-h-9 flex-1 cursor-pointer items-center justify-center rounded-md px-3 text-sm font-medium whitespace-nowrap text-slate-700 transition-colors sm:flex-none',
              'hover:text-slate-900 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-indigo-600',
              'has-[:checked]:bg-white has-[:checked]:text-indigo-700 has-[:checked]:shadow-sm',
            )}
          >
            <input
              type="radio"
              name="dashboard-period"
              value={period}
              checked={value === period}
              onChange={() => onChange(period)}
              className="sr-only"
              data-testid={`period-${period}`}
            />
            {t(LABEL_KEYS[period])}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
