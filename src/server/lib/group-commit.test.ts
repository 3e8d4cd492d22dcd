import { describe, expect, it } from 'vitest';
import { groupCommit, isRowError } from './group-commit';

const rowError = (message: string) => Object.assign(new Error(message), { code: '23503' });

/** A writer that records each batch it was given and doubles every item, refusing negatives. */
function recorder(opts: { failWith?: (items: number[]) => Error | null } = {}) {
  const batches: number[][] = [];
  const write = groupCommit<number, number>(
    async (items) => {
      batches.push([...items]);
      await new Promise((r) => setTimeout(r, 5));
      const err = opts.failWith?.(items) ?? (items.some((n) => n < 0) ? rowError('negative') : null);
      if (err) throw err;
      return items.map((n) => n * 2);
    },
    { maxBatch: 4, isItemError: isRowError },
  );
  return { write, batches };
}

describe('groupCommit (decision 048)', () => {
  it('a write alone goes at once, alone', async () => {
    const { write, batches } = recorder();
    expect(await write(1)).toBe(2);
    expect(batches).toEqual([[1]]);
  });

  it('writes asked for while one runs go together next, at most maxBatch a statement', async () => {
    const { write, batches } = recorder();
    const first = write(1);
    await new Promise((r) => setImmediate(r)); // the first write is running now
    const rest = [2, 3, 4, 5, 6, 7].map((n) => write(n));
    expect(await Promise.all([first, ...rest])).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(batches).toEqual([[1], [2, 3, 4, 5], [6, 7]]);
  });

  it('the writes of one tick share a statement', async () => {
    const { write, batches } = recorder();
    expect(await Promise.all([write(1), write(2), write(3)])).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it("a row the database refuses fails only its own caller's write", async () => {
    const { write, batches } = recorder();
    const results = await Promise.allSettled([write(1), write(-1), write(3)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[0]).toEqual({ status: 'fulfilled', value: 2 });
    expect(results[2]).toEqual({ status: 'fulfilled', value: 6 });
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('negative');
    expect(batches).toEqual([[1, -1, 3], [1], [-1], [3]]);
  });

  it('any other failure is every write’s error, without trying each again', async () => {
    const down = new Error('connection terminated');
    const { write, batches } = recorder({ failWith: () => down });
    const results = await Promise.allSettled([write(1), write(2)]);
    expect(results).toEqual([
      { status: 'rejected', reason: down },
      { status: 'rejected', reason: down },
    ]);
    expect(batches).toEqual([[1, 2]]);
  });

  it('keeps writing after a failed batch', async () => {
    let fail = true;
    const { write, batches } = recorder({ failWith: () => (fail ? new Error('busy') : null) });
    await expect(write(1)).rejects.toThrow('busy');
    fail = false;
    expect(await write(2)).toBe(4);
    expect(batches).toEqual([[1], [2]]);
  });
});

describe('isRowError', () => {
  it('knows a data exception or a constraint, also wrapped, and nothing else', () => {
    expect(isRowError({ code: '22P02' })).toBe(true);
    expect(isRowError({ code: '23505' })).toBe(true);
    expect(isRowError(new Error('wrapped', { cause: { code: '23503' } }))).toBe(true);
    expect(isRowError({ code: '57P01' })).toBe(false);
    expect(isRowError({ code: '40001' })).toBe(false);
    expect(isRowError(new Error('connection terminated'))).toBe(false);
    expect(isRowError(null)).toBe(false);
    expect(isRowError('23505')).toBe(false);
  });
});
