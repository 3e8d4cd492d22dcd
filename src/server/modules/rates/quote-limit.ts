/** The per-user quote limit, counted by the quote route and by an order that quotes again. */
import type { AppDeps } from '../../deps';
import { enforceRateLimits, type RateRule } from '../../lib/rate-limit';
import { createMemoryRateLimiter, type MemoryRateLimiter } from '../../lib/memory-rate-limit';

/**
 * Quotes a user may ask for: one a second on average by default, sustained, with room for bursts.
 * An order without a quoted option quotes again and counts here too.
 */
export const quoteRule = (config: { quotesPerMinute: number }): RateRule => ({
  name: 'quote-user',
  limit: config.quotesPerMinute,
  windowMs: 60_000,
});

const memoryLimiters = new WeakMap<object, MemoryRateLimiter>();

/**
 * Counts one quote for the user (429 past the limit). On the embedded database the counter lives in
 * memory (one process owns it); on PostgreSQL in `rate_limits`, shared by every process.
 */
export async function countQuote(deps: Pick<AppDeps, 'config' | 'clock' | 'database'>, userId: string): Promise<void> {
  const rule = quoteRule(deps.config);
  const now = deps.clock.now();
  if (deps.database.kind === 'pglite') {
    let limiter = memoryLimiters.get(deps.database);
    if (!limiter) memoryLimiters.set(deps.database, (limiter = createMemoryRateLimiter()));
    limiter.hit(rule, userId, now);
    return;
  }
  await enforceRateLimits(deps.database.db, now, [{ rule, subject: userId }]);
}
