/**
 * The `data` of each webhook event (decision 034): what a receiver needs to act without calling
 * back (it may call GET /api/v1/shipments/{id} for the rest). Money as the API writes it: a decimal
 * string in CAD.
 */
import type { ShipmentRow } from '../../db/schema/orders';
import { centsToDecimal } from '../../../shared/money';

export function shipmentEventData(
  row: Pick<
    ShipmentRow,
    | 'id'
    | 'orderCode'
    | 'status'
    | 'carrier'
    | 'serviceCode'
    | 'serviceName'
    | 'trackingNumber'
    | 'totalCents'
    | 'refundedCents'
    | 'test'
    | 'estimatedDelivery'
    | 'deliveredAt'
  >,
) {
  return {
    shipment: {
      id: row.id,
      orderCode: row.orderCode,
      status: row.status,
      carrier: row.carrier,
      serviceCode: row.serviceCode,
      serviceName: row.serviceName,
      trackingNumber: row.trackingNumber,
      total: centsToDecimal(row.totalCents),
      refunded: centsToDecimal(row.refundedCents),
      currency: 'CAD',
      test: row.test,
      estimatedDelivery: row.estimatedDelivery,
      deliveredAt: row.deliveredAt ? new Date(row.deliveredAt).toISOString() : null,
    },
  };
}
