import { ArrowDownLeft, ArrowUpRight, Receipt, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TTransaction } from '../../../../shared/contracts/wallet';
import { Button } from '../../../components/ui/button';
import { formatDateTime, formatMoney } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';
import { cn } from '../../../lib/cn';
import {
  activeFilterCount,
  describeTransaction,
  movedMoney,
  NO_FILTER,
  signedCents,
  statusBadgeClass,
  type HistoryFilter,
} from '../transactions';
import { HistoryFilterMenu } from './type-filter';
import { TopupReceiptButton } from './topup-receipt-button';

function useLang(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'zh' ? 'zh' : 'en';
}

function StatusBadge({ status }: { status: TTransaction['status'] }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium', statusBadgeClass(status))}
      data-testid="transaction-status"
      data-status={status}
    >
      {t(`wallet.statuses.${status}`)}
    </span>
  );
}

function Amount({ transaction }: { transaction: TTransaction }) {
  const lang = useLang();
  const cents = signedCents(transaction);
  // An entry that moved no money (pending, or a chargeback later top-ups paid) is shown muted.
  const moved = movedMoney(transaction);
  return (
    <span
      className={cn(
        'whitespace-nowrap tabular-nums',
        !moved
          ? 'font-normal text-slate-500'
          : cents < 0
            ? 'font-semibold text-slate-900'
            : 'font-semibold text-emerald-700',
      )}
      data-testid="transaction-amount"
      data-cents={cents}
      data-moved={moved}
    >
      {cents > 0 ? '+' : ''}
      {formatMoney(cents, lang)}
    </span>
  );
}

function DirectionIcon({ transaction }: { transaction: TTransaction }) {
  return transaction.direction === 'debit' ? (
    <ArrowUpRight className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
  ) : (
    <ArrowDownLeft className="size-4 shrink-0 text-emerald-600" aria-hidden="true" />
  );
}

/** A masked card number ('•••• 4444') on one line: a narrow card would break it after the dots. */
const maskedTogether = (text: string) => text.replace(/•••• (\d{4})/g, '••••\u00a0$1');

/** Phones: one card per transaction. */
function TransactionCards({ transactions }: { transactions: TTransaction[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <ul className="grid gap-3 md:hidden" data-testid="transaction-cards">
      {transactions.map((tx) => (
        <li key={tx.id} className="grid gap-2 rounded-lg border border-slate-200 p-4" data-testid="transaction-card">
          <div className="flex items-start justify-between gap-3">
            <div className="flex min-w-0 items-start gap-2">
              <DirectionIcon transaction={tx} />
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-900" data-testid="transaction-description">
                  {maskedTogether(describeTransaction(tx, t, lang))}
                </p>
                <p className="text-sm text-slate-600">{t(`wallet.types.${tx.type}`)}</p>
                <TopupReceiptButton transaction={tx} />
              </div>
            </div>
            <Amount transaction={tx} />
          </div>
          <div className="flex items-center justify-between gap-3 text-sm text-slate-600">
            <time dateTime={tx.createdAt}>{formatDateTime(tx.createdAt, lang)}</time>
            <StatusBadge status={tx.status} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** From md up: a table with date, description, type, amount and status. */
function TransactionTable({ transactions }: { transactions: TTransaction[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const th = 'px-4 py-3 text-left text-xs font-medium uppercase tracking-wide text-slate-600';
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full text-sm" data-testid="transaction-table">
        <caption className="sr-only">{t('wallet.history.title')}</caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            <th scope="col" className={th}>
              {t('wallet.history.columns.date')}
            </th>
            <th scope="col" className={th}>
              {t('wallet.history.columns.description')}
            </th>
            <th scope="col" className={th}>
              {t('wallet.history.columns.type')}
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              {t('wallet.history.columns.amount')}
            </th>
            <th scope="col" className={th}>
              {t('wallet.history.columns.status')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {transactions.map((tx) => (
            <tr key={tx.id} data-testid="transaction-row">
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                <time dateTime={tx.createdAt}>{formatDateTime(tx.createdAt, lang)}</time>
              </td>
              <td className="px-4 py-3 text-slate-900">
                {describeTransaction(tx, t, lang)}
                <div>
                  <TopupReceiptButton transaction={tx} />
                </div>
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                <span className="inline-flex items-center gap-1.5">
                  <DirectionIcon transaction={tx} />
                  {t(`wallet.types.${tx.type}`)}
                </span>
              </td>
              <td className="px-4 py-3 text-right">
                <Amount transaction={tx} />
              </td>
              <td className="px-4 py-3">
                <StatusBadge status={tx.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function HistorySkeleton() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3" data-testid="transactions-loading">
      <p role="status" className="sr-only">
        {t('wallet.history.loading')}
      </p>
      {[0, 1, 2].map((i) => (
        <div key={i} aria-hidden="true" className="flex animate-pulse items-center justify-between gap-4 py-2">
          <div className="grid flex-1 gap-2">
            <div className="h-4 w-1/3 rounded bg-slate-200" />
            <div className="h-3 w-1/4 rounded bg-slate-100" />
          </div>
          <div className="h-4 w-16 rounded bg-slate-200" />
        </div>
      ))}
    </div>
  );
}

export type HistoryState =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void; retrying: boolean }
  | {
      status: 'ready';
      /** The loaded transactions the filter keeps, newest first. */
      transactions: TTransaction[];
      /** Whether any transaction exists at all (before the filter). */
      any: boolean;
      hasMore: boolean;
      loadingMore: boolean;
      onLoadMore: () => void;
    };

/** Transaction history (spec §2 Wallet): summary of the month, Filter, then cards or a table. */
export function TransactionHistory({
  state,
  filter,
  onFilterChange,
  summary,
}: {
  state: HistoryState;
  filter: HistoryFilter;
  onFilterChange: (filter: HistoryFilter) => void;
  summary: string | null;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="transactions-title"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
      data-testid="transaction-history"
      aria-busy={state.status === 'loading' || undefined}
    >
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-6 py-4">
        <div>
          <h2 id="transactions-title" className="text-base font-semibold text-slate-900">
            {t('wallet.history.title')}
          </h2>
          {summary ? (
            <p className="mt-1 text-sm text-slate-600" data-testid="transactions-summary">
              {summary}
            </p>
          ) : null}
        </div>
        <HistoryFilterMenu value={filter} onChange={onFilterChange} />
      </div>
      <div className="grid gap-4 p-4 sm:p-6">
        {state.status === 'loading' ? (
          <HistorySkeleton />
        ) : state.status === 'error' ? (
          <div
            role="alert"
            className="grid justify-items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900"
            data-testid="transactions-error"
          >
            <p className="text-sm">{t('wallet.history.failed')}</p>
            <Button variant="secondary" size="sm" onClick={state.retry} disabled={state.retrying}>
              <RefreshCw className={state.retrying ? 'size-4 animate-spin' : 'size-4'} aria-hidden="true" />
              {t('wallet.retry')}
            </Button>
          </div>
        ) : !state.any ? (
          <div className="grid justify-items-center gap-2 py-10 text-center" data-testid="transactions-empty">
            <Receipt className="size-8 text-slate-400" aria-hidden="true" />
            <p className="font-medium text-slate-900">{t('wallet.history.empty')}</p>
            <p className="max-w-sm text-sm text-slate-600">{t('wallet.history.emptyHint')}</p>
          </div>
        ) : (
          <>
            {state.transactions.length === 0 ? (
              <div
                className="grid justify-items-center gap-3 py-8 text-center"
                data-testid="transactions-empty-filtered"
              >
                <p className="text-sm text-slate-600">{t('wallet.history.emptyFiltered')}</p>
                <Button variant="secondary" size="sm" onClick={() => onFilterChange(NO_FILTER)}>
                  {t('wallet.history.clearFilters')}
                </Button>
              </div>
            ) : (
              <>
                <TransactionCards transactions={state.transactions} />
                <TransactionTable transactions={state.transactions} />
              </>
            )}
            {state.hasMore ? (
              <div className="grid justify-items-center gap-2">
                {activeFilterCount(filter) > 0 ? (
                  <p className="text-center text-sm text-slate-600" data-testid="transactions-filter-partial">
                    {t('wallet.history.filterPartial')}
                  </p>
                ) : null}
                <Button
                  variant="secondary"
                  onClick={state.onLoadMore}
                  disabled={state.loadingMore}
                  data-testid="transactions-more"
                >
                  {state.loadingMore ? t('wallet.history.loadingMore') : t('wallet.history.loadMore')}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
