import type { AppDeps } from '../../deps';
import type { ShipmentRow } from '../../db/schema/orders';
import { AppError, notFound } from '../../lib/errors';
import { ErrorCode } from '../../../shared/errors';
import { labelPdfBase64 } from '../orders/label-route';

/**
 * A shipment's label PDF as print-label makes it (labelPdfBase64: the carrier's own, or ours drawn on
 * the worker pool with SPECIMEN for a sandbox or test shipment); none without a label, 409 once voided.
 */
export async function labelPdfOf(deps: AppDeps, row: ShipmentRow): Promise<Buffer> {
  if (!row.trackingNumber || row.status === 'failed' || row.status === 'purchasing') throw notFound('Label not found');
  if (row.status === 'cancelled') {
    throw new AppError(409, 'This label was voided and can no longer be printed', ErrorCode.CONFLICT);
  }
  return Buffer.from(await labelPdfBase64(deps, row), 'base64');
}
