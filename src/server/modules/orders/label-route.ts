/**
 * POST /api/shipments/print-label/{orderCodeOrTrackingNumber}: the 4×6 PDF label of one of the
 * user's shipments, or its ZPL (`?format=zpl`). Another user's shipment, or a shipment without a
 * label, answers 404; a voided one 409. The label itself (the carrier's own or drawn by us, with the
 * customs pages) comes from label-service.ts.
 */
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App, AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { ZLabelQuery, ZLabelResponse } from '../../../shared/contracts/shipments';
import { labelPdfBase64, labelZpl, printableShipment } from './label-service';
import * as repo from './label-repo';
import { requireUser, signedIn } from '../auth/session';

export function registerLabelRoute(app: App, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/shipments/print-label/:ref',
    {
      ...signedIn,
      schema: { params: z.object({ ref: z.string() }), querystring: ZLabelQuery, response: { 200: ZLabelResponse } },
    },
    async (request) => {
      const user = requireUser(request);
      const ref = request.params.ref.normalize('NFKC').replace(/\s+/g, '').toUpperCase();
      if (ref === '' || ref.length > 64) throw notFound('Label not found');
      const row = printableShipment(await repo.shipmentByRef(deps.database.db, user.id, ref));
      if (request.query.format === 'zpl') {
        return {
          success: true as const,
          base64: Buffer.from(await labelZpl(deps, row), 'utf8').toString('base64'),
          mimeType: 'application/zpl' as const,
          trackingNumber: row.trackingNumber,
        };
      }
      const base64 = await labelPdfBase64(deps, row);
      return {
        success: true as const,
        base64,
        mimeType: 'application/pdf' as const,
        trackingNumber: row.trackingNumber,
      };
    },
  );
}
