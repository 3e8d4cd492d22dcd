/**
 * The admin back-office's users, stats and all-orders calls (contracts/admin.ts). Every route is
 * admin only: 401 when anonymous, 403 for any other role, before the body or query is read.
 * (Audit logs: modules/audit; add/edit balance: modules/orders/routes.ts.)
 */
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from '../../deps';
import {
  ZAdminOrganization,
  ZAdminShipmentList,
  ZAdminShipmentQuery,
  ZAdminStats,
  ZAdminUser,
  ZAdminUserChange,
  ZCustomerWithPayments,
  ZRoleChange,
  ZStatusChange,
  ZUserIdParams,
  ZWalletHoldChange,
} from '../../../shared/contracts/admin';
import { adminOnly, requireAdmin } from '../auth/session';
import { createAdminReadService } from './read';
import { createAdminUsersService } from './users';

export function registerAdmin(root: App, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;
  const read = createAdminReadService({ db, clock: deps.clock });
  const people = createAdminUsersService({ db, clock: deps.clock });

  app.get('/api/admin/stats', { ...adminOnly, schema: { response: { 200: ZAdminStats } } }, async () => read.stats());

  for (const url of ['/api/admin/users', '/api/admin/users-with-wallets']) {
    app.get(url, { ...adminOnly, schema: { response: { 200: z.array(ZAdminUser) } } }, async () => read.users());
  }

  app.get(
    '/api/admin/organizations',
    { ...adminOnly, schema: { response: { 200: z.array(ZAdminOrganization) } } },
    async () => read.organizations(),
  );

  app.put(
    '/api/admin/users/:userId/role',
    { ...adminOnly, schema: { params: ZUserIdParams, body: ZRoleChange, response: { 200: ZAdminUserChange } } },
    async (request) => {
      const admin = requireAdmin(request);
      return people.changeRole({ id: admin.id, ipAddress: request.ip }, request.params.userId, request.body.role);
    },
  );

  app.put(
    '/api/admin/users/:userId/status',
    { ...adminOnly, schema: { params: ZUserIdParams, body: ZStatusChange, response: { 200: ZAdminUserChange } } },
    async (request) => {
      const admin = requireAdmin(request);
      return people.changeStatus({ id: admin.id, ipAddress: request.ip }, request.params.userId, request.body.isActive);
    },
  );

  app.put(
    '/api/admin/users/:userId/wallet-hold',
    { ...adminOnly, schema: { params: ZUserIdParams, body: ZWalletHoldChange, response: { 200: ZAdminUserChange } } },
    async (request) => {
      const admin = requireAdmin(request);
      return people.changeWalletHold(
        { id: admin.id, ipAddress: request.ip },
        request.params.userId,
        request.body.onHold,
        request.body.reason,
      );
    },
  );

  app.get(
    '/api/admin/shipments',
    { ...adminOnly, schema: { querystring: ZAdminShipmentQuery, response: { 200: ZAdminShipmentList } } },
    async (request) => read.shipments(request.query),
  );

  app.get(
    '/api/admin/customers-with-payments',
    { ...adminOnly, schema: { response: { 200: z.array(ZCustomerWithPayments) } } },
    async () => read.customersWithPayments(),
  );
}
