/**
 * Shipment rows to the wire (ZShipment, ZShipmentDetail, ZTrackingLookup). Shared with the order
 * and void code, which answer the same shapes.
 */
import type { ShipmentRow, StoredParty, TrackingEventRow } from '../../db/schema/orders';
import { centsToDecimal } from '../../../shared/money';
import { carrierName } from '../../../shared/carriers';
import type {
  TShipment,
  TShipmentDetail,
  TShipmentParty,
  TTrackingEvent,
  TTrackingLookup,
} from '../../../shared/contracts/shipments';

function toWireParty(p: StoredParty): TShipmentParty {
  return {
    name: `${p.firstName} ${p.lastName}`.trim(),
    firstName: p.firstName,
    lastName: p.lastName,
    company: p.company,
    address1: p.address1,
    address2: p.address2,
    city: p.city,
    province: p.province,
    postalCode: p.postalCode,
    country: p.country,
    phone: p.phone,
    email: p.email,
  };
}

export function toWireEvent(e: TrackingEventRow): TTrackingEvent {
  return {
    id: e.id,
    status: e.status,
    description: e.description,
    location: e.location,
    timestamp: e.occurredAt.toISOString(),
  };
}

/**
 * `customerOrderCount`: this shipment's place among this user's non-failed orders to the same receiver
 * (1 for the first; repo.receiverOrdinals), null without a receiver key.
 */
export function toWireShipment(row: ShipmentRow, customerOrderCount: number | null): TShipment {
  const pkg = row.package;
  return {
    id: row.id,
    trackingNumber: row.trackingNumber,
    orderCode: row.orderCode,
    carrier: row.carrier,
    carrierName: carrierName(row.carrier),
    mode: row.mode,
    test: row.test,
    service: row.serviceName,
    serviceCode: row.serviceCode,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    estimatedDelivery: row.estimatedDelivery,
    deliveredAt: row.deliveredAt ? row.deliveredAt.toISOString() : null,
    // What the wallet paid: shipping with its taxes, and the duties paid at origin (DDP, issue 25).
    totalCost: centsToDecimal(row.totalCents + row.dutiesCents),
    price: centsToDecimal(row.priceCents),
    taxes: {
      gst: centsToDecimal(row.gstCents),
      hst: centsToDecimal(row.hstCents),
      qst: centsToDecimal(row.qstCents),
      total: centsToDecimal(row.taxTotalCents),
    },
    duties: row.duties ?? null,
    customs: row.customs ?? null,
    insurance: row.insuranceCents > 0 ? centsToDecimal(row.insuranceCents) : null,
    coverage: row.insuranceCents > 0 ? centsToDecimal(row.coverageCents) : null,
    refundedAmount: centsToDecimal(row.refundedCents),
    description: pkg.description,
    fromAddress: toWireParty(row.fromAddress),
    toAddress: toWireParty(row.toAddress),
    packageDetails: {
      weight: pkg.weightKg,
      length: pkg.lengthCm,
      width: pkg.widthCm,
      height: pkg.heightCm,
      type: pkg.type,
      insuranceValue: pkg.insuranceValueCents / 100,
      description: pkg.description,
    },
    customerOrderCount: row.receiverKey === null ? null : customerOrderCount,
    // Picked up moves the status on (tracking sync), so 'label_created' means not picked up yet.
    canVoid: row.status === 'label_created',
    failureMessage:
      row.status === 'failed' ? (row.failureMessage ?? 'The carrier could not create this shipment') : null,
  };
}

/** `events` oldest first. */
export function toWireDetail(
  row: ShipmentRow,
  events: readonly TrackingEventRow[],
  customerOrderCount: number | null,
): TShipmentDetail {
  return { ...toWireShipment(row, customerOrderCount), trackingEvents: events.map(toWireEvent) };
}

export function toWireTrackingLookup(row: ShipmentRow, events: readonly TrackingEventRow[]): TTrackingLookup {
  return {
    shipmentId: row.id,
    // An order without a label (failed, or still being bought) is found by its order code only.
    trackingNumber: row.trackingNumber ?? '',
    orderCode: row.orderCode,
    carrier: row.carrier,
    carrierName: carrierName(row.carrier),
    service: row.serviceName,
    status: row.status,
    estimatedDelivery: row.estimatedDelivery,
    deliveredAt: row.deliveredAt ? row.deliveredAt.toISOString() : null,
    fromCity: row.fromAddress.city,
    toCity: row.toAddress.city,
    events: events.map(toWireEvent),
  };
}
