import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from '../../deps';
import { ZDashboardQuery, ZDashboardStats } from '../../../shared/contracts/dashboard';
import { requireUser, signedIn } from '../auth/session';
import { createDashboardService } from './service';

export function registerDashboard(root: App, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const dashboard = createDashboardService({ db: deps.database.db, clock: deps.clock });

  app.get(
    '/api/dashboard/stats',
    { ...signedIn, schema: { querystring: ZDashboardQuery, response: { 200: ZDashboardStats } } },
    async (request) => dashboard.stats(requireUser(request).id, request.query.period ?? 'monthly'),
  );
}
