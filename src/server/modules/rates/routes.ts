import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from '../../app';
import { ZQuoteFailure, ZQuoteRequest, ZQuoteResponse } from '../../../shared/contracts/rates';
import { requireUser, signedIn } from '../auth/session';
import { NoRatesError, createRatesService, toWireWarning } from './service';

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
      try {
        return await rates.quote(requireUser(request).id, request.body);
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
