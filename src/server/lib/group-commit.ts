import { sqlStateOf } from '../db/errors';

/**
 * Group commit: writes asked for while the previous write is still running go to the database
 * together, as one statement (decision 048). A write asked for when none is running starts at the
 * end of this turn of the event loop (setImmediate), with the writes of the requests handled in the
 * same turn; so an idle process hardly waits, and under load each statement carries every write
 * that queued behind the one before it. (Started at once, on a microtask, every statement carried one
 * quote: the next quote's request was still being handled when the write ran.)
 *
 * `write` answers one result per item, in the items' order. When a batch fails because of what one
 * item holds (`isItemError`: a value the database refuses, a broken constraint), every item is
 * written again alone, so only that item's caller gets the error; any other failure (the database
 * gone, a timeout) is every item's error at once, without trying each.
 */
export type GroupCommit<T, R> = (item: T) => Promise<R>;

type Pending<T, R> = { item: T; resolve(result: R): void; reject(err: unknown): void };

export function groupCommit<T, R>(
  write: (items: T[]) => Promise<R[]>,
  opts: { maxBatch: number; isItemError(err: unknown): boolean },
): GroupCommit<T, R> {
  const queue: Pending<T, R>[] = [];
  let running = false;

  async function writeBatch(batch: Pending<T, R>[]): Promise<void> {
    try {
      const results = await write(batch.map((p) => p.item));
      if (results.length !== batch.length)
        throw new Error(`group commit: ${results.length} results for ${batch.length} items`);
      batch.forEach((p, i) => p.resolve(results[i]!));
    } catch (err) {
      if (batch.length === 1 || !opts.isItemError(err)) {
        for (const p of batch) p.reject(err);
        return;
      }
      for (const p of batch) await writeBatch([p]);
    }
  }

  async function drain(): Promise<void> {
    try {
      while (queue.length > 0) await writeBatch(queue.splice(0, opts.maxBatch));
    } finally {
      running = false;
    }
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (running) return;
      running = true;
      setImmediate(() => void drain());
    });
}

/**
 * A database error caused by one row's values: SQLSTATE class 22 (data exception: a value its type
 * refuses) or 23 (integrity constraint: a missing user, a duplicate id).
 */
export function isRowError(err: unknown): boolean {
  return /^2[23]/.test(sqlStateOf(err) ?? '');
}
