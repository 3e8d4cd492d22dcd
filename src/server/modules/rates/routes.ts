import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from '../../deps';
import {
  CARRIER_WARNINGS_HEADER,
  ZQuoteFailure,
  ZQuoteRequest,
  ZQuoteResponse,
  encodeWarningsHeader,
} from '../../../shared/contracts/rates';
import { requireUser, signedIn } from '../auth/session';
import { NoRatesError, createRatesService, toWireWarning } from './service';
import { countQuote } from './quote-limit';

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
        // The deadline counts from the request's arrival (reply.elapsedTime: Fastify's clock since then).
        const { rates: options, warnings } = await rates.quote(user.id, request.body, {
          elapsedMs: reply.elapsedTime,
        });
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
