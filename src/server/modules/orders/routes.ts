import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as repo from './repo';
import { notFound } from '../../lib/errors';
import { toWireDetail } from '../shipments/wire';
import { registerLabelRoute } from './label-route';
import { countQuote } from '../rates/quote-limit';

import type { App, AppDeps } from '../../deps';
import type { Services } from '../../services';
import { badRequest } from '../../lib/errors';
import {
  IDEMPOTENCY_KEY_HEADER,
  ZCreateShipmentRequest,
  ZCreatedShipment,
  ZIdempotencyKey,
  ZShipmentDetail,
} from '../../../shared/contracts/shipments';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
import { ZAddBalanceRequest, ZBalanceChange, ZEditBalanceRequest } from '../../../shared/contracts/wallet';
import { adminOnly, requireAdmin, requireUser, signedIn } from '../auth/session';

export function registerOrders(root: App, deps: AppDeps, services: Services): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { orders, adminBalance: balances } = services;
  registerLabelRoute(root, deps);

  app.post(
    '/api/shipments',
    { ...signedIn, schema: { body: ZCreateShipmentRequest, response: { 201: ZCreatedShipment } } },
    async (request, reply) => {
      const user = requireUser(request);
      const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
      let idempotencyKey: string | null = null;
      if (raw !== undefined) {
        const parsed = ZIdempotencyKey.safeParse(Array.isArray(raw) ? raw.join(',') : raw);
        if (!parsed.success) throw badRequest('Idempotency-Key', parsed.error.issues[0]!.message);
        idempotencyKey = parsed.data;
      }
      if (!request.body.rateDetails?.id) {
        // Without a quoted option the order quotes every carrier again: that counts as a quote.
        await countQuote(deps, user.id);
      }
      const created = await orders.placeOrder(
        { userId: user.id, organizationId: user.organizationId, idempotencyKey, ipAddress: request.ip },
        request.body,
      );
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/api/shipments/:id/void',
    { ...signedIn, schema: { params: z.object({ id: z.string() }), response: { 200: ZShipmentDetail } } },
    async (request) => {
      const user = requireUser(request);
      const id = request.params.id;
      if (!UUID.test(id)) throw notFound('Shipment not found');
      const row = await orders.voidShipment(user.id, id, request.ip);
      const db = deps.database.db;
      const events = await repo.trackingEventsOf(db, row.id);
      const count = row.receiverKey ? await repo.ordersToReceiver(db, user.id, row.receiverKey) : null;
      return toWireDetail(row, events, count);
    },
  );

  app.post(
    '/api/admin/add-balance',
    { ...adminOnly, schema: { body: ZAddBalanceRequest, response: { 200: ZBalanceChange } } },
    async (request) => balances.addBalance({ id: requireAdmin(request).id, ipAddress: request.ip }, request.body),
  );

  app.post(
    '/api/admin/edit-balance',
    { ...adminOnly, schema: { body: ZEditBalanceRequest, response: { 200: ZBalanceChange } } },
    async (request) => balances.editBalance({ id: requireAdmin(request).id, ipAddress: request.ip }, request.body),
  );
}
