/**
 * One page of a newest-first list, read so that deep pages stay cheap (decision 031; the one helper
 * for every long list). Near the start the count and the page run at once; past
 * COUNT_FIRST_FROM_OFFSET the count comes first: a page past the end reads nothing, and a page in the
 * older half is read backwards from the oldest row (the last page skips a handful of index entries
 * instead of all the others). A capped count (a search that stopped counting) pages from the newest.
 * A count that brings a mark (`markedFrom`: a read from the oldest may start after that many rows,
 * decision 054) has a deep page read from the oldest whenever that skips fewer rows.
 */
export const COUNT_FIRST_FROM_OFFSET = 1000;

export type PageCount = {
  total: number;
  capped?: boolean;
  /**
   * Rows from the oldest that a read from the oldest need not skip (a kept mark, at most total −
   * offset − limit): `page(…, skip, 'oldest')` then seeks past them and skips only the rest.
   */
  markedFrom?: number;
};

export async function readDeepPage<Row, C extends PageCount>(
  q: { limit: number; offset: number },
  count: () => Promise<C>,
  page: (limit: number, offset: number, from: 'newest' | 'oldest') => Promise<Row[]>,
): Promise<{ rows: Row[] } & C> {
  if (q.offset < COUNT_FIRST_FROM_OFFSET) {
    const [c, rows] = await Promise.all([count(), page(q.limit, q.offset, 'newest')]);
    return { rows, ...c };
  }
  const c = await count();
  if (q.offset >= c.total) return { rows: [], ...c };
  // Rows [offset, end) newest first are rows [total - end, total - offset) oldest first.
  const end = Math.min(q.offset + q.limit, c.total);
  const fromNewest =
    c.capped || (c.markedFrom === undefined ? q.offset * 2 <= c.total : q.offset <= c.total - end - c.markedFrom);
  if (fromNewest) return { rows: await page(q.limit, q.offset, 'newest'), ...c };
  const rows = await page(end - q.offset, c.total - end, 'oldest');
  return { rows: rows.reverse(), ...c };
}
