import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from '../../deps';
import {
  CARRIER_WARNINGS_HEADER,
  ZQuoteFailure,
  ZQuoteRequest,
  ZQuoteResponse,
  encodeWarningsHeader,
} from '../../../shared/contracts/rates';
import { enforceRateLimits, type RateRule } from '../../lib/rate-limit';
import { createMemoryRateLimiter, type MemoryRateLimiter } from '../../lib/memory-rate-limit';
import { requireUser, signedIn } from '../auth/session';
import { NoRatesError, createRatesService, toWireWarning } from './service';

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
export async function countQuote(deps: AppDeps, userId: string): Promise<void> {
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

export function registerRates(root: App, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const rates = createRatesService({
    db: deps.database.db,
    clock: deps.clock,
    carriers: deps.providers.carriers,
    timeoutMs: deps.config.carrierTimeoutMs,
    log: app.log,
  });

  app.post(
    '/api/rates/quote',
    { ...signedIn, schema: { body: ZQuoteRequest, response: { 200: ZQuoteResponse, 502: ZQuoteFailure } } },
    async (request, reply) => {
      const user = requireUser(request);
      await countQuote(deps, user.id);
      try {
        const { rates: options, warnings } = await rates.quote(user.id, request.body);
        if (warnings.length > 0) reply.header(CARRIER_WARNINGS_HEADER, encodeWarningsHeader(warnings));
        return options;
      } catch (err) {
        if (!(err instanceof NoRatesError)) throw err;
        return reply.code(502).send({
          message: err.message,
          code: err.code,
          warnings: err.warnings.map(toWireWarning),
        });
      }
    },
  );
}
