import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { TTransaction, TTransactionList, TWallet, TWalletMonth } from '../../../shared/contracts/wallet';
import { MAX_PAGE_LIMIT } from '../../../shared/contracts/shipments';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/queries/keys';

/** GET /api/wallet (the rate selection reads the same key and answer). */
export const walletQuery = queryOptions({
  queryKey: queryKeys.wallet,
  queryFn: () => api.get<TWallet>('/api/wallet'),
});

/**
 * GET /api/wallet/month: this month's shipping charges (the spend card's figure) and refunds. Under the
 * wallet's key, so whatever refreshes the balance (an order, a void, a top-up) refreshes it too.
 */
export const walletMonthQuery = queryOptions({
  queryKey: [...queryKeys.wallet, 'month'],
  queryFn: () => api.get<TWalletMonth>('/api/wallet/month'),
});

export const TRANSACTIONS_PAGE_SIZE = 50;

const transactionsPage = (page: number, limit: number) =>
  api.get<TTransactionList>(`/api/transactions?page=${page}&limit=${limit}`);

/** GET /api/transactions?page&limit, newest first, one page after another ('Load more'). */
export const transactionsQuery = infiniteQueryOptions({
  queryKey: [...queryKeys.transactions, 'pages', TRANSACTIONS_PAGE_SIZE],
  queryFn: ({ pageParam }) => transactionsPage(pageParam, TRANSACTIONS_PAGE_SIZE),
  initialPageParam: 1,
  getNextPageParam: (last) => (last.pagination.hasNextPage ? last.pagination.page + 1 : undefined),
});

/**
 * The loaded pages as one list. Pages are windows by offset: an entry written between two loads
 * shifts the next page by one, so an entry seen twice is kept once.
 */
export function flattenPages(pages: readonly TTransactionList[] | undefined): TTransaction[] {
  const seen = new Set<string>();
  const all: TTransaction[] = [];
  for (const page of pages ?? []) {
    for (const t of page.data) {
      if (seen.has(t.id)) continue;
      seen.add(t.id);
      all.push(t);
    }
  }
  return all;
}

/** Every transaction of the wallet (for the export), page by page at the largest page size. */
export async function fetchAllTransactions(): Promise<TTransaction[]> {
  const pages: TTransactionList[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await transactionsPage(page, MAX_PAGE_LIMIT);
    pages.push(answer);
    if (!answer.pagination.hasNextPage) break;
  }
  return flattenPages(pages);
}
