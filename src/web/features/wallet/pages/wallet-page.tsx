import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { fetchAllTransactions, flattenPages, transactionsQuery, walletMonthQuery, walletQuery } from '../api';
import { paymentsConfigQuery } from '../cards-api';
import { BalanceCard } from '../components/balance-card';
import { HoldNotice } from '../components/hold-notice';
import { walletHoldOf } from '../hold';
import { PaymentMethods } from '../components/payment-methods';
import { StatementCard } from '../components/statement-card';
import { SummaryCards, type MonthFigures } from '../components/summary-cards';
import { showTopupComingSoon, TopupDialog } from '../components/topup-dialog';
import { TransactionHistory, type HistoryState } from '../components/transaction-history';
import {
  activeFilterCount,
  amountCents,
  csvFileName,
  filterTransactions,
  inMonth,
  mayHaveMoreFrom,
  mayHaveMoreOfMonth,
  monthName,
  NO_FILTER,
  transactionsCsv,
  describeTransaction,
  type HistoryFilter,
} from '../transactions';

/** Object URLs of a download are released this long after the click (as the labels' are). */
const RELEASE_URL_AFTER_MS = 1000;

function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), RELEASE_URL_AFTER_MS);
}

/** Wallet & Billing (spec §2 Wallet): balance, this month's spend, pending charges, cards, history. */
export function WalletPage() {
  const { t, i18n } = useTranslation();
  const lang: Language = i18n.language === 'zh' ? 'zh' : 'en';
  const wallet = useQuery(walletQuery);
  const walletMonth = useQuery(walletMonthQuery);
  const history = useInfiniteQuery(transactionsQuery);
  const config = useQuery(paymentsConfigQuery);
  const [filter, setFilter] = useState<HistoryFilter>(NO_FILTER);
  const [topupOpen, setTopupOpen] = useState(false);
  // '/wallet?topup=1' (the 'add a card' links of Manage cards and Billing) opens the dialog once.
  const [searchParams, setSearchParams] = useSearchParams();
  const topupAsked = searchParams.get('topup') === '1';
  useEffect(() => {
    if (!topupAsked || !config.data) return;
    setSearchParams(
      (params) => {
        params.delete('topup');
        return params;
      },
      { replace: true },
    );
    if (config.data.provider === 'none') showTopupComingSoon();
    else setTopupOpen(true);
  }, [topupAsked, config.data, setSearchParams]);
  const [exporting, setExporting] = useState(false);
  const now = new Date();
  const month = monthName(now, lang);
  // The spend card's month as the server counted it (its 'YYYY-MM' named mid-month, in Toronto).
  const figuresMonth = walletMonth.data ? monthName(new Date(`${walletMonth.data.month}-15T12:00:00Z`), lang) : month;

  const loaded = flattenPages(history.data?.pages);
  // The month's count needs every transaction of the month: load pages until one reaches an earlier month.
  const monthIncomplete = history.hasNextPage && mayHaveMoreOfMonth(loaded, now);
  // A 'from' day likewise: load pages until one reaches an earlier day.
  const rangeIncomplete = history.hasNextPage && mayHaveMoreFrom(loaded, filter);
  const { fetchNextPage, isFetchingNextPage, isError: historyFailed } = history;
  useEffect(() => {
    if ((monthIncomplete || rangeIncomplete) && !isFetchingNextPage && !historyFailed) void fetchNextPage();
  }, [monthIncomplete, rangeIncomplete, isFetchingNextPage, historyFailed, fetchNextPage]);
  const monthFigures: MonthFigures | null | 'unavailable' = walletMonth.data
    ? {
        shippingCharged: amountCents(walletMonth.data.shippingCharged),
        refunded: amountCents(walletMonth.data.refunded),
      }
    : walletMonth.isError
      ? 'unavailable'
      : null;

  const shown = filterTransactions(loaded, filter);
  const historyState: HistoryState = history.isSuccess
    ? {
        status: 'ready',
        transactions: shown,
        any: loaded.length > 0,
        hasMore: history.hasNextPage,
        loadingMore: history.isFetchingNextPage,
        onLoadMore: () => void history.fetchNextPage(),
      }
    : history.isError
      ? { status: 'error', retry: () => void history.refetch(), retrying: history.isFetching }
      : { status: 'loading' };
  const summary =
    history.isSuccess && !monthIncomplete && loaded.length > 0
      ? // The month's count, whatever the filter shows (the filter has its own count and empty state).
        t('wallet.history.summary', { count: inMonth(loaded, now).length, month })
      : null;

  // Spec §8: no card provider on this server, a neutral 'coming soon' (create-payment-intent answers 501 too).
  const onTopUp = () => (config.data?.provider === 'none' ? showTopupComingSoon() : setTopupOpen(true));

  const onExport = async () => {
    if (exporting) return;
    setExporting(true);
    try {
      const all = filterTransactions(await fetchAllTransactions(), filter);
      if (all.length === 0) {
        toast({
          title: { key: activeFilterCount(filter) > 0 ? 'wallet.export.emptyFiltered' : 'wallet.export.empty' },
          tag: 'wallet.export',
        });
        return;
      }
      const csv = transactionsCsv(all, {
        columns: {
          date: t('wallet.export.columns.date'),
          description: t('wallet.export.columns.description'),
          type: t('wallet.export.columns.type'),
          direction: t('wallet.export.columns.direction'),
          amount: t('wallet.export.columns.amount'),
          status: t('wallet.export.columns.status'),
          balanceAfter: t('wallet.export.columns.balanceAfter'),
        },
        taxColumns: {
          receiptNumber: t('wallet.export.columns.receiptNumber'),
          preTax: t('wallet.export.columns.preTax'),
          gst: t('wallet.export.columns.gst'),
          hst: t('wallet.export.columns.hst'),
          qst: t('wallet.export.columns.qst'),
        },
        type: (type) => t(`wallet.types.${type}`),
        description: (tx) => describeTransaction(tx, t, lang),
        direction: (direction) => t(`wallet.directions.${direction}`),
        status: (status) => t(`wallet.statuses.${status}`),
      });
      download(csv, csvFileName(t('wallet.export.fileName'), new Date()));
      toast({
        title: { key: 'wallet.export.started' },
        description: { key: 'wallet.export.startedDescription', values: { count: all.length } },
        variant: 'success',
        tag: 'wallet.export',
      });
    } catch {
      toast({
        title: { key: 'wallet.export.failed' },
        description: { key: 'wallet.export.failedDescription' },
        variant: 'destructive',
        tag: 'wallet.export',
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="grid gap-6" data-testid="wallet-page">
      <HoldNotice hold={walletHoldOf(wallet.data)} />
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        <div className="md:col-span-2 lg:col-span-1">
          <BalanceCard
            balance={wallet.data ? amountCents(wallet.data.balance) : null}
            loading={wallet.isPending}
            failed={wallet.isError}
            onRetry={() => void wallet.refetch()}
            retrying={wallet.isFetching}
            onTopUp={onTopUp}
            onExport={() => void onExport()}
            exporting={exporting}
          />
        </div>
        <SummaryCards figures={monthFigures} month={figuresMonth} />
      </div>
      <PaymentMethods />
      <StatementCard />
      <TransactionHistory state={historyState} filter={filter} onFilterChange={setFilter} summary={summary} />
      <TopupDialog open={topupOpen} onOpenChange={setTopupOpen} returnFocusId="wallet-top-up" />
    </div>
  );
}
