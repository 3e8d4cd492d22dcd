import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from '../../deps';
import { ZAdminCarriers, ZCarrierStatus } from '../../../shared/contracts/carriers';
import { carrierStatusOf } from '../../providers/carriers/registry';
import { adminOnly, signedIn } from '../auth/session';
import { carrierCallStats } from './calls';

/**
 * GET /api/carriers/status: whether the enabled carriers are real (issue 22). The sidebar badge
 * says 'Sandbox' while every carrier is the built-in simulation, 'Live' only when all are live.
 */
export function registerCarriers(root: App, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get('/api/carriers/status', { ...signedIn, schema: { response: { 200: ZCarrierStatus } } }, async () =>
    carrierStatusOf(deps.providers.carriers),
  );
  // The admin panel's carriers view (issue 24): mode, last call and the last hour's error rate.
  app.get('/api/admin/carriers', { ...adminOnly, schema: { response: { 200: ZAdminCarriers } } }, async () =>
    carrierCallStats(deps.database.db, deps.providers.carriers),
  );
}
