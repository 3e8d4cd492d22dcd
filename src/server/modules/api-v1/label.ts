import type { ShipmentRow } from '../../db/schema/orders';
import { labelPdfBase64, printableShipment, type LabelDeps } from '../orders/label-service';

/**
 * A shipment's label PDF as print-label makes it (labelPdfBase64: the carrier's own, or ours drawn on
 * the worker pool with SPECIMEN for a sandbox or test shipment); none without a label, 409 once voided.
 */
export async function labelPdfOf(deps: LabelDeps, row: ShipmentRow): Promise<Buffer> {
  return Buffer.from(await labelPdfBase64(deps, printableShipment(row)), 'base64');
}
