import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps } from '../../deps';
import {
  ZRecentQuery,
  ZShipment,
  ZShipmentDetail,
  ZShipmentList,
  ZShipmentListQuery,
  ZTrackingLookup,
} from '../../../shared/contracts/shipments';
import { requireUser, signedIn } from '../auth/session';
import { createShipmentsService } from './service';

const ZIdParams = z.object({ id: z.string() });
const ZTrackingParams = z.object({ trackingNumber: z.string() });

export function registerShipments(root: App, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const shipments = createShipmentsService({
    db: deps.database.db,
    clock: deps.clock,
    carriers: deps.providers.carriers,
    log: app.log,
    lifecycle: deps.lifecycle,
  });

  app.get(
    '/api/shipments',
    { ...signedIn, schema: { querystring: ZShipmentListQuery, response: { 200: ZShipmentList } } },
    async (request) => shipments.list(requireUser(request).id, request.query),
  );

  app.get(
    '/api/shipments/recent',
    { ...signedIn, schema: { querystring: ZRecentQuery, response: { 200: z.array(ZShipment) } } },
    async (request) => shipments.recent(requireUser(request).id, request.query.limit ?? 8),
  );

  app.get(
    '/api/shipments/:id',
    { ...signedIn, schema: { params: ZIdParams, response: { 200: ZShipmentDetail } } },
    async (request) => shipments.detail(requireUser(request).id, request.params.id),
  );

  app.get(
    '/api/tracking/:trackingNumber',
    { ...signedIn, schema: { params: ZTrackingParams, response: { 200: ZTrackingLookup } } },
    async (request) => shipments.track(requireUser(request).id, request.params.trackingNumber),
  );
}
