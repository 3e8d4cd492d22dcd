/**
 * POST /api/shipments/print-label/{orderCodeOrTrackingNumber}: the 4×6 PDF label of one of the
 * user's shipments, drawn on a worker thread (labels/render-label.ts) so a burst of prints never
 * holds up other requests. Another user's shipment, or a shipment without a label, answers 404.
 */
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq, or, sql } from 'drizzle-orm';
import type { App, AppDeps } from '../../app';
import { shipments, type ShipmentRow } from '../../db/schema/orders';
import { AppError, notFound } from '../../lib/errors';
import { ErrorCode } from '../../../shared/errors';
import { carrierName } from '../../../shared/carriers';
import { ZLabelResponse } from '../../../shared/contracts/shipments';
import type { LabelInput } from '../../labels/label-input';
import { labelPartyOf } from './service';
import { requireUser, signedIn } from '../auth/session';

export function labelInputOf(row: ShipmentRow): LabelInput {
  const party = (p: ShipmentRow['fromAddress']) => {
    const l = labelPartyOf(p);
    return {
      name: l.name,
      company: l.company,
      address1: l.address1,
      address2: l.address2,
      city: l.city,
      province: l.province,
      postalCode: l.postalCode,
      country: l.country,
      phone: l.phone,
    };
  };
  return {
    carrierCode: row.carrier,
    carrierName: carrierName(row.carrier),
    serviceCode: row.serviceCode,
    serviceName: row.serviceName,
    trackingNumber: row.trackingNumber ?? '',
    orderCode: row.orderCode,
    shipDate: row.shipDate,
    from: party(row.fromAddress),
    to: party(row.toAddress),
    weightKg: row.package.weightKg,
    dimensionsCm: { length: row.package.lengthCm, width: row.package.widthCm, height: row.package.heightCm },
    packageType: row.package.type,
    reference: row.package.description,
    mode: row.mode,
  };
}

export function registerLabelRoute(app: App, deps: AppDeps): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/shipments/print-label/:ref',
      { ...signedIn, schema: { params: z.object({ ref: z.string() }), response: { 200: ZLabelResponse } } },
      async (request) => {
        const user = requireUser(request);
        const ref = request.params.ref.normalize('NFKC').replace(/\s+/g, '').toUpperCase();
        if (ref === '' || ref.length > 64) throw notFound('Label not found');
        const [row] = await deps.database.db
          .select()
          .from(shipments)
          .where(
            and(
              eq(shipments.userId, user.id),
              or(eq(shipments.orderCode, ref), sql`upper(${shipments.trackingNumber}) = ${ref}`),
            ),
          )
          .limit(1);
        if (!row || !row.trackingNumber || row.status === 'failed' || row.status === 'purchasing') {
          throw notFound('Label not found');
        }
        if (row.status === 'cancelled') {
          throw new AppError(409, 'This label was voided and can no longer be printed', ErrorCode.CONFLICT);
        }
        const pdf = await deps.providers.workers.runTask('renderLabel', labelInputOf(row));
        const base64 = typeof pdf === 'string' ? pdf : Buffer.from(pdf as Uint8Array).toString('base64');
        return {
          success: true as const,
          base64,
          mimeType: 'application/pdf' as const,
          trackingNumber: row.trackingNumber,
        };
      },
    );
}
