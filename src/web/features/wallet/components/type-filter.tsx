import { useId, useState } from 'react';
import { Popover } from 'radix-ui';
import { ListFilter, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../../../shared/contracts/wallet';
import { Button, buttonClass } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import {
  activeFilterCount,
  NO_FILTER,
  torontoDay,
  type HistoryFilter,
  type StatusFilter,
  type TypeFilter,
} from '../transactions';

const selectClass = cn(inputClass, 'h-10 pr-8');

/**
 * The history's Filter button (spec §2 Wallet): a small panel with the type, the status and a
 * range of days (Toronto calendar), applied as they change, and a clear button.
 */
export function HistoryFilterMenu({
  value,
  onChange,
}: {
  value: HistoryFilter;
  onChange: (value: HistoryFilter) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const count = activeFilterCount(value);
  const today = torontoDay(new Date());
  const set = (patch: Partial<HistoryFilter>) => onChange({ ...value, ...patch });
  return (
    <div className="flex flex-wrap items-center gap-2">
      {count > 0 ? (
        <Button variant="ghost" size="sm" onClick={() => onChange(NO_FILTER)} data-testid="transactions-filter-clear">
          <X className="size-4" aria-hidden="true" />
          {t('wallet.history.clearFilters')}
        </Button>
      ) : null}
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger className={buttonClass('secondary', 'sm')} data-testid="transactions-filter">
          <ListFilter className="size-4" aria-hidden="true" />
          {t('wallet.history.filter')}
          {count > 0 ? (
            <span
              className="rounded-full bg-indigo-600 px-1.5 text-xs font-semibold text-white"
              data-testid="transactions-filter-count"
            >
              <span className="sr-only">{t('wallet.history.activeFilters', { count })}</span>
              <span aria-hidden="true">{count}</span>
            </span>
          ) : null}
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={6}
            collisionPadding={12}
            className="z-40 grid w-[min(20rem,calc(100vw-1.5rem))] gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-lg focus:outline-none"
            aria-labelledby={`${id}-title`}
            data-testid="transactions-filter-panel"
          >
            <p id={`${id}-title`} className="text-sm font-semibold text-slate-900">
              {t('wallet.history.filterTitle')}
            </p>
            <div className="grid gap-1.5">
              <label htmlFor={`${id}-type`} className="text-sm font-medium text-slate-800">
                {t('wallet.history.typeLabel')}
              </label>
              <select
                id={`${id}-type`}
                className={selectClass}
                value={value.type}
                onChange={(e) => set({ type: e.target.value as TypeFilter })}
                data-testid="filter-type"
              >
                <option value="all">{t('wallet.history.all')}</option>
                {TRANSACTION_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`wallet.types.${type}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid gap-1.5">
              <label htmlFor={`${id}-status`} className="text-sm font-medium text-slate-800">
                {t('wallet.history.statusLabel')}
              </label>
              <select
                id={`${id}-status`}
                className={selectClass}
                value={value.status}
                onChange={(e) => set({ status: e.target.value as StatusFilter })}
                data-testid="filter-status"
              >
                <option value="all">{t('wallet.history.allStatuses')}</option>
                {TRANSACTION_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`wallet.statuses.${status}`)}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className="grid gap-1.5">
              <legend className="text-sm font-medium text-slate-800">{t('wallet.history.dates')}</legend>
              <div className="grid grid-cols-2 gap-2">
                <div className="grid gap-1">
                  <label htmlFor={`${id}-from`} className="text-xs text-slate-600">
                    {t('wallet.history.from')}
                  </label>
                  <input
                    id={`${id}-from`}
                    type="date"
                    className={cn(inputClass, 'h-10 px-2')}
                    value={value.from}
                    max={value.to || today}
                    onChange={(e) => set({ from: e.target.value })}
                    data-testid="filter-from"
                  />
                </div>
                <div className="grid gap-1">
                  <label htmlFor={`${id}-to`} className="text-xs text-slate-600">
                    {t('wallet.history.to')}
                  </label>
                  <input
                    id={`${id}-to`}
                    type="date"
                    className={cn(inputClass, 'h-10 px-2')}
                    value={value.to}
                    min={value.from || undefined}
                    max={today}
                    onChange={(e) => set({ to: e.target.value })}
                    data-testid="filter-to"
                  />
                </div>
              </div>
              <p className="text-xs text-slate-600">{t('wallet.history.datesHint')}</p>
            </fieldset>
            <div className="flex justify-between gap-2">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => onChange(NO_FILTER)}
                disabled={count === 0}
                data-testid="filter-clear"
              >
                {t('wallet.history.clearFilters')}
              </Button>
              <Popover.Close className={buttonClass('primary', 'sm')} data-testid="filter-done">
                {t('wallet.history.done')}
              </Popover.Close>
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
