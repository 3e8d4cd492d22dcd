import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from '../../app';
import { ZCarrierStatus } from '../../../shared/contracts/carriers';
import { carrierStatusOf } from '../../providers/carriers/registry';
import { signedIn } from '../auth/session';

/**
 * GET /api/carriers/status: whether the enabled carriers are real (issue 22). The sidebar badge
 * says 'Sandbox' while every carrier is the built-in simulation, 'Live' only when all are live.
 */
export function registerCarriers(root: App, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get('/api/carriers/status', { ...signedIn, schema: { response: { 200: ZCarrierStatus } } }, async () =>
    carrierStatusOf(deps.providers.carriers),
  );
}
