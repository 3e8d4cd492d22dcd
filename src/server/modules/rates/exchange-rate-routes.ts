import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from '../../deps';
import { ZExchangeRate, ZSetExchangeRate, type TExchangeRate } from '../../../shared/contracts/customs';
import { formatRate } from '../../../shared/customs';
import { adminOnly, requireAdmin, signedIn } from '../auth/session';
import { setUsdRate, usdRateInForce } from './exchange-rate-repo';

/**
 * The CAD/USD rate customs values are converted at (issue 25, decision 029): read by the shipment
 * form, set by an admin (a new row from now on; quotes already made keep theirs).
 */
export function registerExchangeRate(root: App, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const current = async (): Promise<TExchangeRate> => {
    const rate = await usdRateInForce(db);
    return { cadPerUsd: formatRate(rate), setAt: rate.setAt.toISOString() };
  };
  app.get('/api/exchange-rate', { ...signedIn, schema: { response: { 200: ZExchangeRate } } }, current);
  app.put(
    '/api/admin/exchange-rate',
    { ...adminOnly, schema: { body: ZSetExchangeRate, response: { 200: ZExchangeRate } } },
    async (request) => {
      const admin = requireAdmin(request);
      await setUsdRate(db, {
        cadPerUsdMicros: Math.round(request.body.cadPerUsd * 1_000_000),
        note: request.body.note ?? '',
        adminId: admin.id,
        ipAddress: request.ip,
        at: deps.clock.now(),
      });
      return current();
    },
  );
}
