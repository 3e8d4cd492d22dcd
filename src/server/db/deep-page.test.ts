import { describe, expect, it } from 'vitest';
import { COUNT_FIRST_FROM_OFFSET, readDeepPage } from './deep-page';

/** A list of `total` rows numbered newest first (0 is the newest), recording the reads it was asked for. */
function list(total: number, capped = false, markedFrom?: number) {
  const reads: string[] = [];
  const count = async () => ({ total, capped, ...(markedFrom === undefined ? {} : { markedFrom }) });
  const page = async (limit: number, offset: number, from: 'newest' | 'oldest') => {
    reads.push(`${from} ${limit}@${offset}`);
    const all = Array.from({ length: total }, (_, i) => i);
    const ordered = from === 'newest' ? all : [...all].reverse();
    return ordered.slice(offset, offset + limit);
  };
  return { count, page, reads };
}

describe('readDeepPage', () => {
  it('reads a near page newest first, counting at the same time', async () => {
    const l = list(50);
    expect(await readDeepPage({ limit: 10, offset: 20 }, l.count, l.page)).toEqual({
      rows: [20, 21, 22, 23, 24, 25, 26, 27, 28, 29],
      total: 50,
      capped: false,
    });
    expect(l.reads).toEqual(['newest 10@20']);
  });

  it('reads nothing past the end of a deep list', async () => {
    const l = list(COUNT_FIRST_FROM_OFFSET + 5);
    const r = await readDeepPage({ limit: 10, offset: COUNT_FIRST_FROM_OFFSET + 10 }, l.count, l.page);
    expect(r.rows).toEqual([]);
    expect(l.reads).toEqual([]);
  });

  it('reads a page in the older half backwards from the oldest row, in newest-first order', async () => {
    const total = 3 * COUNT_FIRST_FROM_OFFSET;
    const l = list(total);
    const r = await readDeepPage({ limit: 10, offset: total - 5 }, l.count, l.page);
    expect(r.rows).toEqual([total - 5, total - 4, total - 3, total - 2, total - 1]);
    expect(l.reads).toEqual(['oldest 5@0']);
  });

  it('pages a capped count from the newest', async () => {
    const l = list(3 * COUNT_FIRST_FROM_OFFSET, true);
    await readDeepPage({ limit: 10, offset: 2 * COUNT_FIRST_FROM_OFFSET }, l.count, l.page);
    expect(l.reads).toEqual([`newest 10@${2 * COUNT_FIRST_FROM_OFFSET}`]);
  });

  it('reads a deep page from the oldest past a mark when that skips fewer rows, else from the newest', async () => {
    const total = 10 * COUNT_FIRST_FROM_OFFSET;
    // Newest-first rows [3000, 3010) are oldest-first rows [6990, 7000): a mark at 6000 leaves 990 to skip.
    const marked = list(total, false, 6000);
    const r = await readDeepPage({ limit: 10, offset: 3000 }, marked.count, marked.page);
    expect(r.rows).toEqual([3000, 3001, 3002, 3003, 3004, 3005, 3006, 3007, 3008, 3009]);
    expect(marked.reads).toEqual(['oldest 10@6990']);
    // A mark far below: 6,990 − 1,000 rows from the oldest is more than 3,000 from the newest.
    const far = list(total, false, 1000);
    await readDeepPage({ limit: 10, offset: 3000 }, far.count, far.page);
    expect(far.reads).toEqual(['newest 10@3000']);
  });
});
