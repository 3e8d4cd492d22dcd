/**
 * The orders' recurring jobs (ops/jobs.ts runs each once per interval across every instance):
 * recovery of orders a dead process left 'purchasing', and pruning of expired quotes.
 */
import type { Job } from '../../ops/jobs';
import { pruneExpiredQuotes } from './repo';
import type { OrdersService } from './service';

/** Settles orders left between debit and label (DESIGN §4): every minute, and at start-up. */
export function recoverOrdersJob(orders: OrdersService): Job {
  return {
    name: 'recover-orders',
    everyMs: 60_000,
    async run() {
      let total = { completed: 0, refunded: 0, pending: 0 };
      // A batch at a time until none is left (or the carrier keeps not answering).
      for (let i = 0; i < 20; i++) {
        const r = await orders.recoverStuckOrders(50);
        total = {
          completed: total.completed + r.completed,
          refunded: total.refunded + r.refunded,
          pending: total.pending + r.pending,
        };
        if (r.completed + r.refunded === 0) break;
      }
      return total;
    },
  };
}

/** Quotes live 15 minutes; a day after expiry, those no order refers to are deleted (their options with them). */
export const pruneQuotesJob: Job = {
  name: 'prune-quotes',
  everyMs: 3_600_000,
  async run({ db, now }) {
    const before = new Date(now.getTime() - 24 * 3_600_000).toISOString();
    return { quotes: await pruneExpiredQuotes(db, before) };
  },
};
