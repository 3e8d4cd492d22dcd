import type { TPagination } from '../../../shared/contracts/shipments';

export const DEFAULT_PAGE_LIMIT = 25;

/** Page and limit of a list query (page 1 and 25 by default) and the rows to skip. */
export function pageWindow(q: { page?: number; limit?: number }): { page: number; limit: number; offset: number } {
  const page = q.page ?? 1;
  const limit = q.limit ?? DEFAULT_PAGE_LIMIT;
  return { page, limit, offset: (page - 1) * limit };
}

/**
 * The list answer's pagination; a page past the end keeps the real totals (totalPages is at least 1).
 * `capped`: the count stopped there (a search with more matches); the pages cover that many.
 */
export function paginationOf(total: number, page: number, limit: number, capped = false): TPagination {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return {
    total,
    page,
    limit,
    totalPages,
    hasPrevPage: page > 1,
    hasNextPage: page < totalPages,
    ...(capped ? { totalCapped: true } : {}),
  };
}
