import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from '../../deps';
import { ZAuditLogList, ZAuditLogQuery } from '../../../shared/contracts/settings';
import { adminOnly } from '../auth/session';
import { listAuditLogs } from './repo';

const AUDIT_PAGE = 50;

export function registerAudit(root: App, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/audit-logs',
    {
      ...adminOnly,
      schema: { querystring: ZAuditLogQuery, response: { 200: ZAuditLogList } },
    },
    async (request) => {
      return listAuditLogs(deps.database.db, { userId: request.query.userId, limit: AUDIT_PAGE });
    },
  );
}
